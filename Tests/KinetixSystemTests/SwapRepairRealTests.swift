import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

/// MediaPipe's real left/right swaps on the balancing trial's front camera (frames 41–74)
/// against OpenPose on the same camera, whose labels are right. The learner is the
/// MediaPipe clip 0.30 s late, so the true lag is 0.30 s.
@Suite("Left/right swaps repaired by default, on real data", .serialized, .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
struct SwapRepairRealTests {
    /// The pair in a fresh folder: d.json (OpenPose cam02), l.json (MediaPipe cam02, +0.30 s), mp.json (unshifted).
    static func pair() throws -> URL {
        let folder = try Kinetix.temporaryFolder()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(
            try Kinetix.run([
                "convert", "--from", "openpose", Kinetix.realData.appendingPathComponent("openpose_body25b/balancing_cam02").path,
                "--fps", "60", "--image-size", "1080x1920", "-o", path("d.json"),
            ]).status == 0)
        #expect(
            try Kinetix.run([
                "convert", Kinetix.realData.appendingPathComponent("mediapipe/balancing_cam02_mediapipe.json").path, "-o", path("mp.json"),
            ]).status == 0)
        #expect(try Kinetix.run(["shift", path("mp.json"), "--seconds", "0.3", "-o", path("l.json")]).status == 0)
        return folder
    }

    static func lag(_ json: String) throws -> Double {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require((object["summary"] as? [String: Any])?["medianLagSeconds"] as? Double)
    }

    @Test("compare and batch repair the swaps unless told to keep them: 0.33 s found (truth 0.30 s), 0.72 s kept")
    func lag() throws {
        let folder = try Self.pair()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let repaired = try Kinetix.run(["compare", path("d.json"), path("l.json"), "--no-mirror", "--format", "json"])
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(abs(try Self.lag(repaired.stdout) - 0.30) <= 0.05)
        let kept = try Kinetix.run(["compare", path("d.json"), path("l.json"), "--no-mirror", "--keep-swaps", "--format", "json"])
        #expect(try Self.lag(kept.stdout) - 0.30 > 0.2, "the swap misleads the lag search when kept")
        let text = try Kinetix.run(["compare", path("d.json"), path("l.json"), "--no-mirror"])
        #expect(
            text.stdout.contains("faults        learner: the estimator exchanged left and right in 32 frames (whole body, arms): repaired"),
            "\(text.stdout)")
        let contradiction = try Kinetix.run(["compare", path("d.json"), path("l.json"), "--keep-swaps", "--repair-swaps"])
        #expect(contradiction.status == 64)

        try Data("id,demonstrator,learner,profile,facing\np1,d.json,l.json,copy-demonstrator,false\n".utf8).write(
            to: URL(fileURLWithPath: path("m.csv")))
        for (plan, extra) in [("plan.json", [String]()), ("kept.json", ["--keep-swaps"])] {
            #expect(try Kinetix.run(["batch", "plan", path("m.csv"), "-o", path(plan)] + extra).status == 0)
            #expect(try Kinetix.run(["batch", "run", path(plan), "--shard", "0", "--out", path(plan + ".out")]).status == 0)
            let result = try String(contentsOfFile: path(plan + ".out/results/p1.json"), encoding: .utf8)
            #expect(try Self.lag(result) == Self.lag(extra.isEmpty ? repaired.stdout : kept.stdout), "batch agrees with compare (\(plan))")
        }
        // The facing check runs in batch too: the same pair compared mirrored is flagged.
        try Data("id,demonstrator,learner,profile,facing\np1,d.json,l.json,copy-demonstrator,true\n".utf8).write(
            to: URL(fileURLWithPath: path("mirrored.csv")))
        #expect(try Kinetix.run(["batch", "plan", path("mirrored.csv"), "-o", path("mirrored.json")]).status == 0)
        #expect(try Kinetix.run(["batch", "run", path("mirrored.json"), "--shard", "0", "--out", path("mirrored.out")]).status == 0)
        #expect(
            try Kinetix.run(["batch", "merge", path("mirrored.out"), "--plan", path("mirrored.json"), "-o", path("mirrored.out/summary")])
                .status == 0)
        let summary = try String(contentsOfFile: path("mirrored.out/summary.csv"), encoding: .utf8)
        #expect(summary.contains("looks side by side: compare unmirrored"), "\(summary)")
    }

    @Test("a finding inside an unrepaired swap is marked as possibly from tracking, and is no cue")
    func doubt() throws {
        let folder = try Self.pair()
        let clip = folder.appendingPathComponent("mp.json").path
        // The squat's rules judge reps; the balancing person only dips 0.09 of standing
        // height, inside the swap, so a rep is that small here.
        let small = ["--param", "minDrop=0.05"]
        let kept = try Kinetix.run(["assess", clip, "--profile", "squat", "--keep-swaps", "--format", "json"] + small)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            !findings.isEmpty && findings.allSatisfy { ($0["caveat"] as? String)?.contains("exchanged left and right") == true },
            "\(findings)")
        let cues = try Kinetix.run(["assess", clip, "--profile", "squat", "--keep-swaps", "--cues"] + small)
        #expect(cues.stdout.contains("findings have caveats (a tracking fault"), "\(cues.stdout)")
        let repaired = try Kinetix.run(["assess", clip, "--profile", "squat", "--format", "json"] + small)
        let after = try #require(try JSONSerialization.jsonObject(with: Data(repaired.stdout.utf8)) as? [String: Any])
        #expect((after["repairedSwaps"] as? Bool) == true)
    }
}
