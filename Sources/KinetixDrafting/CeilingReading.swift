/// A ceiling said after a goal ("to eye level, not more"): it bounds the goal, it forbids nothing.
enum CeilingReading {
    /// `phrases` without a ceiling said after the goal ("up to eye level, not more", "to shoulder
    /// height, no higher"): a "not"/"no" after a comma or dash, then only a word of more, and the
    /// clause's end. It bounds the goal; it is no movement to forbid. Also the words taken out.
    static func withoutCeiling(_ phrases: [DescriptionReader.Phrase]) -> ([DescriptionReader.Phrase], String?) {
        for i in phrases.indices.dropLast() where phrases[i].afterComma && ["not", "no"].contains(phrases[i].text) {
            let word = phrases[i + 1]
            let ends = i + 2 == phrases.count || phrases[i + 2].afterComma || ["and", "then"].contains(phrases[i + 2].text)
            guard ceilingWords.contains(word.text), ends, i > 0 else { continue }
            return (Array(phrases[..<i] + phrases[(i + 2)...]), "\(phrases[i].text) \(word.text)")
        }
        return (phrases, nil)
    }
    /// Words of a ceiling after "not"/"no".
    static let ceilingWords: Set<String> = ["more", "higher", "further", "farther", "beyond", "over", "above"]
}
