import Foundation
import KinetixCore

/// A judged challenge with its provenance: what `kinetix assess` prints for a profile of
/// kind `challenge`.
public struct ChallengeReport: Sendable {
    /// Every cue's verdict, in the clip's order.
    public var verdicts: [ChallengeVerdict]
    /// What produced the result.
    public var provenance: Provenance
    /// The profile's title.
    public var title: String

    /// A report of verdicts already made (an app judging live, cue by cue).
    public init(verdicts: [ChallengeVerdict], provenance: Provenance, title: String) {
        self.verdicts = verdicts
        self.provenance = provenance
        self.title = title
    }

    /// Judges `clip` with `profile` (kind `challenge`).
    public init(
        clip: ClipInput, profile: Profile, parameters: ParameterValues, source: String,
        minConfidence: Float = BodySeries.defaultMinConfidence
    ) {
        verdicts = ChallengeJudge(profile: profile, parameters: parameters, minConfidence: minConfidence).judge(clip.sidecar)
        provenance = Provenance(inputs: [clip.provenance], profile: Provenance.ProfileUsed(profile, parameters: parameters, source: source))
        title = profile.title
    }

    /// How many cues got each outcome.
    public func count(_ outcome: ChallengeVerdict.Outcome) -> Int { verdicts.filter { $0.outcome == outcome }.count }

    /// Right answers over cues judged.
    public struct Score: Sendable, Equatable {
        /// Cues performed when asked or correctly withheld.
        public let right: Int
        /// Cues judged (void ones excluded).
        public let judged: Int
    }

    /// Right answers (performed + correctly withheld) over the cues judged (void ones excluded).
    public var score: Score {
        Score(right: count(.performed) + count(.correctlyWithheld), judged: verdicts.count - count(.void))
    }

    /// The top-level fields of `json()`, in its order.
    package enum Key: String, JSONKeys {
        case kind, provenance, verdicts, summary
    }
    /// The fields of each of `verdicts`.
    package enum VerdictKey: String, JSONKeys {
        case t, label, action, simonSays, outcome, achievedSeconds, reactionTimeSeconds, voidReason, judged
    }
    /// The fields of a verdict's `judged`: the action's definition it was judged against.
    package enum JudgedKey: String, JSONKeys {
        case actionVersion, when, holdSeconds, windowSeconds
    }
    /// The fields `summary` adds after a count per outcome.
    package enum SummaryKey: String, JSONKeys {
        case right, judged
    }

    /// Everything, for programs: provenance, every verdict with what it was judged
    /// against, and the counts.
    public func json() -> String {
        var out = "{\n  " + Key.kind.member("\"challenge\"") + ",\n  " + Key.provenance.member(provenance.json) + ",\n  "
        out +=
            Key.verdicts.quoted + ": ["
            + verdicts.map { v in
                let judged = v.judged.map { j in
                    "{"
                        + [
                            JudgedKey.actionVersion.member(jsonString(j.version)), JudgedKey.when.member(jsonString(j.when)),
                            JudgedKey.holdSeconds.member(jsonNumber(j.holdSeconds, digits: 4)),
                            JudgedKey.windowSeconds.member(
                                "[\(jsonNumber(j.minSeconds, digits: 4)), \(jsonNumber(j.maxSeconds, digits: 4))]"),
                        ].joined(separator: ", ") + "}"
                }
                return "\n    {"
                    + [
                        VerdictKey.t.member(jsonNumber(v.t, digits: 6)), VerdictKey.label.member(jsonString(v.label)),
                        VerdictKey.action.member(jsonString(v.action)),
                        VerdictKey.simonSays.member(v.simonSays.map { String($0) } ?? "null"),
                        VerdictKey.outcome.member("\"\(v.outcome.rawValue)\""),
                        VerdictKey.achievedSeconds.member(jsonNumber(v.achievedSeconds, digits: 6)),
                        VerdictKey.reactionTimeSeconds.member(jsonNumber(v.reactionTimeSeconds, digits: 6)),
                        VerdictKey.voidReason.member(v.voidReason.map(jsonString) ?? "null"), VerdictKey.judged.member(judged ?? "null"),
                    ].joined(separator: ", ") + "}"
            }.joined(separator: ",") + (verdicts.isEmpty ? "" : "\n  ") + "],\n"
        let counts = ChallengeVerdict.Outcome.allCases.map { "\"\($0.rawValue)\": \(count($0))" }
        out +=
            "  "
            + Key.summary.member(
                "{"
                    + (counts + [SummaryKey.right.member("\(score.right)"), SummaryKey.judged.member("\(score.judged)")]).joined(
                        separator: ", ")
                    + "}") + "\n}\n"
        return out
    }
}
