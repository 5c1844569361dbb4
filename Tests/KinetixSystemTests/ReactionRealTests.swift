import Foundation
import Testing
import _KinetixCLITestSupport

/// Reaction timing over continuous real movement: the MediaPipe lateral raises (about
/// four raises, up and down without a pause: eight movements) copied by a mirrored
/// learner 0.40 s late.
@Suite("Reaction timing on continuous real movement", .serialized, .enabled(if: Kinetix.hasRealData, "../shared/realdata is absent"))
struct ReactionRealTests {
    @Test("every movement onset finds gets a latency, 0.40 s each (three of eight did before)")
    func lateralRaises() throws {
        let folder = try Kinetix.temporaryFolder()
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        #expect(try Kinetix.run(["convert", Kinetix.realData.appendingPathComponent("mediapipe/demo5_lateral_raise_mediapipe.json").path, "-o", path("d.json")]).status == 0)
        #expect(try Kinetix.run(["mirror", path("d.json"), "-o", path("m.json")]).status == 0)
        #expect(try Kinetix.run(["shift", path("m.json"), "--seconds", "0.4", "-o", path("l.json")]).status == 0)
        let onset = try Kinetix.run(["onset", path("d.json"), "--format", "json"])
        let onsets = try #require(try JSONSerialization.jsonObject(with: Data(onset.stdout.utf8)) as? [String: Any])
        let movements = try #require(onsets["movements"] as? [[String: Any]])
        let result = try Kinetix.run(["compare", path("d.json"), path("l.json"), "--reaction", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let reaction = try #require(object["reaction"] as? [String: Any])
        let pairs = try #require(reaction["movements"] as? [[String: Any]])
        #expect(pairs.count == movements.count && pairs.count == 8, "the same list as onset")
        #expect(pairs.contains { $0["fromRest"] as? Bool == false }, "raises follow each other without rest")
        for pair in pairs {
            #expect(pair["status"] as? String == "ok")
            #expect(abs((pair["latencySeconds"] as? Double ?? 0) - 0.4) <= 1.5 / 29.97, "\(pair)")
        }
    }
}
