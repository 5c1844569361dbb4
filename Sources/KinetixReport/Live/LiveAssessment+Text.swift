import Foundation
import KinetixCore
import KinetixProfiles

/// A live update as text lines, the same for `assess --live` on a clip and on a stream.
extension LiveAssessment.Update {
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
