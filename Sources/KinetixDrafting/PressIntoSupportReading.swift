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
        // ("Press the ball between your knees": a squeeze, nothing moves.)
        let squeezed = after.firstIndex(of: "between").map { after[($0 + 1)...].prefix(3).contains(where: squeezers.contains) } ?? false
        guard
            squeezed
                || after.firstIndex(where: { ["into", "against"].contains($0) }).map({ into in
                    after[(into + 1)...].prefix(3).contains(where: supports.contains)
                }) == true
                // ("Push up through the arms of the chair": through a support, however it is named.)
                || after.firstIndex(of: "through").map({ through in
                    after[(through + 1)...].prefix(5).contains(where: supports.contains)
                }) == true
        else { return false }
        // ("… as if to bend your knee": the movement imagined, not made.)
        let imagined = phrases.indices.first { i in i > 0 && phrases[i].text == "if" && phrases[i - 1].text == "as" } ?? phrases.count
        let otherMovements = phrases.indices.filter { i in
            i != press && i < imagined && phrases[i].movement != nil && !SentenceInterpreter.isState(phrases, at: i)
                // ("Press the knee down": the way of the press, not another movement.)
                && !(["down", "lower"].contains(phrases[i].text) && i <= press + 3)
                // ("Pull your toes up and press …": the toes' movement is the foot's, no keypoint's.)
                && !phrases[(i + 1)...].prefix(2).contains { if case .notMeasurable("feet", _, _)? = $0.meaning { true } else { false } }
        }
        return otherMovements.isEmpty
    }

    /// "Press your feet into the floor to lift your hips": the press is the means, the
    /// movement after "to" is what the sentence does. `phrases` without the press's words,
    /// or as they are when they have no such means.
    static func withoutTheMeans(_ phrases: [DescriptionReader.Phrase]) -> [DescriptionReader.Phrase] {
        // ("Press your back into the wall and slide down": "and" joins the movement too; "as if to"
        // imagines one.)
        guard let press = phrases.firstIndex(where: { pressWords.contains($0.text.split(separator: " ").first.map(String.init) ?? "") }),
            let to = phrases[(press + 1)...].firstIndex(where: { ["to", "and", "then", "as", "while"].contains($0.text) }),
            // ("… as you lower both legs": the doer's "you" before the movement.)
            let movement = phrases[(to + 1)...].prefix(2).firstIndex(where: { $0.movement != nil }),
            phrases[(to + 1)..<movement].allSatisfy({ ["you", "we", "slowly"].contains($0.text) }),
            !(to > 0 && phrases[to - 1].text == "if"),
            // ("Push up through the arms of the chair and stand up": through a support, too.)
            phrases[(press + 1)..<to].contains(where: { ["into", "against", "through", "on"].contains($0.text) }),
            phrases[(press + 1)..<to].contains(where: { supports.contains($0.text.split(separator: " ").last.map(String.init) ?? "") })
        else { return phrases }
        return Array(phrases[..<press] + phrases[movement...])
    }

    static let pressWords: Set<String> = ["press", "presses", "pressing", "push", "pushes", "pushing", "squeeze", "squeezes", "squeezing"]
    /// What a ball or a cushion is squeezed between.
    static let squeezers: Set<String> = ["knees", "knee", "thighs", "legs", "hands", "palms", "ankles"]
    /// What a part rests on and can be pressed into.
    static let supports: Set<String> = [
        "bed", "floor", "mat", "ground", "wall", "chair", "table", "towel", "pillow", "cushion", "ball", "couch", "sofa", "bench",
        "hand", "hands", "palm", "palms", "armrest", "armrests",
    ]
}
