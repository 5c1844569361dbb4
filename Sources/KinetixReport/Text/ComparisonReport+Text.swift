import Foundation
import KinetixCore

/// The comparison for people: the coach's summary, the learner's cues, one moment.
extension ComparisonReport {
    // MARK: - Text, for the coach

    /// The demonstrator's screen: a readable summary with a per-limb table.
    public func text() -> String {
        let s = summary
        let tolerance = String(format: "%.0f°", options.toleranceDegrees)
        var out = "Kinetix \(provenance.engineVersion): copy the demonstrator\n"
        for input in provenance.inputs {
            out += row(input.role, "\(input.path) (\(input.frames) frames)")
        }
        if let profile = provenance.profile {
            out += row("profile", "\(profile.id) \(profile.version) from \(profile.source)")
        }
        out += faultLines()
        out += row(
            "comparison",
            (options.mirror ? "mirrored (facing each other)" : "not mirrored (side by side)")
                + ", \(comparison.dimensions) angles"
                + String(
                    format: ", lag searched 0–%.2f s, %.2f fps grid, tolerance %@", options.maxLagSeconds, comparison.grid.rate, tolerance))
        out += "\n"
        if let median = s.medianLagSeconds, let quartiles = s.lagQuartilesSeconds {
            out += row(
                "lag",
                String(
                    format: "learner %.2f s (%.0f frames) behind (middle half of frames: %.2f–%.2f s)",
                    median, median * comparison.grid.rate, quartiles.lower, quartiles.upper)
                    + (s.lagConfidence.map { String(format: "; confidence %.2f", $0) } ?? ""))
        } else {
            out += row("lag", "no frame could be scored")
        }
        out += row(
            "scored",
            "\(s.scoredFrames) of \(s.frames) frames"
                + (s.unscoredFrames > 0
                    ? " (\(s.unscoredFrames) unscored: too few limbs tracked in both, or no demonstrator frame to match)" : ""))
        if let within = s.withinTolerancePercent {
            out += row("within \(tolerance)", String(format: "%.1f %% of scored frames (every limb)", within))
        }
        if let worst = s.worstLimb, let limb = s.limbs[worst.rawValue].meanErrorDegrees, let rms = s.limbs[worst.rawValue].rmsErrorDegrees {
            out += row("worst limb", String(format: "%@: mean %.1f°, RMS %.1f°", worst.spokenName, limb, rms))
        } else if s.scoredFrames > 0 {
            out += row("worst limb", "none: every limb matches exactly")
        }
        if let formBreak = s.formBreak {
            out += row(
                "form breaks",
                String(
                    format: "at %.2f s: %@ off by %+.0f°, %@ (up to %+.0f° at %.2f s; out of tolerance until %.2f s)",
                    formBreak.start, formBreak.limb.spokenName, formBreak.errorDegrees,
                    CueTrack.difference(for: formBreak.limb, error: formBreak.errorDegrees), formBreak.peakErrorDegrees,
                    formBreak.peakTime, formBreak.end))
        } else {
            out += row("form breaks", String(format: "never (no limb out of tolerance for %.1f s)", options.formBreakMinSeconds))
        }
        if let maxError = s.maxError {
            out += row(
                "max error",
                String(
                    format: "%+.1f° at %.2f s (%@: %@)", maxError.errorDegrees, maxError.t, maxError.limb.spokenName,
                    CueTrack.difference(for: maxError.limb, error: maxError.errorDegrees)))
        }
        if let note = shortLearnerNote { out += row("note", note) }
        if let warning = s.reliabilityWarning { out += row("warning", warning) }
        if let warning = facingWarning { out += row("warning", warning) }
        if s.scoredFrames > 0, Double(s.aheadFrames) / Double(s.scoredFrames) > 0.05 {
            out += row("note", "the learner was ahead of the demonstrator in \(s.aheadFrames) frames (scored at lag 0)")
        }
        if s.scoredFrames > 0, Double(s.framesAtMaxLag) / Double(s.scoredFrames) > 0.05 {
            out += row(
                "note",
                String(
                    format: "%d frames matched at the %.2f s limit: the learner may be further behind (search a longer lag)",
                    s.framesAtMaxLag, options.maxLagSeconds))
        }
        out += "\n" + "limb".padding(toLength: 16, withPad: " ", startingAt: 0) + "  mean     RMS  within \(tolerance)\n"
        for limb in Limb.allCases {
            let l = s.limbs[limb.rawValue]
            out += limb.spokenName.padding(toLength: 16, withPad: " ", startingAt: 0)
            if let mean = l.meanErrorDegrees, let rms = l.rmsErrorDegrees, let within = l.withinTolerancePercent {
                out += String(format: "%5.1f°  %5.1f°  %8.1f %%", mean, rms, within)
            } else {
                out += "    —       —          —"
            }
            out += limb == s.worstLimb ? "   ← worst\n" : "\n"
        }
        out +=
            "\nErrors are the learner's limb angle minus the demonstrator's\(options.mirror ? " mirrored" : "") limb at the matched lag.\n"
        if let reaction { out += reaction.text }
        return out
    }

