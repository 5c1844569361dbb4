import Foundation
import Testing
import KinetixCore
import KinetixFormats

/// `ClipSync` on the shared four-camera OpenPose trial (recorded in sync, 100 frames at
/// 60 fps, 1.65 s of balancing) and MediaPipe's output of one of its cameras.
@Suite("Sync on real cameras (../shared/realdata)", .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct SyncRealTests {
    static func camera(_ number: String) throws -> Sidecar {
        var o = ConversionOptions()
        o.frameRate = 60
        o.imageSize = ImageSize(width: number == "01" || number == "02" ? 1080 : 1088, height: 1920)
        return try OpenPoseConverter.convert(folder: realData.appendingPathComponent("openpose_body25b/balancing_cam\(number)").path, options: o).sidecar
    }

    @Test("cameras recorded in sync: near 0 where the answer is confident; a wrong answer is flagged by its confidence")
    func fourCameras() throws {
        let reference = try Self.camera("01")
        for number in ["02", "03", "04"] {
            let r = try ClipSync.offset(of: try Self.camera(number), to: reference)
            let frames = abs(r.offsetSeconds * 60)
            // Measured: cam02 −0.6 frames (confidence 0.11), cam03 +1.2 (1.00), cam04 −25.7 (0.21).
            #expect(frames <= 1.5 || r.confidence < 0.3, "cam\(number): \(frames) frames off with confidence \(r.confidence)")
            if r.confidence >= 0.5 { #expect(frames <= 1.5, "cam\(number)") }
        }
    }

    @Test("a camera shifted by a known 0.1 s moves the offset by exactly that")
    func knownShift() throws {
        let reference = try Self.camera("01"), clip = try Self.camera("02")
        let unshifted = try ClipSync.offset(of: clip, to: reference)
        let shifted = try ClipSync.offset(of: clip.shifted(bySeconds: 0.1), to: reference)
        #expect(abs(shifted.offsetSeconds - unshifted.offsetSeconds + 0.1) <= 0.1 / 60, "\(unshifted.offsetSeconds) → \(shifted.offsetSeconds)")
    }

    @Test("every camera shifted by known amounts (fractions of a frame, whole frames, and at 30 fps): the shift comes back within a third of a frame")
    func knownShiftsEveryCamera() throws {
        let reference = try Self.camera("01")
        var worst = 0.0, worst30 = 0.0
        for number in ["02", "03", "04"] {
            let clip = try Self.camera(number)
            let base = try ClipSync.offset(of: clip, to: reference).offsetSeconds
            var row = "cam\(number) (unshifted \(String(format: "%+.2f", base * 60)) frames):"
            for (shift, rate) in [(0.25 / 60, 60.0), (0.5 / 60, 60), (0.1, 60), (-0.2, 60), (0.05, 30)] {
                var moved = clip.shifted(bySeconds: shift)
                if rate != 60 { moved = try moved.resampled(rate: rate) }
                let found = try ClipSync.offset(of: moved, to: reference).offsetSeconds
                // The error against the unshifted answer, in frames at 60 fps.
                let error = (found - base + shift) * 60
                // cam04's answer is the wrong valley (−25.7 frames, see fourCameras): reported, not held to it.
                if number != "04" {
                    if rate == 60 { worst = max(worst, abs(error)) } else { worst30 = max(worst30, abs(error) / 2) }
                }
                row += String(format: " %+.4f s%@ → %+.2f", shift, rate == 60 ? "" : " @30fps", error)
            }
            print(row)
        }
        // Measured (frames at 60 fps): cam02 −0.11, 0.00, 0.00, +0.01, 30 fps +0.07; cam03 −0.19, −0.12,
        // 0.00, −0.28, 30 fps −0.68 (0.34 of a 30 fps frame); cam04 up to +0.57, 30 fps +1.75.
        #expect(worst <= 0.35, "worst \(worst) frames at 60 fps")
        #expect(worst30 <= 0.4, "worst \(worst30) frames at 30 fps")
    }

    @Test("across estimators: MediaPipe against OpenPose on one camera, within two frames")
    func acrossEstimators() throws {
        let openPose = try Self.camera("02")
        let mediaPipe = try MediaPipeConverter.convert(file: realData.appendingPathComponent("mediapipe/balancing_cam02_mediapipe.json").path,
                                                       options: ConversionOptions()).sidecar
        let r = try ClipSync.offset(of: mediaPipe, to: openPose)
        // Measured: −1.5 frames, confidence 0.64, r 0.71 (swaps repaired first).
        #expect(abs(r.offsetSeconds * 60) <= 2 && r.confidence > 0.5, "\(r)")
    }
}
