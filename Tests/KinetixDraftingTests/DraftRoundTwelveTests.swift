import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting

/// Issue 54, round twelve: what the fuzzer and round thirteen's held-out sheets (read after
/// they were measured) showed the drafter did wrong, in our own phrasings.
@Suite("drafting: round twelve")
struct DraftRoundTwelveTests {
    typealias T = ProfileDraftingTests

    static func metric(_ text: String) throws -> String { try DraftSheetPhrasingTests.metric(text) }

    @Test(
        "a number taken as degrees without its unit is still an angle: beyond 180 it is refused, never a draft that does not load",
        arguments: [
            "Lift your arm. Do not lean forward more than 205d.",
            "Lift your arm. Keep your back straight, not more than 200.",
            "Lift your arm. The elbow must not bend over 181.",
        ])
    func numberTakenAsDegrees(_ text: String) throws {
        // The draft keeps the raise and says the number is no angle; it never fails inside.
        let draft = try T.draft(text)
        let refused = draft.sentences.compactMap(\.failure)
        #expect(refused.contains { $0.contains("not an angle") }, "\(refused)")
        #expect(draft.profile.reps != nil)
    }
}
