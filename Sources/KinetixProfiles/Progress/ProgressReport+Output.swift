import Foundation
import KinetixCore

extension ProgressReport {
    /// How the noise was estimated, in words, for every writer.
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

    /// What changed beyond the noise at `session` (0-based), in one line: "week 9:
    /// improved: depth, depthRatio; descentSeconds higher". The text report opens with
    /// the latest session's; the HTML page writes it for the session chosen.
    public func changedText(session k: Int) -> String {
        let label = sessions[k].label
        guard k != baseline else { return "\(label): the baseline, where changes are measured from" }
        // A void session judges nothing: never "nothing changed".
        if let reason = sessions[k].voidReason { return "\(label): void (\(reason)): nothing could be judged" }
        let improved = measureNames(.improved, at: k)
        let worse = measureNames(.worse, at: k)
        let changed = measures.compactMap { m in
            m.changes[k].flatMap { [.higher, .lower].contains($0.verdict) ? "\(m.name) \($0.verdict.rawValue)" : nil }
        }
        var parts: [String] = []
        if !improved.isEmpty { parts.append("improved: " + improved.joined(separator: ", ")) }
        if !worse.isEmpty { parts.append("worse: " + worse.joined(separator: ", ")) }
        if !changed.isEmpty { parts.append(changed.joined(separator: ", ")) }
        // What could not be judged is counted apart from what stayed within the noise.
        let within = measureNames(.withinNoise, at: k).count
        let unsure = measureNames(.cannotTell, at: k).count
        let unmeasured = measures.filter { $0.changes[k] == nil }.count
        if parts.isEmpty, within > 0, unsure == 0, unmeasured == 0 { return "\(label): nothing changed beyond the noise" }
        if within > 0 { parts.append("\(within) within the noise") }
        if unsure > 0 { parts.append("\(unsure) cannot tell (too few reps to know the noise)") }
        if unmeasured > 0 { parts.append("\(unmeasured) not measured") }
        return "\(label): " + (parts.isEmpty ? "no measure to judge" : parts.joined(separator: "; "))
    }

    /// The measures whose change at `session` (0-based) has `verdict`, in report order.
    public func measureNames(_ verdict: Verdict, at session: Int) -> [String] {
        measures.filter { $0.changes[session]?.verdict == verdict }.map(\.name)
    }

    /// Why there is no measure to follow, when `measures` is empty.
    public var emptyReason: String {
        if sessions.allSatisfy({ $0.voidReason != nil }) { return "every session is void (see the notes)" }
        return "no session measured any of the profile's rep summaries or symmetry measures"
    }

    /// The session's name with its date, when it has one that is not its name.
    func sessionName(_ k: Int) -> String {
        let s = sessions[k]
        guard let date = s.date, date != s.label else { return s.label }
        return "\(s.label) (\(date))"
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

    /// The measure's heading: name, unit and which way is better.
    public func headingText(_ m: Measure) -> String {
        var words = m.kind == .deviation ? "\(m.name): deviation between the sides, %" : m.name + (m.unit.map { " (\($0))" } ?? "")
        switch m.better {
        case .higher: words += ", higher is better"
        case .lower: words += ", lower is better"
        case .towardZero: words += ", nearer 0 is better"
        case nil: break
        }
        return words
    }

    /// The trend in words: "lower at every session, beyond the noise (improved)".
    public func trendSentence(_ m: Measure) -> String? {
        guard let t = m.trend else { return nil }
        let way = t.slopePerSession > 0 ? "higher" : "lower"
        let slope = Self.format(abs(t.slopePerSession), unit: m.unit)
        var text = t.monotonic ? "\(way) at every session" : "\(way) over the sessions"
        text += " (\(t.slopePerSession > 0 ? "+" : "−")\(slope) per session, ± \(Self.format(t.slopeStandardError, unit: m.unit)))"
        text += t.beyondNoise ? ", beyond the noise: \(t.verdict.rawValue)" : ", within the noise"
        return text
    }

    // MARK: Text

    /// A table per measure, for the therapist or coach.
    public func text() -> String {
        var out =
            "Progress: \(profileTitle) (\(ProgressSession.profileText(id: profileID, version: profileVersion))), \(sessions.count) sessions, baseline '\(sessions[baseline].label)'\n"
        out += "noise: " + noiseText + "\n"
        for flag in flags { out += "note: " + flag.problem + "\n" }
        if !measures.isEmpty { out += "latest: " + changedText(session: sessions.count - 1) + "\n" }
        let width = max(8, sessions.indices.map { sessionName($0).count }.max() ?? 0)
        for m in measures {
            out += "\n" + headingText(m) + "\n"
            let pad = { (s: String, n: Int) in s.padding(toLength: max(n, s.count), withPad: " ", startingAt: 0) }
            out +=
                "  " + pad("session", width) + "  " + pad("value ± SEM", 18) + pad(m.countHeading, 7)
                + pad("change", 10) + pad("MDC95", 9) + "verdict\n"
            for k in sessions.indices {
                let e = m.values[k]
                var value = e.value.map { Self.format($0, unit: m.unit) } ?? "—"
                if let se = e.standardError { value += " ± " + Self.format(se, unit: m.unit) }
                let count =
                    m.kind == .deviation ? (m.weakerSides.indices.contains(k) ? m.weakerSides[k]?.rawValue ?? "—" : "—") : "\(e.count)"
                var row = "  " + pad(sessionName(k), width) + "  " + pad(value, 18) + pad(count, 7)
                if k == baseline {
                    row += pad("—", 10) + pad("—", 9) + "baseline"
                } else if let c = m.changes[k] {
                    let sign = c.difference >= 0 ? "+" : "−"
                    row +=
                        pad(sign + Self.format(abs(c.difference), unit: m.unit), 10)
                        + pad(c.mdc95.map { Self.format($0, unit: m.unit) } ?? "—", 9) + c.verdict.rawValue
                } else {
                    row += pad("—", 10) + pad("—", 9) + "—"
                }
                if let note = e.note { row += "  (\(note))" }
                out += row + "\n"
            }
            if let trend = trendSentence(m) { out += "  trend: " + trend + "\n" }
            if m.betweenSessionMDC != nil { out += "  noise: " + m.noiseSource + "\n" }
        }
        if measures.isEmpty { out += "\nno measure to follow: " + emptyReason + "\n" }
        return out
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

    // MARK: CSV

    /// One row per measure and session: the table a spreadsheet charts. Text cells
    /// (labels, names, notes) can never run as formulas there (`csvTextCell`).
    public func csv() -> String {
        func cell(_ text: String) -> String { csvTextCell(text) }
        func number(_ v: Float?) -> String { v.flatMap { $0.isFinite ? jsonNumber($0, digits: 4) : nil } ?? "" }
        var out = "measure,kind,unit,session,label,date,value,sem,count,change,mdc95,verdict,weakerSide,note\n"
        for m in measures {
            for k in sessions.indices {
                let e = m.values[k]
                let c = m.changes[k]
                let s = sessions[k]
                let verdict = k == baseline ? "baseline" : c?.verdict.rawValue ?? ""
                let side = m.weakerSides.indices.contains(k) ? m.weakerSides[k]?.rawValue ?? "" : ""
                out +=
                    [
                        cell(m.name), m.kind.rawValue, cell(m.unit ?? ""), "\(k + 1)", cell(s.label), cell(s.date ?? ""), number(e.value),
                        number(e.standardError), "\(e.count)", number(c?.difference), number(c?.mdc95), verdict, side, cell(e.note ?? ""),
                    ]
                    .joined(separator: ",") + "\n"
            }
        }
        return out
    }
}
