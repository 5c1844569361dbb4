/// Whether the other facing model fits the pair clearly better: people filmed side by
/// side and compared mirrored (or facing each other and compared unmirrored) give a
/// confident-looking wrong lag and large errors; comparing both models shows at once
/// which one fits.
///
/// The other model is compared on a coarser grid (`rate`), for about a tenth of the
/// comparison's own cost at 30 fps; coarser sampling can only make its fit look a
/// little worse, so the check errs toward silence.
public struct FacingCheck: Equatable, Sendable {
    /// How one model fits the pair.
    public struct Fit: Equatable, Sendable {
        /// True for the mirrored model (facing each other).
        public var mirror: Bool
        /// The median lag, seconds.
        public var medianLagSeconds: Double?
        /// Scored frames with every limb within tolerance, percent.
        public var withinTolerancePercent: Double?
        /// Mean distance of scored frames (weighted RMS over limbs), degrees.
        public var meanDistanceDegrees: Float?

        init(_ summary: ComparisonSummary, mirror: Bool) {
            self.mirror = mirror
            medianLagSeconds = summary.medianLagSeconds
            withinTolerancePercent = summary.withinTolerancePercent
            meanDistanceDegrees = summary.meanDistanceDegrees
        }
    }

    /// The grid rate of the other model's comparison, frames per second (the
    /// comparison's own rate when that is lower).
    public static let rate = 10.0
    /// The other model must bring the mean distance to at most this fraction of the
    /// compared model's, and by at least `minGainDegrees`.
    public static let distanceRatio: Float = 0.6
    /// See `distanceRatio`, degrees.
    public static let minGainDegrees: Float = 1

    /// The model compared, from the comparison itself.
    public var compared: Fit
    /// The other model.
    public var other: Fit

    /// True when the other model fits clearly better: its mean distance is at most
    /// `distanceRatio` of the compared model's (and `minGainDegrees` less), with no
    /// fewer frames within tolerance.
    public var otherFitsBetter: Bool {
        guard let own = compared.meanDistanceDegrees, let theirs = other.meanDistanceDegrees else { return false }
        return theirs <= Self.distanceRatio * own && own - theirs >= Self.minGainDegrees
            && (other.withinTolerancePercent ?? 0) >= (compared.withinTolerancePercent ?? 0)
    }

    /// Compares the pair with the other facing model than `comparison`'s.
    /// - Throws: what `Comparison(…)` throws for these options at the check's rate.
    public init(_ comparison: Comparison, summary: ComparisonSummary, demonstrator: Sidecar, learner: Sidecar) throws(KinetixError) {
        var options = comparison.options
        options.mirror.toggle()
        options.rate = min(Self.rate, comparison.grid.rate)
        compared = Fit(summary, mirror: comparison.options.mirror)
        other = Fit(ComparisonSummary(try Comparison(demonstrator: demonstrator, learner: learner, options: options)), mirror: options.mirror)
    }

    /// The finding in words, when the other model fits clearly better; nil otherwise.
    /// It names no command-line flag: front ends add how to switch.
    public var warning: String? {
        guard otherFitsBetter, let theirs = other.meanDistanceDegrees, let own = compared.meanDistanceDegrees else { return nil }
        let looks = other.mirror ? "facing each other, not side by side" : "side by side, not facing each other"
        var text = "the two people look \(looks): compared \(other.mirror ? "mirrored" : "without mirroring"), the mean distance is "
            + String(format: "%.1f° (here %.1f°)", theirs, own)
        if let within = other.withinTolerancePercent, let here = compared.withinTolerancePercent {
            text += String(format: ", %.0f %% of frames within tolerance (here %.0f %%)", within, here)
        }
        if let lag = other.medianLagSeconds { text += String(format: " and the lag %.2f s", lag) }
        return text
    }
}
