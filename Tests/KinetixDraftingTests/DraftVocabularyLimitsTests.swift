import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// A user's `--vocabulary` file is input like any other: bounded in size, every phrase and
/// number checked, refused with its JSON path; never a trap.
@Suite("vocabulary files, bounded")
struct DraftVocabularyLimitsTests {
    static func merged(_ json: String) throws(KinetixError) -> DraftVocabulary {
        var vocabulary = DraftVocabulary()
        try vocabulary.merge(Data(json.utf8), file: "user.vocabulary.json")
        return vocabulary
    }

    static func problems(_ json: String) -> [String] {
        do {
            _ = try merged(json)
            return []
        } catch { return error.diagnostics.map(\.message) }
    }

    static func header(_ body: String) -> String { #"{"format": "kinetix-vocabulary", "formatVersion": 1, "# + body + "}" }

    @Test("a number word that is no word, or a number past ±1e9, is refused with its path (an empty one trapped)")
    func numbers() {
        #expect(
            Self.problems(Self.header(#""numbers": {"": 5}"#)).first?.hasPrefix("numbers.[0]: a phrase has 1 to 8 words; this has 0")
                == true)
        #expect(Self.problems(Self.header(#""numbers": {"zorp": -1e308}"#)) == ["numbers.zorp: expected a number from -1e9 to 1e9"])
        #expect(Self.problems(Self.header(#""numbers": {"a dozen": 12}"#)).isEmpty)
    }

    @Test("a phrase longer than 8 words or 200 characters is refused; problems are listed up to 50")
    func phraseSizes() {
        let long = Array(repeating: "very", count: 9).joined(separator: " ")
        #expect(Self.problems(Self.header(#""fillers": [""# + long + #""]"#)) == ["fillers[0]: a phrase has 1 to 8 words; this has 9"])
        let wide = String(repeating: "a", count: 201)
        #expect(
            Self.problems(Self.header(#""fillers": [""# + wide + #""]"#)) == [
                "fillers[0]: expected a word or phrase of at most 200 characters"
            ])
        let many = Array(repeating: #""""#, count: 120).joined(separator: ",")
        let listed = Self.problems(Self.header(#""fillers": ["# + many + "]"))
        #expect(listed.count == 51 && listed.last == "… and 70 more problems")
    }

    @Test("the vocabulary holds at most 100,000 phrases; at the limit every one is known")
    func phraseCount() throws {
        /// The `i`th five-letter word: "aaaaa", "aaaab", …
        func word(_ i: Int) -> String {
            String((0..<5).reversed().map { Character(UnicodeScalar(UInt8(97 + i / Int(pow(26.0, Double($0))) % 26))) })
        }
        func fillers(_ n: Int, from start: Int = 0) -> String {
            Self.header(#""fillers": ["# + (start..<start + n).map { "\"\(word($0))\"" }.joined(separator: ",") + "]")
        }
        let full = try Self.merged(fillers(DraftVocabulary.maxPhrases))
        #expect(full.phrases.count == DraftVocabulary.maxPhrases)
        let last = word(DraftVocabulary.maxPhrases - 1)
        #expect(full.meaning(of: [last]) == .filler)
        #expect(full.suggestion(for: last) == last)
        var over = full
        let refused = #expect(throws: KinetixError.self) {
            try over.merge(Data(fillers(2, from: DraftVocabulary.maxPhrases).utf8), file: "more.json")
        }
        #expect(refused?.description == "more.json: the vocabulary would hold 100002 phrases; at most 100000, the shipped words included")
        // A refused file leaves the vocabulary as it was.
        #expect(over.phrases.count == DraftVocabulary.maxPhrases && over.meaning(of: [word(DraftVocabulary.maxPhrases)]) == nil)
    }

    @Test("did-you-mean words stay sorted across merges, so ties resolve the same way every run")
    func hintsSorted() throws {
        var vocabulary = try Self.merged(Self.header(#""fillers": ["zebra", "abcd"]"#))
        try vocabulary.merge(Data(Self.header(#""fillers": ["abce", "abca"]"#).utf8), file: "second.json")
        #expect(vocabulary.hintWords["a"] == ["abca", "abcd", "abce"])
        #expect(vocabulary.suggestion(for: "abcf") == "abca")
    }
}
