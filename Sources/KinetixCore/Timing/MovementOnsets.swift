import Foundation

/// One movement of a clip: a peak of movement speed above `OnsetOptions.minPeakSpeed`,
/// with its onset placed by the chosen detector.
public struct Movement: Equatable, Sendable {
    /// Whether the onset can be trusted.
    public enum Status: String, Sendable, CaseIterable {
        /// Preceded by the quiet period, tracked throughout.
        case ok
        /// Tracking was lost on the rising flank or in the quiet period before it; the
        /// onset, when given, is uncertain.
        case untracked
        /// The body was already moving (no quiet period before the onset, or the clip
        /// starts mid-movement): a continuation, not a start.
        case noQuietBefore
    }

    /// The onset time, seconds on the clip's clock (sub-frame); nil when it could not be placed.
    public var onsetSeconds: Double?
    /// The time of peak speed, seconds.
    public var peakSeconds: Double
    /// The peak speed, degrees per second.
    public var peakSpeedDegreesPerSecond: Double
    /// When the speed fell back below the onset threshold, seconds; nil if it never did
    /// (tracking lost or the clip ended).
    public var endSeconds: Double?
    /// The limb that moved most (largest angular distance from onset to end).
    public var limb: Limb?
    /// Whether the onset can be trusted.
    public var status: Status

    /// A movement from its figures.
    public init(
        onsetSeconds: Double?, peakSeconds: Double, peakSpeedDegreesPerSecond: Double, endSeconds: Double?,
        limb: Limb?, status: Status
    ) {
        self.onsetSeconds = onsetSeconds
        self.peakSeconds = peakSeconds
        self.peakSpeedDegreesPerSecond = peakSpeedDegreesPerSecond
        self.endSeconds = endSeconds
        self.limb = limb
        self.status = status
    }
}

/// The movements of one clip and how they were found.
public struct MovementOnsets: Sendable {
    /// The settings used.
    public var options: OnsetOptions
    /// The speed signal they were found in.
    public var speed: MovementSpeed
    /// Every movement, in time order.
    public var movements: [Movement]

    /// The movements of `clip`: faults repaired first (when `options.repairFaults`),
    /// then speeds on a grid at `options.rate` (default: the clip's rate), then peaks.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for settings out of range.
    public init(clip: Sidecar, options: OnsetOptions = .defaults) throws(KinetixError) {
        try options.check()
        let repaired =
            options.repairFaults
            ? clip.checkedForFaults(role: "clip", repairSwaps: true, maskTeleports: true, minConfidence: options.minConfidence).clip
            : clip
        self.init(
            angles: AngleSeries(repaired, minConfidence: options.minConfidence), options: options,
            rate: options.rate ?? clip.analysisFrameRate)
    }

    /// The movements of an angle series at `rate` frames per second (settings unchecked).
    public init(angles: AngleSeries, options: OnsetOptions, rate: Double) {
        self.options = options
        speed = MovementSpeed(angles: angles, options: options, rate: rate)
        movements = MovementDetector(speed: speed, options: options).movements()
    }
}

/// Finds movements in a speed signal (see `OnsetOptions.Detector`).
struct MovementDetector {
    let speed: MovementSpeed
    let options: OnsetOptions
    var s: [Double] { speed.speed }

    /// A movement in grid frames while it is being placed.
    struct Draft {
        var peak: Int
        var crossing: Int?  // last frame at or below the threshold before the peak
        var onset: Double?  // seconds
        var end: Int?
        var endSeconds: Double?
        var status: Movement.Status
        var stop: Int  // the first frame after the peak back at or below the threshold, untracked, or past the end
    }

    /// Peaks in time order, each placed; a peak whose flank starts before the previous
    /// movement fell back below its threshold is a second hump of that movement (the
    /// movement keeps its first onset and takes the higher peak), unless the speed dips
    /// to a turn between them (`isTurn`): then it is the next movement, from the turn.
    func movements() -> [Movement] {
        var drafts: [Draft] = []
        var previous: Int?
        for p in peaks() {
            let draft = place(p, after: previous)
            previous = p
            if let last = drafts.last, p < last.stop || (draft.crossing ?? .max) < last.stop, !isTurn(between: last.peak, and: p) {
                if s[p] > s[last.peak] {
                    var merged = draft
                    (merged.crossing, merged.onset, merged.status) = (last.crossing, last.onset, last.status)
                    drafts[drafts.count - 1] = merged
                }
                continue
            }
            drafts.append(draft)
        }
        return drafts.map { d in
            Movement(
                onsetSeconds: d.onset, peakSeconds: speed.grid.time(d.peak), peakSpeedDegreesPerSecond: s[d.peak],
                endSeconds: d.endSeconds, limb: mostMoved(from: d.crossing ?? d.peak, to: d.end ?? d.peak), status: d.status)
        }
    }

