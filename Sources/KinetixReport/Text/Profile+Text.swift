import KinetixCore
import KinetixProfiles

extension Profile {
    /// The profile for people (`kinetix profile show`): title, parameters and their
    /// ranges, requirements, baseline, metrics, reps, rules, symmetry, pair and actions.
    /// `source`: where it was loaded from; `parameterHint`: how the front end overrides a
    /// parameter, shown beside the parameters (e.g. "override with --param name=value").
    public func text(source path: String, parameterHint: String? = nil) -> String {
        let p = self
        var out = "\(p.title) — \(p.id) \(p.version) (\(p.kind.rawValue) profile, \(path))\n"
        if !p.description.isEmpty { out += "\n\(p.description)\n" }
        if !p.tags.isEmpty { out += "\ntags: \(p.tags.joined(separator: ", "))\n" }
        if !p.parameters.isEmpty {
            out += "\nPARAMETERS" + (parameterHint.map { " (\($0))" } ?? "") + ":\n"
            for parameter in p.parameters {
                var range = ""
                if parameter.type == .choice { range = " one of " + parameter.choices.joined(separator: ", ") }
                if let min = parameter.minimum, let max = parameter.maximum {
                    range = " in \(jsonNumber(min, digits: 6))...\(jsonNumber(max, digits: 6))"
                }
                out += "  \(parameter.name) = \(parameter.defaultValue) (\(parameter.type.rawValue)\(range))"
                out += parameter.description.map { ": \($0)" } ?? ""
                out += "\n"
            }
        }
        let r = p.requirements
        if p.kind != .pair {
            out += "\nREQUIRES: view \(r.view.rawValue)"
            let points = r.joints.map(\.name) + r.landmarks.map(\.name)
            if !points.isEmpty {
                out += "; \(points.joined(separator: ", ")) tracked in \(jsonNumber(r.minCoverage * 100, digits: 0)) % of frames"
            }
            out += "\n"
        }
        if let baseline = p.baseline { out += "BASELINE: first \(jsonNumber(baseline.seconds, digits: 3)) s (or --baseline FILE)\n" }
        if !p.metrics.isEmpty {
            out += "\nMETRICS:\n"
            for m in p.metrics {
                out += "  \(m.name)\(m.unit.map { " [\($0)]" } ?? "") = \(m.expression)"
                var notes: [String] = []
                if let s = m.medianSeconds { notes.append("median \(jsonNumber(s, digits: 3)) s") }
                if let h = m.lowPassHertz { notes.append("low-pass \(jsonNumber(h, digits: 3)) Hz") }
                if m.relativeToBaseline { notes.append("from baseline") }
                out += notes.isEmpty ? "\n" : "  (\(notes.joined(separator: ", ")))\n"
            }
        }
        if let reps = p.reps {
            out += "\nREPS: \(reps.thresholdsText)\n"
            for s in reps.summaryExpressions { out += "  \(s.name) = \(s.expression)\n" }
        }
        if !p.rules.isEmpty {
            out += "\nRULES:\n"
            for rule in p.rules {
                out += "  \(rule.id) [\(rule.severity.rawValue)] when \(rule.when)"
                out += rule.scope == .reps ? " (each rep)" : (rule.minSeconds > 0 ? " for \(jsonNumber(rule.minSeconds, digits: 3)) s" : "")
                out += "\n    cue: \(rule.cue)\n    detail: \(rule.detail)\n"
            }
        }
        if let symmetry = p.symmetry {
            out += "\nSYMMETRY (weaker side named at \(symmetry.thresholdPercent.text) % deviation):\n"
            for m in symmetry.measures { out += "  \(m.name): \(m.left) vs \(m.right)\n" }
        }
        if let pair = p.pair {
            out +=
                "\nPAIR: mirror \(pair.mirror.text), max lag \(pair.maxLagSeconds.text) s, tolerance \(pair.toleranceDegrees.text)°, lag window \(pair.lagWindowSeconds.text) s\n"
            out +=
                "  limbs: "
                + Limb.allCases.filter { (pair.weights[$0] ?? 0) > 0 }.map { "\($0.name)×\(jsonNumber(pair.weights[$0]!, digits: 3))" }
                .joined(separator: ", ") + "\n"
        }
        if let challenge = p.challenge {
            out +=
                "\nACTIONS (response window \(jsonNumber(challenge.minSeconds, digits: 3))–\(jsonNumber(challenge.maxSeconds, digits: 3)) s after the cue; "
                + "void below \(Int((challenge.minTracked * 100).rounded())) % tracked):\n"
            for a in challenge.actions {
                out += "  \(a.id) (v\(a.version), hold \(jsonNumber(a.holdSeconds, digits: 3)) s): \(a.title)\n      when \(a.when)\n"
            }
        }
        return out
    }
}
