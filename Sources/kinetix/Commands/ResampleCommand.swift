import Foundation
import KinetixCore

struct ResampleCommand: Subcommand {
    static let spec = ClipOperation.spec(
        "resample", "Resample to a uniform frame rate.",
        [
            .init(long: "rate", valueName: "fps", help: "The new frame rate (required)."),
            .init(
                long: "max-gap", valueName: "seconds", help: "Longest gap bridged by interpolation.",
                defaultValue: defaultText(Sidecar.EditDefaults.resampleMaxGapSeconds)),
        ])
    let operation: ClipOperation
    let rate: Double, maxGap: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        guard arguments.string("rate") != nil else { throw .usage("missing --rate <fps>", command: Self.spec) }
        rate = try arguments.double("rate", default: Sidecar.fallbackFrameRate, in: Sidecar.EditDefaults.resampleRates)
        maxGap = try arguments.double(
            "max-gap", default: Sidecar.EditDefaults.resampleMaxGapSeconds, in: ComparisonOptions.Ranges.maxGapSeconds)
    }

    func run() throws(CommandLineError) -> Int32 {
        try operation.run { sidecar throws(CommandLineError) in
            do throws(KinetixError) { return try sidecar.resampled(rate: rate, maxGapSeconds: maxGap) } catch {
                throw .usage(error.diagnostics.map(\.message).joined(separator: "; ") + " (--rate)", command: Self.spec)
            }
        }
    }
}
