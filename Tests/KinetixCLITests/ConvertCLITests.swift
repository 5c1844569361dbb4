import Foundation
import Testing
import KinetixCore

@Suite("kinetix convert and clip operations", .serialized)
struct ConvertCLITests {
    static let realData = Kinetix.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realdata")

    @Test("convert the real OpenPose trial, then inspect it", .enabled(if: FileManager.default.fileExists(atPath: realData.path), "../shared/realdata is absent"))
    func openPose() throws {
        let folder = try Kinetix.temporaryFolder()
        let output = folder.appendingPathComponent("cam02.json").path
        let result = try Kinetix.run(["convert", "--from", "openpose", Self.realData.appendingPathComponent("openpose_body25b/balancing_cam02").path,
                                      "--fps", "60", "--image-size", "1080x1920", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("100 frames, 1.650 s, from OpenPose BODY25B"))
        let inspect = try Kinetix.run(["inspect", output])
        #expect(inspect.status == 0 && inspect.stdout.contains("frames        100 over 1.650 s, 60.00 fps"))
        let wrong = try Kinetix.run(["convert", "--from", "openpose", Self.realData.appendingPathComponent("openpose_body25b/balancing_cam02").path,
                                     "--fps", "60", "--image-size", "1080x1920", "--model", "body25", "-o", output + ".2"])
        #expect(wrong.status == 65 && wrong.stderr.contains("the body model body25 contradicts the keypoints, which look like BODY25B") && wrong.stderr.contains("[--model]"))
        #expect(!FileManager.default.fileExists(atPath: output + ".2"), "no output on failure")
    }

    @Test("usage and input errors", arguments: [
        (["convert", "x"], 64, "Error: missing -o <sidecar>"),
        (["convert", "x", "-o", "/tmp/y.json"], 66, "x: no such file or folder"),
        (["convert", "Sidecars/learner.json", "-o", "/tmp/y.json"], 65, "Sidecars/learner.json: is a Kinetix sidecar: it needs no conversion"),
        (["convert", "--from", "posenet", "x", "-o", "y.json"], 64, "Error: '--from' must be one of openpose, coco17, mediapipe, vision, got 'posenet'"),
        (["convert", "--from", "openpose", "/nonexistent", "--fps", "30", "--image-size", "100x100", "-o", "/tmp/y.json"], 66, "/nonexistent: no such folder"),
        (["convert", "--from", "coco17", "Sidecars/learner.json", "--fps", "30", "--image-size", "1080x1920", "-o", "/tmp/y.json"], 64, "Error: Sidecars/learner.json is a Kinetix sidecar, not coco17 output"),
        (["convert", "--from", "openpose", "Sidecars", "--fps", "30", "--image-size", "1080x1920", "--person", "tallest", "-o", "/tmp/y.json"], 64, "Error: '--person' expects largest"),
        (["trim", "Sidecars/learner.json", "--from", "5", "--to", "1", "-o", "/tmp/y.json"], 64, "Error: --from must not be after --to"),
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
        for (arguments, name) in [(["trim", input, "--from", "2", "--to", "4"], "trim.json"), (["shift", input, "--seconds", "1.5"], "shift.json"),
                                  (["mirror", input], "mirror.json"), (["resample", input, "--rate", "60"], "resample.json"),
                                  (["merge", input, "--face", "Sidecars/face-weak-left.json"], "merge.json")] {
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
        let a = try Kinetix.run(["angles", input]).stdout, b = try Kinetix.run(["angles", path("twice.json")]).stdout
        #expect(a == b, "mirroring twice gives the same angles")
        let refused = try Kinetix.run(["mirror", input, "-o", input])
        #expect(refused.status == 73)
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
    @Test("a process killed while writing leaves the previous file, and the next write removes its temporary file")
    func killedMidWrite() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("clip.json").path
        let previous = Data("{\"previous\": true}\n".utf8)
        var landed = 0
        for _ in 0..<5 where landed < 2 {
            try previous.write(to: URL(fileURLWithPath: target))
            let process = Process()
            process.executableURL = Kinetix.executable
            process.arguments = ["synth", "--motion", "routine", "--duration", "900", "--fps", "60", "-o", target]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the temporary file exists: the write is under way.
            let prefix = ".clip.json.kinetix-\(process.processIdentifier)-"
            func temporaries() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(prefix) }
            }
            let deadline = Date().addingTimeInterval(60)
            while temporaries().isEmpty, process.isRunning, Date() < deadline { usleep(200) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // The kill landed during the write exactly when the temporary file is still there.
            guard !temporaries().isEmpty else {
                let check = try Kinetix.run(["validate", target])
                #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == previous || check.status == 0)
                continue
            }
            landed += 1
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == previous, "the target is untouched")
            let next = try Kinetix.run(["synth", "--duration", "1", "-o", target])
            #expect(next.status == 0 && next.stderr.contains("note: removed") && next.stderr.contains("interrupted kinetix run"), "\(next.stderr)")
            #expect(temporaries().isEmpty, "the stale temporary file was removed")
            #expect(try Kinetix.run(["validate", target]).status == 0)
        }
        #expect(landed >= 1, "at least one kill landed during the write")
    }

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

    @Test("a link to an open descriptor (like /dev/stdout) or to a FIFO is written through and stays a link; a link to a file is replaced, the file untouched")
    func linksToDescriptors() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json"]
        var info = stat()
        // Private links, so a regression replaces them and not the machine's /dev/stdout.
        let direct = folder.appendingPathComponent("stdout").path, twoHops = folder.appendingPathComponent("stdout-again").path
        #expect(symlink("/proc/self/fd/1", direct) == 0 && symlink(direct, twoHops) == 0)
        for link in [direct, twoHops] {
            let result = try Kinetix.run(pair + ["--format", "json", "-o", link])
            #expect(result.status == 0 && result.stdout.hasPrefix("{\n  \"kind\": \"comparison\""), "\(link): \(result.stderr)")
            #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
        }
        // A link to a FIFO: read on the other side.
        let fifo = folder.appendingPathComponent("fifo").path, toFifo = folder.appendingPathComponent("to-fifo").path
        #expect(mkfifo(fifo, 0o644) == 0 && symlink(fifo, toFifo) == 0)
        let (written, received) = try Self.read(fifo) { try Kinetix.run(pair + ["-o", toFifo]) }
        #expect(written.status == 0 && received.hasPrefix("Kinetix "))
        #expect(lstat(toFifo, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        // A link to a regular file: the link is replaced (the path as named), the file is not written.
        let file = folder.appendingPathComponent("kept.txt").path, toFile = folder.appendingPathComponent("to-file").path
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
        for arguments in [["assess", "Sidecars/squat-front.json", "--profile", profile, "-o", profile],
                          ["assess", "Sidecars/squat-front.json", "--profile", profile, "--report", profile]] {
            let result = try Kinetix.run(arguments)
            #expect(result.status == 73 && result.stderr.contains("refusing to overwrite an input file"), "\(arguments)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: profile)) == original)
        let face = folder.appendingPathComponent("face.json").path
        try FileManager.default.copyItem(atPath: Kinetix.packageRoot.appendingPathComponent("Sidecars/face-weak-left.json").path, toPath: face)
        #expect(try Kinetix.run(["merge", "Sidecars/learner.json", "--face", face, "-o", face]).status == 73)
        let frames = folder.appendingPathComponent("openpose")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let trial = URL(fileURLWithPath: "../shared/realdata/openpose_body25b/balancing_cam01", relativeTo: Kinetix.packageRoot)
        guard FileManager.default.fileExists(atPath: trial.path) else { return }  // the OpenPose part needs ../shared/realdata
        let names = try FileManager.default.contentsOfDirectory(atPath: trial.path).filter { $0.hasSuffix(".json") }.sorted().prefix(20)
        try #require(!names.isEmpty, "the real OpenPose trial is in ../shared")
        for name in names { try FileManager.default.copyItem(at: trial.appendingPathComponent(name), to: frames.appendingPathComponent(name)) }
        let victim = frames.appendingPathComponent(names.first!).path
        let before = try Data(contentsOf: URL(fileURLWithPath: victim))
        let convert = try Kinetix.run(["convert", "--from", "openpose", frames.path, "--fps", "60", "--image-size", "1920x1080", "-o", victim])
        #expect(convert.status == 73, "\(convert.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
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
        try FileManager.default.createSymbolicLink(atPath: toInput, withDestinationPath: Kinetix.packageRoot.appendingPathComponent("Sidecars/learner.json").path)
        #expect(try Kinetix.run(["mirror", "Sidecars/learner.json", "-o", toInput]).status == 73)
    }
}

@Suite("Teleported joints on real data", .serialized)
struct TeleportMaskingTests {
    @Test("OpenPose cam01's nose at x = 0 (frames 4–8, 15) is masked in angles and compare, and kept on request",
          .enabled(if: FileManager.default.fileExists(atPath: ConvertCLITests.realData.path), "../shared/realdata is absent"))
    func nose() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var clips: [String] = []
        for camera in ["cam01", "cam02"] {
            let clip = folder.appendingPathComponent("\(camera).json").path
            let trial = ConvertCLITests.realData.appendingPathComponent("openpose_body25b/balancing_\(camera)").path
            #expect(try Kinetix.run(["convert", "--from", "openpose", trial, "--fps", "60", "--image-size", "1080x1920", "-o", clip]).status == 0)
            clips.append(clip)
        }
        let masked = try Kinetix.run(["angles", clips[0]])
        let neck = masked.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        for frame in [4, 5, 6, 7, 8, 15] { #expect(neck[frame].isEmpty, "neck angle masked in frame \(frame)") }
        for frame in [3, 9, 14, 16] { #expect(!neck[frame].isEmpty && Double(neck[frame])! < 60, "frame \(frame) kept: \(neck[frame])") }
        #expect(masked.stderr.contains("6 teleported joint positions masked"))
        let kept = try Kinetix.run(["angles", clips[0], "--keep-teleports"])
        let keptNeck = kept.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? "" }
        #expect(Double(keptNeck[5])! > 90, "kept: the jump is back")
        // The comparison's headline is no longer the teleport.
        let compare = try Kinetix.run(["compare", clips[1], clips[0], "--no-mirror", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as! [String: Any]
        let summary = object["summary"] as! [String: Any]
        let maxError = summary["maxError"] as? [String: Any]
        #expect(!(maxError?["limb"] as? String == "neck" && abs((maxError?["t"] as? Double ?? 0) - 0.25) < 0.01), "\(String(describing: maxError))")
        #expect((object["maskedJointFrames"] as? [String: Int])?["learner"] == 6)
    }
}
