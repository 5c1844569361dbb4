import KinetixCore
import KinetixProfiles

extension AssessmentReport {
    // MARK: CSV

    /// One row per frame: `t` then each metric (empty when unknown).
    public func csv() -> String {
        let a = assessment
        var out = "t" + a.metrics.map { "," + $0.name }.joined() + "\n"
        for k in a.times.indices {
            out += jsonNumber(a.times[k], digits: 6)
            for m in a.metrics {
                let v = m.values.isEmpty ? Float.nan : m.values[k]
                out += "," + (v.isFinite ? jsonNumber(v, digits: 4) : "")
            }
            out += "\n"
        }
        return out
    }
}
