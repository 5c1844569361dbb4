import KinetixCore
import KinetixProfiles

/// Exercises known by name, and the movement each one counts: what a title ("Push-ups.",
/// "Glute bridge:") says before any sentence does. A description is read as a whole:
/// the exercise its name states decides the counted measure, its movement sentences give
/// the goal and the rules, and a set-up or posture sentence ("your legs should be bent at
/// the knees") never becomes the counted movement of an exercise whose name says another.
///
/// The names and their exercises are data: the vocabulary file's `exercises` list, read
/// by `DraftVocabulary` with the rest of the words.
///
/// Names are matched on the title's words after `Lemmatizer` ("push-ups" → "push-up"),
/// longest name first; an exercise the 15 body keypoints cannot follow (calf raises,
/// shrugs, wrist curls, rotations) is known too, so its draft is refused, saying why,
/// rather than counting some other joint.
struct NamedExercise: Equatable, Sendable {
    /// The measures a rep of it may be counted on, the first preferred; empty: nothing
    /// the keypoints show (then `unmeasurable` says why).
    var kinds: [BodyMeasure.Kind]
    var movement: DraftMovement
    var plane: MovementPlane? = nil
    /// Which way a rep goes from the position it starts in (a bridge straightens the hips).
    var direction: Profile.RepCounter.Movement = .rise
    /// The resting value and goal when they are not the measure's defaults (a bridge rests with
    /// the hips bent and straightens them).
    var rest: Double? = nil
    var target: Double? = nil
    /// Done lying, kneeling or on the hands (push-ups, planks, bridges): "keep the body
    /// straight" is then the hips kept straight, not the trunk kept vertical.
    var notStanding = false
    /// A stretch: a position held, not a movement repeated (the draft times a hold).
    var stretch = false
    /// A position held that is not a stretch (a plank, a wall sit, a single-leg stance):
    /// the draft is a hold, timed, as a stretch's is.
    var hold = false
    /// A stance on one leg: the side a sentence names is the leg stood on ("on the left
    /// leg"), so the other leg is the one lifted and measured; none named, either leg.
    var standsOnNamedSide = false
    /// Why it cannot be counted from body keypoints (nil: it can).
    var unmeasurable: String? = nil
    /// The words it was known by.
    var name = ""

    /// One row of a vocabulary's `exercises` list: the names, lemmatized and lower case,
    /// and the exercise they name. The table lives in the vocabulary file
    /// (`Profiles/drafting.vocabulary.json`, `DraftVocabulary.exercises`), not in Swift.
    typealias Row = (names: [String], exercise: NamedExercise)

    /// A held exercise named by the first words of a sentence that is not a title
    /// ("Single-leg stance on the left leg for 10 seconds", "Plank for 30 seconds"), or nil.
    /// Only holds: a rep exercise's name opening an instruction ("curl your trunk up") is a verb.
    static func heldNamedAtStart(of words: [String], in table: [Row]) -> NamedExercise? {
        // ("Stay in a forearm plank for 45 seconds", "hold a side plank": the hold's verb before its name.)
        var words = words
        if let verb = words.first, ["stay", "hold", "remain", "get", "go"].contains(verb) {
            let rest = words.dropFirst().drop { ["in", "into", "a", "an", "the", "your"].contains($0) }
            if rest.count < words.count - 1 { words = Array(rest) }
        }
        let forms = words.map { Set([$0] + Lemmatizer.lemmas(of: $0)) }
        var best: (length: Int, exercise: NamedExercise)?
        for row in table where row.exercise.hold {
            for name in row.names {
                let nameWords = name.split(separator: " ").map(String.init)
                guard forms.count >= nameWords.count, best.map({ nameWords.count > $0.length }) ?? true,
                    nameWords.indices.allSatisfy({ forms[$0].contains(nameWords[$0]) }),
                    // "Plank position with the hands under the shoulders": the start of another exercise.
                    !(words.count > nameWords.count && ["position", "pose", "stance"].contains(words[nameWords.count]))
                else { continue }
                var exercise = row.exercise
                exercise.name = name
                best = (nameWords.count, exercise)
            }
        }
        return best?.exercise
    }

