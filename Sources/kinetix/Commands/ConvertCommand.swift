import Foundation
import KinetixCore
import KinetixFormats
import KinetixIO

/// `kinetix convert --from <format> <input> -o <sidecar>`.
struct ConvertCommand: Subcommand {
    static let spec = CommandSpec(
        name: "convert",
        abstract: "Convert another estimator's output into a Kinetix sidecar.",
        discussion: """
            FORMATS:
              openpose    A folder of OpenPose --write_json files, one per frame (frame number
                          from the file name). BODY_25, BODY_25B (told apart from the keypoints)
                          and COCO-18. Needs --fps and --image-size.
              coco17      COCO keypoint results (MMPose, RTMPose, AlphaPose): a JSON array of
                          {image_id, keypoints: [x, y, score] x 17}. Needs --fps, --image-size.
              mediapipe   MediaPipe Pose: the keypoints-pose-v1 JSON layout, or CSV with
                          <landmark>_x/_y/_z/_visibility columns (see README). Face Mesh too.
              vision      An Apple Vision body-pose dump (raw joint identifiers, normalized,
                          origin lower-left), or a 3D one (format vision-body-pose-3d: metres,
                          root-relative).
              trc         OpenSim / Pose2Sim markers (.trc): 3D, metres, markers named as
                          Pose2Sim names them (RKnee, LHip, Neck, Nose, ...; see README).

            3D: a .trc, a Vision 3D dump, or MediaPipe with --world (its mp33_world
            landmarks) make a sidecar with depth; its angles are measured in 3D.

            Several people in a frame: --person largest (default: the largest where the clip
            starts, then followed by position), an index in the first frame, or id:N for the
            estimator's tracking id. To follow everyone (stable identities through crossings,
            occlusions and people leaving and coming back): --person left, right or track:N
            (tracks numbered left to right), or --people -o DIR for one sidecar per person
            (DIR/<input>.track<N>.json). Frames where two people came too close to be told
            apart are left empty and listed. Bad frames are reported and skipped unless --strict.
            """,
        arguments: [.init(name: "input", help: "The file or folder to convert.")],
        options: [
            .init(
                long: "from", valueName: "format",
                help: "auto (recognised from the content), openpose, coco17, mediapipe, vision, trc or face-stills.", defaultValue: "auto"),
            .init(long: "fps", valueName: "rate", help: "Frames per second, for sources without times."),
            .init(long: "image-size", valueName: "WxH", help: "Image size in pixels, for sources without it."),
            .init(long: "model", valueName: "model", help: "OpenPose model: body25, body25b or coco18 (checked against the keypoints)."),
            .init(
                long: "person", valueName: "who",
                help:
                    "largest, an index, id:N, or (everyone tracked) left, right or track:N (still images: the face, largest or an index).",
                defaultValue: "largest"),
            .init(long: "people", help: "Follow everyone and write one sidecar per person into the folder -o names."),
            .init(
                long: "image", valueName: "n|name", help: "Still images: the photo to convert, by index or file name (default: the first)."),
            .init(long: "world", help: "MediaPipe: read the world landmarks (mp33_world, metres, 3D) instead of the image's."),
            .init(long: "no-face", help: "Leave face landmarks out."),
            .init(long: "strict", help: "Stop at the first bad frame."),
            .init(long: "repair-swaps", help: "Undo the estimator's left/right swaps (see 'kinetix inspect')."),
            .sidecarOutput, .maxInput,
        ]
    )

