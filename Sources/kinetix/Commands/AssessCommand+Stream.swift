import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport

extension AssessCommand {
    /// `--live` on a stream: each frame through `LiveAssessment` as it arrives. Text
    /// prints each rep, finding and change of cue with its latency; JSON a line per
    /// frame with `latency`, then a `summary` line. Exit 69 when the source stopped
    /// before its end line.
    func runLiveStream(_ address: LiveSourceAddress, _ profile: Profile, parameters: ParameterValues, source: String)
        throws(CommandLineError) -> Int32
    {
        var run = LiveRun(
            [(address, address == .standardInput ? "-" : sidecar)], idleTimeout: idleTimeout, startTimeout: startTimeout, command: Self.spec
        )
        let header = try run.headers()[0]
        let rate = header.fps ?? Sidecar.fallbackFrameRate
        if header.fps == nil {
            printError("note: \(sidecar): the stream's header gives no fps; smoothing is set for \(jsonNumber(rate, digits: 3)) fps")
        }
        run.setRates([rate])
        var live: LiveAssessment
        do {
            live = try LiveAssessment(profile: profile, parameters: parameters, space: header.space, rate: rate, options: options)
        } catch {
            throw .failed(error)
        }
        let names = profile.metrics.map(\.name)
        var updates = LiveRun.Latencies()
        var reps = LiveRun.Latencies()
        var cues = LiveRun.Latencies()
        var shownCue: String?? = .none
        var lastTime: Double?
        var repCount = 0

        func body(_ write: (String) throws(CommandLineError) -> Void) throws(CommandLineError) {
            if format == .text { try write("live: \(profile.title) (\(source)), frames from \(run.sources[0].name) as they arrive\n") }
            while let frame = run.next() {
                let update: LiveAssessment.Update
                do { update = try live.append(frame.pose) } catch {
                    run.refused(frame, error)
                    continue
                }
                run.took(frame)
                lastTime = update.t
                repCount = update.reps
                let now = wallClock()
                let latency = updates.record(frame, now: now)
                let cueChanged = shownCue.map { $0 != update.cue } ?? true
                if cueChanged {
                    _ = cues.record(frame, now: now)
                    shownCue = .some(update.cue)
                }
                if update.completedRep != nil { _ = reps.record(frame, now: now) }
                if format == .json {
                    try write(String(update.jsonLine(metricNames: names).dropLast(2)) + ", \(latency)}\n")
                    continue
                }
                let after = frame.captured.map { String(format: "  (%.0f ms after capture)", (now - $0) * 1000) } ?? ""
                for line in update.textLines(cueChanged: cueChanged, suffix: after) { try write(line + "\n") }
            }
            let findings = live.finish()
            repCount = live.reps
            if format == .text {
                for finding in findings {
                    try write(String(format: "%7.2f s  ", finding.end) + "finding \(finding.rule): \(finding.detail)\n")
                }
                try write(
                    "stream summary (\(jsonNumber(rate, digits: 3)) fps, up to t=\(jsonNumber(lastTime ?? 0, digits: 3)) s): \(updates.fromArrival.count > 0 ? "" : "no frame; ")reps \(repCount)\n"
                        + run.sourcesText + updates.text("latency per frame") + cues.text("latency to a change of cue")
                        + reps.text("latency to a completed rep"))
            } else {
                try write(
                    "{\"summary\": {\"reps\": \(repCount), \"lastT\": \(jsonNumber(lastTime, digits: 6)), \"fps\": \(jsonNumber(rate, digits: 6)), "
                        + "\"findings\": [" + findings.map(\.json).joined(separator: ", ") + "], \"sources\": \(run.sourcesJSON), "
                        + "\"latency\": {\"frames\": \(updates.json), \"cues\": \(cues.json), \"reps\": \(reps.json)}}}\n")
            }
        }

        if let output {
            try writeAtomically(to: output, inputs: [source]) { write throws(CommandLineError) in
                try body { text throws(CommandLineError) in try writePiece(text, write) }
            }
        } else {
            try body { text throws(CommandLineError) in printOut(text, terminator: "") }
        }
        return run.anySourceStopped ? ExitCode.sourceStopped : ExitCode.success
    }
}
