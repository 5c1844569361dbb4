import KinetixCore

extension ComparisonReport {
    // MARK: - CSV

    /// One row per learner video frame (as `frames[]`): frame, its time, the grid time
    /// the figures come from, lag, distance, worst limb, then each limb's absolute error
    /// in degrees. Unscored values are empty fields.
    public func csv() -> String {
        let c = comparison
        var out = "frame,t,gridT,lagSeconds,distanceDegrees,worstLimb,ahead," + Limb.allCases.map(\.name).joined(separator: ",") + "\n"
        func field(_ text: String) -> String { text == "null" ? "" : text }
        for i in 0..<c.learnerFrameCount {
            let row = c.learnerFrame(i)
            out +=
                "\(i)," + jsonNumber(row.t, digits: 6) + "," + jsonNumber(row.gridT, digits: 6) + ","
                + field(jsonNumber(row.lagSeconds, digits: 6))
            out += "," + field(jsonNumber(row.distanceDegrees, digits: 3)) + "," + (row.worstLimb?.name ?? "") + ",\(row.ahead ? 1 : 0)"
            for limb in Limb.allCases { out += "," + field(jsonNumber(abs(row.errors[limb.rawValue]), digits: 2)) }
            out += "\n"
        }
        return out
    }
}
