/// How movements and their onsets are found in a clip (`MovementOnsets`).
///
/// Different onset methods give different numbers for the same movement (Brenner &
/// Smeets 2019), so every result carries the method and all of these settings.
public struct OnsetOptions: Equatable, Sendable {
    /// How the onset is placed before a movement's peak speed.
    public enum Detector: String, CaseIterable, Sendable {
        /// The last crossing of `peakFraction` × the peak speed before the peak.
        case fractionOfPeak
        /// The last crossing of the mean + `baselineK` × SD of the speed over the quiet
        /// `quietSeconds` before the movement (Hodges & Bui 1996; Teasdale et al. 1993).
        case baselineSD
        /// Where the straight line through the rising flank's crossings of
        /// `flankLow` and `flankHigh` × the peak reaches zero speed (Oostwoud Wijdenes
        /// et al. 2014: the least biased of the usual methods).
        case extrapolation
    }

    /// The documented defaults, in one place (the CLI's help shows them).
    public static let defaults = OnsetOptions()

    /// The onset detector.
    public var detector: Detector = .extrapolation  // the least biased (README: How accurate are onsets)
    /// The limbs whose angular speeds combine into the movement speed (all nine by default).
    public var limbs: [Limb] = Limb.allCases
    /// Per-limb weights wᵢ (by `Limb.rawValue`) in s = sqrt(Σ wᵢ θ̇ᵢ²); 1 by default.
    public var weights: [Float] = Array(repeating: 1, count: Limb.count)
    /// The zero-phase low-pass applied to each angle before differentiating, Hz.
    public var cutoffHertz: Double = 6
    /// The analysis rate, frames per second; nil: the clip's own rate.
    public var rate: Double?
    /// Gaps in an angle up to this long are bridged by interpolation, seconds.
    public var maxGapSeconds: Double = 0.25
    /// Joints below this confidence are not tracked.
    public var minConfidence: Float = BodySeries.defaultMinConfidence
    /// A movement's peak speed must reach this, degrees per second.
    public var minPeakSpeed: Double = 60
    /// A movement must be preceded by this long below the detector's threshold, seconds.
    public var quietSeconds: Double = 0.3
    /// `fractionOfPeak`: the fraction of the peak speed that marks the onset.
    public var peakFraction: Double = 0.1
    /// `baselineSD`: how many standard deviations above the quiet baseline's mean.
    public var baselineK: Double = 3
    /// `extrapolation`: the rising flank's fitted range, as fractions of the peak speed.
    public var flankLow: Double = 0.25
    /// `extrapolation`: the upper end of the fitted flank.
    public var flankHigh: Double = 0.75
    /// Left/right swaps are repaired and teleports masked before speeds are taken, so an
    /// estimator fault never reads as a movement.
    public var repairFaults = true

    /// The documented settings.
    public init() {}

    /// The range each numeric setting accepts, beside its default: `check()` and the
    /// front ends use these.
    public enum Ranges {
        /// `cutoffHertz`, the low-pass cut-off.
        public static let cutoffHertz: ClosedRange<Double> = 0.1...100
        /// `minPeakSpeed`, degrees per second.
        public static let minPeakSpeed: ClosedRange<Double> = 1...100_000
        /// `quietSeconds`.
        public static let quietSeconds: ClosedRange<Double> = 0...10
        /// `peakFraction` as a front end takes it (`check()` takes any fraction strictly
        /// between 0 and 1).
        public static let peakFraction: ClosedRange<Double> = 0.01...0.9
        /// `baselineK`, standard deviations.
        public static let baselineK: ClosedRange<Double> = 0...100
    }

    /// Checks that every setting is in its documented range; each problem names its field.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting`.
    public func check() throws(KinetixError) {
        var problems: [Diagnostic] = []
        func require(_ ok: Bool, _ field: String, _ message: String) {
            if !ok { problems.append(Diagnostic(field: field, message: message)) }
        }
        require(!limbs.isEmpty, "limbs", "must name at least one limb")
        require(
            weights.count == Limb.count && weights.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1000 }, "weights",
            "need one weight in 0...1000 per limb")
        require(Ranges.cutoffHertz.contains(cutoffHertz), "cutoffHertz", "must be in \(Ranges.cutoffHertz) Hz, got \(cutoffHertz)")
        require(rate.map { $0.isFinite && $0 >= 1 && $0 <= 1000 } ?? true, "rate", "must be in 1...1000 fps, got \(rate ?? 0)")
        require(
            maxGapSeconds.isFinite && maxGapSeconds >= 0 && maxGapSeconds <= 10, "maxGapSeconds",
            "must be in 0...10 s, got \(maxGapSeconds)")
        require(minConfidence >= 0 && minConfidence <= 1, "minConfidence", "must be in 0...1, got \(minConfidence)")
        require(Ranges.minPeakSpeed.contains(minPeakSpeed), "minPeakSpeed", "must be in \(Ranges.minPeakSpeed) °/s, got \(minPeakSpeed)")
        require(Ranges.quietSeconds.contains(quietSeconds), "quietSeconds", "must be in \(Ranges.quietSeconds) s, got \(quietSeconds)")
        require(peakFraction > 0 && peakFraction < 1, "peakFraction", "must be between 0 and 1, got \(peakFraction)")
        require(Ranges.baselineK.contains(baselineK), "baselineK", "must be in 0...100, got \(baselineK)")
        require(flankLow > 0 && flankLow < flankHigh && flankHigh < 1, "flankLow", "and flankHigh must satisfy 0 < low < high < 1")
        guard problems.isEmpty else { throw KinetixError(kind: .invalidSetting, diagnostics: problems) }
    }

    /// The method as JSON members (without braces): the detector and every setting that
    /// changes its numbers.
    package func methodJSON(rate: Double) -> String {
        var fields = [
            MethodKey.detector.member("\"\(detector.rawValue)\""),
            MethodKey.signal.member("\"sqrt(sum w_i * (d theta_i / dt)^2), degrees/s\""),
            MethodKey.limbs.member("[" + limbs.map { "\"\($0.name)\"" }.joined(separator: ", ") + "]"),
            MethodKey.cutoffHertz.member(jsonNumber(cutoffHertz, digits: 4)),
            MethodKey.filter.member("\"zero-phase 2nd-order Butterworth (forward and backward)\""),
            MethodKey.rate.member(jsonNumber(rate, digits: 4)),
            MethodKey.minPeakSpeedDegreesPerSecond.member(jsonNumber(minPeakSpeed, digits: 4)),
            MethodKey.quietSeconds.member(jsonNumber(quietSeconds, digits: 4)),
        ]
        switch detector {
        case .fractionOfPeak: fields.append(MethodKey.peakFraction.member(jsonNumber(peakFraction, digits: 4)))
        case .baselineSD: fields.append(MethodKey.baselineK.member(jsonNumber(baselineK, digits: 4)))
        case .extrapolation:
            fields += [
                MethodKey.flankLow.member(jsonNumber(flankLow, digits: 4)), MethodKey.flankHigh.member(jsonNumber(flankHigh, digits: 4)),
            ]
        }
        return fields.joined(separator: ", ")
    }

    /// The fields `methodJSON(rate:)` writes (the last ones only for their detector).
    package enum MethodKey: String, JSONKeys {
        case detector, signal, limbs, cutoffHertz, filter, rate, minPeakSpeedDegreesPerSecond, quietSeconds, peakFraction, baselineK
        case flankLow, flankHigh
    }
}
