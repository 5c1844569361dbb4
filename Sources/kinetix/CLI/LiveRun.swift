import Foundation
import KinetixCore

/// The live sources of one `--live` run on streams: lines read as they arrive, decoded,
/// what became of each source's frames, how each ended, and the latencies measured.
struct LiveRun {
    /// How a source ended.
    enum Ending: String {
        /// It sent the end line.
        case endLine
        /// It closed without the end line (the producer stopped, or was killed).
        case closed
        /// It sent nothing for the idle timeout.
        case idle
    }

    struct Source {
        let name: String
        var decoder: LiveStream.Decoder
        var health = LiveStreamHealth(fps: Sidecar.fallbackFrameRate)
        var ending: Ending?
        var lastLine: Double?
        var reported = 0
    }

    /// A frame read from a source.
    struct Frame {
        var source: Int
        var pose: PoseFrame
        var captured: Double?
        var received: Double
        var line: Int
    }

    /// Latencies: from a frame's capture and from its arrival, to the output it caused.
    struct Latencies {
        var fromCapture = LatencyStatistics()
        var fromArrival = LatencyStatistics()

        /// Records the output made now for `frame`; returns the JSON member `"latency": {…}`.
        mutating func record(_ frame: Frame, now: Double) -> String {
            let capture = frame.captured.map { (now - $0) * 1000 }
            let arrival = (now - frame.received) * 1000
            if let capture { fromCapture.record(capture) }
            fromArrival.record(arrival)
            return
                "\"latency\": {\"fromCaptureMs\": \(jsonNumber(capture, digits: 3)), \"fromArrivalMs\": \(jsonNumber(arrival, digits: 3))}"
        }

        var json: String { "{\"fromCapture\": \(fromCapture.json), \"fromArrival\": \(fromArrival.json)}" }

        func text(_ what: String) -> String {
            func figures(_ s: LatencyStatistics) -> String {
                guard s.count > 0 else { return "none measured" }
                return String(format: "median %.2f ms, p99 %.2f ms, max %.2f ms", s.quantile(0.5)!, s.quantile(0.99)!, s.maxMilliseconds)
            }
            return
                "  \(what), \(fromArrival.count): from capture \(figures(fromCapture)); from arrival (the engine) \(figures(fromArrival))\n"
        }
    }

    private(set) var sources: [Source]
    private let inbox: LiveInbox
    let idleTimeout: Double
    /// How long to wait for every source's header line, seconds.
    let startTimeout: Double
    private var held: [LiveInbox.Event] = []
    private let command: CommandSpec

    /// Starts reading `addresses` (named `names` in messages).
    init(
        _ addresses: [(address: LiveSourceAddress, name: String)], idleTimeout: Double, startTimeout: Double = LiveRun.defaultStartTimeout,
        command: CommandSpec
    ) {
        self.startTimeout = startTimeout
        sources = addresses.map { Source(name: $0.name, decoder: LiveStream.Decoder(source: $0.name)) }
        inbox = LiveInbox(addresses.map(\.address))
        self.idleTimeout = idleTimeout
        self.command = command
    }

    /// Waits for every source's header (frames of a source that is ready are held), at
    /// most `startTimeout` seconds.
    /// - Throws: exit 65 for a first line that is not a header, 66 for a source that
    ///   cannot be opened, closes before its header or sends none in time.
    mutating func headers() throws(CommandLineError) -> [LiveStream.Header] {
        let deadline = wallClock() + startTimeout
        while sources.contains(where: { $0.decoder.header == nil }) {
            guard let event = inbox.next(timeout: max(0, deadline - wallClock())) else {
                guard wallClock() >= deadline else { continue }
                let silent = sources.filter { $0.decoder.header == nil }.map(\.name)
                throw .failed(
                    KinetixError(
                        .unreadable, file: silent[0],
                        "no header line within \(jsonNumber(startTimeout, digits: 3)) s: the source never started"
                            + (silent.count > 1 ? " (nor \(silent.dropFirst().joined(separator: ", ")))" : "") + " [--start-timeout]"))
            }
            switch event {
            case .note(let s, let text): printError("note: \(sources[s].name): \(text)")
            case .failed(_, let text): throw .failed(KinetixError(.unreadable, text))
            case .closed(let s) where sources[s].decoder.header == nil:
                throw .failed(KinetixError(.unreadable, file: sources[s].name, "the stream closed before its header line"))
            case .line(let s, let bytes, _) where sources[s].decoder.header == nil:
                do { _ = try sources[s].decoder.decode(bytes) } catch { throw .failed(error) }
            default: held.append(event)
            }
        }
        return sources.map { $0.decoder.header! }
    }

