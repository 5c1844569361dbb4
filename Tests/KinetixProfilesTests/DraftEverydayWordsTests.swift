import Foundation
import Testing
@testable import KinetixProfiles
import KinetixCore

/// Issue 36: sentences that are recognised but not measurable, body parts carried from
/// one sentence to the next, titles before a colon or dash, "each side", and a view said
/// beside a movement. Each draft that measures a movement is run on a clip of it and of
/// another movement.
@Suite("drafting: everyday words")
struct DraftEverydayWordsTests {
    typealias T = ProfileDraftingTests

    @Test("breathing, equipment and sets are recognised, not measurable, and never block the draft")
    func notMeasurableNeverBlocks() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height. Breathe out as you lift. Hold light dumbbells. Do three sets of ten.")
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
        #expect(draft.profile.requirements.view == .front)
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
        #expect(draft.profile.reps?.metric == "armElevationEither")
        let other = try T.draft("Raise the arms to the side to shoulder height. Repeat on the other side.")
        #expect(other.profile.reps?.metric == "armElevationEither")
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
        let draft = try T.draft("Overhead press: push both arms up overhead until the elbows are straight.")
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
        let good = #"{"format": "kinetix-vocabulary", "formatVersion": 1, "notMeasurable": {"gaze": {"reason": "where the eyes look is not in 15 body keypoints", "words": ["look at"]}}}"#
        try vocabulary.merge(Data(good.utf8), file: "mine.vocabulary.json")
        let draft = try ProfileDrafter(vocabulary: vocabulary).draft(description: "Raise both arms to shoulder height. Look at the wall.", demonstration: nil)
        #expect(draft.sentences[1].notMeasurable == "where the eyes look is not in 15 body keypoints")
    }
}
