import Foundation
import KinetixCore
import KinetixReport

extension CompareCommand {
    /// `--live` with a stream among the inputs: frames through `LiveComparison` as they
    /// arrive, a recorded input fed as the streams' clock passes its frames (a
    /// demonstrator frame first on a tie, as `LiveComparison.replay`). Each update
    /// carries the latency of the frame whose arrival produced it; a summary closes it.
    func runLiveStreams() throws(CommandLineError) -> Int32 {
        let roles = [(demonstrator, streams.demonstrator), (learner, streams.learner)]
        let streamRoles = roles.indices.filter { roles[$0].1 != nil }
        var run = LiveRun(
            streamRoles.map { (roles[$0].1!, roles[$0].0) }, idleTimeout: idleTimeout, startTimeout: startTimeout, command: Self.spec)
        // Recorded inputs: loaded whole.
        var files: [Sidecar?] = [nil, nil]
        for i in roles.indices where roles[i].1 == nil {
            files[i] = try loadClip(
                roles[i].0, role: i == 0 ? ComparisonReport.demonstratorRole : ComparisonReport.learnerRole, limits: limits
            ).sidecar
        }
        let headers = try run.headers()
        func header(_ role: Int) -> LiveStream.Header? { streamRoles.firstIndex(of: role).map { headers[$0] } }
        let spaces = (0..<2).map { header($0)?.space ?? files[$0]!.space }
        for (i, space) in spaces.enumerated() where space.depth != nil {
            throw .failed(
                KinetixError(
                    .unsupported, file: roles[i].0, field: "space.depth",
                    "live comparison reads cameras' 2D joints: measure this clip with --2d offline, or leave --live out"))
        }
        let rate = options.rate ?? files[1].map { options.analysisRate(learner: $0) } ?? header(1)?.fps ?? Sidecar.fallbackFrameRate
        run.setRates(streamRoles.map { header($0)?.fps ?? rate })
        var live: LiveComparison
        do { live = try LiveComparison(options: options, rate: rate, demonstratorSpace: spaces[0], learnerSpace: spaces[1]) } catch {
            throw .failed(error)
        }

        var provisional = LiveRun.Latencies()
        var finals = LiveRun.Latencies()
        var cueChanges = LiveRun.Latencies()
        var next = [0, 0]
        var finalCount = 0
        var lastCue: String?? = .none
        var lastLine = -Double.infinity

        func body(_ write: (String) throws(CommandLineError) -> Void) throws(CommandLineError) {
            if format == .text {
                try write(
                    String(
                        format: "live at %.2f fps on streams; final results come %.2f s behind the newest frame\n", rate,
                        live.latencySeconds))
            }
            /// Writes an update: JSON with the latency of `frame` (when a stream frame caused it), text as the replay does.
            func show(_ update: LiveComparison.Update, causedBy frame: LiveRun.Frame?) throws(CommandLineError) {
                let now = wallClock()
                var latency = "\"latency\": null"
                if let frame {
                    latency = update.isFinal ? finals.record(frame, now: now) : provisional.record(frame, now: now)
                    if !update.isFinal, lastCue.map({ $0 != update.cue }) ?? true { _ = cueChanges.record(frame, now: now) }
                }
                if update.isFinal { finalCount += 1 }
                defer { if !update.isFinal { lastCue = .some(update.cue) } }
                if format == .json { return try write(String(update.jsonLine.dropLast(2)) + ", \(latency)}\n") }
                if update.isFinal { return }
                let t = update.frame.t
                guard lastCue.map({ $0 != update.cue }) ?? true || t - lastLine >= 1 - 1e-9 else { return }
                lastLine = t
                let afterCapture = frame?.captured.map { String(format: "  (%.0f ms after capture)", (now - $0) * 1000) } ?? ""
                try write(update.textLine(suffix: afterCapture) + "\n")
            }
            /// Feeds recorded frames whose shared-clock time is before `time` (at or before, for the demonstrator).
            func feedFiles(upTo time: Double, causedBy frame: LiveRun.Frame?) throws(CommandLineError) {
                if let clip = files[0] {
                    while next[0] < clip.frameCount, clip.times[next[0]] <= time {
                        do { try live.appendDemonstrator(clip.poseFrame(next[0])) } catch { throw .failed(refusedRecorded(error, 0, clip)) }
                        next[0] += 1
                    }
                }
                if let clip = files[1] {
                    while next[1] < clip.frameCount, clip.times[next[1]] + options.offsetSeconds < time {
                        let update: LiveComparison.Update
                        do { update = try live.appendLearner(clip.poseFrame(next[1])) } catch {
                            throw .failed(refusedRecorded(error, 1, clip))
                        }
                        try show(update, causedBy: nil)
                        next[1] += 1
                    }
                }
            }
            while let frame = run.next() {
                let role = streamRoles[frame.source]
                if role == 0 {
                    try feedFiles(upTo: frame.pose.time - 1e-12, causedBy: frame)
                    do {
                        try live.appendDemonstrator(frame.pose)
                        run.took(frame)
                    } catch {
                        run.refused(frame, error)
                        continue
                    }
                } else {
                    try feedFiles(upTo: frame.pose.time + options.offsetSeconds, causedBy: frame)
                    let update: LiveComparison.Update
                    do { update = try live.appendLearner(frame.pose) } catch {
                        run.refused(frame, error)
                        continue
                    }
                    run.took(frame)
                    try show(update, causedBy: frame)
                }
                for update in live.takeFinalUpdates() { try show(update, causedBy: frame) }
            }
            try feedFiles(upTo: .infinity, causedBy: nil)
            live.finish()
            for update in live.takeFinalUpdates() { try show(update, causedBy: nil) }
            if format == .text {
                try write(
                    "\(finalCount) frames final\nstream summary (\(jsonNumber(rate, digits: 3)) fps):\n" + run.sourcesText
                        + provisional.text("latency to the learner's screen (provisional updates)")
                        + cueChanges.text("latency to a change of cue")
                        + finals.text(
                            "latency to final results (\(jsonNumber(live.latencySeconds, digits: 3)) s of frames behind by design)"))
            } else {
                try write(
                    "{\"summary\": {\"finalFrames\": \(finalCount), \"fps\": \(jsonNumber(rate, digits: 6)), \"finalDelaySeconds\": \(jsonNumber(live.latencySeconds, digits: 6)), "
                        + "\"sources\": \(run.sourcesJSON), \"latency\": {\"provisional\": \(provisional.json), \"cues\": \(cueChanges.json), \"final\": \(finals.json)}}}\n"
                )
            }
        }

        if let output {
            try writeAtomically(to: output, inputs: roles.filter { $0.1 == nil }.map(\.0)) { write throws(CommandLineError) in
                try body { text throws(CommandLineError) in try writePiece(text, write) }
            }
        } else {
            try body { text throws(CommandLineError) in printOut(text, terminator: "") }
        }
        return run.anySourceStopped ? ExitCode.sourceStopped : ExitCode.success
    }

    private func refusedRecorded(_ refusal: LiveFrameRefusal, _ role: Int, _ clip: Sidecar) -> KinetixError {
        KinetixError(.invalidData, file: role == 0 ? demonstrator : learner, field: "t", "a recorded frame was refused: \(refusal.message)")
    }
}
