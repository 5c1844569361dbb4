import Foundation
import KinetixCore

/// `kinetix inspect <file>`: timing, coverage and extras of one clip.
struct InspectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Summarize a sidecar: frames, frame rate, jitter, tracking coverage, gaps.",
        arguments: [.init(name: "file", help: "A sidecar JSON file.")],
        options: [
            .init(long: "format", valueName: "format", help: "text or json.", defaultValue: "text"),
            .minConfidence, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json }

    let file: String
    let format: Format
    let minConfidence: Float
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .text)
        minConfidence = Float(try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: 0...1))
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let sidecar: Sidecar
        sidecar = try loadSidecar(file, limits: limits)
        let report = InspectReport(sidecar, file: file, minConfidence: minConfidence)
        printOut(format == .json ? report.json() : report.text(), terminator: "")
        return ExitCode.success
    }
}