    /// Sets each source's frame rate, for its gap count.
    mutating func setRates(_ rates: [Double]) {
        for i in sources.indices { sources[i].health = LiveStreamHealth(fps: rates[i]) }
    }

    /// The next frame, in arrival order; nil once every source has ended. Unreadable
    /// lines are reported on standard error and skipped.
    mutating func next() -> Frame? {
        while sources.contains(where: { $0.ending == nil }) {
            let event: LiveInbox.Event
            if !held.isEmpty {
                event = held.removeFirst()
            } else {
                let now = wallClock()
                let waits = sources.filter { $0.ending == nil }.compactMap { $0.lastLine.map { $0 + idleTimeout - now } }
                guard let next = inbox.next(timeout: waits.min().map { max(0, $0) }) else {
                    for i in sources.indices where sources[i].ending == nil {
                        if let last = sources[i].lastLine, wallClock() - last >= idleTimeout - 1e-3 {
                            sources[i].ending = .idle
                            printError(
                                "warning: \(sources[i].name): no frame for \(jsonNumber(idleTimeout, digits: 3)) s: the source stopped (idle)"
                            )
                        }
                    }
                    continue
                }
                event = next
            }
            switch event {
            case .note(let s, let text): printError("note: \(sources[s].name): \(text)")
            case .failed(let s, let text):
                sources[s].ending = .closed
                printError("warning: \(text)")
            case .closed(let s):
                guard sources[s].ending == nil else { continue }
                sources[s].ending = .closed
                printError("warning: \(sources[s].name): the stream closed without its end line: the source stopped")
            case .line(let s, let bytes, let received):
                guard sources[s].ending == nil else { continue }
                sources[s].lastLine = received
                do {
                    switch try sources[s].decoder.decode(bytes) {
                    case .frame(let pose, let captured)?:
                        return Frame(source: s, pose: pose, captured: captured, received: received, line: sources[s].decoder.lines)
                    case .end?: sources[s].ending = .endLine
                    case .header?, nil: break
                    }
                } catch {
                    sources[s].health.skippedMalformedLine()
                    var diagnostic = error.diagnostics.first ?? Diagnostic(message: error.description)
                    diagnostic.file = nil  // the note names the source
                    report(s, "skipped: " + commandLineText(diagnostic))
                }
            }
        }
        return nil
    }

    /// Records that the live API took `frame`, reporting a gap before it.
    mutating func took(_ frame: Frame) {
        if let gap = sources[frame.source].health.took(frame.pose.time) {
            report(
                frame.source,
                "line \(frame.line): a gap of \(jsonNumber(gap, digits: 3)) s before t=\(jsonNumber(frame.pose.time, digits: 6)) s (frames dropped)"
            )
        }
    }

    /// Records that the live API refused `frame`, and reports why.
    mutating func refused(_ frame: Frame, _ refusal: LiveFrameRefusal) {
        let kind = sources[frame.source].health.refused(refusal)
        let what =
            switch kind {
            case .duplicate: "a duplicate (its time was already taken)"
            case .outOfOrder: "out of order (it came after a later frame)"
            case .other: "refused"
            }
        report(
            frame.source, "line \(frame.line): frame at t=\(jsonNumber(frame.pose.time, digits: 6)) s skipped, \(what): \(refusal.message)")
    }

    /// A note on standard error, the first 20 per source (then a count at the end).
    private mutating func report(_ s: Int, _ text: String) {
        sources[s].reported += 1
        if sources[s].reported <= 20 { printError("note: \(sources[s].name): \(text)") }
        if sources[s].reported == 21 { printError("note: \(sources[s].name): further notes are counted in the summary") }
    }

