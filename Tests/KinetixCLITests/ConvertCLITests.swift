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
        (["convert", "x"], 64, "Error: missing --from <format>"),
        (["convert", "--from", "posenet", "x", "-o", "y.json"], 64, "Error: '--from' must be one of openpose, coco17, mediapipe, vision, got 'posenet'"),
        (["convert", "--from", "openpose", "/nonexistent", "--fps", "30", "--image-size", "100x100", "-o", "/tmp/y.json"], 66, "/nonexistent: no such folder"),
        (["convert", "--from", "coco17", "Sidecars/learner.json", "--fps", "30", "--image-size", "1080x1920", "-o", "/tmp/y.json"], 65, "Sidecars/learner.json: expected a JSON array of keypoint results"),
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
    @Test("a process killed while writing leaves the previous file or a complete new one, never a partial one")
    func killedMidWrite() throws {
        let folder = try Kinetix.temporaryFolder()
        let target = folder.appendingPathComponent("clip.json").path
        let previous = Data("{\"previous\": true}\n".utf8)
        for delay in [0.05, 0.2, 0.5, 1.0, 2.0, 4.0] {
            try previous.write(to: URL(fileURLWithPath: target))
            let process = Process()
            process.executableURL = Kinetix.executable
            process.arguments = ["synth", "--motion", "routine", "--duration", "900", "--fps", "60", "-o", target]
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try Data(contentsOf: URL(fileURLWithPath: target))
            if now != previous {
                let check = try Kinetix.run(["validate", target])
                #expect(check.status == 0, "after a kill at \(delay) s the file is a complete sidecar: \(check.stderr.prefix(200))")
            }
        }
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
