import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54, round six: kinds of sentence the reader misread or did not know (a title's
/// qualifier, a pause without a time, where a part is placed, which joint moves), read for
/// what they are; a measurable sentence beside them is still measured.
@Suite("drafting: kinds of sentence")
struct DraftSentenceKindsTests {
    typealias T = ProfileDraftingTests

    @Test("a title-case qualifier after a name's dash is part of the title; an instruction after the dash is not")
    func titleQualifier() throws {
        let draft = try T.draft("Push-ups - Wide Hands.\nLower your chest until the elbows are bent to 90 degrees.")
        #expect(draft.sentences.count == 2)
        #expect(draft.profile.title == "Push-ups - Wide Hands")
        #expect(draft.sentences[0].failure == nil)
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        // The name before the dash says the exercise, not a word of the qualifier.
        let twist = try T.draft("Lateral Raise - With A Twist.\nRaise both arms out to the side to shoulder height.")
        #expect(twist.profile.reps?.metric.hasPrefix("armElevation") == true)
        let instruction = DescriptionReader.sentences(in: "Arm raise - Lift both arms to shoulder height.")
        #expect(instruction.count == 2 && !instruction[0].isQualifiedName)
        let lower = DescriptionReader.sentences(in: "Arm raise - slowly up.")
        #expect(lower.count == 2)
    }

    @Test("a brief pause with no time is the movement's tempo and the movement stands; a bare 'hold' still needs a time")
    func briefPause() throws {
        let lift = try T.draft("Raise your right knee to hip height, pausing briefly at the top.")
        #expect(lift.profile.reps?.metric.hasPrefix("thighElevation") == true)
        #expect(lift.sentences[0].failure == nil)
        #expect(lift.sentences[0].notMeasurable?.contains("tempo") == true)
        let pause = try T.draft("Raise both arms out to the side to shoulder height. Momentarily pause when the arms are up.")
        #expect(pause.sentences[1].failure == nil && pause.sentences[1].notMeasurable?.contains("tempo") == true)
        #expect(try T.draft("Raise both arms out to the side to shoulder height. Hold at the top.").sentences[1].failure != nil)
    }

    @Test(
        "where a part is placed ('elbows tucked in', 'hands shoulder-width apart') is placement; 'keep the elbows straight' is still measured"
    )
    func placement() throws {
        let draft = try T.draft(
            "Bend the elbows to lower the chest toward the floor. The elbows stay tucked in. Your hands should be wider than shoulder width."
        )
        #expect(draft.sentences[1].failure == nil && draft.sentences[1].notMeasurable?.contains("placed") == true)
        #expect(draft.sentences[2].failure == nil && draft.sentences[2].notMeasurable?.contains("placed") == true)
        let straight = try T.draft("Raise both arms out to the side to shoulder height. Keep the elbows straight.")
        #expect(straight.sentences[1].became.contains { $0.contains("elbow") }, "\(straight.sentences[1].became)")
    }

    @Test("'no motion at the elbow' keeps the elbow still")
    func noMotionAtJoint() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height. There should be no motion at the elbows.")
        #expect(draft.sentences[1].failure == nil)
        #expect(draft.text.contains("elbowFlexion"), "\(draft.sentences[1].became)")
    }

    @Test("real words are read for what they are, not offered as typos: a crushing grip, a weight shift, a rebound, 'break 90 degrees'")
    func everydayWords() throws {
        let grip = try T.draft("Raise both arms out to the side to shoulder height. Crush the handles with your hands.")
        #expect(grip.sentences[1].failure == nil && grip.sentences[1].notMeasurable?.contains("grip") == true)
        let shift = try T.draft("Raise both arms out to the side to shoulder height. Shift your weight onto your left foot.")
        #expect(shift.sentences[1].failure == nil && shift.sentences[1].notMeasurable?.contains("weight") == true)
        let dip = try T.draft("Dip. Bend the elbows until they break 90 degrees.")
        #expect(dip.sentences[1].failure == nil)
        #expect(dip.sentences[1].became.contains { $0.contains("90") }, "\(dip.sentences[1].became)")
    }

    @Test("a jump forward or up moves the whole body, not the stance; a list of joints is one clause; a jump apart is still stance width")
    func jumpIsNotStanceWidth() throws {
        let hop = try T.draft("Frog hop. Hop forward a couple of feet, then land softly.", vocabulary: nil)
        #expect(!hop.text.contains("stanceWidth"))
        #expect(hop.profile.reps?.metric.hasPrefix("kneeFlexion") == true)
        let spring = try T.draft("Squat down. Jump up, straightening the hips, knees, and ankles.")
        #expect(spring.sentences[1].failure == nil, "\(spring.sentences[1].failure ?? "")")
        #expect(!spring.text.contains("stanceWidth"))
        // "Avoid jumping too high" keeps no stance narrow.
        let avoid = try T.draft("Frog hop. Hop ahead, avoiding jumping too high.")
        #expect(!avoid.text.contains("stanceWidth"))
        // Stepping down off a box lowers the body, not a leg.
        let off = try T.draft("Box jump. Jump up, straightening the knees. Jump back off, or step down one foot at a time.")
        #expect(!off.text.contains("legElevation") && !off.text.contains("stanceWidth"))
        // A straightening with no goal is no rule to reach a bend.
        #expect(!spring.text.contains("hipFlexion"))
        let apart = try T.draft("Jumping jacks. Jump the feet apart while raising the arms overhead.")
        #expect(apart.text.contains("stanceWidth"))
    }

    @Test("control and speed are the movement's effort; resting a part on something is placement; 'keep your head up' keeps the head")
    func controlRestAndHead() throws {
        let draft = try T.draft(
            "Raise both arms out to the side to shoulder height. Keep the whole set a controlled movement. "
                + "Accelerate the weight with the legs. Rest your hands on your hips between sets. Keep your head up.")
        #expect(draft.sentences[1].failure == nil && draft.sentences[1].notMeasurable?.contains("control") == true)
        #expect(draft.sentences[2].failure == nil && draft.sentences[2].notMeasurable?.contains("speed") == true)
        #expect(draft.sentences[3].failure == nil && draft.sentences[3].notMeasurable?.contains("placed") == true)
        #expect(draft.sentences[4].failure == nil)
        #expect(draft.text.contains("headTilt"), "\(draft.sentences[4].became)")
        // A movement said with its control still counts.
        let lower = try T.draft("Lower the arms to the sides in a controlled manner.")
        #expect(lower.profile.reps?.metric.hasPrefix("armElevation") == true)
    }

    @Test(
        "'keep your elbow in place' places the elbow (the upper arm kept still), not its bend; 'keep the elbows still' still keeps the bend"
    )
    func elbowInPlace() throws {
        let curl = try T.draft("Bend the elbows to curl the weights up, keeping your elbows in place.")
        #expect(curl.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        #expect(curl.sentences[0].failure == nil, "\(curl.sentences[0].failure ?? "")")
        #expect(curl.text.contains("upperArmElevation"))
        let still = try T.draft("Raise both arms out to the side to shoulder height. Keep the elbows still.")
        #expect(still.text.contains("elbowFlexion") && !still.text.contains("upperArmElevation"))
    }

    @Test("'return to the starting position and repeat' is the counted movement's return; a part 'should be stationary' is kept still")
    func returnAndStationary() throws {
        let curl = try T.draft("Bend the elbows to curl the weights up. Return to the starting position and repeat for ten repetitions.")
        #expect(curl.sentences[1].failure == nil, "\(curl.sentences[1].failure ?? "")")
        #expect(curl.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        let knee = try T.draft("Raise your right knee to hip height. The arms should be stationary the whole time.")
        #expect(knee.sentences[1].failure == nil)
        #expect(knee.text.contains("armElevation"), "\(knee.sentences[1].became)")
        // Which part moves is not a part kept still.
        let only = try T.draft("Bend the elbows to curl the weights up. Only the forearms should move.")
        #expect(!only.sentences[1].became.contains { $0.contains("elbow") && $0.contains("warn") })
    }

    @Test("a first sentence written as a name in title case is the title; one that instructs ('Raise Your Arms') is not")
    func titleCaseName() throws {
        let draft = try T.draft("Seated Band Pull With Rotation.\nRaise both arms out to the side to shoulder height.")
        #expect(draft.sentences[0].failure == nil)
        #expect(draft.profile.title == "Seated Band Pull With Rotation")
        #expect(draft.profile.reps?.metric.hasPrefix("armElevation") == true)
        let instruction = try T.draft("Raise Your Arms Out To The Side.")
        #expect(!instruction.sentences[0].became.contains { $0.hasPrefix("title") })
        #expect(instruction.profile.reps?.metric.hasPrefix("armElevation") == true)
    }

    @Test(
        "a hand holding a part ('hold the top of the foot', 'hold it by the ankle') is a grasp; 'hold as long as you can' sets no time; 'hold for 5 seconds' does"
    )
    func graspAndOpenHold() throws {
        let stretch = try T.draft("Quad stretch. Bend the knee and hold the top of the foot.")
        #expect(stretch.sentences[1].failure == nil, "\(stretch.sentences[1].failure ?? "")")
        let by = try T.draft("Raise your right knee to hip height and hold it by the ankle.")
        #expect(by.sentences[0].failure == nil)
        #expect(by.profile.reps?.metric.hasPrefix("thighElevation") == true)
        let open = try T.draft("Raise both arms out to the side to shoulder height. Hold for as long as you can.")
        #expect(open.sentences[1].failure == nil && open.sentences[1].notMeasurable?.contains("no time") == true)
        let timed = try T.draft("Raise both arms out to the side to shoulder height. Hold for 5 seconds.")
        #expect(timed.sentences[1].became.contains { $0.contains("hold") })
    }
}