    /// How many of the first words are an exercise's whole name ("push ups hands wider …": 2),
    /// or nil when they start with none. The longest name wins.
    static func nameLength(atStartOf words: [String], table: [Row]) -> Int? {
        let forms = words.prefix(maxNameWords).map { Set([$0] + Lemmatizer.lemmas(of: $0)) }
        var longest: Int?
        for row in table {
            for name in row.names {
                let nameWords = name.split(separator: " ").map(String.init)
                guard nameWords.count <= forms.count, nameWords.count > (longest ?? 0),
                    nameWords.indices.allSatisfy({ forms[$0].contains(nameWords[$0]) })
                else { continue }
                longest = nameWords.count
            }
        }
        // "sit up tall", "stand up straight": a posture, not the exercise.
        if let longest, longest < words.count, postureWords.contains(words[longest]) { return nil }
        return longest
    }
    /// Words after which a name's words describe a posture ("sit up tall").
    static let postureWords: Set<String> = ["tall", "straight", "nice", "upright"]
    /// The most words an exercise's name is looked for in (`nameLength`).
    static let maxNameWords = 5

    /// "Please do not skip this!", "skip them if your knee hurts", "don't skip warm-up":
    /// "skip" with an object or after a "not" leaves something out; it names no skipping.
    static func isOmitting(_ words: [String], at start: Int, length: Int) -> Bool {
        guard length == 1, ["skip", "skips", "skipping", "skipped"].contains(words[start]) else { return false }
        let negated = start > 0 && ["not", "don't", "dont", "never", "no"].contains(words[start - 1])
        let object =
            start + 1 < words.count
            && ["this", "these", "that", "those", "it", "them", "any", "the", "a", "one", "rest"].contains(words[start + 1])
        return negated || object
    }

    /// "Knees bent", "arms raised": a part's state read as a name ("knee bend", "arm raise")
    /// is a posture, not the exercise: a word written as a state where the name has another form.
    static func isPosture(_ words: [String], at start: Int, name: [String]) -> Bool {
        name.indices.contains { i in stateForms.contains(words[start + i]) && words[start + i] != name[i] }
    }
    static let stateForms: Set<String> = ["bent", "raised", "lifted", "lowered", "extended", "flexed", "straightened", "curled", "pressed"]

    /// The exercise a title names, or nil: first match of the longest name wins.
    /// `words`: the title's words as the reader split them; `table`: the vocabulary's exercises.
    static func named(in words: [String], table: [Row]) -> NamedExercise? {
        // Each word as written and its dictionary forms ("push-ups": "push-up"; "raises": "raise").
        let forms = words.map { Set([$0] + Lemmatizer.lemmas(of: $0)) }
        var best: (length: Int, order: Int, start: Int, exercise: NamedExercise)?
        for (order, row) in table.enumerated() {
            for name in row.names {
                let nameWords = name.split(separator: " ").map(String.init)
                guard forms.count >= nameWords.count, best.map({ nameWords.count > $0.length }) ?? true else { continue }
                for start in 0...(forms.count - nameWords.count)
                where nameWords.indices.allSatisfy({ forms[start + $0].contains(nameWords[$0]) })
                    && !isOmitting(words, at: start, length: nameWords.count)
                    && !isPosture(words, at: start, name: nameWords)
                {
                    var exercise = row.exercise
                    exercise.name = name
                    best = (nameWords.count, order, start, exercise)
                    break
                }
            }
        }
        // "Neck side stretch", "cervical lateral flexion": a trunk's side bend named for the neck,
        // the word just before the name, is the head's tilt (the table's first head-tilt row).
        if var exercise = best?.exercise, exercise.kinds == [.trunkLean], let start = best?.start, start > 0,
            neckWords.contains(words[start - 1]),
            let head = table.first(where: { $0.exercise.kinds == [.headTilt] && $0.exercise.movement == exercise.movement })
        {
            let name = exercise.name
            exercise = head.exercise
            exercise.name = name
            return exercise
        }
        return best?.exercise
    }
    /// Words that put a name on the neck.
    static let neckWords: Set<String> = ["neck", "cervical"]
}
