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
    public struct Cue: Equatable, Sendable {
        public var start: Double
        public var end: Double
        public var text: String
    }

    public var cues: [Cue]
    public static let onsetSeconds = 0.3
    public static let minHoldSeconds = 1.0

    public init(_ comparison: Comparison) {
        cues = []
        let n = comparison.frameCount
        guard n > 0 else { return }
        let times = comparison.times
        // "" stands for "no cue": it persists and holds like any other.
        var shown: (text: String, since: Double)?
        var proposed: (text: String, since: Double)?
        for k in 0..<n {
            let t = times[k]
            let text = Self.proposal(comparison, k) ?? ""
            if proposed?.text != text { proposed = (text, t) }
            let persisted = t - proposed!.since >= Self.onsetSeconds - 1e-9
            guard persisted, (shown?.text ?? "") != text else { continue }
            if let current = shown {
                guard t - current.since >= Self.minHoldSeconds - 1e-9 else { continue }
                cues.append(Cue(start: current.since, end: t, text: current.text))
            }
            shown = text.isEmpty ? nil : (text, t)
        }
        if let current = shown {
            cues.append(Cue(start: current.since, end: times[n - 1] + comparison.grid.step, text: current.text))
        }
    }

    /// The cue showing at time `t`, if any.
    public func cue(at t: Double) -> Cue? { cues.first { $0.start <= t && t < $0.end } }

    static func proposal(_ comparison: Comparison, _ k: Int) -> String? {
        guard let lag = comparison.lagFrames(k) else {
            return comparison.learnerTrackedWeight(k) < comparison.options.minSharedWeight ? "Step into view" : nil
        }
        if let limb = comparison.worstLimb(k) {
            let error = comparison.errors[limb, k]
            if abs(error) > comparison.options.toleranceDegrees { return correction(for: limb, error: error) }
        }
        if comparison.ahead[k] { return "Slow down" }
        if lag == comparison.maxLagFrames, lag > 0 { return "Keep up" }
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
