import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54, round four: holds drafted as holds (timed, tagged "hold"), "each side" /
/// "5 each way" / "alternate" drafted for both sides or the one named, and drafts that
/// would count silently wrong refused or flagged. The phrasings were written before the rules.
@Suite("drafting: holds, sides, never silently wrong")
struct DraftHoldsAndSidesTests {
    typealias T = ProfileDraftingTests

    /// A draft is a hold: tagged so, its hold timed by `holdTooShort`, with this many seconds.
    static func expectHold(_ draft: ProfileDrafter.Draft, seconds: Double, _ text: String) {
        #expect(draft.profile.tags.contains("hold"), "\(text): tags \(draft.profile.tags)")
        #expect(draft.profile.rules.contains { $0.id == "holdTooShort" }, "\(text): \(draft.profile.rules.map(\.id))")
        #expect(T.parameter(draft, "holdSeconds") == seconds, "\(text): holdSeconds \(T.parameter(draft, "holdSeconds") ?? -1)")
    }

    @Test(
        "planks, side planks and wall sits are holds, timed by default or by the words",
        arguments: [
            ("Plank.", 15.0), ("Plank. Hold your body straight for 30 seconds.", 30),
            ("Forearm plank: keep your hips level for 45 seconds.", 45),
            ("Side plank on your left side for 20 seconds.", 20),
            ("Wall sit.", 15), ("Wall sit. Slide down the wall until your thighs are parallel to the floor. Hold for 30 seconds.", 30),
        ])
    func namedHolds(_ text: String, _ seconds: Double) throws {
        let draft = try T.draft(text)
        Self.expectHold(draft, seconds: seconds, text)
        #expect(draft.isComplete, "\(text): \(draft.sentences.map { $0.failure ?? "used" })")
    }

    @Test("a plank's hold is the body lowered toward horizontal, its hips kept straight: never a hip bend to 90°")
    func plankMeasures() throws {
        let draft = try T.draft("Plank. Keep your body straight for 30 seconds.")
        #expect(draft.profile.reps?.metric.hasPrefix("trunkLean") == true, "\(draft.profile.reps?.metric ?? "no reps")")
        #expect(draft.text.contains("hipFlexion") && !draft.profile.reps!.metric.hasPrefix("hipFlexion"))
        let wall = try T.draft("Wall sit.")
        #expect(
            ["kneeFlexion", "thighElevation", "hipDrop"].contains { wall.profile.reps?.metric.hasPrefix($0) == true },
            "\(wall.profile.reps?.metric ?? "no reps")")
    }

    @Test("'hold for 30 seconds' after a movement with no body part of its own ('squat down') is a hold of it")
    func holdAfterSquat() throws {
        let draft = try T.draft("Squat down and hold for 30 seconds.")
        Self.expectHold(draft, seconds: 30, "squat hold")
    }

    @Test("single-leg stance on the left leg: the right leg is lifted, the stance held for the time given")
    func singleLegStance() throws {
        let text = "Single-leg stance on the left leg for 10 seconds."
        let draft = try T.draft(text)
        Self.expectHold(draft, seconds: 10, text)
        #expect(
            draft.profile.reps?.metric.hasSuffix("Right") == true,
            "standing on the left, the right leg lifts: \(draft.profile.reps?.metric ?? "no reps")")
        // The synthesized stance stands on the right leg, the left knee lifted: the draft for the other side counts none of it.
        let either = try T.draft("Single-leg stance for 10 seconds.")
        #expect(either.profile.reps?.metrics.count == 2, "no side named: either leg: \(either.profile.reps?.metrics ?? [])")
    }

    @Test("a rep exercise with no hold is not tagged a hold")
    func repsAreNotHolds() throws {
        let draft = try T.draft("Squat. Bend your knees until your thighs are parallel to the floor.")
        #expect(!draft.profile.tags.contains("hold") && !draft.profile.rules.contains { $0.id == "holdTooShort" })
    }

    // MARK: - Sides

    @Test(
        "'each side', 'each way', 'alternate' in the movement's own sentence: both sides in turn",
        arguments: [
            "Lift your left knee to hip height, 10 each side.",
            "Lift your right leg out to the side, 5 each way.",
            "Raise one arm out to the side to shoulder height, alternating arms.",
        ])
    func eachSideInTheSentence(_ text: String) throws {
        let draft = try T.draft(text)
        #expect(draft.profile.reps?.metrics.count == 2, "\(text): \(draft.profile.reps?.metrics ?? [])")
        #expect(draft.isComplete, "\(text): \(draft.sentences.map { $0.failure ?? "used" })")
    }

    @Test(
        "'5 each way' of a movement with no left and right (a side bend, a neck tilt) is both ways of one measure, not refused",
        arguments: ["Side bend. Bend to the side, 5 each way.", "Neck side bend. Tilt your head toward your shoulder. 5 each way."])
    func eachWayUnsided(_ text: String) throws {
        let draft = try T.draft(text)
        #expect(draft.isComplete, "\(text): \(draft.sentences.map { $0.failure ?? "used" })")
        #expect(draft.profile.reps != nil)
    }

    @Test("a side named with 'only' keeps that side, even with 'each' elsewhere in the name's words")
    func namedSideOnly() throws {
        let draft = try T.draft("Knee raise, left leg only. Lift your knee to hip height.")
        #expect(draft.profile.reps?.metric == "thighElevationLeft", "\(draft.profile.reps?.metrics ?? [])")
    }

    // MARK: - Never silently wrong

    @Test("keeping still a measure that moves with the counted one (upper arms in a raise) is a contradiction the draft refuses")
    func contradictionOfRelatedMeasure() throws {
        let draft = try T.draft("Lateral raise. Raise your arms to shoulder height. Keep your upper arms still.")
        #expect(draft.profile.reps?.metric.hasPrefix("armElevation") == true)
        #expect(draft.sentences[2].failure?.contains("contradict") == true, "\(draft.sentences[2].failure ?? "used")")
        #expect(!draft.isComplete)
    }

    @Test("a demonstration in which the counted measure barely moves is refused, saying why")
    func barelyMovesInDemonstration() throws {
        // Words for a curl, a demonstration of a squat: the elbows hardly move.
        do {
            let draft = try ProfileDemonstrationDraftTests.draft(
                "Bend your elbows to curl the weights up.", demo: ProfileDemonstrationDraftTests.clip(.squat))
            Issue.record("drafted \(draft.profile.reps?.metric ?? "no reps") with notes \(draft.demonstrationNotes)")
        } catch {
            #expect("\(error)".contains("barely moves"), "\(error)")
        }
        // The same words on a curl are drafted.
        let curl = try ProfileDemonstrationDraftTests.draft(
            "Bend your elbows to curl the weights up.", demo: ProfileDemonstrationDraftTests.clip(.curl))
        #expect(curl.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
    }

    @Test("a goal within the estimator's noise of rest is flagged: a typical performance barely moves it")
    func smallGoalFlagged() throws {
        let draft = try T.draft("Raise both arms out to the side by 12 degrees.")
        #expect(draft.defaultsUsed.contains { $0.hasPrefix("check:") && $0.contains("noise") }, "\(draft.defaultsUsed)")
        let big = try T.draft("Raise both arms out to the side to shoulder height.")
        #expect(!big.defaultsUsed.contains { $0.contains("noise") })
    }
}

