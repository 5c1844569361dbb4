import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54, round six: how home-exercise sheets and gym handouts say things that the
/// corpus rarely does ("pull the weights to your ribs", "curl your head and shoulders up",
/// "do the other side", "3 x 12"). The phrasings here are ours, written before the rules,
/// after reading the misses of `Benchmarks/drafting-cases/dev-sheets.json`.
@Suite("drafting: exercise-sheet phrasings")
struct DraftSheetPhrasingTests {
    typealias T = ProfileDraftingTests

    static func metric(_ text: String) throws -> String { try T.draft(text).profile.reps?.metric ?? "(no reps)" }

    @Test(
        "a pull of the arms or the weights bends the elbows; a pull of the knee raises the thigh",
        arguments: [
            ("Seated row. Sit tall and pull the handles towards your belly, then let your arms straighten.", "elbowFlexion"),
            ("Pull the dumbbell up to your hip, then lower it slowly.", "elbowFlexion"),
            ("Lie on your back and pull one knee towards your chest, then lower it.", "hipFlexion"),
            ("Standing, pull one knee towards your chest, then lower it.", "thighElevation"),
        ])
    func pull(_ text: String, _ measure: String) throws {
        #expect(try Self.metric(text).hasPrefix(measure), "\(text)")
    }

    @Test("head and shoulders curled up together are the trunk: a crunch, not a nod")
    func headAndShoulders() throws {
        let text = "Lie on your back with your knees bent. Curl your head and shoulders up off the mat, then lower slowly."
        let metric = try Self.metric(text)
        #expect(metric.hasPrefix("hipFlexion") || metric.hasPrefix("trunkLean"), "\(metric)")
        // The head alone is still the head.
        #expect(try Self.metric("Tuck your chin and nod your head down towards your chest, then lift it back up.").hasPrefix("headTilt"))
    }

    @Test("'towards each other' is not 'each side'")
    func eachOther() throws {
        let draft = try T.draft(
            "Squat down until your thighs are level with the floor, keeping your knees from falling towards each other.")
        #expect(!draft.sentences.flatMap(\.became).contains { $0.contains("each side in turn") }, "\(draft.sentences.map(\.became))")
    }

    @Test(
        "'do the other side' after a hold or a movement means each side in turn",
        arguments: [
            "Tilt your head towards your right shoulder. Hold for 20 seconds, then do the other side.",
            "Raise your left arm out to the side to shoulder height. Repeat on the other side.",
        ])
    func otherSide(_ text: String) throws {
        let draft = try T.draft(text)
        #expect(draft.isComplete, "\(draft.sentences.map { $0.failure ?? "used" })")
    }

