import Foundation
import Testing
import _KinetixCLITestSupport

/// The lag's confidence and the warnings on real cameras: four synchronized OpenPose
/// views of one balancing trial, the learner's view shifted 0.20 s (two views of one
/// person are not a copy: a 2D projection changes every angle), against the same view
/// seen by MediaPipe (a right answer across estimators).
@Suite("Comparison confidence and warnings on real cameras", .serialized, .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
struct ComparisonTrustRealTests {
    static func convert(_ camera: String, to folder: URL) throws -> String {
        let path = folder.appendingPathComponent("cam\(camera).json").path
        let result = try Kinetix.run([
            "convert", "--from", "openpose", Kinetix.realData.appendingPathComponent("openpose_body25b/balancing_cam\(camera)").path,
            "--fps", "60", "--image-size", camera == "01" || camera == "02" ? "1080x1920" : "1088x1920", "-o", path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    static func summary(_ arguments: [String]) throws -> [String: Any] {
        let result = try Kinetix.run(["compare"] + arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["summary"] as? [String: Any])
    }

    @Test("two different views 0.20 s apart: low confidence and a plain warning, and the learner still gets a cue")
    func differentViews() throws {
        let folder = try Kinetix.temporaryFolder()
        let demonstrator = try Self.convert("03", to: folder)
        let other = try Self.convert("01", to: folder)
        let learner = folder.appendingPathComponent("cam01-late.json").path
        #expect(try Kinetix.run(["shift", other, "--seconds", "0.2", "-o", learner]).status == 0)
        let s = try Self.summary([demonstrator, learner, "--no-mirror"])
        let confidence = try #require(s["lagConfidence"] as? Double)
        #expect(confidence < 0.3, "confidence \(confidence), lag \(s["medianLagSeconds"] ?? "?")")
        #expect((s["reliabilityWarning"] as? String)?.contains("the lag is uncertain") == true)
        let text = try Kinetix.run(["compare", demonstrator, learner, "--no-mirror"])
        #expect(text.stdout.contains("warning       the lag is uncertain"))
        let cues = try Kinetix.run(["compare", demonstrator, learner, "--no-mirror", "--learner-cues"])
        #expect(!cues.stdout.hasPrefix("no cue"), "a poor match still gets a cue: \(cues.stdout)")
    }

    @Test("the same view by MediaPipe, 0.30 s late: a confident lag, no reliability warning; mirrored, the facing check names --no-mirror")
    func sameViewAcrossEstimators() throws {
        let folder = try Kinetix.temporaryFolder()
        let demonstrator = try Self.convert("02", to: folder)
        let mp = folder.appendingPathComponent("mp.json").path
        let learner = folder.appendingPathComponent("mp-late.json").path
        #expect(
            try Kinetix.run(["convert", Kinetix.realData.appendingPathComponent("mediapipe/balancing_cam02_mediapipe.json").path, "-o", mp])
                .status == 0)
        #expect(try Kinetix.run(["shift", mp, "--seconds", "0.3", "-o", learner]).status == 0)
        let s = try Self.summary([demonstrator, learner, "--no-mirror"])
        #expect((s["lagConfidence"] as? Double ?? 0) > 0.4)
        #expect(s["reliabilityWarning"] is NSNull)
        #expect(((s["facingCheck"] as? [String: Any])?["otherFitsBetter"] as? Bool) == false)
        // The default (mirrored) model is the wrong one for one person seen twice.
        let mirrored = try Kinetix.run(["compare", demonstrator, learner])
        #expect(
            mirrored.stdout.contains("side by side, not facing each other") && mirrored.stdout.contains("rerun with --no-mirror"),
            "\(mirrored.stdout)")
        let json = try Kinetix.run(["compare", demonstrator, learner, "--format", "json"])
        #expect(json.stderr.contains("warning: the two people look side by side") && json.stderr.contains("rerun with --no-mirror"))
    }
}
