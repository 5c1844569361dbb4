import KinetixCore
import KinetixProfiles

extension ProgressReport {
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