/// Issue 54, round four, point 4: the exercise-name table is vocabulary data, read by
/// `DraftVocabulary` with the other words; a file may add names, and a wrong entry is
/// named by its file and JSON path.
@Suite("drafting: exercise names are vocabulary data")
struct DraftExerciseNamesDataTests {
    typealias T = ProfileDraftingTests

    @Test("the shipped vocabulary holds the exercises; a merged file adds a name the drafter then counts")
    func namesFromAFile() throws {
        let shipped = try DraftVocabulary.shipped()
        #expect(shipped.exercises.contains { $0.names.contains("push-up") })
        let extra =
            #"{"format": "kinetix-vocabulary", "formatVersion": 1, "exercises": [{"names": ["skier swing"], "measures": ["hipFlexion"], "movement": "bend"}]}"#
        let draft = try T.draft("Skier swings.", vocabulary: extra)
        #expect(draft.profile.reps?.metric.hasPrefix("hipFlexion") == true, "\(draft.profile.reps?.metric ?? "no reps")")
    }

    @Test(
        "a wrong exercise entry is refused, naming the file and the field",
        arguments: [
            (#"{"names": ["x"], "measures": ["elbowBend"], "movement": "bend"}"#, "exercises[0].measures[0]"),
            (#"{"names": ["x"], "measures": ["elbowFlexion"], "movement": "wiggle"}"#, "exercises[0].movement"),
            (#"{"names": ["x"], "measures": [], "movement": "bend"}"#, "exercises[0].unmeasurable"),
            (#"{"names": ["x"], "measures": ["elbowFlexion"], "movement": "bend", "hold": "yes"}"#, "exercises[0].hold"),
            (#"{"names": ["x"], "measures": ["elbowFlexion"], "movement": "bend", "targte": 90}"#, "exercises[0].targte"),
        ])
    func wrongEntry(_ entry: String, _ path: String) throws {
        var vocabulary = try DraftVocabulary.shipped()
        let before = vocabulary.exercises.count
        do {
            try vocabulary.merge(
                Data(#"{"format": "kinetix-vocabulary", "formatVersion": 1, "exercises": [\#(entry)]}"#.utf8), file: "mine.json")
            Issue.record("accepted \(entry)")
        } catch {
            #expect("\(error)".contains("mine.json") && "\(error)".contains(path), "\(error)")
        }
        #expect(vocabulary.exercises.count == before, "a refused file leaves the vocabulary as it was")
    }
}

/// Issue 54, round four, point 5: a squat whose words give no view counts the hips' drop,
/// which reads alike from the front and the side (a goblet squat filmed from the front
/// was void for a drafted thigh measure that needs a side view).
@Suite("drafting: a squat with no view counts from any view")
struct DraftSquatAnyViewTests {
    typealias T = ProfileDraftingTests

    @Test("'Goblet squat … until your hips are level with your knees': the same reps filmed from the front and the side")
    func squatAnyView() throws {
        let draft = try T.draft("Goblet squat. Bend your knees and squat down until your hips are level with your knees. Stand back up.")
        #expect(draft.profile.requirements.view == .any, "\(draft.profile.requirements.view)")
        #expect(draft.profile.reps?.metric == "hipDrop", "\(draft.profile.reps?.metric ?? "no reps")")
        let front = try T.assess(draft, T.clip(.squat, view: .front))
        let side = try T.assess(draft, T.clip(.squat, view: .side))
        #expect(front.reps.count >= 3 && front.reps.count == side.reps.count, "front \(front.reps.count), side \(side.reps.count)")
    }

    @Test("a worded side view keeps the knee angle; a jump's knee bend is not a squat's hip drop")
    func wordedViewAndJumps() throws {
        let side = try T.draft("Squat down until your thighs are parallel to the floor. Film from the side.")
        #expect(side.profile.requirements.view == .side && side.profile.reps?.metric.hasPrefix("hipDrop") == false)
        let jump = try T.draft("Box jump. Squat down and jump onto the box.")
        #expect(jump.profile.reps?.metric.hasPrefix("hipDrop") == false, "\(jump.profile.reps?.metric ?? "no reps")")
    }
}
