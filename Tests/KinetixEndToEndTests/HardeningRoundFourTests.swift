import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport
import _KinetixTestSupport

/// Issue 56: what an adversarial probe of sync, .trc, tracking, progress and batch
/// subjects found, each as the user met it.
@Suite("hardening, round four (the CLI)")
struct HardeningRoundFourTests {
    /// Runs `script` in bash with `$0` the built `kinetix`.
    func shell(_ script: String) throws -> Kinetix.Result {
        try Kinetix.run(["-c", script, Kinetix.executable.path], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test(
        "a standard output that cannot be written (a full disk, a closed pipe with SIGPIPE ignored) exits 73 with a message, never a trap")
    func unwritableStandardOutput() throws {
        for script in [#""$0" --version > /dev/full"#, #""$0" validate Sidecars/learner.json > /dev/full"#] {
            let run = try shell(script)
            #expect(
                run.status == 73 && run.stderr.contains("Error: standard output: cannot write: the disk is full"),
                "\(script): \(run.status) \(run.stderr)")
        }
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = folder.appendingPathComponent("long.json").path
        #expect(try Kinetix.run(["synth", "--duration", "300", "-o", long]).status == 0)
        let piped = try shell(
            #"trap '' PIPE; "$0" angles "$1" | head -c 10 > /dev/null; echo "status ${PIPESTATUS[0]}" >&2"#.replacingOccurrences(
                of: "\"$1\"", with: "'\(long)'"))
        #expect(piped.stderr.contains("status 73") && piped.stderr.contains("standard output: cannot write"), "\(piped.stderr)")
    }

    /// A folder of OpenPose BODY_25 files: `people` people standing 400 px apart around
    /// x = 960 (two: at 560 and 1360), `frames` frames.
    static func twoPeopleOpenPose(frames: Int = 30, people count: Int = 2) throws -> URL {
        let folder = try Kinetix.temporaryFolder().appendingPathComponent("op")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let order: [Joint?] =
            [
                .nose, .neck, .rightShoulder, .rightElbow, .rightWrist, .leftShoulder, .leftElbow, .leftWrist, .root,
                .rightHip, .rightKnee, .rightAnkle, .leftHip, .leftKnee, .leftAnkle,
            ] + Array(repeating: nil, count: 10)
        let pose = KnownPose.upright(leftElbow: 60, leftKnee: 30)
        for f in 0..<frames {
            let people = (0..<count).map { 400 * (Double($0) - Double(count - 1) / 2) }.map { dx in
                let values = order.flatMap { joint -> [Double] in
                    guard let joint, let p = pose[joint] else { return [0, 0, 0] }
                    return [960 + dx + 80 * p.x + Double(f % 3), 540 - 80 * p.y, 0.9]
                }
                return "{\"person_id\": [-1], \"pose_keypoints_2d\": [\(values.map { String($0) }.joined(separator: ", "))]}"
            }
            try Data("{\"version\": 1.3, \"people\": [\(people.joined(separator: ", "))]}".utf8)
                .write(to: folder.appendingPathComponent(String(format: "clip_%012d_keypoints.json", f)))
        }
        return folder
    }

    @Test(
        "convert --people writes its tracks as one set: stamped with one run, and all or none (a track that cannot be written leaves none)")
    func peopleWrittenAsOneSet() throws {
        let op = try Self.twoPeopleOpenPose()
        let root = op.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("tracks")
        let run = try Kinetix.run(["convert", op.path, "--fps", "30", "--image-size", "1920x1080", "--people", "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let stamps = try (0..<2).map {
            try Sidecar.load(contentsOf: out.appendingPathComponent("op.track\($0).json").path).source["trackRun"]
        }
        #expect(stamps[0] != nil && stamps[0] == stamps[1], "\(stamps)")

        // Track 1's name taken by a folder: nothing is written, not even track 0.
        let blocked = root.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("op.track1.json"), withIntermediateDirectories: true)
        let refused = try Kinetix.run(["convert", op.path, "--fps", "30", "--image-size", "1920x1080", "--people", "-o", blocked.path])
        #expect(refused.status == 73 && refused.stderr.contains("op.track1.json"), "\(refused.status) \(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: blocked.appendingPathComponent("op.track0.json").path))
    }

    @Test(
        "convert --people into a folder not there yet: a refused set leaves no folder behind (nor a temporary one), and the error names the user's path"
    )
    func refusedSetLeavesNoFolder() throws {
        let op = try Self.twoPeopleOpenPose()
        let root = op.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        // A 240-character input name: its track files' names are too long to write.
        let long = root.appendingPathComponent(String(repeating: "o", count: 240))
        try FileManager.default.moveItem(at: op, to: long)
        let out = root.appendingPathComponent("fresh")
        // Into the folder, and into one two levels below folders not there either: no
        // parent made for it stays.
        for target in [out, out.appendingPathComponent("deeper/still")] {
            let run = try Kinetix.run([
                "convert", long.path, "--fps", "30", "--image-size", "1920x1080", "--model", "body25", "--people", "-o", target.path,
            ])
            #expect(
                run.status == 73 && run.stderr.contains("Error: \(target.path)/ooo") && run.stderr.contains("File name too long")
                    && !run.stderr.contains("kinetix-people"),
                "\(run.status) \(run.stderr.suffix(300))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == [long.lastPathComponent])
        // The same set into a new folder whose name is fine is written whole.
        try FileManager.default.moveItem(at: long, to: op)
        let written = try Kinetix.run([
            "convert", op.path, "--fps", "30", "--image-size", "1920x1080", "--model", "body25", "--people", "-o",
            out.appendingPathComponent("deeper").path,
        ])
        #expect(
            written.status == 0
                && (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("deeper").path).sorted()) == [
                    "op.track0.json", "op.track1.json",
                ], "\(written.stderr)")
    }

    @Test("a set of 40 tracks is written under a limit of 24 open files: one temporary file open at a time, not all 40")
    func boundedOpenFiles() throws {
        let op = try Self.twoPeopleOpenPose(people: 40)
        let root = op.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("tracks").path
        let run = try shell("ulimit -n 24; exec \"$0\" convert '\(op.path)' --fps 30 --image-size 16384x1080 --people -o '\(out)'")
        #expect(run.status == 0, "\(run.status) \(run.stderr.suffix(400))")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".json") }.count) == 40)
    }

    @Test("convert --people -o the OpenPose folder it reads is refused (73), nothing written among the frame files")
    func peopleNotIntoInputFolder() throws {
        let op = try Self.twoPeopleOpenPose()
        defer { try? FileManager.default.removeItem(at: op.deletingLastPathComponent()) }
        let before = try FileManager.default.contentsOfDirectory(atPath: op.path).sorted()
        for target in [op.path, op.path + "/", op.path + "/."] {
            let run = try Kinetix.run(["convert", op.path, "--fps", "30", "--image-size", "1920x1080", "--people", "-o", target])
            #expect(run.status == 73 && run.stderr.contains("names the folder being read"), "\(target): \(run.status) \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: op.path).sorted() == before)
    }
}
