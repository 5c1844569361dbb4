import Foundation
import KinetixCore
import KinetixFormats
import Testing

/// A single camera's 3D is checked for plausibility (issue 55): limb lengths and depth
/// jitter, against the triangulated trial. The limits were set on these clips (a
/// calibration).
@Suite("3D plausibility on real clips (../shared/realdata)", .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct DepthPlausibilityRealTests {
    static func world(_ path: String) throws -> Sidecar {
        var o = ConversionOptions()
        o.worldLandmarks = true
        return try MediaPipeConverter.convert(file: realData.appendingPathComponent(path).path, options: o).sidecar
    }

    @Test(
        "the triangulated trial and MediaPipe world landmarks of clean clips are plausible; cam02's world landmarks, swapped in 33 frames, are not, and say why"
    )
    func plausibility() throws {
        let trc = try TRCConverter.convert(
            file: realData.appendingPathComponent("opensim/balancing_3d_openpose_triangulated_filt.trc").path, options: ConversionOptions()
        ).sidecar
        let triangulated = try #require(DepthPlausibility(trc))
        #expect(triangulated.isPlausible, "\(triangulated)")
        for path in ["mediapipe/demo5_lateral_raise_mediapipe.json", "exercises/squat_front_goblet_mediapipe.json"] {
            let d = try #require(DepthPlausibility(try Self.world(path)))
            #expect(d.isPlausible, "\(path): \(d)")
        }
        let cam02 = try #require(DepthPlausibility(try Self.world("mediapipe/balancing_cam02_mediapipe.json")))
        // Measured: left forearm 26.6 %, depth jitter 0.18 torso lengths (triangulated: 8.5 %, 0.005).
        #expect(!cam02.isPlausible && cam02.problems.count == 2, "\(cam02)")
        #expect(
            DepthPlausibility(
                try MediaPipeConverter.convert(
                    file: realData.appendingPathComponent("mediapipe/balancing_cam02_mediapipe.json").path,
                    options: ConversionOptions()
                ).sidecar) == nil, "2D: no 3D check")
    }
}