    /// One line per input with estimator faults, for the text report.
    func faultLines() -> String {
        faults.filter { !$0.faults.isEmpty }.map { check in
            row("faults", "\(check.role): \(check.sentence)")
        }.joined()
    }

    /// The learner's screen: one cue at a time, words only.
    public func cueText() -> String {
        guard cues.cues.isEmpty else {
            return cues.cues.map { String(format: "%6.2f–%6.2f s  ", $0.start, $0.end) + $0.text }.joined(separator: "\n") + "\n"
        }
        return "no cue was shown: \(noCueReason)\n"
    }

    /// Why the learner's screen stayed empty, in words.
    public var noCueReason: String {
        if summary.scoredFrames == 0 {
            return "no frame could be scored (too few limbs tracked in both, or no demonstrator frame to match)"
        }
        return String(format: "no cue persisted for the %.1f s a cue needs before it shows", CueTrack.onsetSeconds)
    }

    /// Both clips at one moment.
    public func momentText(at t: Double) -> String {
        guard let m = comparison.moment(at: t, cues: cues) else { return "no learner frame to show\n" }
        var out = ""
        // A time outside the learner's clip is shown at its nearest end (the moment more than
        // half a grid step from the time asked), and says so.
        if !(abs(t - m.learnerTime) <= 0.5 / comparison.grid.rate) {
            let before = t < m.learnerTime
            out +=
                t.isNaN
                ? "asked for a time that is not a number: the learner's first frame is shown\n"
                : String(
                    format: "asked for %.3f s, %@ the learner's clip (%.3f–%.3f s): its %@ frame is shown\n",
                    t, before ? "before" : "after", comparison.times[0], comparison.times[comparison.frameCount - 1],
                    before ? "first" : "last")
        }
        out += String(format: "learner     %.3f s (grid frame %d, source frame %d)\n", m.learnerTime, m.frame, m.learnerSourceFrame)
        if let demoTime = m.demonstratorTime, let lag = m.lagSeconds, let source = m.demonstratorSourceFrame {
            out += String(format: "demonstrator %.3f s (source frame %d): lag %.3f s\n", demoTime, source, lag)
        } else {
            out += "demonstrator —: this frame is unscored\n"
        }
        out += "\n" + "limb".padding(toLength: 16, withPad: " ", startingAt: 0) + " learner  demonstrator   error\n"
        func degrees(_ v: Float, sign: Bool = false) -> String {
            v.isNaN ? "      —" : String(format: sign ? "%+6.1f°" : "%6.1f°", v)
        }
        for limb in Limb.allCases {
            let i = limb.rawValue
            out +=
                limb.spokenName.padding(toLength: 16, withPad: " ", startingAt: 0)
                + " \(degrees(m.learnerAngles[i]))        \(degrees(m.demonstratorAngles[i]))  \(degrees(m.errors[i], sign: true))"
                + (abs(m.errors[i]) > options.toleranceDegrees ? "   " + CueTrack.difference(for: limb, error: m.errors[i]) : "") + "\n"
        }
        out += "\ncue on the learner's screen: \(m.cue ?? "—")\n"
        return out
    }

    private func row(_ name: String, _ value: String) -> String {
        name.padding(toLength: 14, withPad: " ", startingAt: 0) + value + "\n"
    }
}
