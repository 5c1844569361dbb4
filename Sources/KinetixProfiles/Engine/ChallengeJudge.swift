import Foundation
import KinetixCore

/// The verdict on one cue of a challenge.
public struct ChallengeVerdict: Equatable, Sendable {
    /// What happened.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Asked (plainly or "Simon says"), and done inside the window.
        case performed
        /// Asked, and not done inside the window.
        case notPerformed
        /// Not asked by "Simon says", and rightly not done.
        case correctlyWithheld
        /// Not asked by "Simon says", and done anyway.
        case wronglyPerformed
        /// Not judged (tracking lost, the person left, or the action is unknown): counts
        /// for nothing, never as a failure.
        case void
    }

    /// The cue's time, seconds on the clip's clock.
    public var t: Double
    /// The cue's label.
    public var label: String
    /// The action asked for (the event's `action`, else its label).
    public var action: String
    /// Whether the cue said "Simon says" (nil: a plain instruction).
    public var simonSays: Bool?
    /// What was judged, recorded with the verdict so a later change to the catalogue
    /// never rewrites a saved result: the action's version, expression and hold, and the window.
    public var judged: Judged?
    /// The verdict.
    public var outcome: Outcome
    /// When the action was achieved (its hold began), seconds.
    public var achievedSeconds: Double?
    /// The movement onset before it, minus the cue time (reaction time), seconds.
    public var reactionTimeSeconds: Double?
    /// Why the verdict is void, in words a person can act on.
    public var voidReason: String?

    /// The definition a verdict was judged against.
    public struct Judged: Equatable, Sendable {
        /// The action's version.
        public var version: String
        /// The action's `when` expression, as written.
        public var when: String
        /// How long it had to hold, seconds.
        public var holdSeconds: Double
        /// The response window after the cue, seconds.
        public var minSeconds: Double, maxSeconds: Double
    }
}

/// Judges every cue of a clip against a challenge profile's catalogue.
///
/// For each cue event, the action it names is evaluated frame by frame; it is achieved
/// at the first frame in the window [cue, cue + maxSeconds] where `when` becomes true
/// and stays true for `holdSeconds` (a position already held at the cue does not count
/// until it is taken again). An achievement sooner than `minSeconds` after the cue is
/// too soon to be a response and is ignored. When the action's joints are tracked in
/// less than `minTracked` of the window, or the person is out of the frame for most of
/// it, the verdict is void with the reason.
public struct ChallengeJudge: Sendable {
    /// The challenge profile.
    public var profile: Profile
    /// Its parameter values.
    public var parameters: ParameterValues
    /// Joints below this confidence are not tracked.
    public var minConfidence: Float

    /// A judge of `profile` (kind `challenge`).
    public init(profile: Profile, parameters: ParameterValues, minConfidence: Float = BodySeries.defaultMinConfidence) {
        precondition(profile.kind == .challenge && profile.challenge != nil, "a challenge profile is needed")
        self.profile = profile
        self.parameters = parameters
        self.minConfidence = minConfidence
    }

