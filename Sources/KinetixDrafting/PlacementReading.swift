/// "Place your hands on your hips and lift your knee", "put your hands behind your head,
/// then curl up": a part placed first is the start position; the movement after "and" or
/// "then" is what the sentence does, and its own part moves (not the hands placed).
enum PlacementReading {
    /// `phrases` from the movement after a placement that opens them, or as they are when
    /// they open with none or no movement follows it.
    static func withoutThePlacement(_ phrases: [DescriptionReader.Phrase]) -> [DescriptionReader.Phrase] {
        guard let first = phrases.first, case .notMeasurable("placement", _, _)? = first.meaning,
            placeVerbs.contains(first.text.split(separator: " ").first.map(String.init) ?? ""),
            let join = phrases.firstIndex(where: { ["and", "then"].contains($0.text) }),
            let movement = phrases[(join + 1)...].prefix(3).firstIndex(where: { $0.movement != nil }),
            phrases[(join + 1)..<movement].allSatisfy({ $0.meaning == .filler || ["you", "slowly", "gently", "then"].contains($0.text) })
        else { return phrases }
        return Array(phrases[movement...])
    }

    /// The verbs that place a part.
    static let placeVerbs: Set<String> = ["place", "placing", "put", "putting"]
}
