import Foundation
import KinetixCore
import KinetixProfiles

/// Settles a draft's numbers: turns sentence readings (and a demonstration survey) into
/// a `DraftPlan`, recording what each sentence became. A sentence whose measure the
/// camera view cannot see is left out here, with the reason.
struct DraftBuilder {
    let survey: DemonstrationSurvey?
    let chosenReps: ClosedRange<Int>?
    /// Exercises known by name (the vocabulary's `exercises`).
    let exercises: [NamedExercise.Row]
    var plan = DraftPlan()
    /// The sentence whose goal became the main movement's (it adds nothing else).
    private var mainGoalSentence: Int?
    /// The sentence the main movement came from (nil: the demonstration, or none).
    private var mainSentence: Int?
    /// What each sentence became, by 1-based sentence index.
    var became: [Int: [String]] = [:]
    var defaultsUsed: [String] = []
    var demonstrationNotes: [String] = []

    init(survey: DemonstrationSurvey?, chosenReps: ClosedRange<Int>?, exercises: [NamedExercise.Row]) {
        self.survey = survey
        self.chosenReps = chosenReps
        self.exercises = exercises
    }

    /// The description's hashtags, lower-cased (`Hashtags`): a name when the words give none.
    var hashtags: [String] = []

    /// Sentences read as set-up or posture (`SentenceReading.isSetUp`), by index.
    private var setUpSentences: Set<Int> = []

    mutating func build(_ readings: inout [SentenceReading]) throws(KinetixError) {
        setUpSentences = Set(readings.filter(\.isSetUp).map(\.sentence.index))
        settleTitleAndView(&readings)
        try settleMainMovement(&readings)
        for i in readings.indices where readings[i].failure == nil {
            for statement in readings[i].statements {
                if let failure = add(statement, sentence: readings[i].sentence, cueText: readings[i].cueText) {
                    readings[i].failure = failure
                    became[readings[i].sentence.index] = nil
                    break
                }
            }
        }
        continueTheMainMovement(&readings)
        if readings.isEmpty { addDemonstratedStillness() }
        widenFrontView()
        if plan.main == nil && plan.constraints.isEmpty && plan.limits.isEmpty && plan.reaches.isEmpty && plan.symmetry == nil {
            let why = readings.compactMap { r in
                r.failure.map { "sentence \(r.sentence.index): \($0)" }
                    ?? r.notMeasurable.map { "sentence \(r.sentence.index): recognised, not measurable from body keypoints: \($0)" }
            }
            throw KinetixError(
                kind: .invalidData,
                diagnostics: [
                    Diagnostic(
                        message: "nothing measurable in the description"
                            + (survey == nil ? "" : " or the demonstration"))
                ] + why.map { Diagnostic(message: $0) })
        }
        // Rules with nothing counted or held: the movement the words describe was not understood.
        if plan.main == nil {
            let leftOut = readings.filter { $0.failure != nil }.map { String($0.sentence.index) }
            defaultsUsed.append(
                "check: nothing is counted or held: no sentence gives a movement the drafter can count, so the draft only checks its rules"
                    + (leftOut.isEmpty ? "" : " (left out: sentence\(leftOut.count == 1 ? "" : "s") \(leftOut.joined(separator: ", ")))"))
        }
    }

    /// "Continue to descend to the bottom position", "continue this movement until your
    /// knees are near your chest": a sentence that carries on the counted movement and
    /// gives nothing the drafter can read is that movement again, not a failure.
    private mutating func continueTheMainMovement(_ readings: inout [SentenceReading]) {
        guard let main = plan.main else { return }
        for i in readings.indices where readings[i].failure != nil && readings[i].statements.isEmpty {
            let words = readings[i].sentence.tokens.map(\.word).drop { $0 == "tip" }
            guard let first = words.first, Self.continuationWords.contains(first) else { continue }
            readings[i].failure = nil
            readings[i].failurePlace = nil
            note(readings[i], "the main movement carried on (\(main.measure.label)): nothing new to measure")
        }
    }
    static let continuationWords: Set<String> = ["continue", "continuing", "continues"]

    // MARK: - Title, view, main movement

    private mutating func settleTitleAndView(_ readings: inout [SentenceReading]) {
        var wordsView: (view: Profile.Requirements.View, index: Int)?
        for reading in readings {
            for statement in reading.statements {
                switch statement {
                case .title(let title, _):
                    plan.title = title
                    plan.id = Self.slug(title)
                    note(reading, "title '\(title)', id '\(plan.id)'")
                case .view(let view) where wordsView == nil:
                    wordsView = (view, reading.sentence.index)
                default: break
                }
            }
        }
        if let survey {
            let seen = survey.shoulderWidthRatio.map { String(format: "%.2f", $0) } ?? "unknown"
            demonstrationNotes.append(
                "filmed \(survey.view.map { "from the \($0.rawValue)" } ?? "at an angle") (shoulder width \(seen) torso lengths)")
            if let view = survey.view {
                plan.view = view
                plan.viewFromDemonstration = true
            }
        }
        if let (view, index) = wordsView, let i = readings.firstIndex(where: { $0.sentence.index == index }) {
            if let demonstrated = survey?.view, demonstrated != view {
                readings[i].failure =
                    "the demonstration was filmed from the \(demonstrated.rawValue), not the \(view.rawValue): film it again from the \(view.rawValue), or drop this sentence"
            } else {
                plan.view = view
                plan.viewFromDemonstration = false
                viewWorded = true
                note(readings[i], "requirements.view \(view.rawValue)")
            }
        }
    }

    /// Whether a sentence asked for the camera's view.
    private var viewWorded = false
    /// The exercise the description's title names (`NamedExercise`), if any.
    private(set) var exercise: NamedExercise?
    /// Whether the named exercise is an overhead press (its measures the elbow's bend and the
    /// upper arm's elevation): overhead, the arms read alike from the front and the side.
    private var isOverheadPress: Bool {
        exercise.map { $0.kinds.contains(.elbowFlexion) && $0.kinds.contains(.upperArmElevation) } ?? false
    }
    /// Whether the counted measure came from the exercise's name alone (no sentence moved it).
    private var countedFromName = false

    /// The exercise named by the first sentence when it is a title: a name the reader cut off
    /// before a colon or dash, or a first sentence of at most `maxNameWords` words.
    static func namedExercise(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        namedAtStart(readings, exercises: exercises) ?? namedAtEnd(readings, exercises: exercises)
            ?? namedBeforePrescription(readings, exercises: exercises) ?? namedWithItsDose(readings, exercises: exercises)
            ?? namedAfterPreamble(readings, exercises: exercises)
    }

    /// "Post-op Day 0–14 (all LE procedures). Ankle pumps – DVT prophylaxis. …", "tl;dr lighter
    /// than you think. lateral raises are the most ego-lifted exercise …": after sentences that
    /// move nothing (a heading, a greeting), one of the first `maxPreambleSentences` that starts
    /// with an exercise's name, the name ending at a break (dash, bracket, comma, colon), at
    /// the sentence's end, or before "is"/"are" or "vs" ("Re: chest dips vs tricep dips?": the first).
    static func namedAfterPreamble(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        // "If you want to get better at push-ups, slow them down.", "Sit-ups get a bad rap but …":
        // a first sentence that moves and places nothing, talking about one exercise by name.
        // (Not a set-up, "Start in a plank", nor a warm-up, "Warm up with 20 jumping jacks".)
        if let first = readings.first, readings.count > 1, !first.statements.contains(where: \.isMovement), first.named.parts.isEmpty,
            !first.isSetUp, !first.statements.contains(where: \.isTitle),
            !first.sentence.tokens.contains(where: { ["in", "into", "from"].contains($0.word) }),
            !first.sentence.tokens.contains(where: { ["warm", "warm-up", "warmup", "finisher", "then", "after"].contains($0.word) }),
            let named = NamedExercise.named(in: first.sentence.tokens.map(\.word), table: exercises)
        {
            return named
        }
        for i in readings.indices.dropFirst().prefix(maxPreambleSentences - 1) {
            guard readings[..<i].allSatisfy({ !$0.statements.contains(where: \.isMovement) }) else { return nil }
            // ("Knees bent, feet flat": a posture, not a knee bend's name.)
            if readings[i].isSetUp { continue }
            let words = readings[i].sentence.tokens.map(\.word)
            // ("Standing hamstring stretch: feet together, …": a posture before the name is part of it,
            // when the whole is no name: "Standing glute kickback" is one.)
            if let whole = nameBeforeBreak(readings[i].sentence.text) {
                for prefix in [whole, Array(whole.drop(while: Self.postureBeforeName.contains))] where !prefix.isEmpty {
                    if let length = NamedExercise.nameLength(atStartOf: prefix, table: exercises), length == prefix.count {
                        return NamedExercise.named(in: prefix, table: exercises)
                    }
                }
            }
            if let length = NamedExercise.nameLength(atStartOf: words, table: exercises),
                length == words.count || ["is", "are", "vs", "versus"].contains(words[length])
            {
                return NamedExercise.named(in: Array(words.prefix(length)), table: exercises)
            }
            // ("DRILL 3: HIGH KNEES": a heading, then the whole name.)
            if let after = wordsAfterHeading(readings[i].sentence.text),
                NamedExercise.nameLength(atStartOf: after, table: exercises) == after.count
            {
                return NamedExercise.named(in: after, table: exercises)
            }
        }
        return nil
    }
    static let maxPreambleSentences = 3
    /// The body's posture said before an exercise's name ("standing hamstring stretch").
    static let postureBeforeName: Set<String> = ["standing", "seated", "sitting", "lying", "kneeling", "supine", "prone", "half-kneeling"]

    /// The words after a heading's colon ("Drill 3: high knees" → "high knees"), when the
    /// heading is short (at most `maxHeadingWords`) and words follow it.
    static func wordsAfterHeading(_ text: String) -> [String]? {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let heading = DescriptionReader.tokens(in: String(text[..<colon]))
        let after = DescriptionReader.tokens(in: String(text[text.index(after: colon)...])).map(\.word)
        guard (1...maxHeadingWords).contains(heading.count), !after.isEmpty else { return nil }
        return after
    }
    static let maxHeadingWords = 6