    /// Every cue of `sidecar`, judged.
    public func judge(_ sidecar: Sidecar) -> [ChallengeVerdict] {
        let challenge = profile.challenge!
        let n = sidecar.frameCount
        let times = sidecar.times
        let rate = sidecar.analysisFrameRate
        let body = BodySeries(sidecar, minConfidence: minConfidence)
        let assessor = Assessor(profile: profile, parameters: parameters, minConfidence: minConfidence)
        let metrics = assessor.metricColumns(sidecar, body: body, rate: rate).columns
        let face = sidecar.face
        let evaluator = ExpressionEvaluator(
            count: n, angles: AngleSeries(sidecar, minConfidence: minConfidence), body: body,
            face: face == nil ? nil : FaceSeries(sidecar),
            metrics: Dictionary(uniqueKeysWithValues: metrics.enumerated().map { ($0, $1) }),
            parameters: parameters)
        var onsetOptions = OnsetOptions()
        onsetOptions.minConfidence = minConfidence
        let onsets = ((try? MovementOnsets(clip: sidecar, options: onsetOptions))?.movements.compactMap(\.onsetSeconds) ?? []).sorted()
        // Each action's stretches of frames where it holds (`Assessor.runs`), found once.
        var holds: [String: (runs: [(Int, Int)], starts: [Int])] = [:]
        // In the frame: any joint, or any face landmark (a face challenge films a face only).
        let present = (0..<n).map { f in
            Joint.allCases.contains { sidecar.joints.isTracked($0, f, minConfidence: minConfidence) }
                || (face.map { table in FaceLandmark.allCases.contains { table.isTracked($0, f, minConfidence: minConfidence) } } ?? false)
        }
        func tracked(_ action: Profile.Challenge.Action, _ f: Int) -> Bool {
            action.joints.allSatisfy { sidecar.joints.isTracked($0, f, minConfidence: minConfidence) }
                && action.landmarks.allSatisfy { face?.isTracked($0, f, minConfidence: minConfidence) ?? false }
        }
        return sidecar.events.map { event in
            let id = event.action ?? event.label
            var verdict = ChallengeVerdict(
                t: event.t, label: event.label, action: id, simonSays: event.simonSays, judged: nil,
                outcome: .void, achievedSeconds: nil, reactionTimeSeconds: nil, voidReason: nil)
            guard let action = challenge.actions.first(where: { $0.id == id }) else {
                verdict.voidReason =
                    "the cue asks for '\(id)', which profile '\(profile.id)' does not define"
                    + Diagnostic.didYouMean(closestName(to: id, in: challenge.actions.map(\.id)))
                return verdict
            }
            verdict.judged = .init(
                version: action.version, when: action.when, holdSeconds: action.holdSeconds,
                minSeconds: challenge.minSeconds, maxSeconds: challenge.maxSeconds)
            let window = frames(in: times, from: event.t, to: event.t + challenge.maxSeconds)
            guard !window.isEmpty else {
                verdict.voidReason =
                    "the clip ends before the response window (\(jsonNumber(challenge.maxSeconds, digits: 2)) s after the cue)"
                return verdict
            }
            if Double(window.filter { present[$0] }.count) < 0.5 * Double(window.count) {
                verdict.voidReason = "the person was out of the frame for most of the response window"
                return verdict
            }
            let trackedFrames = window.filter { tracked(action, $0) }
            if Double(trackedFrames.count) < challenge.minTracked * Double(window.count) {
                // Name the point tracked least in the window.
                let shares: [(String, Double)] =
                    action.joints.map { joint in
                        (
                            joint.name,
                            Double(window.filter { sidecar.joints.isTracked(joint, $0, minConfidence: minConfidence) }.count)
                                / Double(window.count)
                        )
                    }
                    + action.landmarks.map { landmark in
                        (
                            landmark.name,
                            Double(window.filter { face?.isTracked(landmark, $0, minConfidence: minConfidence) ?? false }.count)
                                / Double(window.count)
                        )
                    }
                let worst = shares.min { $0.1 < $1.1 }
                verdict.voidReason =
                    "tracking lost in the response window: \(worst.map { spoken($0.0) } ?? "the body") tracked in "
                    + "\(Int(((worst?.1 ?? 0) * 100).rounded())) % of it (needed: \(Int((challenge.minTracked * 100).rounded())) %)"
                return verdict
            }
            if holds[action.id] == nil {
                let runs = Assessor.runs(of: evaluator.evaluate(action.condition).numbers)
                holds[action.id] = (runs, runs.map(\.0))
            }
            let achieved = achievement(
                holds[action.id]!, times: times, window: window, hold: action.holdSeconds,
                earliest: event.t + challenge.minSeconds, rate: rate)
            verdict.achievedSeconds = achieved
            if let achieved {
                let next = onsets.firstIndex(notBelow: event.t)
                if next < onsets.count, onsets[next] <= achieved { verdict.reactionTimeSeconds = onsets[next] - event.t }
            }
            switch (event.simonSays, achieved != nil) {
            case (false?, true): verdict.outcome = .wronglyPerformed
            case (false?, false): verdict.outcome = .correctlyWithheld
            case (_, true): verdict.outcome = .performed
            case (_, false): verdict.outcome = .notPerformed
            }
            return verdict
        }
    }

    /// Frame indices with times in [from, to].
    private func frames(in times: [Double], from: Double, to: Double) -> [Int] {
        let first = times.firstIndex(notBelow: from)  // frame times are increasing
        var result: [Int] = []
        var f = first
        while f < times.count, times[f] <= to {
            result.append(f)
            f += 1
        }
        return result
    }

    /// The start time of the first stretch in `holds` that begins (a false → true edge)
    /// inside `window`, at or after `earliest`, and lasts `hold` seconds (frames of
    /// 1/`rate` s, counted as rules count them); nil when there is none.
    private func achievement(
        _ holds: (runs: [(Int, Int)], starts: [Int]), times: [Double], window: [Int], hold: Double,
        earliest: Double, rate: Double
    ) -> Double? {
        guard let first = window.first, let last = window.last else { return nil }
        var i = holds.starts.firstIndex(notBelow: first)
        while i < holds.runs.count, holds.runs[i].0 <= last {
            let (start, end) = holds.runs[i]
            if times[start] >= earliest, times[end - 1] - times[start] + 1 / rate >= hold - 1e-9 { return times[start] }
            i += 1
        }
        return nil
    }
}
