import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

@Suite("kinetix convert and clip operations", .serialized)
struct ConvertCLITests {
    @Test(
        "usage and input errors",
        arguments: [
            (["convert", "x"], 64, "Error: missing -o <sidecar>"),
            (["convert", "x", "-o", "/tmp/y.json"], 66, "x: no such file or folder"),
            (
                ["convert", "Sidecars/learner.json", "-o", "/tmp/y.json"], 65,
                "Sidecars/learner.json: is a Kinetix sidecar: it needs no conversion"
            ),
            (
                ["convert", "--from", "posenet", "x", "-o", "y.json"], 64,
                "Error: '--from' must be one of openpose, coco17, mediapipe, vision, trc, face-stills, got 'posenet'"
            ),
            (
                ["convert", "--from", "openpose", "/nonexistent", "--fps", "30", "--image-size", "100x100", "-o", "/tmp/y.json"], 66,
                "/nonexistent: no such folder"
            ),
            (
                ["convert", "--from", "coco17", "Sidecars/learner.json", "--fps", "30", "--image-size", "1080x1920", "-o", "/tmp/y.json"],
                64, "Error: Sidecars/learner.json is a Kinetix sidecar, not coco17 output"
            ),
            (
                [
                    "convert", "--from", "openpose", "Sidecars", "--fps", "30", "--image-size", "1080x1920", "--person", "tallest", "-o",
                    "/tmp/y.json",
                ], 64, "Error: '--person' expects largest"
            ),
            (
                ["trim", "Sidecars/learner.json", "--from", "5", "--to", "1", "-o", "/tmp/y.json"], 64,
                "Error: --from must not be after --to"
            ),
            (["resample", "Sidecars/learner.json", "-o", "/tmp/y.json"], 64, "Error: missing --rate <fps>"),
        ])
    func errors(_ arguments: [String], _ status: Int32, _ prefix: String) throws {
        let result = try Kinetix.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
    }

    @Test("trim, shift, mirror, resample and merge write new valid sidecars and never touch the input")
    func clipOperations() throws {
        let folder = try Kinetix.temporaryFolder()
        let input = "Sidecars/learner.json"
        let before = try Data(contentsOf: Kinetix.packageRoot.appendingPathComponent(input))
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        for (arguments, name) in [
            (["trim", input, "--from", "2", "--to", "4"], "trim.json"), (["shift", input, "--seconds", "1.5"], "shift.json"),
            (["mirror", input], "mirror.json"), (["resample", input, "--rate", "60"], "resample.json"),
            (["merge", input, "--face", "Sidecars/face-weak-left.json"], "merge.json"),
        ] {
            let result = try Kinetix.run(arguments + ["-o", path(name)])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try Kinetix.run(["validate", path(name)]).status == 0)
        }
        #expect(try Data(contentsOf: Kinetix.packageRoot.appendingPathComponent(input)) == before)
        #expect(try Kinetix.run(["inspect", path("trim.json")]).stdout.contains("61 over 2.000 s"))
        #expect(try Kinetix.run(["inspect", path("resample.json")]).stdout.contains("721 over 12.000 s, 60.00 fps"))
        #expect(try Kinetix.run(["inspect", path("merge.json")]).stdout.contains("face          landmarks in 331 frames"))
        let twice = try Kinetix.run(["mirror", path("mirror.json"), "-o", path("twice.json")])
        #expect(twice.status == 0)
        let a = try Kinetix.run(["angles", input]).stdout
        let b = try Kinetix.run(["angles", path("twice.json")]).stdout
        #expect(a == b, "mirroring twice gives the same angles")
        let refused = try Kinetix.run(["mirror", input, "-o", input])
        #expect(refused.status == 73)
    }

    @Test("3D round trip: synth --space metres, export .trc, convert it back, same 3D angles; --world only for MediaPipe")
    func threeD() throws {
        let folder = try Kinetix.temporaryFolder()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try Kinetix.run(["synth", "--space", "metres", "--duration", "2", "--output", path("clip.json")]).status == 0)
        let exported = try Kinetix.run(["export", path("clip.json"), "-o", path("clip.trc")])
        #expect(exported.status == 0, "\(exported.stderr)")
        let converted = try Kinetix.run(["convert", path("clip.trc"), "-o", path("back.json")])
        #expect(
            converted.status == 0 && converted.stderr.contains("is an OpenSim marker file (.trc); converting it as --from trc"),
            "\(converted.stderr)")
        #expect(try Kinetix.run(["validate", path("back.json")]).stdout.contains("metres (world frame), 3D"))
        // Neck and root come back as midpoints where the clip had them missing; the other angles agree to 0.01°.
        let a = try Kinetix.run(["angles", path("clip.json"), "--format", "json"]).stdout
        let b = try Kinetix.run(["angles", path("back.json"), "--format", "json"]).stdout
        #expect(a.contains("\"dimensions\": \"3D\"") && b.contains("\"dimensions\": \"3D\""))
        let mot = try Kinetix.run(["angles", path("back.json"), "--format", "mot"]).stdout
        #expect(mot.contains("theta = angle(b - a, c - b) in 3D"))
        let world = try Kinetix.run(["convert", path("clip.trc"), "--world", "-o", path("w.json")])
        #expect(world.status == 64 && world.stderr.contains("'--world' reads MediaPipe's world landmarks"), "\(world.stderr)")
        #expect(try Kinetix.run(["export", path("clip.json"), "-o", path("clip.json")]).status == 73)
    }

    @Test("angles --format mot writes an OpenSim motion file")
    func mot() throws {
        let result = try Kinetix.run(["angles", "Sidecars/squat-side.json", "--format", "mot"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("endheader") && lines.contains("nRows=301") && lines.contains("inDegrees=yes"))
        #expect(lines.contains { $0.hasPrefix("time\tleftElbow\t") })
    }
}

