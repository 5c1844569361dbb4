import Foundation

/// The signals `ClipSync` lines two clips up by, each on one shared grid.
enum SyncSignal {
    /// Both clips' channels on one grid (NaN: not tracked, or outside a clip's span).
    struct Pair {
        var reference: [[Float]]
        var clip: [[Float]]
        var joints: [Joint] = []
        var limbs: [Limb] = []
        /// The same signal with each joint left out in turn (keypoint speeds only): how
        /// much the answer rests on one joint (`SyncTrust.jackknife`).
        var leaveOneOut: [(reference: [Float], clip: [Float])] = []

        /// NaN in the reference outside `window` (seconds on the reference's clock).
        mutating func keepReference(within window: ClosedRange<Double>, times: [Double]) {
            for c in reference.indices {
                for i in times.indices where !window.contains(times[i]) { reference[c][i] = .nan }
            }
            for c in leaveOneOut.indices {
                for i in times.indices where !window.contains(times[i]) { leaveOneOut[c].reference[i] = .nan }
            }
        }
    }

    /// The least speed the signal must reach (its 95th percentile) in both clips,
    /// torso lengths per second: below it the person holds still and the speeds are the
    /// detector's jitter (a real standing person's low-passed jitter stays under 0.05).
    static let minSpeed: Float = 0.1

    /// The mean over the joints tracked in a frame of each joint's vertical speed
    /// (magnitude, torso lengths per second), positions low-passed first: Pose2Sim's sync
    /// signal, one channel. Nil when either clip barely moves.
    static func keypointSpeeds(reference: Sidecar, clip: Sidecar, at times: [Double], options: ClipSync.Options) -> Pair? {
        let joints = options.joints ?? Joint.allCases
        guard let a = speeds(of: reference, joints: joints, at: times, options: options),
            let b = speeds(of: clip, joints: joints, at: times, options: options)
        else { return nil }
        var pair = Pair(reference: [a.mean(leaving: nil)], clip: [b.mean(leaving: nil)], joints: joints)
        if joints.count >= 3 {
            pair.leaveOneOut = joints.indices.map { (a.mean(leaving: $0), b.mean(leaving: $0)) }
        }
        return pair
    }

    /// Each joint's vertical speed magnitude on the grid.
    struct JointSpeeds {
        var columns: [[Float]]

        /// The mean over the joints tracked in each frame, leaving one joint out (or none).
        func mean(leaving left: Int?) -> [Float] {
            let n = columns.first?.count ?? 0
            var sum = [Float](repeating: 0, count: n)
            var count = [Int](repeating: 0, count: n)
            for (j, column) in columns.enumerated() where j != left {
                for i in 0..<n where column[i].isFinite {
                    sum[i] += column[i]
                    count[i] += 1
                }
            }
            return zip(sum, count).map { $0.1 > 0 ? $0.0 / Float($0.1) : .nan }
        }
    }

    private static func speeds(of clip: Sidecar, joints: [Joint], at times: [Double], options: ClipSync.Options) -> JointSpeeds? {
        guard let scale = BodySeries.clipScale(of: clip, minConfidence: options.minConfidence), scale > 0, times.count > 2 else {
            return nil
        }
        let rate = 1 / (times[1] - times[0])
        var columns: [[Float]] = []
        for joint in joints {
            var y = [Float](repeating: .nan, count: clip.frameCount)
            for f in 0..<clip.frameCount {
                if let p = clip.isotropicPosition(joint, f, minConfidence: options.minConfidence) { y[f] = p.y / scale }
            }
            let onGrid = Smoothing.lowPass(
                resampled(y, from: clip.times, at: times, maxGapSeconds: ComparisonOptions.defaults.maxGapSeconds),
                cutoffHertz: options.cutoffHertz, sampleRate: rate)
            var speed = [Float](repeating: .nan, count: times.count)
            for i in 1..<(times.count - 1) {
                let v = (onGrid[i + 1] - onGrid[i - 1]) * Float(rate / 2)
                if v.isFinite { speed[i] = abs(v) }
            }
            columns.append(speed)
        }
        let speeds = JointSpeeds(columns: columns)
        var finite = speeds.mean(leaving: nil).filter(\.isFinite)
        guard finite.count >= 3, quantile(selecting: &finite, 0.95) >= minSpeed else { return nil }
        return speeds
    }

