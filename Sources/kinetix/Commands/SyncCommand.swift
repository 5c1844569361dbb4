import Foundation
import KinetixCore

/// `kinetix sync <reference> <clip> ...`: each clip's time offset against the first,
/// found from the movement (several cameras, or estimators, of one person).
struct SyncCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sync",
        abstract: "Find each clip's time offset against the first from the movement itself.",
        discussion: """
        For recordings of one person without a shared clock (several cameras, or several
        estimators of one video). The offset is what to add to a clip's times to put it on
        the first clip's clock, to a fraction of a frame, from the limb angles that move
        in both (z-scored per clip, so each camera's view of an angle lines up by its
        shape), with a confidence (near 0: another offset fits as well). A person who
        barely moves is refused (exit 65). --write writes each clip shifted onto the
        first's clock, recording the offset in its source.
        """,
        arguments: [.init(name: "reference", help: "The clip whose clock the others are put on."),
                    .init(name: "clips", help: "The clips to line up with it.", repeating: true)],
        options: [
            .init(long: "max-offset", valueName: "seconds", help: "The largest offset searched either way.",
                  defaultValue: defaultText(ClipSync.Options().maxOffsetSeconds)),
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
        guard arguments.positional.count >= 2 else { throw .usage("give a reference clip and at least one clip to line up with it", command: Self.spec) }
        reference = arguments.positional[0]
        clips = Array(arguments.positional.dropFirst())
        var options = ClipSync.Options()
        options.maxOffsetSeconds = try arguments.double("max-offset", default: options.maxOffsetSeconds, in: 0...60)
        options.minConfidence = Float(try arguments.double("min-confidence", default: Double(options.minConfidence), in: 0...1))
        self.options = options
        write = arguments.string("write")
        format = try arguments.choice("format", default: .text)
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let base = try loadSidecar(reference, limits: limits)
        var results: [(file: String, clip: Sidecar, result: ClipSync.Result)] = []
        for file in clips {
            let clip = try loadSidecar(file, limits: limits)
            do throws(KinetixError) {
                results.append((file, clip, try ClipSync.offset(of: clip, to: base, options: options)))
            } catch {
                throw .failed(KinetixError(kind: error.kind, diagnostics: error.diagnostics.map { $0.file == nil ? $0.inFile(file) : $0 }))
            }
        }
        if let write {
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: write, isDirectory: &isFolder) {
                do { try FileManager.default.createDirectory(atPath: write, withIntermediateDirectories: true) } catch {
                    throw .output("\(write): cannot make the folder (\(error.localizedDescription))")
                }
            } else if !isFolder.boolValue {
                throw .output("\(write): exists and is not a folder")
            }
            for (file, clip, result) in results {
                var shifted = clip.shifted(bySeconds: result.offsetSeconds)
                shifted.source["syncedTo"] = reference
                shifted.source["syncOffsetSeconds"] = jsonNumber(result.offsetSeconds, digits: 6)
                let target = URL(fileURLWithPath: write).appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
                try writeAtomically(shifted.encoded(), to: target, inputs: [reference] + clips)
            }
        }
        switch format {
        case .text:
            var out = "reference  \(reference)\n"
            for (file, _, r) in results {
                let frames = r.offsetSeconds * r.rate
                out += String(format: "%@  offset %+.4f s (%+.2f frames at %.0f fps), confidence %.2f, r = %.2f over %.1f s shared\n",
                              file, r.offsetSeconds, frames, r.rate, r.confidence, r.correlation, r.sharedSeconds)
                out += "    from \(r.signal)\n"
                if r.confidence < 0.3 { out += "    warning: another offset fits almost as well (a repetitive or small movement): check it by eye\n" }
            }
            if let write { out += "wrote \(results.count) clip\(results.count == 1 ? "" : "s") shifted onto the reference's clock into \(write)\n" }
            printOut(out, terminator: "")
        case .json:
            let rows = results.map { file, _, r in
                "{\"file\": \(jsonString(file)), \"offsetSeconds\": \(jsonNumber(r.offsetSeconds, digits: 6)), \"rate\": \(jsonNumber(r.rate, digits: 6)), "
                    + "\"confidence\": \(jsonNumber(r.confidence, digits: 3)), \"correlation\": \(jsonNumber(r.correlation, digits: 3)), "
                    + "\"sharedSeconds\": \(jsonNumber(r.sharedSeconds, digits: 3)), \"limbs\": [\(r.limbs.map { jsonString($0.name) }.joined(separator: ", "))]}"
            }
            printOut("{\"reference\": \(jsonString(reference)), \"clips\": [\n  " + rows.joined(separator: ",\n  ") + "\n]}")
        }
        return ExitCode.success
    }
}
