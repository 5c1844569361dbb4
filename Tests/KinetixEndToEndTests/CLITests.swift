import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

@Suite("kinetix command line", .serialized)
struct CLITests {
    @Test("validate: OK lines for the bundled sidecars, exit 0")
    func validateBundled() throws {
        let result = try Kinetix.run(["validate", "Sidecars/demonstrator.json", "Sidecars/learner.json", "Sidecars/squat-side.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Sidecars/demonstrator.json: OK (361 frames, 12.000 s, pixels 1080×1920, 2D)
                Sidecars/learner.json: OK (361 frames, 12.000 s, pixels 1080×1920, 2D)
                Sidecars/squat-side.json: OK (301 frames, 10.000 s, pixels 1080×1920, 2D)

                """)
    }

    #if os(Linux)
        @Test("OpenBLAS is not loaded when the process starts: its idle pool threads would spin on a core every command needs")
        func openBLASNotLinked() throws {
            // The dynamic loader lists what it would load and exits before main runs.
            let result = try Kinetix.run([], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
            #expect(result.stdout.contains("libswiftCore"), "the loader's list: \(result.stdout)")
            #expect(!result.stdout.contains("openblas"), "the loader's list: \(result.stdout)")
        }
    #endif

    @Test("validate: bad data exits 65 with located messages; a missing file exits 66")
    func validateBad() throws {
        let folder = try Kinetix.temporaryFolder()
        let bad = folder.appendingPathComponent("learner.json").path
        try
            #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 10, "height": 10}, "frames": [{"t": 0, "joints": {}}, {"t": 7.067, "joints": {"leftKnee": [1, 2, 1.7]}}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try Kinetix.run(["validate", bad])
        #expect(result.status == 65)
        #expect(result.stderr == "\(bad): frame 1 (t=7.067s): joint 'leftKnee': confidence 1.7 is outside 0...1\n")
        let missing = try Kinetix.run(["validate", bad, folder.appendingPathComponent("nope.json").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nope.json: no such file"))
    }

    @Test("a file over the size limit is refused with a clear message, exit 65")
    func sizeLimit() throws {
        let folder = try Kinetix.temporaryFolder()
        let path = folder.appendingPathComponent("huge.json").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 3 << 20)
        try handle.close()
        let result = try Kinetix.run(["inspect", path, "--max-input-mb", "2"])
        #expect(result.status == 65)
        #expect(result.stderr == "\(path): file is 3 MB, over the input limit of 2 MB [--max-input-mb]\n")
    }

    @Test(
        "usage errors exit 64 with Error: and Usage: lines",
        arguments: [
            (["angles"], "Error: missing <file>"),
            (["angles", "Sidecars/learner.json", "--formt", "csv"], "Error: unknown option '--formt' (did you mean '--format'?)"),
            (
                ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--html", "r.html"],
                "Error: unknown option '--html' (did you mean '--report'?)"
            ),
            (
                ["assess", "Sidecars/squat-front.json", "--profile", "squat", "--html", "r.html"],
                "Error: unknown option '--html' (did you mean '--report'?)"
            ),
            (["angles", "Sidecars/learner.json", "--format", "xml"], "Error: '--format' must be one of csv, json, mot, got 'xml'"),
            (["inspect", "Sidecars/learner.json", "--min-confidence", "2"], "Error: '--min-confidence' must be in 0.0...1.0, got 2"),
            (["synth", "--fault", "leftShouldr:-4@1-2"], "Error: '--fault': unknown limb 'leftShouldr' (did you mean 'leftShoulder'?)"),
            (["valdate"], "Error: unknown subcommand 'valdate' (did you mean 'validate'?)"),
            ([], "Error: missing subcommand"),
        ])
    func usageErrors(_ arguments: [String], _ expected: String) throws {
        let result = try Kinetix.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(expected + "\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: "))
        #expect(result.stdout.isEmpty)
    }

    /// Every subcommand in the command table, as `kinetix --help` lists it (the list is made from the table).
    static let subcommands: [String] = {
        guard let overview = try? Kinetix.run(["--help"]).stdout,
            let section = overview.components(separatedBy: "SUBCOMMANDS:\n").last
        else { return [] }
        return section.split(separator: "\n").prefix { $0.hasPrefix("  ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
    }()

    @Test("the command table lists every subcommand")
    func commandTable() {
        #expect(Self.subcommands.count >= 15 && Set(Self.subcommands).count == Self.subcommands.count, "\(Self.subcommands)")
        for name in ["validate", "inspect", "compare", "assess", "batch", "convert", "synth"] { #expect(Self.subcommands.contains(name)) }
    }

    @Test("help on every command goes to stdout with exit 0", arguments: subcommands)
    func help(_ command: String) throws {
        for arguments in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = try Kinetix.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.hasPrefix("OVERVIEW: "), "\(arguments)")
            #expect(result.stdout.contains("USAGE: kinetix \(command)"), "\(arguments)")
            #expect(result.stdout.contains("-h, --help"), "\(arguments)")
        }
    }

    @Test("--version prints the version")
    func version() throws {
        let version = try Kinetix.run(["--version"])
        #expect(version.stdout == KinetixVersion.current + "\n")
    }

    @Test("angles: CSV header in limb order, empty fields for NaN; JSON with nulls")
    func angles() throws {
        let csv = try Kinetix.run(["angles", "Sidecars/squat-side.json"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "t,leftElbow,rightElbow,leftShoulder,rightShoulder,leftHip,rightHip,leftKnee,rightKnee,neck")
        #expect(lines.count == 301 + 2)
        #expect(lines.dropFirst().contains { $0.contains(",,") }, "2% dropout leaves some limbs empty")
        let json = try Kinetix.run(["angles", "Sidecars/squat-side.json", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let frames = object["frames"] as! [[String: Any]]
        #expect(frames.count == 301)
        let anyNull = frames.contains { ($0["angles"] as! [String: Any]).values.contains { $0 is NSNull } }
        #expect(anyNull)
    }

    @Test("angles --mirror exchanges the left and right columns")
    func anglesMirror() throws {
        let plain = try Kinetix.run(["angles", "Sidecars/learner.json"]).stdout.split(separator: "\n")
        let mirrored = try Kinetix.run(["angles", "Sidecars/learner.json", "--mirror"]).stdout.split(separator: "\n")
        let a = plain[100].split(separator: ",", omittingEmptySubsequences: false)
        let b = mirrored[100].split(separator: ",", omittingEmptySubsequences: false)
        #expect(a[1] == b[2] && a[2] == b[1] && a[7] == b[8] && a[9] == b[9])
    }

    @Test("the bundled sidecars are exactly what their documented synth commands make")
    func bundledReproducible() throws {
        let readme = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/README.md"), encoding: .utf8)
        let commands = readme.split(separator: "\n").filter { $0.hasPrefix("kinetix synth ") }
        #expect(commands.count >= 3)
        let folder = try Kinetix.temporaryFolder()
        for command in commands {
            var words = command.split(separator: " ").dropFirst().map(String.init)
            let outputIndex = try #require(words.firstIndex(of: "-o"))
            let bundled = words[outputIndex + 1]
            let fresh = folder.appendingPathComponent(URL(fileURLWithPath: bundled).lastPathComponent).path
            words[outputIndex + 1] = fresh
            let result = try Kinetix.run(words)
            #expect(result.status == 0, "\(result.stderr)")
            let same = FileManager.default.contentsEqual(atPath: fresh, andPath: Kinetix.packageRoot.appendingPathComponent(bundled).path)
            #expect(same, "\(bundled) differs from: \(command)")
        }
    }

    @Test("outputs are written atomically and never over an input")
    func outputs() throws {
        let folder = try Kinetix.temporaryFolder()
        let input = folder.appendingPathComponent("clip.json").path
        let made = try Kinetix.run(["synth", "--duration", "1", "-o", input])
        #expect(made.status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let refused = try Kinetix.run(["angles", input, "-o", input])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("refusing to overwrite an input file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before, "the input is untouched")
        let noFolder = try Kinetix.run(["angles", input, "-o", folder.appendingPathComponent("missing/out.csv").path])
        #expect(noFolder.status == 73)
        let written = try Kinetix.run(["angles", input, "-o", folder.appendingPathComponent("out.csv").path])
        #expect(written.status == 0 && written.stdout.isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary files are left behind")
    }

    @Test("inspect reports timing, coverage and gaps")
    func inspect() throws {
        let result = try Kinetix.run(["inspect", "Sidecars/squat-side.json"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("frames        301 over 10.000 s, 30.00 fps"))
        #expect(result.stdout.contains("torso length"))
        let json = try Kinetix.run(["inspect", "Sidecars/squat-side.json", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["frames"] as? Int == 301)
        let joints = object["joints"] as! [String: [String: Double]]
        #expect(joints.count == 15)
        #expect(joints.values.allSatisfy { $0["fraction"]! > 0.95 && $0["fraction"]! < 1.0001 })
    }
}
