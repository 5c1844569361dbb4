import Foundation

// JSON and text for movement onsets, cue reactions and pair latencies. Times are
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

    /// One line for people.
    package var text: String {
        let what =
            switch status {
            case .ok: String(format: "reacted in %.3f s", reactionTimeSeconds ?? 0)
            case .falseStart: String(format: "false start (%.3f s after the cue)", reactionTimeSeconds ?? 0)
            case .movingAtCue: "already moving when the cue came"
            case .noResponse: "no response"
            case .untracked: "not judged: tracking lost"
            case .beforeClip: "not judged: before the clip starts"
            case .afterClip: "not judged: after the clip ends"
            }
        return String(format: "  cue %8.3f s  %@: %@\n", t, label, what)
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

    /// The text report: the method, then one line per movement (and cue).
    public func text(source: Provenance.Input, cues: [CueReaction]?) -> String {
        var out = "Kinetix \(KinetixVersion.current): movement onsets of \(source.path) (\(source.frames) frames)\n"
        out += "method: \(options.methodText(rate: speed.grid.rate))\n"
        out += String(
            format: "speed noise from the estimator's jitter: %.1f °/s (thresholds never go below 2×, peaks below 3× are ignored)\n",
            speed.noiseDegreesPerSecond)
        out += "\(movements.count) movement\(movements.count == 1 ? "" : "s")\n"
        for m in movements {
            let onset = m.onsetSeconds.map { String(format: "%8.3f s", $0) } ?? "       — "
            out += String(
                format: "  onset %@  peak %8.3f s at %5.0f °/s  %@%@\n", onset, m.peakSeconds, m.peakSpeedDegreesPerSecond,
                m.limb?.name ?? "", m.status == .ok ? "" : "  (\(m.status.phrase))")
        }
        if let cues {
            out += "\(cues.count) cue\(cues.count == 1 ? "" : "s")\n" + cues.map(\.text).joined()
        }
        return out
    }
}

extension Movement.Status {
    /// In words, for the text reports.
    var phrase: String {
        switch self {
        case .ok: "from rest"
        case .untracked: "untracked: the onset is uncertain"
        case .noQuietBefore: "after a turn: no rest before"
        }
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

    /// The reaction section of the text report.
    package var text: String {
        var out = "\nreaction (movement onsets: \(options.methodText(rate: rate)))\n"
        if let s = latencySummary {
            out += String(
                format: "  learner starts %.2f s after the demonstrator (median of %d; middle half %.2f–%.2f s)\n",
                s.median, latencies.count, s.lower, s.upper)
        } else {
            out +=
                "  no demonstrator movement was answered inside \(jsonNumber(window.minSeconds, digits: 2))–\(jsonNumber(window.maxSeconds, digits: 2)) s\n"
        }
        for p in pairs {
            let demo = p.demonstratorOnsetSeconds.map { String(format: "%8.3f s", $0) } ?? "       — "
            let answer =
                switch p.status {
                case .ok:
                    String(
                        format: "learner %8.3f s, latency %.3f s%@", p.learnerOnsetSeconds ?? 0, p.latencySeconds ?? 0,
                        p.trackingLagSeconds.map { String(format: " (lag search %.3f s)", $0) } ?? "")
                case .noResponse: "no response"
                case .untracked: "not judged: tracking lost"
                case .underWayAtStart: "not judged: under way as the clip begins"
                }
            out += "  demonstrator \(demo) \(p.limb?.name ?? "")\(p.fromRest ? "" : " (after a turn)")  →  \(answer)\n"
        }
        if !cues.isEmpty { out += "learner's cues\n" + cues.map(\.text).joined() }
        return out
    }
}
