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

    func run(reading extraInputs: [String] = [], _ transform: (Sidecar) throws(CommandLineError) -> Sidecar) throws(CommandLineError) -> Int32 {
        let sidecar: Sidecar
        sidecar = try loadSidecar(input, limits: limits)
        let result = try transform(sidecar)
        let problems = result.validate()
        // The result of the operation is at fault here, not the output file (never written).
        guard problems.isEmpty else { throw .failed(KinetixError(kind: .invalidData, diagnostics: problems.map { $0.inFile("\(input) (after the operation)") })) }
        try writeAtomically(result.encoded(), to: output, inputs: [input] + extraInputs)
        printError("\(output): \(result.frameCount) frames, \(formatSeconds(result.duration))")
        return ExitCode.success
    }

    static func spec(_ name: String, _ abstract: String, _ options: [CommandSpec.Option], discussion: String? = nil) -> CommandSpec {
        CommandSpec(name: name, abstract: abstract, discussion: discussion,
                    arguments: [.init(name: "sidecar", help: "The sidecar to read (never modified).")],
                    options: options + [.sidecarOutput, .maxInput])
    }
}

struct TrimCommand: Subcommand {
    static let spec = ClipOperation.spec("trim", "Keep the frames between two times.", [
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
            guard result.frameCount > 0 else { throw .usage("no frame between \(from) and \(to) s (the clip runs \(sidecar.times.first ?? 0)–\(sidecar.times.last ?? 0) s)", command: Self.spec) }
            return result
        }
    }
}

struct ResampleCommand: Subcommand {
    static let spec = ClipOperation.spec("resample", "Resample to a uniform frame rate.", [
        .init(long: "rate", valueName: "fps", help: "The new frame rate (required)."),
        .init(long: "max-gap", valueName: "seconds", help: "Longest gap bridged by interpolation.",
              defaultValue: defaultText(Sidecar.EditDefaults.resampleMaxGapSeconds)),
    ])
    let operation: ClipOperation
    let rate: Double, maxGap: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        guard arguments.string("rate") != nil else { throw .usage("missing --rate <fps>", command: Self.spec) }
        rate = try arguments.double("rate", default: Sidecar.fallbackFrameRate, in: Sidecar.EditDefaults.resampleRates)
        maxGap = try arguments.double("max-gap", default: Sidecar.EditDefaults.resampleMaxGapSeconds, in: ComparisonOptions.Ranges.maxGapSeconds)
    }

    func run() throws(CommandLineError) -> Int32 {
        try operation.run { sidecar throws(CommandLineError) in
            do throws(KinetixError) { return try sidecar.resampled(rate: rate, maxGapSeconds: maxGap) } catch {
                throw .usage(error.diagnostics.map(\.message).joined(separator: "; ") + " (--rate)", command: Self.spec)
            }
        }
    }
}

struct MirrorCommand: Subcommand {
    static let spec = ClipOperation.spec("mirror", "Mirror the clip: flip x and exchange left and right.", [])
    let operation: ClipOperation

    init(_ arguments: ParsedArguments) throws(CommandLineError) { operation = try ClipOperation(arguments, spec: Self.spec) }

    func run() throws(CommandLineError) -> Int32 { try operation.run { $0.mirrored() } }
}

struct ShiftCommand: Subcommand {
    static let spec = ClipOperation.spec("shift", "Shift every time by a number of seconds.", [
        .init(long: "seconds", valueName: "seconds", help: "Added to every time and event (required)."),
    ])
    let operation: ClipOperation
    let seconds: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        guard arguments.string("seconds") != nil else { throw .usage("missing --seconds", command: Self.spec) }
        seconds = try arguments.double("seconds", default: 0, in: -2 * Sidecar.maxAbsoluteTime...2 * Sidecar.maxAbsoluteTime)
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

struct MergeCommand: Subcommand {
    static let spec = ClipOperation.spec("merge", "Add another sidecar's face landmarks to this one's frames.", [
        .init(long: "face", valueName: "sidecar", help: "The sidecar with the face landmarks (required)."),
        .init(long: "tolerance", valueName: "seconds", help: "How close times must be to match.",
              defaultValue: defaultText(Sidecar.EditDefaults.mergeToleranceSeconds)),
    ], discussion: "Frames are matched by time; frames with no match keep no face landmarks.")
    let operation: ClipOperation
    let face: String
    let tolerance: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        guard let face = arguments.string("face") else { throw .usage("missing --face <sidecar>", command: Self.spec) }
        self.face = face
        tolerance = try arguments.double("tolerance", default: Sidecar.EditDefaults.mergeToleranceSeconds, in: 0...10)
    }

    func run() throws(CommandLineError) -> Int32 {
        let faceClip: Sidecar
        faceClip = try loadSidecar(face, limits: operation.limits)
        return try operation.run(reading: [face]) { sidecar throws(CommandLineError) in
            guard faceClip.face != nil else { throw .failed(KinetixError(kind: .invalidData, diagnostics: [Diagnostic(file: face, message: "has no face landmarks to merge")])) }
            let (merged, matched) = sidecar.mergingFace(from: faceClip, toleranceSeconds: tolerance)
            printError("merged face landmarks into \(matched) of \(sidecar.frameCount) frames")
            return merged
        }
    }
}
