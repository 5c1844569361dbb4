import Foundation
import KinetixCore

struct MergeCommand: Subcommand {
    static let spec = ClipOperation.spec(
        "merge", "Add another sidecar's face landmarks to this one's frames.",
        [
            .init(long: "face", valueName: "sidecar", help: "The sidecar with the face landmarks (required)."),
            .init(
                long: "tolerance", valueName: "seconds", help: "How close times must be to match.",
                defaultValue: defaultText(Sidecar.EditDefaults.mergeToleranceSeconds)),
        ], discussion: "Frames are matched by time; frames with no match keep no face landmarks.")
    let operation: ClipOperation
    let face: String
    let tolerance: Double

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        operation = try ClipOperation(arguments, spec: Self.spec)
        guard let face = arguments.string("face") else { throw .usage("missing --face <sidecar>", command: Self.spec) }
        self.face = face
        tolerance = try arguments.double(
            "tolerance", default: Sidecar.EditDefaults.mergeToleranceSeconds, in: Sidecar.EditDefaults.mergeToleranceRange)
    }

    func run() throws(CommandLineError) -> Int32 {
        let faceClip: Sidecar
        faceClip = try loadSidecar(face, limits: operation.limits)
        return try operation.run(reading: [face]) { sidecar throws(CommandLineError) in
            guard faceClip.face != nil else {
                throw .failed(
                    KinetixError(kind: .invalidData, diagnostics: [Diagnostic(file: face, message: "has no face landmarks to merge")]))
            }
            let (merged, matched) = sidecar.mergingFace(from: faceClip, toleranceSeconds: tolerance)
            printError("merged face landmarks into \(matched) of \(sidecar.frameCount) frames")
            return merged
        }
    }
}
