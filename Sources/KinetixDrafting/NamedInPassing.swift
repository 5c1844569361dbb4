/// Exercises a description names in passing, anywhere in its words ("… and just squat, sit
/// ur bum down …", "front squats w the bar on ur collarbone"), not as a title. They do not
/// choose what is counted (a name mid-sentence may be a comparison or a plan), but they
/// check it: a draft that counts a measure none of them is counted on says so.
enum NamedInPassing {
    /// The measurable exercises `readings` name, in order of first mention; names said as a
    /// comparison ("like a squat"), a progression ("progress to single-leg bridges"), or as a
    /// verb with its object ("curl your head up", "press the bar") are left out.
    static func exercises(_ readings: [SentenceReading], table: [NamedExercise.Row]) -> [NamedExercise] {
        var found: [NamedExercise] = []
        for reading in readings {
            let words = reading.sentence.tokens.map(\.word)
            if words.contains(where: plans.contains) { continue }
            var start = 0
            while start < words.count {
                // ("Neck side stretch": the word before may qualify the name, `NamedExercise.named`.)
                guard let length = NamedExercise.nameLength(atStartOf: Array(words[start...]), table: table),
                    let named = NamedExercise.named(in: Array(words[max(0, start - 1)..<(start + length)]), table: table)
                else {
                    start += 1
                    continue
                }
                let before = words[max(0, start - 2)..<start]
                let after = start + length < words.count ? words[start + length] : ""
                // (A squat's or a lunge's object is the body itself: "squat your hips down".)
                let isVerbWithObject =
                    (possessives.contains(after) || DraftBuilder.objectWords.contains(after)) && !bodyVerbs.contains(named.name)
                // ("Start in a high plank", "a squat position": a place the body is in, not the exercise.)
                let isAPlace = before.contains(where: places.contains) || NamedExercise.postureWords.union(positionWords).contains(after)
                if !named.kinds.isEmpty, isUnmistakable(named.name), !before.contains(where: comparisons.contains),
                    !isVerbWithObject, !isAPlace,
                    !found.contains(where: { $0.name == named.name })
                {
                    found.append(named)
                }
                start += length
            }
        }
        return found
    }

    /// Whether counting `counted` may be doing `named`: one of its measures, or one that
    /// moves with it (an arm's and its upper arm's elevation; a leg's and its thigh's; a leg
    /// raised to the side and the feet apart; the elbow's bend and the upper arm in a dip).
    static func counts(_ named: NamedExercise, by counted: BodyMeasure.Kind) -> Bool {
        named.kinds.contains { kind in
            kind == counted || alike.contains { $0.contains(kind) && $0.contains(counted) }
        }
    }
    static let alike: [Set<BodyMeasure.Kind>] = [
        [.armElevation, .upperArmElevation], [.legElevation, .thighElevation], [.legElevation, .stanceWidth],
        [.elbowFlexion, .upperArmElevation],
    ]

    /// Whether a name said mid-sentence can only mean the exercise: a name of several words
    /// that is not a verb and its particle ("push up to stand") nor a joint's motion ("90
    /// degrees of hip flexion"), or one word that is no everyday verb or noun ("squat",
    /// "push-up"; not "swing", "march", "neck", "jump").
    static func isUnmistakable(_ name: String) -> Bool {
        let words = name.split(separator: " ").map(String.init)
        if words.count > 1 {
            let jointMotion =
                ["hip", "knee", "elbow", "shoulder", "neck", "ankle", "wrist"].contains(words[0])
                && ["flexion", "extension", "bend", "flex", "ext", "abduction", "adduction", "rotation"].contains(words.last!)
            return !phrasalVerbs.contains(name) && !jointMotion
        }
        return name.contains("-") || exerciseNouns.contains(name)
    }
    /// Two-word names that are also a verb and its particle.
    static let phrasalVerbs: Set<String> = [
        "push up", "pull up", "press up", "sit up", "step up", "chin up", "step down", "roll up", "roll down", "curl up",
    ]
    /// One-word names no instruction uses for anything else.
    static let exerciseNouns: Set<String> = [
        "bridge", "bridging", "burpee", "chinup", "crunch", "deadlift", "hyperextension", "jackknife", "lunge", "navasana",
        "nordics", "ohp", "plank", "pressup", "pulldown", "pullover", "pullup", "pushdown", "pushup", "rdl", "scaption",
        "shadowboxing", "situp", "skullcrusher", "slr", "squat", "superman", "supermans", "thruster", "tke", "utkatasana",
        "birddog",
    ]
    /// Words after a name that make it a position ("a squat position").
    static let positionWords: Set<String> = ["position", "pose", "stance", "shape"]
    /// Words just before a name that make it a place the body is in ("in a plank", "into a lunge").
    static let places: Set<String> = ["in", "into", "from"]

    /// Words before a name that make it a comparison or a place, not the exercise done.
    static let comparisons: Set<String> = ["like", "unlike", "than", "from", "not", "no", "instead", "for"]
    /// Possessives that open a verb's object ("curl your head"), beside `DraftBuilder.objectWords`.
    static let possessives: Set<String> = ["your", "my", "their", "his", "her"]
    /// Names whose verb moves the body itself, whatever follows.
    static let bodyVerbs: Set<String> = ["squat", "lunge", "split squat"]
    /// Words that make a sentence a plan for later or an alternative, not the exercise done now.
    static let plans: Set<String> = [
        "progress", "progression", "progressing", "regress", "regression", "instead", "alternative", "alternatively",
        "variation", "swap", "replace",
    ]
}
