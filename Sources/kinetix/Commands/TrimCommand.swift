import Foundation
import KinetixCore

struct TrimCommand: Subcommand {
    static let spec = ClipOperation.spec(
        "trim", "Keep the frames between two times.",
        [
            .init(long: "from", valueName: "seconds", help: "First time kept."),
            .init(long: "to", valueName: "seconds", help: "Last time kept."),
        ])
    let operation: ClipOperation
    let from: Double, to: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        from = try arguments.double("from", default: -.greatestFiniteMagnitude)
        to = try arguments.double("to", default: .greatestFiniteMagnitude)
        guard from <= to else { throw .usage("--from must not be after --to", command: Self.spec) }
    }

    func run() throws(CommandLineError) -> Int32 {
        try operation.run { sidecar throws(CommandLineError) in
            let result = sidecar.trimmed(from: from, to: to)
            guard result.frameCount > 0 else {
                throw .usage(
                    "no frame between \(from) and \(to) s (the clip runs \(sidecar.times.first ?? 0)–\(sidecar.times.last ?? 0) s)",
                    command: Self.spec)
            }
            return result
        }
    }
}
