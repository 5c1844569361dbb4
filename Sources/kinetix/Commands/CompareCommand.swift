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
            .init(long: "max-lag", valueName: "seconds", help: "The longest lag searched.", defaultValue: defaultText(defaults.maxLagSeconds)),
            .init(long: "lag-window", valueName: "seconds", help: "Errors are measured at the lag that fits best over this window (0: each frame's own best match).",
                  defaultValue: defaultText(defaults.lagWindowSeconds)),
            .init(long: "offset", valueName: "seconds", help: "Added to the learner's times.", defaultValue: defaultText(defaults.offsetSeconds)),
            .init(long: "rate", valueName: "fps", help: "Analysis grid rate (default: the learner's median frame rate)."),
            .init(long: "max-gap", valueName: "seconds", help: "Longest gap bridged by interpolation.", defaultValue: defaultText(defaults.maxGapSeconds)),
            .init(long: "tolerance", valueName: "degrees", help: "A limb within this is on form.", defaultValue: defaultText(defaults.toleranceDegrees)),
            .init(long: "form-break", valueName: "seconds", help: "How long out of tolerance counts as form breaking.", defaultValue: defaultText(defaults.formBreakMinSeconds)),
            .init(long: "min-shared", valueName: "n", help: "Limbs tracked in both needed to score a frame.", defaultValue: defaultText(defaults.minSharedWeight)),
            .init(long: "kernel", valueName: "kernel", help: "automatic, scalar, simd or blas.", defaultValue: defaults.kernel.rawValue),
            .init(long: "threads", valueName: "n", help: "Threads for the lag search (0: one per core).", defaultValue: String(defaults.threads)),
            .minConfidence, .output, .maxInput,
        ]
    )

    private static var defaults: ComparisonOptions { .defaults }

    enum Format: String, CaseIterable { case text, json, csv }

    let demonstrator: String
    let learner: String
    let format: Format
    let learnerCues: Bool
    let at: Double?
    let options: ComparisonOptions
    let profile: Provenance.ProfileUsed?
    let output: String?
    let report: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        demonstrator = arguments.positional[0]
        learner = arguments.positional[1]
        format = try arguments.choice("format", default: .text)
        learnerCues = arguments.flag("learner-cues")
        at = arguments.string("at") == nil ? nil : try arguments.double("at", default: 0)
        var options = ComparisonOptions()
        var profile: Provenance.ProfileUsed?
        if let reference = arguments.string("profile") {
            let (resolved, values) = try loadProfile(reference, overrides: arguments.strings("param"))
            guard resolved.profile.kind == .pair else {
                let id = resolved.profile.id
                throw .usage("profile '\(id)' is a \(resolved.profile.kind.rawValue) profile: use 'kinetix assess <sidecar> --profile \(id)'", command: Self.spec)
            }
            do { options = try ComparisonOptions(pairProfile: resolved.profile, parameters: values) } catch { throw .failed(error) }
            profile = Provenance.ProfileUsed(resolved.profile, parameters: values, source: resolved.source)
        } else if !arguments.strings("param").isEmpty {
            throw .usage("--param needs --profile", command: Self.spec)
        }
        // Flags override the profile; unset flags keep its (or the library's) values.
        if arguments.flag("no-mirror") { options.mirror = false }
        options.maxLagSeconds = try arguments.double("max-lag", default: options.maxLagSeconds, in: 0...30)
        options.lagWindowSeconds = try arguments.double("lag-window", default: options.lagWindowSeconds, in: 0...600)
        options.offsetSeconds = try arguments.double("offset", default: options.offsetSeconds, in: -86_400...86_400)
        if arguments.string("rate") != nil { options.rate = try arguments.double("rate", default: 30, in: 1...1000) }
        options.maxGapSeconds = try arguments.double("max-gap", default: options.maxGapSeconds, in: 0...60)
        options.toleranceDegrees = Float(try arguments.double("tolerance", default: Double(options.toleranceDegrees), in: 0...180))
        options.formBreakMinSeconds = try arguments.double("form-break", default: options.formBreakMinSeconds, in: 0...3600)
        options.minSharedWeight = Float(try arguments.double("min-shared", default: Double(options.minSharedWeight), in: 0.001...9))
        options.minConfidence = Float(try arguments.double("min-confidence", default: Double(options.minConfidence), in: 0...1))
        options.kernel = try arguments.choice("kernel", default: options.kernel)
        options.threads = Int(try arguments.double("threads", default: Double(options.threads), in: 0...256))
        options.repairSwaps = arguments.flag("repair-swaps")
        self.profile = profile
        self.options = options
        output = arguments.string("output")
        report = arguments.string("report")
        limits = try arguments.limits()
        if learnerCues && at != nil { throw .usage("--learner-cues and --at show different things; choose one", command: Self.spec) }
        if (learnerCues || at != nil) && format != .text { throw .usage("--format applies to the report, not to --learner-cues or --at", command: Self.spec) }
    }

    func run() throws(CommandLineError) -> Int32 {
        let report: ComparisonReport
        do {
            report = try ComparisonReport(demonstrator: try ClipInput(contentsOf: demonstrator, role: "demonstrator", limits: limits),
                                          learner: try ClipInput(contentsOf: learner, role: "learner", limits: limits),
                                          options: options, profile: profile)
        } catch {
            throw .failed(error)
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
            case .json: text = report.json()
            case .csv: text = report.csv()
            }
        }
        try emit(text, output: output, inputs: inputs)
        return ExitCode.success
    }
}

/// A default value as help text shows it: "1", "0.25", "15".
func defaultText(_ value: Double) -> String { jsonNumber(value, digits: 6) }
func defaultText(_ value: Float) -> String { jsonNumber(Double(value), digits: 6) }
