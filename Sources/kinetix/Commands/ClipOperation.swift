import Foundation
import KinetixCore

/// The clip operations: each reads one sidecar and writes a new one atomically,
/// never over its input.
struct ClipOperation {
    let input: String
    let output: String
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments, spec: CommandSpec) throws(CommandLineError) {
        input = arguments.positional[0]
        guard let output = arguments.string("output") else { throw .usage("missing -o <sidecar>", command: spec) }
        self.output = output
        limits = try arguments.limits()
    }

    func run(reading extraInputs: [String] = [], _ transform: (Sidecar) throws(CommandLineError) -> Sidecar) throws(CommandLineError)
        -> Int32
    {
        let sidecar: Sidecar
        sidecar = try loadSidecar(input, limits: limits)
        let result = try transform(sidecar)
        let problems = result.validate()
        // The result of the operation is at fault here, not the output file (never written).
        guard problems.isEmpty else {
            throw .failed(KinetixError(kind: .invalidData, diagnostics: problems.map { $0.inFile("\(input) (after the operation)") }))
        }
        try writeAtomically(result.encoded(), to: output, inputs: [input] + extraInputs)
        printError("\(output): \(result.frameCount) frames, \(formatSeconds(result.duration))")
        return ExitCode.success
    }

    static func spec(_ name: String, _ abstract: String, _ options: [CommandSpec.Option], discussion: String? = nil) -> CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, discussion: discussion,
            arguments: [.init(name: "sidecar", help: "The sidecar to read (never modified).")],
            options: options + [.sidecarOutput, .maxInput])
    }
}
