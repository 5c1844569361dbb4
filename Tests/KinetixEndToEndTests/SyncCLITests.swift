import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

/// `kinetix sync` as a user runs it.
@Suite("kinetix sync")
struct SyncCLITests {
    @Test(
        "a clip 0.3 s late is found, written onto the reference's clock with its offset recorded; a clip against itself is 0; a lone clip is a usage error"
    )
    func syncAndWrite() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("front.json").path
        let late = folder.appendingPathComponent("late.json").path
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "8", "-o", reference]).status == 0)
        #expect(try Kinetix.run(["shift", reference, "--seconds", "0.3", "-o", late]).status == 0)
        let out = folder.appendingPathComponent("synced").path
        let run = try Kinetix.run(["sync", reference, late, "--format", "json", "--write", out])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        let row = (json["clips"] as! [[String: Any]])[0]
        #expect(abs((row["offsetSeconds"] as! Double) + 0.3) <= 0.1 / 30, "\(row)")
        let written = try Sidecar.load(contentsOf: out + "/late.json")
        let original = try Sidecar.load(contentsOf: reference)
        #expect(written.source["syncedTo"] == reference && written.source["syncOffsetSeconds"] != nil)
        #expect(abs(written.times[0] - original.times[0]) <= 0.1 / 30, "back on the reference's clock")

        let text = try Kinetix.run(["sync", reference, reference]).stdout
        #expect(text.contains("offset +0.0000 s") || text.contains("offset -0.0000 s"), "\(text)")
        #expect(try Kinetix.run(["sync", reference]).status == 64)
    }

    @Test(
        "--joints, --from/--to and --signal are checked: a misspelt joint names the likely one; an empty window and an unknown signal are usage errors"
    )
    func newOptions() throws {
        let reference = Kinetix.packageRoot.appendingPathComponent("Sidecars/demonstrator.json").path
        let joint = try Kinetix.run(["sync", reference, reference, "--joints", "leftAnkel"])
        #expect(joint.status == 64 && joint.stderr.contains("did you mean 'leftAnkle'"), "\(joint.stderr)")
        #expect(try Kinetix.run(["sync", reference, reference, "--from", "2", "--to", "1"]).status == 64)
        #expect(try Kinetix.run(["sync", reference, reference, "--signal", "angles"]).status == 64)
        let windowed = try Kinetix.run([
            "sync", reference, reference, "--from", "1", "--to", "9", "--joints", "leftWrist,rightWrist,leftElbow,rightElbow", "--format",
            "json",
        ])
        #expect(windowed.status == 0, "\(windowed.stderr)")
        let clip = try #require(
            ((try JSONSerialization.jsonObject(with: Data(windowed.stdout.utf8)) as? [String: Any])?["clips"] as? [[String: Any]])?.first)
        #expect(
            abs(clip["offsetSeconds"] as? Double ?? 1) < 0.001
                && clip["joints"] as? [String] == ["leftWrist", "rightWrist", "leftElbow", "rightElbow"], "\(clip)")
    }

    @Test(
        "--write: two clips of one file name (cam1/pose.json, cam2/pose.json) are refused before anything is written, never one file for two clips"
    )
    func writeNameCollision() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("front.json").path
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "8", "-o", reference]).status == 0)
        var clips: [String] = []
        for (camera, seconds) in [("cam1", "0.3"), ("cam2", "-0.2")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(camera), withIntermediateDirectories: true)
            clips.append(folder.appendingPathComponent("\(camera)/pose.json").path)
            #expect(try Kinetix.run(["shift", reference, "--seconds", seconds, "-o", clips.last!]).status == 0)
        }
        let out = folder.appendingPathComponent("out").path
        let run = try Kinetix.run(["sync", reference] + clips + ["--write", out])
        #expect(
            run.status == 64 && run.stderr.contains("\(clips[0]) and \(clips[1]) would both be written as"), "\(run.status) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/pose.json"))
    }

    @Test("--write: a clip its offset would put past the ±1e9 s time limit is refused (exit 65), so no file a reader refuses is written")
    func writePastTimeLimit() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = folder.appendingPathComponent("whole.json").path
        let start = folder.appendingPathComponent("start.json").path
        let reference = folder.appendingPathComponent("reference.json").path
        let clip = folder.appendingPathComponent("clip.json").path
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "8", "-o", whole]).status == 0)
        // The reference: the first 6 s, ending half a second before 1e9 s; the clip: all 8 s, 30 s earlier.
        #expect(try Kinetix.run(["trim", whole, "--from", "0", "--to", "6", "-o", start]).status == 0)
        #expect(try Kinetix.run(["shift", start, "--seconds", "999999993.5", "-o", reference]).status == 0)
        #expect(try Kinetix.run(["shift", whole, "--seconds", "999999962", "-o", clip]).status == 0)
        let out = folder.appendingPathComponent("out").path
        let run = try Kinetix.run(["sync", reference, clip, "--max-offset", "40", "--write", out])
        #expect(
            run.status == 65 && run.stderr.contains("clip.json (shifted by") && run.stderr.contains("beyond ±1e9 s"),
            "\(run.status) \(run.stderr) \(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing made, not even the folder")
    }
}
