/// Words for the learner's screen: at most one short cue at a time, no numbers.
///
/// Each frame proposes at most one cue, by priority: "Step into view" when the learner
/// is not tracked well enough to score; nothing when the frame is unscored for want of
/// a demonstrator frame to match (the demonstrator has not started); otherwise a
/// correction, naming the learner's own side, for the *dominant* limb when it is out of
/// tolerance (the one whose mean error is at least `dominanceRatio` times any other's:
/// the limb the summary calls worst), else for the limb furthest out of tolerance;
/// otherwise "Slow down" (learner ahead) or "Keep up" (at the far end of the lag
/// window); otherwise "Good". A proposal must persist for `onsetSeconds` before it is
/// shown, and a shown cue stays at least `minHoldSeconds`, so the screen never
/// flickers. When every frame of the last `onsetSeconds` proposed a correction but the
/// limb kept changing (a poor copy), the correction proposed most often there shows:
/// a poor copy is never left without a cue.
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
    /// A limb whose mean error is at least this many times every other limb's dominates.
    public static let dominanceRatio: Float = 1.5
    /// The cues that are not corrections.
    static let statusCues: Set<String> = ["Good", "Step into view", "Slow down", "Keep up"]

    /// The cue track of `comparison`, its dominant limb taken from its summary.
    public init(_ comparison: Comparison) {
        self.init(comparison, dominant: ComparisonSummary(comparison).dominantLimb)
    }

    /// The cue track of `comparison` whose dominant limb (`ComparisonSummary.dominantLimb`) is `dominant`.
    public init(_ comparison: Comparison, dominant: Limb?) {
        var machine = Machine()
        let n = comparison.frameCount
        for k in 0..<n { machine.step(t: comparison.times[k], proposal: Self.proposal(comparison, k, dominant: dominant)) }
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
        /// The proposals of the last `onsetSeconds` (and the frame before), oldest first.
        private var recent: [(t: Double, text: String)] = []

        package init() {}

        /// The cue on screen after the last step, if any.
        package var current: String? { shown?.text }

        /// Feeds one frame at time `t` (seconds, increasing) with its proposal.
        package mutating func step(t: Double, proposal: String?) {
            var text = proposal ?? ""
            if proposed?.text != text { proposed = (text, t) }
            recent.append((t, text))
            while recent.count > 1, t - recent[1].t >= CueTrack.onsetSeconds - 1e-9 { recent.removeFirst() }
            var persisted = t - proposed!.since >= CueTrack.onsetSeconds - 1e-9
            if !persisted, let flicker = flickeringCorrection(at: t) {
                // Corrections of changing limbs: the most frequent one persisted, in effect.
                text = flicker
                persisted = true
            }
            guard persisted, (shown?.text ?? "") != text else { return }
            if let current = shown {
                guard t - current.since >= CueTrack.minHoldSeconds - 1e-9 else { return }
                finished.append(Cue(start: current.since, end: t, text: current.text))
            }
            shown = text.isEmpty ? nil : (text, t)
        }

        /// The correction proposed most often over the last `onsetSeconds` (the latest on
        /// a tie), when every frame there proposed one and the shown cue is not among them.
        private func flickeringCorrection(at t: Double) -> String? {
            guard let first = recent.first, t - first.t >= CueTrack.onsetSeconds - 1e-9 else { return nil }
            guard recent.allSatisfy({ !$0.text.isEmpty && !CueTrack.statusCues.contains($0.text) }) else { return nil }
            if let current = shown?.text, recent.contains(where: { $0.text == current }) { return nil }
            var counts: [String: (count: Int, last: Int)] = [:]
            for (i, proposal) in recent.enumerated() {
                counts[proposal.text, default: (0, 0)] = (counts[proposal.text, default: (0, 0)].count + 1, i)
            }
            return counts.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }?.key
        }

        /// Every cue shown, the last ending at `end`.
        package func finish(end: Double) -> [Cue] {
            finished + (shown.map { [Cue(start: $0.since, end: end, text: $0.text)] } ?? [])
        }
    }

    static func proposal(_ comparison: Comparison, _ k: Int, dominant: Limb?) -> String? {
        let worst = comparison.worstLimb(k)
        return proposal(
            lagFrames: comparison.lagFrames(k), learnerTrackedWeight: comparison.learnerTrackedWeight(k),
            worst: worst.map { ($0, comparison.errors[$0, k]) }, dominant: dominant.map { ($0, comparison.errors[$0, k]) },
            ahead: comparison.ahead[k], maxLagFrames: comparison.maxLagFrames, options: comparison.options)
    }

    /// One frame's proposal from its figures: `lagFrames` nil when unscored, `worst`
    /// the limb with the largest absolute error and its signed error, `dominant` the
    /// dominant limb (if any) and its signed error in this frame (NaN: not compared).
    package static func proposal(
        lagFrames: Int?, learnerTrackedWeight: Float, worst: (limb: Limb, error: Float)?,
        dominant: (limb: Limb, error: Float)? = nil,
        ahead: Bool, maxLagFrames: Int, options: ComparisonOptions
    ) -> String? {
        guard let lag = lagFrames else {
            return learnerTrackedWeight < options.minSharedWeight ? "Step into view" : nil
        }
        if let dominant, abs(dominant.error) > options.toleranceDegrees { return correction(for: dominant.limb, error: dominant.error) }
        if let worst, abs(worst.error) > options.toleranceDegrees { return correction(for: worst.limb, error: worst.error) }
        if ahead { return "Slow down" }
        if lag == maxLagFrames, lag > 0 { return "Keep up" }
        return "Good"
    }

    /// What a limb's angle error means for the body, and what to do about it: the one
    /// home of the sign conventions (a larger shoulder angle is an arm nearer the trunk,
    /// a larger elbow or knee angle more bent, a larger hip angle the thigh raised, a
    /// larger neck angle the head dropped).
    private static func meaning(of limb: Limb, error: Float) -> (part: String, state: String, correction: String) {
        let side = limb.name.hasPrefix("left") ? "left" : "right"
        let more = error > 0
        switch limb {
        case .leftShoulder, .rightShoulder:
            return ("\(side) arm", more ? "lower" : "higher", more ? "Raise your \(side) arm higher" : "Lower your \(side) arm")
        case .leftElbow, .rightElbow:
            return (
                "\(side) elbow", more ? "more bent" : "straighter", more ? "Straighten your \(side) arm" : "Bend your \(side) elbow more"
            )
        case .leftHip, .rightHip:
            return ("\(side) thigh", more ? "higher" : "lower", more ? "Lower your \(side) knee" : "Lift your \(side) knee higher")
        case .leftKnee, .rightKnee:
            return ("\(side) knee", more ? "more bent" : "straighter", more ? "Straighten your \(side) leg" : "Bend your \(side) knee more")
        case .neck:
            return ("head", more ? "lower" : "higher", more ? "Lift your head" : "Lower your head")
        }
    }

    /// The correction for a limb whose angle is `error` degrees more (positive) or less
    /// than the demonstrator's, in the learner's own words and side.
    public static func correction(for limb: Limb, error: Float) -> String { meaning(of: limb, error: error).correction }

    /// The error in words, for the coach: "right arm 50° lower than the demonstrator's".
    public static func difference(for limb: Limb, error: Float) -> String {
        let m = meaning(of: limb, error: error)
        return String(format: "%@ %.0f° %@ than the demonstrator's", m.part, abs(error), m.state)
    }
}
