import Foundation
import KinetixCore

/// A live update as one JSON line (its text lines are KinetixReport's `textLines`), so
/// `assess --live` on a clip and on a stream print the same.
extension LiveAssessment.Update {
    /// The fields of `jsonLine(metricNames:)`, in its order.
    package enum Key: String, JSONKeys {
        case t, reps, completedRep, revisions, findings, cue, metrics
    }
    /// The fields of each of `revisions`.
    package enum RevisionKey: String, JSONKeys {
        case end, counted, reason
    }

    /// The update as one JSON line: `t`, `reps`, `completedRep`, `revisions` (earlier
    /// reps withdrawn or counted again at this frame: `end`, `counted`, `reason`),
    /// `findings`, `cue`, `metrics`.
    public func jsonLine(metricNames: [String]) -> String {
        let revisions = revisions.map {
            "{" + RevisionKey.end.member(jsonNumber($0.end, digits: 6)) + ", " + RevisionKey.counted.member("\($0.counted)") + ", "
                + RevisionKey.reason.member($0.reason.map(jsonString) ?? "null") + "}"
        }
        let metrics = zip(metricNames, metrics).map { "\(jsonString($0)): \(jsonNumber($1, digits: 4))" }
        return "{"
            + [
                Key.t.member(jsonNumber(t, digits: 6)), Key.reps.member("\(reps)"), Key.completedRep.member(completedRep?.json ?? "null"),
                Key.revisions.member("[" + revisions.joined(separator: ", ") + "]"),
                Key.findings.member("[" + findings.map(\.json).joined(separator: ", ") + "]"),
                Key.cue.member(cue.map(jsonString) ?? "null"),
                Key.metrics.member("{" + metrics.joined(separator: ", ") + "}"),
            ].joined(separator: ", ") + "}\n"
    }
}
