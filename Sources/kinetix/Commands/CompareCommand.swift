import Foundation
import KinetixCore
import KinetixFormats
import KinetixProfiles
import KinetixReport

/// `kinetix compare <demonstrator> <learner>`: copy-the-demonstrator scoring.
struct CompareCommand: Subcommand {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Score a learner copying a demonstrator: lag, limb errors, cues.",
        discussion: """
            Both sidecars are on one clock (--offset shifts the learner's). They are
            resampled onto one grid, the demonstrator is mirrored (they face each other:
            the demonstrator's left is the learner's right), and each learner frame is
            matched to the demonstrator frame up to --max-lag earlier that fits it best.
            The report is for the demonstrator or coach; --learner-cues prints the words
            for the learner's screen; --at shows both clips at one moment.

            ONE CAMERA: --from-one takes both people from one video's keypoints (an
            estimator's output with everyone in it, as 'kinetix convert' reads it):
              kinetix compare --from-one scene_json/ --fps 30 --demonstrator left
            Everyone is followed; the two largest people are the pair (--demonstrator left,
            right or track:N picks who demonstrates). Side by side facing the camera they
            are compared left with left; facing each other, mirrored: chosen from how they
            face, said on stderr, overridden by --mirror or --no-mirror. Frames where the
            two came too close to be told apart are left out of the scores.

            LIVE STREAMS: with --live, either input may be a stream of frames as a camera
            delivers them (Sidecars/STREAM.md): '-' (standard input, one of the two), a
            FIFO path, tcp:PORT or udp:PORT (on 127.0.0.1; port 0: the system picks one,
            said on stderr). Both streams share one clock (the frames' t); a recorded
            sidecar beside a stream is fed as the stream's clock passes its frames. Each
            update carries its latency; a summary closes the run; exit 69 when a source
            stopped before its end line.
              kinetix compare --live tcp:5001 tcp:5002
            """,
        arguments: [
            .init(name: "demonstrator", help: "The demonstrator's sidecar; with --live also a stream (see LIVE STREAMS)."),
            .init(name: "learner", help: "The learner's sidecar (none with --from-one); with --live also a stream.", optional: true),
        ],
        options: [
            .init(long: "format", valueName: "format", help: "text, json or csv.", defaultValue: "text"),
            .init(
                long: "profile", valueName: "id|path",
                help: "A pair profile (e.g. copy-demonstrator) supplies the settings; options given here override it."),
            .init(long: "param", valueName: "name=value", help: "Override a profile parameter (repeatable).", repeating: true),
            .init(long: "report", valueName: "file.html", help: "Also write a self-contained HTML report (open it in any browser)."),
            .init(long: "learner-cues", help: "Print the learner's cue track (words only) instead of the report."),
            .init(long: "at", valueName: "seconds", help: "Show the synchronized pair at this learner time."),
            .init(
                long: "live",
                help:
                    "Replay the pair frame by frame through the streaming API: what the learner's screen shows as it happens (JSON: one line per update)."
            ),
            .init(long: "no-mirror", help: "Compare left with left (people side by side, not facing)."),
            .init(long: "mirror", help: "With --from-one: compare mirrored (they face each other), whatever their bodies suggest."),
            .init(long: "from-one", help: "Take both people from one video's keypoints (the first argument): see ONE CAMERA."),
            .init(long: "demonstrator", valueName: "who", help: "With --from-one: left, right or track:N.", defaultValue: "left"),
            .init(long: "fps", valueName: "rate", help: "With --from-one: frames per second, for keypoints without times."),
            .init(long: "image-size", valueName: "WxH", help: "With --from-one: the image size, for keypoints without it."),
            .init(
                long: "2d",
                help: "Measure in 2D: drop the clips' depth (a 3D clip is seen along its z axis), so a 3D clip can meet a 2D one."),
            .init(
                long: "max-lag", valueName: "seconds", help: "The longest lag searched.", defaultValue: defaultText(defaults.maxLagSeconds)),
            .init(
                long: "lag-window", valueName: "seconds",
                help: "Errors are measured at the lag that fits best over this window (0: each frame's own best match).",
                defaultValue: defaultText(defaults.lagWindowSeconds)),
            .init(
                long: "offset", valueName: "seconds", help: "Added to the learner's times.",
                defaultValue: defaultText(defaults.offsetSeconds)),
            .init(long: "rate", valueName: "fps", help: "Analysis grid rate (default: the learner's median frame rate)."),
            .init(
                long: "max-gap", valueName: "seconds", help: "Longest gap bridged by interpolation.",
                defaultValue: defaultText(defaults.maxGapSeconds)),
            .init(
                long: "tolerance", valueName: "degrees", help: "A limb within this is on form.",
                defaultValue: defaultText(defaults.toleranceDegrees)),
            .init(
                long: "form-break", valueName: "seconds", help: "How long out of tolerance counts as form breaking.",
                defaultValue: defaultText(defaults.formBreakMinSeconds)),
            .init(
                long: "min-shared", valueName: "n", help: "Limbs tracked in both needed to score a frame.",
                defaultValue: defaultText(defaults.minSharedWeight)),
            .init(
                long: "kernel", valueName: "kernel", help: "automatic, scalar, simd or blas (OpenBLAS, opened when first used).",
                defaultValue: defaults.kernel.rawValue),
            .init(
                long: "threads", valueName: "n", help: "Threads for the lag search (0: one per core).",
                defaultValue: String(defaults.threads)),
            .init(
                long: "reaction",
                help:
                    "Add reaction times: each demonstrator movement's onset against the learner's, and the learner's cues (see 'kinetix onset')."
            ),
        ] + OnsetArguments.specs + [
            .idleTimeout, .startTimeout, .keepSwaps, .repairSwaps, .keepTeleports, .minConfidence, .output, .maxInput,
        ]
    )

    private static var defaults: ComparisonOptions { .defaults }

    enum Format: String, CaseIterable { case text, json, csv }

    let demonstrator: String
    let learner: String
    /// `--from-one`: both people from the video keypoints in `demonstrator`.
    let fromOne: (selection: PersonSelection, conversion: ConversionOptions, mirror: Bool?)?
    let format: Format
    let learnerCues: Bool
    let live: Bool
    let at: Double?
    let options: ComparisonOptions
    let profile: Provenance.ProfileUsed?
    let output: String?
    let report: String?
    let limits: SidecarLimits
    /// `--2d`: compare the clips' x-y projections.
    let planar: Bool
    /// `--reaction`: how onsets are found and responses judged.
    let reaction: (OnsetOptions, ReactionWindow)?
    /// With `--live`: the streams the inputs name, when they are streams.
    let streams: (demonstrator: LiveSourceAddress?, learner: LiveSourceAddress?)
    let idleTimeout: Double
    let startTimeout: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        demonstrator = arguments.positional[0]
        if arguments.flag("from-one") {
            guard arguments.positional.count == 1 else {
                throw .usage("--from-one takes one input: the video's keypoints, with both people in it", command: Self.spec)
            }
            guard let who = PersonSelection(arguments.string("demonstrator") ?? "left"),
                [.left, .right].contains(who) || { if case .track = who { true } else { false } }()
            else {
                throw .usage(
                    "'--demonstrator' expects left, right or track:N, got '\(arguments.string("demonstrator")!)'", command: Self.spec)
            }
            if arguments.flag("mirror") && arguments.flag("no-mirror") {
                throw .usage("--mirror and --no-mirror contradict each other", command: Self.spec)
            }
            let conversion = try everyoneConversion(arguments, input: demonstrator, spec: Self.spec)
            fromOne = (who, conversion, arguments.flag("mirror") ? true : arguments.flag("no-mirror") ? false : nil)
            learner = demonstrator
        } else {
            guard arguments.positional.count == 2 else { throw .usage("missing <learner>", command: Self.spec) }
            for flag in ["mirror", "demonstrator", "fps", "image-size"] where arguments.string(flag) != nil || arguments.flag(flag) {
                throw .usage("--\(flag) goes with --from-one", command: Self.spec)
            }
            fromOne = nil
            learner = arguments.positional[1]
        }
        format = try arguments.choice("format", default: .text)
        learnerCues = arguments.flag("learner-cues")
        planar = arguments.flag("2d")
        live = arguments.flag("live")
        at = arguments.string("at") == nil ? nil : try arguments.double("at", default: 0)
        var options = ComparisonOptions()
        var profile: Provenance.ProfileUsed?
        if let reference = arguments.string("profile") {
            let (resolved, values) = try loadProfile(reference, overrides: arguments.strings("param"))
            guard resolved.profile.kind == .pair else {
                let id = resolved.profile.id
                throw .usage(
                    "profile '\(id)' is a \(resolved.profile.kind.rawValue) profile: use 'kinetix assess <sidecar> --profile \(id)'",
                    command: Self.spec)
            }
            do { options = try ComparisonOptions(pairProfile: resolved.profile, parameters: values) } catch { throw .failed(error) }
            profile = Provenance.ProfileUsed(resolved.profile, parameters: values, source: resolved.source)
        } else if !arguments.strings("param").isEmpty {
            throw .usage("--param needs --profile", command: Self.spec)
        }
        // Flags override the profile; unset flags keep its (or the library's) values.
        if arguments.flag("no-mirror") { options.mirror = false }
        options.maxLagSeconds = try arguments.double("max-lag", default: options.maxLagSeconds, in: ComparisonOptions.Ranges.maxLagSeconds)
        options.lagWindowSeconds = try arguments.double(
            "lag-window", default: options.lagWindowSeconds, in: ComparisonOptions.Ranges.lagWindowSeconds)
        options.offsetSeconds = try arguments.double("offset", default: options.offsetSeconds, in: ComparisonOptions.Ranges.offsetSeconds)
        if arguments.string("rate") != nil {
            options.rate = try arguments.double("rate", default: Sidecar.fallbackFrameRate, in: ComparisonOptions.Ranges.rate)
        }
        options.maxGapSeconds = try arguments.double("max-gap", default: options.maxGapSeconds, in: ComparisonOptions.Ranges.maxGapSeconds)
        options.toleranceDegrees = Float(
            try arguments.double("tolerance", default: Double(options.toleranceDegrees), in: ComparisonOptions.Ranges.toleranceDegrees))
        options.formBreakMinSeconds = try arguments.double(
            "form-break", default: options.formBreakMinSeconds, in: ComparisonOptions.Ranges.formBreakMinSeconds)
        options.minSharedWeight = Float(
            try arguments.double("min-shared", default: Double(options.minSharedWeight), in: ComparisonOptions.Ranges.minSharedWeight))
        options.minConfidence = Float(
            try arguments.double("min-confidence", default: Double(options.minConfidence), in: ComparisonOptions.Ranges.minConfidence))
        options.kernel = try arguments.choice("kernel", default: options.kernel)
        options.threads = Int(try arguments.double("threads", default: Double(options.threads), in: ComparisonOptions.Ranges.threads))
        options.repairSwaps = !arguments.flag("keep-swaps")
        if arguments.flag("keep-swaps") && arguments.flag("repair-swaps") {
            throw .usage("--keep-swaps and --repair-swaps contradict each other", command: Self.spec)
        }
        options.maskTeleports = !arguments.flag("keep-teleports")
        self.profile = profile
        self.options = options
        output = arguments.string("output")
        report = arguments.string("report")
        limits = try arguments.limits()
        if arguments.flag("reaction") {
            var (onsetOptions, window) = try OnsetArguments.parse(arguments, command: Self.spec)
            onsetOptions.minConfidence = options.minConfidence
            if profile != nil, arguments.string("limbs") == nil {
                // A pair profile's limbs and weights are the movement's too.
                onsetOptions.limbs = Limb.allCases.filter { options.weights[$0.rawValue] > 0 }
                onsetOptions.weights = options.weights
            }
            reaction = (onsetOptions, window)
        } else {
            reaction = nil
        }
        if learnerCues && at != nil { throw .usage("--learner-cues and --at show different things; choose one", command: Self.spec) }
        if (learnerCues || at != nil) && format != .text {
            throw .usage("--format applies to the report, not to --learner-cues or --at", command: Self.spec)
        }
        if fromOne == nil {
            streams = (
                try LiveSourceAddress.parse(demonstrator, command: Self.spec), try LiveSourceAddress.parse(learner, command: Self.spec)
            )
        } else {
            streams = (nil, nil)
        }
        idleTimeout = try arguments.idleTimeout()
        startTimeout = try arguments.startTimeout()
        if streams.demonstrator != nil || streams.learner != nil {
            guard live else { throw .usage("a stream is read with --live", command: Self.spec) }
            if streams.demonstrator == .standardInput && streams.learner == .standardInput {
                throw .usage("only one input can be standard input; give the other as a FIFO, tcp:PORT or udp:PORT", command: Self.spec)
            }
            if let d = streams.demonstrator, let l = streams.learner, d == l, d != .tcp(port: 0), d != .udp(port: 0) {
                throw .usage("the demonstrator and the learner are both \(d): give each its own source", command: Self.spec)
            }
        }
        if live && (learnerCues || at != nil || report != nil || format == .csv || arguments.flag("repair-swaps")) {
            throw .usage(
                "--live prints a stream (text or json); it does not combine with --learner-cues, --at, --report, csv or --repair-swaps",
                command: Self.spec)
        }
    }

    func run() throws(CommandLineError) -> Int32 {
        if options.kernel == .blas, BLAS.backend == "none" {
            printError(
                "warning: OpenBLAS was not found (Debian: libopenblas0); the BLAS kernel runs its products as plain loops: same results, slower"
            )
        }
        if live { return try runLive() }
        var (demonstratorClip, learnerClip, options) = try loadClips()
        if planar {
            (demonstratorClip.sidecar, learnerClip.sidecar) = (
                demonstratorClip.sidecar.droppingDepth(), learnerClip.sidecar.droppingDepth()
            )
        }
        let report: ComparisonReport
        do {
            report = try ComparisonReport(
                demonstrator: demonstratorClip, learner: learnerClip, options: options, profile: profile,
                reaction: reaction.map { ComparisonReport.ReactionRequest(onsets: $0.0, window: $0.1) },
                facingAdvice: .init(
                    toMirrored: Self.facingFix(mirror: true, profile: profile),
                    toUnmirrored: Self.facingFix(mirror: false, profile: profile)))
        } catch {
            throw .failed(error)
        }
        // The text report says the facing warning in place; other outputs get it on standard error.
        if let warning = report.facing?.warning, let fix = report.facingAdvice, format != .text || learnerCues || at != nil {
            printError("warning: \(warning): \(fix)")
        }
        let inputs = [demonstrator, learner] + (profile.map { [$0.source] } ?? [])
        if let path = self.report {
            try writeAtomically(Data(CompareHTMLReport.html(report).utf8), to: path, inputs: inputs)
        }
        let text: String
        if learnerCues {
            text = report.cueText()
        } else if let at {
            text = report.momentText(at: at)
        } else {
            switch format {
            case .text: text = report.text()
            case .json:
                try writeAtomically(to: output ?? "-", inputs: inputs) { write throws(CommandLineError) in
                    try report.writeJSON { bytes throws(CommandLineError) in try write(UnsafeRawBufferPointer(bytes)) }
                }
                return ExitCode.success
            case .csv: text = report.csv()
            }
        }
        try emit(text, output: output, inputs: inputs)
        return ExitCode.success
    }
}

