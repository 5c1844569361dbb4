import Foundation

// JSON for movement onsets, cue reactions and pair latencies, each object's fields
// declared once (a `JSONKeys` enum). Times are seconds (6 decimals), speeds degrees per
// second (1 decimal); absent values are null.

extension Movement {
    /// The fields of a movement's JSON object.
    package enum Key: String, JSONKeys {
        case onsetSeconds, peakSeconds, peakSpeedDegreesPerSecond, endSeconds, limb, status
    }

    /// The JSON object.
    package var json: String {
        "{"
            + [
                Key.onsetSeconds.member(jsonNumber(onsetSeconds, digits: 6)), Key.peakSeconds.member(jsonNumber(peakSeconds, digits: 6)),
                Key.peakSpeedDegreesPerSecond.member(jsonNumber(peakSpeedDegreesPerSecond, digits: 1)),
                Key.endSeconds.member(jsonNumber(endSeconds, digits: 6)), Key.limb.member(limb.map { jsonString($0.name) } ?? "null"),
                Key.status.member("\"\(status.rawValue)\""),
            ].joined(separator: ", ") + "}"
    }
}

extension CueReaction {
    /// The fields of a judged cue's JSON object.
    package enum Key: String, JSONKeys {
        case t, label, onsetSeconds, reactionTimeSeconds, status
    }

    /// The JSON object.
    package var json: String {
        "{"
            + [
                Key.t.member(jsonNumber(t, digits: 6)), Key.label.member(jsonString(label)),
                Key.onsetSeconds.member(jsonNumber(onsetSeconds, digits: 6)),
                Key.reactionTimeSeconds.member(jsonNumber(reactionTimeSeconds, digits: 6)), Key.status.member("\"\(status.rawValue)\""),
            ].joined(separator: ", ") + "}"
    }
}

extension ReactionWindow {
    /// The window's fields, written as members of the object that holds them.
    package enum Key: String, JSONKeys {
        case minSeconds, maxSeconds, cueDisplayOffsetSeconds, cueDisplayOffsetCalibrated
    }

    /// The window as JSON members.
    package var json: String {
        [
            Key.minSeconds.member(jsonNumber(minSeconds, digits: 4)), Key.maxSeconds.member(jsonNumber(maxSeconds, digits: 4)),
            Key.cueDisplayOffsetSeconds.member(jsonNumber(cueDisplayOffsetSeconds, digits: 4)),
            Key.cueDisplayOffsetCalibrated.member("false"),
        ].joined(separator: ", ")
    }
}

extension MovementOnsets {
    /// The top-level fields of `json(source:cues:window:)`, in its order.
    package enum Key: String, JSONKeys {
        case kind, input, method, movements, window, cues
    }
    /// The fields of `input`.
    package enum InputKey: String, JSONKeys {
        case path, sha256, frames
    }
    /// The fields `method` adds to the detector's (`OnsetOptions.MethodKey`).
    package enum MethodKey: String, JSONKeys {
        case speedNoiseDegreesPerSecond, thresholdFloor
    }

    /// The `kinetix onset` document: method, movements and (when given) judged cues.
    public func json(source: Provenance.Input, cues: [CueReaction]?, window: ReactionWindow) -> String {
        var out = "{\n  " + Key.kind.member("\"onsets\"") + ",\n  "
        out +=
            Key.input.member(
                "{" + InputKey.path.member(jsonString(source.path)) + ", " + InputKey.sha256.member("\"\(source.sha256)\"") + ", "
                    + InputKey.frames.member("\(source.frames)") + "}") + ",\n"
        out +=
            "  "
            + Key.method.member(
                "{\(options.methodJSON(rate: speed.grid.rate)), "
                    + MethodKey.speedNoiseDegreesPerSecond.member(jsonNumber(speed.noiseDegreesPerSecond, digits: 2)) + ", "
                    + MethodKey.thresholdFloor.member("\"2 x the speed noise; movements peak above 3 x it\"") + "}") + ",\n"
        out +=
            "  " + Key.movements.quoted + ": [" + movements.map { "\n    " + $0.json }.joined(separator: ",")
            + (movements.isEmpty ? "" : "\n  ") + "]"
        if let cues {
            out +=
                ",\n  " + Key.window.member("{\(window.json)}") + ",\n  " + Key.cues.quoted + ": ["
                + cues.map { "\n    " + $0.json }.joined(separator: ",") + (cues.isEmpty ? "" : "\n  ") + "]"
        }
        return out + "\n}\n"
    }
}

extension PairReaction {
    /// The fields of the `reaction` block.
    package enum Key: String, JSONKeys {
        case method, movements, cues, summary
    }
    /// The fields of each of `movements`: a demonstrator's movement and the learner's answer.
    package enum MovementKey: String, JSONKeys {
        case demonstratorOnsetSeconds, demonstratorPeakSeconds, limb, fromRest, learnerOnsetSeconds, latencySeconds, trackingLagSeconds
        case status
    }
    /// The fields of `summary`.
    package enum SummaryKey: String, JSONKeys {
        case movements, answered, medianLatencySeconds, latencyQuartilesSeconds, cues, cuesAnswered
    }

    /// The `reaction` block of `compare --reaction` (one JSON object).
    package var json: String {
        var out = "{" + Key.method.member("{\(options.methodJSON(rate: rate)), \(window.json)}") + ",\n"
        out +=
            "    " + Key.movements.quoted + ": ["
            + pairs.map { p in
                "\n      {"
                    + [
                        MovementKey.demonstratorOnsetSeconds.member(jsonNumber(p.demonstratorOnsetSeconds, digits: 6)),
                        MovementKey.demonstratorPeakSeconds.member(jsonNumber(p.demonstratorPeakSeconds, digits: 6)),
                        MovementKey.limb.member(p.limb.map { jsonString($0.name) } ?? "null"), MovementKey.fromRest.member("\(p.fromRest)"),
                        MovementKey.learnerOnsetSeconds.member(jsonNumber(p.learnerOnsetSeconds, digits: 6)),
                        MovementKey.latencySeconds.member(jsonNumber(p.latencySeconds, digits: 6)),
                        MovementKey.trackingLagSeconds.member(jsonNumber(p.trackingLagSeconds, digits: 6)),
                        MovementKey.status.member("\"\(p.status.rawValue)\""),
                    ].joined(separator: ", ") + "}"
            }.joined(separator: ",") + (pairs.isEmpty ? "" : "\n    ") + "],\n"
        out +=
            "    " + Key.cues.quoted + ": [" + cues.map { "\n      " + $0.json }.joined(separator: ",") + (cues.isEmpty ? "" : "\n    ")
            + "],\n"
        let summary = latencySummary
        let quartiles = summary.map { "[\(jsonNumber($0.lower, digits: 4)), \(jsonNumber($0.upper, digits: 4))]" } ?? "null"
        out +=
            "    "
            + Key.summary.member(
                "{"
                    + [
                        SummaryKey.movements.member("\(pairs.count)"), SummaryKey.answered.member("\(latencies.count)"),
                        SummaryKey.medianLatencySeconds.member(jsonNumber(summary?.median, digits: 4)),
                        SummaryKey.latencyQuartilesSeconds.member(quartiles), SummaryKey.cues.member("\(cues.count)"),
                        SummaryKey.cuesAnswered.member("\(cues.filter { $0.status == .ok }.count)"),
                    ].joined(separator: ", ") + "}") + "}"
        return out
    }
}
