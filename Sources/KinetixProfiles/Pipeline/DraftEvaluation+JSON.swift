import KinetixCore

extension DraftEvaluation {
    /// The evaluation for programs: `profile`, `clips`, `sameRepsPassing`,
    /// `differentFailing` (shares 0…1) and `sensitivity` (degrees). `profile`: where the
    /// profile came from.
    public func json(profile source: String) -> String {
        let e = self
        var out = ""
        out += "{\"profile\":" + jsonString(source) + ",\"clips\":["
        for (i, c) in e.clips.enumerated() {
            if i > 0 { out += "," }
            out +=
                "{\"clip\":\(jsonString(c.name)),\"sameMovement\":\(c.isSameMovement),\"status\":\(jsonString(c.voidReason == nil ? "ok" : "void"))"
            if let reason = c.voidReason { out += ",\"voidReason\":" + jsonString(reason) }
            out += ",\"reps\":\(c.reps),\"passingReps\":\(c.passingReps),\"findings\":\(c.findings),\"passes\":\(c.passes)}"
        }
        out +=
            "],\"sameRepsPassing\":" + jsonNumber(e.sameRepsPassing, digits: 4) + ",\"differentFailing\":"
            + jsonNumber(e.differentFailing, digits: 4)
        out +=
            ",\"sensitivity\":["
            + e.sensitivity.map {
                "{\"limb\":\(jsonString($0.limb.name)),\"smallestFlaggedDegrees\":\(jsonNumber($0.smallestFlaggedDegrees, digits: 1))}"
            }.joined(separator: ",") + "]}\n"
        return out
    }
}
