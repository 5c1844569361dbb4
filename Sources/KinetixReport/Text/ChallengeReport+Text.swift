import Foundation
import KinetixCore
import KinetixProfiles

extension ChallengeReport {
    /// The report for people: one line per cue, then the score.
    public func text() -> String {
        var out = "Kinetix \(provenance.engineVersion): \(title)"
        if let profile = provenance.profile { out += " (profile \(profile.id) \(profile.version) from \(profile.source))" }
        out += "\n" + provenance.inputs.map { "\($0.role): \($0.path) (\($0.frames) frames)\n" }.joined()
        for v in verdicts {
            let said = v.simonSays.map { $0 ? "Simon says " : "(no Simon says) " } ?? ""
            var line = String(format: "  %8.3f s  %@%@: ", v.t, said, v.action)
            switch v.outcome {
            case .performed:
                line +=
                    "performed" + (v.achievedSeconds.map { String(format: " at %.3f s", $0) } ?? "")
                    + (v.reactionTimeSeconds.map { String(format: ", reaction %.3f s", $0) } ?? "")
            case .notPerformed: line += "not performed"
            case .correctlyWithheld: line += "correctly withheld"
            case .wronglyPerformed: line += "wrongly performed" + (v.achievedSeconds.map { String(format: " at %.3f s", $0) } ?? "")
            case .void: line += "void: " + (v.voidReason ?? "")
            }
            out += line + "\n"
        }
        let s = score
        out += "score: \(s.right) of \(s.judged) judged cues right"
        out += count(.void) > 0 ? " (\(count(.void)) void, not counted)\n" : "\n"
        return out
    }
}
