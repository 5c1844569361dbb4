import Foundation

/// The time offset between two recordings of one person's movement (two cameras, or
/// two estimators of one video) found from the movement itself: for clips filmed
/// without a shared clock. Not mirrored: both clips are of the same person.
///
/// The signal is each limb angle that moves in both clips, z-scored per clip (its own
/// mean and spread removed): a camera's viewpoint changes an angle's level and range
/// far more than its timing, so the shapes line up where the levels do not. Both clips
/// are resampled onto one grid at the faster clip's rate; for every candidate offset
/// within ±`maxOffsetSeconds` the mismatch is the mean squared difference of the
/// z-scores over the frames and limbs both have (2 (1 − r) for a correlation r). The
/// best grid offset is refined to a fraction of a frame by a parabola through it and
/// its neighbours.
public enum ClipSync {
    /// How to search.
    public struct Options: Equatable, Sendable {
        /// The largest offset searched either way, seconds.
        public var maxOffsetSeconds = 1.0
        /// Joints below this confidence are not tracked.
        public var minConfidence: Float = BodySeries.defaultMinConfidence
        /// A limb is used only when its angle's standard deviation reaches this in
        /// both clips, degrees: below it the limb holds still (or is noise).
        public var minMovementDegrees: Float = 3
        /// The least time both clips must share at the chosen offset, seconds.
        public var minSharedSeconds = 1.0
        /// Undo each clip's estimator left/right swaps and mask teleported joints first,
        /// as `compare` does (an estimator's swap would otherwise read as movement).
        public var repairFaults = true
        /// Search options with every default.
        public init() {}
    }

    /// One clip's offset against the reference.
    public struct Result: Equatable, Sendable {
        /// Seconds to add to the clip's times to put it on the reference's clock
        /// (positive: the clip's clock runs behind the reference's).
        public let offsetSeconds: Double
        /// The grid's rate, frames per second (the faster clip's).
        public let rate: Double
        /// How clearly the offset beats the best other valley of the mismatch (a local
        /// minimum more than `neighbourhoodSeconds` away), 0...1: the relative gap
        /// between the two. Near 0 another offset fits as well (a repetitive movement, or
        /// too little of it); 1 when no other valley lies within the search.
        public let confidence: Double
        /// The correlation of the z-scored angles at the offset, −1...1.
        public let correlation: Double
        /// The limbs whose angles were compared (those moving in both clips).
        public let limbs: [Limb]
        /// The time both clips share at the offset, seconds.
        public let sharedSeconds: Double
        /// What was compared, in words.
        public var signal: String { "z-scored limb angles (\(limbs.map(\.name).joined(separator: ", ")))" }
    }

    /// Offsets closer than this to the best are the same answer, seconds.
    public static let neighbourhoodSeconds = 0.2

