import Foundation
import KinetixCore
import KinetixProfiles

extension DraftEvaluation {
    /// The evaluation for people: a line per clip (same movement or not, reps, passing
    /// reps, findings, verdict), the shares that pass and fail, and the smallest fault
    /// flagged per limb. `profile`: where the profile came from.
    public func text(profile source: String) -> String {
        var out = "Evaluation of \(source)\n\n"
        let nameWidth = max(4, clips.map(\.name.count).max() ?? 4)
        if !clips.isEmpty {
            out += "clip".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  movement   reps  passing  findings  verdict\n"
            for c in clips {
                let verdict = c.voidReason.map { "void: \($0)" } ?? (c.passes ? "passes" : "fails")
                out +=
                    c.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                    + "  " + (c.isSameMovement ? "same     " : "different")
                    + String(format: "  %4d  %7d  %8d  ", c.reps, c.passingReps, c.findings) + verdict + "\n"
            }
            out +=
                "\nSame movement: \(Self.percent(sameRepsPassing)) of reps pass. Other movements: \(Self.percent(differentFailing)) of clips fail.\n"
        }
        if !sensitivity.isEmpty {
            out += "\nSmallest synthesized fault flagged (held for the whole clip, either direction):\n"
            for s in sensitivity {
                out +=
                    "  " + s.limb.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + (s.smallestFlaggedDegrees.map { "\(Int($0))°" } ?? "not flagged up to \(Int(DraftEvaluation.faultSizes.last!))°")
                    + "\n"
            }
        }
        return out
    }

    /// A share (0…1) as a whole percentage, "n/a" when there is none.
    private static func percent(_ value: Double?) -> String { value.map { String(format: "%.0f %%", $0 * 100) } ?? "n/a" }
}
