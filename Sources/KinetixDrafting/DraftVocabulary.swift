import Foundation
import KinetixCore
import KinetixProfiles

/// The words `ProfileDrafter` understands, read from a vocabulary file
/// (`Profiles/drafting.vocabulary.json` ships with Kinetix; a user's file is merged on top).
///
/// Each phrase (one or more lower-case words) has one meaning. The meanings are the
/// drafter's fixed concepts (body parts, movements, positions, …); the words for them
/// are data, so a coach can add "delts" or "bum" without touching Swift.
public struct DraftVocabulary: Sendable {
    /// The `format` field of a vocabulary file.
    public static let formatName = "kinetix-vocabulary"
    /// The shipped vocabulary's file name among the embedded profile files.
    public static let shippedFileName = "drafting.vocabulary.json"

    /// What a phrase means to the drafter.
    enum Meaning: Equatable, Sendable {
        case part(DraftBodyPart)
        case movement(DraftMovement)
        /// A named height of the moving segment: its elevation from hanging, degrees.
        case position(name: String, elevation: Double)
        case plane(MovementPlane)
        case view(Profile.Requirements.View)
        case side(SideWord)
        case comparison(DraftComparison)
        case unit(DraftUnit)
        case number(Double)
        case keyword(Keyword)
        /// Something a sentence may speak of that body keypoints cannot see (breathing,
        /// grip, equipment, sets and rest, muscle feel, a machine): the reason, in words.
        /// `always`: the sentence is about it even when it also names a movement
        /// ("breathe out as you lift").
        case notMeasurable(topic: String, reason: String, always: Bool)
        case filler
    }

    /// Phrases by their words joined with one space.
    private(set) var phrases: [String: Meaning] = [:]
    /// Exercises known by name, in the file's order (a merged file's come first, so they win
    /// a tie with the shipped names): the `exercises` section.
    private(set) var exercises: [NamedExercise.Row] = []
    /// The most words in one phrase.
    private(set) var longestPhrase = 1
    /// The most words in a phrase starting with a given word (absent: no phrase does).
    private(set) var longestStartingWith: [String: Int] = [:]

    /// The shipped vocabulary.
    public static func shipped() throws(KinetixError) -> DraftVocabulary {
        guard let data = ProfileLibrary.shippedData(shippedFileName) else {
            throw KinetixError(.notFound, "the shipped vocabulary \(shippedFileName) is missing from this build")
        }
        var vocabulary = DraftVocabulary()
        try vocabulary.merge(data, file: "shipped:" + shippedFileName)
        return vocabulary
    }

    /// Adds a vocabulary file's phrases; a phrase already known takes its new meaning.
    ///
    /// - Throws: `KinetixError` (`.invalidData`) naming the file and the JSON path of every
    ///   problem: an unknown section or meaning, a phrase that is not a string.
    ///   A file that is refused leaves the vocabulary as it was.
    public mutating func merge(_ data: Data, file: String) throws(KinetixError) {
        var merged = self
        try merged.add(data, file: file)
        self = merged
    }

