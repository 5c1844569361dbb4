/// Words for the learner's screen: at most one short cue at a time, no numbers.
///
/// Each frame proposes at most one cue, by priority: "Step into view" when the learner
/// is not tracked well enough to score; nothing when the frame is unscored for want of
/// a demonstrator frame to match (the demonstrator has not started); otherwise a correction for the limb furthest out of
/// tolerance, naming the learner's own side; otherwise "Slow down" (learner ahead) or
/// "Keep up" (at the far end of the lag window); otherwise "Good". A proposal must
/// persist for `onsetSeconds` before it is shown, and a shown cue stays at least
/// `minHoldSeconds`, so the screen never flickers.
public struct CueTrack: Equatable, Sendable {
    /// One cue and when it shows.
    public struct Cue: Equatable, Sendable {
        /// When it appears, learner time in seconds.
        public var start: Double
        /// When it goes, seconds (exclusive).
        public var end: Double
        /// The words: a short instruction, no numbers.
        public var text: String
    }

    /// Every cue shown, in time order, never overlapping.
    public var cues: [Cue]
    /// How long a proposal must persist before it shows, seconds.
    public static let onsetSeconds = 0.3
    /// How long a shown cue stays at least, seconds.
    public static let minHoldSeconds = 1.0

    /// The cue track of `comparison`.
    public init(_ comparison: Comparison) {
        var machine = Machine()
        let n = comparison.frameCount
        for k in 0..<n { machine.step(t: comparison.times[k], proposal: Self.proposal(comparison, k)) }
        cues = machine.finish(end: n > 0 ? comparison.times[n - 1] + comparison.grid.step : 0)
    }

    /// The cue showing at time `t`, if any.
    public func cue(at t: Double) -> Cue? { cues.first { $0.start <= t && t < $0.end } }

    /// The onset-and-hold rule, one frame at a time: what the learner's screen shows
    /// given each frame's proposal. Offline and live comparisons run the same machine.
    package struct Machine: Sendable {
        // "" stands for "no cue": it persists and holds like any other.
        private var shown: (text: String, since: Double)?
        private var proposed: (text: String, since: Double)?
        private var finished: [Cue] = []

        package init() {}

        /// The cue on screen after the last step, if any.
        package var current: String? { shown?.text }

        /// Feeds one frame at time `t` (seconds, increasing) with its proposal.
        package mutating func step(t: Double, proposal: String?) {
            let text = proposal ?? ""
            if proposed?.text != text { proposed = (text, t) }
            let persisted = t - proposed!.since >= CueTrack.onsetSeconds - 1e-9
            guard persisted, (shown?.text ?? "") != text else { return }
            if let current = shown {
                guard t - current.since >= CueTrack.minHoldSeconds - 1e-9 else { return }
                finished.append(Cue(start: current.since, end: t, text: current.text))
            }
            shown = text.isEmpty ? nil : (text, t)
        }

        /// Every cue shown, the last ending at `end`.
        package func finish(end: Double) -> [Cue] {
            finished + (shown.map { [Cue(start: $0.since, end: end, text: $0.text)] } ?? [])
        }
    }

    static func proposal(_ comparison: Comparison, _ k: Int) -> String? {
        let worst = comparison.worstLimb(k)
        return proposal(lagFrames: comparison.lagFrames(k), learnerTrackedWeight: comparison.learnerTrackedWeight(k),
                        worst: worst.map { ($0, comparison.errors[$0, k]) }, ahead: comparison.ahead[k],
                        maxLagFrames: comparison.maxLagFrames, options: comparison.options)
    }

    /// One frame's proposal from its figures: `lagFrames` nil when unscored, `worst`
    /// the limb with the largest absolute error and its signed error.
    package static func proposal(lagFrames: Int?, learnerTrackedWeight: Float, worst: (limb: Limb, error: Float)?,
                                 ahead: Bool, maxLagFrames: Int, options: ComparisonOptions) -> String? {
        guard let lag = lagFrames else {
            return learnerTrackedWeight < options.minSharedWeight ? "Step into view" : nil
        }
        if let worst, abs(worst.error) > options.toleranceDegrees { return correction(for: worst.limb, error: worst.error) }
        if ahead { return "Slow down" }
        if lag == maxLagFrames, lag > 0 { return "Keep up" }
        return "Good"
    }

    /// The correction for a limb whose angle is `error` degrees more (positive) or less
    /// than the demonstrator's, in the learner's own words and side.
    public static func correction(for limb: Limb, error: Float) -> String {
        let side = limb.name.hasPrefix("left") ? "left" : "right"
        switch limb {
        case .leftShoulder, .rightShoulder:
            // A larger shoulder angle is an arm nearer the trunk.
            return error > 0 ? "Raise your \(side) arm higher" : "Lower your \(side) arm"
        case .leftElbow, .rightElbow:
            return error > 0 ? "Straighten your \(side) arm" : "Bend your \(side) elbow more"
        case .leftHip, .rightHip:
            return error > 0 ? "Lower your \(side) knee" : "Lift your \(side) knee higher"
        case .leftKnee, .rightKnee:
            return error > 0 ? "Straighten your \(side) leg" : "Bend your \(side) knee more"
        case .neck:
            return error > 0 ? "Lift your head" : "Lower your head"
        }
    }
}