    /// "5 minute ab burner⏎CRUNCHES x 25⏎Lift …", "50 ABMAT SIT-UPS for time", "Min 1-10: 12 HR
    /// Push-ups": a sentence among the first `maxDoseNameSentence` that is an exercise's whole
    /// name and its dose, nothing else (a short word of kit or kind before the name may stand,
    /// "abmat", "hr", "db").
    static func namedWithItsDose(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        func isDose(_ word: String) -> Bool { Double(word) != nil || doseWords.contains(word) }
        // ("FINISHER 3 rds for time: 30 AbMat Sit-ups": the name and its dose after a heading.)
        let candidates = readings.prefix(maxDoseNameSentence).flatMap { reading in
            [reading.sentence.tokens.map(\.word)] + (Self.wordsAfterHeading(reading.sentence.text).map { [$0] } ?? [])
        }
        for words in candidates {
            var start = words.prefix(while: isDose).count
            if start < words.count, NamedExercise.nameLength(atStartOf: Array(words[start...]), table: exercises) == nil,
                kitWords.contains(words[start])
            {
                start += 1
            }
            guard start < words.count, let length = NamedExercise.nameLength(atStartOf: Array(words[start...]), table: exercises),
                words[(start + length)...].allSatisfy(isDose), words.contains(where: { Double($0) != nil })
            else { continue }
            return NamedExercise.named(in: Array(words[start..<(start + length)]), table: exercises)
        }
        return nil
    }
    static let maxDoseNameSentence = 3
    /// Words of kit or kind written before a name ("hr", "db", "abmat").
    static let kitWords: Set<String> = [
        "db", "dbs", "kb", "kbs", "bb", "hr", "ghd", "abmat", "trx", "ez", "bw", "band", "banded", "cable", "smith", "weighted", "strict",
        "tempo", "paused", "dumbbell", "barbell", "kettlebell",
    ]
    /// The words of a dose around a name ("x 25", "3 sets of 10 reps", "30 sec each side", "for time").
    static let doseWords: Set<String> = [
        "x", "reps", "rep", "sets", "set", "of", "s", "sec", "secs", "seconds", "min", "mins", "minutes", "each", "side", "sides", "leg",
        "legs", "per", "for", "times", "time", "emom", "amrap", "rounds", "round",
    ]

    /// "morning!! so for today warm up then goblet squats 4x12 w the 12kg kb, …": a name
    /// written just before its sets and reps ("4 x 12") in one of the first two sentences,
    /// wherever it stands in them. The name must end at the prescription.
    static func namedBeforePrescription(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        // (The second sentence only after a short first, a greeting or a title: "Lift one leg … After
        // that bridges 3x10" names a later exercise, not this one.)
        // (Or after a first sentence that moves nothing: "Morning all, no pitch tonight! Start with 3 x 30 jumping jacks".)
        let firstMoves = readings.first.map { !$0.named.parts.isEmpty || $0.statements.contains(where: \.isMovement) } ?? false
        for (n, reading) in readings.prefix(2).enumerated() where n == 0 || readings[0].sentence.tokens.count <= 4 || !firstMoves {
            let words = reading.sentence.tokens.map(\.word)
            // "Start with 3 x 30 jumping jacks": a name right after its sets and reps.
            // (Not a warm-up's: "warm up with 2 x 20 jumping jacks, then …".)
            for j in words.indices
            where j + 3 < words.count && Double(words[j]) != nil && words[j + 1] == "x" && Double(words[j + 2]) != nil
                && !words[..<j].contains(where: { ["warm", "warm-up", "warmup", "finisher", "cool-down", "cooldown"].contains($0) })
            {
                let after = Array(words[(j + 3)...])
                if let length = NamedExercise.nameLength(atStartOf: after, table: exercises) {
                    return NamedExercise.named(in: Array(after.prefix(length)), table: exercises)
                }
            }
            // ("4 x 12", and "x20" or "x 20" written after the name.)
            for j in words.indices
            where j > 0
                && ((j + 2 < words.count && Double(words[j]) != nil && words[j + 1] == "x" && Double(words[j + 2]) != nil)
                    || (words[j].hasPrefix("x") && Double(words[j].dropFirst()) != nil)
                    || (j + 1 < words.count && words[j] == "x" && Double(words[j + 1]) != nil))
            {
                let before = Array(words[max(0, j - maxNameWordsAtStart)..<j])
                let lastForms = Set([before[before.count - 1]] + Lemmatizer.lemmas(of: before[before.count - 1]))
                // ("let the other arm swing 3x30": a part's verb, not a name.)
                if let named = NamedExercise.named(in: before, table: exercises),
                    let lastNameWord = named.name.split(separator: " ").last.map(String.init), lastForms.contains(lastNameWord),
                    ![
                        "arm", "arms", "leg", "legs", "knee", "knees", "hip", "hips", "let", "and", "other", "the", "your", "one", "each",
                        "left", "right", "both",
                    ].contains(
                        before.dropLast(named.name.split(separator: " ").count).last ?? "")
                {
                    return named
                }
            }
        }
        return nil
    }

    /// "… then back down to the shoulders. Military press": a short last sentence, with no
    /// word that instructs, that names an exercise (`maxNameWordsAtEnd` words at most).
    static func namedAtEnd(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        guard readings.count > 1, let last = readings.last, last.sentence.tokens.count <= maxNameWordsAtEnd,
            !last.sentence.hasInstructionWord,
            // The whole sentence is the name ("military press"), not a note about another
            // exercise ("Superset with push ups", "progress to lunges").
            let named = NamedExercise.named(in: last.sentence.tokens.map(\.word), table: exercises),
            named.name.split(separator: " ").count + 1 >= last.sentence.tokens.count
        else { return nil }
        return named
    }
    static let maxNameWordsAtEnd = 4

    private static func namedAtStart(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        guard let first = readings.first, first.sentence.index == 1 else { return nil }
        let words = first.sentence.tokens.map(\.word)
        // A name has no "your": "Stand tall with your elbows bent" is an instruction.
        // A longer one is a name when written as one, in title case ("Bent Over Two-Dumbbell Row
        // With Palms In"); "raise both arms … without swinging" is an instruction.
        // (Title case leaves its little linking words small: "Dumbbell Bench Press with Neutral Grip".)
        let isTitle =
            first.statements.contains(where: \.isTitle) || first.sentence.text.last.map { ":–—-".contains($0) } == true
            || (words.count <= (first.sentence.isTitleCase ? maxNameWords : 4) && !first.sentence.hasInstructionWord)
        if isTitle {
            // "Incline Flyes - With A Twist": the name before the qualifier says the exercise.
            if let n = first.sentence.nameWordsBeforeQualifier,
                let named = NamedExercise.named(in: Array(words.prefix(n)), table: exercises)
            {
                return named
            }
            // ("in a high plank", "from a squat": a place the body starts in, not the exercise's name.)
            // (A heading says what follows: "In a plank: hold 30 seconds.")
            let heading = first.sentence.text.last.map { ":–—-".contains($0) } == true
            if heading || !notInAName.contains(words.first ?? ""), let named = NamedExercise.named(in: words, table: exercises) {
                return named
            }
            // "Warm-up: jumping jacks.", "Exercise 3 - Side plank.": a heading that names no
            // exercise, then a short sentence that does.
            if readings.count > 1, readings[1].sentence.tokens.count <= 4, !readings[1].sentence.hasInstructionWord {
                return NamedExercise.named(in: readings[1].sentence.tokens.map(\.word), table: exercises)
            }
            // "Post-op week 2. SLR: lying on your back, …": the name before the next sentence's colon.
            if readings.count > 1, let prefix = Self.nameBeforeBreak(readings[1].sentence.text),
                let named = NamedExercise.named(in: prefix, table: exercises)
            {
                return named
            }
            // "Warm-up: high knees on the spot for 30 seconds.", "Finisher: mountain climbers 4 x 30 sec.":
            // the name run into the sentence after the heading.
            if readings.count > 1, first.sentence.text.last.map({ ":–—-".contains($0) }) == true,
                let prefix = Self.nameInFirstWords(readings[1].sentence.tokens.map(\.word), table: exercises)
            {
                return NamedExercise.named(in: prefix, table: exercises)
            }
            return nil
        }
        // "Front raise with a plate - hold it at your thighs …", "Hammer curl (dumbbells), stand
        // tall …": a name written before a dash, a bracket or a comma, run into the instruction.
        if let prefix = Self.nameBeforeBreak(first.sentence.text), let named = NamedExercise.named(in: prefix, table: exercises) {
            return named
        }
        // "Regular push ups on the floor but slow, …", "Deadlifts with a barbell off the floor",
        // "Holding dumbbells at my sides doing split squats": a name before the sentence's first
        // place or linking word, or after "doing".
        if let named = Self.nameInFirstWords(words, table: exercises).flatMap({ NamedExercise.named(in: $0, table: exercises) }) {
            return named
        }
        // "AROM L shoulder flex in standing x10": a joint and its anatomical motion name the
        // exercise wherever they stand in the first sentence.
        let motions = exercises.map { row in (names: row.names.filter(Self.isJointMotionName), exercise: row.exercise) }
        if let named = NamedExercise.named(in: words, table: motions) { return named }
        // "Single-leg stance on the left leg for 10 seconds": a hold named by the sentence's first words.
        return NamedExercise.heldNamedAtStart(of: words, in: exercises)
    }

    /// The words before the first spaced dash, bracket, comma or colon of `text`, when they may be a
    /// name: at most `maxNameWordsBeforeBreak` of them, none that instructs ("your", "then").
    static func nameBeforeBreak(_ text: String) -> [String]? {
        let breaks = [" - ", " – ", " — ", "(", ",", ":"]
        guard let end = breaks.compactMap({ text.range(of: $0)?.lowerBound }).min() else { return nil }
        let words = DescriptionReader.tokens(in: String(text[..<end])).map(\.word)
        guard (1...maxNameWordsBeforeBreak).contains(words.count), !words.contains(where: DescriptionReader.instructionWords.contains)
        else { return nil }
        // "Standing in a squat stance, raise …", "From a lunge position, …", "Unlike a curl, …":
        // a place or a comparison is no name; the name is the words before it ("Hip lifts from lying").
        let name = Array(words.prefix { !notInAName.contains($0) })
        // ("Swing the arm forward and back, …": a verb and its object, no name.)
        return name.isEmpty || (name.count > 1 && objectWords.contains(name[1])) ? nil : name
    }
    /// The words of a first sentence that may be a name run into it: those before its first
    /// place or linking word ("regular push ups | on the floor"), or after "doing" up to one;
    /// at most `maxNameWordsAtStart`, none that instructs.
    static func nameInFirstWords(_ words: [String], table exercisesForNames: [NamedExercise.Row] = []) -> [String]? {
        let stops = notInAName.union(["with", "but", "and", "for", "using", "holding", "then"])
        var candidates = [Array(words.prefix { !stops.contains($0) && Double($0) == nil })]
        if let doing = words.firstIndex(where: { ["doing", "do"].contains($0) }) {
            candidates.append(Array(words[(doing + 1)...].prefix { !stops.contains($0) }))
            // ("Most people doing push-ups are doing them wrong": the name right after "doing".)
            let after = Array(words[(doing + 1)...])
            if let length = NamedExercise.nameLength(atStartOf: after, table: exercisesForNames) {
                candidates.append(Array(after.prefix(length)))
            }
        }
        // ("Plank position with …", "Knee bent on one side …": a position or a state, no name.)
        // ("Swing the arm forward": a verb and its object, no name.)
        return candidates.first {
            (1...maxNameWordsAtStart).contains($0.count) && !$0.contains(where: DescriptionReader.instructionWords.contains)
                && !DescriptionReader.muscleVerbs.contains($0[0]) && !$0.contains(where: notANameAtStart.contains)
                && !($0.count > 1 && objectWords.contains($0[1]))
        }
    }
    static let maxNameWordsAtStart = 4
    /// Words that open a verb's object ("swing the arm", "curl both dumbbells"): the word before is a verb, not a name.
    static let objectWords: Set<String> = ["the", "a", "an", "one", "both", "each", "either"]
    /// Words that make a sentence's first words a position or a state rather than a name.
    static let notANameAtStart: Set<String> = [
        "position", "pose", "stance", "bent", "straight", "flat", "tall", "upright", "lying", "standing", "sitting", "kneeling",
    ]