@Suite("Outputs under faults", .serialized)
struct OutputFaultTests {
    @Test("special outputs: '-' is standard output, FIFOs and character devices are written through, directories refused, permissions kept")
    func specialOutputs() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json"]
        let stdout = try Kinetix.run(pair + ["-o", "-"])
        #expect(stdout.status == 0 && stdout.stdout.hasPrefix("Kinetix "))
        // A FIFO: read on the other side, still a FIFO afterwards.
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let (written, received) = try Self.read(fifo) { try Kinetix.run(pair + ["-o", fifo]) }
        #expect(written.status == 0 && received.hasPrefix("Kinetix "))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        // A character device (a private node for /dev/null's numbers, so a regression cannot harm the machine's).
        if getuid() == 0 {
            let device = folder.appendingPathComponent("null").path
            #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)  // makedev(1, 3)
            #expect(try Kinetix.run(pair + ["-o", device]).status == 0)
            #expect(lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "still a device")
        }
        let directory = try Kinetix.run(pair + ["-o", folder.path])
        #expect(directory.status == 73 && directory.stderr.contains("is a directory"))
        // An existing file keeps its permissions.
        let report = folder.appendingPathComponent("report.txt").path
        try "old\n".write(toFile: report, atomically: false, encoding: .utf8)
        chmod(report, 0o600)
        #expect(try Kinetix.run(pair + ["-o", report]).status == 0)
        #expect(lstat(report, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("Kinetix "))
    }

    /// Runs `write` while `cat` reads the FIFO at `fifo`; what it returned and what was read.
    static func read<T>(_ fifo: String, while write: () throws -> T) throws -> (T, String) {
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        let result = try write()
        let received = pipe.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        return (result, String(decoding: received, as: UTF8.self))
    }

    @Test(
        "a link to an open descriptor (like /dev/stdout) or to a FIFO is written through and stays a link; a link to a file is replaced, the file untouched"
    )
    func linksToDescriptors() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json"]
        var info = stat()
        // Private links, so a regression replaces them and not the machine's /dev/stdout.
        let direct = folder.appendingPathComponent("stdout").path
        let twoHops = folder.appendingPathComponent("stdout-again").path
        #expect(symlink("/proc/self/fd/1", direct) == 0 && symlink(direct, twoHops) == 0)
        for link in [direct, twoHops] {
            let result = try Kinetix.run(pair + ["--format", "json", "-o", link])
            #expect(result.status == 0 && result.stdout.hasPrefix("{\n  \"kind\": \"comparison\""), "\(link): \(result.stderr)")
            #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
        }
        // A link to a FIFO: read on the other side.
        let fifo = folder.appendingPathComponent("fifo").path
        let toFifo = folder.appendingPathComponent("to-fifo").path
        #expect(mkfifo(fifo, 0o644) == 0 && symlink(fifo, toFifo) == 0)
        let (written, received) = try Self.read(fifo) { try Kinetix.run(pair + ["-o", toFifo]) }
        #expect(written.status == 0 && received.hasPrefix("Kinetix "))
        #expect(lstat(toFifo, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        // A link to a regular file: the link is replaced (the path as named), the file is not written.
        let file = folder.appendingPathComponent("kept.txt").path
        let toFile = folder.appendingPathComponent("to-file").path
        try "kept\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(symlink(file, toFile) == 0)
        #expect(try Kinetix.run(pair + ["-o", toFile]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "kept\n")
        #expect(lstat(toFile, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
    }

    @Test("every file a command reads counts as an input: profiles, face sources, OpenPose frame files")
    func inputsAreNeverOutputs() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let profile = folder.appendingPathComponent("P.json").path
        try FileManager.default.copyItem(atPath: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json").path, toPath: profile)
        let original = try Data(contentsOf: URL(fileURLWithPath: profile))
        for arguments in [
            ["assess", "Sidecars/squat-front.json", "--profile", profile, "-o", profile],
            ["assess", "Sidecars/squat-front.json", "--profile", profile, "--report", profile],
        ] {
            let result = try Kinetix.run(arguments)
            #expect(result.status == 73 && result.stderr.contains("refusing to overwrite an input file"), "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: profile)) == original)
        let face = folder.appendingPathComponent("face.json").path
        try FileManager.default.copyItem(
            atPath: Kinetix.packageRoot.appendingPathComponent("Sidecars/face-weak-left.json").path, toPath: face)
        #expect(try Kinetix.run(["merge", "Sidecars/learner.json", "--face", face, "-o", face]).status == 73)
    }

    @Test("an output that is a symbolic link replaces the link, never the file it points to")
    func symlinkOutput() throws {
        let folder = try Kinetix.temporaryFolder()
        let elsewhere = folder.appendingPathComponent("elsewhere.txt").path
        try "keep me\n".write(toFile: elsewhere, atomically: true, encoding: .utf8)
        let link = folder.appendingPathComponent("out.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: elsewhere)
        let result = try Kinetix.run(["angles", "Sidecars/learner.json", "-o", link])
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: elsewhere, encoding: .utf8) == "keep me\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil, "the link was replaced by the file")
        // A link to an input is refused.
        let toInput = folder.appendingPathComponent("to-input.json").path
        try FileManager.default.createSymbolicLink(
            atPath: toInput, withDestinationPath: Kinetix.packageRoot.appendingPathComponent("Sidecars/learner.json").path)
        #expect(try Kinetix.run(["mirror", "Sidecars/learner.json", "-o", toInput]).status == 73)
    }
}