    /// The format given with --from, or nil for auto.
    let format: SourceFormat?
    let input: String
    let options: ConversionOptions
    let output: String
    let repairSwaps: Bool
    /// `--people`: every track, into the folder `output`.
    let everyone: Bool

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        input = arguments.positional[0]
        if let given = arguments.string("from"), given != "auto" {
            format = try arguments.choice("from", default: SourceFormat.openpose)
        } else {
            format = nil  // recognised from the content when run
        }
        guard let output = arguments.string("output") else { throw .usage("missing -o <sidecar>", command: Self.spec) }
        self.output = output
        var options = ConversionOptions()
        if arguments.string("fps") != nil {
            options.frameRate = try arguments.double("fps", default: 30, in: Sidecar.EditDefaults.resampleRates)
        }
        if let size = arguments.string("image-size") { options.imageSize = try parseImageSize(size, spec: Self.spec) }
        if let name = arguments.string("model") {
            guard let model = OpenPoseConverter.Model(name: name) else {
                throw .usage(
                    "'--model' must be one of \(OpenPoseConverter.Model.allCases.map(\.rawValue).joined(separator: ", ")) (OpenPose's names, such as BODY_25, work too), got '\(name)'",
                    command: Self.spec)
            }
            options.model = model
        }
        guard let person = PersonSelection(arguments.string("person") ?? "largest") else {
            throw .usage(
                "'--person' expects largest, an index (0, 1, …), id:N, left, right or track:N, got '\(arguments.string("person")!)'",
                command: Self.spec)
        }
        everyone = arguments.flag("people")
        if everyone && arguments.string("person") != nil {
            throw .usage("--people writes everyone; --person picks one: give one of them", command: Self.spec)
        }
        options.person = everyone ? .everyone : person
        options.includeFace = !arguments.flag("no-face")
        options.worldLandmarks = arguments.flag("world")
        options.stillImage = arguments.string("image")
        options.strict = arguments.flag("strict")
        options.inputName = input
        options.limits = try arguments.limits()
        self.options = options
        repairSwaps = arguments.flag("repair-swaps")
    }

    func run() throws(CommandLineError) -> Int32 {
        let recognised = RecognisedInput.recognise(input, limits: options.limits)
        let format: SourceFormat
        switch (self.format, recognised) {
        case (nil, .estimator(let found)):
            format = found
            printError("note: \(input) is \(recognised); converting it as --from \(found.rawValue)")
        case (nil, _):
            let what = FileManager.default.fileExists(atPath: input) ? "is \(recognised): \(recognised.advice)" : "no such file or folder"
            throw .failed(KinetixError(FileManager.default.fileExists(atPath: input) ? .unsupported : .unreadable, file: input, what))
        case (let given?, .estimator(let found)) where found != given:
            throw .usage(
                "\(input) is \(recognised), not \(given.rawValue): use --from \(found.rawValue), or leave --from out", command: Self.spec)
        case (let given?, .sidecar), (let given?, .openSimMotion), (let given?, .openPoseFrameFile):
            throw .usage("\(input) is \(recognised), not \(given.rawValue) output: \(recognised.advice)", command: Self.spec)
        case (let given?, _):
            format = given
        }
        if options.worldLandmarks && format != .mediapipe {
            throw .usage(
                "'--world' reads MediaPipe's world landmarks; \(input) is \(format.rawValue) (a .trc or a Vision 3D dump is 3D already)",
                command: Self.spec)
        }
        let converted: ConversionResult
        do { converted = try format.convert(input, options: options) } catch { throw .failed(error) }
        for warning in converted.warnings.prefix(20) { printError("warning: \(commandLineText(warning))") }
        if converted.warnings.count > 20 { printError("warning: \(converted.warnings.count - 20) more not shown") }
        if everyone { return try writePeople(converted, format: format) }
        let (result, check) = converted.checkedForFaults(repairSwaps: repairSwaps)
        if !check.faults.isEmpty {
            printError(
                "warning: estimator faults: \(check.countsText)\(check.repairedSwaps ? ", swaps repaired" : ""); 'kinetix inspect \(output)' lists them"
            )
        }
        let s = result.sidecar
        // Every file read counts as an input: never write over an OpenPose frame file.
        try writeAtomically(s.encoded(), to: output, inputs: [input] + result.inputFiles)
        printError(
            "\(output): \(s.frameCount) frame\(s.frameCount == 1 ? "" : "s"), \(formatSeconds(s.duration)), from \(s.source["detector"] ?? format.rawValue)"
        )
        return ExitCode.success
    }
}