    @Test(
        "sets written as '3 x 12', 'x10', '2 sets of 15' or '4 rounds' are a programme, not a movement",
        arguments: ["3 x 12.", "Do it x10, twice a day.", "4 rounds.", "2 sets of 15, rest 30 s between sets."])
    func programme(_ dose: String) throws {
        let draft = try T.draft("Bend your elbows to bring the weights to your shoulders, then straighten them. " + dose)
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        #expect(
            draft.sentences.dropFirst().allSatisfy { $0.failure == nil && $0.became.isEmpty },
            "\(draft.sentences.map { $0.failure ?? $0.became.joined() })")
    }

    @Test("'stand with …', 'sit tall', 'on hands and knees' describe the start, never the counted movement")
    func postureSentences() throws {
        let draft = try T.draft(
            "Stand with your feet hip-width apart and your back against a wall. Sit up tall. Raise both arms forward to shoulder height, then lower them."
        )
        #expect(draft.profile.reps?.metric.hasPrefix("armElevation") == true, "\(draft.profile.reps?.metric ?? "none")")
        #expect(draft.isComplete, "\(draft.sentences.map { $0.failure ?? "used" })")
        let fours = try T.draft("On hands and knees, hands under your shoulders. Lift one leg straight back to hip height, then lower it.")
        #expect(fours.sentences[0].failure == nil, "\(fours.sentences[0].failure ?? "")")
        #expect(
            fours.profile.reps?.metric.hasPrefix("legElevation") == true || fours.profile.reps?.metric.hasPrefix("thighElevation") == true)
        // A stand-up is still a movement.
        let standUp = try Self.metric("Stand up from the chair, then sit back down.")
        #expect(standUp.hasPrefix("kneeFlexion") || standUp.hasPrefix("hipDrop"), "\(standUp)")
    }

    @Test("a first movement never undone is the position; the later one that goes and comes back is the rep, and the draft says so")
    func positionThenRep() throws {
        let draft = try T.draft(
            "Hinge forward from the hips until your back is at 45 degrees. Pull the weights up to your ribs, then lower them again.")
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true, "\(draft.profile.reps?.metric ?? "none")")
        #expect(draft.defaultsUsed.contains { $0.contains("goes and comes back") }, "\(draft.defaultsUsed)")
        // A return said on its own ("step back down") is the rep's second half, not another rep.
        let steps = try T.draft("Step up onto the box with your right leg. Step back down, right foot first.")
        #expect(steps.profile.reps?.metric.hasPrefix("thighElevation") == true, "\(steps.profile.reps?.metric ?? "none")")
        // A single movement said with its return is counted as before.
        #expect(try Self.metric("Raise both arms forward to shoulder height, then lower them again.").hasPrefix("armElevation"))
    }

    @Test("a state before an action in one sentence is the start: 'so the knee is straight, then lift the whole leg' counts the leg")
    func actionAfterState() throws {
        #expect(
            try Self.metric("Lying down, tense your thigh so the knee is straight, then lift the whole leg up off the bed.").hasPrefix(
                "legElevation"))
        // With no action after it, a state still gives its own measure.
        #expect(try Self.metric("Bend your knee to 90 degrees and straighten it again.").hasPrefix("kneeFlexion"))
    }

    @Test("'straight out to full reach': a state is not a verb whose object is unknown")
    func stateIsNoVerb() throws {
        #expect(try Self.metric("Punch the lead hand straight out to full reach and pull it back to the chin.").hasPrefix("elbowFlexion"))
    }

    @Test("a time alone is a held position's time, or the length of a set of reps (a programme), never a tempo without a direction")
    func timeAlone() throws {
        let plank = try T.draft("Plank. Keep your body straight. 40 seconds.")
        DraftHoldsAndSidesTests.expectHold(plank, seconds: 40, "plank")
        let jacks = try T.draft("Jumping jacks. Carry on for 1 minute. Rest 90 s between sets.")
        #expect(jacks.isComplete, "\(jacks.sentences.map { $0.failure ?? "used" })")
        #expect(!jacks.profile.rules.contains { $0.id == "holdTooShort" }, "\(jacks.profile.rules.map(\.id))")
        #expect(jacks.sentences[1].became.contains { $0.contains("60 s") }, "\(jacks.sentences[1].became)")
        // "20 swings … for 10 min": a count and the set's length, not a hold of ten minutes.
        let swings = try T.draft("Kettlebell swing. 20 swings every minute for 10 min.")
        #expect(!swings.profile.rules.contains { $0.id == "holdTooShort" }, "\(swings.profile.rules.map(\.id))")
    }

    @Test(
        "progressions, company, crossed arms and 'no swinging' are recognised for what they are; a bare count is the reps",
        arguments: [
            "Progress to a heavier weight when this becomes easy.", "Have someone nearby the first time.",
            "Slow and controlled, no swinging.",
            "Cross your arms over your chest.", "8 times.",
        ])
    func sheetAsides(_ aside: String) throws {
        let draft = try T.draft("Raise both arms forward to shoulder height, then lower them. " + aside)
        #expect(draft.profile.reps?.metric.hasPrefix("armElevation") == true)
        #expect(draft.sentences[1].failure == nil, "\(aside): \(draft.sentences[1].failure ?? "")")
    }

    @Test("'back' after a verb or a pronoun is a direction ('pull them back'), after 'your' the body part")
    func backAsDirection() throws {
        #expect(
            try Self.metric("Stand tall. Pull your elbows back towards your ribs, then straighten your arms.").hasPrefix("elbowFlexion"))
        #expect(try T.draft("Lean your back forward to 45 degrees, then come back up.").profile.reps?.metric.hasPrefix("trunkLean") == true)
    }

    @Test(
        "parts before 'and' belong to a clause whose verb is unknown: 'straddle the ball between your legs and lower your hips' lowers the hips"
    )
    func clauseOfAnUnknownVerb() throws {
        let metric = try Self.metric("Straddle the ball between your legs and lower your hips towards the floor.")
        #expect(!metric.hasPrefix("legElevation"), "\(metric)")
        // Known verbs keep their own parts: both arms are raised.
        #expect(try Self.metric("Bend your knees slightly and raise both arms to shoulder height.").hasPrefix("armElevation"))
    }

    @Test("words that describe two movements say which was counted and ask to check it; one movement is not flagged")
    func twoMovementsFlagged() throws {
        let two = try T.draft("Lie on your back and bend one knee. Lift the other leg up to the height of the bent knee.")
        #expect(two.defaultsUsed.contains { $0.hasPrefix("check: counted") && $0.contains("noted beside it") }, "\(two.defaultsUsed)")
        let one = try T.draft("Raise both arms forward to shoulder height, then lower them again.")
        #expect(!one.defaultsUsed.contains { $0.hasPrefix("check:") }, "\(one.defaultsUsed)")
    }

    @Test("a review's probes: each reads the movement it says, or leaves it out saying why")
    func reviewProbes() throws {
        // Equipment is a real object: the curl is not dropped for the barbell.
        #expect(try Self.metric("Curl the barbell up to your shoulders, then lower it.").hasPrefix("elbowFlexion"))
        // "Arch back" is the body part; the trunk is kept, not the elbows.
        let arch = try T.draft("Raise your arms overhead. Do not arch back.")
        #expect(arch.sentences[1].became.contains { $0.contains("trunk lean") }, "\(arch.sentences[1].became)")
        // A heel pulled in bends the knee: "pull" of a leg is not read as a raise of the thigh.
        let heel = try? T.draft("Pull your heel towards your buttocks, then lower it again.")
        #expect(heel?.profile.reps?.metric.hasPrefix("thighElevation") != true)
        // A shoulder's rotation is not an arm raise.
        let rotation = try? T.draft("Shoulder external rotation.")
        #expect(rotation?.profile.reps?.metric.hasPrefix("armElevation") != true)
        // "Rest 30 seconds" is the rest, not the hold's time.
        let wall = try T.draft("Wall sit. Slide down the wall until your knees are bent to 90 degrees. Rest 30 seconds.")
        #expect(T.parameter(wall, "holdSeconds") != 30)
        // An instruction after a name's dash is read, not swallowed into the name.
        let curl = try T.draft("Bicep Curl - Keep Elbows Still. Curl the dumbbells up to your shoulders.")
        #expect(curl.profile.title == "Bicep Curl", "\(curl.profile.title)")
    }

    @Test("'level with the floor' is a height for a raised part, and a pelvis kept level is not a joint angle the drafter has")
    func levelWithTheFloor() throws {
        let knees = try T.draft("High knees: run in place, driving each knee up to hip height, thigh level with the floor.")
        #expect(knees.profile.reps?.metric.hasPrefix("thighElevation") == true)
        #expect(!knees.profile.rules.contains { $0.id == "uneven" }, "\(knees.profile.rules.map(\.id))")
        let side = try T.draft("Lie on your side and lift your top leg. Keep your hips level with the floor.")
        #expect(side.sentences[1].failure == nil && side.sentences[1].became.isEmpty, "\(side.sentences[1].became)")
        #expect(side.sentences[1].notMeasurable?.contains("pelvis") == true)
    }
}
