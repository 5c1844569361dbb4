import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

/// The ground rule "every file Kinetix writes, Kinetix reads back", audited: every
/// command that writes runs once into one folder, and every file found there afterwards
/// must be read back by Kinetix's own readers, with the limits they apply to any input
/// (a 64 KiB string, 64 levels of nesting). A command added to `kinetix --help` must be
/// added here, as a writer or as one that writes no file, or this test fails.
@Suite("every file Kinetix writes, Kinetix reads back")
struct WrittenFilesReadBackTests {
    /// Commands that write no file of their own (a check, a sender, or a command whose
    /// subcommands are run below by name).
    static let writesNothing: Set<String> = ["validate", "stream"]

    @Test(
        "every command's outputs, in every machine format, are read back by Kinetix; text, CSV and HTML are whole UTF-8; no temporary file is left"
    )
    func everyOutputReadBack() throws {
        let root = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        func o(_ name: String) -> String { out.appendingPathComponent(name).path }
        let demonstrator = Kinetix.packageRoot.appendingPathComponent("Sidecars/demonstrator.json").path
        let learner = Kinetix.packageRoot.appendingPathComponent("Sidecars/learner.json").path
        let face = Kinetix.packageRoot.appendingPathComponent("Sidecars/face-weak-left.json").path
        var covered: Set<String> = []
        var stdoutFiles: [String: String] = [:]  // name → what a command printed, read back as a file would be
        func run(_ arguments: [String], stdoutAs name: String? = nil) throws {
            let result = try Kinetix.run(arguments)
            #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.status) \(result.stderr.suffix(400))")
            covered.insert(arguments[0])
            if let name { stdoutFiles[name] = result.stdout }
        }

        // Sidecars: made, converted, edited, synced, one per person.
        try run(["synth", "--motion", "squat", "--duration", "6", "-o", o("squat1.json")])
        try run(["synth", "--motion", "squat", "--duration", "6", "--seed", "2", "-o", o("squat2.json")])
        try run(["export", learner, "-o", o("learner.trc")])
        try run(["convert", o("learner.trc"), "-o", o("from-trc.json")])
        let openPose = try HardeningRoundFourTests.twoPeopleOpenPose()
        defer { try? FileManager.default.removeItem(at: openPose.deletingLastPathComponent()) }
        try run(["convert", openPose.path, "--fps", "30", "--image-size", "1920x1080", "--model", "body25", "--people", "-o", o("people")])
        try run(["trim", learner, "--from", "1", "--to", "9", "-o", o("trim.json")])
        try run(["resample", learner, "--rate", "20", "-o", o("resample.json")])
        try run(["mirror", learner, "-o", o("mirror.json")])
        try run(["shift", learner, "--seconds", "0.5", "-o", o("shift.json")])
        try run(["merge", face, "--face", face, "-o", o("merge.json")])
        try run(["sync", demonstrator, learner, "--write", o("synced"), "--format", "json"], stdoutAs: "sync.json")
        try run(["inspect", learner, "--format", "json"], stdoutAs: "inspect.json")
        // Results and reports.
        for format in ["json", "csv", "mot"] { try run(["angles", learner, "--format", format, "-o", o("angles.\(format)")]) }
        try run(["compare", demonstrator, learner, "--format", "json", "-o", o("compare1.json"), "--report", o("compare1.html")])
        try run(["compare", demonstrator, o("trim.json"), "--format", "json", "-o", o("compare2.json")])
        try run(["compare", demonstrator, learner, "--format", "csv", "-o", o("compare.csv")])
        try run(["onset", o("squat1.json"), "--format", "json", "-o", o("onset.json")])
        for k in 1...2 {
            try run([
                "assess", o("squat\(k).json"), "--profile", "squat", "--format", "json", "-o", o("assess\(k).json"), "--report",
                o("assess\(k).html"),
            ])
        }
        try run(["assess", o("squat1.json"), "--profile", "squat", "-o", o("assess1.txt")])
        try run([
            "profile", "draft", "--describe", "Squat: bend the knees and hips, then stand back up. Keep the back straight.", "--partial",
            "-o", o("draft.json"),
        ])
        // Batch: a plan, a run's results and shards, a merge with subjects (so per-subject progress).
        let manifest = root.appendingPathComponent("manifest.csv")
        try Data(
            "id,clip,profile,subject,date\na1,\(o("squat1.json")),squat,ann,2026-01-05\na2,\(o("squat2.json")),squat,ann,2026-02-05\n".utf8
        ).write(to: manifest)
        try run(["batch", "plan", manifest.path, "-o", o("plan.json")])
        try run(["batch", "run", o("plan.json"), "--shard", "0", "--out", o("batch")])
        try run(["batch", "merge", o("batch"), "--plan", o("plan.json"), "-o", o("batch/summary")])

        // Read back by Kinetix: sidecars validated, results followed by progress, the
        // profile linted and assessed with, the .trc converted (above), the plan run (above).
        for (first, second, name) in [
            (o("assess1.json"), o("assess2.json"), "progress-assess"), (o("compare1.json"), o("compare2.json"), "progress-compare"),
        ] {
            try run(["progress", first, second, "--format", "json", "-o", o("\(name).json"), "--report", o("\(name).html")])
            try run(["progress", first, second, "--format", "csv", "-o", o("\(name).csv")])
        }
        try run(["profile", "lint", o("draft.json")])
        try run(["assess", o("squat1.json"), "--profile", o("draft.json"), "--format", "json", "-o", o("assess-draft.json")])

        let helpText = try Kinetix.run(["--help"]).stdout
        // The subcommands: the lines after SUBCOMMANDS up to the first blank one.
        let listed = helpText.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "\n\n").first ?? ""
        let commands = listed.split(separator: "\n").compactMap {
            $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil
        }
        #expect(commands.count >= 19, "\(commands)")
        for command in commands where !Self.writesNothing.contains(command) {
            #expect(covered.contains(command), "'kinetix \(command)' writes files this audit does not read back: add it")
        }

