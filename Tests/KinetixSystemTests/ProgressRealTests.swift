import Foundation
import KinetixCore
import KinetixProfiles
import Testing
import _KinetixCLITestSupport
import _KinetixTestSupport

/// Progress on a real face: MediaPipe's singer, close-up, with the left side's movement
/// kept to 25 %, 40 %, 70 % and 100 % as four weekly "sessions" of a recovering palsy.
@Suite("Progress across sessions on a real face", .serialized)
struct ProgressRealTests {
    static let clip = FaceSymmetryRealTests.clip

    @Test(
        "the left side recovering 25 → 40 → 70 → 100 %: the brow's deviation falls in order, each step improved, the left weaker while it is weak; measures within the noise say so",
        .enabled(if: FileManager.default.fileExists(atPath: clip.path), "../shared/realdata is absent"))
    func recoveringFace() throws {
        let folder = try Kinetix.temporaryFolder()
        let face = try Sidecar.load(contentsOf: try FaceSymmetryRealTests.closeUp(in: folder))
        let kept = [0.25, 0.4, 0.7, 1.0]
        var files: [String] = []
        for keep in kept {
            let file = folder.appendingPathComponent("week-\(Int(keep * 100)).json")
            try weakenedFace(face, side: "left", keep: keep).encoded().write(to: file)
            files.append(file.path)
        }
        let dates = "2026-01-05,2026-01-12,2026-01-19,2026-01-26"
        let result = try Kinetix.run(["progress"] + files + ["--profile", "facial-symmetry", "--dates", dates, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let measures = try #require(object["measures"] as? [[String: Any]])
        let deviations = measures.filter { $0["kind"] as? String == "deviation" }
        #expect(deviations.count >= 3, "\(measures.map { $0["name"] ?? "" })")
        // The singer's brow moves well beyond its noise in every session; the mouth and the
        // eyes barely do (she sings, she does no palsy exercise), so where a session's
        // movement is within the noise it has no value, and the report says why.
        var followed: [String] = []
        for m in deviations {
            let name = m["name"] as? String ?? "?"
            let sessions = try #require(m["sessions"] as? [[String: Any]])
            let values = sessions.map { $0["value"] as? Double }
            let verdicts = sessions.map { $0["verdict"] as? String ?? "—" }
            let sides = sessions.map { $0["weakerSide"] as? String ?? "none" }
            let trend = m["trend"] as? [String: Any]
            print(
                "\(name): deviation \(values.map { $0.map { String(format: "%.1f", $0) } ?? "—" }), weaker \(sides), verdicts \(verdicts), trend \(trend?["verdict"] ?? "none")"
            )
            let measured = values.compactMap { $0 }
            #expect(
                zip(measured, measured.dropFirst()).allSatisfy { $0 > $1 },
                "\(name): where measured, the deviation falls in order: \(values)")
            #expect(!sides.contains("right") && !verdicts.contains("worse"), "\(name): \(sides) \(verdicts)")
            for (value, session) in zip(values, sessions) where value == nil {
                #expect((session["note"] as? String)?.isEmpty == false, "\(name): a session without a value says why")
            }
            guard measured.count == values.count else { continue }
            followed.append(name)
            #expect(sides[0] == "left" && sides[1] == "left", "\(name): \(sides)")
            #expect(sides[3] == "none", "\(name): the healthy face names no weaker side")
            #expect(verdicts[1...] == ["improved", "improved", "improved"], "\(name): each step is beyond the noise: \(verdicts)")
            #expect(trend?["verdict"] as? String == "improved" && trend?["monotonic"] as? Bool == true, "\(name): \(trend ?? [:])")
        }
        #expect(followed.contains("brow"), "measured in every session: \(followed)")
        // The text a therapist reads names the sessions by date and says improved.
        let text = try Kinetix.run(["progress"] + files + ["--profile", "facial-symmetry", "--dates", dates])
        #expect(text.status == 0)
        print(text.stdout)
        #expect(text.stdout.contains("2026-01-26") && text.stdout.contains("improved"))
    }

    /// The real MediaPipe man (frontal lateral raises, 540 frames) squatting six times,
    /// each rep to `degrees` of thigh tilt give or take 5 % (seeded), as one session.
    static func realSquats(_ degrees: Double, seed: UInt64, label: String) throws -> ProgressSession {
        let body = try SquatRealBodyTests.mediapipe("demo5_lateral_raise_mediapipe.json")
        var random = SplitMix64(seed: seed)
        let clip = body.squatting(depthsDegrees: (0..<6).map { _ in degrees * (1 + 0.05 * random.nextGaussian()) })
        let squat = try ProfileLibrary().resolve("squat")
        let input = ClipInput(
            sidecar: clip, provenance: .init(role: "sidecar", path: label, sha256: SHA256.hex(clip.encoded()), frames: clip.frameCount))
        return ProgressSession(
            try AssessmentReport(
                clip: input, profile: squat.profile, parameters: try squat.profile.parameterValues(overriding: []), source: squat.source),
            label: label)
    }

    @Test(
        "a real body squatting deeper, 50 → 65 → 80° of thigh tilt: the depth improves beyond the noise each session; the same depth twice is within the noise",
        .enabled(
            if: FileManager.default.fileExists(
                atPath: Kinetix.realData.appendingPathComponent("mediapipe/demo5_lateral_raise_mediapipe.json").path),
            "../shared/realdata is absent"))
    func realBodySquats() throws {
        let squat = try ProfileLibrary().resolve("squat").profile
        let sessions = try [50.0, 65, 80].enumerated().map { k, degrees in
            try Self.realSquats(degrees, seed: UInt64(k + 1), label: "week \(4 * k + 1)")
        }
        let report = try ProgressReport(sessions: sessions, profile: squat)
        #expect(report.flags.isEmpty, "one body, one camera: \(report.flags.map(\.problem))")
        let depth = try #require(report.measures.first { $0.name == "depthRatio" })
        print(
            "real body, depthRatio: "
                + depth.values.map {
                    "\($0.value.map { String(format: "%.3f", $0) } ?? "—") ± \($0.standardError.map { String(format: "%.3f", $0) } ?? "—") (\($0.count) reps)"
                }.joined(separator: ", "))
        #expect(depth.values.allSatisfy { $0.count == 6 }, "six reps counted in each session")
        #expect(depth.changes[1]?.verdict == .improved && depth.changes[2]?.verdict == .improved, "\(depth.changes)")
        #expect(depth.trend?.verdict == .improved)
        // The same mean depth, other reps: no depth measure is called.
        var called = 0
        for seed in UInt64(10)..<20 {
            let pair = try ProgressReport(
                sessions: [try Self.realSquats(65, seed: seed, label: "a"), try Self.realSquats(65, seed: seed + 100, label: "b")],
                profile: squat)
            if pair.measures.contains(where: {
                ["depth", "depthRatio"].contains($0.name) && [.improved, .worse].contains($0.changes[1]?.verdict)
            }) {
                called += 1
            }
        }
        print("real body, the same depth twice: \(called) of 10 seed pairs had a depth measure called")
        #expect(called <= 2)
    }
}
