import Foundation
import KinetixCore
import KinetixReport

/// `kinetix onset <clip>`: every movement's onset, and reaction times to the clip's cues.
struct OnsetCommand: Subcommand {
    static let spec = CommandSpec(
        name: "onset",
        abstract: "Find movement onsets in a clip, and reaction times to its cues (--cues).",
        discussion: """
            The movement speed is sqrt(sum of squared angular speeds) of the chosen limbs,
            low-passed without lag. A movement is a speed peak above --min-peak after at
            least --quiet seconds of rest; its onset is placed by --detector, and the method
            is printed with every result: different methods give different numbers.
            With --cues, each event of the sidecar is a cue, judged as ok (reaction time),
            falseStart, movingAtCue, noResponse or untracked.
            """,
        arguments: [.init(name: "clip", help: "A sidecar JSON file.")],
        options: [
            .init(long: "format", valueName: "format", help: "text or json.", defaultValue: "text"),
            .init(long: "cues", help: "Judge the sidecar's events as cues: reaction time of each."),
        ] + OnsetArguments.specs + [.minConfidence, .output, .maxInput]
    )

    enum Format: String, CaseIterable { case text, json }

    let file: String
    let format: Format
    let judgeCues: Bool
    let options: OnsetOptions
    let window: ReactionWindow
    let output: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .text)
        judgeCues = arguments.flag("cues")
        var (options, window) = try OnsetArguments.parse(arguments, command: Self.spec)
        options.minConfidence = Float(
            try arguments.double("min-confidence", default: Double(options.minConfidence), in: BodySeries.minConfidenceRange))
        self.options = options
        self.window = window
        output = arguments.string("output")
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let clip = try loadClip(file, role: "clip", limits: limits)
        let onsets: MovementOnsets
        do { onsets = try MovementOnsets(clip: clip.sidecar, options: options) } catch { throw .failed(error) }
        let cues = judgeCues ? CueReaction.judge(clip.sidecar.events, in: onsets, window: window) : nil
        let text =
            format == .json
            ? onsets.json(source: clip.provenance, cues: cues, window: window)
            : onsets.text(source: clip.provenance, cues: cues)
        try emit(text, output: output, inputs: [file])
        return ExitCode.success
    }
}