    /// Words that make the words before a break a place, a time or a comparison, not a name.
    static let notInAName: Set<String> = [
        "in", "from", "at", "on", "into", "like", "unlike", "as", "of", "to", "after", "before", "during", "while", "when", "if",
        "starting", "beginning", "start", "begin",
    ]
    static let maxNameWordsBeforeBreak = 6

    /// Whether an exercise's name is a physio's abbreviation of a joint and its motion
    /// ("shoulder flex", "hip abd", "knee ext", "slr"): words no instruction uses for anything
    /// else. (The words in full, "90 degrees of hip flexion", "slight knee flexion", also
    /// describe positions, so they name the exercise only in a title.)
    static func isJointMotionName(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        guard let last = words.last else { return false }
        if words.count == 1 { return name == "slr" }
        return words.count == 2 && ["shoulder", "hip", "knee", "elbow"].contains(words[0]) && ["flex", "ext", "abd", "add"].contains(last)
    }
    /// A sentence's first movement statement.
    static func firstMovement(_ reading: SentenceReading) -> DraftTarget? {
        reading.statements.lazy.compactMap { if case .movement(let t) = $0 { t } else { nil } }.first
    }

    /// Whether a sentence says its movement is undone ("…, then lower them again", "return to
    /// the start", "back down"): a rep, not a position reached once.
    static func goesAndComesBack(_ reading: SentenceReading) -> Bool {
        let words = reading.sentence.tokens.map(\.word)
        let pairs = Set(zip(words, words.dropFirst()).map { "\($0) \($1)" })
        return words.contains { ["again", "return", "returns", "returning"].contains($0) }
            || !pairs.isDisjoint(with: ["back down", "back up", "back to", "then lower", "then straighten", "then release"])
    }

    /// The exercise a description tells by what the body does when no sentence names it, or nil:
    /// - sitting up from lying (not on the side, not after a bridge: "lift your hips … then sit up
    ///   and rest" ends the set) is a sit-up ("Lie on your back, knees bent. Sit up until you are upright");
    /// - hips lifted lying on the side, with no leg lifted beside them, are a side plank ("On your
    ///   side, elbow under the shoulder, lift the hips up off the floor … hold it 20 seconds");
    /// - the chest lowered from a plank is a push-up, done by the elbows, not a lean of the trunk
    ///   ("Start in your plank, arms straight. Lower your chest down near the floor").
    static func exerciseToldByTheBody(_ readings: [SentenceReading], exercises: [NamedExercise.Row]) -> NamedExercise? {
        let onTheSide = liesOnTheSide(readings)
        if liesOnTheBack(readings) || liesDown(readings), !onTheSide,
            readings.contains(where: { sitsUp($0) && !$0.sentence.tokens.contains { ["rest", "relax", "switch"].contains($0.word) } }),
            !readings.contains(where: { $0.sentence.tokens.contains { ["hips", "bridge", "bottom", "pelvis"].contains($0.word) } })
        {
            return NamedExercise.named(in: ["sit", "up"], table: exercises)
        }
        // ("lift the hips up", not "don't lift your hips" nor "float the leg up to hip height";
        // side-lying leg work keeps the hips still while a leg lifts.)
        if onTheSide,
            readings.contains(where: {
                lifts($0, ["hips", "pelvis"], within: 3, verbs: ["lift", "lifts", "raise", "raises", "push", "drive"])
            }),
            !readings.contains(where: { lifts($0, ["leg", "knee"], within: 4, verbs: ["lift", "lifts", "raise", "raises"]) })
        {
            return NamedExercise.named(in: ["side", "plank"], table: exercises)
        }
        // "Hands on the floor a bit wider than your shoulders … lower down till your face is almost
        // at the floor, then press up": the body lowered between the hands is a push-up.
        // (Not a child's pose, sitting back on the heels.)
        if readings.contains(where: { placesTheHands($0, on: pushUpSupports) }), readings.contains(where: lowersTheChestToTheFloor),
            !liesOnTheBack(readings),
            !readings.contains(where: { $0.sentence.tokens.contains { ["heels", "child's", "dip", "dips"].contains($0.word) } })
        {
            return NamedExercise.named(in: ["push-up"], table: exercises)
        }
        // "Down the back knee goes near the ground": the back knee lowered to the floor is a lunge's.
        // (Not "lying on your back, knees bent".)
        if !liesOnTheBack(readings), !liesDown(readings),
            readings.contains(where: { r in
                let tokens = r.sentence.tokens
                let words = tokens.map(\.word)
                // (Not "your back, knees and hips in line", nor a kneeling set-up: the knee is lowered.)
                return tokens.indices.dropFirst().contains { i in
                    ["back", "rear", "trailing"].contains(tokens[i - 1].word) && ["knee", "knees"].contains(tokens[i].word)
                        && !tokens[i].afterComma
                }
                    && words.contains { ["ground", "floor"].contains($0) }
                    && words.contains {
                        [
                            "lower", "lowers", "down", "drop", "drops", "sink", "sinks", "toward", "towards", "touch", "touches", "near",
                            "nearly", "kiss", "kisses", "hover", "hovers", "bend",
                        ]
                        .contains($0)
                    }
                    && !words.contains { ["kneel", "kneeling", "half-kneeling", "press", "hinge"].contains($0) }
            })
        {
            return NamedExercise.named(in: ["lunge"], table: exercises)
        }
        if readings.contains(where: { $0.sentence.tokens.contains { ["plank", "planks"].contains($0.word) } }),
            readings.contains(where: { r in
                r.failure == nil && firstMovement(r).map { $0.measure.kind == .trunkLean && $0.movement == .lower } == true
            })
        {
            return NamedExercise.named(in: ["push-up"], table: exercises)
        }
        return nil
    }

    /// Whether a sentence leans the body over to a side after what it raises ("reach your right
    /// arm over your head and lean over to the left"): a lean word, then "over", "to" or
    /// "sideways" and a side, with no negation before it ("don't lean").
    static func leansToTheSide(_ reading: SentenceReading) -> Bool {
        let words = reading.sentence.tokens.map(\.word)
        return words.indices.contains { i in
            ["lean", "leaning", "bend", "bending", "arc", "tilt"].contains(words[i]) && i > 0
                && !words[max(0, i - 4)..<i].contains(where: Self.negations.contains)
                && words[(i + 1)...].prefix(4).contains { ["left", "right", "side", "sideways"].contains($0) }
        }
    }

    /// Words that negate a movement said within a few words after them.
    static let negations: Set<String> = ["don't", "dont", "not", "no", "never", "without", "avoid", "avoiding", "or", "let", "prevent"]

    /// Whether a sentence puts the hands on one of `supports` ("hands on the floor", "palms
    /// flat on the bench"): "on" or "onto" within three words after the hands, a support
    /// within three after that.
    static func placesTheHands(_ reading: SentenceReading, on supports: Set<String>) -> Bool {
        let words = reading.sentence.tokens.map(\.word)
        return words.indices.contains { i in
            guard ["hands", "hand", "palms"].contains(words[i]),
                let on = words[(i + 1)...].prefix(3).firstIndex(where: { ["on", "onto"].contains($0) })
            else { return false }
            return words[(on + 1)...].prefix(3).contains(where: supports.contains)
        }
    }
    static let pushUpSupports: Set<String> = ["floor", "ground", "mat", "step", "bench", "box", "wall", "deck", "counter", "worktop"]

    /// Whether a sentence lowers the chest, face or nose to the floor ("lower down till your
    /// face is almost at the floor", "chest to the deck"), not negated ("don't let the chest drop").
    static func lowersTheChestToTheFloor(_ reading: SentenceReading) -> Bool {
        let words = reading.sentence.tokens.map(\.word)
        guard words.contains(where: { ["chest", "face", "nose", "chin"].contains($0) }),
            words.contains(where: { ["floor", "ground", "mat", "deck"].contains($0) }),
            words.contains(where: { ["lower", "down", "drop", "descend", "touch", "touches"].contains($0) })
        else { return false }
        // (Not a forward fold or a yoga pose: "bend forward and put your hands on the floor".)
        return !words.contains {
            ["don't", "dont", "not", "never", "fold", "folding", "dog", "cat", "cow", "child's", "forward"].contains($0)
        }
    }

    /// Whether a sentence has one of `verbs`, not negated just before it ("don't lift"), with
    /// one of `parts` among the `within` words after it.
    static func lifts(_ reading: SentenceReading, _ parts: Set<String>, within: Int, verbs: Set<String>) -> Bool {
        let words = reading.sentence.tokens.map(\.word)
        return words.indices.contains { i in
            verbs.contains(words[i]) && words[(i + 1)...].prefix(within).contains(where: parts.contains)
                && !words[max(0, i - 2)..<i].contains { ["don't", "dont", "not", "never", "without", "no"].contains($0) }
        }
    }

    /// Words that lay the body face down ("prone", "on your stomach", "face down", "on your forearms").
    static let faceDownWords: Set<String> = ["prone", "face", "stomach", "belly", "front", "forearms"]

    /// Whether a sentence sits the body up ("sit up until upright", "sit all the way up",
    /// "come up to sitting"); not a posture ("sit up tall", "sit up straight").
    static func sitsUp(_ reading: SentenceReading) -> Bool {
        let words = reading.sentence.tokens.map(\.word)
        if zip(words, words.dropFirst()).contains(where: { ["up", "way"].contains($0) && ["sitting", "seated"].contains($1) }) {
            return true
        }
        return words.indices.contains { i in
            guard ["sit", "sits"].contains(words[i]), let up = words[(i + 1)...].prefix(4).firstIndex(of: "up") else { return false }
            return up + 1 >= words.count || !NamedExercise.postureWords.contains(words[up + 1])
        }
    }

    /// Whether the description lies the body on its side ("on your side", "lie on one side").
    static func liesOnTheSide(_ readings: [SentenceReading]) -> Bool {
        readings.contains { reading in
            let words = reading.sentence.tokens.map(\.word)
            return zip(words, zip(words.dropFirst(), words.dropFirst(2))).contains {
                ["on", "onto"].contains($0) && ["your", "one", "the"].contains($1.0) && $1.1 == "side"
            }
        }
    }

    /// Whether the description lies the body down, not face down ("lie down on the mat").
    static func liesDown(_ readings: [SentenceReading]) -> Bool {
        let words = readings.flatMap { $0.sentence.tokens.map(\.word) }
        return words.contains { ["lie", "lying", "lay"].contains($0) }
            && !words.contains(where: faceDownWords.contains)
    }

