import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport

/// `kinetix assess <sidecar> --profile <id|path>`: run a body or face profile.
struct AssessCommand: Subcommand {
    static let spec = CommandSpec(
        name: "assess",
        abstract: "Assess one clip with a profile (squat form, facial symmetry, …).",
        discussion: """
            The profile says what to measure, the rules to check and what to report. When
            the clip does not meet the profile's requirements (a joint out of frame, the
            wrong camera view) the result is VOID with the reason, never a score.
            'kinetix profile list' shows the profiles.

            LIVE STREAMS: with --live, <sidecar> may be a stream of frames as a camera
            delivers them (Sidecars/STREAM.md: a header line, then one JSON frame per
            line, then {"end": true}): '-' reads standard input, a FIFO path reads the
            FIFO, tcp:PORT listens on 127.0.0.1 and reads the first connection, udp:PORT
            reads datagrams on 127.0.0.1 (port 0: the system picks one, said on stderr).
            Every update carries its latency (from the frame's capture, and from its
            arrival); duplicated, late and missing frames are reported and skipped; a
            summary closes the stream. Exit 69 when a source stopped before its end line.
              kinetix-extract --stream video.mp4 | kinetix assess --live - --profile squat
            """,
        arguments: [
            .init(
                name: "sidecar",
                help: "The clip's sidecar; with --live also a stream: - (standard input), a FIFO, tcp:PORT or udp:PORT (see LIVE STREAMS).")
        ],
        options: [
            .init(long: "profile", valueName: "id|path", help: "The profile to run (required)."),
            .init(long: "baseline", valueName: "file", help: "A separate baseline clip (e.g. a neutral face)."),
            .init(long: "param", valueName: "name=value", help: "Override a profile parameter (repeatable).", repeating: true),
            .init(long: "format", valueName: "format", help: "text, json or csv.", defaultValue: "text"),
            .init(long: "cues", help: "Print only the learner's cues, in time order."),
            .init(
                long: "live",
                help:
                    "Replay the clip frame by frame through the live API: reps and the cue as they happen (JSON: one line per frame). Body profiles."
            ),
            .init(long: "report", valueName: "file.html", help: "Also write a self-contained HTML report (open it in any browser)."),
            .idleTimeout, .startTimeout,
            .keepSwaps, .repairSwaps, .keepTeleports, .minConfidence, .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json, csv }

    let sidecar: String
    let profileReference: String
    let baseline: String?
    let overrides: [String]
    let format: Format
    let cuesOnly: Bool
    let live: Bool
    let options: AssessmentOptions
    let output: String?
    let report: String?
    let limits: SidecarLimits
    /// With `--live`: the stream `sidecar` names, when it is one.
    let stream: LiveSourceAddress?
    let idleTimeout: Double
    let startTimeout: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        sidecar = arguments.positional[0]
        guard let profile = arguments.string("profile") else {
            throw .usage("missing --profile <id|path> (see 'kinetix profile list')", command: Self.spec)
        }
        profileReference = profile
        baseline = arguments.string("baseline")
        overrides = arguments.strings("param")
        format = try arguments.choice("format", default: .text)
        cuesOnly = arguments.flag("cues")
        live = arguments.flag("live")
        var options = AssessmentOptions()
        options.minConfidence = Float(
            try arguments.double("min-confidence", default: Double(options.minConfidence), in: BodySeries.minConfidenceRange))
        options.repairSwaps = !arguments.flag("keep-swaps")
        if arguments.flag("keep-swaps") && arguments.flag("repair-swaps") {
            throw .usage("--keep-swaps and --repair-swaps contradict each other", command: Self.spec)
        }
        options.maskTeleports = !arguments.flag("keep-teleports")
        self.options = options
        output = arguments.string("output")
        report = arguments.string("report")
        limits = try arguments.limits()
        stream = try LiveSourceAddress.parse(sidecar, command: Self.spec)
        idleTimeout = try arguments.idleTimeout()
        startTimeout = try arguments.startTimeout()
        if stream != nil && !live { throw .usage("'\(sidecar)' is a stream: read it with --live", command: Self.spec) }
        if live && (cuesOnly || report != nil || baseline != nil || format == .csv || arguments.flag("repair-swaps")) {
            throw .usage(
                "--live prints a stream (text or json); it does not combine with --cues, --report, --baseline, csv or --repair-swaps",
                command: Self.spec)
        }
    }

