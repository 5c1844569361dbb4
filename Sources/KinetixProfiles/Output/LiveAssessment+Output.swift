import Foundation
import KinetixCore

/// A live update as the front ends write it: one JSON line, or text lines. One home for
/// both, so `assess --live` on a clip and on a stream print the same.
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

    /// The update as text lines, each starting with its time: the cue when `cueChanged`
    /// (the caller knows what is shown), earlier reps withdrawn or counted again (so the
    /// rep's number that follows is the count after them), the rep completed, then the findings. `suffix` ends the cue's and the rep's line (a latency).
    public func textLines(cueChanged: Bool, suffix: String = "") -> [String] {
        let time = String(format: "%7.2f s  ", t)
        var lines: [String] = []
        if cueChanged { lines.append(time + "cue: " + (cue ?? "—") + suffix) }
        for revision in revisions {
            let done = String(format: "%.2f s", revision.end)
            lines.append(
                time
                    + (revision.counted
                        ? "the rep done at \(done) counts again"
                        : "the rep done at \(done) no longer counts: \(revision.reason ?? "unlike the others")"))
        }
        if let rep = completedRep {
            let values = rep.values.filter { !$0.value.isNaN }.prefix(3).map { "\($0.name) \(jsonNumber($0.value, digits: 2))" }
            lines.append(time + "rep \(reps) done (" + values.joined(separator: ", ") + ")" + suffix)
        }
        for finding in findings { lines.append(time + "finding \(finding.rule): \(finding.detail)") }
        return lines
    }
}
