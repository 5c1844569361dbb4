import Foundation
import KinetixCore
import KinetixProfiles
import Testing
import _KinetixCLITestSupport

/// `ProgressReport.differentPersonLimit` on real people: one man seen by four OpenPose
/// cameras and by MediaPipe, against other people MediaPipe saw.
@Suite("Body proportions of real people", .serialized)
struct ProportionsRealTests {
    static let openPose = Kinetix.realData.appendingPathComponent("openpose_body25b")

    static func proportions() throws -> [(name: String, person: String, proportions: BodyProportions)] {
        var out: [(String, String, BodyProportions)] = []
        for cam in ["01", "02", "03", "04"] {
            if let p = BodyProportions(try SquatRealBodyTests.openpose(cam)) {
                out.append(("balancing cam\(cam) (OpenPose)", "balancing man", p))
            }
        }
        for (file, person) in [
            ("balancing_cam02_mediapipe.json", "balancing man"), ("demo5_lateral_raise_mediapipe.json", "lateral-raise man"),
            ("demo4_walking_mediapipe.json", "walking woman"), ("demo3_running_mediapipe.json", "running woman"),
        ] {
            if let p = BodyProportions(try SquatRealBodyTests.mediapipe(file)) { out.append((file, person, p)) }
        }
        return out
    }

    @Test(
        "one man across four cameras and two estimators is never flagged as another person; two people mostly are not either: the flag catches only a very different body",
        .enabled(if: FileManager.default.fileExists(atPath: openPose.path), "../shared/realdata is absent"))
    func sameAndOther() throws {
        let all = try Self.proportions()
        var same: [Float] = []
        var other: [Float] = []
        for i in all.indices {
            print(
                all[i].name + ": "
                    + zip(BodyProportions.limbs, all[i].proportions.lengths).map { "\($0.name) \(String(format: "%.2f", $1))" }.joined(
                        separator: ", "))
            for j in all.indices where j > i {
                guard let d = all[i].proportions.difference(from: all[j].proportions) else { continue }
                let isSame = all[i].person == all[j].person
                if isSame { same.append(d) } else { other.append(d) }
                print(String(format: "  %@ vs %@: %.3f (%@)", all[i].name, all[j].name, d, isSame ? "same man" : "two people"))
            }
        }
        let limit = ProgressReport.differentPersonLimit
        let sameOver = same.filter { $0 > limit }.count
        let otherOver = other.filter { $0 > limit }.count
        print(
            "proportions: same man \(sameOver) of \(same.count) pairs over \(limit); two people \(otherOver) of \(other.count) pairs over it"
        )
        #expect(same.count == 10 && other.count == 18)
        #expect(sameOver == 0, "the same man, flagged as another: \(same)")
        // Measured when the limit was set (not tuned to it): one man 0.015–0.149, two people
        // 0.020–0.154. 2D limb lengths tell a very different body, not one adult from another.
        #expect(otherOver <= 3, "\(other)")
    }
}
