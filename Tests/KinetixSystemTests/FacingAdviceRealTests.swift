import Foundation
import KinetixCore
import KinetixFormats
import Testing
import _KinetixCLITestSupport

/// The facing check and the "few frames match" advice on a real, nearly symmetric
/// movement (issue 55): the gym jumping jacks beside a copy of themselves 0.30 s late
/// whose left knee is bent 40° more throughout (the shin turned about the knee).
@Suite(
    "Facing and views on real jumping jacks (../shared/realdata)", .serialized,
    .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct FacingAdviceRealTests {
    static func pair() throws -> (demo: String, learner: String) {
        let folder = try Kinetix.temporaryFolder()
        let demo = try MediaPipeConverter.convert(
            file: realData.appendingPathComponent("exercises/jumping_jacks_front_gym_mediapipe.json").path,
            options: ConversionOptions()
        ).sidecar
        var learner = demo.shifted(bySeconds: 0.3)
        let turn = Float(40 * Double.pi / 180)
        for f in 0..<learner.frameCount {
            guard let knee = learner[.leftKnee, f], let ankle = learner[.leftAnkle, f] else { continue }
            let (dx, dy) = (ankle.x - knee.x, ankle.y - knee.y)
            learner[.leftAnkle, f] = (knee.x + dx * cos(turn) - dy * sin(turn), knee.y + dx * sin(turn) + dy * cos(turn), ankle.confidence)
        }
        let a = folder.appendingPathComponent("demo.json")
        let b = folder.appendingPathComponent("learner.json")
        try demo.encoded().write(to: a)
        try learner.encoded().write(to: b)
        return (a.path, b.path)
    }

    static func summary(_ arguments: [String]) throws -> [String: Any] {
        let run = try Kinetix.run(["compare"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require((try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
    }

    @Test(
        "side by side compared left with left: one limb off 40° and eight matching names that limb, not the views (before: 'check that both clips show it from comparable views')"
    )
    func oneLimbOff() throws {
        let (demo, learner) = try Self.pair()
        let summary = try Self.summary([demo, learner, "--no-mirror"])
        let warning = summary["reliabilityWarning"] as? String ?? ""
        #expect(warning.contains("one limb is off, the left knee") && !warning.contains("comparable views"), "\(warning)")
    }

    @Test("the same pair compared mirrored (the default): the facing check says they stand side by side")
    func facingSaid() throws {
        let (demo, learner) = try Self.pair()
        let summary = try Self.summary([demo, learner])
        let check = try #require(summary["facingCheck"] as? [String: Any])
        print("facing check: \(check)")
        #expect(check["otherFitsBetter"] as? Bool == true, "\(check)")
    }

    @Test("a pair that does face each other (the learner mirrored, knee bent too), compared mirrored: no facing warning")
    func facingEachOtherQuiet() throws {
        let (demo, learner) = try Self.pair()
        let mirrored = try Kinetix.temporaryFolder().appendingPathComponent("mirrored.json").path
        #expect(try Kinetix.run(["mirror", learner, "-o", mirrored]).status == 0)
        let summary = try Self.summary([demo, mirrored])
        let check = try #require(summary["facingCheck"] as? [String: Any])
        #expect(check["otherFitsBetter"] as? Bool == false, "\(check)")
    }
}
