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
}
