import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54, round three: sentences the corpus left "not understood" that say nothing body
/// keypoints can check (a grasp, a partner, travel, commentary), and unknown words that
/// change nothing, are understood for what they are; a movement beside them still stands.
@Suite("drafting: sentences understood for what they are")
struct DraftUnderstoodSentencesTests {
    typealias T = ProfileDraftingTests

    @Test("'hold a pair of dumbbells' is a grasp, not a hold without a time; 'hold for 2 seconds' is still a hold")
    func graspIsNotAHold() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height. Hold a pair of dumbbells at your side.")
        #expect(draft.isComplete)
        #expect(draft.sentences[1].failure == nil)
        #expect(draft.sentences[1].notMeasurable?.contains("grip") == true)
        let partner = try T.draft("Raise both arms out to the side to shoulder height. Your partner should hold your elbows.")
        #expect(partner.sentences[1].failure == nil && partner.sentences[1].became.isEmpty)
        let hold = try T.draft("Raise both arms out to the side to shoulder height. Hold for 2 seconds.")
        #expect(hold.sentences[1].became.contains { $0.contains("hold") })
        #expect(try T.draft("Raise both arms out to the side to shoulder height. Hold at the top.").sentences[1].failure != nil)
    }

    @Test("a movement beside a grasp stands: 'raise your arms out to the side holding the implements'")
    func movementBesideGrasp() throws {
        let draft = try T.draft("Raise your arms out to the side, holding the implements.")
        #expect(draft.profile.reps?.metric == "armElevation")
    }

    @Test("an unknown word the reading does not hinge on is ignored; one that may be a body part still stops the sentence")
    func typoThatChangesNothing() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height. Lower the bar and drive the bar up.")
        #expect(draft.sentences[1].failure == nil)
        #expect(draft.sentences[1].unknownWords.contains { $0.hasPrefix("'drive'") })
        // Read as 'elbow' it bends the elbows; without it, the knee named before: the word matters.
        let typo = try T.draft("Raise your right knee to hip height. Keep the elbos straight.")
        #expect(typo.sentences[1].failure?.contains("did you mean 'elbow'?") == true)
    }

    @Test("an unknown verb is not taken for a raise: 'drive through your heels to stand back up' counts no leg")
    func unknownVerbIsNoRaise() throws {
        let draft = try T.draft("Squat down until the thighs are parallel. Drive through your heels to stand back up.")
        #expect(draft.profile.reps?.metric == "hipDrop")
        #expect(draft.sentences[1].became.isEmpty)
        #expect(!draft.text.contains("legElevation"))
    }

    @Test(
        "'facing 90 degrees to the direction of travel' is where the body faces, not the head: it neither changes the counted measure nor gives it a goal"
    )
    func facingIsNotTheFace() throws {
        let hops = try T.draft(
            "Lateral Cone Hops. Stand next to the cones, facing 90 degrees to the direction of travel. Jump sideways over the cone.")
        #expect(hops.profile.reps?.metric == "kneeFlexion")
        #expect(!hops.text.contains("headTilt"))
        // A movement sentence that says where the body faces still counts its movement.
        #expect(try T.draft("Arm raise. Facing the wall, raise your arms overhead.").profile.reps?.metric == "armElevation")
        #expect(try T.draft("Neck tilt. Tilt your head toward your shoulder.").profile.reps?.metric == "headTilt")
    }

    @Test("travel, a partner and commentary are recognised, not measurable, each with its reason")
    func topics() throws {
        let draft = try T.draft(
            "Raise both arms out to the side to shoulder height. Move for a given distance as fast as possible. "
                + "Your partner will stand behind you. Treadmills offer convenience and cardiovascular benefits.")
        #expect(draft.isComplete)
        #expect(draft.sentences[1].notMeasurable?.contains("from place to place") == true)
        #expect(draft.sentences[2].notMeasurable?.contains("partner") == true)
        #expect(draft.sentences[3].notMeasurable != nil)
    }

    @Test("a set-up sentence with nothing the draft can use is the start position; one with a number still fails")
    func setUpIsTheStart() throws {
        let draft = try T.draft("Start off with your feet hip-distance apart. Raise both arms out to the side to shoulder height.")
        #expect(draft.isComplete)
        #expect(draft.sentences[0].notMeasurable?.contains("starting set-up") == true)
        let numbered = try T.draft("Start with your elbows at 200 degrees. Raise both arms out to the side to shoulder height.")
        #expect(numbered.sentences[0].failure != nil)
    }

    @Test("'raise the opposite knee' is the movement done by each side in turn, not a refusal")
    func oppositeSide() throws {
        let draft = try T.draft("Raise your right knee to hip height. Then raise the opposite knee to hip height.")
        #expect(draft.isComplete)
        #expect(draft.profile.reps?.metrics == ["thighElevationLeft", "thighElevationRight"])
        let warn = try T.draft("Raise one arm at a time to shoulder height. Warn if the other arm rises above 30 degrees.")
        #expect(warn.sentences[1].failure?.contains("'the other' side depends") == true)
    }

    @Test("feet turned out, a soft landing and momentum are recognised, each with its own reason")
    func moreTopics() throws {
        let draft = try T.draft(
            "Squat down until the thighs are parallel. The feet should be turned out. Land softly. Avoid jerky movements.")
        #expect(draft.isComplete)
        #expect(draft.sentences[1].notMeasurable?.contains("toes' direction") == true)
        #expect(draft.sentences[2].notMeasurable?.contains("force") == true)
        #expect(draft.sentences[3].notMeasurable?.contains("speed") == true)
    }

    @Test("'keep your upper arms parallel to the ground' keeps them still")
    func keptAtHeight() throws {
        let draft = try T.draft("Bend both elbows to 90 degrees. Keep your upper arms parallel to the ground.")
        #expect(draft.isComplete)
        #expect(draft.sentences[1].became.first?.contains("upper-arm elevation changes by") == true)
    }
}

/// Issue 54: exercise names as the corpus writes them.
@Suite("drafting: names in title case")
struct DraftTitleCaseNameTests {
    @Test("a title-case name with a small linking word is still a name: 'Dumbbell Bench Press with Neutral Grip' counts the elbows")
    func linkingWord() throws {
        let draft = try ProfileDraftingTests.draft(
            "Dumbbell Bench Press with Neutral Grip.\nLower the dumbbells to your chest, then press them back up.")
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
    }

    @Test("'hip raise' is a bridge's name: the hips are counted, not the knees")
    func hipRaise() throws {
        let draft = try ProfileDraftingTests.draft(
            "Bent-Knee Hip Raise.\nLie flat on the floor. Now bend your knees at around a 75 degree angle and lift your feet off the floor."
        )
        #expect(draft.profile.reps?.metric.hasPrefix("hipFlexion") == true)
    }
}