    /// Whether the body lies on its back for the movement: a sentence up to the main one
    /// (`through`, an index of `readings`; nil: all) lies it down on its back ("lie on your
    /// back", "lying supine"), and none before it stands or sits. Not "hands on the back of a
    /// chair", "barbell on your back", nor "afterwards lie on your back and rest".
    static func liesOnTheBackFirst(_ readings: [SentenceReading], through index: Int?) -> Bool {
        let upTo = readings.prefix(index.map { $0 + 1 } ?? readings.count)
        guard
            let lying = upTo.firstIndex(where: { r in
                let words = r.sentence.tokens.map(\.word)
                return words.contains(where: SentenceInterpreter.lyingWords.contains) && liesOnTheBack([r])
                    && !liesOnTheSide([r])
            })
        else { return false }
        let uprightWords: Set<String> = ["stand", "standing", "stands", "sit", "sitting", "seated", "sits"]
        return !upTo[...lying].contains { r in r.sentence.tokens.contains { uprightWords.contains($0.word) } }
    }

    /// Whether the description lies the body on its back ("lie on your back", "lying supine").
    static func liesOnTheBack(_ readings: [SentenceReading]) -> Bool {
        readings.contains { reading in
            let words = reading.sentence.tokens.map(\.word)
            // "On your back", "on the back", "supine"; not face down ("lie face down, keep your back flat").
            let triples = zip(words, zip(words.dropFirst(), words.dropFirst(2)))
            let prone = words.contains(where: faceDownWords.contains)
            return !prone
                && (words.contains("supine")
                    || triples.contains { $0 == "on" && ["your", "the", "my"].contains($1.0) && $1.1 == "back" }
                    || zip(words, words.dropFirst()).contains { $0 == "on" && $1 == "back" })
        }
    }

    /// The start position of an arm raise when a sentence before the main one puts the arms
    /// overhead (at least `overheadStart` degrees): its elevation and sentence number.
    static func startsAtTop(_ readings: [SentenceReading], before index: Int, _ measure: BodyMeasure)
        -> (elevation: Double, sentence: Int)?
    {
        let arms: Set<BodyMeasure.Kind> = [.armElevation, .upperArmElevation]
        guard arms.contains(measure.kind) else { return nil }
        for reading in readings[..<index] where reading.failure == nil {
            for statement in reading.statements {
                if case .movement(let t) = statement, arms.contains(t.measure.kind), let goal = t.target, goal >= overheadStart {
                    return (goal, reading.sentence.index)
                }
            }
        }
        return nil
    }
    /// The least trunk lean, degrees, a height said of the trunk is a goal of; below it the trunk is upright.
    static let leastTrunkGoal = 30.0
    /// The upper arm's elevation at the top of a press, degrees, when the words give no start position.
    static let pressTop = 170.0
    /// The least arm elevation, degrees, of a start position "overhead".
    static let overheadStart = 150.0

    /// The most words in an exercise's name as a first sentence ("Bent Over Two-Dumbbell Row With Palms In").
    static let maxNameWords = 12

