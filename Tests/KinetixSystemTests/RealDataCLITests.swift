import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

@Suite("kinetix on real estimator output (../shared/realdata)", .serialized)
struct RealDataCLITests {
    @Test("convert the real OpenPose trial, then inspect it", .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
    func openPose() throws {
        let folder = try Kinetix.temporaryFolder()
        let output = folder.appendingPathComponent("cam02.json").path
        let result = try Kinetix.run([
            "convert", "--from", "openpose", Kinetix.realData.appendingPathComponent("openpose_body25b/balancing_cam02").path,
            "--fps", "60", "--image-size", "1080x1920", "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("100 frames, 1.650 s, from OpenPose BODY25B"))
        let inspect = try Kinetix.run(["inspect", output])
        #expect(inspect.status == 0 && inspect.stdout.contains("frames        100 over 1.650 s, 60.00 fps"))
        let wrong = try Kinetix.run([
            "convert", "--from", "openpose", Kinetix.realData.appendingPathComponent("openpose_body25b/balancing_cam02").path,
            "--fps", "60", "--image-size", "1080x1920", "--model", "body25", "-o", output + ".2",
        ])
        #expect(
            wrong.status == 65 && wrong.stderr.contains("the body model body25 contradicts the keypoints, which look like BODY25B")
                && wrong.stderr.contains("[--model]"))
        #expect(!FileManager.default.fileExists(atPath: output + ".2"), "no output on failure")
    }

    @Test(
        "still face photos convert to one-frame clips, by image index or name and face; a missing image lists those there are",
        .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
    func faceStills() throws {
        let folder = try Kinetix.temporaryFolder()
        let stills = Kinetix.realData.appendingPathComponent("mediapipe/face_images_mediapipe.json").path
        let out = folder.appendingPathComponent("face.json").path
        let byName = try Kinetix.run(["convert", stills, "--image", "two_people.jpg", "--person", "1", "-o", out])
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(byName.stderr.contains("1 frame, 0.000 s, from MediaPipe Face Mesh"))
        let assess = try Kinetix.run(["assess", out, "--profile", "facial-symmetry"])
        #expect(assess.stdout.contains("at rest (the still image)") && assess.stdout.contains("movement      not measured: a still image"))
        let missing = try Kinetix.run(["convert", stills, "--image", "9", "-o", out + ".2"])
        #expect(
            missing.status == 64 && missing.stderr.contains("no image '9': the file holds 0 obama.jpg")
                && missing.stderr.contains("[--image]"), "\(missing.stderr)")
        let noFace = try Kinetix.run(["convert", stills, "--image", "0", "--person", "3", "-o", out + ".3"])
        #expect(noFace.status == 64 && noFace.stderr.contains("has 1 face"), "\(noFace.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + ".2") && !FileManager.default.fileExists(atPath: out + ".3"))
    }

    @Test(
        "an OpenPose frame file is an input: converting its folder onto one of its frames is refused",
        .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
    func openPoseFrameIsAnInput() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("openpose")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        let trial = Kinetix.realData.appendingPathComponent("openpose_body25b/balancing_cam01")
        let names = try FileManager.default.contentsOfDirectory(atPath: trial.path).filter { $0.hasSuffix(".json") }.sorted().prefix(20)
        try #require(!names.isEmpty, "the real OpenPose trial is in ../shared")
        for name in names {
            try FileManager.default.copyItem(at: trial.appendingPathComponent(name), to: frames.appendingPathComponent(name))
        }
        let victim = frames.appendingPathComponent(names.first!).path
        let before = try Data(contentsOf: URL(fileURLWithPath: victim))
        let convert = try Kinetix.run([
            "convert", "--from", "openpose", frames.path, "--fps", "60", "--image-size", "1920x1080", "-o", victim,
        ])
        #expect(convert.status == 73, "\(convert.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == before)
    }

}

@Suite("Teleported joints on real data", .serialized)
struct TeleportMaskingTests {
    @Test(
        "OpenPose cam01's nose at x = 0 (frames 4–8, 15) is masked in angles and compare, and kept on request",
        .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
    func nose() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var clips: [String] = []
        for camera in ["cam01", "cam02"] {
            let clip = folder.appendingPathComponent("\(camera).json").path
            let trial = Kinetix.realData.appendingPathComponent("openpose_body25b/balancing_\(camera)").path
            #expect(
                try Kinetix.run(["convert", "--from", "openpose", trial, "--fps", "60", "--image-size", "1080x1920", "-o", clip]).status
                    == 0)
            clips.append(clip)
        }
        let masked = try Kinetix.run(["angles", clips[0]])
        let neck = masked.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        }
        for frame in [4, 5, 6, 7, 8, 15] { #expect(neck[frame].isEmpty, "neck angle masked in frame \(frame)") }
        for frame in [3, 9, 14, 16] { #expect(!neck[frame].isEmpty && Double(neck[frame])! < 60, "frame \(frame) kept: \(neck[frame])") }
        #expect(masked.stderr.contains("6 teleported joint positions masked"))
        let kept = try Kinetix.run(["angles", clips[0], "--keep-teleports"])
        let keptNeck = kept.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        }
        #expect(Double(keptNeck[5])! > 90, "kept: the jump is back")
        // The comparison's headline is no longer the teleport.
        let compare = try Kinetix.run(["compare", clips[1], clips[0], "--no-mirror", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(compare.stdout.utf8)) as! [String: Any]
        let summary = object["summary"] as! [String: Any]
        let maxError = summary["maxError"] as? [String: Any]
        #expect(
            !(maxError?["limb"] as? String == "neck" && abs((maxError?["t"] as? Double ?? 0) - 0.25) < 0.01),
            "\(String(describing: maxError))")
        #expect((object["maskedJointFrames"] as? [String: Int])?["learner"] == 6)
    }
}
