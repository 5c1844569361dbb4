import Foundation
import KinetixCore
import Testing
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

    @Test(
        "validation holds a sidecar to the readers' string limit: a source value or event label a reader would refuse is reported before it is written"
    )
    func stringLimit() throws {
        var options = SynthOptions()
        options.durationSeconds = 0.2
        var clip = Synth.sidecar(options)
        #expect(clip.validate().isEmpty)
        clip.source["notes"] = String(repeating: "\u{1}", count: Sidecar.maxStringBytes / 6 + 1)  // escaped as \u0001: over the limit
        let problems = clip.validate()
        #expect(problems.contains { $0.field == "source.notes" && $0.message.contains("over the limit of 65536 bytes") }, "\(problems)")
        #expect(throws: KinetixError.self) { try Sidecar.decode(clip.encoded()) }
        #expect(Sidecar.listText((0..<100_000).map(String.init)).utf8.count <= Sidecar.maxStringBytes / 8 + 20)
    }
}
