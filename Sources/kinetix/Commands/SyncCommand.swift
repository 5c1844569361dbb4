import Foundation
import KinetixCore
import KinetixIO
import KinetixReport

/// `kinetix sync <reference> <clip> ...`: each clip's time offset against the first,
/// found from the movement (several cameras, or estimators, of one person).
struct SyncCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sync",
        abstract: "Find each clip's time offset against the first from the movement itself.",
        discussion: """
            For recordings of one person without a shared clock (several cameras, or several
            estimators of one video). The offset is what to add to a clip's times to put it on
            the first clip's clock, to a fraction of a frame, from the joints' vertical speeds
            (which a change of viewpoint keeps, as Pose2Sim syncs cameras) or the limb angles
            that move in both, whichever is surer. The confidence (0-1) weighs the
            correlation, the best rival offset, the search's edges and how much movement
            the match rests on; below 0.3 the offset is not trusted and says why. With three clips or more every pair is lined up and
            the offsets must add up around each loop: a clip whose pairs do not is named. A
            person who barely moves is refused (exit 65). --write writes each clip shifted
            onto the first's clock, recording the offset in its source (untrusted clips are
            not written).
            """,
        arguments: [
            .init(name: "reference", help: "The clip whose clock the others are put on."),
            .init(name: "clips", help: "The clips to line up with it.", repeating: true),
        ],
        options: [
            .init(
                long: "max-offset", valueName: "seconds", help: "The largest offset searched either way.",
                defaultValue: defaultText(ClipSync.Options().maxOffsetSeconds)),
            .init(
                long: "joints", valueName: "a,b,…",
                help: "Joints whose speeds (and limbs whose angles) are compared (default: all), e.g. leftAnkle,rightAnkle."),
            .init(long: "from", valueName: "seconds", help: "Use the reference's frames from this time on (a stretch of clear movement)."),
            .init(long: "to", valueName: "seconds", help: "Use the reference's frames up to this time."),
            .init(
                long: "signal", valueName: "signal", help: "automatic (the surer of the two), keypointSpeeds or limbAngles.",
                defaultValue: "automatic"),
            .init(long: "write", valueName: "dir", help: "Write each clip shifted onto the reference's clock into this folder."),
            .init(long: "format", valueName: "format", help: "text or json.", defaultValue: "text"),
            .minConfidence, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json }

    let reference: String
    let clips: [String]
    let options: ClipSync.Options
    let write: String?
    let format: Format
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard arguments.positional.count >= 2 else {
            throw .usage("give a reference clip and at least one clip to line up with it", command: Self.spec)
        }
        reference = arguments.positional[0]
        clips = Array(arguments.positional.dropFirst())
        var options = ClipSync.Options()
        options.maxOffsetSeconds = try arguments.double(
            "max-offset", default: options.maxOffsetSeconds, in: ClipSync.Options.maxOffsetRange)
        options.minConfidence = Float(
            try arguments.double("min-confidence", default: Double(options.minConfidence), in: BodySeries.minConfidenceRange))
        if let text = arguments.string("joints") {
            var joints: [Joint] = []
            for name in text.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
                guard let joint = Joint(name: name) else {
                    let hint = Diagnostic.didYouMean(closestName(to: name, in: Joint.allCases.map(\.name)))
                    throw .usage(
                        "--joints: unknown joint '\(name)'\(hint); joints are \(Joint.allCases.map(\.name).joined(separator: ", "))",
                        command: Self.spec)
                }
                joints.append(joint)
            }
            guard !joints.isEmpty else { throw .usage("--joints: name at least one joint", command: Self.spec) }
            options.joints = joints
        }
        if arguments.string("from") != nil || arguments.string("to") != nil {
            let from = try arguments.double("from", default: -1e9)
            let to = try arguments.double("to", default: 1e9)
            guard from.isFinite, to.isFinite, from < to else { throw .usage("--from must be before --to", command: Self.spec) }
            options.windowSeconds = from...to
        }
        switch arguments.string("signal") ?? "automatic" {
        case "automatic": options.signals = ClipSync.Signal.allCases
        case let name:
            guard let signal = ClipSync.Signal(rawValue: name) else {
                throw .usage("--signal: '\(name)' is not one of automatic, keypointSpeeds, limbAngles", command: Self.spec)
            }
            options.signals = [signal]
        }
        self.options = options
        write = arguments.string("write")
        if let write {
            // Each clip is written under its own file name: two clips of one name
            // (cam1/pose.json, cam2/pose.json) would leave one file for two clips.
            var seen: [String: String] = [:]
            for clip in clips {
                let name = URL(fileURLWithPath: clip).lastPathComponent
                if let first = seen[name] {
                    throw .usage(
                        "--write: \(first) and \(clip) would both be written as \(URL(fileURLWithPath: write).appendingPathComponent(name).path): give the clips distinct file names",
                        command: Self.spec)
                }
                seen[name] = clip
            }
        }
        format = try arguments.choice("format", default: .text)
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let files = [reference] + clips
        var sidecars: [Sidecar] = []
        for file in files { sidecars.append(try loadSidecar(file, limits: limits)) }
        let set: ClipSync.SetResult
        do throws(KinetixError) {
            set = try ClipSync.offsets(of: sidecars, options: options)
        } catch {
            throw .failed(KinetixError(kind: error.kind, diagnostics: error.diagnostics.map { $0.file == nil ? $0.inFile(files[1]) : $0 }))
        }
        let direct = (1..<files.count).map { c in set.pairs.first { $0.first == 0 && $0.second == c }! }
        if let write {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: write, isDirectory: &isFolder)
            if exists, !isFolder.boolValue { throw .output("\(write): exists and is not a folder") }
            // The synced clips belong together: each is checked, then all are written or none.
            var outputs: [(path: String, data: Data)] = []
            for c in 1..<files.count {
                let placed = set.clips[c]
                guard let offset = placed.offsetSeconds, placed.confidence >= ClipSync.trustedConfidence, !placed.isInconsistent else {
                    printError("note: \(files[c]) not written: its offset is not trusted (see the report)")
                    continue
                }
                var shifted = sidecars[c].shifted(bySeconds: offset)
                shifted.source["syncedTo"] = reference
                shifted.source["syncOffsetSeconds"] = jsonNumber(offset, digits: 6)
                let problems = shifted.validate()
                guard problems.isEmpty else {
                    throw .failed(
                        KinetixError(
                            kind: .invalidData,
                            diagnostics: problems.map { $0.inFile("\(files[c]) (shifted by \(jsonNumber(offset, digits: 6)) s)") }))
                }
                outputs.append(
                    (
                        URL(fileURLWithPath: write).appendingPathComponent(URL(fileURLWithPath: files[c]).lastPathComponent).path,
                        shifted.encoded()
                    ))
            }
            // The folder is made only for a set that will be written (a refusal leaves nothing behind).
            if !exists, !outputs.isEmpty {
                do { try FileManager.default.createDirectory(atPath: write, withIntermediateDirectories: true) } catch {
                    throw .output("\(write): cannot make the folder (\(error.localizedDescription))")
                }
            }
            do throws(KinetixError) { try OutputFile.writeAll(outputs, inputs: files) } catch { throw .output(error.description) }
        }
        switch format {
        case .text:
            printOut(set.text(files: files, direct: direct, wrote: write), terminator: "")
        case .json:
            printOut(set.json(files: files, direct: direct))
        }
        return ExitCode.success
    }
}
