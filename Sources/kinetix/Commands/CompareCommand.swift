import Foundation
import KinetixCore
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
        """,
        arguments: [
            .init(name: "demonstrator", help: "The demonstrator's sidecar."),
            .init(name: "learner", help: "The learner's sidecar."),
        ],
        options: [
            .init(long: "format", valueName: "format", help: "text, json or csv.", defaultValue: "text"),
            .init(long: "profile", valueName: "id|path", help: "A pair profile (e.g. copy-demonstrator) supplies the settings; options given here override it."),
            .init(long: "param", valueName: "name=value", help: "Override a profile parameter (repeatable).", repeating: true),
            .init(long: "report", valueName: "file.html", help: "Also write a self-contained HTML report (open it in any browser)."),
            .init(long: "repair-swaps", help: "Undo the estimator's left/right swaps before comparing (see 'kinetix inspect')."),
            .init(long: "learner-cues", help: "Print the learner's cue track (words only) instead of the report."),
            .init(long: "at", valueName: "seconds", help: "Show the synchronized pair at this learner time."),
            .init(long: "no-mirror", help: "Compare left with left (people side by side, not facing)."),
            .init(long: "max-lag", valueName: "seconds", help: "The longest lag searched.", defaultValue: "1.0"),
            .init(long: "lag-window", valueName: "seconds", help: "Errors are measured at the lag that fits best over this window (0: each frame's own best match).", defaultValue: "5"),
            .init(long: "offset", valueName: "seconds", help: "Added to the learner's times.", defaultValue: "0"),
            .init(long: "rate", valueName: "fps", help: "Analysis grid rate (default: the learner's median frame rate)."),
            .init(long: "max-gap", valueName: "seconds", help: "Longest gap bridged by interpolation.", defaultValue: "0.25"),
            .init(long: "tolerance", valueName: "degrees", help: "A limb within this is on form.", defaultValue: "15"),
            .init(long: "form-break", valueName: "seconds", help: "How long out of tolerance counts as form breaking.", defaultValue: "0.5"),
            .init(long: "min-shared", valueName: "n", help: "Limbs tracked in both needed to score a frame.", defaultValue: "4"),
            .init(long: "kernel", valueName: "kernel", help: "automatic, scalar, simd or blas.", defaultValue: "automatic"),
            .init(long: "threads", valueName: "n", help: "Threads for the lag search (0: one per core).", defaultValue: "0"),
            .minConfidence, .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json, csv }

    let demonstrator: String
    let learner: String
    let format: Format
    let learnerCues: Bool
    let at: Double?
    let options: ComparisonOptions
    let profileSummary: (id: String, version: String, parameters: [(name: String, value: String)])?
    let output: String?
    let report: String?
    let repairSwaps: Bool
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        demonstrator = arguments.positional[0]
        learner = arguments.positional[1]
        format = try arguments.choice("format", default: .text)
        learnerCues = arguments.flag("learner-cues")
        at = arguments.string("at") == nil ? nil : try arguments.double("at", default: 0)
        var options = ComparisonOptions()
        var profileSummary: (id: String, version: String, parameters: [(name: String, value: String)])?
        if let reference = arguments.string("profile") {
            let (profile, values) = try loadProfile(reference, overrides: arguments.strings("param"))
            guard profile.kind == .pair, let pair = profile.pair else {
                throw .usage("profile '\(profile.id)' is a \(profile.kind.rawValue) profile: use 'kinetix assess <sidecar> --profile \(profile.id)'", command: Self.spec)
            }
            options.mirror = pair.mirror.value(values) != 0
            options.maxLagSeconds = pair.maxLagSeconds.value(values)
            options.toleranceDegrees = Float(pair.toleranceDegrees.value(values))
            options.lagWindowSeconds = pair.lagWindowSeconds.value(values)
            options.formBreakMinSeconds = pair.formBreakSeconds.value(values)
            options.weights = Limb.allCases.map { pair.weights[$0] ?? 0 }
            let tracked = options.weights.filter { $0 > 0 }
            options.minSharedWeight = min(options.minSharedWeight, tracked.reduce(0, +))
            profileSummary = (profile.id, profile.version, profile.parameters.map { ($0.name, (values[$0.name] ?? $0.defaultValue).description) })
        } else if !arguments.strings("param").isEmpty {
            throw .usage("--param needs --profile", command: Self.spec)
        }
        if arguments.flag("no-mirror") { options.mirror = false }
        if arguments.string("max-lag") != nil { options.maxLagSeconds = try arguments.double("max-lag", default: 1, in: 0...30) }
        if arguments.string("lag-window") != nil { options.lagWindowSeconds = try arguments.double("lag-window", default: 5, in: 0...600) }
        options.offsetSeconds = try arguments.double("offset", default: 0, in: -86_400...86_400)
        if arguments.string("rate") != nil { options.rate = try arguments.double("rate", default: 30, in: 1...1000) }
        options.maxGapSeconds = try arguments.double("max-gap", default: 0.25, in: 0...60)
        if arguments.string("tolerance") != nil { options.toleranceDegrees = Float(try arguments.double("tolerance", default: 15, in: 0...180)) }
        if arguments.string("form-break") != nil { options.formBreakMinSeconds = try arguments.double("form-break", default: 0.5, in: 0...60) }
        if arguments.string("min-shared") != nil { options.minSharedWeight = Float(try arguments.double("min-shared", default: 4, in: 1...9)) }
        options.minConfidence = Float(try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: 0...1))
        options.kernel = try arguments.choice("kernel", default: .automatic)
        options.threads = Int(try arguments.double("threads", default: 0, in: 0...256))
        self.profileSummary = profileSummary
        self.options = options
        output = arguments.string("output")
        report = arguments.string("report")
        repairSwaps = arguments.flag("repair-swaps")
        limits = try arguments.limits()
        if learnerCues && at != nil { throw .usage("--learner-cues and --at show different things; choose one", command: Self.spec) }
        if (learnerCues || at != nil) && format != .text { throw .usage("--format applies to the report, not to --learner-cues or --at", command: Self.spec) }
    }

    func run() throws(CommandLineError) -> Int32 {
        let (demoRaw, demoInput) = try loadSidecar(demonstrator, role: "demonstrator", limits: limits)
        let (learnerRaw, learnerInput) = try loadSidecar(learner, role: "learner", limits: limits)
        let (demoClip, demoFaults) = checkFaults(demoRaw, repair: repairSwaps, minConfidence: options.minConfidence)
        let (learnerClip, learnerFaults) = checkFaults(learnerRaw, repair: repairSwaps, minConfidence: options.minConfidence)
        try checkResources(learner: learnerClip)
        let comparison = Comparison(demonstrator: demoClip, learner: learnerClip, options: options)
        var provenance = Provenance(inputs: [demoInput, learnerInput])
        provenance.profile = profileSummary
        var report = ComparisonReport(comparison, provenance: provenance)
        report.faults = [("demonstrator", demoFaults), ("learner", learnerFaults)]
        if repairSwaps {
            report.repairedSwaps = [("demonstrator", demoFaults), ("learner", learnerFaults)]
                .filter { $0.1.contains { $0.kind == .leftRightSwap } }.map(\.0)
        }
        if let path = self.report {
            try writeAtomically(Data(CompareHTMLReport.html(report, demonstrator: demoClip, learner: learnerClip).utf8), to: path, inputs: [demonstrator, learner])
        }
        let text: String
        if learnerCues {
            text = report.cueText()
        } else if let at {
            text = report.momentText(at: at)
        } else {
            switch format {
            case .text: text = report.text()
            case .json: text = report.json()
            case .csv: text = report.csv()
            }
        }
        try emit(text, output: output, inputs: [demonstrator, learner])
        return ExitCode.success
    }

    /// Refuses comparisons whose grid or lag search would exhaust the machine, before
    /// allocating anything (`ComparisonOptions.resourceProblems`).
    private func checkResources(learner: Sidecar) throws(CommandLineError) {
        let problems = options.resourceProblems(learner: learner)
        guard problems.isEmpty else {
            let rate = options.rate ?? medianFrameRate(learner.times) ?? 30
            throw .usage(problems.joined(separator: "; ") + String(format: " at %.0f fps: lower --rate, --max-lag or --lag-window", rate), command: Self.spec)
        }
    }
}
