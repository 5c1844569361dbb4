/// "Place your hands on your hips and lift your knee", "lying on your back, put your arms by
/// your side and lift your hips": a part placed is the start position; the movement after
/// "and" or "then" is what the sentence does, and its own part moves (not the part placed).
/// "Put your hands together and then raise them": what the movement moves as "them" or "it"
/// is the part placed.
enum PlacementReading {
    /// `phrases` without a placement's clause when a movement follows it after "and" or
    /// "then"; as they are when there is no placement or no movement follows one.
    static func withoutThePlacement(_ phrases: [DescriptionReader.Phrase]) -> [DescriptionReader.Phrase] {
        guard
            let place = phrases.firstIndex(where: { phrase in
                if case .notMeasurable("placement", _, _)? = phrase.meaning {
                    placeVerbs.contains(phrase.text.split(separator: " ").first.map(String.init) ?? "")
                } else {
                    false
                }
            }),
            let join = phrases[(place + 1)...].firstIndex(where: { ["and", "then"].contains($0.text) }),
            let movement = phrases[(join + 1)...].prefix(3).firstIndex(where: { $0.movement != nil }),
            phrases[(join + 1)..<movement].allSatisfy({ $0.meaning == .filler || ["you", "slowly", "gently", "then"].contains($0.text) })
        else { return phrases }
        var kept = Array(phrases[..<place] + phrases[movement...])
        // ("… and then raise them": the part placed is the part raised.)
        let moved = place  // the movement's index in `kept`
        if let placed = phrases[(place + 1)..<join].first(where: \.isPart), moved + 1 < kept.count,
            ["them", "it"].contains(kept[moved + 1].text)
        {
            kept[moved + 1] = placed
        }
        return kept
    }

    /// The verbs that place a part.
    static let placeVerbs: Set<String> = ["place", "placing", "put", "putting"]
}
