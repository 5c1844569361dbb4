import Foundation
import KinetixCore
import KinetixDrafting
import KinetixFormats
import KinetixProfiles
import Testing
import _KinetixTestSupport

/// The squat profile on real bodies: real people standing measure a "depth" of 0.50–0.74
/// torso lengths (the synthesized body 0.85), so thresholds fixed on the model body
/// counted no rep at all. Squats are put onto real standing clips (both estimators)
/// with `Sidecar.squatting`, which keeps the person's proportions and the noise.
@Suite("Squat profile on real bodies (../shared/realdata)", .enabled(if: hasRealData, "../shared/realdata is not beside this checkout"))
struct SquatRealBodyTests {
    static func mediapipe(_ name: String) throws -> Sidecar {
        try MediaPipeConverter.convert(file: realData.appendingPathComponent("mediapipe/\(name)").path, options: ConversionOptions())
            .sidecar
    }

    static func openpose(_ camera: String) throws -> Sidecar {
        var o = ConversionOptions()
        o.frameRate = 60
        return try OpenPoseConverter.convert(
            folder: realData.appendingPathComponent("openpose_body25b/balancing_cam\(camera)").path, options: o
        ).sidecar
    }

    static func assess(_ clip: Sidecar, _ overrides: [String] = []) throws -> Assessment {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Profiles/squat.json")
        let profile = try Profile.load(contentsOf: file.path)
        return Assessor(profile: profile, parameters: try profile.parameterValues(overriding: overrides)).assess(clip)
    }

    static func depthRest(_ a: Assessment) -> Assessment.RestLevel? { a.restLevels.first { $0.metric == "depth" } }

    @Test("standing still (MediaPipe, frontal lateral raises, 540 frames): rest found at the person's own level, no rep")
    func standing() throws {
        let a = try Self.assess(try Self.mediapipe("demo5_lateral_raise_mediapipe.json"))
        #expect(a.status == .ok)
        let rest = try #require(Self.depthRest(a))
        #expect(rest.level.map { (0.6...0.75).contains($0) } == true, "\(rest)")
        #expect(a.reps.isEmpty)
        #expect(a.findings.isEmpty, "\(a.findings)")
    }

    @Test("balancing on one leg, the other swinging (OpenPose cam02, 100 frames): the lifted leg is no squat")
    func balancing() throws {
        let a = try Self.assess(try Self.openpose("02"))
        let rest = try #require(Self.depthRest(a))
        #expect(rest.level.map { (0.5...0.8).contains($0) } == true, "\(rest)")
        #expect(a.reps.isEmpty)
    }

    @Test("five deep squats on the real MediaPipe body: five reps, deep enough", arguments: [70.0, 85.0])
    func deepSquats(_ degrees: Double) throws {
        let clip = try Self.mediapipe("demo5_lateral_raise_mediapipe.json").squatting(reps: 5, depthDegrees: degrees)
        let a = try Self.assess(clip)
        #expect(a.reps.count == 5, "\(a.reps.map(\.start))")
        #expect(!a.findings.contains { $0.rule == "notDeep" }, "\(a.findings.map(\.detail))")
        for rep in a.reps {
            let ratio = rep.values.first { $0.name == "depthRatio" }!.value
            // The model's hips come down to cos(thigh tilt) of their standing height.
            #expect(abs(Double(ratio) - cos(degrees * .pi / 180)) < 0.08, "\(ratio)")
        }
    }

    @Test("live, frame by frame, the rest level is found as the person stands: the same five reps")
    func live() throws {
        let clip = try Self.mediapipe("demo5_lateral_raise_mediapipe.json").squatting(reps: 5, depthDegrees: 70)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Profiles/squat.json")
        let profile = try Profile.load(contentsOf: file.path)
        var live = try LiveAssessment(
            profile: profile, parameters: try profile.parameterValues(overriding: []),
            space: clip.space, rate: clip.frameRate ?? 30)
        var completed: [Assessment.Rep] = []
        for frame in 0..<clip.frameCount {
            if let rep = try live.append(clip.poseFrame(frame)).completedRep { completed.append(rep) }
        }
        let offline = try Self.assess(clip)
        #expect(completed.count == 5)
        // A rep ends where the hips rise steeply past the exit level: the same frame within
        // a few. It starts at the last frame at rest, where real noise hovers about the
        // threshold, so a start may differ by the hover (0.43 s seen) as the rest levels do.
        for (a, b) in zip(completed, offline.reps) {
            #expect(abs(a.end - b.end) < 0.2 && abs(a.start - b.start) < 0.6, "live \(a.start)–\(a.end), offline \(b.start)–\(b.end)")
        }
    }

    @Test("shallow squats (thighs 50° from vertical) are counted and told to go lower")
    func shallowSquats() throws {
        let clip = try Self.mediapipe("demo5_lateral_raise_mediapipe.json").squatting(reps: 5, depthDegrees: 50)
        let a = try Self.assess(clip)
        #expect(a.reps.count == 5)
        #expect(a.findings.filter { $0.rule == "notDeep" }.count == 5)
    }

    @Test("a clip that never stands gives no rest level, says so, and counts nothing")
    func neverStanding() throws {
        let clip = try Self.mediapipe("demo5_lateral_raise_mediapipe.json").squatting { _ in 85 }
        let a = try Self.assess(clip)
        let rest = try #require(Self.depthRest(a))
        #expect(rest.level == nil)
        #expect(rest.problem?.contains("never reaches its rest level") == true, "\(rest.problem ?? "")")
        #expect(a.reps.isEmpty)
    }

    @Test(
        "a squat drafted from words for a front camera counts the real body's squats by the hips' drop, and tells a half squat to go lower")
    func draftedFrontSquat() throws {
        let draft = try ProfileDrafter(vocabulary: try DraftVocabulary.shipped()).draft(
            description:
                "Squat facing the camera. Bend the knees until the thighs are parallel to the floor. Do not let the knees collapse inwards.",
            demonstration: nil)
        #expect(draft.isComplete && draft.profile.reps?.metric == "hipDrop")
        let body = try Self.mediapipe("demo5_lateral_raise_mediapipe.json")
        func run(_ clip: Sidecar) throws -> Assessment {
            Assessor(profile: draft.profile, parameters: try draft.profile.parameterValues(overriding: [])).assess(clip)
        }
        let deep = try run(body.squatting(reps: 5, depthDegrees: 85))
        let half = try run(body.squatting(reps: 5, depthDegrees: 50))
        #expect(deep.reps.count == 5 && !deep.findings.contains { $0.rule == "reachTarget" })
        #expect(half.reps.count == 5 && half.findings.filter { $0.rule == "reachTarget" }.count == 5)
        #expect(try run(body).reps.isEmpty, "standing: no squat")
    }
}