    /// In continuous movement the speed need not fall to rest between two movements: a
    /// raise and the lowering after it (a jumping jack's arms, 2–3 a second) meet at a
    /// turn, where the speed dips. A dip to this fraction of the smaller peak or below
    /// is a turn (two movements) when both peaks reach twice the least peak speed; a
    /// shallower dip, or a small peak, is a second hump of one movement.
    /// Half: a reversal brings the moving limbs' speed through zero, and the other
    /// limbs (the legs of a jack) keep the combined speed above it; on the real jumping
    /// jacks the dips between raise and lowering measure 0.10–0.45 of the peaks.
    static let turnFraction = 0.5

    /// Whether the speed between peaks `a` and `b` dips to a turn (`turnFraction`).
    func isTurn(between a: Int, and b: Int) -> Bool {
        guard b > a + 1 else { return false }
        let between = s[(a + 1)..<b]
        guard between.allSatisfy(\.isFinite), let dip = between.min() else { return false }
        // Both peaks must be movements in their own right (twice the least peak), so a
        // small hump on the way (70 °/s between two real lateral raises) stays a hump.
        let smaller = min(s[a], s[b])
        return smaller >= 2 * minPeak && dip <= Self.turnFraction * smaller
    }

    /// Jitter alone rarely reaches this: thresholds never go lower (2 × the noise RMS;
    /// with nine limbs, jitter's speed exceeds 1.8 × its RMS one frame in a thousand).
    var noiseFloor: Double { 2 * speed.noiseDegreesPerSecond }

    /// The least peak speed of a movement: the setting, or 3 × the noise RMS if higher.
    var minPeak: Double { max(options.minPeakSpeed, 3 * speed.noiseDegreesPerSecond) }

    /// Local maxima at or above the minimum peak speed (the last frame of a plateau).
    func peaks() -> [Int] {
        let n = s.count
        var result: [Int] = []
        for i in 0..<n where s[i].isFinite && s[i] >= minPeak {
            let left = i > 0 && s[i - 1].isFinite ? s[i - 1] : -.infinity
            let right = i + 1 < n && s[i + 1].isFinite ? s[i + 1] : -.infinity
            if s[i] >= left && s[i] > right { result.append(i) }
        }
        return result
    }

    /// The onset threshold of a peak, degrees per second, and the threshold its quiet
    /// period is judged against.
    func threshold(_ p: Int) -> (onset: Double, quiet: Double)? {
        let peak = s[p]
        let floor = min(noiseFloor, 0.5 * peak)
        switch options.detector {
        case .fractionOfPeak:
            let level = max(options.peakFraction * peak, floor)
            return (level, level)
        case .extrapolation:
            return (options.flankLow * peak, max(options.peakFraction * peak, floor))
        case .baselineSD:
            // The baseline: the quiet period before the fraction-of-peak onset.
            guard let c = crossing(before: p, below: max(options.peakFraction * peak, floor)) else { return nil }
            let count = max(3, quietFrames)
            let window = s[max(0, c - count + 1)...c].filter(\.isFinite)
            guard window.count >= 3 else { return nil }
            let mean = window.reduce(0, +) / Double(window.count)
            let sd = (window.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(window.count - 1)).squareRoot()
            let t = min(mean + options.baselineK * sd, 0.9 * peak)
            return (t, t)
        }
    }

    var quietFrames: Int { Int((options.quietSeconds * speed.grid.rate).rounded()) }

    /// The last frame before `p` (and after `floor`) whose speed is at or below `level`
    /// (tracked), or nil when tracking is lost or `floor` (or the clip's start) comes first.
    func crossing(before p: Int, below level: Double, after floor: Int = -1) -> Int? {
        var i = p
        while i > max(0, floor + 1) {
            let v = s[i - 1]
            guard v.isFinite else { return nil }
            if v <= level { return i - 1 }
            i -= 1
        }
        return nil
    }

    /// The sub-frame time where the speed rises through `level` between frames c and c + 1.
    func crossingTime(_ c: Int, _ level: Double) -> Double {
        let a = s[c]
        let b = s[c + 1]
        let fraction = b > a ? min(1, max(0, (level - a) / (b - a))) : 0
        return speed.grid.time(c) + fraction / speed.grid.rate
    }

