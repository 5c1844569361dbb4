import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 36: sentences that are recognised but not measurable, body parts carried from
/// one sentence to the next, titles before a colon or dash, "each side", and a view said
/// beside a movement. Each draft that measures a movement is run on a clip of it and of
/// another movement.
@Suite("drafting: everyday words")
struct DraftEverydayWordsTests {
    typealias T = ProfileDraftingTests

    @Test("breathing, equipment and sets are recognised, not measurable, and never block the draft")
    func notMeasurableNeverBlocks() throws {
        let draft = try T.draft(
            "Raise both arms out to the side to shoulder height. Breathe out as you lift. Hold light dumbbells. Do three sets of ten.")
        #expect(draft.isComplete)
        #expect(draft.sentences[0].notMeasurable == nil && !draft.sentences[0].became.isEmpty)
        #expect(draft.sentences[1].notMeasurable?.contains("breathing") == true)
        #expect(draft.sentences[2].notMeasurable?.contains("equipment") == true)
        #expect(draft.sentences[3].notMeasurable?.contains("sets") == true)
        #expect(draft.sentences[1...].allSatisfy { $0.failure == nil && $0.became.isEmpty })
        #expect(draft.text.contains("\"notMeasurable\": \"breathing cannot be seen in body keypoints\""))
        #expect(draft.profile.reps?.metric == "armElevation")
        let own = try T.assess(draft, T.clip(.armRaise, view: .front))
        let other = try T.assess(draft, T.clip(.squat, view: .front))
        #expect(own.reps.count > 0)
        #expect(other.reps.count == 0)
    }

    @Test("a description with nothing but unmeasurable sentences is refused: nothing to measure")
    func onlyNotMeasurable() {
        #expect(throws: KinetixError.self) { try T.draft("Breathe out slowly. Grip the bar with your palms facing forward.") }
    }

    @Test("'them' and 'every lift' are the arms named in the sentence before")
    func partsCarriedOver() throws {
        let draft = try T.draft("Raise the arms out to the side, then lower them. Every lift counts once.")
        #expect(draft.isComplete)
        #expect(draft.profile.reps?.metric == "armElevation")
        #expect(draft.sentences[1].became.first?.hasPrefix("reps:") == true)
        #expect(draft.profile.requirements.view == .frontOrOblique)
    }

    @Test("a short name before a colon or a spaced dash is the title; a hyphen inside a word is not a dash")
    func titles() throws {
        let colon = try T.draft("Shoulder abduction: lift the arm sideways through its full range of motion.")
        #expect(colon.profile.title == "Shoulder abduction")
        #expect(colon.sentences.count == 2 && colon.isComplete)
        #expect(colon.profile.reps?.metric.hasPrefix("armElevation") == true)
        let dash = try T.draft("Arm raise – raise both arms to shoulder height.")
        #expect(dash.profile.title == "Arm raise")
        let hyphen = DescriptionReader.sentences(in: "Step-ups are hard: step up onto the box.")
        #expect(hyphen.count == 2 && hyphen[0].text == "Step-ups are hard:")
        let long = DescriptionReader.sentences(in: "Raise both of your arms up: slowly.")
        #expect(long.count == 1, "five words before the colon: not a title")
    }

    @Test("'alternate arms' and 'repeat on the other side' count each side in turn")
    func eachSide() throws {
        let draft = try T.draft("Raise both arms to the side to shoulder height. Alternate arms.")
        #expect(draft.isComplete)
        #expect(draft.profile.reps?.metrics == ["armElevationLeft", "armElevationRight"])
        let other = try T.draft("Raise the arms to the side to shoulder height. Repeat on the other side.")
        #expect(other.profile.reps?.metrics == ["armElevationLeft", "armElevationRight"])
        #expect(throws: KinetixError.self) { try T.draft("Repeat on the other side.") }
    }

    @Test("'stand with your side to the camera and march…' is a side view and a thigh raise; it counts a march, not a squat")
    func viewBesideMovement() throws {
        let draft = try T.draft("Stand with your side to the camera and march on the spot, lifting each knee to hip height.")
        #expect(draft.isComplete)
        #expect(draft.profile.requirements.view == .side)
        #expect(draft.profile.reps?.metric.hasPrefix("thighElevation") == true)
        let march = try T.assess(draft, T.clip(.march, view: .side))
        #expect(march.reps.count > 0)
        let raise = try T.assess(draft, T.clip(.armRaise, view: .side))
        #expect(raise.reps.count == 0)
    }

    @Test("a height the sentence names is the goal of the part that can reach it")
    func heightGoesToTheRaisedPart() throws {
        // (Not a press's name since round four: a press counts the elbows straightening from the shoulders.)
        let draft = try T.draft("Overhead reach: push both arms up overhead until the elbows are straight.")
        #expect(draft.profile.reps?.metric == "armElevation")
        let alone = try T.draft("Arms up high above the head, then back down by your sides.")
        #expect(alone.profile.reps?.metric == "armElevation")
    }

