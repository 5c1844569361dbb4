import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Drafting from a demonstration, and how good a draft is (`DraftEvaluation`).
@Suite("Profile drafting from a demonstration")
struct ProfileDemonstrationDraftTests {
    static func clip(
        _ motion: SynthOptions.Motion, view: SynthOptions.View = .front, height: Double = 1.75, distance: Double = 3,
        seconds: Double = 12, seed: UInt64 = 1
    ) -> ClipInput {
        let sidecar = ProfileDraftingTests.clip(motion, view: view, seconds: seconds, seed: seed, height: height, distance: distance)
        return ClipInput(
            sidecar: sidecar,
            provenance: .init(
                role: "demonstration", path: "\(motion.rawValue)-\(height)m-\(distance)m.json",
                sha256: String(repeating: "0", count: 64), frames: sidecar.frameCount))
    }

    static func draft(_ text: String?, demo: ClipInput, reps: ClosedRange<Int>? = nil) throws -> ProfileDrafter.Draft {
        try ProfileDrafter(vocabulary: try DraftVocabulary.shipped()).draft(description: text, demonstration: .init(clip: demo, reps: reps))
    }

    @Test(
        "a lateral raise demonstrated by small and tall bodies, near and far: the same draft, which passes the others and fails other movements",
        arguments: [(1.5, 2.2), (1.75, 3.0), (1.95, 4.5)])
    func bodiesAndDistances(_ height: Double, _ distance: Double) throws {
        let d = try Self.draft(nil, demo: Self.clip(.armRaise, height: height, distance: distance))
        #expect(d.profile.requirements.view == .frontOrOblique && d.profile.reps?.metric == "armElevation")
        let target = try #require(ProfileDraftingTests.parameter(d, "target"))
        #expect(target > 145 && target < 158, "the synthesized raise peaks at 150° of abduction")
        #expect(d.demonstrationNotes.contains { $0.hasPrefix("4 reps found; learning from all of them") })
        #expect(d.demonstrationNotes.contains { $0.hasPrefix("kept still: elbow flexion") })
        #expect(d.profile.symmetry == nil && d.profile.rules.contains { $0.id == "uneven" })
        let other = Self.clip(.armRaise, height: 1.6, distance: 3.5, seed: 9)
        let evaluation = DraftEvaluation(
            profile: d.profile, same: [other],
            different: [Self.clip(.squat), Self.clip(.march), Self.clip(.squat, view: .side)])
        #expect(evaluation.clips[0].reps == 4 && evaluation.sameRepsPassing == 1)
        #expect(evaluation.differentFailing == 1)
    }

    @Test(
        "a demonstration keeps its plane: a lateral raise's draft counts no front raise of the same height, and the other way round",
        arguments: [
            (SynthOptions.Motion.lateralRaise, SynthOptions.Motion.frontRaise, SynthOptions.View.front),
            (.frontRaise, .lateralRaise, .side),
        ])
    func demonstrationKeepsItsPlane(_ own: SynthOptions.Motion, _ other: SynthOptions.Motion, _ view: SynthOptions.View) throws {
        let d = try Self.draft(nil, demo: Self.clip(own, view: view))
        #expect(
            d.profile.reps?.metric == "armElevation"
                && d.profile.requirements.view == (view == .front ? .frontOrOblique : Profile.Requirements.View(rawValue: view.rawValue)))
        let evaluation = DraftEvaluation(
            profile: d.profile, same: [Self.clip(own, view: view, seed: 7)], different: [Self.clip(other, view: view)])
        #expect(evaluation.clips[0].reps == 4 && evaluation.sameRepsPassing == 1)
        #expect(evaluation.clips[1].reps == 0, "\(evaluation.clips[1].reps) reps of the other plane's raise")
    }

    @Test("words decide what is measured, the demonstration supplies the numbers")
    func wordsAndDemonstration() throws {
        let d = try Self.draft("Raise both arms sideways. Keep the elbows straight.", demo: Self.clip(.armRaise))
        #expect(d.isComplete)
        let target = try #require(ProfileDraftingTests.parameter(d, "target"))
        let limit = try #require(ProfileDraftingTests.parameter(d, "elbowFlexionLimit"))
        #expect(target > 145 && target < 158 && limit > 15 && limit < 25, "goal \(target), elbow limit \(limit): from the clip")
        #expect(d.sentences[1].became[0].hasSuffix("(from the demonstration)"))
        #expect(d.defaultsUsed.isEmpty)
        // Only what the words name: no stillness or symmetry rules of its own.
        #expect(Set(d.profile.rules.map(\.id)) == ["reachTarget", "elbowFlexionLeftOverLimit", "elbowFlexionRightOverLimit"])
        // The goal the words give wins over the demonstration's.
        let worded = try Self.draft("Raise both arms sideways to shoulder height.", demo: Self.clip(.armRaise))
        #expect(ProfileDraftingTests.parameter(worded, "target") == 90)
    }

    @Test("the draft requires the demonstration's view: words asking for another are left out")
    func viewFromDemonstration() throws {
        let d = try Self.draft("Raise both arms sideways to shoulder height. Film from the side.", demo: Self.clip(.armRaise))
        // The demonstration's front, which a sideways raise also reads at a moderate angle.
        #expect(d.profile.requirements.view == .frontOrOblique)
        #expect(d.sentences[1].failure?.hasPrefix("the demonstration was filmed from the front, not the side") == true)
        let side = try Self.draft(nil, demo: Self.clip(.squat, view: .side))
        #expect(side.profile.requirements.view == .side && side.demonstrationNotes[0].hasPrefix("filmed from the side"))
    }

    @Test("--reps chooses the reps learned from; out of range is a setting error; a still clip has no movement")
    func chosenReps() throws {
        let march = Self.clip(.march, view: .side)
        let d = try Self.draft(nil, demo: march, reps: 1...3)
        #expect(d.profile.reps?.metrics == ["kneeFlexionLeft", "kneeFlexionRight"])
        #expect(d.demonstrationNotes.contains { $0.contains("reps found; learning from reps 1-3: far ends ") })
        #expect {
            try Self.draft(nil, demo: march, reps: 20...30)
        } throws: { error in
            (error as? KinetixError)?.kind == .invalidSetting && "\(error)".contains("are out of range")
                && (error as? KinetixError)?.diagnostics.first?.setting == .demonstrationReps
        }
        #expect(throws: KinetixError.self) { try Self.draft(nil, demo: Self.clip(.cueResponse, seconds: 8)) }
    }

    @Test("sensitivity on seeded faults: the raise's shoulders and kept-still elbows are flagged, the legs are not")
    func sensitivity() throws {
        let d = try Self.draft(nil, demo: Self.clip(.armRaise))
        var o = SynthOptions()
        o.motion = .armRaise
        o.durationSeconds = 8
        let found = DraftEvaluation.sensitivity(of: d.profile, motion: o)
        let by = Dictionary(uniqueKeysWithValues: found.map { ($0.limb, $0.smallestFlaggedDegrees) })
        for limb in [Limb.leftShoulder, .rightShoulder] {
            #expect((by[limb] ?? nil).map { $0 <= 20 } == true, "\(limb): \(String(describing: by[limb]))")
        }
        for limb in [Limb.leftElbow, .rightElbow] {
            #expect((by[limb] ?? nil).map { $0 <= 20 } == true, "\(limb): \(String(describing: by[limb]))")
        }
        for limb in [Limb.leftKnee, .rightKnee, .leftHip, .rightHip] { #expect(by[limb] == .some(nil), "\(limb) is not measured") }
    }
}
