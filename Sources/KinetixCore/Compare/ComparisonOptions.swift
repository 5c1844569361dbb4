/// Every setting of a demonstrator/learner comparison, recorded in its results.
public struct ComparisonOptions: Equatable, Sendable {
    /// Compare the demonstrator's left limbs with the learner's right: they face each other.
    public var mirror = true
    /// The longest lag searched, seconds.
    public var maxLagSeconds = 1.0
    /// The window over which the tracking lag is averaged, seconds (see `LagTracker`);
    /// 0 measures errors at each frame's own best match instead.
    ///
    /// 5 s by default: about two movements of a typical exercise (a raise, a squat, two
    /// steps), so a constant shift cannot hide an amplitude error even at the clip's
    /// edges, yet short enough to follow a learner who drifts further behind. On the
    /// bundled pair, 0 (per-frame matching) hides the deliberate shoulder error, 2–3 s
    /// bias the lag over the first movement, and 4 s and more recover the generated
    /// 0.40 s on every scored frame.
    public var lagWindowSeconds = 5.0
    /// Added to the learner's times, for clips not on one clock.
    public var offsetSeconds = 0.0
    /// The analysis grid's rate in frames per second; nil: the learner's median frame rate.
    public var rate: Double? = nil
    /// The longest gap between tracked samples bridged by interpolation, seconds.
    public var maxGapSeconds = 0.25
    /// A limb is "within tolerance" when its error is at most this, degrees.
    ///
    /// 15° by default: 2D joint angles from video pose estimators differ from
    /// marker-based references by roughly 5–10° on good footage, and two people copying
    /// a movement differ by a few degrees more; a coach can tighten it.
    public var toleranceDegrees: Float = 15
    /// How long errors must stay above tolerance to count as form breaking, seconds.
    public var formBreakMinSeconds = 0.5
    /// Joints below this confidence count as not tracked.
    public var minConfidence: Float = BodySeries.defaultMinConfidence
    /// Per-limb weights of the distance, by `Limb.rawValue`.
    public var weights: [Float] = Array(repeating: 1, count: Limb.count)
    /// The least shared weight (with unit weights: shared limbs) for a frame to be scored.
    public var minSharedWeight: Float = 4
    /// The lag-search kernel; all agree exactly (`LagSearch.Kernel`).
    public var kernel: LagSearch.Kernel = .automatic
    /// Threads for the lag search; 0: one per core.
    public var threads = 0

    /// Undo each input's estimator left/right swaps before comparing (`EstimatorFaultDetector`):
    /// on by default, since a swap changes the lag and every limb's error (on the real
    /// balancing camera, 0.72 s found where the truth is 0.30 s; 0.33 s repaired).
    public var repairSwaps = true
    /// Mask joints the estimator teleported (`Sidecar.maskingTeleports`), so a nose
    /// put at the image edge never reads as a neck movement. On by default.
    public var maskTeleports = true
    /// Also compare with the other facing model (`FacingCheck`), to warn when it fits
    /// clearly better. On by default in `ComparisonReport`.
    public var checkFacing = true

    public init() {}

    /// Every default in one place: front ends show these values in their help.
    public static let defaults = ComparisonOptions()

    /// The analysis grid's rate for a learner with these frame times, frames per
    /// second: `rate` when set, otherwise the learner's frame rate (`Sidecar.frameRate`:
    /// recorded by the source, else estimated), otherwise 30. The one place a
    /// comparison's rate is decided.
    public func analysisRate(learner: Sidecar) -> Double {
        rate ?? learner.analysisFrameRate
    }

    /// Checks that comparing against `learner` with these options stays within fixed
    /// bounds (a 5,000,000-frame grid, a 20,000-frame lag search, 100,000,000 values of
    /// lag-window state, far beyond any real recording) and that every setting is in
    /// range. Call it before `Comparison(…)` with untrusted input or settings.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for a setting out of range,
    ///   `.limitExceeded` for a comparison too large, naming the setting to change.
    public func check(learner: Sidecar) throws(KinetixError) {
        try checkSettings()
        var problems: [Diagnostic] = []
        func require(_ ok: Bool, _ field: String, _ message: String, _ setting: Setting? = nil) {
            if !ok { problems.append(Diagnostic(field: field, message: message, setting: setting)) }
        }
        let rate = analysisRate(learner: learner)
        if self.rate == nil, rate > 1000 {
            // Not a setting to change: the learner's own times are off.
            let interval = 1 / rate
            throw KinetixError(
                .invalidData, field: "t",
                "the learner's frames are \(jsonNumber(interval * 1e6, digits: 1)) µs apart (\(jsonNumber(rate, digits: 0)) fps): are the times in seconds?"
            )
        }
        let gridFrames = (learner.duration + maxLagSeconds) * rate
        let at = " at \(jsonNumber(rate, digits: 2)) fps"
        require(
            gridFrames <= 5_000_000, "rate",
            "the analysis grid would have \(jsonNumber(gridFrames, digits: 0)) frames\(at) (limit 5,000,000)", .analysisRate)
        problems += searchProblems(rate: rate)
        guard problems.isEmpty else { throw KinetixError(kind: .limitExceeded, diagnostics: problems) }
    }

