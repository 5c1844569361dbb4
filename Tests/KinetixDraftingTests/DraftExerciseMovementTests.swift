import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54: the exercise's movement is what is counted (its name and movement sentences,
/// not a set-up, posture or grip sentence); whole-body and lying exercises; inflections
/// read by a lemmatizer, not taken for typos; "keep the body straight" on an exercise
/// not done standing; exercises the keypoints cannot follow refused, saying why.
@Suite("drafting: the exercise's movement is counted")
struct DraftExerciseMovementTests {
    typealias T = ProfileDraftingTests

    @Test("a set-up sentence's bent knees are the start position: a sit-up counts the trunk curling up")
    func setUpSentenceIsNotCounted() throws {
        let draft = try T.draft(
            "Sit-up. Lie on your back. Your legs should be bent at the knees. Curl your trunk up until you are sitting, then lower yourself back down."
        )
        #expect(draft.profile.reps?.metric.hasPrefix("hipFlexion") == true, "\(draft.profile.reps?.metric ?? "no reps")")
        #expect(draft.sentences[2].became.contains { $0.hasPrefix("the start position") }, "\(draft.sentences[2].became)")
        #expect(!draft.text.contains("kneeFlexionTarget"), "the set-up's knee bend became no rule")
    }

    @Test("push-ups count the elbows, not a trunk lean; 'keep your body straight' is the hips kept straight")
    func pushUps() throws {
        let draft = try T.draft(
            "Push-ups. Start in a plank with your arms straight. Keep your body straight. Lower your chest to the floor and push back up.")
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true, "\(draft.profile.reps?.metric ?? "no reps")")
        #expect(!draft.text.contains("trunkLean"), "no vertical-trunk rule on a push-up")
        #expect(draft.sentences[2].became.contains { $0.contains("hip flexion") }, "\(draft.sentences[2].became)")
    }

    @Test("a movement beside the one the name counts, with no goal of its own, is noted, not a guessed rule")
    func besideTheName() throws {
        let draft = try T.draft("Decline push-up: feet on a step, lower your chest and push up.")
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        #expect(
            !draft.text.contains("stanceWidth") && draft.profile.requirements.view != .front, "a step to stand on is no stance-width rule")
        #expect(draft.defaultsUsed.contains { $0.hasPrefix("check:") }, "the sentence's other movement is said")
    }

    @Test("a bridge counts the hips straightening from the bent rest it lies in (a dip of hip flexion)")
    func bridge() throws {
        let draft = try T.draft(
            "Glute bridge. Lie on your back with your knees bent and feet flat. Squeeze your buttocks and lift your hips until your body is in a straight line. Lower slowly."
        )
        #expect(draft.profile.reps?.metric.hasPrefix("hipFlexion") == true, "\(draft.profile.reps?.metric ?? "no reps")")
        #expect(draft.profile.reps?.movement(try draft.profile.parameterValues(overriding: [])) == .dip)
        let rest = try #require(T.parameter(draft, "rest"))
        let target = try #require(T.parameter(draft, "target"))
        #expect(rest > target)
    }

    @Test(
        "named exercises decide the measure when their sentences only set up",
        arguments: [
            (
                "Barbell Bench Press. Lie back on a flat bench. Grasp the bar with a medium grip. This will be your starting position.",
                "elbowFlexion"
            ),
            (
                "Bent Over Barbell Row. Hold a barbell with a pronated grip. Bend your knees slightly and bring your torso forward, keeping the back straight.",
                "elbowFlexion"
            ),
            ("Straight leg raise. Lie on your back with one knee bent.", "hipFlexion"),
            ("Crunches. Lie flat on your back with your feet flat on the ground, knees bent.", "hipFlexion"),
        ])
    func namedExercise(_ text: String, _ measure: String) throws {
        let draft = try T.draft(text)
        #expect(draft.profile.reps?.metric.hasPrefix(measure) == true, "\(text): \(draft.profile.reps?.metric ?? "no reps")")
    }

    @Test("a measure counted from a set-up sentence alone is flagged, never silently right")
    func setUpOnlyIsFlagged() throws {
        let draft = try T.draft("Stand tall with your elbows bent.")
        #expect(draft.defaultsUsed.contains { $0.hasPrefix("check:") && $0.contains("set-up") }, "\(draft.defaultsUsed)")
    }

    @Test(
        "calf raises, shrugs and wrist curls are refused saying the keypoints do not show them",
        arguments: [
            "Heel raises. Rise up onto your toes and lower slowly.", "Barbell Shrug. Raise your shoulders up as far as you can.",
            "Seated Dumbbell Palms-Up Wrist Curl. Curl the dumbbell up with your wrist.",
        ])
    func unmeasurableRefused(_ text: String) {
        do {
            let draft = try T.draft(text)
            Issue.record("drafted \(draft.profile.reps?.metric ?? "no reps") from '\(text)'")
        } catch {
            #expect("\(error)".contains("not something body keypoints can count"), "\(error)")
        }
    }

    @Test("a stretch named by its title is a position held: its hold is timed, 15 s when no sentence says")
    func stretchHold() throws {
        let draft = try T.draft("Hamstring Stretch. Sit on the floor with your legs straight and reach toward your toes.")
        #expect(draft.profile.reps?.metric.hasPrefix("hipFlexion") == true, "\(draft.profile.reps?.metric ?? "no reps")")
        #expect(draft.text.contains("holdTooShort") && T.parameter(draft, "holdSeconds") == 15)
        let timed = try T.draft("Quad stretch. Stand on one leg and pull your heel to your bottom. Hold for 30 seconds.")
        #expect(timed.profile.reps?.metric.hasPrefix("kneeFlexion") == true && T.parameter(timed, "holdSeconds") == 30)
    }

    @Test("a name may say 'the' ('Shrug Behind The Back'); 'your' makes a sentence an instruction")
    func namesWithThe() throws {
        #expect(throws: KinetixError.self) { try T.draft("Barbell Shrug Behind The Back. Lift the bar by elevating your shoulders.") }
        let vocabulary = try DraftVocabulary.shipped()
        #expect(
            DraftBuilder.namedExercise(
                [SentenceInterpreter.read(DescriptionReader.sentences(in: "Stand tall with your elbows bent.")[0], vocabulary: vocabulary)],
                exercises: vocabulary.exercises) == nil)
    }

    @Test("a time 'for' which nothing goes up or down is a hold: single-leg stance on the left leg for 10 seconds")
    func stanceHold() throws {
        let draft = try T.draft("Single-leg stance: lift your right knee and balance on your left leg for 10 seconds.")
        #expect(draft.sentences.allSatisfy { $0.failure == nil }, "\(draft.sentences.map { $0.failure ?? "" })")
        #expect(T.parameter(draft, "holdSeconds") == 10)
    }

    @Test("words that keep still what the draft counts contradict themselves, and the draft says so")
    func contradiction() throws {
        let draft = try T.draft("Bend your elbows to curl the weights up. Keep your elbows straight.")
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        #expect(draft.sentences[1].failure?.contains("contradict") == true, "\(draft.sentences[1].failure ?? "used")")
        #expect(!draft.isComplete)
    }

    @Test("'keep the trunk upright' from the front is the sideways lean a front view shows, not refused")
    func uprightFromFront() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height. Keep your trunk upright.")
        #expect(draft.profile.requirements.view == .front)
        #expect(draft.isComplete, "\(draft.sentences.map { $0.failure ?? "used" })")
        #expect(draft.text.contains("trunkLean") && draft.sentences[1].became.contains { $0.contains("sideways lean") })
        let leaning = try T.assess(draft, T.clip(.armRaise, view: .front))
        #expect(!T.flagged(leaning).contains { $0.hasPrefix("trunkLean") }, "an upright raise is not flagged: \(T.flagged(leaning))")
    }

    @Test("'each leg' after a movement of the right leg counts either leg, not the right one only")
    func eachLeg() throws {
        let draft = try T.draft("Lift your right leg out to the side. Do 10 on each leg.")
        #expect(draft.profile.reps?.metrics.count == 2, "\(draft.profile.reps?.metrics ?? [])")
        #expect(draft.profile.reps?.metrics.allSatisfy { $0.hasPrefix("legElevation") } == true)
    }

    @Test("the lemmatizer gives dictionary forms of inflections and derived words")
    func lemmas() {
        #expect(Lemmatizer.lemmas(of: "swinging").first == "swing")
        #expect(Lemmatizer.lemmas(of: "sagging").first == "sag")
        #expect(Lemmatizer.lemmas(of: "drifts").first == "drift")
        #expect(Lemmatizer.lemmas(of: "inwards").first == "inward")
        #expect(Lemmatizer.lemmas(of: "flared").contains("flare"))
        #expect(Lemmatizer.lemmas(of: "push-ups").first == "push-up")
        #expect(Lemmatizer.lemmas(of: "presses").first == "press")
        #expect(Lemmatizer.lemmas(of: "raises").first == "raise")
        #expect(Lemmatizer.lemmas(of: "bent").first == "bend")
        #expect(Lemmatizer.lemmas(of: "pass").isEmpty, "no ending to remove")
        #expect(Lemmatizer.isInflected("swinging") && !Lemmatizer.isInflected("pass"))
    }

    @Test("an inflected or short unknown word is not a typo that stops its sentence")
    func inflectionsAreNotTypos() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height without swinging. Do not let the elbows drift.")
        #expect(draft.sentences[0].failure == nil, "\(draft.sentences[0].failure ?? "")")
        #expect(!SentenceInterpreter.isLikelyTypo("swing", of: "swinging"))
        #expect(!SentenceInterpreter.isLikelyTypo("side", of: "sag"))
        #expect(SentenceInterpreter.isLikelyTypo("shoulder", of: "shouldre"), "a real misspelling still stops its sentence")
        #expect(SentenceInterpreter.isLikelyTypo("elbow", of: "elbos"), "a misspelling ending in s is still one")
    }

    @Test("exercise names are read through their inflections, the longest name first")
    func names() throws {
        let table = try DraftVocabulary.shipped().exercises
        func name(_ title: String) -> String? {
            NamedExercise.named(in: DescriptionReader.tokens(in: title).map(\.word), table: table)?.name
        }
        #expect(name("Push-Ups With Feet Elevated") == "push-up")
        #expect(name("Standing Calf Raises") == "calf raise")
        #expect(name("Lying Leg Curls") == "leg curl")
        #expect(name("Dumbbell Lateral Raises") == "lateral raise")
        #expect(name("Jumping Jacks") == "jumping jack")
        #expect(name("Hamstring stretch") == "hamstring stretch")
        #expect(name("Balance Board") == nil)
    }
}