    /// The offset of `clip` against `reference`.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for a search range outside
    ///   0...60 s; `.unsupported` when no limb moves in both clips (nothing to line up)
    ///   or the clips share less than `minSharedSeconds` at every offset.
    public static func offset(of clip: Sidecar, to reference: Sidecar, options: Options = Options()) throws(KinetixError) -> Result {
        guard options.maxOffsetSeconds.isFinite, (0...60).contains(options.maxOffsetSeconds) else {
            throw KinetixError(.invalidSetting, field: "maxOffsetSeconds", "must be in 0...60 s, got \(options.maxOffsetSeconds)")
        }
        guard let referenceStart = reference.times.first, let referenceEnd = reference.times.last,
              let clipStart = clip.times.first, let clipEnd = clip.times.last else {
            throw KinetixError(.unsupported, "a clip has no frames: nothing to line up")
        }
        let (reference, clip) = options.repairFaults
            ? (reference.checkedForFaults(role: "reference", repairSwaps: true, maskTeleports: true, minConfidence: options.minConfidence).clip,
               clip.checkedForFaults(role: "clip", repairSwaps: true, maskTeleports: true, minConfidence: options.minConfidence).clip)
            : (reference, clip)
        let rate = min(240, max(reference.analysisFrameRate, clip.analysisFrameRate))
        let reach = Int((options.maxOffsetSeconds * rate).rounded(.up))
        // One absolute grid covering both clips; each clip NaN outside its own span.
        let grid = AnalysisGrid(from: min(referenceStart, clipStart), through: max(referenceEnd, clipEnd), rate: rate)
        let times = grid.times
        let a = AngleSeries(reference, minConfidence: options.minConfidence).resampled(at: times, maxGapSeconds: ComparisonOptions.defaults.maxGapSeconds)
        let b = AngleSeries(clip, minConfidence: options.minConfidence).resampled(at: times, maxGapSeconds: ComparisonOptions.defaults.maxGapSeconds)
        let n = times.count
        var limbs: [Limb] = []
        var za: [[Float]] = [], zb: [[Float]] = []
        for limb in Limb.allCases {
            let columnA = Array(a.values[limb.rawValue * n ..< (limb.rawValue + 1) * n])
            let columnB = Array(b.values[limb.rawValue * n ..< (limb.rawValue + 1) * n])
            guard let sa = zScored(columnA, minSpread: options.minMovementDegrees),
                  let sb = zScored(columnB, minSpread: options.minMovementDegrees) else { continue }
            limbs.append(limb)
            za.append(sa)
            zb.append(sb)
        }
        guard !limbs.isEmpty else {
            throw KinetixError(.unsupported, "no limb angle moves by \(jsonNumber(Double(options.minMovementDegrees), digits: 2))° or more in both clips: the person barely moves, so there is nothing to line the clips up by")
        }
        // mismatch[k + reach]: the reference at frame i against the clip at i − k (the clip shifted k frames later).
        var mismatch = [Double](repeating: .infinity, count: 2 * reach + 1)
        var shared = [Int](repeating: 0, count: 2 * reach + 1)
        let minShared = max(2, Int((options.minSharedSeconds * rate).rounded()))
        for k in -reach...reach {
            var sum = 0.0, count = 0, frames = 0
            for i in max(0, k)..<min(n, n + k) {
                var here = false
                for l in limbs.indices {
                    let d = za[l][i] - zb[l][i - k]
                    guard !d.isNaN else { continue }
                    sum += Double(d * d)
                    count += 1
                    here = true
                }
                if here { frames += 1 }
            }
            shared[k + reach] = frames
            if frames >= minShared, count > 0 { mismatch[k + reach] = sum / Double(count) }
        }
        guard let best = mismatch.indices.min(by: { mismatch[$0] < mismatch[$1] }), mismatch[best].isFinite else {
            throw KinetixError(.unsupported, "the clips share less than \(jsonNumber(options.minSharedSeconds, digits: 3)) s of tracked movement at every offset within ±\(jsonNumber(options.maxOffsetSeconds, digits: 3)) s")
        }
        var fraction = 0.0
        if best > 0, best < mismatch.count - 1, mismatch[best - 1].isFinite, mismatch[best + 1].isFinite {
            let (l, c, r) = (mismatch[best - 1], mismatch[best], mismatch[best + 1])
            let curvature = l - 2 * c + r
            if curvature > 0 { fraction = max(-0.5, min(0.5, 0.5 * (l - r) / curvature)) }
        }
        let separation = max(1, Int((neighbourhoodSeconds * rate).rounded()))
        // The rival is the best other valley of the mismatch (a local minimum more than
        // the neighbourhood away), not the slope of the best one: a slow movement's
        // valley is wide, and its sides are the same answer.
        let valleys = mismatch.indices.filter { i in
            abs(i - best) > separation && mismatch[i].isFinite
                && (i == 0 || mismatch[i] <= mismatch[i - 1]) && (i == mismatch.count - 1 || mismatch[i] <= mismatch[i + 1])
        }
        let rival = valleys.map { mismatch[$0] }.min() ?? .infinity
        let confidence = rival.isFinite && rival > 0 ? max(0, min(1, (rival - mismatch[best]) / rival)) : (rival.isInfinite ? 1 : 0)
        return Result(offsetSeconds: (Double(best - reach) + fraction) / rate, rate: rate, confidence: confidence,
                      correlation: max(-1, min(1, 1 - mismatch[best] / 2)), limbs: limbs,
                      sharedSeconds: Double(shared[best]) / rate)
    }

    /// `column` minus its mean over its finite values, over their standard deviation;
    /// nil when that deviation is below `minSpread` (or fewer than 3 values).
    static func zScored(_ column: [Float], minSpread: Float) -> [Float]? {
        var sum = 0.0, squares = 0.0, count = 0
        for v in column where !v.isNaN { sum += Double(v); squares += Double(v) * Double(v); count += 1 }
        guard count >= 3 else { return nil }
        let mean = sum / Double(count)
        let spread = (max(0, squares / Double(count) - mean * mean)).squareRoot()
        guard spread >= Double(minSpread), spread > 0 else { return nil }
        return column.map { $0.isNaN ? .nan : Float((Double($0) - mean) / spread) }
    }
}
