/// "Hold a pair of dumbbells", "have your partner hold your feet", "holding the bar":
/// a hold with an object is a grasp, not a pause. A grasp needs no time, and the rest of
/// its sentence (a movement, a set-up) is read as if it were not there.
enum GraspReading {
    /// Whether a hold word in `phrases` is a grasp: right after it, past any `determiners`
    /// ("a", "the", "your", "onto"), comes a body part, equipment or grip words, or, after
    /// a determiner, a word the vocabulary does not know (a noun: "the implements", "a pair").
    /// "Hold for 10 seconds", "hold at the top", "hold this position", "hold it straight"
    /// are not grasps.
    static func isGrasp(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        for (i, phrase) in phrases.enumerated() where phrase.meaning == .keyword(.hold) {
            var j = i + 1
            // "Hold the top of the foot", "hold it by the back of the knee": the part held is after "of".
            while j < phrases.count,
                determiners.contains(phrases[j].text)
                    || (endWords.contains(phrases[j].text) && j + 1 < phrases.count && phrases[j + 1].text == "of")
            {
                j += endWords.contains(phrases[j].text) ? 2 : 1
            }
            guard j < phrases.count else { continue }
            switch phrases[j].meaning {
            case .part?: return true
            case nil: if j > i + 1 { return true }
            case .notMeasurable(let topic, _, _)?: if graspedTopics.contains(topic) { return true }
            default: continue
            }
        }
        return false
    }

    /// Little words between "hold" and what is held.
    static let determiners: Set<String> = [
        "a", "an", "the", "your", "his", "her", "their", "my", "onto", "on", "on to", "to", "one", "both", "left", "right", "it", "them",
        "by",
    ]

    /// The end of a thing a hand holds ("the top of the foot").
    static let endWords: Set<String> = ["top", "the top", "bottom", "the bottom", "end", "the end"]

    /// `notMeasurable` topics of things a hand holds.
    static let graspedTopics: Set<String> = ["equipment", "grip"]
}
