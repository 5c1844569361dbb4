import Foundation
import KinetixCore

struct ShiftCommand: Subcommand {
    static let spec = ClipOperation.spec(
        "shift", "Shift every time by a number of seconds.",
        [
            .init(long: "seconds", valueName: "seconds", help: "Added to every time and event (required).")
        ])
    let operation: ClipOperation
    let seconds: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        guard arguments.string("seconds") != nil else { throw .usage("missing --seconds", command: Self.spec) }
        seconds = try arguments.double("seconds", default: 0, in: Sidecar.EditDefaults.shiftSecondsRange)
    }

    func run() throws(CommandLineError) -> Int32 {
        try operation.run { sidecar throws(CommandLineError) in
            let shifted = sidecar.shifted(bySeconds: seconds)
            if let first = shifted.times.first, let last = shifted.times.last, max(abs(first), abs(last)) > Sidecar.maxAbsoluteTime {
                throw .usage("--seconds \(seconds) puts the clip's times beyond ±1e9 s", command: Self.spec)
            }
            return shifted
        }
    }
}
