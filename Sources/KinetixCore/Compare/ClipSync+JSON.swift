import Foundation

extension ClipSync.SetResult {
    /// The result for programs: `reference`, one entry per other clip (its synced offset
    /// and confidence, and its pair with the reference alone from `direct`, or why it failed),
    /// every pair, the tolerance and the worst loop. Times in seconds.
    public func json(files: [String], direct: [Pair]) -> String {
        let set = self
        func result(_ r: ClipSync.Result) -> String {
            "\"offsetSeconds\": \(jsonNumber(r.offsetSeconds, digits: 6)), \"rate\": \(jsonNumber(r.rate, digits: 6)), "
                + "\"confidence\": \(jsonNumber(r.confidence, digits: 3)), \"trusted\": \(r.isTrusted), \"correlation\": \(jsonNumber(r.correlation, digits: 3)), "
                + "\"signal\": \(jsonString(r.signal.rawValue)), \"precisionSeconds\": \(jsonNumber(r.precisionSeconds, digits: 6)), \"sharedSeconds\": \(jsonNumber(r.sharedSeconds, digits: 3)), "
                + "\"rival\": \(r.rival.map { "{\"offsetSeconds\": \(jsonNumber($0.offsetSeconds, digits: 6)), \"correlation\": \(jsonNumber($0.correlation, digits: 3))}" } ?? "null"), "
                + "\"warnings\": [\(r.warnings.map { jsonString($0.text) }.joined(separator: ", "))], "
                + "\"joints\": [\(r.joints.map { jsonString($0.name) }.joined(separator: ", "))], "
                + "\"limbs\": [\(r.limbs.map { jsonString($0.name) }.joined(separator: ", "))]"
        }
        let rows = (1..<files.count).map { c -> String in
            let placed = set.clips[c]
            let pair = direct[c - 1]
            var row =
                "{\"file\": \(jsonString(files[c])), \"syncedOffsetSeconds\": \(jsonNumber(placed.offsetSeconds, digits: 6)), "
                + "\"syncedConfidence\": \(jsonNumber(placed.confidence, digits: 3)), \"inconsistent\": \(placed.isInconsistent)"
            if let r = pair.result { row += ", " + result(r) } else { row += ", \"failure\": \(jsonString(pair.failure ?? ""))" }
            return row + "}"
        }
        let pairs = set.pairs.map { p -> String in
            var row =
                "{\"first\": \(jsonString(files[p.first])), \"second\": \(jsonString(files[p.second])), \"used\": \(p.isUsed), "
                + "\"residualSeconds\": \(jsonNumber(p.residualSeconds, digits: 6))"
            if let r = p.result { row += ", " + result(r) } else { row += ", \"failure\": \(jsonString(p.failure ?? ""))" }
            return row + "}"
        }
        return "{\"reference\": \(jsonString(files[0])), \"clips\": [\n  " + rows.joined(separator: ",\n  ") + "\n], \"pairs\": [\n  "
            + pairs.joined(separator: ",\n  ") + "\n], \"toleranceSeconds\": \(jsonNumber(set.toleranceSeconds, digits: 6)), "
            + "\"worstLoopSeconds\": \(jsonNumber(set.worstLoopSeconds, digits: 6))}"
    }
}
