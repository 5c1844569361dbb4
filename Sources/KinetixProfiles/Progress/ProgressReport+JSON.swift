import Foundation
import KinetixCore

extension ProgressReport {
    /// How the noise was estimated, in words: the JSON's `noise`, and every renderer's.
    public var noiseText: String {
        var parts: [String] = []
        if measures.contains(where: { $0.kind == .rep || $0.kind == .leftRight }) {
            parts.append("rep measures: the session's mean over its reps, SEM = rep-to-rep SD / √reps (at least \(Self.minReps) reps)")
        }
        if measures.contains(where: { $0.kind == .block }) {
            parts.append(
                "comparison figures: the session's mean over its \(String(format: "%g", ProgressSession.blockSeconds)) s blocks of the demonstration, SEM from the blocks' successive differences (√(Σ(next − this)² / 2(n − 1)) / √n, at least \(Self.minReps) blocks), which leaves out most of how the movement itself changes from block to block"
            )
        }
        if measures.contains(where: { $0.kind == .deviation }) {
            parts.append(
                "deviation between the sides: SEM from each side's noise over the baseline segment (robust SD), carried through the deviation's formula"
            )
        }
        if measures.contains(where: { $0.kind == .block }) {
            parts.append(
                "a comparison's change from the baseline is judged on the two sessions' paired block differences (blocks matched on the demonstrator's time, one demonstration), MDC95 = 1.96 × their successive-difference SEM"
            )
        }
        let formula = "1.96·√(SEM_baseline² + SEM_session²) (1.96·√2·SEM for equal SEMs)"
        let paired = measures.contains(where: { $0.kind == .block })
        parts.append(
            "a change is beyond the noise when it reaches MDC95" + (paired ? " (for sessions not paired, \(formula))" : " = " + formula)
                + " and the measure's resolution (1° for angles, 1 point for percentages, one frame for times)")
        let between = measures.filter { $0.betweenSessionMDC != nil }.count
        parts.append(
            between == 0
                ? "noise between sessions (another day, the camera placed again) is not in it: record two sessions on one day, or give a test-retest MDC, to include it"
                : "for \(between) of \(measures.count) measures also the noise between sessions (sessions on one day, or a test-retest MDC given: each measure says which)"
        )
        return parts.joined(separator: "; ")
    }

    /// The measures whose change at `session` (0-based) has `verdict`, in report order.
    public func measureNames(_ verdict: Verdict, at session: Int) -> [String] {
        measures.filter { $0.changes[session]?.verdict == verdict }.map(\.name)
    }

    /// A value in the measure's unit, with a precision that suits it.
    public static func format(_ value: Float, unit: String?) -> String {
        let digits =
            switch unit {
            case "deg", "degrees", "%": 1
            case "s": 2
            default: 3
            }
        // A value that rounds to zero prints as 0, never "-0.0".
        let shown = abs(value) < 0.5 * pow(10, -Float(digits)) ? 0 : value
        return String(format: "%.\(digits)f", shown)
    }

    // MARK: JSON

    /// Everything, for programs.
    public func json() -> String {
        func number(_ v: Float?) -> String { jsonNumber(v.flatMap { $0.isFinite ? $0 : nil }, digits: 4) }
        var out = "{\n  \"kind\": \"progress\",\n  \"engineVersion\": \(jsonString(KinetixVersion.current)),\n"
        out +=
            "  \"profile\": {\"id\": \(jsonString(profileID)), \"version\": \(jsonString(profileVersion)), \"title\": \(jsonString(profileTitle))},\n"
        out += "  \"noise\": \(jsonString(noiseText)),\n  \"minReps\": \(Self.minReps),\n  \"baseline\": \(baseline),\n"
        out +=
            "  \"sessions\": ["
            + sessions.map { s in
                "\n    {\"label\": \(jsonString(s.label)), \"date\": \(s.date.map(jsonString) ?? "null"), \"clip\": \(s.clipPath.map(jsonString) ?? "null"), "
                    + "\"sha256\": \(s.clipSHA256.map(jsonString) ?? "null"), \"void\": \(s.voidReason.map(jsonString) ?? "null"), \"dimensions\": \"\(s.dimensions)\", "
                    + "\"shoulderWidthRatio\": \(number(s.shoulderWidthRatio)), \"reps\": \(s.reps.count), \"weakerSide\": \(s.weakerSide.map { jsonString($0.rawValue) } ?? "null")}"
            }.joined(separator: ",") + "\n  ],\n"
        out +=
            "  \"flags\": ["
            + flags.map { "{\"session\": \($0.session.map(String.init) ?? "null"), \"problem\": \(jsonString($0.problem))}" }.joined(
                separator: ", ") + "],\n"
        out +=
            "  \"measures\": ["
            + measures.map { m in
                var item =
                    "\n    {\"name\": \(jsonString(m.name)), \"kind\": \"\(m.kind.rawValue)\", \"unit\": \(m.unit.map(jsonString) ?? "null"), "
                item += "\"better\": \(m.better.map { jsonString($0.rawValue) } ?? "null"), "
                item +=
                    "\"betweenSessionMDC\": \(number(m.betweenSessionMDC)), \"noiseSource\": \(jsonString(m.noiseSource)),\n     \"sessions\": ["
                item +=
                    sessions.indices.map { k in
                        let e = m.values[k]
                        var s =
                            "{\"value\": \(number(e.value)), \"sem\": \(number(e.standardError)), \"count\": \(e.count), \"note\": \(e.note.map(jsonString) ?? "null")"
                        if let c = m.changes[k] {
                            s +=
                                ", \"change\": \(number(c.difference)), \"mdc95\": \(number(c.mdc95)), \"verdict\": \(jsonString(c.verdict.rawValue))"
                        } else {
                            s += ", \"change\": null, \"mdc95\": null, \"verdict\": \(k == baseline ? "\"baseline\"" : "null")"
                        }
                        if m.kind == .deviation { s += ", \"weakerSide\": \(m.weakerSides[k].map { jsonString($0.rawValue) } ?? "null")" }
                        return s + "}"
                    }.joined(separator: ", ") + "],\n     \"trend\": "
                if let t = m.trend {
                    item +=
                        "{\"slopePerSession\": \(number(t.slopePerSession)), \"slopeSEM\": \(number(t.slopeStandardError)), \"beyondNoise\": \(t.beyondNoise), "
                        + "\"monotonic\": \(t.monotonic), \"verdict\": \(jsonString(t.verdict.rawValue))}"
                } else {
                    item += "null"
                }
                return item + "}"
            }.joined(separator: ",") + (measures.isEmpty ? "" : "\n  ") + "]\n}\n"
        return out
    }

}
