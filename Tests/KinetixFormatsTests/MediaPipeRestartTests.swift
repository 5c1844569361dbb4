import Foundation
import KinetixCore
import Testing

@testable import KinetixFormats

/// Issue 56: a MediaPipe file whose times restart halfway (two recordings joined).
@Suite("MediaPipe times that restart")
struct MediaPipeRestartTests {
    @Test("times that restart halfway are refused naming the frame, never interleaved into one clip")
    func restartRefused() throws {
        let pose = knownPosePixels(height: 720)
        var mp33 = Array(repeating: "[0, 0, 0, 0]", count: 33)
        for (joint, index) in MediaPipeConverter.indices { if let p = pose[joint] { mp33[index] = "[\(p.x), \(p.y), -10, 0.95]" } }
        func frames(_ times: [Double]) -> String {
            times.enumerated().map { "{\"i\": \($0.offset), \"t\": \($0.element), \"mp33\": [\(mp33.joined(separator: ", "))]}" }.joined(
                separator: ",")
        }
        func file(_ times: [Double]) -> String {
            "{\"format\": \"keypoints-pose-v1\", \"video\": {\"fps\": 10, \"width\": 1920, \"height\": 720}, \"frames\": [\(frames(times))]}"
        }
        let restarting = try temporaryFile(file([0, 0.1, 0.2, 0.3, 0.05, 0.15, 0.25]))
        let error = #expect(throws: KinetixError.self) { try MediaPipeConverter.convert(file: restarting, options: ConversionOptions()) }
        #expect(
            error?.kind == .invalidData && error?.description.contains("frame 4") == true
                && error?.description.contains("the times restart") == true, "\(String(describing: error))")
        // Times in order convert as before.
        let ordered = try MediaPipeConverter.convert(file: try temporaryFile(file([0, 0.1, 0.2, 0.3])), options: ConversionOptions())
        #expect(ordered.sidecar.frameCount == 4)
    }
}
