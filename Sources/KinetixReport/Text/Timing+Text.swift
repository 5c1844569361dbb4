import Foundation
import KinetixCore

// Movement onsets, cue reactions and pair latencies for people. Times in seconds.

extension PairReaction {
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

extension MovementOnsets {
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

extension CueReaction {
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

extension OnsetOptions {
    /// The method in words, for the text report.
    package func methodText(rate: Double) -> String {
        let how =
            switch detector {
            case .fractionOfPeak: "\(Int((peakFraction * 100).rounded())) % of peak speed"
            case .baselineSD: "baseline mean + \(baselineK.formatted()) SD"
            case .extrapolation: "rising flank (\(Int(flankLow * 100))–\(Int(flankHigh * 100)) % of peak) extrapolated to zero"
            }
        return "\(how); speed of \(limbs.count == Limb.count ? "all nine limbs" : limbs.map(\.name).joined(separator: ", ")), "
            + "\(cutoffHertz.formatted()) Hz low-pass, \(rate.formatted()) fps; movements peak ≥ \(minPeakSpeed.formatted()) °/s "
            + "after ≥ \(quietSeconds.formatted()) s quiet"
    }
}

extension Double {
    fileprivate func formatted() -> String { jsonNumber(self, digits: 3) }
}