    func run() throws(CommandLineError) -> Int32 {
        let (resolved, parameters) = try loadProfile(profileReference, overrides: overrides)
        let profile = resolved.profile
        guard profile.kind != .pair else {
            throw .usage(
                "profile '\(profile.id)' compares two people: use 'kinetix compare <demonstrator> <learner> --profile \(profile.id)'",
                command: Self.spec)
        }
        if profile.kind == .challenge {
            guard !live, !cuesOnly, baseline == nil, report == nil, format != .csv else {
                throw .usage(
                    "a challenge profile prints verdicts (text or json); --live, --cues, --baseline, --report and csv do not apply",
                    command: Self.spec)
            }
            let clip = try loadClip(sidecar, role: "sidecar", limits: limits)
            let result = ChallengeReport(
                clip: clip, profile: profile, parameters: parameters, source: resolved.source,
                minConfidence: options.minConfidence)
            try emit(format == .json ? result.json() : result.text(), output: output, inputs: [sidecar, resolved.source])
            return ExitCode.success
        }
        if live { return try runLive(profile, parameters: parameters, source: resolved.source) }
        let clip = try loadClip(sidecar, role: "sidecar", limits: limits)
        let baselineClip = try baseline.map { path throws(CommandLineError) in try loadClip(path, role: "baseline", limits: limits) }
        let report: AssessmentReport
        do {
            report = try AssessmentReport(
                clip: clip, baseline: baselineClip,
                profile: profile, parameters: parameters, source: resolved.source, options: options)
        } catch {
            throw .failed(error)
        }
        let inputs = [sidecar, resolved.source] + (baseline.map { [$0] } ?? [])
        if let path = self.report {
            try writeAtomically(Data(AssessmentHTMLReport.html(report, profile: profile).utf8), to: path, inputs: inputs)
        }
        let text: String
        if cuesOnly {
            text = report.cueText()
        } else {
            switch format {
            case .text: text = report.text()
            case .json: text = report.json()
            case .csv: text = report.csv()
            }
        }
        try emit(text, output: output, inputs: inputs)
        return ExitCode.success
    }
}

extension AssessCommand {
    /// `--live`: the clip frame by frame through `LiveAssessment`. Text prints each
    /// completed rep, each finding and each change of cue; JSON a line per frame.
    func runLive(_ profile: Profile, parameters: ParameterValues, source: String) throws(CommandLineError) -> Int32 {
        if let stream { return try runLiveStream(stream, profile, parameters: parameters, source: source) }
        let clip = try loadClip(sidecar, role: "sidecar", limits: limits).sidecar
        var live: LiveAssessment
        do {
            live = try LiveAssessment(
                profile: profile, parameters: parameters, space: clip.space,
                rate: clip.analysisFrameRate, options: options)
        } catch {
            // A refusal of the clip's space names the clip.
            let named = error.diagnostics.map { $0.field == "space.depth" ? $0.inFile(sidecar) : $0 }
            throw .failed(KinetixError(kind: error.kind, diagnostics: named))
        }
        var text = format == .text ? "live: \(profile.title) (\(source)), frame by frame\n" : ""
        func write(_ line: String) {
            if output == nil { printOut(line, terminator: "") } else { text += line }
        }
        if output == nil, !text.isEmpty {
            write(text)
            text = ""
        }
        let names = profile.metrics.map(\.name)
        var shownCue: String?? = .none
        for frame in 0..<clip.frameCount {
            let update: LiveAssessment.Update
            do { update = try live.append(clip.poseFrame(frame)) } catch {
                throw .failed(
                    KinetixError(.invalidData, file: sidecar, field: "frames[\(frame)].t", "frame \(frame) was refused: \(error.message)"))
            }
            if format == .json {
                write(update.jsonLine(metricNames: names))
                continue
            }
            let cueChanged = shownCue.map { $0 != update.cue } ?? true
            if cueChanged { shownCue = .some(update.cue) }
            for line in update.textLines(cueChanged: cueChanged) { write(line + "\n") }
        }
        let tail = live.finish()
        if let rep = live.finalRep, format == .text {
            write(String(format: "%7.2f s  ", rep.end) + "rep \(live.reps) done as the clip ended\n")
        }
        for finding in tail where format == .text {
            write(String(format: "%7.2f s  ", finding.end) + "finding \(finding.rule): \(finding.detail)\n")
        }
        if let output { try writeAtomically(Data(text.utf8), to: output, inputs: [sidecar, source]) }
        return ExitCode.success
    }
}