    private mutating func settleMainMovement(_ readings: inout [SentenceReading]) throws(KinetixError) {
        // The main movement: the first movement sentence, else a rep definition that
        // names one, else the title's ("Squat.").
        var index: Int?
        var target: DraftTarget?
        var fromTitle = false
        // The exercise the title names decides what is counted: its movement sentence gives
        // the goal; a set-up sentence never replaces it (`NamedExercise`).
        exercise = Self.namedExercise(readings, exercises: exercises)
        if exercise == nil { exercise = Self.exerciseToldByTheBody(readings, exercises: exercises) }
        // ("… #plank #corestrength": a caption's hashtag names it when its words neither name it
        // nor move anything but a set-up; the draft says to check it, tags being loose: "#legday #squats".)
        if exercise == nil,
            !readings.contains(where: { reading in
                reading.failure == nil && !reading.isSetUp && reading.statements.contains(where: \.movesSomething)
            }),
            let tagged = Hashtags.named(by: hashtags, table: exercises)
        {
            exercise = tagged
            defaultsUsed.append(
                "check: the exercise is named only by a hashtag, '#\(tagged.name.filter { $0 != " " && $0 != "-" })': check it")
        }
        // "Warm-up: jumping jacks.": the short sentence after a heading that named the exercise is its name.
        if let exercise, readings.count > 1, readings[1].failure != nil, readings[1].sentence.tokens.count <= 4,
            NamedExercise.named(in: readings[1].sentence.tokens.map(\.word), table: exercises)?.name == exercise.name
        {
            readings[1].failure = nil
            became[readings[1].sentence.index, default: []].append("the exercise's name, '\(exercise.name)'")
        }
        if let exercise {
            if exercise.kinds.isEmpty {
                throw KinetixError(
                    kind: .invalidData,
                    diagnostics: [
                        Diagnostic(
                            message:
                                "nothing measurable in the description: '\(exercise.name)' is not something body keypoints can count: \(exercise.unmeasurable ?? "")"
                        )
                    ])
            }
            for pass in 0..<2 where target == nil {
                for (i, reading) in readings.enumerated() where target == nil && reading.failure == nil && !reading.isSetUp {
                    for statement in reading.statements where target == nil {
                        switch (pass, statement) {
                        case (0, .movement(var t)), (1, .reps(var t?)):
                            // "Press the weights up over your head" in a shoulder press: the arm is
                            // raised by its upper arm, the exercise's measure (the wrist's elevation,
                            // close to the shoulder at the start, barely moves).
                            if t.measure.kind == .armElevation, !exercise.kinds.contains(.armElevation),
                                exercise.kinds.contains(.upperArmElevation)
                            {
                                t.measure = BodyMeasure(kind: .upperArmElevation, plane: t.measure.plane)
                            }
                            // A named press is counted on its elbows: bent and straightened, each rep ends
                            // at lockout wherever the clip starts (at the shoulders or overhead).
                            if t.pressed, exercise.kinds.first == .elbowFlexion { continue }
                            // The name's own measure, or another it allows when the sentence gives its goal
                            // ("until the thighs are parallel"); "drop the back knee" alone is the split squat's knees.
                            guard t.measure.kind == exercise.kinds[0] || (exercise.kinds.contains(t.measure.kind) && t.target != nil) else {
                                continue
                            }
                            target = t
                            index = i
                        default: break
                        }
                    }
                }
            }
            if target == nil {
                let measure = BodyMeasure(kind: exercise.kinds[0], plane: exercise.plane)
                target = DraftTarget(
                    // (Knees lifted are lifted in turn: `SentenceInterpreter.sides`.)
                    measure: measure, sides: !measure.isSided ? .none : measure.kind == .thighElevation ? .either : .both,
                    target: exercise.target,
                    targetSource: exercise.target.map { _ in "the exercise's name, '\(exercise.name)'" }, movement: exercise.movement)
                index = 0
                countedFromName = true
                // A title's own reading is replaced by the name's; an instruction that names a hold
                // ("Plank for 30 seconds") keeps its statements (the time held).
                if readings[0].statements.isEmpty || readings[0].statements.contains(where: \.isTitle) { readings[0].failure = nil }
                if exercise.standsOnNamedSide, measure.isSided {
                    // "On the left leg": the leg stood on; the other is lifted. No side named: either leg.
                    let words = Set(readings.flatMap { $0.sentence.tokens.map(\.word) })
                    let standsOn: BodySide? =
                        words.contains("left") == words.contains("right") ? nil : words.contains("left") ? .left : .right
                    target!.sides = standsOn == .left ? .right : standsOn == .right ? .left : .either
                    if let standsOn {
                        defaultsUsed.append(
                            "stood on the \(standsOn.rawValue) leg: the \(standsOn == .left ? "right" : "left") leg is lifted and measured")
                    }
                }
                let described = readings.lazy.filter { !$0.isSetUp && $0.failure == nil }.compactMap(Self.firstMovement).first?.measure
                if let described, described.kind != measure.kind {
                    defaultsUsed.append(
                        "check: counted \(measure.label), the movement of '\(exercise.name)'; the sentences' first movement is \(described.label), noted beside it: check the counted one"
                    )
                }
            }
        }
        // "Reach one arm over your head and lean over to the other side": the arm overhead is
        // the position a side bend starts from; the lean is the movement.
        if target == nil,
            let first = readings.firstIndex(where: { $0.failure == nil && !$0.isSetUp && Self.firstMovement($0) != nil }),
            let arm = Self.firstMovement(readings[first]), [.armElevation, .upperArmElevation].contains(arm.measure.kind),
            (arm.target ?? 0) >= Self.overheadStart,
            let later = readings.indices.first(where: { i in
                (i > first && readings[i].failure == nil
                    && Self.firstMovement(readings[i]).map { $0.measure.kind == .trunkLean && $0.movement == .lean } == true)
                    || (i == first && Self.leansToTheSide(readings[i]))
            }),
            let lean = later == first
                ? DraftTarget(measure: BodyMeasure(kind: .trunkLean, plane: .frontal), sides: .none, movement: .lean)
                : Self.firstMovement(readings[later])
        {
            target = lean
            index = later
            defaultsUsed.append(
                "counted trunk lean (sentence \(readings[later].sentence.index)), the bend to the side; sentence \(readings[first].sentence.index)'s arm overhead is taken as the position it starts from"
            )
        }
        // "Hinge forward until your chest is at 45 degrees. Pull the dumbbells up, then lower
        // them again": a first movement that is never undone takes the body to the position
        // the rep is done in; the rep is the later movement that goes and comes back.
        if target == nil,
            let first = readings.firstIndex(where: { $0.failure == nil && !$0.isSetUp && $0.statements.contains(where: \.isMovement) }),
            !Self.goesAndComesBack(readings[first]),
            let later = readings.indices.first(where: { i in
                i > first && readings[i].failure == nil && !readings[i].isSetUp && Self.goesAndComesBack(readings[i])
                    && readings[i].statements.contains(where: {
                        if case .movement(let t) = $0 { t.measure.kind != Self.firstMovement(readings[first])?.measure.kind } else { false }
                    })
            }),
            let t = Self.firstMovement(readings[later]), t.movement != .lower
        {
            target = t
            index = later
            defaultsUsed.append(
                "counted \(t.measure.label) (sentence \(readings[later].sentence.index)), the movement that goes and comes back; sentence \(readings[first].sentence.index)'s \(Self.firstMovement(readings[first])!.measure.label) is taken as the position the rep is done in"
            )
        }
        for pass in 0..<5 where target == nil {
            for (i, reading) in readings.enumerated() where target == nil && reading.failure == nil {
                for statement in reading.statements where target == nil {
                    // A set-up sentence's movement is counted only when nothing else moves, and the draft says so.
                    if reading.isSetUp != (pass == 4), statement.isMovement { continue }
                    switch (pass, statement) {
                    case (0, .movement(let t)), (1, .reps(let t?)), (2, .title(_, let t?)), (4, .movement(let t)):
                        if pass == 4 {
                            defaultsUsed.append(
                                "check: the counted \(t.measure.label) comes from a set-up sentence (sentence \(reading.sentence.index)), which may describe the start position rather than the movement"
                            )
                        }
                        target = t
                        index = i
                        fromTitle = pass == 2
                    case (3, .goal(let part, let position?, _)):
                        // "Arms up high above the head": a height alone is reached by a raise.
                        guard let kind = BodyMeasure.described(part: part, movement: .raise, hasPosition: true),
                            SentenceInterpreter.elevations.contains(kind)
                        else { continue }
                        let measure = BodyMeasure(kind: kind)
                        target = DraftTarget(
                            // (Knees lifted are lifted in turn: `SentenceInterpreter.sides`.)
                            measure: measure, sides: !part.isSided ? .none : kind == .thighElevation ? .either : .both,
                            target: position.elevation,
                            targetSource: "'\(position.text)'", movement: .raise)
                        target?.inferredFromPlace = true
                        index = i
                        mainGoalSentence = reading.sentence.index
                    default: break
                    }
                }
            }
        }
        // Words that describe more than one movement leave the counted one in doubt: the draft says so.
        if let counted = target, !countedFromName, exercise == nil, let index {
            let others = readings.enumerated().filter { $0.offset != index && !$0.element.isSetUp && $0.element.failure == nil }
                .compactMap { i, r -> (Int, BodyMeasure)? in
                    // (A later bare lowering after a raise, bend or pull is its way back, not another movement.)
                    guard let t = Self.firstMovement(r),
                        !(i > index && t.movement == .lower && t.target == nil
                            && [.raise, .bend, .pull, .stepUp].contains(counted.movement))
                    else { return nil }
                    return (r.sentence.index, t.measure)
                }.filter { $0.1.kind != counted.measure.kind }
            if let (sentence, other) = others.first {
                defaultsUsed.append(
                    "check: counted \(counted.measure.label) (sentence \(readings[index].sentence.index)); sentence \(sentence) describes \(other.label), noted beside it: check the counted one"
                )
            }
        }
        var movement: DraftMovement = .raise
        var demonstrated: DemonstrationSurvey.Movement?
        let fromName = countedFromName
        if let found = target {
            movement = found.movement ?? Self.movementWord(found.measure)
            if found.target == nil { target = applyGoal(to: found, movement: movement, readings) }
        } else if let survey, let (found, replaced) = survey.portableMainMovement() {
            let others = survey.movements().filter { $0.measure != found.measure }.prefix(3)
            if !others.isEmpty {
                demonstrationNotes.append(
                    "also moving: "
                        + others.map { m in
                            "\(m.measure.label) (\(Self.sidesText(m.sides)), \(m.reps.count) reps of \(m.range.shortText)\(DraftProfileWriter.symbol(m.measure.unit)), score \(String(format: "%.2f", m.score)))"
                        }.joined(separator: "; ") + String(format: "; the movement's score %.2f", found.score))
            }
            let measure = found.measure
            target = DraftTarget(measure: measure, sides: found.sides)
            movement = Self.movementWord(measure)
            demonstrated = found
            demonstrationNotes.append(
                "the movement: \(measure.label), \(Self.sidesText(found.sides)), "
                    + "\(found.direction == .rise ? "rising" : "dipping") from the rest the clip starts at, range \(found.range.shortText)\(DraftProfileWriter.symbol(measure.unit))"
            )
            if let replaced {
                demonstrationNotes.append(
                    "counted on \(measure.label), which a front or a side view shows, rather than \(replaced.measure.label) (the largest movement, \(replaced.reps.count) reps alike), which only a side view reads"
                )
            }
        }
        // Words and a demonstration check each other: the words chose the measure; when the
        // clip's largest repeated movement is another, the draft says so.
        if let words = target, demonstrated == nil, let survey, let shown = survey.mainMovement(), shown.measure.kind != words.measure.kind
        {
            demonstrationNotes.append(
                "check: the words count \(words.measure.label), but the demonstration's largest repeated movement is \(shown.measure.label) "
                    + "(\(shown.reps.count) reps of \(shown.range.shortText)\(DraftProfileWriter.symbol(shown.measure.unit))): the words and the clip disagree"
            )
        }
        guard var target else { return }
        mainSentence = index.map { readings[$0].sentence.index }
        // ("KB passes between legs, bell to chest/eye height": no word moves the part, and no name
        // says what is done: the draft guessed the movement from a place.)
        if target.inferredFromPlace, exercise == nil, survey == nil, let index {
            defaultsUsed.append(
                "check: the counted \(target.measure.label) is inferred from where a part goes (sentence \(readings[index].sentence.index)); no word says it moves"
            )
        } else if let index, exercise == nil, survey == nil,
            readings[index].sentence.tokens.contains(where: { SentenceInterpreter.startWords.contains($0.word) })
        {
            // ("Start with your arms straight up, then bring the weights down …": a sentence that
            // gives the start and then the movement; the start may be what was read.)
            defaultsUsed.append(
                "check: the counted \(target.measure.label) comes from a sentence that also gives the start position (sentence \(readings[index].sentence.index))"
            )
        }
        // ("… and just squat, sit ur bum down …": an exercise named in passing whose measures
        // do not include the counted one leaves the count in doubt.)
        if exercise == nil, survey == nil {
            let named = NamedInPassing.exercises(readings, table: exercises)
            if let first = named.first, !named.contains(where: { NamedInPassing.counts($0, by: target.measure.kind) }) {
                defaultsUsed.append(
                    "check: the words name '\(first.name)', counted on \(BodyMeasure(kind: first.kinds[0]).label), but the draft counts \(target.measure.label): check the counted one"
                )
            }
        }
        // "Lie on your back … lift your hips up": hips raised are the exercise of that name
        // (a bridge: from the hips bent to straight), with its rest and direction.
        if exercise == nil, survey == nil, target.measure.kind == .hipFlexion, movement == .raise {
            guard Self.liesOnTheBack(readings) else {
                // Kneeling or standing, "hips up" may be an arch, a pike or a thrust forward: no guess.
                let failure = "hips raised are counted as a bridge, lying on the back; say how the body lies ('lie on your back')"
                if let index { readings[index].failure = failure }
                return
            }
            exercise = NamedExercise.named(in: ["hip", "raise"], table: exercises)
        }
        // "Lie on your back … draw one knee towards your chest": lying, the thigh starts level
        // (90° from hanging), so its elevation says nothing of how far it came in; the hip's
        // bend, from the body, does (0° lying straight, about 120° knee at the chest).
        // (Not a knee taken out to the side, and a goal in degrees stays: "raise the bent knee towards your chest to 45 degrees". A title is
        // read with the whole description: "Knee to chest. Lie on your back …")
        if survey == nil, target.measure.kind == .thighElevation, target.measure.plane != .frontal,
            Self.liesOnTheBackFirst(readings, through: index.flatMap { readings[$0].statements.contains(where: \.isTitle) ? nil : $0 })
        {
            let inDegrees = target.targetSource?.contains("degree") == true
            target = DraftTarget(
                measure: BodyMeasure(kind: .hipFlexion), sides: target.sides, target: inDegrees ? target.target : nil,
                targetSource: inDegrees ? target.targetSource : nil, movement: movement)
            if let index {
                note(readings[index], "lying on the back: the thigh drawn in is counted as the hip's bend")
                // (The sentence's own thigh movement is this one, not a second goal to reach.)
                readings[index].statements.removeAll { statement in
                    if case .movement(let t) = statement { t.measure.kind == .thighElevation } else { false }
                }
            }
        }
        // "Shoulder press … lower to ear height, elbows slightly forward": an overhead press
        // raises the arms overhead, which reads alike from the front and the side; a plane
        // word there places the elbows, and asks for no view.
        if survey == nil, !viewWorded, isOverheadPress, [.armElevation, .upperArmElevation].contains(target.measure.kind),
            target.measure.plane != nil
        {
            target.measure.plane = nil
            if let index { note(readings[index], "an overhead press reads from the front or the side: the plane word places the elbows") }
        }
        // "Repeat on the other side": the rep is each side's in turn.
        let eachSide = readings.contains { $0.failure == nil && $0.statements.contains(where: \.isEachSide) }
        // "Lift your right leg … Do 10 on each leg": the side named first is only where it starts.
        // (A split squat or a squat bends both knees in every rep: "8 each leg" says which leg
        // is in front, and the rep stays both sides together, so a step away is no rep.)
        let bothKneesEveryRep = [.lunge, .squat].contains(movement) || exercise.map { [.lunge, .squat].contains($0.movement) } == true
        if eachSide, target.measure.isSided, [.both, .left, .right].contains(target.sides), !bothKneesEveryRep {
            target.sides = .either
        }
        if plan.view == .any, target.measure.view != .any { plan.view = target.measure.view }
        // A squat filmed from the front: the knee angle and the thigh's elevation cannot be
        // seen, the hips' drop toward the knees can (relative to this person's standing).
        // (A demonstration's survey measures angles only: there the view decides as before.)
        // A squat whose words give no view is counted the same way: the hips' drop reads alike
        // from the front, the side or an angle, where the knee angle and the thigh need a side
        // view (a goblet squat filmed from the front was void for a drafted thigh measure).
        // (A squat by its name or its verb: "Goblet squat … bend your knees"; not a jump's knee bend.)
        let isSquat = exercise.map { $0.movement == .squat && !$0.notStanding } ?? (movement == .squat)
        // (Not a squat held: a wall sit or a horse stance may never stand in the clip, and the
        // hips' drop is relative to this person's standing; the knee's angle is absolute.)
        let heldPosition =
            exercise?.hold == true
            || readings.contains { r in
                r.failure == nil
                    && r.statements.contains {
                        if case .hold(let seconds) = $0 { seconds >= DraftDefaults.leastHoldSeconds } else { false }
                    }
            }
        let squatAnyView =
            survey == nil && !viewWorded && isSquat && !heldPosition
            && [.kneeFlexion, .thighElevation].contains(target.measure.kind)
        if squatAnyView { plan.view = .any }
        if squatAnyView
            || (survey == nil && plan.view == .front && [.kneeFlexion, .thighElevation].contains(target.measure.kind)
                && (movement == .squat || movement == .bend || movement == .lower))
        {
            let toPosition = target.target != nil
            target = DraftTarget(
                measure: BodyMeasure(kind: .hipDrop), sides: .none,
                target: toPosition ? Self.hipDropAtParallel : nil,
                targetSource: toPosition ? "\(target.targetSource ?? "the position"), seen from the front as the hips' drop" : nil,
                movement: .squat)
            movement = .squat
        }
        if let failure = invisible(target.measure) {
            // A title only names the exercise: its movement is a fallback, never an error.
            if let index, fromTitle {
                note(readings[index], "its movement is not measured: \(failure)")
                return
            }
            if let index {
                readings[index].failure = failure
                return
            }
            throw KinetixError(.invalidData, "the demonstration's movement, \(target.measure.label): \(failure)")
        }
        var main = DraftPlan.MainMovement(
            measure: target.measure, sides: target.sides, rest: target.measure.rest, target: 0,
            tolerance: DraftDefaults.tolerance(target.measure.unit), movement: movement)
        // A named exercise that starts away from the measure's anatomical rest (a bridge lies
        // with the hips bent and straightens them): its own rest and direction.
        if let exercise, exercise.kinds.first == target.measure.kind, survey == nil {
            main.direction = exercise.direction
            if let rest = exercise.rest { main.rest = rest }
            if fromName || exercise.direction == .dip, let goal = exercise.target, target.target == nil || exercise.direction == .dip {
                target.target = goal
                target.targetSource = target.targetSource ?? "the exercise's name, '\(exercise.name)'"
            }
        }
        var origin: [String] = []
        // "Start with the dumbbells pressed overhead. Lower them to shoulder height, then press
        // back up": the arms start at the top, so each rep goes down from there and back.
        let lowersFirst = target.pressed && target.movement == .lower
        if survey == nil, main.direction == .rise, let index,
            let top = Self.startsAtTop(readings, before: index, target.measure)
                ?? (lowersFirst ? (Self.pressTop, readings[index].sentence.index) : nil)
        {
            main.direction = .dip
            main.rest = top.elevation
            if let goal = target.target, goal >= top.elevation { target.target = nil }
            origin.append("rest \(top.elevation.shortText)° from the start position (sentence \(top.sentence))")
            became[top.sentence, default: []].append(
                lowersFirst && top.sentence == readings[index].sentence.index
                    ? "the press lowers first: each rep of \(target.measure.label) goes down from the top and back"
                    : "the start position, at the top: each rep of \(target.measure.label) goes down from \(top.elevation.shortText)° and back"
            )
        }
        if let survey {
            // Words and a clip: the words chose the measure, the clip says which way it goes.
            let values = survey.values(target.measure, target.sides)
            // The words chose a measure the clip barely moves: its count would be the estimator's noise.
            if demonstrated == nil, let failure = DemonstrationSurvey.barelyMoves(values, target.measure) {
                throw KinetixError(.invalidData, failure)
            }
            let direction = demonstrated?.direction ?? survey.restDirection(values) ?? .rise
            main.direction = direction
            let parts =
                demonstrated?.parts
                ?? [(values, survey.reps(values, direction: direction, floor: DemonstrationSurvey.leastRange(target.measure) * 0.6))]
            let unit = DraftProfileWriter.symbol(target.measure.unit)
            let figures = try survey.repFigures(parts, direction: direction, choose: chosenReps) { spread in
                max(DraftDefaults.leastDemonstratedTolerance, 3 * spread)
            }
            main.rest = figures.rest
            main.tolerance = max(DraftDefaults.leastDemonstratedTolerance, 3 * figures.peakSpread)
            demonstrationNotes.append(
                "\(figures.all.count) reps found; learning from "
                    + (chosenReps.map { "reps \($0.lowerBound)-\($0.upperBound)" } ?? "all of them")
                    + ": far ends \(figures.peaks.map { $0.shortText }.joined(separator: ", "))\(unit), rest \(figures.rest.shortText)\(unit), "
                    + "a rep lasts \(figures.seconds.shortText) s")
            origin.append("rest \(main.rest.shortText) and tolerance \(main.tolerance.shortText) from the demonstration")
            main.target = target.target ?? figures.target
            origin.append(
                target.target == nil ? "goal \(main.target.shortText) from the demonstration" : "goal from \(target.targetSource!)")
        } else {
            main.target = target.target ?? DraftDefaults.target(target.measure.kind)
            if target.target == nil {
                defaultsUsed.append("goal of \(target.measure.label): \(main.target.shortText) \(target.measure.unit)")
            }
            // A rep this small is within the estimator's noise: a typical performance barely moves it.
            let noise = target.measure.unit == "deg" ? DraftDefaults.estimatorNoiseDegrees : DraftDefaults.estimatorNoiseFraction
            if abs(main.target - main.rest) < DraftDefaults.leastRepInNoise * noise {
                defaultsUsed.append(
                    "check: a rep of \(abs(main.target - main.rest).shortText)\(DraftProfileWriter.symbol(target.measure.unit)) of \(target.measure.label) "
                        + "is under \(DraftDefaults.leastRepInNoise.shortText) times the estimator's noise (about \(noise.shortText)\(DraftProfileWriter.symbol(target.measure.unit))): "
                        + "a typical performance barely moves it, so the count may be noise")
            }
            defaultsUsed.append("tolerance of the goal: \(main.tolerance.shortText) \(target.measure.unit)")
            origin.append(target.target == nil ? "goal by default" : "goal from \(target.targetSource!)")
            origin.append("tolerance by default")
        }
        let least = target.measure.unit == "deg" ? 10.0 : 0.1
        guard (main.direction == .rise ? main.target - main.rest : main.rest - main.target) >= least else {
            let failure =
                "the goal (\(main.target.shortText)) is not \(main.direction == .rise ? "above" : "below") the resting \(target.measure.label) (\(main.rest.shortText)): nothing to count"
            if let index {
                readings[index].failure = failure
                return
            }
            throw KinetixError(.invalidData, failure)
        }
        plan.main = main
        // A stretch, a plank, a wall sit is a position held: its hold is timed even when no sentence gives the time.
        if let exercise, exercise.stretch || exercise.hold, exercise.kinds.contains(target.measure.kind) {
            plan.holdSeconds = DraftDefaults.stretchHoldSeconds
            plan.isHold = true
            defaultsUsed.append(
                "hold of a \(exercise.stretch ? "stretch" : exercise.name): \(DraftDefaults.stretchHoldSeconds.shortText) s")
        }
        let text = Self.describe(main, sides: target.sides, origin: origin.joined(separator: "; "))
        if let index { became[readings[index].sentence.index, default: []] += text } else { demonstrationNotes += text }
    }