    private mutating func add(_ data: Data, file: String) throws(KinetixError) {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw KinetixError(.invalidData, "\(file): not JSON: \(error.message) at byte \(error.offset)")
        }
        var problems: [String] = []
        var newExercises: [NamedExercise.Row] = []
        guard case .object(let sections) = root else { throw KinetixError(.invalidData, "\(file): a vocabulary is a JSON object") }
        func words(_ value: JSONValue, _ path: String) -> [String] {
            guard case .array(let items) = value else {
                problems.append("\(path): expected a list of words")
                return []
            }
            return items.enumerated().compactMap { index, item in
                guard case .string(let text) = item, text.count <= Self.maxPhraseCharacters else {
                    problems.append("\(path)[\(index)]: expected a word or phrase of at most \(Self.maxPhraseCharacters) characters")
                    return nil
                }
                let count = Self.words(of: text).count
                guard (1...Self.maxWordsPerPhrase).contains(count) else {
                    problems.append("\(path)[\(index)]: a phrase has 1 to \(Self.maxWordsPerPhrase) words; this has \(count)")
                    return nil
                }
                return text
            }
        }
        func named<T>(_ value: JSONValue, _ section: String, _ make: (String) -> T?, _ known: [String], _ add: (T, String) -> Void) {
            guard case .object(let members) = value else {
                problems.append("\(section): expected an object")
                return
            }
            for (key, list) in members {
                guard let meaning = make(key) else {
                    problems.append(
                        "\(section).\(key): not a meaning the drafter knows\(Diagnostic.didYouMean(closestName(to: key, in: known))); known: \(known.joined(separator: ", "))"
                    )
                    continue
                }
                for word in words(list, "\(section).\(key)") { add(meaning, word) }
            }
        }
        for (key, value) in sections {
            switch key {
            case "format":
                if value != .string(Self.formatName) { problems.append("format: expected \"\(Self.formatName)\"") }
            case "formatVersion":
                if value != .number(1) { problems.append("formatVersion: this Kinetix reads version 1") }
            case "comment": break
            case "parts": named(value, key, DraftBodyPart.init(rawValue:), DraftBodyPart.allCases.map(\.rawValue)) { add(.part($0), $1) }
            case "movements":
                named(value, key, DraftMovement.init(rawValue:), DraftMovement.allCases.map(\.rawValue)) { add(.movement($0), $1) }
            case "planes": named(value, key, MovementPlane.init(rawValue:), MovementPlane.allCases.map(\.rawValue)) { add(.plane($0), $1) }
            case "views":
                let view: (String) -> Profile.Requirements.View? = {
                    Profile.Requirements.View(rawValue: $0).flatMap { $0 == .any ? nil : $0 }
                }
                named(value, key, view, ["front", "side"]) { add(.view($0), $1) }
            case "sides": named(value, key, SideWord.init(rawValue:), SideWord.allCases.map(\.rawValue)) { add(.side($0), $1) }
            case "comparisons":
                named(value, key, DraftComparison.init(rawValue:), DraftComparison.allCases.map(\.rawValue)) { add(.comparison($0), $1) }
            case "units": named(value, key, DraftUnit.init(rawValue:), DraftUnit.allCases.map(\.rawValue)) { add(.unit($0), $1) }
            case "keywords": named(value, key, Keyword.init(rawValue:), Keyword.allCases.map(\.rawValue)) { add(.keyword($0), $1) }
            case "positions":
                guard case .object(let members) = value else {
                    problems.append("positions: expected an object")
                    continue
                }
                for (name, entry) in members {
                    guard case .object(let fields) = entry,
                        let elevation = fields.first(where: { $0.key == "elevation" })?.value, case .number(let degrees) = elevation,
                        (0...180).contains(degrees),
                        let list = fields.first(where: { $0.key == "words" })?.value
                    else {
                        problems.append("positions.\(name): expected {\"elevation\": degrees 0…180, \"words\": [...]}")
                        continue
                    }
                    for word in words(list, "positions.\(name).words") { add(.position(name: name, elevation: degrees), word) }
                }
            case "notMeasurable":
                guard case .object(let members) = value else {
                    problems.append("notMeasurable: expected an object")
                    continue
                }
                for (topic, entry) in members {
                    guard case .object(let fields) = entry,
                        case .string(let reason)? = fields.first(where: { $0.key == "reason" })?.value,
                        !reason.isEmpty, reason.count <= Self.maxPhraseCharacters,
                        let list = fields.first(where: { $0.key == "words" })?.value
                    else {
                        problems.append(
                            "notMeasurable.\(topic): expected {\"reason\": \"why keypoints cannot see it\" (at most \(Self.maxPhraseCharacters) characters), \"words\": [...], \"always\": true or false (optional)}"
                        )
                        continue
                    }
                    let always = fields.first(where: { $0.key == "always" })?.value == .bool(true)
                    for word in words(list, "notMeasurable.\(topic).words") {
                        add(.notMeasurable(topic: topic, reason: reason, always: always), word)
                    }
                }
            case "numbers":
                guard case .object(let members) = value else {
                    problems.append("numbers: expected an object")
                    continue
                }
                for (word, number) in members {
                    guard case .number(let n) = number, n.isFinite, abs(n) <= 1e9 else {
                        problems.append("numbers.\(word): expected a number from -1e9 to 1e9")
                        continue
                    }
                    for phrase in words(.array([.string(word)]), "numbers.\(word)") { add(.number(n), phrase) }
                }
            case "fillers":
                for word in words(value, key) { add(.filler, word) }
            case "exercises":
                guard case .array(let items) = value else {
                    problems.append("exercises: expected a list of exercises")
                    continue
                }
                var rows: [NamedExercise.Row] = []
                for (index, item) in items.enumerated() {
                    if let row = Self.exercise(item, "exercises[\(index)]", words: words, problems: &problems) { rows.append(row) }
                }
                newExercises += rows
            default:
                let known = [
                    "format", "formatVersion", "comment", "parts", "movements", "positions", "planes", "views", "sides",
                    "comparisons", "units", "numbers", "keywords", "notMeasurable", "fillers", "exercises",
                ]
                problems.append("\(key): unknown section" + Diagnostic.didYouMean(closestName(to: key, in: known)))
            }
        }
        guard problems.isEmpty else {
            throw KinetixError(
                diagnostics: problems.prefix(50).map { Diagnostic(file: file, message: $0) }
                    + (problems.count > 50 ? [Diagnostic(file: file, message: "… and \(problems.count - 50) more problems")] : []))
        }
        exercises = newExercises + exercises
        try finishMerge(file: file)
    }

    /// One entry of `exercises`: {"names": [...], "measures": [...], "movement": "bend", and
    /// optionally "plane", "direction" ("rise"/"dip"), "rest", "target" (degrees), "notStanding",
    /// "stretch", "hold", "standsOnNamedSide" (true/false), "unmeasurable" (why, when
    /// "measures" is empty)}. Problems are added to `problems`, by JSON path.
    private static func exercise(
        _ item: JSONValue, _ path: String, words: (JSONValue, String) -> [String],
        problems: inout [String]
    ) -> NamedExercise.Row? {
        guard case .object(let fields) = item else {
            problems.append("\(path): expected an object")
            return nil
        }
        let before = problems.count
        func field(_ name: String) -> JSONValue? { fields.first { $0.key == name }?.value }
        let flags = ["notStanding", "stretch", "hold", "standsOnNamedSide"]
        let knownFields = ["names", "measures", "movement", "plane", "direction", "rest", "target", "unmeasurable"] + flags
        for (key, _) in fields where !knownFields.contains(key) {
            problems.append("\(path).\(key): unknown field" + Diagnostic.didYouMean(closestName(to: key, in: knownFields)))
        }
        let names = field("names").map { words($0, "\(path).names") } ?? []
        if names.isEmpty, field("names") == nil || problems.count == before {
            problems.append("\(path).names: expected a list of at least one name")
        }
        var kinds: [BodyMeasure.Kind] = []
        if case .array(let list)? = field("measures") {
            for (i, entry) in list.enumerated() {
                guard case .string(let text) = entry, let kind = BodyMeasure.Kind(rawValue: text) else {
                    problems.append(
                        "\(path).measures[\(i)]: not a measure the drafter knows; known: \(BodyMeasure.Kind.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                    continue
                }
                kinds.append(kind)
            }
        } else {
            problems.append("\(path).measures: expected a list of measures ([] when the keypoints cannot count it)")
        }
        guard case .string(let movementName)? = field("movement"), let movement = DraftMovement(rawValue: movementName) else {
            problems.append("\(path).movement: expected one of \(DraftMovement.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        var exercise = NamedExercise(kinds: kinds, movement: movement)
        if let value = field("plane") {
            if case .string(let text) = value, let plane = MovementPlane(rawValue: text) {
                exercise.plane = plane
            } else {
                problems.append("\(path).plane: expected \(MovementPlane.allCases.map(\.rawValue).joined(separator: " or "))")
            }
        }
        if let value = field("direction") {
            if case .string(let text) = value, let direction = Profile.RepCounter.Movement(rawValue: text) {
                exercise.direction = direction
            } else {
                problems.append("\(path).direction: expected rise or dip")
            }
        }
        for name in ["rest", "target"] {
            guard let value = field(name) else { continue }
            guard case .number(let degrees) = value, (0...180).contains(degrees) else {
                problems.append("\(path).\(name): expected degrees 0…180")
                continue
            }
            if name == "rest" { exercise.rest = degrees } else { exercise.target = degrees }
        }
        for name in flags {
            guard let value = field(name) else { continue }
            guard case .bool(let on) = value else {
                problems.append("\(path).\(name): expected true or false")
                continue
            }
            switch name {
            case "notStanding": exercise.notStanding = on
            case "stretch": exercise.stretch = on
            case "hold": exercise.hold = on
            default: exercise.standsOnNamedSide = on
            }
        }
        if let value = field("unmeasurable") {
            if case .string(let text) = value, !text.isEmpty, text.count <= maxPhraseCharacters {
                exercise.unmeasurable = text
            } else {
                problems.append(
                    "\(path).unmeasurable: expected why the keypoints cannot count it, at most \(maxPhraseCharacters) characters")
            }
        }
        if kinds.isEmpty, exercise.unmeasurable == nil, problems.count == before {
            problems.append("\(path).unmeasurable: an exercise with no measures needs the reason the keypoints cannot count it")
        }
        guard problems.count == before else { return nil }
        // Names are matched on lemmatized, lower-case words, as the reader splits them.
        return (names.map { Self.words(of: $0).joined(separator: " ") }, exercise)
    }

    private mutating func add(_ meaning: Meaning, _ phrase: String) {
        let words = Self.words(of: phrase)
        let key = words.joined(separator: " ")
        // A filler never hides a meaningful phrase, whichever section came first.
        if meaning == .filler, let existing = phrases[key], existing != .filler { return }
        if phrases.count >= Self.maxPhrases, phrases[key] == nil {
            refusedPhrases += 1
            return
        }
        phrases[key] = meaning
        longestPhrase = max(longestPhrase, words.count)
        longestStartingWith[words[0]] = max(longestStartingWith[words[0]] ?? 0, words.count)
    }

    /// Checks the size limits after a merge and sorts the did-you-mean words, once a file.
    private mutating func finishMerge(file: String) throws(KinetixError) {
        if refusedPhrases > 0 {
            throw KinetixError(
                .invalidData,
                "\(file): the vocabulary would hold \(phrases.count + refusedPhrases) phrases; "
                    + "at most \(Self.maxPhrases), the shipped words included")
        }
        var words = Set<Substring>()
        for key in phrases.keys { for word in key.split(separator: " ") where word.count >= 3 { words.insert(word) } }
        var byFirst: [Character: [String]] = [:]
        for word in words { byFirst[word.first!, default: []].append(String(word)) }
        hintWords = byFirst.mapValues { $0.sorted() }
    }

    /// The most phrases a vocabulary holds, the shipped one and every merged file together.
    public static let maxPhrases = 100_000
    /// The most words in one phrase, and the most characters.
    public static let maxWordsPerPhrase = 8, maxPhraseCharacters = 200

    /// Phrases `add` left out past `maxPhrases` (a merge that has any throws).
    private var refusedPhrases = 0

    /// The meaning of a phrase of words already split by `words(of:)`.
    func meaning(of words: ArraySlice<String>) -> Meaning? { phrases[words.joined(separator: " ")] }

    /// The words of three letters or more the vocabulary knows, by first letter, sorted
    /// (ties of a did-you-mean resolve the same way every run); made from `phrases` at
    /// the end of each merge.
    private(set) var hintWords: [Character: [String]] = [:]

    /// The known word closest to `word` with the same first letter, for did-you-mean.
    func suggestion(for word: String) -> String? {
        guard word.count >= 3, let first = word.first, let candidates = hintWords[first] else { return nil }
        return closestName(to: word, in: candidates)
    }

    /// Lower-case words of a phrase as the description reader splits them.
    static func words(of phrase: String) -> [String] {
        DescriptionReader.tokens(in: phrase).map(\.word)
    }
}

/// A body part the drafter can measure.
enum DraftBodyPart: String, CaseIterable, Sendable {
    case arm, upperArm, elbow, hip, thigh, knee, leg, trunk, head
    /// Whether the part has a left and a right.
    var isSided: Bool { self != .trunk && self != .head }
}

/// A movement the drafter understands.
enum DraftMovement: String, CaseIterable, Sendable {
    case raise, lower, bend, straighten, squat, lean, turn, caveIn, step
    /// A lunge bends both knees (the front one most); a step-up lifts the thigh onto the step.
    case lunge, stepUp
    /// A pull: the hands, a weight or the body drawn in bends the elbows ("pull the handles
    /// to your belly", "pull your chest to the bar"); a knee drawn in raises the thigh
    /// ("pull one knee to your chest").
    case pull
}

/// The anatomical plane a raise happens in, which decides the camera view that sees it.
enum MovementPlane: String, CaseIterable, Sendable {
    /// To the side: seen from the front.
    case frontal
    /// Forward: seen from the side.
    case sagittal
}

/// Which side(s) a sentence speaks of.
enum SideWord: String, CaseIterable, Sendable { case left, right, both, either, each }

/// A comparison word before a number.
enum DraftComparison: String, CaseIterable, Sendable { case more, less, atLeast, atMost, within }

/// A unit after a number.
enum DraftUnit: String, CaseIterable, Sendable {
    case degrees, percent, seconds
    /// Read as seconds (× 60) where the sentence is read.
    case minutes
}

/// Words that give a sentence its role.
enum Keyword: String, CaseIterable, Sendable {
    case count, warn, keep, negate, still, even, other, view, hold, tempo, down, up
}