        // Every file in the folder, by what it is.
        var files: [(path: String, data: Data)] = stdoutFiles.map { ("stdout of \($0.key)", Data($0.value.utf8)) }
        let walker = FileManager.default.enumerator(at: out, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files.append((url.path, try Data(contentsOf: url)))
        }
        #expect(files.count >= 40, "\(files.count) files")
        var sidecars: [String] = []
        for (path, data) in files {
            let name = (path as NSString).lastPathComponent
            if name.hasSuffix(".lock") {
                // A shard's lock (flock(2) on it while a run holds the shard): empty, kept.
                #expect(data.isEmpty && path.contains("/shards/"), "\(path)")
                continue
            }
            #expect(!name.hasPrefix(".") && !name.hasSuffix(".tmp"), "a temporary file left: \(path)")
            let text = String(data: data, encoding: .utf8)
            #expect(text != nil && !data.isEmpty, "\(path): empty or not UTF-8")
            switch (name as NSString).pathExtension {
            case "json":
                // Kinetix's JSON reader, with its input limits.
                let value: JSONValue
                do { value = try JSONValue.parse(data) } catch {
                    Issue.record("\(path): Kinetix's JSON reader refuses it: \(error)")
                    continue
                }
                if case .string(let format)? = value["format"], format == "kinetix-sidecar" { sidecars.append(path) }
            case "jsonl":
                for line in data.split(separator: UInt8(ascii: "\n")) {
                    #expect((try? JSONValue.parse(Data(line))) != nil, "\(path): a line Kinetix's JSON reader refuses")
                }
            case "trc":
                #expect(name == "learner.trc", "\(path): a .trc no step above converted back")
            case "mot":
                // Recognised for what it is: `convert` names it an OpenSim motion file.
                let refused = try Kinetix.run(["convert", path, "-o", root.appendingPathComponent("x.json").path])
                #expect(refused.stderr.contains("OpenSim motion file"), "\(refused.stderr)")
                #expect(Self.rectangular(motion: text ?? ""), "\(path): rows of unequal length")
            case "csv":
                #expect(Self.rectangular(csv: text ?? ""), "\(path): rows of unequal field counts")
            case "html", "txt":
                break
            default:
                Issue.record("\(path): a file of a kind this audit does not know: read it back and add it")
            }
        }
        #expect(sidecars.count >= 11, "\(sidecars)")
        let validated = try Kinetix.run(["validate"] + sidecars)
        #expect(validated.status == 0, "\(validated.stdout.suffix(600)) \(validated.stderr.suffix(600))")
    }

    /// Every record of `csv` (RFC 4180 quoting) has the same number of fields.
    static func rectangular(csv: String) -> Bool {
        var counts: Set<Int> = []
        var fields = 1
        var quoted = false
        var empty = true
        var characters = Array(csv.unicodeScalars)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" { if characters.first == "\"" { characters.removeFirst() } else { quoted = false } }
            } else if c == "\"" {
                quoted = true
                empty = false
            } else if c == "," {
                fields += 1
                empty = false
            } else if c == "\n" {
                if !empty { counts.insert(fields) }
                fields = 1
                empty = true
            } else if c != "\r" {
                empty = false
            }
        }
        if !empty { counts.insert(fields) }
        return counts.count == 1 && !quoted
    }

    /// After `endheader`, every row of an OpenSim motion file has as many columns as its header row.
    static func rectangular(motion: String) -> Bool {
        guard let body = motion.components(separatedBy: "endheader\n").last else { return false }
        let rows = body.split(separator: "\n").map { $0.split(separator: "\t").count }
        return rows.count > 2 && Set(rows).count == 1
    }
}
