/// "Slide your heel up towards your bottom", "slowly slide one heel away from you until the
/// leg is straight": a heel slid along the bed or the floor bends or straightens the knee
/// (a heel slide). The heel itself is below the lowest keypoint; the knee it moves is not.
enum HeelSlideReading {
    /// `phrases` with a slide of a heel or a foot read as the knee's bend (toward the body:
    /// "up", "in", "towards your bottom") or straightening ("away", "down", "out", "until
    /// straight"), whichever way is said first after the heel; unchanged when none is said.
    static func rewritten(_ phrases: [DescriptionReader.Phrase]) -> [DescriptionReader.Phrase] {
        guard let slide = phrases.firstIndex(where: { slideWords.contains($0.text) }),
            let heel = phrases[(slide + 1)...].prefix(3).firstIndex(where: { phrase in
                phrase.isPart && heelWords.contains(phrase.text.split(separator: " ").last.map(String.init) ?? "")
            })
        else { return phrases }
        let after = phrases[(heel + 1)...].flatMap { $0.text.split(separator: " ").map(String.init) }
        // (Not "the heel of your hand"; not a heel slid out to the side, a leg's abduction; not a
        // slide that sets up another part's movement: "slide your heels in and then lift your hips".)
        let sideways = phrases[(heel + 1)...].contains { if case .plane(.frontal)? = $0.meaning { true } else { false } }
        let laterMovement = phrases[(heel + 1)...].indices.contains { i in
            phrases[i].movement != nil && SentenceInterpreter.partObject(of: i, in: phrases).map { ![.knee, .leg].contains($0) } == true
        }
        guard after.first != "of", !sideways, !laterMovement,
            let way = after.first(where: { inward.contains($0) || outward.contains($0) })
        else { return phrases }
        var rewritten = phrases
        rewritten[slide].meaning = .movement(inward.contains(way) ? .bend : .straighten)
        let plural = ["heels"].contains(phrases[heel].text.split(separator: " ").last.map(String.init) ?? "")
        rewritten[heel].text = plural ? "knees" : "knee"
        rewritten[heel].meaning = .part(.knee)
        return rewritten
    }

    static let slideWords: Set<String> = ["slide", "slides", "sliding", "slid", "glide", "glides", "gliding"]
    static let heelWords: Set<String> = ["heel", "heels"]
    /// Ways toward the body: the knee bends.
    static let inward: Set<String> = ["up", "in", "toward", "towards", "closer", "bottom", "buttock", "buttocks", "bum", "back"]
    /// Ways away from the body: the knee straightens.
    static let outward: Set<String> = ["away", "down", "out", "straight", "straighten", "straightens", "extend", "extends", "long"]
}
