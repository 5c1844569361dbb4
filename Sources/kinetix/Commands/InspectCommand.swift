import Foundation
import KinetixCore
import KinetixFormats
import KinetixReport

/// `kinetix inspect <file>`: timing, coverage and extras of one clip.
struct InspectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Summarize a sidecar: frames, frame rate, jitter, tracking coverage, gaps.",
        discussion: """
            With --people the input is an estimator's output with several people in it (as
            'kinetix convert' reads it): everyone is followed and each track is listed
            (frames, coverage, position, size, frames of uncertain identity).
            """,
        arguments: [.init(name: "file", help: "A sidecar JSON file (with --people: an estimator's output).")],
        options: [
            .init(long: "format", valueName: "format", help: "text or json.", defaultValue: "text"),
            .init(long: "people", help: "List the people followed in an estimator's output (see above)."),
            .init(long: "fps", valueName: "rate", help: "With --people: frames per second, for keypoints without times."),
            .init(long: "image-size", valueName: "WxH", help: "With --people: the image size, for keypoints without it."),
            .minConfidence, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json }

    let file: String
    let format: Format
    let minConfidence: Float
    let limits: SidecarLimits

    /// `--people`: how to read the estimator's output.
    let people: ConversionOptions?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .text)
        if arguments.flag("people") {
            people = try everyoneConversion(arguments, input: file, spec: Self.spec)
        } else {
            if arguments.string("fps") != nil || arguments.string("image-size") != nil {
                throw .usage("--fps and --image-size go with --people", command: Self.spec)
            }
            people = nil
        }
        minConfidence = Float(
            try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: BodySeries.minConfidenceRange))
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        if let people { return try listPeople(people) }
        let sidecar: Sidecar
        sidecar = try loadSidecar(file, limits: limits)
        let report = InspectReport(sidecar, file: file, minConfidence: minConfidence)
        printOut(format == .json ? report.json() : report.text(), terminator: "")
        return ExitCode.success
    }
}

extension InspectCommand {
    /// `--people`: every track of an estimator's output, left to right.
    func listPeople(_ options: ConversionOptions) throws(CommandLineError) -> Int32 {
        guard case .estimator(let format) = RecognisedInput.recognise(file, limits: limits) else {
            let exists = FileManager.default.fileExists(atPath: file)
            throw .failed(
                KinetixError(
                    exists ? .unsupported : .unreadable, file: file,
                    exists
                        ? "--people lists the people in an estimator's output (OpenPose, COCO-17, MediaPipe, Vision); this is not one"
                        : "no such file or folder"))
        }
        let result: ConversionResult
        do { result = try format.convert(file, options: options) } catch { throw .failed(error) }
        let tracks = result.tracking?.tracks ?? []
        let leftOut = result.tracking?.leftOut ?? []
        let frames = result.sidecar.frameCount
        if self.format == .json {
            var out = "{\"file\": \(jsonString(file)), \"frames\": \(frames), \"tracks\": ["
            out += tracks.map { t in
                "\n  {\"track\": \(t.id), \"frames\": \(t.trackedFrames), \"coverage\": \(String(format: "%.4f", Double(t.trackedFrames) / Double(max(1, frames)))), "
                    + String(format: "\"medianX\": %.1f, \"medianY\": %.1f, \"medianTorso\": %.1f, ", t.medianX, t.medianY, t.medianTorso)
                    + "\"uncertainFrames\": [" + t.uncertain.map { "[\($0.lowerBound), \($0.upperBound)]" }.joined(separator: ", ") + "], "
                    + "\"notes\": [" + t.notes.map(jsonString).joined(separator: ", ") + "]}"
            }.joined(separator: ",")
            out += (tracks.isEmpty ? "" : "\n") + "], \"leftOut\": [" + leftOut.map(jsonString).joined(separator: ", ") + "]}\n"
            printOut(out, terminator: "")
            return ExitCode.success
        }
        var out =
            "\(file): \(tracks.count) \(tracks.count == 1 ? "person" : "people") followed over \(frames) frames, left to right (\(result.sidecar.source["detector"] ?? format.rawValue))\n\n"
        out += "track  frames  coverage  position x  torso  identity uncertain\n"
        for t in tracks {
            let unsure =
                t.uncertain.isEmpty
                ? "—"
                : "\(t.uncertain.reduce(0) { $0 + $1.count }) frames ("
                    + t.uncertain.prefix(4).map { "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
                    + (t.uncertain.count > 4 ? ", …" : "") + ")"
            out +=
                String(
                    format: "%-6d %6d  %7.1f %%  %10.0f  %5.0f  ", t.id, t.trackedFrames,
                    100 * Double(t.trackedFrames) / Double(max(1, frames)), t.medianX, t.medianTorso) + unsure + "\n"
            for note in t.notes { out += "       \(note)\n" }
        }
        for note in leftOut { out += "left out: \(note)\n" }
        printOut(out, terminator: "")
        return ExitCode.success
    }
}