    /// The report's lines for the main movement: what it measures, the rep counter, the goal's rule.
    static func describe(_ main: DraftPlan.MainMovement, sides: SideChoice, origin: String) -> [String] {
        let unit = DraftProfileWriter.symbol(main.measure.unit)
        let least = DraftPlan.MainMovement.minRangeFraction * abs(main.target - main.rest)
        let rises = main.direction == .rise
        return [
            "measures \(main.measure.explained), \(Self.sidesText(sides))",
            "reps: \(main.measure.repMetricName(sides)) \(rises ? "rises" : "dips") from the rest before each rep by at least \(least.shortText)\(unit) "
                + "and half the clip's typical rep, and comes back",
            "rule reachTarget: warn when a rep \(rises ? "peaks below" : "bottoms out above") \(main.target.shortText) \(rises ? "−" : "+") \(main.tolerance.shortText)\(unit) (\(origin))",
        ]
    }

    /// The main movement with the goal of a sentence like "The thighs must get parallel
    /// to the ground" (which may change what is measured: a squat to a thigh position
    /// is measured by the thigh's elevation).
    private mutating func applyGoal(to target: DraftTarget, movement: DraftMovement, _ readings: [SentenceReading]) -> DraftTarget {
        for reading in readings where reading.failure == nil {
            for statement in reading.statements {
                // (Never another measure than the named exercise allows: "Rowing with dumbbell. Put one
                // knee on the bench, back parallel with the floor" sets up a row, it does not raise a thigh.)
                guard case .goal(let part, let position, let degrees) = statement,
                    let kind = BodyMeasure.described(part: part, movement: movement, hasPosition: position != nil),
                    exercise.map({ $0.kinds.contains(kind) }) ?? true
                else { continue }
                let measure = BodyMeasure(kind: kind, plane: target.measure.plane)
                let isElevation = [.armElevation, .upperArmElevation, .thighElevation, .legElevation].contains(kind)
                guard let value = isElevation ? position?.elevation ?? degrees : degrees else { continue }
                var goal = target
                goal.measure = measure
                goal.sides = !measure.isSided ? .none : (target.sides == .none ? .both : target.sides)
                goal.target = value
                goal.targetSource = position.map { "'\($0.text)'" } ?? "\(value.shortText) degrees"
                mainGoalSentence = reading.sentence.index
                became[reading.sentence.index, default: []].append("the goal of the main movement: \(measure.label) \(value.shortText)°")
                return goal
            }
        }
        return target
    }

    // MARK: - Statements

