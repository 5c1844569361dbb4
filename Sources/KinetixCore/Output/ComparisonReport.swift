import Foundation

/// A comparison with everything its writers need; every format renders this one
/// value, so numbers never disagree between text, JSON and CSV. A finished value: one
/// initializer computes all of it (reaction times and the facing advice are inputs),
/// and nothing outside the package changes it afterwards.
public struct ComparisonReport: Sendable {
    /// Reaction times asked for with a comparison: how onsets are found and responses judged.
    public struct ReactionRequest: Sendable {
        /// How movement onsets are found in each clip.
        public var onsets: OnsetOptions
        /// When a response counts as a reaction (not a false start, not too late).
        public var window: ReactionWindow
        /// A request with the given settings (the CLI's defaults unless given).
        public init(onsets: OnsetOptions = .defaults, window: ReactionWindow = .defaults) {
            self.onsets = onsets
            self.window = window
        }
    }

    /// How to switch facing models in the front end's words (a flag, a setting), shown
    /// after the facing warning: one phrase for each model the check may find better.
    public struct FacingAdvice: Sendable {
        /// When the mirrored model fits better (e.g. "rerun without --no-mirror").
        public var toMirrored: String
        /// When the unmirrored, side-by-side model fits better (e.g. "rerun with --no-mirror").
        public var toUnmirrored: String
        /// Advice with the phrase for each facing model.
        public init(toMirrored: String, toUnmirrored: String) {
            self.toMirrored = toMirrored
            self.toUnmirrored = toUnmirrored
        }
    }

    /// The per-frame results.
    public package(set) var comparison: Comparison
    /// What a coach reads first.
    public package(set) var summary: ComparisonSummary
    /// The learner's cue track.
    public package(set) var cues: CueTrack
    /// What produced the result.
    public package(set) var provenance: Provenance
    /// Estimator faults found in each input (demonstrator first), and which were repaired.
    public package(set) var faults: [FaultCheck] = []
    /// The clips as compared (swaps repaired when asked), for reports that draw them.
    public package(set) var demonstratorClip: Sidecar
    /// The learner's clip as compared.
    public package(set) var learnerClip: Sidecar
    /// Reaction times (`compare --reaction`): nil unless asked for, then written by
    /// every format that has a place for it.
    public package(set) var reaction: PairReaction?
    /// The other facing model's fit (`ComparisonOptions.checkFacing`); nil when not checked.
    public package(set) var facing: FacingCheck?
    /// How to switch facing models, in the front end's words (a flag, a setting), shown
    /// after the facing warning; nil: in plain words.
    public package(set) var facingAdvice: String?

    /// Wraps a comparison already made of `demonstrator` and `learner`.
    public init(_ comparison: Comparison, demonstrator: Sidecar, learner: Sidecar, provenance: Provenance) {
        self.comparison = comparison
        demonstratorClip = demonstrator
        learnerClip = learner
        // The cues name the summary's dominant limb first.
        summary = ComparisonSummary(comparison)
        cues = CueTrack(comparison, dominant: summary.dominantLimb)
        self.provenance = provenance
    }

    /// The whole of "copy the demonstrator", as `kinetix compare` runs it: checks the
    /// settings and resource bounds, finds (and when `options.repairSwaps`, undoes)
    /// each input's estimator faults, compares, and summarizes with cues and provenance.
    ///
    /// - Parameters:
    ///   - demonstrator: The demonstrator's clip (`ClipInput(decoding:…)` for bytes in memory).
    ///   - learner: The learner's clip, on the same clock (see `options.offsetSeconds`).
    ///   - profile: The pair profile the options came from, recorded in the provenance.
    /// - Throws: `KinetixError` of kind `.invalidSetting` or `.limitExceeded` (see
    ///   `ComparisonOptions.check(learner:)`); nothing is computed then.
    ///   - reaction: When given, reaction times of the learner's movements to the
    ///     demonstrator's (`PairReaction`), computed on the compared clips.
    ///   - facingAdvice: How to switch facing models in the caller's words; nil: plain words.
    public init(
        demonstrator: ClipInput, learner: ClipInput, options: ComparisonOptions,
        profile: Provenance.ProfileUsed? = nil, reaction: ReactionRequest? = nil,
        facingAdvice: FacingAdvice? = nil
    ) throws(KinetixError) {
        func checked(_ input: ClipInput) -> (Sidecar, FaultCheck) {
            input.sidecar.checkedForFaults(
                role: input.provenance.role, repairSwaps: options.repairSwaps,
                maskTeleports: options.maskTeleports, minConfidence: options.minConfidence)
        }
        let ((demoClip, demoFaults), (learnerClip, learnerFaults)) = bothAtOnce({ checked(demonstrator) }, { checked(learner) })
        self.init(
            try Comparison(demonstrator: demoClip, learner: learnerClip, options: options), demonstrator: demoClip, learner: learnerClip,
            provenance: Provenance(inputs: [demonstrator.provenance, learner.provenance], profile: profile))
        faults = [demoFaults, learnerFaults]
        if options.checkFacing {
            facing = try FacingCheck(comparison, summary: summary, demonstrator: demoClip, learner: learnerClip)
        }
        if let facing, let facingAdvice {
            self.facingAdvice = facing.other.mirror ? facingAdvice.toMirrored : facingAdvice.toUnmirrored
        }
        if let reaction {
            self.reaction = try PairReaction(self, options: reaction.onsets, window: reaction.window)
        }
    }

    package var options: ComparisonOptions { comparison.options }

    /// The facing check's warning with how to switch models (`facingAdvice`), or nil.
    public var facingWarning: String? {
        guard let facing, let warning = facing.warning else { return nil }
        return warning + "; " + (facingAdvice ?? (facing.other.mirror ? "compare them mirrored" : "compare them side by side, unmirrored"))
    }

    /// A warning when the scored learner frames span under a quarter of the demonstrator's
    /// clip (a 1-frame learner against a 12 s routine "scores 100 %"), else nil.
    public var shortLearnerNote: String? {
        func span(_ times: [Double]) -> Double { times.count > 1 ? times[times.count - 1] - times[0] : 0 }
        let demonstrator = span(demonstratorClip.times)
        let learner = span(learnerClip.times)
        guard demonstrator > 0, learner < 0.25 * demonstrator else { return nil }
        return String(
            format:
                "the learner's clip spans %.2f s of the demonstrator's %.2f s: these figures describe a fragment, not the whole movement",
            learner, demonstrator)
    }

}