extension ConvertCommand {
    /// `--people`: one sidecar per track into the folder `output`, and a line per track.
    func writePeople(_ converted: ConversionResult, format: SourceFormat) throws(CommandLineError) -> Int32 {
        // The folder being read (OpenPose's frame files) is an input: tracks are never
        // written among the files they come from.
        func folder(_ path: String) -> URL { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath() }
        if folder(output) == folder(input) {
            throw .failed(
                KinetixError(.cannotWrite, file: output, "--people -o names the folder being read: write the tracks into another folder"))
        }
        // A folder that is not there yet is filled under a temporary name and renamed
        // into place (`NewFolder`): a refused or failed set leaves no folder behind.
        var isDirectory: ObjCBool = false
        var building: NewFolder?
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .failed(
                    KinetixError(.cannotWrite, file: output, "--people writes a sidecar per person into a folder; this is a file"))
            }
        } else {
            do throws(KinetixError) { building = try NewFolder(output) } catch { throw .output(error.description) }
        }
        let stem = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        let tracks = converted.tracking?.tracks ?? []
        // The tracks belong together: each carries this run's stamp, and all are written
        // (every temporary file flushed before the first rename) or none, so a run killed
        // midway never leaves its tracks beside another run's unmarked.
        let run = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let people = converted.checkedPeople(repairSwaps: repairSwaps)
        var files: [(path: String, data: Data)] = []
        for (k, (sidecar, _)) in people.enumerated() {
            var stamped = sidecar
            stamped.source["trackRun"] = run
            files.append(((output as NSString).appendingPathComponent("\(stem).track\(k).json"), stamped.encoded()))
        }
        do throws(KinetixError) {
            if let building {
                try OutputFile.writeAll(
                    files.map {
                        ((building.building as NSString).appendingPathComponent(($0.path as NSString).lastPathComponent), $0.data)
                    },
                    inputs: [input] + converted.inputFiles)
                try building.putInPlace()
            } else {
                try OutputFile.writeAll(files, inputs: [input] + converted.inputFiles)
            }
        } catch {
            guard let building else { throw .output(error.description) }
            building.discard()
            throw .output(building.namingTheUsersPath(error).description)
        }
        for (k, (_, check)) in people.enumerated() {
            let path = files[k].path
            var line = "\(path): track \(k)"
            if k < tracks.count {
                let t = tracks[k]
                line += String(
                    format: ", %d of %d frames, around x=%.0f, torso %.0f", t.trackedFrames, t.people.count, t.medianX, t.medianTorso)
                if !t.uncertain.isEmpty { line += ", identity uncertain in \(t.uncertain.reduce(0) { $0 + $1.count }) frames" }
            }
            if !check.faults.isEmpty { line += "; estimator faults: \(check.countsText)" }
            printError(line)
        }
        printError(
            "\(tracks.count) \(tracks.count == 1 ? "person" : "people") followed, left to right, from \(converted.sidecar.source["detector"] ?? format.rawValue)"
        )
        return ExitCode.success
    }
}

/// How `--from-one` and `inspect --people` read an estimator's output: everyone
/// followed, with `--fps` and `--image-size` when given.
func everyoneConversion(_ arguments: ParsedArguments, input: String, spec: CommandSpec) throws(CommandLineError) -> ConversionOptions {
    var options = ConversionOptions()
    options.person = .everyone
    options.inputName = input
    if arguments.string("fps") != nil {
        options.frameRate = try arguments.double("fps", default: 30, in: Sidecar.EditDefaults.resampleRates)
    }
    if let size = arguments.string("image-size") { options.imageSize = try parseImageSize(size, spec: spec) }
    options.limits = try arguments.limits()
    return options
}

/// Parses `1080x1920`.
func parseImageSize(_ text: String, spec: CommandSpec) throws(CommandLineError) -> ImageSize {
    let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts.allSatisfy({ $0 >= 16 && $0 <= 16384 }) else {
        throw .usage("'--image-size' expects WIDTHxHEIGHT in pixels, e.g. 1080x1920, got '\(text)'", command: spec)
    }
    return ImageSize(width: parts[0], height: parts[1])
}
