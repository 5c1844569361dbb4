import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Numbers as people type them in descriptions: signs, exponents, decimal commas,
/// thousands separators, and amounts no body can reach. Written before the reader was
/// changed; each case is a sentence we did not tune on.
@Suite("numbers in descriptions")
struct DraftNumberTests {
    static let raise = "Raise both arms sideways to shoulder height. "

    /// The draft's sentence `n` (1-based): its failure, or nil when it was used; when the
    /// whole draft is refused (nothing measurable left), every reason it gives.
    static func failure(_ text: String, sentence n: Int) -> String? {
        do { return try ProfileDraftingTests.draft(text).sentences[n - 1].failure } catch {
            return (error as? KinetixError)?.diagnostics.map(\.message).joined(separator: "\n") ?? "\(error)"
        }
    }

    @Test(
        "a number is read whole: decimal point or comma, exponent, thousands separator, Unicode minus",
        arguments: [
            ("Hold for 1,5 seconds.", 1.5), ("Hold for 2.5 seconds.", 2.5), ("Hold for 2 seconds.", 2.0),
            ("Hold for 1.5e0 seconds.", 1.5), ("Hold for 3,25 seconds.", 3.25), ("Hold for 0,5 s.", 0.5),
        ])
    func holds(_ sentence: String, _ seconds: Double) throws {
        let draft = try ProfileDraftingTests.draft(Self.raise + sentence)
        #expect(draft.sentences[1].failure == nil, "\(sentence): \(draft.sentences[1].failure ?? "")")
        #expect(ProfileDraftingTests.parameter(draft, "holdSeconds") == seconds, "\(sentence)")
    }

    @Test("a thousands separator is not a decimal comma: 1,000 degrees is a thousand, refused as an angle")
    func thousands() {
        let failure = Self.failure("Raise both arms sideways to 1,000 degrees.", sentence: 1)
        #expect(failure?.contains("1000 degrees") == true && failure?.contains("0 to 180") == true, "\(failure ?? "used")")
    }

    @Test(
        "amounts outside a measure's physical range are refused by their sentence, never written",
        arguments: [
            ("Raise both arms sideways to 10000 degrees.", 1, "0 to 180"),
            ("Raise both arms sideways to -90 degrees.", 1, "0 to 180"),
            ("Raise both arms sideways to −90 degrees.", 1, "0 to 180"),
            ("Raise both arms sideways to 1e308 degrees.", 1, "not a plausible amount"),
            ("Raise both arms sideways to 200 degrees.", 1, "0 to 180"),
            (raise + "Hold for 1e-308 seconds.", 2, "at least 0.05 seconds"),
            (raise + "Hold for 0 seconds.", 2, "at least 0.05 seconds"),
            (raise + "Hold for -2 seconds.", 2, "at least 0.05 seconds"),
            (raise + "Hold for 1e308 seconds.", 2, "not a plausible amount"),
        ])
    func outOfRange(_ text: String, _ sentence: Int, _ message: String) throws {
        let draft = try? ProfileDraftingTests.draft(text)
        let failure = draft?.sentences[sentence - 1].failure
        if let draft {
            #expect(failure?.contains(message) == true, "\(text): \(failure ?? "used")")
            #expect(ProfileDraftingTests.parameter(draft, "target").map { (0...180).contains($0) } ?? true, "\(text)")
            #expect(ProfileDraftingTests.parameter(draft, "holdSeconds").map { $0 >= 0.05 } ?? true, "\(text)")
        } else {
            // Nothing measurable left: the whole draft is refused, which is also right,
            // if the reason names the number.
            do { _ = try ProfileDraftingTests.draft(text) } catch let error as KinetixError {
                #expect(error.diagnostics.contains { $0.message.contains(message) }, "\(text): \(error.diagnostics.map(\.message))")
            }
        }
    }

    @Test("a range written with a hyphen is two numbers, neither negative: 10-20 degrees")
    func hyphenRange() {
        let tokens = DescriptionReader.tokens(in: "bend 10-20 degrees, then −5 or -5.5e1 and 1,5 but 1,000")
        #expect(
            tokens.map(\.word) == ["bend", "10", "20", "degrees", "then", "-5", "or", "-55", "and", "1.5", "but", "1000"],
            "\(tokens.map(\.word))")
    }
}
