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
        """,
        arguments: [.init(name: "sidecar", help: "The clip's sidecar.")],
        options: [
            .init(long: "profile", valueName: "id|path", help: "The profile to run (required)."),
            .init(long: "baseline", valueName: "file", help: "A separate baseline clip (e.g. a neutral face)."),
            .init(long: "param", valueName: "name=value", help: "Override a profile parameter (repeatable).", repeating: true),
            .init(long: "format", valueName: "format", help: "text, json or csv.", defaultValue: "text"),
            .init(long: "cues", help: "Print only the learner's cues, in time order."),
            .init(long: "repair-swaps", help: "Undo the estimator's left/right swaps first (see 'kinetix inspect')."),
            .init(long: "report", valueName: "file.html", help: "Also write a self-contained HTML report (open it in any browser)."),
            .minConfidence, .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json, csv }

    let sidecar: String
    let profileReference: String
    let baseline: String?
    let overrides: [String]
    let format: Format
    let cuesOnly: Bool
    let options: AssessmentOptions
    let output: String?
    let report: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        sidecar = arguments.positional[0]
        guard let profile = arguments.string("profile") else { throw .usage("missing --profile <id|path> (see 'kinetix profile list')", command: Self.spec) }
        profileReference = profile
        baseline = arguments.string("baseline")
        overrides = arguments.strings("param")
        format = try arguments.choice("format", default: .text)
        cuesOnly = arguments.flag("cues")
        var options = AssessmentOptions()
        options.minConfidence = Float(try arguments.double("min-confidence", default: Double(options.minConfidence), in: 0...1))
        options.repairSwaps = arguments.flag("repair-swaps")
        self.options = options
        output = arguments.string("output")
        report = arguments.string("report")
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let (resolved, parameters) = try loadProfile(profileReference, overrides: overrides)
        let profile = resolved.profile
        guard profile.kind != .pair else {
            throw .usage("profile '\(profile.id)' compares two people: use 'kinetix compare <demonstrator> <learner> --profile \(profile.id)'", command: Self.spec)
        }
        let report: AssessmentReport
        do {
            report = try AssessmentReport(clip: try ClipInput(contentsOf: sidecar, role: "sidecar", limits: limits),
                                          baseline: try baseline.map { path throws(KinetixError) in try ClipInput(contentsOf: path, role: "baseline", limits: limits) },
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
