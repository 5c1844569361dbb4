import Foundation
import Testing
import KinetixCore
import _KinetixTestSupport

/// A sidecar as a value an app holds: edited point by point, its tables parallel.
@Suite("Sidecar values")
struct SidecarValueTests {
    @Test("a point is edited through the sidecar's subscript; the times and tables keep one frame per time")
    func editPoints() throws {
        var options = SynthOptions()
        options.durationSeconds = 1
        var clip = Synth.sidecar(options)
        let before = clip
        let point = try #require(clip[.leftWrist, 3])
        #expect(point.x == clip.joints[.leftWrist, 3]?.x && point.confidence > 0)
        clip[.leftWrist, 3] = nil
        #expect(clip[.leftWrist, 3] == nil && clip.joints.confidence[clip.joints.index(.leftWrist, 3)] == 0)
        clip[.leftWrist, 3] = (point.x + 1, point.y, 0.5)
        #expect(clip[.leftWrist, 3]?.x == point.x + 1 && clip[.leftWrist, 3]?.confidence == 0.5)
        #expect(clip.joints.frameCount == clip.times.count && clip.times == before.times)
        #expect(clip != before)
        clip[.leftWrist, 3] = point
        #expect(clip == before)
    }
}