    /// Adds one statement to the plan; returns why it cannot be used, or nil.
    /// `cueText`: the words a constraint's cue may be made of (the sentence, or its clause).
    private mutating func add(_ statement: DraftStatement, sentence: DescriptionReader.Sentence, cueText: String) -> String? {
        let index = sentence.index
        switch statement {
        case .title, .view:
            return nil
        case .goal(let part, let position, let degrees):
            if mainGoalSentence == index { return nil }
            guard let main = plan.main else { return "a goal needs a movement: say what the \(part.rawValue) does ('raise', 'bend')" }
            guard let kind = BodyMeasure.described(part: part, movement: main.movement, hasPosition: position != nil) else {
                return "cannot tell what the \(part.rawValue) does in a \(main.movement.rawValue)"
            }
            let measure = BodyMeasure(kind: kind, plane: main.measure.plane)
            if squatSeenFromFront(measure) { return squatGoalFromFront(index, hasGoal: position != nil || degrees != nil) }
            if let failure = invisible(measure) { return failure }
            // (A height is a limb's elevation from hanging; the trunk points up from the hips, so its
            // lean is 180° less it: "parallel to the floor" 90°, while "the back straight up" is
            // upright, a posture rather than a goal, not a 170° lean.)
            let isElevation = SentenceInterpreter.elevations.contains(kind)
            let lean = part == .trunk ? position.map { 180 - $0.elevation } : nil
            if let lean, lean < Self.leastTrunkGoal, degrees == nil {
                return "the trunk '\(position!.text)' is upright, a posture, not a goal: say 'keep your back upright' to check it"
            }
            guard let value = isElevation ? position?.elevation ?? degrees : degrees ?? lean else {
                return "the goal needs a position or degrees"
            }
            let tolerance = DraftDefaults.tolerance(measure.unit)
            if kind == main.measure.kind {
                guard abs(value - main.target) < 1e-9 else {
                    return "this goal (\(value.shortText)) contradicts the main movement's (\(main.target.shortText)): keep one"
                }
                became[index, default: []].append("the main movement's goal again: nothing new")
                return nil
            }
            let sides: SideChoice = measure.isSided ? (main.sides == .none ? .both : main.sides) : .none
            plan.reaches.append(.init(measure: measure, sides: sides, target: value, tolerance: tolerance))
            became[index, default: []].append("rule: each rep must reach \(measure.label) \(value.shortText) − \(tolerance.shortText)")
        case .movement(let target) where setUpSentences.contains(index) && mainSentence != index:
            became[index, default: []].append("the start position (\(target.measure.label)): not counted, not a rule")
        case .movement(let target) where target.measure.kind == .trunkLean && exercise?.notStanding == true && mainSentence != index:
            // "Lower your chest to the floor" in a push-up: the trunk moves with the whole body.
            became[index, default: []].append(
                "the trunk moving with the whole body in a \(exercise!.name): part of the counted movement, not a rule of its own")
        case .movement(let target) where countedFromName && mainSentence != index && target.target == nil:
            // The name decided the count and this sentence's movement is another, with no goal of
            // its own ("feet on a step", "bend your knees slightly"): a default goal would be a guess.
            became[index, default: []].append(
                "\(target.measure.label) beside the counted \(exercise?.name ?? "movement"), with no goal given: noted, not a rule")
        case .movement(let target)
        where mainSentence.map({ index > $0 }) == true && target.movement == .lower && target.target == nil
            && [.raise, .bend, .pull, .stepUp].contains(plan.main?.movement):
            // "Lift your hips up. Lower down.", "Curl the dumbbell up. Lower it all the way down.":
            // the way back of the counted movement.
            became[index, default: []].append(
                "the way back from the counted \(plan.main!.measure.label): part of each rep, nothing new to measure")
        case .movement(let target):
            guard let main = plan.main else {
                // The main movement's own sentence; another one when the main could not be used.
                if mainSentence == index { return nil }
                return invisible(target.measure) ?? "the main movement could not be used, so this movement has nothing to add to"
            }
            if target.measure.kind == main.measure.kind {
                // "Arm raises: … Raise both arms forwards and up": the plane said again, when the
                // counted raise had none, is the raise's, with the view that sees it (unless
                // words or a demonstration gave the view).
                if main.measure.plane == nil, let plane = target.measure.plane, survey == nil, !viewWorded, !isOverheadPress,
                    BodyMeasure.seenSegment[main.measure.kind] != nil, [.any, .frontOrOblique].contains(plan.view)
                {
                    plan.main?.measure.plane = plane
                    plan.view = target.measure.view
                    became[index, default: []].append(
                        "the main movement in the \(plane.rawValue) plane: requirements.view \(plan.view.rawValue)")
                    return nil
                }
                if became[index] == nil { became[index] = ["the main movement again (\(main.measure.label)): nothing new to measure"] }
                return nil
            }
            if squatSeenFromFront(target.measure) { return squatGoalFromFront(index, hasGoal: target.target != nil) }
            // "Jump the feet apart while raising the arms": the view that sees the second movement.
            if plan.view == .any, target.measure.view != .any, survey == nil, main.measure.view == .any {
                plan.view = target.measure.view
                became[index, default: []].append("requirements.view \(plan.view.rawValue) (\(target.measure.label) needs it)")
            }
            if let failure = invisible(target.measure) { return failure }
            // "Extending the hips, knees and ankles": a straightening with no goal of its own
            // goes toward 0°, so the default goal (a bend) would be the opposite of what it says.
            if target.movement == .straighten, target.target == nil, demonstrated(target.measure, target.sides) == nil {
                became[index, default: []].append(
                    "\(target.measure.label) straightened beside the main movement, with no goal given: noted, not a rule")
                return nil
            }
            let value = target.target ?? demonstrated(target.measure, target.sides) ?? DraftDefaults.target(target.measure.kind)
            let tolerance = DraftDefaults.tolerance(target.measure.unit)
            plan.reaches.append(.init(measure: target.measure, sides: target.sides, target: value, tolerance: tolerance))
            became[index, default: []].append(
                "rule: each rep must reach \(target.measure.label) \(value.shortText) − \(tolerance.shortText), \(Self.sidesText(target.sides))"
            )
        case .reps(let target):
            guard let main = plan.main else { return "there is no movement to count: describe it ('raise both arms to shoulder height')" }
            if let target, target.measure.kind != main.measure.kind {
                // "Continue back and forth for several repetitions", "complete the repetition by
                // returning the weight": a later sentence that tells the rep by another movement is
                // noted, and the draft asks to check which one is counted.
                if let mainSentence, index > mainSentence {
                    became[index, default: []].append(
                        "a rep told by \(target.measure.label): the draft counts \(main.measure.label) (sentence \(mainSentence)); noted, not counted"
                    )
                    // (The same exercise told by another of its measures, a squat's knees for its hips' drop, needs no check.)
                    let squatFamily: Set<BodyMeasure.Kind> = [.hipDrop, .kneeFlexion, .thighElevation, .hipFlexion]
                    let sameExercise =
                        exercise?.kinds.contains(target.measure.kind) == true
                        || (squatFamily.contains(main.measure.kind) && squatFamily.contains(target.measure.kind))
                        || Self.movesWith(main.measure.kind, target.measure.kind)
                    if !sameExercise {
                        defaultsUsed.append(
                            "check: sentence \(index) tells the rep by \(target.measure.label), the draft counts \(main.measure.label): check the counted one"
                        )
                    }
                    return nil
                }
                return "reps are counted on \(main.measure.label) already; a draft counts one movement"
            }
            if became[index] == nil {
                became[index] = ["reps: one per \(main.movement.rawValue) of \(main.measure.label) and back (see the movement's sentence)"]
            }
        case .eachSide:
            guard let main = plan.main else { return "'each side' needs a movement: describe it ('lift the leg out to the side')" }
            guard main.measure.isSided else {
                // "Side bend, 5 each way": the measure reads the same to either side, so a rep either way counts.
                became[index, default: []].append("each way: \(main.measure.label) reads alike to either side, so a rep either way counts")
                return nil
            }
            guard main.sides == .either else {
                // "Split squats, 8 each leg": both knees bend in every rep; the side is which leg leads.
                became[index, default: []].append(
                    "each leg: both sides bend in every rep, so the rep stays \(main.measure.repMetricName(main.sides)); the leg named is the one in front"
                )
                return nil
            }
            became[index, default: []].append("reps: each side in turn (\(main.measure.repMetricName(main.sides)))")
        case .hold(let seconds)
        where exercise.map({ !$0.hold && !$0.stretch }) == true
            && !sentence.tokens.contains(where: { ["hold", "holding", "pause", "pausing", "stay", "freeze"].contains($0.word) }):
            // "High knees for 30 seconds": a time beside an exercise of reps, with no word that
            // holds, is the set's length, which no rule checks (not a hold on every rep).
            became[index, default: []].append("the set's length, \(seconds.shortText) s: not a rule (the reps are counted)")
        case .hold(let seconds):
            guard plan.main != nil else { return "a hold needs a movement to hold at the top of" }
            plan.holdSeconds = seconds
            defaultsUsed.removeAll { $0.hasPrefix("hold of a ") }
            // A position kept for seconds is a hold; a pause of a second or two at the top is a rep's.
            if seconds >= DraftDefaults.leastHoldSeconds { plan.isHold = true }
            became[index, default: []].append("rule holdTooShort: warn when a rep stays at the goal less than \(seconds.shortText) s")
        case .duration(let seconds):
            // A held position's time; in an exercise of reps, the set's length, which no rule checks.
            if plan.isHold {
                plan.holdSeconds = seconds
                defaultsUsed.removeAll { $0.hasPrefix("hold of a ") }
                became[index, default: []].append("rule holdTooShort: warn when the hold lasts less than \(seconds.shortText) s")
            } else {
                became[index, default: []].append("a set of \(seconds.shortText) s: a programme, not a movement (not checked)")
            }
        case .tempo(let seconds, let direction):
            guard let main = plan.main, let seconds else { return "a tempo needs a movement" }
            let into = (direction == .down) == DraftProfileWriter.goesDown(main.measure, main.movement)
            if into { plan.intoSeconds = seconds } else { plan.returnSeconds = seconds }
            became[index, default: []].append(
                "rule: warn when the way \(direction == .down ? "down" : "up") takes less than \(seconds.shortText) s")
        case .symmetry(let measure, let degrees, let percent):
            guard let measure = measure ?? plan.main?.measure else { return "say which part must stay even ('keep both arms level')" }
            guard measure.isSided else { return "\(measure.label) has no left and right" }
            if let failure = invisible(measure) { return failure }
            let difference = survey.flatMap { s -> Double? in
                let l = s.series[measure.name(.left)] ?? []
                let r = s.series[measure.name(.right)] ?? []
                return s.high(zip(l, r).map { abs($0 - $1) }).map { $0 + DraftDefaults.demonstratedMargin }
            }
            let limit = degrees ?? difference ?? DraftDefaults.symmetryLimit
            if degrees == nil && difference == nil { defaultsUsed.append("left–right difference limit: \(limit.shortText)°") }
            plan.symmetry = (measure, limit, percent && degrees != nil)
            became[index, default: []].append(
                "rule uneven: warn when left and right \(measure.label) differ by more than \(limit.shortText)\(percent && degrees != nil ? " % of the larger side" : "°")"
                    + (degrees == nil ? (difference == nil ? " (default)" : " (from the demonstration)") : ""))
        case .constraint(var measure, var sides, let degrees, let relative):
            // "Keep your body straight" on a push-up, a plank or a bridge: the body lies or
            // leans by design, so straight is the hips kept straight, not the trunk vertical.
            if measure.kind == .trunkLean, !relative, exercise?.notStanding == true {
                if plan.main?.measure.kind == .hipFlexion {
                    became[index, default: []].append(
                        "the body kept straight: the main movement's own goal (hip flexion), not a vertical trunk")
                    return nil
                }
                measure = BodyMeasure(kind: .hipFlexion)
                sides = .both
                became[index, default: []].append(
                    "the body kept straight in a \(exercise!.name), which is not done standing: hip flexion, not the trunk's lean from vertical"
                )
            }
            // "Keep your elbows still by your sides" in a curl: the elbow that bends for the count
            // is kept in place, which the upper arm sets, not kept from bending.
            // (Only where a word places the elbow: "still" alone may mean unbent.)
            let placed = sentence.tokens.contains {
                ["side", "sides", "stationary", "place", "pinned", "fixed", "tucked"].contains($0.word)
            }
            if measure.kind == .elbowFlexion, relative, placed, plan.main?.measure.kind == .elbowFlexion {
                measure = BodyMeasure(kind: .upperArmElevation)
                became[index, default: []].append("the elbows kept in place while they bend: the upper arm kept still")
            }
            // "Keep the trunk upright" from the front: the trunk's lean from vertical reads the same
            // expression in the picture, and from the front it is the sideways lean a front view shows.
            let sidewaysLean = measure.kind == .trunkLean && plan.view == .front
            if sidewaysLean { became[index, default: []].append("seen from the front: the trunk's sideways lean") }
            if !sidewaysLean, let failure = invisible(measure) { return failure }
            // "Keep the upper arms still … and straighten the elbows" read as counting the upper
            // arms: a draft whose words keep still what it counts contradicts itself; it says so.
            // The upper arm and the whole arm, the thigh and the whole leg, rise together: keeping one
            // still keeps the other still too.
            if let main = plan.main, main.measure.kind == measure.kind || Self.movesWith(main.measure.kind, measure.kind) {
                // "Assume a push-up position … with your arms straight", "to begin, hold the bar
                // with your elbows extended": straight in the set-up, or before the movement is
                // described, is where the counted movement starts, not a rule against it.
                // ("Keep your elbows straight" after a curl is a rule against it, set-up or not.)
                let keeps = sentence.tokens.contains { ["keep", "keeping", "maintain", "maintaining", "stay", "remain"].contains($0.word) }
                if !relative, main.measure.kind == measure.kind,
                    (setUpSentences.contains(index) && !keeps) || mainSentence.map({ index < $0 }) == true
                {
                    became[index, default: []].append("the start position (\(measure.label), straight): not a rule")
                    return nil
                }
                let same = main.measure.kind == measure.kind ? "" : ", which moves with \(measure.label)"
                return
                    "this keeps \(measure.label) still or straight, and the draft counts \(main.measure.label)\(same): the words contradict each other (check which movement is counted)"
            }
            sides = sameSideAsMain(sides)
            let fallback: Double =
                switch measure.kind {
                case .trunkLean: DraftDefaults.uprightLimit
                case .kneeValgus: DraftDefaults.valgusLimit
                default: relative ? DraftDefaults.stillLimit : DraftDefaults.straightLimit
                }
            let learned = relative ? nil : demonstrated(measure, sides).map { $0 + DraftDefaults.demonstratedMargin }
            let limit = degrees ?? learned ?? fallback
            if degrees == nil && learned == nil { defaultsUsed.append("\(measure.label) limit: \(limit.shortText)°") }
            plan.constraints.append(
                .init(
                    measure: measure, sides: sides, limit: limit, relative: relative,
                    cue: Self.cue(cueText) ?? Self.constraintCue(measure, relative: relative), sentence: index))
            became[index, default: []].append(
                "rule: warn when \(measure.label)\(relative ? " changes by" : " exceeds") \(limit.shortText)° "
                    + "for 0.3 s\(Self.ruleSidesText(sides))"
                    + (degrees == nil ? (learned == nil ? " (default)" : " (from the demonstration)") : ""))
        case .limit(let measure, var sides, let comparison, let value):
            if let failure = invisible(measure) { return failure }
            sides = sameSideAsMain(sides)
            let above = comparison != .less && comparison != .atLeast
            if !above && plan.main == nil {
                return "'\(comparison == .less ? "less than" : "at least")' is checked per rep: describe the movement to count"
            }
            let cue = above ? Self.constraintCue(measure, relative: false) : DraftProfileWriter.reachCue(measure, nil)
            plan.limits.append(.init(measure: measure, sides: sides, above: above, value: value, cue: cue, sentence: index))
            became[index, default: []].append(
                above
                    ? "rule: warn when \(measure.label) exceeds \(value.shortText) for 0.2 s\(Self.ruleSidesText(sides))"
                    : "rule: warn when a rep's highest \(measure.label) stays below \(value.shortText)")
        }
        return nil
    }

