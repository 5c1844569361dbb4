import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting

/// Issue 54, round eleven: what round eleven's held-out sheets (read after they were
/// measured) showed the drafter did not know. The phrasings are ours, not the sheets'.
@Suite("drafting: round eleven, numbered titles, lying knee pulls, timed holds")
struct DraftRoundElevenTests {
    typealias T = ProfileDraftingTests

    static func metric(_ text: String) throws -> String { try DraftSheetPhrasingTests.metric(text) }

    @Test("a numbered title on a line of its own names the exercise")
    func numberedTitle() throws {
        let text = "3. Straight leg raise\nLie on your back with the other knee bent. Keep the knee straight and lift the leg off the bed."
        #expect(DescriptionReader.sentences(in: text).first?.text == "Straight leg raise")
        let draft = try T.draft(text)
        #expect(draft.profile.title == "Straight leg raise")
        #expect(draft.profile.reps?.metric.hasPrefix("kneeFlexion") == false)
        // A numbered instruction is no title: it has its stop.
        #expect(DescriptionReader.sentences(in: "1. Stand tall.\nRaise both arms.").count == 2)
    }

    @Test(
        "feet bent up and down turn about the ankle: refused; a foot lifted goes with its leg",
        arguments: [
            "Sitting in bed with your legs out straight, bend your feet up towards you, then point them away. 20 times.",
            "Lying down, bend both feet up and down for a minute.",
        ])
    func feetBentRefused(_ text: String) {
        #expect(throws: KinetixError.self, "\(text)") { try T.draft(text) }
    }

    @Test("a foot lifted is the leg's movement")
    func footLifted() throws {
        #expect(try Self.metric("Sit on a chair. Lift one foot off the floor, knee bent, then put it down. 10 each side.") != "(no reps)")
    }

    @Test("hips pushed or driven up, to a place, are raised as a bridge lying on the back")
    func hipsPushedUp() throws {
        #expect(
            try Self.metric("Lie on your back with your knees bent. Push your hips up to the ceiling, then lower. 10 times.")
                == "hipFlexion")
        #expect(try Self.metric("Lie on your back, knees bent. Drive your hips up towards the sky, then lower them.") == "hipFlexion")
    }

    @Test("'skip' with an object leaves something out; it names no skipping")
    func skipThis() throws {
        #expect(NamedExercise.isOmitting(["do", "not", "skip", "this"], at: 2, length: 1))
        #expect(!NamedExercise.isOmitting(["skip", "on", "the", "spot"], at: 0, length: 1))
        let draft = try T.draft("Warm-up - please do not skip this! Stand tall and raise both arms overhead, then lower them. 8 times.")
        #expect(draft.profile.reps?.metric.hasPrefix("armElevation") == true)
    }

    @Test("lying on the back, a knee drawn to the chest is the hip's bend, with the reason noted")
    func lyingKneePull() throws {
        let draft = try T.draft("Lie on your back. Draw one knee towards your chest until you feel a stretch, then lower it. 5 each side.")
        #expect(draft.profile.reps?.metric.hasPrefix("hipFlexion") == true)
        #expect(draft.sentences.contains { $0.became.contains { $0.contains("counted as the hip's bend") } })
        // Standing, the thigh's elevation still reads a knee raised.
        #expect(try Self.metric("Stand tall. Draw one knee up towards your chest, then lower it.").hasPrefix("thighElevation"))
    }

    @Test("a hold timed in seconds beside a breath stands; a breath alone is not a hold")
    func timedHoldBesideBreath() throws {
        let draft = try T.draft(
            "Lie on your back. Pull one knee to your chest. Hold 20 seconds and breathe into your belly, then slowly lower.")
        #expect(draft.text.contains("holdTooShort"))
        #expect(draft.profile.tags.contains("hold"))
        let breath = try T.draft("Stand tall and raise both arms overhead, then lower them. Breathe in as you lift. 10 times.")
        #expect(!breath.text.contains("holdTooShort"))
    }

    @Test("a pause of a few seconds at the top is a rep's; ten seconds or more is a position held")
    func pauseOrHold() throws {
        let pause = try T.draft("Lie on your back. Lift the straight leg off the bed, hold for 5 seconds, then lower. 10 times.")
        #expect(pause.text.contains("holdTooShort") && !pause.profile.tags.contains("hold"))
        let hold = try T.draft("Lie on your back. Lift the straight leg off the bed and hold for 10 seconds, then lower. 3 times.")
        #expect(hold.profile.tags.contains("hold"))
    }

    @Test("an overhead press asks for no view when a plane word only places the elbows")
    func pressElbowsForward() throws {
        let text =
            "Seated Dumbbell Shoulder Press\nStart with the dumbbells pressed up overhead.\nLower to about ear height, elbows slightly forward."
        let draft = try T.draft(text)
        #expect(draft.profile.requirements.view == .any)
        // Words that ask for the view keep it.
        let filmed = try T.draft(text + "\nFilm from the side.")
        #expect(filmed.profile.requirements.view == .side)
        // A front raise is in its plane: the side view stays.
        #expect(try T.draft("Front raise. Raise both arms forward to shoulder height, then lower.").profile.requirements.view == .side)
    }

    @Test("a programme's shorthand names the exercise")
    func shorthand() throws {
        #expect(DescriptionReader.tokens(in: "DB Split Sq 3x6 e/s").map(\.word).prefix(3) == ["dumbbell", "split", "squat"])
        #expect(try Self.metric("B1 DB Split Sq 3x6 e/s. Rear foot on a bench. Slight torso lean forward.").hasPrefix("kneeFlexion"))
    }

    @Test("a squat held is measured at the knee, which is absolute; a squat of reps by the hips' drop")
    func heldSquatAtTheKnee() throws {
        let wallSit = try T.draft(
            "Wall sit. Back against the wall, slide down until your thighs are parallel to the floor. Hold for 30 seconds.")
        let absolute = ["kneeFlexion", "thighElevation"]
        #expect(absolute.contains { wallSit.profile.reps?.metric.hasPrefix($0) == true })
        #expect(wallSit.profile.tags.contains("hold"))
        let held = try T.draft("Feet wide, sink down into a squat until the thighs are nearly parallel and hold it for 45 seconds.")
        #expect(absolute.contains { held.profile.reps?.metric.hasPrefix($0) == true })
        #expect(try Self.metric("Squat. Sit down until your thighs are parallel to the floor, then stand up. 10 reps.") == "hipDrop")
    }
}
