import Foundation
import KinetixCore
import KinetixProfiles

extension ProgressReport {
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
}
