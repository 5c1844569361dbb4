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

    /// Everything, for programs: provenance, every verdict with what it was judged
    /// against, and the counts.
    public func json() -> String {
        var out = "{\n  \"kind\": \"challenge\",\n  \"provenance\": \(provenance.json),\n  \"verdicts\": ["
        out +=
            verdicts.map { v in
                var o =
                    "\n    {\"t\": \(jsonNumber(v.t, digits: 6)), \"label\": \(jsonString(v.label)), \"action\": \(jsonString(v.action)), "
                o += "\"simonSays\": \(v.simonSays.map { String($0) } ?? "null"), \"outcome\": \"\(v.outcome.rawValue)\", "
                o +=
                    "\"achievedSeconds\": \(jsonNumber(v.achievedSeconds, digits: 6)), \"reactionTimeSeconds\": \(jsonNumber(v.reactionTimeSeconds, digits: 6)), "
                o += "\"voidReason\": \(v.voidReason.map(jsonString) ?? "null"), \"judged\": "
                if let j = v.judged {
                    o +=
                        "{\"actionVersion\": \(jsonString(j.version)), \"when\": \(jsonString(j.when)), \"holdSeconds\": \(jsonNumber(j.holdSeconds, digits: 4)), "
                    o += "\"windowSeconds\": [\(jsonNumber(j.minSeconds, digits: 4)), \(jsonNumber(j.maxSeconds, digits: 4))]}}"
                } else {
                    o += "null}"
                }
                return o
            }.joined(separator: ",") + (verdicts.isEmpty ? "" : "\n  ") + "],\n"
        out += "  \"summary\": {" + ChallengeVerdict.Outcome.allCases.map { "\"\($0.rawValue)\": \(count($0))" }.joined(separator: ", ")
        out += ", \"right\": \(score.right), \"judged\": \(score.judged)}\n}\n"
        return out
    }
}
