/// Both clips at one moment, stepped together: what an app's hinge or slider shows.
public struct ComparisonMoment: Equatable, Sendable {
    /// The learner frame on the analysis grid.
    public var frame: Int
    /// Learner time on the shared clock, seconds.
    public var learnerTime: Double
    /// The matched demonstrator time (learner time − lag), or nil when unscored.
    public var demonstratorTime: Double?
    /// The lag at this frame, seconds; nil when unscored.
    public var lagSeconds: Double?
    /// Nearest frames of the original sidecars, for stepping the two videos.
    public var learnerSourceFrame: Int
    /// Nil when unscored.
    public var demonstratorSourceFrame: Int?
    /// Angles by the learner's limbs; the demonstrator's mirrored when the comparison is.
    public var learnerAngles: [Float]
    /// By `Limb.rawValue`, degrees; NaN when not tracked or unscored.
    public var demonstratorAngles: [Float]
    /// Signed errors, learner − demonstrator, degrees; NaN where not compared.
    public var errors: [Float]
    /// The cue on the learner's screen at this time, when a cue track was given.
    public var cue: String?

    /// Equal when every field is, NaN angles equal to NaN (a limb not tracked).
    public static func == (a: Self, b: Self) -> Bool {
        a.frame == b.frame && a.learnerTime == b.learnerTime && a.demonstratorTime == b.demonstratorTime
            && a.lagSeconds == b.lagSeconds && a.learnerSourceFrame == b.learnerSourceFrame
            && a.demonstratorSourceFrame == b.demonstratorSourceFrame
            && sameValues(a.learnerAngles, b.learnerAngles) && sameValues(a.demonstratorAngles, b.demonstratorAngles)
            && sameValues(a.errors, b.errors) && a.cue == b.cue
    }
}

extension Comparison {
    /// The synchronized pair at learner time `t`: the nearest learner frame, the
    /// demonstrator frame it matched, and their angles.
    ///
    /// Any `t` is accepted: times before the first frame or after the last (±infinity
    /// included) give the first or last frame, NaN the first. Nil when the comparison
    /// has no learner frame.
    public func moment(at t: Double, cues: CueTrack? = nil) -> ComparisonMoment? {
        guard frameCount > 0 else { return nil }
        let k = nearestFrame(to: t)
        let g = gridFrame(k)
        let lag = lagFrames(k)
        let demoTime = lag.map { grid.time(g - $0) }
        return ComparisonMoment(
            frame: k, learnerTime: times[k], demonstratorTime: demoTime, lagSeconds: lagSeconds(k),
            learnerSourceFrame: nearestIndex(learnerSourceTimes, times[k]),
            demonstratorSourceFrame: demoTime.map { nearestIndex(demonstratorSourceTimes, $0) },
            learnerAngles: Limb.allCases.map { learner[$0, g] },
            demonstratorAngles: Limb.allCases.map { lag == nil ? .nan : demonstrator[$0, g - lag!] },
            errors: Limb.allCases.map { errors[$0, k] },
            cue: cues?.cue(at: times[k])?.text)
    }
}

/// The index of the value in sorted `times` nearest to `t` (binary search).
func nearestIndex(_ times: [Double], _ t: Double) -> Int {
    var low = 0
    var high = times.count - 1
    while low < high {
        let mid = (low + high) / 2
        if times[mid] < t { low = mid + 1 } else { high = mid }
    }
    if low > 0, abs(times[low - 1] - t) <= abs(times[low] - t) { return low - 1 }
    return low
}
