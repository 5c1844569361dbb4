import Foundation

extension ClipSync.SetResult {
    /// The top-level fields of `json(files:direct:)`, in its order.
    package enum Key: String, JSONKeys {
        case reference, clips, pairs, toleranceSeconds, worstLoopSeconds
    }
    /// The fields of each of `clips`, before its pair with the reference (`ResultKey`) or its `failure`.
    package enum ClipKey: String, JSONKeys {
        case file, syncedOffsetSeconds, syncedConfidence, inconsistent, failure
    }
    /// The fields of each of `pairs`, before its result (`ResultKey`) or its `failure`.
    package enum PairKey: String, JSONKeys {
        case first, second, used, residualSeconds, failure
    }
    /// The fields of a pair's result.
    package enum ResultKey: String, JSONKeys {
        case offsetSeconds, rate, confidence, trusted, correlation, signal, precisionSeconds, sharedSeconds, rival, warnings, joints
        case limbs
    }
    /// The fields of a result's `rival`: the second-best offset.
    package enum RivalKey: String, JSONKeys {
        case offsetSeconds, correlation
    }

    /// The result for programs: `reference`, one entry per other clip (its synced offset
    /// and confidence, and its pair with the reference alone from `direct`, or why it failed),
    /// every pair, the tolerance and the worst loop. Times in seconds.
    public func json(files: [String], direct: [Pair]) -> String {
        func list(_ items: [String]) -> String { "[" + items.map(jsonString).joined(separator: ", ") + "]" }
        func result(_ r: ClipSync.Result) -> String {
            let rival = r.rival.map {
                "{" + RivalKey.offsetSeconds.member(jsonNumber($0.offsetSeconds, digits: 6)) + ", "
                    + RivalKey.correlation.member(jsonNumber($0.correlation, digits: 3)) + "}"
            }
            return [
                ResultKey.offsetSeconds.member(jsonNumber(r.offsetSeconds, digits: 6)),
                ResultKey.rate.member(jsonNumber(r.rate, digits: 6)),
                ResultKey.confidence.member(jsonNumber(r.confidence, digits: 3)), ResultKey.trusted.member("\(r.isTrusted)"),
                ResultKey.correlation.member(jsonNumber(r.correlation, digits: 3)), ResultKey.signal.member(jsonString(r.signal.rawValue)),
                ResultKey.precisionSeconds.member(jsonNumber(r.precisionSeconds, digits: 6)),
                ResultKey.sharedSeconds.member(jsonNumber(r.sharedSeconds, digits: 3)), ResultKey.rival.member(rival ?? "null"),
                ResultKey.warnings.member(list(r.warnings.map(\.text))), ResultKey.joints.member(list(r.joints.map(\.name))),
                ResultKey.limbs.member(list(r.limbs.map(\.name))),
            ].joined(separator: ", ")
        }
        let rows = (1..<files.count).map { c -> String in
            let placed = clips[c]
            let pair = direct[c - 1]
            let outcome = pair.result.map(result) ?? ClipKey.failure.member(jsonString(pair.failure ?? ""))
            return "{"
                + [
                    ClipKey.file.member(jsonString(files[c])),
                    ClipKey.syncedOffsetSeconds.member(jsonNumber(placed.offsetSeconds, digits: 6)),
                    ClipKey.syncedConfidence.member(jsonNumber(placed.confidence, digits: 3)),
                    ClipKey.inconsistent.member("\(placed.isInconsistent)"), outcome,
                ].joined(separator: ", ") + "}"
        }
        let pairs = self.pairs.map { p -> String in
            let outcome = p.result.map(result) ?? PairKey.failure.member(jsonString(p.failure ?? ""))
            return "{"
                + [
                    PairKey.first.member(jsonString(files[p.first])), PairKey.second.member(jsonString(files[p.second])),
                    PairKey.used.member("\(p.isUsed)"), PairKey.residualSeconds.member(jsonNumber(p.residualSeconds, digits: 6)), outcome,
                ].joined(separator: ", ") + "}"
        }
        return "{" + Key.reference.member(jsonString(files[0])) + ", " + Key.clips.quoted + ": [\n  " + rows.joined(separator: ",\n  ")
            + "\n], " + Key.pairs.quoted + ": [\n  " + pairs.joined(separator: ",\n  ") + "\n], "
            + Key.toleranceSeconds.member(jsonNumber(toleranceSeconds, digits: 6)) + ", "
            + Key.worstLoopSeconds.member(jsonNumber(worstLoopSeconds, digits: 6)) + "}"
    }
}