extension CompareCommand {
    /// The pair: two sidecars, or (`--from-one`) two people of one video, with the
    /// options to compare them by (the facing chosen from their bodies unless given).
    func loadClips() throws(CommandLineError) -> (ClipInput, ClipInput, ComparisonOptions) {
        guard let (selection, conversion, mirror) = fromOne else {
            let (a, b) = try loadPair(demonstrator: demonstrator, learner: learner, limits: limits)
            return (a, b, options)
        }
        let recognised = RecognisedInput.recognise(demonstrator, limits: limits)
        guard case .estimator(let format) = recognised else {
            let exists = FileManager.default.fileExists(atPath: demonstrator)
            throw .failed(
                KinetixError(
                    exists ? .unsupported : .unreadable, file: demonstrator,
                    exists
                        ? "is \(recognised): --from-one reads an estimator's output with both people in it (OpenPose, COCO-17, MediaPipe, Vision)"
                        : "no such file or folder"))
        }
        let pair: OneVideoPair
        do {
            let converted = try format.convert(demonstrator, options: conversion).checkedForFaults(repairSwaps: options.repairSwaps).result
            for warning in converted.warnings.prefix(10) { printError("warning: \(commandLineText(warning))") }
            pair = try OneVideoPair(converted, demonstrator: selection, name: demonstrator)
        } catch {
            // Here the person is chosen with --demonstrator.
            var error = error
            for i in error.diagnostics.indices where error.diagnostics[i].setting == .person {
                error.diagnostics[i].setting = nil
                error.diagnostics[i].message += " (--demonstrator left, right or track:N)"
            }
            throw .failed(error)
        }
        var options = options
        options.mirror = mirror ?? pair.facingEachOther
        let how = { (f: BodyFacing?) in
            f.map { $0 == .camera ? "faces the camera" : $0 == .away ? "has the back to the camera" : "faces \($0.rawValue)" }
                ?? "facing unknown"
        }
        printError(
            "note: from one video: demonstrator track \(pair.demonstratorTrack) (\(pair.choice); \(how(pair.demonstratorFacing))), learner track \(pair.learnerTrack) (\(how(pair.learnerFacing))); "
                + (options.mirror ? "facing each other: mirrored" : "side by side: left with left")
                + (mirror == nil ? " (--mirror or --no-mirror to override)" : " (as asked)")
                + (pair.uncertainFrames > 0 ? "; \(pair.uncertainFrames) frames where they came too close to tell apart are left out" : ""))
        func clip(_ sidecar: Sidecar, track: Int, role: String) throws(CommandLineError) -> ClipInput {
            do {
                return try ClipInput(decoding: sidecar.encoded(), name: "\(demonstrator)#track\(track)", role: role, limits: limits)
            } catch { throw .failed(error) }
        }
        return (
            try clip(pair.demonstrator, track: pair.demonstratorTrack, role: ComparisonReport.demonstratorRole),
            try clip(pair.learner, track: pair.learnerTrack, role: ComparisonReport.learnerRole), options
        )
    }

