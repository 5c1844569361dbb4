import Foundation
import KinetixCore
import KinetixFormats
import Testing

/// `../shared/realdata` beside the checkout: real estimator output, not copied into the repository.
let realData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/realdata")
let hasRealData = FileManager.default.fileExists(atPath: realData.appendingPathComponent("openpose_body25b").path)

@Suite("Real data (../shared/realdata)", .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct RealDataTests {
    @Test("the four-camera OpenPose BODY_25B trial converts and inspects cleanly", arguments: ["01", "02", "03", "04"])
    func openPoseTrial(_ camera: String) throws {
        var o = ConversionOptions()
        o.frameRate = 60
        o.imageSize = ImageSize(width: camera == "01" || camera == "02" ? 1080 : 1088, height: 1920)
        let result = try OpenPoseConverter.convert(
            folder: realData.appendingPathComponent("openpose_body25b/balancing_cam\(camera)").path, options: o)
        let sidecar = result.sidecar
        #expect(sidecar.source["detector"] == "OpenPose BODY25B", "detected from the keypoints, not told")
        #expect(sidecar.frameCount == 100)
        #expect(sidecar.validate().isEmpty)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let summary = SidecarSummary(sidecar)
        for joint in [Joint.leftHip, .rightHip, .leftKnee, .rightKnee, .leftAnkle, .rightAnkle] {
            #expect(summary.joints[joint.rawValue].fraction >= 0.99, "\(joint) tracked in (nearly) every frame")
        }
        // The subject is followed, never swapped for the other people in the lab.
        let roots = (0..<sidecar.frameCount).compactMap { sidecar.joints[.root, $0]?.x }
        #expect(zip(roots, roots.dropFirst()).allSatisfy { abs($0 - $1) < 40 })
    }

    @Test("forcing BODY_25 on the BODY_25B trial fails loudly")
    func wrongModel() {
        var o = ConversionOptions()
        o.frameRate = 60
        o.imageSize = ImageSize(width: 1080, height: 1920)
        o.model = .body25
        #expect(throws: KinetixError.self) {
            try OpenPoseConverter.convert(folder: realData.appendingPathComponent("openpose_body25b/balancing_cam02").path, options: o)
        }
    }

    @Test(
        "MediaPipe clips convert, with faces where tracked",
        arguments: ["demo5_lateral_raise_mediapipe.json", "hamilton_clip_face_pose_mediapipe.json", "demo4_walking_mediapipe.json"])
    func mediapipe(_ name: String) throws {
        let result = try MediaPipeConverter.convert(
            file: realData.appendingPathComponent("mediapipe/\(name)").path, options: ConversionOptions())
        #expect(result.sidecar.validate().isEmpty)
        #expect(result.sidecar.frameCount > 40)
        if name.hasPrefix("hamilton") { #expect(result.sidecar.face != nil) }
    }
}
