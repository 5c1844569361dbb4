import Foundation
import KinetixCore

/// A live update as one JSON line (its text lines are KinetixReport's `textLines`), so
/// `assess --live` on a clip and on a stream print the same.
extension LiveAssessment.Update {
    /// The update as one JSON line: `t`, `reps`, `completedRep`, `revisions` (earlier
    /// reps withdrawn or counted again at this frame: `end`, `counted`, `reason`),
    /// `findings`, `cue`, `metrics`.
    public func jsonLine(metricNames: [String]) -> String {
        "{\"t\": \(jsonNumber(t, digits: 6)), \"reps\": \(reps), \"completedRep\": \(completedRep?.json ?? "null"), "
            + "\"revisions\": ["
            + revisions.map {
                "{\"end\": \(jsonNumber($0.end, digits: 6)), \"counted\": \($0.counted), \"reason\": \($0.reason.map(jsonString) ?? "null")}"
            }.joined(separator: ", ") + "], "
            + "\"findings\": [" + findings.map(\.json).joined(separator: ", ") + "], \"cue\": \(cue.map(jsonString) ?? "null"), "
            + "\"metrics\": {" + zip(metricNames, metrics).map { "\(jsonString($0)): \(jsonNumber($1, digits: 4))" }.joined(separator: ", ")
            + "}}\n"
    }
}
