import Foundation

// JSON for movement onsets, cue reactions and pair latencies. Times are
// seconds (6 decimals), speeds degrees per second (1 decimal); absent values are null.

extension Movement {
    /// The JSON object.
    package var json: String {
        "{\"onsetSeconds\": \(jsonNumber(onsetSeconds, digits: 6)), \"peakSeconds\": \(jsonNumber(peakSeconds, digits: 6)), "
            + "\"peakSpeedDegreesPerSecond\": \(jsonNumber(peakSpeedDegreesPerSecond, digits: 1)), "
            + "\"endSeconds\": \(jsonNumber(endSeconds, digits: 6)), \"limb\": \(limb.map { jsonString($0.name) } ?? "null"), "
            + "\"status\": \"\(status.rawValue)\"}"
    }
}

extension CueReaction {
    /// The JSON object.
    package var json: String {
        "{\"t\": \(jsonNumber(t, digits: 6)), \"label\": \(jsonString(label)), \"onsetSeconds\": \(jsonNumber(onsetSeconds, digits: 6)), "
            + "\"reactionTimeSeconds\": \(jsonNumber(reactionTimeSeconds, digits: 6)), \"status\": \"\(status.rawValue)\"}"
    }
}

extension ReactionWindow {
    /// The window as JSON members.
    package var json: String {
        "\"minSeconds\": \(jsonNumber(minSeconds, digits: 4)), \"maxSeconds\": \(jsonNumber(maxSeconds, digits: 4)), "
            + "\"cueDisplayOffsetSeconds\": \(jsonNumber(cueDisplayOffsetSeconds, digits: 4)), "
            + "\"cueDisplayOffsetCalibrated\": false"
    }
}

extension MovementOnsets {
    /// The `kinetix onset` document: method, movements and (when given) judged cues.
    public func json(source: Provenance.Input, cues: [CueReaction]?, window: ReactionWindow) -> String {
        var out =
            "{\n  \"kind\": \"onsets\",\n  \"input\": {\"path\": \(jsonString(source.path)), \"sha256\": \"\(source.sha256)\", \"frames\": \(source.frames)},\n"
        out +=
            "  \"method\": {\(options.methodJSON(rate: speed.grid.rate)), "
            + "\"speedNoiseDegreesPerSecond\": \(jsonNumber(speed.noiseDegreesPerSecond, digits: 2)), "
            + "\"thresholdFloor\": \"2 x the speed noise; movements peak above 3 x it\"},\n"
        out += "  \"movements\": [" + movements.map { "\n    " + $0.json }.joined(separator: ",") + (movements.isEmpty ? "" : "\n  ") + "]"
        if let cues {
            out +=
                ",\n  \"window\": {\(window.json)},\n  \"cues\": [" + cues.map { "\n    " + $0.json }.joined(separator: ",")
                + (cues.isEmpty ? "" : "\n  ") + "]"
        }
        return out + "\n}\n"
    }
}

extension PairReaction {
    /// The `reaction` block of `compare --reaction` (one JSON object).
    package var json: String {
        var out = "{\"method\": {\(options.methodJSON(rate: rate)), \(window.json)},\n"
        out +=
            "    \"movements\": ["
            + pairs.map { p in
                "\n      {\"demonstratorOnsetSeconds\": \(jsonNumber(p.demonstratorOnsetSeconds, digits: 6)), "
                    + "\"demonstratorPeakSeconds\": \(jsonNumber(p.demonstratorPeakSeconds, digits: 6)), "
                    + "\"limb\": \(p.limb.map { jsonString($0.name) } ?? "null"), \"fromRest\": \(p.fromRest), "
                    + "\"learnerOnsetSeconds\": \(jsonNumber(p.learnerOnsetSeconds, digits: 6)), \"latencySeconds\": \(jsonNumber(p.latencySeconds, digits: 6)), "
                    + "\"trackingLagSeconds\": \(jsonNumber(p.trackingLagSeconds, digits: 6)), \"status\": \"\(p.status.rawValue)\"}"
            }.joined(separator: ",") + (pairs.isEmpty ? "" : "\n    ") + "],\n"
        out += "    \"cues\": [" + cues.map { "\n      " + $0.json }.joined(separator: ",") + (cues.isEmpty ? "" : "\n    ") + "],\n"
        let summary = latencySummary
        out += "    \"summary\": {\"movements\": \(pairs.count), \"answered\": \(latencies.count), "
        out += "\"medianLatencySeconds\": \(jsonNumber(summary?.median, digits: 4)), "
        out +=
            "\"latencyQuartilesSeconds\": "
            + (summary.map { "[\(jsonNumber($0.lower, digits: 4)), \(jsonNumber($0.upper, digits: 4))]" } ?? "null")
        out += ", \"cues\": \(cues.count), \"cuesAnswered\": \(cues.filter { $0.status == .ok }.count)}}"
        return out
    }
}