    /// The turn before peak `p` in continuous movement: the stillest tracked frame after
    /// the previous peak `previous`, where the speed never fell to the rest level between
    /// them; nil when tracking is lost there.
    func turn(before p: Int, after previous: Int) -> Int? {
        guard previous + 1 < p else { return nil }
        let between = (previous + 1)..<p
        guard between.allSatisfy({ s[$0].isFinite }) else { return nil }
        return between.min { s[$0] < s[$1] }
    }

    /// Places peak `p`; `previous` is the peak before it, if any (a movement's rise
    /// never starts before it).
    func place(_ p: Int, after previous: Int? = nil) -> Draft {
        var draft = Draft(peak: p, crossing: nil, onset: nil, end: nil, endSeconds: nil, status: .ok, stop: p + 1)
        guard let (onsetLevel, quietLevel) = threshold(p) else {
            draft.status = quietBefore(p)
            return draft
        }
        // The end: the first frame after the peak back at or below the threshold.
        var e = p + 1
        while e < s.count, s[e].isFinite, s[e] > quietLevel { e += 1 }
        draft.stop = e
        if e < s.count, s[e].isFinite {
            draft.end = e
            let a = s[e - 1]
            let b = s[e]
            draft.endSeconds = speed.grid.time(e - 1) + (a > b ? min(1, max(0, (a - quietLevel) / (a - b))) : 1) / speed.grid.rate
        }
        guard let c = crossing(before: p, below: quietLevel, after: previous ?? -1) else {
            draft.status = quietBefore(p)
            // Continuous movement: the speed never came down to rest since the previous
            // peak, so this movement starts at the turn between them (its stillest frame).
            if let previous, draft.status == .noQuietBefore, let turn = turn(before: p, after: previous) {
                draft.onset = speed.grid.time(turn)
            }
            return draft
        }
        draft.crossing = c
        switch options.detector {
        case .fractionOfPeak, .baselineSD:
            draft.onset = crossingTime(c, onsetLevel)
        case .extrapolation:
            let peak = s[p]
            let low = options.flankLow * peak
            let high = options.flankHigh * peak
            guard let cl = crossing(before: p, below: low, after: previous ?? -1), let ch = crossing(before: p, below: high), ch >= cl
            else {
                draft.status = quietBefore(p)
                if let previous, draft.status == .noQuietBefore, let turn = turn(before: p, after: previous) {
                    draft.onset = speed.grid.time(turn)
                }
                return draft
            }
            let tLow = crossingTime(cl, low)
            let tHigh = crossingTime(ch, high)
            let extrapolated = tHigh > tLow ? tLow - low * (tHigh - tLow) / (high - low) : tLow
            // A shallow flank's line can reach zero long before anything moved: the start is
            // never earlier than the stillest frame of the rest before the rise.
            let rest = max(0, c - quietFrames)...c
            let stillest = rest.filter { s[$0].isFinite }.min { s[$0] < s[$1] } ?? c
            draft.onset = max(extrapolated, speed.grid.time(stillest))
        }
        // The quiet period: the frames up to the crossing, all tracked and below the level.
        // A period shorter than a frame (0 s allowed) is the crossing frame alone, which
        // is tracked and at or below the level by definition.
        let from = c - max(1, quietFrames) + 1
        if from < 0 {
            draft.status = .noQuietBefore
        } else {
            let window = s[from...c]
            if window.contains(where: { !$0.isFinite }) {
                draft.status = .untracked
            } else if window.contains(where: { $0 > quietLevel }) {
                draft.status = .noQuietBefore
            }
        }
        return draft
    }

    /// Why a peak has no onset: tracking lost before it, or it was under way from the start.
    func quietBefore(_ p: Int) -> Movement.Status {
        var i = p
        while i > 0, s[i - 1].isFinite { i -= 1 }
        return i == 0 ? .noQuietBefore : .untracked
    }

    /// The limb with the largest angular distance over frames [from, to].
    func mostMoved(from: Int, to: Int) -> Limb? {
        let n = speed.grid.count
        guard from <= to, to < n else { return nil }
        var best: (Limb, Float)?
        for limb in options.limbs {
            var distance: Float = 0
            for i in from...to {
                let v = speed.limbSpeeds[limb.rawValue * n + i]
                if v.isFinite { distance += v }
            }
            if distance > (best?.1 ?? 0) { best = (limb, distance) }
        }
        return best?.0
    }
}