    /// How to compare with the other facing model on this command line: the pair
    /// profile's `facing` parameter when it has one, else `--no-mirror`.
    static func facingFix(mirror: Bool, profile: Provenance.ProfileUsed?) -> String {
        if let profile, profile.parameters.contains(where: { $0.name == "facing" }) {
            return "rerun with --param facing=\(mirror)"
        }
        return mirror ? "rerun without --no-mirror" : "rerun with --no-mirror"
    }

    /// `--live`: feeds the recorded pair frame by frame through `LiveComparison`.
    /// Text shows the learner's screen whenever its cue changes, and once a second;
    /// JSON writes every update as a line, provisional then final.
    func runLive() throws(CommandLineError) -> Int32 {
        if streams.demonstrator != nil || streams.learner != nil { return try runLiveStreams() }
        let (demonstratorClip, learnerClip, options) = try loadClips()
        do { try options.check(learner: learnerClip.sidecar) } catch { throw .failed(error) }
        var text = ""
        var lastCue: String?? = .none
        var lastLine = -Double.infinity
        var finals = 0
        func write(_ line: String) {
            if output == nil { printOut(line, terminator: "") } else { text += line }
        }
        let rate = options.analysisRate(learner: learnerClip.sidecar)
        if format == .text {
            write(
                String(
                    format: "live replay at %.2f fps; final results come %.2f s behind the newest frame\n", rate,
                    (try? LiveComparison(
                        options: options, rate: rate, demonstratorSpace: demonstratorClip.sidecar.space,
                        learnerSpace: learnerClip.sidecar.space))?.latencySeconds ?? 0))
        }
        do {
            try LiveComparison.replay(demonstrator: demonstratorClip.sidecar, learner: learnerClip.sidecar, options: options, rate: rate) {
                update in
                if format == .json {
                    write(update.jsonLine)
                    return
                }
                if update.isFinal {
                    finals += 1
                    return
                }
                let t = update.frame.t
                guard lastCue.map({ $0 != update.cue }) ?? true || t - lastLine >= 1 - 1e-9 else { return }
                lastCue = .some(update.cue)
                lastLine = t
                write(update.textLine() + "\n")
            }
        } catch {
            throw .failed(error)
        }
        if format == .text {
            // Offline repairs swaps and masks teleports over the whole clip; live sees no
            // later frame and does neither, so the two differ on those frames: said, not hidden.
            let repaired = [demonstratorClip, learnerClip].map {
                $0.sidecar.checkedForFaults(
                    role: $0.provenance.role, repairSwaps: options.repairSwaps,
                    maskTeleports: options.maskTeleports, minConfidence: options.minConfidence
                ).1
            }.filter { ($0.repairedSwaps && $0.faults.contains { $0.kind == .leftRightSwap }) || $0.maskedJointFrames > 0 }
            if repaired.isEmpty {
                write("\(finals) frames final; 'kinetix compare' (without --live) gives the same figures\n")
            } else {
                write(
                    "\(finals) frames final; 'kinetix compare' (without --live) differs where it repairs the estimator's faults, which live cannot (it sees no later frame): "
                        + repaired.map { "\($0.role): \($0.sentence)" }.joined(separator: "; ")
                        + "; elsewhere the figures are the same up to the lag tracked around those frames\n")
            }
        }
        if let output { try writeAtomically(Data(text.utf8), to: output, inputs: [demonstrator, learner]) }
        return ExitCode.success
    }
}

/// A default value as help text shows it: "1", "0.25", "15".
func defaultText(_ value: Double) -> String { jsonNumber(value, digits: 6) }
func defaultText(_ value: Float) -> String { jsonNumber(Double(value), digits: 6) }