    /// With only a demonstration: limits for the joints it kept still (elbows in a raise,
    /// the trunk in a squat), and for left–right differences of a two-sided movement.
    private mutating func addDemonstratedStillness() {
        guard let survey, let main = plan.main else { return }
        for kind in [BodyMeasure.Kind.elbowFlexion, .kneeFlexion, .trunkLean] where kind != main.measure.kind {
            let measure = BodyMeasure(kind: kind)
            guard invisible(measure) == nil else { continue }
            let sides: SideChoice = measure.isSided ? .both : .none
            let still = sides.sides.allSatisfy { side in
                DemonstrationSurvey.spread(survey.series[measure.name(side)] ?? []).map {
                    $0.high - $0.low < DemonstrationSurvey.stillRangeDegrees
                } ?? false
            }
            guard still, let high = demonstrated(measure, sides) else { continue }
            let limit = high + DraftDefaults.demonstratedMargin
            // A joint held at (or near) its end of range cannot go beyond the limit: no rule.
            guard measure.unit != "deg" || limit < 180 else {
                demonstrationNotes.append("kept still: \(measure.label) at \(high.shortText)°, near its end of range: no limit")
                continue
            }
            plan.constraints.append(
                .init(
                    measure: measure, sides: sides, limit: limit, relative: false,
                    cue: Self.constraintCue(measure, relative: false), sentence: 0))
            demonstrationNotes.append("kept still: \(measure.label) (at most \(high.shortText)°): rule at \(limit.shortText)°")
        }
        if main.sides == .both {
            let l = survey.series[main.measure.name(.left)] ?? []
            let r = survey.series[main.measure.name(.right)] ?? []
            if let high = survey.high(zip(l, r).map { abs($0 - $1) }) {
                plan.symmetry = (main.measure, high + DraftDefaults.demonstratedMargin, false)
                demonstrationNotes.append(
                    "both sides together: left–right difference at most \(high.shortText)°: rule at \((high + DraftDefaults.demonstratedMargin).shortText)°"
                )
            }
        }
    }

    // MARK: - Helpers

    /// A rule for "the elbow" (no side named) in a one-sided exercise is for that side.
    private func sameSideAsMain(_ sides: SideChoice) -> SideChoice {
        guard sides == .either, let main = plan.main, main.sides == .left || main.sides == .right else { return sides }
        return main.sides
    }

    /// True when `measure` is the squat the main movement already measures from the front
    /// by the hips' drop: its knee flexion or thigh elevation, which the front cannot see.
    private func squatSeenFromFront(_ measure: BodyMeasure) -> Bool {
        plan.main?.measure.kind == .hipDrop && [.kneeFlexion, .thighElevation].contains(measure.kind)
    }

    /// A squat statement measured from the front by the main movement's hip drop: with a
    /// goal (thighs parallel, a knee angle) it sets the depth goal, when none was given.
    private mutating func squatGoalFromFront(_ index: Int, hasGoal: Bool) -> String? {
        if hasGoal, var main = plan.main, main.target == DraftDefaults.target(.hipDrop) {
            main.target = Self.hipDropAtParallel
            plan.main = main
            defaultsUsed.removeAll { $0.hasPrefix("goal of hip drop") }
            if let sentence = mainSentence, let old = became[sentence] {
                became[sentence] =
                    old.filter { !$0.hasPrefix("measures ") && !$0.hasPrefix("reps: ") && !$0.hasPrefix("rule reachTarget: ") }
                    + Self.describe(main, sides: main.sides, origin: "goal from sentence \(index); tolerance by default")
            }
            became[index, default: []].append(
                "the goal of the main movement, seen from the front: hip drop \(Self.hipDropAtParallel.shortText) (thighs about parallel)")
        } else if became[index] == nil {
            became[index] = ["the main movement again (hip drop, the squat seen from the front): nothing new to measure"]
        }
        return nil
    }

    /// A front view no words asked for (a demonstration filmed from the front shows where that
    /// clip's camera stood, not what the measure needs), needed only by measures a moderate
    /// angle still shows (`BodyMeasure.readsAtAnAngle`: jumping jacks, a lateral raise),
    /// becomes `frontOrOblique`: a clip filmed at an angle is measured, with a doubt on its
    /// reps, where a side view stays void.
    private mutating func widenFrontView() {
        guard plan.view == .front, !viewWorded else { return }
        let measures =
            [plan.main?.measure].compactMap { $0 } + plan.reaches.map(\.measure) + plan.constraints.map(\.measure)
            + plan.limits.map(\.measure) + [plan.symmetry?.measure].compactMap { $0 }
        guard measures.contains(where: { $0.view == .front }),
            measures.allSatisfy({ $0.view == .any || $0.readsAtAnAngle })
        else { return }
        plan.view = .frontOrOblique
    }

    /// Why the draft's camera view cannot see `measure`, or nil when it can.
    private func invisible(_ measure: BodyMeasure) -> String? {
        guard measure.view != .any, plan.view != .any, measure.view != plan.view else { return nil }
        let filmed = survey?.view == plan.view ? "the demonstration was filmed" : "the draft is filmed"
        return
            "\(measure.label) cannot be seen from the \(plan.view.rawValue) (\(filmed) from the \(plan.view.rawValue)); it needs a \(measure.view.rawValue) view"
    }

    /// The demonstration's 98th percentile of a measure (the higher side), or nil.
    private func demonstrated(_ measure: BodyMeasure, _ sides: SideChoice) -> Double? {
        guard let survey else { return nil }
        return survey.high(survey.values(measure, sides == .both ? .either : sides))
    }

    private mutating func note(_ reading: SentenceReading, _ text: String) {
        became[reading.sentence.index, default: []].append(text)
    }

    /// The sentence itself as the learner's cue, when it is short and has no digits.
    static func cue(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: ".!?; "))
        guard Profile.Rule.isPlainCue(trimmed), !trimmed.isEmpty, trimmed.split(separator: " ").count <= 10 else { return nil }
        return trimmed
    }

    /// Whether two measures rise together (a segment and the limb it belongs to): counting
    /// one while keeping the other still is a contradiction.
    static func movesWith(_ a: BodyMeasure.Kind, _ b: BodyMeasure.Kind) -> Bool {
        let pairs: [Set<BodyMeasure.Kind>] = [[.armElevation, .upperArmElevation], [.thighElevation, .legElevation]]
        return a != b && pairs.contains([a, b])
    }

    /// The hip drop of thighs about parallel to the floor, seen from the front. Straight
    /// on, the drop is 1 − cos(thigh tilt): 0.88 for thighs at 85° (the real MediaPipe body
    /// squatted in `SquatRealBodyTests`); a camera at 3 m sees the knees come toward it and
    /// reads less (the synthesized full squat, 108° of knee flexion: 0.59). 0.65, with the
    /// 0.1 tolerance, passes both and tells a 50° half squat (0.36) to go lower.
    static let hipDropAtParallel = 0.65

    static func constraintCue(_ measure: BodyMeasure, relative: Bool) -> String {
        if relative { return "Keep your \(measure.kind == .headTilt ? "head" : "body") still" }
        switch measure.kind {
        case .elbowFlexion: return "Keep your elbows straight"
        case .kneeFlexion: return "Keep your knees straight"
        case .hipFlexion: return "Stand tall"
        case .trunkLean: return "Keep your back upright"
        case .kneeValgus: return "Push your knees out"
        case .headTilt: return "Keep your head up"
        case .armElevation, .upperArmElevation, .thighElevation, .legElevation: return "Not so high"
        case .stanceWidth: return "Feet closer together"
        case .hipDrop: return "Stand tall"
        }
    }

    static func sidesText(_ sides: SideChoice) -> String {
        switch sides {
        case .left: "left side"
        case .right: "right side"
        case .both: "both sides together"
        case .either: "each side"
        case .none: "whole body"
        }
    }

    /// Sides of a rule: a rule on two sides checks each.
    static func ruleSidesText(_ sides: SideChoice) -> String {
        switch sides {
        case .both, .either: ", each side"
        case .none: ""
        default: ", " + sidesText(sides)
        }
    }

    static func movementWord(_ measure: BodyMeasure) -> DraftMovement {
        switch measure.kind {
        case .armElevation, .upperArmElevation, .thighElevation, .legElevation: .raise
        case .kneeFlexion, .hipDrop: .squat
        case .elbowFlexion, .hipFlexion, .headTilt: .bend
        case .trunkLean: .lean
        case .kneeValgus: .caveIn
        case .stanceWidth: .step
        }
    }

    /// A profile id from a title: lower case, words joined by '-'.
    static func slug(_ title: String) -> String {
        var out = ""
        for c in title.lowercased() {
            if c.isASCII && (c.isLetter || c.isNumber) { out.append(c) } else if !out.hasSuffix("-") && !out.isEmpty { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "drafted-exercise" : out
    }
}

extension DraftPlan {
    /// Seconds rounded to 0.05 s.
    static func roundedSeconds(_ seconds: Double) -> Double { (seconds * 20).rounded() / 20 }
}