    @Test("a notMeasurable section without a reason is refused with its path, and leaves the vocabulary as it was")
    func malformedSection() throws {
        var vocabulary = try DraftVocabulary.shipped()
        let bad = #"{"format": "kinetix-vocabulary", "formatVersion": 1, "notMeasurable": {"gaze": {"words": ["look at"]}}}"#
        #expect {
            try vocabulary.merge(Data(bad.utf8), file: "mine.vocabulary.json")
        } throws: { error in
            "\(error)".contains("notMeasurable.gaze") && "\(error)".contains("mine.vocabulary.json")
        }
        let good =
            #"{"format": "kinetix-vocabulary", "formatVersion": 1, "notMeasurable": {"gaze": {"reason": "where the eyes look is not in 15 body keypoints", "words": ["look at"]}}}"#
        try vocabulary.merge(Data(good.utf8), file: "mine.vocabulary.json")
        let draft = try ProfileDrafter(vocabulary: vocabulary).draft(
            description: "Raise both arms to shoulder height. Look at the wall.", demonstration: nil)
        #expect(draft.sentences[1].notMeasurable == "where the eyes look is not in 15 body keypoints")
    }

    /// A phrasing case with a synthesized clip of its movement and one of another movement
    /// that looks alike to a careless measure (the same height in the other plane, the
    /// same joints still).
    struct OwnMovement: CustomTestStringConvertible, Sendable {
        var text: String
        var own: SynthOptions.Motion, other: SynthOptions.Motion
        var view: SynthOptions.View
        /// 12 s at the default 2.5 s period: four whole movements, a fifth cut short (twice
        /// that when each side counts in turn).
        var reps: ClosedRange<Int> = 4...5
        var testDescription: String { "\(own.rawValue) vs \(other.rawValue)" }
    }

    static let ownMovements: [OwnMovement] = [
        .init(
            text: "Lateral raise with light dumbbells. Raise the arms to shoulder height without shrugging, then lower.",
            own: .lateralRaise, other: .frontRaise, view: .front),
        .init(
            text: "Front raise, side-on to the camera. Lift both arms forward to shoulder height.", own: .frontRaise, other: .lateralRaise,
            view: .side),
        .init(
            text: "Biceps curl. Keep the upper arms still by your sides and bend the elbows to lift the weights. Breathe out as you lift.",
            own: .curl, other: .lateralRaise, view: .front),
        .init(
            text: "Sit-to-stand: from sitting on a chair, stand up fully, then sit back down. Repeat ten times.", own: .sitToStand,
            other: .frontRaise, view: .side),
        .init(
            text: "Lunge. Step forward with one leg and bend both knees to about 90 degrees, then push back. Alternate legs.", own: .lunge,
            other: .frontRaise, view: .side),
        .init(
            text: "Jumping jacks: jump the feet apart while raising the arms overhead, then return.", own: .jumpingJack, other: .march,
            view: .front),
        // The synthesized march lifts the thigh to 70°, short of hip height.
        .init(
            text: "March on the spot, side-on to the camera, lifting each knee in turn to about 70 degrees.", own: .march, other: .curl,
            view: .side, reps: 8...10),
        .init(
            text: "Bicep curls: with your elbows tucked into your sides, curl the weights up to your shoulders, then lower under control.",
            own: .curl, other: .frontRaise, view: .side),
    ]

    @Test("a drafted profile counts its own synthesized movement, with no finding, and no rep of the other", arguments: ownMovements)
    func countsItsOwnMovement(_ c: OwnMovement) throws {
        let draft = try T.draft(c.text)
        let own = try T.assess(draft, T.clip(c.own, view: c.view))
        let other = try T.assess(draft, T.clip(c.other, view: c.view))
        #expect(c.reps.contains(own.reps.count), "\(own.reps.count) reps on its own movement")
        #expect(own.findings.isEmpty, "\(own.findings.map(\.rule))")
        #expect(other.reps.isEmpty, "\(other.reps.count) reps on \(c.other.rawValue)")
    }

    @Test("a plane said in words is measured in it: the real MediaPipe lateral raise counts, a front raise filmed from the front does not")
    func planeSeparatesRaises() throws {
        let lateral = try T.draft("Raise both arms out to the side to shoulder height, then lower them.")
        #expect(
            lateral.profile.metrics.first { $0.name == "armElevationLeft" }?.expression.hasPrefix(
                "if(distance(leftShoulder, leftWrist) >= 0.35 * max(0.9, rest(armLengthLeft))") == true)
        let plain = try T.draft("Raise both arms to shoulder height, then lower them.")
        #expect(plain.profile.metrics.first?.expression.hasPrefix("abs(atan2(") == true, "no plane said: the 2D angle as it is")
        #expect(try T.assess(plain, T.clip(.frontRaise, view: .front)).reps.count > 0, "the careless measure counts the other plane")
        #expect(try T.assess(lateral, T.clip(.frontRaise, view: .front)).reps.isEmpty)
    }
}
