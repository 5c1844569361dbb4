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
        /// The median over limbs of each limb's mean error, degrees: one limb far off
        /// (a learner's fault, or a lost joint) moves it little, so both models are
        /// weighed on the limbs that can tell them apart.
        public var medianLimbErrorDegrees: Float?
        /// The median over limbs of each limb's share of frames within tolerance, percent.
        public var medianLimbWithinPercent: Double?

        init(_ summary: ComparisonSummary, mirror: Bool) {
            self.mirror = mirror
            medianLagSeconds = summary.medianLagSeconds
            withinTolerancePercent = summary.withinTolerancePercent
            meanDistanceDegrees = summary.meanDistanceDegrees
            let errors = summary.limbs.compactMap(\.meanErrorDegrees).sorted()
            medianLimbErrorDegrees = errors.isEmpty ? nil : errors[errors.count / 2]
            let within = summary.limbs.compactMap(\.withinTolerancePercent).sorted()
            medianLimbWithinPercent = within.isEmpty ? nil : within[within.count / 2]
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

    /// True when the other model fits clearly better, over all limbs or over the typical
    /// limb: its mean distance (or its median limb error) is at most `distanceRatio` of
    /// the compared model's and `minGainDegrees` less, with no fewer frames within
    /// tolerance (over every limb, or for the median limb). The typical limb counts
    /// because one limb far off in both models (the learner's left knee bent 40°
    /// throughout, on real jumping jacks) sets both mean distances and puts every frame
    /// out of tolerance in both, hiding what the other eight limbs say.
    public var otherFitsBetter: Bool {
        func clearly(_ own: Float?, _ theirs: Float?) -> Bool {
            guard let own, let theirs else { return false }
            return theirs <= Self.distanceRatio * own && own - theirs >= Self.minGainDegrees
        }
        let overall =
            clearly(compared.meanDistanceDegrees, other.meanDistanceDegrees)
            && (other.withinTolerancePercent ?? 0) >= (compared.withinTolerancePercent ?? 0)
        let typical =
            clearly(compared.medianLimbErrorDegrees, other.medianLimbErrorDegrees)
            && (other.medianLimbWithinPercent ?? 0) >= (compared.medianLimbWithinPercent ?? 0)
        return overall || typical
    }

    /// Compares the pair with the other facing model than `comparison`'s.
    /// - Throws: what `Comparison(…)` throws for these options at the check's rate.
    public init(_ comparison: Comparison, summary: ComparisonSummary, demonstrator: Sidecar, learner: Sidecar) throws(KinetixError) {
        var options = comparison.options
        options.mirror.toggle()
        options.rate = min(Self.rate, comparison.grid.rate)
        compared = Fit(summary, mirror: comparison.options.mirror)
        other = Fit(
            ComparisonSummary(try Comparison(demonstrator: demonstrator, learner: learner, options: options)), mirror: options.mirror)
    }

    /// The finding in words, when the other model fits clearly better; nil otherwise.
    /// It names no command-line flag: front ends add how to switch.
    public var warning: String? {
        guard otherFitsBetter, let theirs = other.meanDistanceDegrees, let own = compared.meanDistanceDegrees else { return nil }
        let looks = other.mirror ? "facing each other, not side by side" : "side by side, not facing each other"
        var text =
            "the two people look \(looks): compared \(other.mirror ? "mirrored" : "without mirroring"), the mean distance is "
            + String(format: "%.1f° (here %.1f°)", theirs, own)
        if let within = other.withinTolerancePercent, let here = compared.withinTolerancePercent {
            text += String(format: ", %.0f %% of frames within tolerance (here %.0f %%)", within, here)
        }
        if let lag = other.medianLagSeconds { text += String(format: " and the lag %.2f s", lag) }
        if let a = other.medianLimbErrorDegrees, let b = compared.medianLimbErrorDegrees {
            text += String(format: "; the typical limb is off by %.1f° (here %.1f°)", a, b)
        }
        return text
    }
}