    /// Each limb angle that moves in both clips (`minMovementDegrees`), z-scored per clip;
    /// nil when fewer than `minLimbs` do.
    static func limbAngles(reference: Sidecar, clip: Sidecar, at times: [Double], options: ClipSync.Options) -> Pair? {
        let a = AngleSeries(reference, minConfidence: options.minConfidence).resampled(
            at: times, maxGapSeconds: ComparisonOptions.defaults.maxGapSeconds)
        let b = AngleSeries(clip, minConfidence: options.minConfidence).resampled(
            at: times, maxGapSeconds: ComparisonOptions.defaults.maxGapSeconds)
        let n = times.count
        let allowed = options.joints.map(Set.init)
        var pair = Pair(reference: [], clip: [])
        for limb in Limb.allCases {
            if let allowed {
                let (j1, j2, j3) = limb.joints
                guard allowed.contains(j1), allowed.contains(j2), allowed.contains(j3) else { continue }
            }
            let columnA = Array(a.values[limb.rawValue * n..<(limb.rawValue + 1) * n])
            let columnB = Array(b.values[limb.rawValue * n..<(limb.rawValue + 1) * n])
            guard let sa = zScored(columnA, minSpread: options.minMovementDegrees),
                let sb = zScored(columnB, minSpread: options.minMovementDegrees)
            else { continue }
            pair.limbs.append(limb)
            pair.reference.append(sa)
            pair.clip.append(sb)
        }
        return pair.limbs.count >= minLimbs ? pair : nil
    }

    /// The fewest moving limbs the angle signal needs: one angle of a periodic movement
    /// matches another periodic movement at some offset (a lateral raise's shoulder
    /// against a glute bridge's elbow at r = 0.95, measured), several at once do not.
    static let minLimbs = 3

    /// `column` minus its mean over its finite values, over their standard deviation;
    /// nil when that deviation is below `minSpread` (or fewer than 3 values).
    static func zScored(_ column: [Float], minSpread: Float) -> [Float]? {
        var sum = 0.0
        var squares = 0.0
        var count = 0
        for v in column where !v.isNaN {
            sum += Double(v)
            squares += Double(v) * Double(v)
            count += 1
        }
        guard count >= 3 else { return nil }
        let mean = sum / Double(count)
        let spread = (max(0, squares / Double(count) - mean * mean)).squareRoot()
        guard spread >= Double(minSpread), spread > 0 else { return nil }
        return column.map { $0.isNaN ? .nan : Float((Double($0) - mean) / spread) }
    }

    /// `values` at `times` (increasing) on `targets`, linear across gaps up to
    /// `maxGapSeconds`, NaN elsewhere and outside the samples' span.
    static func resampled(_ values: [Float], from times: [Double], at targets: [Double], maxGapSeconds: Double) -> [Float] {
        var out = [Float](repeating: .nan, count: targets.count)
        // The first finite sample at or after each sample.
        var nextValid = [Int](repeating: times.count, count: times.count + 1)
        for k in stride(from: times.count - 1, through: 0, by: -1) { nextValid[k] = values[k].isFinite ? k : nextValid[k + 1] }
        var i = 0
        var lastValid = -1
        for (j, t) in targets.enumerated() {
            while i < times.count, times[i] <= t {
                if values[i].isFinite { lastValid = i }
                i += 1
            }
            let before = lastValid
            guard before >= 0 else { continue }
            if times[before] == t {
                out[j] = values[before]
                continue
            }
            let after = nextValid[i]
            guard after < times.count, times[after] - times[before] <= maxGapSeconds else { continue }
            let fraction = Float((t - times[before]) / (times[after] - times[before]))
            out[j] = values[before] + (values[after] - values[before]) * fraction
        }
        return out
    }
}
