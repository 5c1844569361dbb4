/// "Press the back of your knee down into the bed", "push your hands against the wall and
/// hold": a part pressed into what it already rests on does not move. The effort is the
/// muscle's (a static quadriceps, an isometric hold), which body keypoints cannot see. A
/// press that moves something else ("press into the floor to lift your hips") is not one.
enum PressIntoSupportReading {
    /// Whether `phrases` press or push into or against a support (`supports`, within three
    /// words after "into"/"against"), with no other movement than the press.
    static func pressesIntoASupport(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        guard let press = phrases.firstIndex(where: { pressWords.contains($0.text.split(separator: " ").first.map(String.init) ?? "") })
        else { return false }
        let after = phrases[(press + 1)...].flatMap { $0.text.split(separator: " ").map(String.init) }
        guard let into = after.firstIndex(where: { ["into", "against"].contains($0) }),
            after[(into + 1)...].prefix(3).contains(where: supports.contains)
        else { return false }
        let otherMovements = phrases.indices.filter { i in
            i != press && phrases[i].movement != nil && !SentenceInterpreter.isState(phrases, at: i)
                // ("Press the knee down": the way of the press, not another movement.)
                && !["down", "lower"].contains(phrases[i].text)
                // ("Pull your toes up and press …": the toes' movement is the foot's, no keypoint's.)
                && !phrases[(i + 1)...].prefix(2).contains { if case .notMeasurable("feet", _, _)? = $0.meaning { true } else { false } }
        }
        return otherMovements.isEmpty
    }

    /// "Press your feet into the floor to lift your hips": the press is the means, the
    /// movement after "to" is what the sentence does. `phrases` without the press's words,
    /// or as they are when they have no such means.
    static func withoutTheMeans(_ phrases: [DescriptionReader.Phrase]) -> [DescriptionReader.Phrase] {
        guard let press = phrases.firstIndex(where: { pressWords.contains($0.text.split(separator: " ").first.map(String.init) ?? "") }),
            let to = phrases[(press + 1)...].firstIndex(where: { $0.text == "to" }), to + 1 < phrases.count,
            phrases[to + 1].movement != nil,
            phrases[(press + 1)..<to].contains(where: { ["into", "against"].contains($0.text) }),
            phrases[(press + 1)..<to].contains(where: { supports.contains($0.text.split(separator: " ").last.map(String.init) ?? "") })
        else { return phrases }
        return Array(phrases[..<press] + phrases[(to + 1)...])
    }

    static let pressWords: Set<String> = ["press", "presses", "pressing", "push", "pushes", "pushing"]
    /// What a part rests on and can be pressed into.
    static let supports: Set<String> = [
        "bed", "floor", "mat", "ground", "wall", "chair", "table", "towel", "pillow", "cushion", "ball", "couch", "sofa", "bench",
        "hand", "hands", "palm", "palms",
    ]
}
