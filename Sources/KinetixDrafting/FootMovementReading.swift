/// "Lift both heels off the floor", "drop the heels below the step", "bend your ankles":
/// a heel or an ankle moved by itself turns the foot about the ankle (a calf raise, an
/// ankle pump). The foot is below the ankle, the lowest of the 15 body keypoints, so no
/// measure of the leg shows it. A heel carried to another part moves the leg ("heel to
/// your buttock" bends the knee, "heel to the ceiling" lifts the hip), and a heel slid
/// along the floor bends the knee: those are the leg's movements.
enum FootMovementReading {
    /// Whether the first movement of `phrases` moves only a heel or an ankle: its object
    /// (the first body part after it, else the last before it: "the heels rise") is one.
    static func movesTheFootOnly(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        guard let verb = phrases.firstIndex(where: { $0.movement.map(footMovements.contains) ?? false }),
            let objectIndex = phrases[(verb + 1)...].firstIndex(where: \.isPart) ?? phrases[..<verb].lastIndex(where: \.isPart),
            let word = phrases[objectIndex].text.split(separator: " ").last.map(String.init),
            footWords.contains(word)
        else { return bendsTheFeet(phrases) || risesOnTheFeet(phrases) }
        // (Where the heel goes is said after it: "behind a chair, lift your heels" is a calf raise.)
        let words = phrases[(max(verb, objectIndex) + 1)...].flatMap { $0.text.split(separator: " ").map(String.init) }
        let toAnotherPart =
            words.contains(where: destinations.contains)
            || zip(words, words.dropFirst()).contains { ["your", "my"].contains($0) && $1 == "bottom" }
        return !toAnotherPart
    }

    /// Whether `phrases` bend or straighten the feet themselves: "bend your feet up towards
    /// you", "bend both feet up and down". The feet right after the verb, past little words
    /// only ("bend forward and touch your feet" bends the trunk).
    static func bendsTheFeet(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        phrases.indices.contains { verb in
            guard [.bend, .straighten].contains(phrases[verb].movement),
                let object = phrases[(verb + 1)...].firstIndex(where: \.isPart),
                let word = phrases[object].text.split(separator: " ").last.map(String.init), bentFootWords.contains(word)
            else { return false }
            return phrases[(verb + 1)..<object].allSatisfy { phrase in
                if case .side? = phrase.meaning {
                    true
                } else {
                    phrase.meaning == .filler || GraspReading.determiners.contains(phrase.text)
                }
            }
        }
    }

    /// Whether `phrases` rise onto the feet with no part of their own raised: "rise up as high
    /// as you can on one foot" (a calf raise), not "lift the knee, standing on one foot".
    static func risesOnTheFeet(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        guard let verb = phrases.firstIndex(where: { $0.movement == .raise }),
            phrases[verb].text.hasPrefix("rise") || phrases[verb].text.hasPrefix("go up") || phrases[verb].text.hasPrefix("come up"),
            let object = phrases[(verb + 1)...].firstIndex(where: \.isPart),
            let word = phrases[object].text.split(separator: " ").last.map(String.init), bentFootWords.contains(word)
        else { return false }
        let before =
            phrases[(verb + 1)..<object].flatMap { $0.text.split(separator: " ") } + phrases[object].text.split(separator: " ").dropLast()
        return before.contains("on") || before.contains("onto")
    }

    static let footMovements: Set<DraftMovement> = [.raise, .lower, .bend, .straighten, .pull]
    /// The parts whose movement alone is the foot's.
    static let footWords: Set<String> = ["heel", "heels", "ankle", "ankles"]
    /// The parts that, bent or straightened, turn about the ankle ("bend your feet up towards
    /// you"); lifted, a foot goes with its leg ("lift your foot off the floor").
    static let bentFootWords: Set<String> = ["foot", "feet"]
    /// Words that send a heel to another part or along the floor: the leg moves.
    static let destinations: Set<String> = [
        "buttock", "buttocks", "bum", "butt", "glute", "glutes", "backside", "ceiling", "sky", "behind", "chest", "slide", "slides",
        "sliding", "slid", "knee", "knees", "shin",
    ]
}