    /// True when a source stopped without its end line (exit 69).
    var anySourceStopped: Bool { sources.contains { $0.ending != .endLine } }

    /// Each source as a JSON object.
    var sourcesJSON: String {
        "["
            + sources.map { s in
                let h = s.health
                return
                    "{\"name\": \(jsonString(s.name)), \"lines\": \(s.decoder.lines), \"taken\": \(h.taken), \"duplicates\": \(h.duplicates), "
                    + "\"outOfOrder\": \(h.outOfOrder), \"malformed\": \(h.malformed), \"gaps\": \(h.gaps), \"missingFrames\": \(h.missingFrames), "
                    + "\"longestIntervalSeconds\": \(jsonNumber(h.longestIntervalSeconds, digits: 6)), \"ended\": \(jsonString(s.ending?.rawValue ?? "closed"))}"
            }.joined(separator: ", ") + "]"
    }

    /// Each source in words.
    var sourcesText: String {
        sources.map { s in
            let h = s.health
            let ending =
                switch s.ending {
                case .endLine?: "ended with its end line"
                case .idle?: "STOPPED: nothing for \(jsonNumber(idleTimeout, digits: 3)) s"
                default: "STOPPED: closed without its end line"
                }
            return
                "  \(s.name): \(h.taken) frames taken of \(s.decoder.lines) lines; \(h.duplicates) duplicates, \(h.outOfOrder) out of order, "
                + "\(h.malformed) unreadable; \(h.gaps) gaps (\(h.missingFrames) frames missing, longest interval \(jsonNumber(h.longestIntervalSeconds, digits: 3)) s); \(ending)\n"
        }.joined()
    }
}

extension ExitCode {
    /// EX_UNAVAILABLE: a live source stopped before its end line (it closed, or sent
    /// nothing for the idle timeout); the results up to then were written.
    static let sourceStopped: Int32 = 69
}

extension LiveRun {
    /// Seconds without a line after which a source counts as stopped.
    static let defaultIdleTimeout = 5.0
    /// How long `--live` on a stream waits for its sources to start, seconds.
    static let defaultStartTimeout = 60.0
    /// The `--start-timeout` values taken, seconds.
    static let startTimeoutRange: ClosedRange<Double> = 0.1...86400
    /// The `--idle-timeout` values taken, seconds.
    static let idleTimeoutRange: ClosedRange<Double> = 0.1...3600
}

extension CommandSpec.Option {
    static let idleTimeout = CommandSpec.Option(
        long: "idle-timeout", valueName: "seconds",
        help: "With --live on a stream: a source silent this long (after its first line) has stopped.",
        defaultValue: defaultText(LiveRun.defaultIdleTimeout))
}

extension CommandSpec.Option {
    static let startTimeout = CommandSpec.Option(
        long: "start-timeout", valueName: "seconds",
        help: "With --live on a stream: wait this long for each source's first line, then give up (exit 66).",
        defaultValue: defaultText(LiveRun.defaultStartTimeout))
}

extension ParsedArguments {
    /// `--start-timeout`, in `LiveRun.startTimeoutRange`.
    func startTimeout() throws(CommandLineError) -> Double {
        try double("start-timeout", default: LiveRun.defaultStartTimeout, in: LiveRun.startTimeoutRange)
    }

    /// `--idle-timeout`, in `LiveRun.idleTimeoutRange`.
    func idleTimeout() throws(CommandLineError) -> Double {
        try double("idle-timeout", default: LiveRun.defaultIdleTimeout, in: LiveRun.idleTimeoutRange)
    }
}

/// Writes `text` through an output's `write` (one piece of `writeAtomically(to:inputs:_:)`).
func writePiece(_ text: String, _ write: (UnsafeRawBufferPointer) throws(CommandLineError) -> Void) throws(CommandLineError) {
    var outcome: Result<Void, CommandLineError> = .success(())
    Array(text.utf8).withUnsafeBytes { bytes in outcome = Result { () throws(CommandLineError) in try write(bytes) } }
    try outcome.get()
}