    /// The lag search's bounds at `rate` (a 20,000-frame search, 100,000,000 values of
    /// lag-window state), as diagnostics; empty when within them.
    package func searchProblems(rate: Double) -> [Diagnostic] {
        let lagFrames = maxLagSeconds * rate
        let windowValues = lagWindowSeconds * rate * lagFrames
        let at = " at \(jsonNumber(rate, digits: 2)) fps"
        var problems: [Diagnostic] = []
        if !(lagFrames <= 20_000) {
            problems.append(
                Diagnostic(
                    field: "maxLagSeconds",
                    message: "the lag search would cover \(jsonNumber(lagFrames, digits: 0)) frames\(at) (limit 20,000)", setting: .maxLag))
        }
        if !(windowValues <= 100_000_000) {
            problems.append(
                Diagnostic(
                    field: "lagWindowSeconds",
                    message:
                        "the lag window times the lag search is \(jsonNumber(windowValues, digits: 0)) values\(at) (limit 100,000,000)",
                    setting: .lagWindow))
        }
        return problems
    }

    /// The range of every numeric setting: the one home front ends read theirs from.
    public enum Ranges {
        /// `maxLagSeconds`, seconds.
        public static let maxLagSeconds: ClosedRange<Double> = 0...30
        /// `lagWindowSeconds`, seconds.
        public static let lagWindowSeconds: ClosedRange<Double> = 0...600
        /// `offsetSeconds`, seconds: a day either way.
        public static let offsetSeconds: ClosedRange<Double> = -86_400...86_400
        /// `rate`, frames per second.
        public static let rate: ClosedRange<Double> = 1...1000
        /// `maxGapSeconds`, seconds.
        public static let maxGapSeconds: ClosedRange<Double> = 0...60
        /// `toleranceDegrees`, degrees.
        public static let toleranceDegrees: ClosedRange<Double> = 0...180
        /// `formBreakMinSeconds`, seconds.
        public static let formBreakMinSeconds: ClosedRange<Double> = 0...3600
        /// `minConfidence`.
        public static let minConfidence: ClosedRange<Double> = 0...1
        /// Each of `weights`.
        public static let weight: ClosedRange<Double> = 0...1000
        /// `minSharedWeight`: above 0, at most every limb at the largest weight (nine limbs × 1000).
        public static let minSharedWeight: ClosedRange<Double> = 0.001...9000
        /// `threads` (0: one per core).
        public static let threads: ClosedRange<Double> = 0...256
    }

    /// Checks that every setting is in its range (`Ranges`); each problem names its
    /// field (`maxLagSeconds`, …).
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting`.
    public func checkSettings() throws(KinetixError) {
        var problems: [Diagnostic] = []
        func require(_ value: Double, in range: ClosedRange<Double>, _ field: String, _ unit: String, _ setting: Setting? = nil) {
            guard !(value.isFinite && range.contains(value)) else { return }
            problems.append(
                Diagnostic(
                    field: field,
                    message:
                        "must be in \(jsonNumber(range.lowerBound, digits: 6))...\(jsonNumber(range.upperBound, digits: 6))\(unit), got \(value)",
                    setting: setting))
        }
        require(maxLagSeconds, in: Ranges.maxLagSeconds, "maxLagSeconds", " s", .maxLag)
        require(lagWindowSeconds, in: Ranges.lagWindowSeconds, "lagWindowSeconds", " s", .lagWindow)
        require(offsetSeconds, in: Ranges.offsetSeconds, "offsetSeconds", " s")
        if let rate { require(rate, in: Ranges.rate, "rate", " fps", .analysisRate) }
        require(maxGapSeconds, in: Ranges.maxGapSeconds, "maxGapSeconds", " s")
        require(Double(toleranceDegrees), in: Ranges.toleranceDegrees, "toleranceDegrees", "°")
        require(formBreakMinSeconds, in: Ranges.formBreakMinSeconds, "formBreakMinSeconds", " s")
        require(Double(minConfidence), in: Ranges.minConfidence, "minConfidence", "")
        if weights.count != Limb.count || !weights.allSatisfy({ Ranges.weight.contains(Double($0)) }) {
            problems.append(Diagnostic(field: "weights", message: "need one weight in 0...1000 per limb"))
        }
        require(Double(minSharedWeight), in: Ranges.minSharedWeight, "minSharedWeight", "")
        require(Double(threads), in: Ranges.threads, "threads", "")
        guard problems.isEmpty else { throw KinetixError(kind: .invalidSetting, diagnostics: problems) }
    }
}
