import Foundation
import KinetixCore
import KinetixProfiles

/// The result of reading one sentence: a statement, or why there is none.
struct SentenceReading: Sendable {
    var sentence: DescriptionReader.Sentence
    /// What it says, in order (empty when it could not be used).
    var statements: [DraftStatement]
    /// Words not in the vocabulary, with their place and a did-you-mean where one fits.
    var unknownWords: [(word: String, line: Int, column: Int, suggestion: String?)]
    /// Why the sentence could not be used (nil when it was).
    var failure: String?
    /// Where the failure is, when one word is to blame (line, column); else the sentence's start.
    var failurePlace: (line: Int, column: Int)?
    /// Recognised, but nothing body keypoints can check (breathing, grip, equipment, sets):
    /// the reason. The sentence then has no statements and no failure, and blocks nothing.
    var notMeasurable: String?
    /// The body parts and plane the sentence names (for "lower them" in the next one).
    var named = SentenceContext()
    /// Keep / do-not clauses of a movement's sentence that could not be used, each with
    /// its words and the reason: the movement is used, these are reported beside it.
    var clausesLeftOut: [String] = []
    /// The words a constraint's cue may be made of: the sentence, or the constraint's
    /// own clause when the sentence also gives a movement ("keep the upper arms still").
    var cueText: String
    /// A set-up, posture or start-position sentence ("lie on your back with your knees bent",
    /// "your legs should be bent at the knees", "stand tall with a slight bend in the
    /// elbows", "return to the starting position"): its movement words only describe a
    /// position. It gives the start position, never the counted movement of an exercise
    /// whose name or another sentence says what moves.
    var isSetUp = false
    /// The sentence asks for a hold and gives no time ("lift the arms and hold"): a time
    /// said next with no direction is the hold's (`SentenceContext.holdAwaitsTime`).
    var holdsWithoutTime = false
}

/// What earlier sentences named, for the words a sentence leaves out: "Raise the arms,
/// then lower them", "Lateral raise with light dumbbells. Raise the arms to shoulder height."
struct SentenceContext: Sendable {
    var parts: [(part: DraftBodyPart, plural: Bool)] = []
    var plane: MovementPlane?
    /// A sentence so far lays the body down ("lie on your back", "on the mats"): "curl up" is then the trunk's.
    var liesDown = false
    /// The sentence just before asked for a hold and gave no time ("and just hold there"): a
    /// time said next with no direction ("thirty seconds") is that hold's.
    var holdAwaitsTime = false

    /// This context with what `named` names instead, where it names anything.
    func updated(by named: SentenceContext) -> SentenceContext {
        SentenceContext(parts: named.parts.isEmpty ? parts : named.parts, plane: named.plane ?? plane, liesDown: liesDown || named.liesDown)
    }
}

/// Reads sentences into statements by the roles of their words (`DraftVocabulary`):
/// a keyword decides the kind of sentence, body parts and movements decide the measure,
/// positions and numbers the goal.
enum SentenceInterpreter {
    /// - Parameter earlier: the body parts and plane last named in earlier sentences; a
    ///   movement that names none ("then lower them", "every lift counts") is theirs.
    static func read(
        _ sentence: DescriptionReader.Sentence, vocabulary: DraftVocabulary,
        earlier: SentenceContext = SentenceContext()
    ) -> SentenceReading {
        let (phrases, ceiling) = CeilingReading.withoutCeiling(
            HeelSlideReading.rewritten(DescriptionReader.phrases(sentence, vocabulary: vocabulary)))
        var reading = SentenceReading(sentence: sentence, statements: [], unknownWords: [], failure: nil, cueText: sentence.text)
        reading.isSetUp = isSetUp(phrases)
        for (n, phrase) in phrases.filter({ $0.meaning == nil }).enumerated() {
            // A word known only inside a phrase ("front" of "from the front") suggests nothing.
            // Only words with the same first letter are suggested ("wiggle" is not "single"),
            // and short words are easily close to anything: there the first two letters must agree too.
            let suggestion =
                n < 10
                ? vocabulary.suggestion(for: phrase.text).flatMap { suggestion in
                    suggestion == phrase.text || (phrase.text.count <= 5 && suggestion.prefix(2) != phrase.text.prefix(2))
                        ? nil : suggestion
                } : nil  // hints for the first ten unknown words of a sentence
            reading.unknownWords.append((phrase.text, phrase.line, phrase.column, suggestion))
        }
        // ("drop a 🔥", "grab the 🏋️"): an emoji standing for the word a sentence ends on leaves
        // it unread: what it acts on is not known.
        if let last = sentence.tokens.last?.word, ["a", "an", "the", "your", "my"].contains(last),
            sentence.text.reversed().drop(while: { $0.isWhitespace || ".!?".contains($0) }).first.map(DescriptionReader.isEmoji) == true
        {
            reading.notMeasurable = "an emoji stands for the word the sentence ends on: what it acts on is not read"
            return reading
        }
        if let ceiling { reading.clausesLeftOut.append("'\(ceiling)': the goal said is also the most; not checked") }
        if var split = clauses(phrases, sentence: sentence, earlier: earlier, reading: reading, vocabulary: vocabulary) {
            if split.failure != nil { split.clausesLeftOut = [] }
            return split
        }
        interpret(phrases, sentence, earlier: earlier, vocabulary: vocabulary, into: &reading)
        // "Start off with your feet hip-distance apart", "begin on your knees with your torso
        // upright": a set-up sentence that gives nothing the draft can use is the start
        // position, which the draft takes from the clip. A number or a likely misspelling
        // still stops it (either may carry what the sentence asks).
        let misspelt = reading.failure?.contains("is not a word the drafter knows") ?? true
        if reading.isSetUp, !misspelt, !phrases.contains(where: { if case .number? = $0.meaning { true } else { false } }),
            case .notMeasurable(_, let reason, _)? = vocabulary.meaning(of: ["starting", "position"])
        {
            reading.failure = nil
            reading.failurePlace = nil
            reading.notMeasurable = reason
        }
        return reading
    }

    /// The reading of `phrases` as one clause: statements, or the topic keypoints cannot
    /// see, or why neither.
    private static func interpret(
        _ phrases: [DescriptionReader.Phrase], _ sentence: DescriptionReader.Sentence,
        earlier: SentenceContext, vocabulary: DraftVocabulary, into reading: inout SentenceReading
    ) {
        let phrases = PlacementReading.withoutThePlacement(PressIntoSupportReading.withoutTheMeans(phrases))
        var slots = Slots(phrases)
        slots.holdAwaitsTime = earlier.holdAwaitsTime
        // "Press the back of the knee into the bed": an effort without a movement.
        if PressIntoSupportReading.pressesIntoASupport(phrases),
            case .notMeasurable(_, let reason, _)? = vocabulary.meaning(of: ["press", "into", "the", "floor"])
        {
            reading.notMeasurable = reason
            return
        }
        // "Lift both heels off the floor", "bend your ankles": the foot moves, which no keypoint shows.
        if FootMovementReading.movesTheFootOnly(phrases), case .notMeasurable(_, let reason, _)? = vocabulary.meaning(of: ["tiptoes"]) {
            reading.notMeasurable = reason
            return
        }
        // "Turn your upper body to face the wall and raise both arms", "turn your arm so the thumb
        // points up, then raise it": a turn before another movement sets it up.
        // (Another movement of its own part, "it"/"them", or the whole body; not "come back".)
        let movesAfterTheTurn = phrases.indices.contains { i in
            guard let movement = phrases[i].movement, movement != .turn, !isState(phrases, at: i) else { return false }
            return [.squat, .lunge, .stepUp].contains(movement)
                || phrases[(i + 1)...].prefix(3).contains { $0.isPart || ["it", "them"].contains($0.text) }
        }
        if slots.movements.first == .turn, movesAfterTheTurn {
            slots.movements.removeAll { $0 == .turn }
        }
        // "Rotate your upper body to the right", "turn your head to look over your shoulder": a
        // turn of the trunk or the head about the body's long axis, which the keypoints barely show.
        // (The part turned is the one after the turn word: "arms out to the side, rotate your trunk".)
        if slots.movements.first == .turn,
            let part = phrases.firstIndex(where: { $0.movement == .turn }).flatMap({ partObject(of: $0, in: phrases) })
                ?? slots.parts.first?.part,
            [.trunk, .head].contains(part),
            let reason = NamedExercise.named(in: ["trunk", "rotation"], table: vocabulary.exercises)?.unmeasurable
        {
            reading.notMeasurable = reason
            return
        }
        // "Hold a pair of dumbbells at your side": a grasp, said with the grip's reason.
        if slots.keywords.contains(.hold), GraspReading.isGrasp(phrases) {
            slots.keywords.remove(.hold)
            if case .notMeasurable(_, let reason, _)? = vocabulary.meaning(of: ["grip"]) {
                slots.notMeasurable.append((reason, false, "grip"))
            }
        }
        reading.holdsWithoutTime = slots.keywords.contains(.hold) && !slots.numbers.contains { $0.unit == .seconds }
        // "Curl your head and shoulders off the floor": the head moved with the shoulders or
        // the chest is the trunk curling (a crunch), not a nod.
        let trunkWords: Set<String> = ["shoulder", "shoulders", "upper back", "chest", "upper body", "torso", "trunk"]
        if phrases.indices.dropLast(2).contains(where: { i in
            phrases[i + 1].text == "and" && phrases[i].isPart && phrases[i + 2].isPart
                && ((phrases[i].text == "head" && trunkWords.contains(phrases[i + 2].text))
                    || (trunkWords.contains(phrases[i].text) && phrases[i + 2].text == "head"))
        }) {
            slots.parts = [(.trunk, false)]
        }
        // "Curl the shoulders off the floor": shoulders curled or lifted off the floor are the trunk (a crunch).
        // (The shoulders are the first part after the movement word.)
        let words = sentence.tokens.map(\.word)
        // (Not "lift shoulders and feet off the floor": a hollow body, not the trunk alone.)
        if let verb = phrases.firstIndex(where: { $0.movement == .bend || $0.movement == .raise }),
            let shoulders = phrases[(verb + 1)...].firstIndex(where: \.isPart),
            phrases[shoulders].text.hasSuffix("shoulders") || phrases[shoulders].text.hasSuffix("shoulder blades"),
            !(shoulders + 2 < phrases.count && phrases[shoulders + 1].text == "and" && phrases[shoulders + 2].isPart
                && !["head", "your head", "the head", "upper back", "your upper back"].contains(phrases[shoulders + 2].text)),
            // (Face down, shoulders raised off the floor arch the back: no crunch.)
            !words.contains(where: DraftBuilder.faceDownWords.contains),
            words.indices.contains(where: { i in
                ["off", "from"].contains(words[i]) && words[(i + 1)...].prefix(2).contains { ["floor", "mat", "ground"].contains($0) }
            })
        {
            slots.parts = [(.trunk, false)]
            slots.partAfterMovement = .trunk
            if let action = slots.actionAfterState { slots.actionAfterState = (action.movement, .trunk) }
        }
        // "Curl up slowly and slide your hands to your knees": "curl up" or "roll up" said first,
        // with no part or height of its own, is the trunk curling (a curl-up), unless the arms
        // were named just before (a curl of the weights they hold).
        if words.count > 2, ["curl", "roll"].contains(words[0]), words[1] == "up",
            !["to", "the", "your", "them", "it", "toward", "towards"].contains(words[2]), earlier.parts.first?.part != .arm,
            earlier.liesDown || Self.liesDown(words)
        {
            slots.parts = [(.trunk, false)]
            slots.partAfterMovement = .trunk
        }
        // "Bend forward and put your hands on the floor": a bend forward or over with no part of
        // its own is the trunk's (not the hands placed after it).
        if words.count > 1, ["bend", "fold", "hinge"].contains(words[0]), ["forward", "forwards", "over"].contains(words[1]) {
            slots.parts = [(.trunk, false)]
            slots.partAfterMovement = .trunk
        }
        // "Lean over to the side", "arc over to the right": a lean with no part is the trunk's.
        if slots.parts.isEmpty, slots.movements.first == .lean { slots.parts = [(.trunk, false)] }
        // "Lift the kettlebell to shoulder height": a weight moved by its name is moved by the hands
        // (a bar pressed, whatever part a later clause names: "press bar up, move head back out of
        // the way"; not a platform, a wall or a ball pressed by the legs or the back).
        if let verb = phrases.firstIndex(where: { $0.movement.map { [.raise, .lower, .pull, .bend, .straighten].contains($0) } ?? false }),
            let object = phrases[(verb + 1)...].first(where: { $0.meaning != .filler }),
            case .notMeasurable("equipment", _, _)? = object.meaning,
            slots.parts.isEmpty
                || (pressWords.contains(phrases[verb].text) && !phrases[..<verb].contains(where: \.isPart)
                    && Self.handHeld.contains(object.text.split(separator: " ").last.map(String.init) ?? ""))
        {
            slots.parts = [(.arm, true)]
            slots.notMeasurable.removeAll { $0.topic == "equipment" }
        }
        // "Holding the plate in front of your thighs, lift it to eye level": what is held and
        // then moved ("it", "them") is moved by the hands, not by the place it is held at.
        // ("Pull them up to your hips": what is pulled is a weight, pulled by the hands.)
        // (Not what the toes grab and pull: "with the toes grab the towel and pull it to you".)
        if GraspReading.isGrasp(phrases) || phrases.contains(where: { $0.movement == .pull }),
            !slots.notMeasurable.contains(where: { $0.topic == "feet" }),
            let verb = phrases.firstIndex(where: {
                $0.movement.map { GraspReading.isGrasp(phrases) ? [.raise, .lower, .pull].contains($0) : $0 == .pull } ?? false
            }),
            phrases[(verb + 1)...].first(where: { $0.meaning != .filler || ["it", "them"].contains($0.text) })
                .map({ ["it", "them"].contains($0.text) }) == true
        {
            slots.parts = [(.arm, true)]
        }
        reading.named = SentenceContext(parts: slots.parts, plane: slots.plane, liesDown: Self.liesDown(words))
        // "Hold a plate at your hips with both hands. Lift it …": what a grasp moves later is
        // moved by the hands that hold it, not by the place it is held at.
        if GraspReading.isGrasp(phrases), slots.movements.isEmpty {
            let hands = slots.parts.filter { $0.part == .arm }
            reading.named.parts = hands.isEmpty ? [(.arm, true)] : hands
        }
        // "Lift one leg with the knee bent", "lift your legs into tabletop: knees bent at 90
        // degrees": a leg raised with its knee bent is raised by the thigh, the shin hanging from it.
        if let first = slots.parts.first, first.part == .leg, let movement = slots.movements.first, [.raise, .lower].contains(movement),
            phrases.indices.dropLast().contains(where: { i in
                ["knee", "knees"].contains(phrases[i].text.split(separator: " ").last.map(String.init) ?? "")
                    && phrases[i].isPart && phrases[i + 1].text == "bent"
            })
        {
            slots.parts[0].part = .thigh
        }
        let namesItsParts = !slots.parts.isEmpty
        // "Press back up straight overhead": a press to a height with no part named is the arms'
        // (never a part an earlier sentence named: "right by your ears" is no head to press).
        if slots.parts.isEmpty, !slots.positions.isEmpty,
            slots.movementWords.contains(where: { ["press", "presses", "pressing"].contains($0) })
        {
            slots.parts = [(.arm, true)]
        }
        // A tempo or a hold ("take two seconds to go down") times the main movement: it borrows nothing.
        // ("Slowly lower" is the movement itself, said with its pace: it borrows the part.)
        // ("Raise them and hold for 20 seconds": a movement done to "them" or "it" borrows its part,
        // timed or not, when the part named before agrees: "them" plural, "it" one.)
        let movesAPronoun = phrases.indices.contains { i in
            phrases[i].movement != nil && i + 1 < phrases.count
                && (phrases[i + 1].text == "them"
                    ? earlier.parts.first?.plural == true
                    : phrases[i + 1].text == "it" ? earlier.parts.first?.plural == false : false)
        }
        let timesTheMovement = (slots.keywords.contains(.hold) || slots.numbers.contains { $0.unit == .seconds }) && !movesAPronoun
        // "March on the spot": a march with no part of its own lifts the knees in turn (not the
        // month: "since March", "in March").
        let marches = words.indices.contains { i in
            words[i].hasPrefix("march")
                && !(i > 0 && ["in", "since", "of", "this", "last", "next", "early", "late", "mid"].contains(words[i - 1]))
        }
        if slots.parts.isEmpty, marches, slots.movementWords.contains(where: { $0.hasPrefix("march") }) {
            slots.parts = [(.knee, true)]
        }
        // ("… the backswing turn feeling freer": a turn names its own part, or none.)
        if slots.parts.isEmpty, !timesTheMovement, let movement = slots.movements.first, movement != .turn, !earlier.parts.isEmpty,
            BodyMeasure.described(part: nil, movement: movement, hasPosition: !slots.positions.isEmpty) == nil
        {
            slots.parts = earlier.parts
        }
        // "Take the leg out to the side", "bring one knee up": a limb sent out or up is raised
        // (not when a word the drafter does not know comes before the limb and may be what it
        // does: "drive through your heels to stand back up").
        let firstPart = phrases.first(where: \.isPart).map { ($0.line, $0.column) }
        // (A verb that only carries the limb, "bring", "take", "drive", "push", says nothing else.)
        let beforePart = reading.unknownWords.filter { w in firstPart.map { (w.line, w.column) < $0 } ?? false }
        let unknownVerb = beforePart.contains { !carryVerbs.contains($0.word) }
        var carried = beforePart.contains { carryVerbs.contains($0.word) }
        // ("Lie on your back knees up, push your hips up": the part a carry verb moves after a
        // comma is the one after it, not a set-up's before it.)
        if !carried, let verb = phrases.firstIndex(where: { carryVerbs.contains($0.text) }), phrases[verb].afterComma,
            phrases[..<verb].contains(where: \.isPart), let part = partObject(of: verb, in: phrases),
            let at = slots.parts.firstIndex(where: { $0.part == part }), at > 0
        {
            slots.parts.insert(slots.parts.remove(at: at), at: 0)
            carried = true
        }
        // (A part's state, "the straight leg", and the way back, "and return", are no movement of it.)
        let leadingMovements = phrases.indices.filter { i in
            guard let movement = phrases[i].movement, !isState(phrases, at: i) else { return false }
            return !(movement == .lower && i > 0 && ["and", "then"].contains(phrases[i - 1].text))
        }
        // ("Push your hips up to the ceiling": "up to" a place is up, not a most.)
        let upToAPlace = carried && phrases.contains { $0.text == "up to" }
        // ("Push your hips up and hold for 10 seconds": hips carried up may be held there; hips
        // driven forward, "to stand", are a hinge's finish, not a raise.)
        let hipsCarried = carried && slots.parts.first?.part == .hip && (slots.keywords.contains(.up) || upToAPlace)
        // (A set-up said first stands beside it: "lie on your back, push your hips up".)
        if leadingMovements.isEmpty, slots.plane != nil || slots.keywords.contains(.up) || upToAPlace,
            slots.notMeasurable.allSatisfy({ $0.topic == "setUp" }),
            !unknownVerb,
            !slots.numbers.contains(where: { $0.unit == .seconds }) || hipsCarried,
            let part = slots.parts.first?.part, [.arm, .upperArm, .leg, .thigh, .knee].contains(part) || hipsCarried
        {
            // ("Push your hips up to the ceiling": hips carried up are raised, as "lift" says.)
            slots.movements = [.raise]
        }
        // "Bring your knees in toward your chest", "drive one knee toward your chest": a knee or
        // thigh carried in toward the body is drawn in, as "pull" says.
        // (A feeling beside it is no topic of its own: "draw the knee to your chest until you feel a stretch".)
        if leadingMovements.isEmpty, carried, slots.movements.isEmpty, slots.notMeasurable.allSatisfy({ $0.topic == "muscleFeel" }),
            let part = slots.parts.first?.part, [.knee, .thigh].contains(part),
            phrases.contains(where: { ["toward", "towards", "in", "closer", "into"].contains($0.text) })
                // ("Drive the knee to the chest": to the chest is in toward the body too.)
                || phrases.indices.contains { i in
                    phrases[i].text == "to" && phrases[(i + 1)...].prefix(2).contains { $0.text.hasSuffix("chest") }
                }
        {
            slots.movements = [.pull]
        }
        // "Lateral raise … Raise the arms to shoulder height": an arm raise keeps the plane said before.
        if slots.plane == nil, slots.movements.contains(where: { $0 == .raise || $0 == .lower }) || !slots.positions.isEmpty,
            !slots.parts.isEmpty, slots.parts.allSatisfy({ [.arm, .upperArm, .elbow].contains($0.part) })
        {
            slots.plane = earlier.plane
        }
        do {
            reading.statements = try statements(sentence, slots)
        } catch {
            reading.failure = error.message
        }
        // Breathing, grip, equipment, sets: recognised, and nothing keypoints can check.
        // It is the sentence's topic when nothing else in it could be used, or when the
        // vocabulary says it always is ("breathe out as you lift").
        let isTitleReading = reading.statements.contains(where: \.isTitle)
        // "Curl the weight forward as you breathe out": a movement of a part the sentence names
        // stands, the topic beside it.
        // So does a movement with a brief pause ("lift the leg, pausing briefly at the top").
        // (Not a topic that is the sentence's whole movement: "lift one foot and draw circles
        // with your toes" lifts the foot only to circle it.)
        // ("Exhale, sit back as if into a chair": a breath cued first is beside the movement.)
        let breathCue = startsWithBreathCue(phrases)
        // ("Hold 20 seconds and breathe into your belly": a hold timed in seconds, said before the
        // breath, stands beside it; not "breathe in for 4 seconds, hold", nor "do not hold your breath".)
        let holdAt = phrases.firstIndex { phrase in
            if case .number? = phrase.meaning { true } else { phrase.meaning == .keyword(.hold) }
        }
        let breathAt = phrases.firstIndex { if case .notMeasurable("breathing", _, _)? = $0.meaning { true } else { false } }
        let timedHold =
            reading.statements.contains { if case .hold = $0 { true } else { false } }
            && slots.numbers.contains { $0.unit == .seconds } && slots.notMeasurable.allSatisfy { Slots.besideTopics.contains($0.topic) }
            && holdAt.map { h in breathAt.map { h < $0 } ?? true } == true
            && !phrases.contains { $0.meaning == .keyword(.negate) }
        if namesItsParts || breathCue || timedHold, reading.statements.contains(where: \.isMovement) || timedHold,
            !slots.notMeasurable.contains(where: { Slots.wholeMovementTopics.contains($0.topic) }),
            // ("Elbow bent at your side, turn your palm up": with no action of its own, the turn is the movement.)
            !(slots.notMeasurable.contains { $0.topic == "forearmRotation" }
                && !phrases.indices.contains { phrases[$0].movement != nil && !isState(phrases, at: $0) }),
            let topic = slots.notMeasurable.first(where: \.always)
                ?? (slots.keywords.contains(.hold) ? slots.notMeasurable.first { Slots.untimedHolds.contains($0.topic) } : nil)
        {
            reading.notMeasurable = topic.reason
        } else if !isTitleReading,
            let topic = slots.notMeasurable.first(where: \.always) ?? (reading.statements.isEmpty ? slots.notMeasurable.first : nil)
        {
            reading.statements = []
            reading.failure = nil
            reading.notMeasurable = topic.reason
            return
        }
        // A misspelt word may have carried the meaning: then the reading is not trusted.
        // A title is free text: its words need not be known.
        if isTitleReading { reading.unknownWords = [] }
        let typos = reading.unknownWords.filter { w in w.suggestion.map { isLikelyTypo($0, of: w.word) } ?? false }
        if !isTitleReading, let typo = typos.first,
            typosChangeReading(typos, phrases, sentence, earlier: earlier, vocabulary: vocabulary, reading: reading)
        {
            reading.statements = []
            reading.failurePlace = (typo.line, typo.column)
            reading.failure = "'\(typo.word)' is not a word the drafter knows" + Diagnostic.didYouMean(typo.suggestion)
        }
    }

    /// Whether the words `typos` may be misspellings of would change what `phrases` say:
    /// the clause read again with each typo taken as its suggestion, compared with `reading`
    /// (the words ignored). "Drive the bar up" read with 'drift' says what it says without
    /// the word, so 'drive' is ignored; "keep the elbos straight" after a knee raise, read
    /// with 'elbow', keeps the elbows rather than the knee, so 'elbos' stops the sentence.
    private static func typosChangeReading(
        _ typos: [(word: String, line: Int, column: Int, suggestion: String?)], _ phrases: [DescriptionReader.Phrase],
        _ sentence: DescriptionReader.Sentence, earlier: SentenceContext, vocabulary: DraftVocabulary, reading: SentenceReading
    ) -> Bool {
        var corrected = phrases
        for typo in typos {
            guard let i = phrases.firstIndex(where: { $0.meaning == nil && $0.line == typo.line && $0.column == typo.column }),
                let suggestion = typo.suggestion
            else { continue }
            corrected[i].meaning = vocabulary.meaning(of: [suggestion])
        }
        var alternative = reading
        alternative.unknownWords.removeAll { w in typos.contains { $0.line == w.line && $0.column == w.column } }
        alternative.statements = []
        alternative.failure = nil
        alternative.notMeasurable = nil
        interpret(corrected, sentence, earlier: earlier, vocabulary: vocabulary, into: &alternative)
        return "\(alternative.statements)" != "\(reading.statements)" || alternative.notMeasurable != reading.notMeasurable
            || alternative.failure != reading.failure
    }

    /// A sentence of several clauses, read clause by clause; nil when it is read whole.
    ///
    /// - "Keep the upper arms still by your sides and bend the elbows", "raise the arms
    ///   without shrugging, then lower": a keep / do-not clause beside a movement is a
    ///   constraint of its own, and the rest of the sentence is the movement, which the
    ///   constraint never replaces. The clause runs from its "keep"/"do not"/"without" to
    ///   the next comma, "and", "then", "while", "but", "as" or "when". A clause that
    ///   cannot be used is listed in `clausesLeftOut`; the movement still stands.
    /// - "Step forward with one leg and bend both knees", "jump the feet apart while
    ///   raising the arms": a step places the feet, and the exercise is the other
    ///   movement (split at "and", "while", "as" and commas; ", then …" is the return and stays).
    ///
    /// Nil too when the movement part gives no movement, or a step's other clause fails.
    private static func clauses(
        _ phrases: [DescriptionReader.Phrase], sentence: DescriptionReader.Sentence,
        earlier: SentenceContext, reading: SentenceReading, vocabulary: DraftVocabulary
    ) -> SentenceReading? {
        var rest: [DescriptionReader.Phrase] = []
        var constraints: [[DescriptionReader.Phrase]] = []
        var inClause = false
        let phrases = StraightenedLiftReading.rewritten(phrases)
        for (i, phrase) in phrases.enumerated() {
            // "Keeping your head and chest up": "and" before a body part joins parts, not clauses.
            let nextWord = phrases[(i + 1)...].first { $0.meaning != .filler }
            let joinsParts = phrase.text == "and" && nextWord?.isPart == true
            let boundary = phrase.afterComma || (phrase.meaning == .filler && clauseWords.contains(phrase.text) && !joinsParts)
            if phrase.meaning == .keyword(.keep) || phrase.meaning == .keyword(.negate) {
                if !inClause || boundary { constraints.append([]) }
                inClause = true
            } else if boundary {
                inClause = false
            }
            if inClause { constraints[constraints.count - 1].append(phrase) } else { rest.append(phrase) }
        }
        let movements = rest.compactMap(\.movement)
        var movementClauses = [rest]
        if movements.first == .step, movements.contains(where: { $0 != .step }) {
            movementClauses = [[]]
            for (i, phrase) in rest.enumerated() {
                let then = i + 1 < rest.count && rest[i + 1].text == "then"
                // "Extending the hips, knees, and ankles": a comma inside a list of body parts ends no clause.
                let previousWord = rest[..<i].last { $0.meaning != .filler }
                let nextWord = rest[i...].first { $0.meaning != .filler }
                let inList =
                    previousWord?.isPart == true && nextWord?.isPart == true && (phrase.isPart || ["and", "or"].contains(phrase.text))
                let boundary =
                    (phrase.afterComma && phrase.text != "then" && !inList)
                    || (phrase.meaning == .filler && ["and", "while", "as"].contains(phrase.text) && !then)
                if boundary, !movementClauses[movementClauses.count - 1].isEmpty { movementClauses.append([]) }
                movementClauses[movementClauses.count - 1].append(phrase)
            }
            // The exercise's clause first: it is the main movement.
            func isExercise(_ clause: [DescriptionReader.Phrase]) -> Bool { clause.contains { $0.movement != nil && !isStepping($0) } }
            movementClauses = movementClauses.filter(isExercise) + movementClauses.filter { !isExercise($0) }
        }
        // "Keeping the leg straight, take it back behind you": "it" is the part the keep clause names.
        let keptParts = constraints.joined().compactMap { phrase -> (part: DraftBodyPart, plural: Bool)? in
            if case .part(let part)? = phrase.meaning { (part, phrase.text.hasSuffix("s")) } else { nil }
        }
        // The rest must move a body part of its own ("Tip: keep the elbows in" is no lean).
        let restNamesPart =
            rest.contains(where: \.isPart) || (!keptParts.isEmpty && rest.contains { ["it", "them"].contains($0.text) })
            || movements.contains { [.squat, .lunge, .stepUp, .lean].contains($0) }
        guard !constraints.isEmpty || movementClauses.count > 1, !movements.isEmpty, restNamesPart else { return nil }
        var main = reading
        let mainEarlier = earlier.updated(by: SentenceContext(parts: keptParts))
        interpret(movementClauses[0], sentence, earlier: mainEarlier, vocabulary: vocabulary, into: &main)
        // (A breath cued first, "Exhale, arc over to the right", leaves the movement standing.)
        let breathCue = startsWithBreathCue(phrases)
        // (A count said with the movement, "lift your leg, 10 reps", counts it.)
        guard main.failure == nil, main.notMeasurable == nil || breathCue, main.statements.contains(where: \.movesSomething) else {
            return nil
        }
        var context = earlier.updated(by: main.named)
        for clause in movementClauses.dropFirst() {
            var part = reading
            interpret(clause, sentence, earlier: context, vocabulary: vocabulary, into: &part)
            // A step forward ("step forward into the lunge") only places the feet, and a jump
            // up or on ("rebound out of this position") moves the whole body: stance width is
            // measured sideways, so only a step out to the side is a movement.
            if part.named.plane != .frontal, clause.filter({ $0.movement != nil }).allSatisfy(isStepping) {
                context = context.updated(by: part.named)
                continue
            }
            guard part.failure == nil else { return nil }
            context = context.updated(by: part.named)
            main.statements += part.statements.filter { if case .view = $0 { false } else { true } }
            main.named = main.named.parts.isEmpty ? part.named : main.named
        }
        for clause in constraints {
            // "Keeping the knee bent, lift one leg behind you": a leg lifted with its knee kept
            // bent is the thigh raised (the hip-to-ankle line is no leg then).
            if keepsKneeBent(clause),
                let j = main.statements.firstIndex(where: { statement in
                    if case .movement(let t) = statement { t.measure.kind == .legElevation } else { false }
                }), case .movement(var t) = main.statements[j]
            {
                t.measure = BodyMeasure(kind: .thighElevation, plane: t.measure.plane)
                // "Toward the ceiling" is the whole leg's height; a thigh goes about level.
                if let goal = t.target, goal > 90 {
                    t.target = nil
                    t.targetSource = nil
                }
                main.statements[j] = .movement(t)
                continue
            }
            var part = reading
            interpret(clause, sentence, earlier: context, vocabulary: vocabulary, into: &part)
            let words = clause.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
            if let failure = part.failure {
                // The movement stands; the clause is listed as left out, with the reason.
                main.clausesLeftOut.append("'\(words)': \(failure)")
                continue
            }
            if let reason = part.notMeasurable { main.notMeasurable = "'\(words)': \(reason)" }
            main.statements += part.statements
            main.cueText = words.prefix(1).uppercased() + words.dropFirst()
        }
        return main
    }

    /// Verbs that only carry a limb somewhere; where it goes says the movement.
    private static let carryVerbs: Set<String> = [
        "bring", "brings", "bringing", "take", "takes", "taking", "drive", "drives", "driving", "push", "pushes", "pushing",
        "move", "moves", "moving", "kick", "kicks", "kicking", "sweep", "sweeps", "sweeping", "draw", "draws", "drawing",
    ]

    /// Words of the hips or the body sagging.
    private static let sagWords: Set<String> = ["sag", "sags", "sagging"]

    /// Whether a keep clause keeps the knee bent ("keeping the knee bent at 90 degrees").
    private static func keepsKneeBent(_ clause: [DescriptionReader.Phrase]) -> Bool {
        clause.contains { $0.meaning == .keyword(.keep) } && clause.contains { $0.meaning == .part(.knee) }
            && clause.contains { $0.movement == .bend } && !clause.contains { $0.meaning == .keyword(.negate) }
    }

    /// Whether a phrase is a step of the whole body: "jump", "hop", "step", and "step down"
    /// (off a box: the body lowered, not a leg).
    private static func isStepping(_ phrase: DescriptionReader.Phrase) -> Bool {
        phrase.movement == .step || (phrase.movement == .lower && phrase.text.hasPrefix("step"))
    }

    /// Whether an unknown `word` is more likely a misspelling of `suggestion` than a word of
    /// its own: the same length give or take two letters, and not a longer or shorter form
    /// of it ("control" is not a misspelt "controlled", "comfortable" not a misspelt "come").
    /// A likely typo stops the sentence (it may carry the meaning); any other unknown word
    /// is listed and ignored.
    static func isLikelyTypo(_ suggestion: String, of word: String) -> Bool {
        abs(suggestion.count - word.count) <= 2 && !suggestion.hasPrefix(word) && !word.hasPrefix(suggestion)
            // An inflected form ("drifts", "inwards", "flared") is a word of its own, not a misspelling,
            // unless its stem is one letter from the known word ("elbos": "elbo", "elbow").
            && (!Lemmatizer.isInflected(word)
                || Lemmatizer.lemmas(of: word).contains { $0 != suggestion && editDistance($0, suggestion) <= 1 })
            // A short word ("sag", "pike", "pass") is too near too many words to be taken for a typo of one.
            && word.count >= 5
    }

    /// Whether a sentence's movement words only describe a position (see `SentenceReading.isSetUp`):
    /// every movement word is a state ("bent", "straight", "extended", "tilted", a noun after
    /// "slight"/"a"), or the sentence speaks of the start ("starting position", "to start").
    static func isSetUp(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        let words = phrases.map(\.text)
        // ("Hop back to the start": a return, not a set-up.)
        // ("Start with your arms straight up, then bring the weights down …, then push them back up":
        // a start, then the movement, is the movement's sentence.)
        let thenMoves = phrases.indices.contains { i in
            phrases[i].text == "then" && phrases[(i + 1)...].prefix(2).contains { $0.movement != nil || carryVerbs.contains($0.text) }
        }
        if !thenMoves,
            words.indices.contains(where: { i in
                startWords.contains(words[i]) && !(words[i] == "start" && i > 1 && words[i - 1] == "the" && words[i - 2] == "to")
            })
        {
            return true
        }
        // "Stand with your back against the wall", "sit on the front of a chair": a posture
        // first is the start, unless a movement follows after "and"/"then" ("stand tall and
        // raise your arms") or the posture is itself the movement ("stand up", "sit down").
        // (Or a part carried after a comma: "lie on your back knees up, push your hips up to the ceiling".)
        if let first = words.first, postureWords.contains(first),
            words.dropFirst().first.map({ !["up", "down", "back"].contains($0) }) ?? true,
            !phrases.indices.contains(where: { i in phrases[i].movement != nil && i > 0 && ["and", "then"].contains(phrases[i - 1].text) }),
            !phrases.indices.contains(where: { i in
                i > 0 && phrases[i].afterComma && carryVerbs.contains(phrases[i].text) && partObject(of: i, in: phrases) != nil
            })
        {
            return true
        }
        // ("Push your hips up off the floor until your body is straight": a part carried by a verb
        // that only carries it is moved, whatever state the sentence ends in.)
        if let verb = words.firstIndex(where: carryVerbs.contains), partObject(of: verb, in: phrases) != nil,
            words[(verb + 1)...].contains(where: { ["up", "down", "out", "forward", "back", "towards", "toward", "to"].contains($0) })
        {
            return false
        }
        var sawMovement = false
        for i in phrases.indices where phrases[i].movement != nil {
            sawMovement = true
            if !isState(phrases, at: i) { return false }
        }
        return sawMovement
    }

    /// Whether the movement word at `i` names a position, not an action: "bent", "straight",
    /// a word in -ed ("knees bent", "palms tilted inwards": an instruction is never in -ed),
    /// or one after "a"/"with"/"is"/"should" ("a slight bend", "the knee is straight").
    static func isState(_ phrases: [DescriptionReader.Phrase], at i: Int) -> Bool {
        let phrase = phrases[i]
        let before = i > 0 ? phrases[i - 1].text : ""
        let first = phrase.text.split(separator: " ").first.map(String.init) ?? phrase.text
        return stateWords.contains(phrase.text) || stateWords.contains(first) || first.hasSuffix("ed")
            || ["slight", "a", "with", "should", "be", "are", "is", "remain", "stay"].contains(before)
    }
    /// Words of a position, not a movement.
    private static let stateWords: Set<String> = [
        "bent", "straight", "flat", "extended", "fully extended", "locked", "arched", "rounded", "tilted", "flexed", "raised", "lifted",
        "lowered",
    ]
    /// Postures a set-up sentence starts with.
    private static let postureWords: Set<String> = [
        "stand", "sit", "lie", "kneel", "sit on", "lie down", "kneeling", "lying", "seated", "sitting",
    ]
    /// Words of the start position.
    static let startWords: Set<String> = [
        "start", "starting", "begin", "beginning", "starting position", "start position", "initial",
    ]

    /// The little words that end a keep / do-not clause.
    private static let clauseWords: Set<String> = ["and", "then", "while", "but", "as", "when"]

    struct Failure: Error { var message: String }

    /// The largest number a sentence may give (degrees, percent, seconds): larger ones are typos.
    static let maxNumber = 10_000.0

    /// Why `value` in `unit` cannot be a goal, limit or time a body can have, or nil:
    /// beyond ±`maxNumber` it is a typo; an angle is 0 to 180 degrees; a percentage 0 to
    /// 100; a time at least `minSeconds` (about a video frame); a count (no unit) 0 or more.
    static func physicalRangeProblem(_ value: Double, unit: DraftUnit?) -> String? {
        guard value.isFinite, abs(value) <= maxNumber else {
            return "\(NumberScanner.plain(value)) is not a plausible amount (at most \(maxNumber.shortText) degrees, percent or seconds)"
        }
        switch unit {
        case .degrees?:
            return (0...180).contains(value)
                ? nil
                : "\(NumberScanner.plain(value)) degrees is not an angle a joint makes: angles here are 0 to 180 degrees (say which way with words: 'lower', 'behind')"
        case .percent?:
            return (0...100).contains(value) ? nil : "\(NumberScanner.plain(value)) % is outside 0 to 100 %"
        case .seconds?, .minutes?:
            return value >= minSeconds
                ? nil
                : "\(NumberScanner.plain(value)) seconds is too short to see: a time is at least \(NumberScanner.plain(minSeconds)) seconds"
        case nil:
            return value >= 0 ? nil : "\(NumberScanner.plain(value)) is negative: amounts here are 0 or more (say which way with words)"
        }
    }

    /// The body part a verb at `verb` acts on: the first part within the three phrases after
    /// it ("push your hips", "rotate the upper body"), or nil.
    static func partObject(of verb: Int, in phrases: [DescriptionReader.Phrase]) -> DraftBodyPart? {
        guard verb + 1 < phrases.count, case .part(let part)? = phrases[(verb + 1)...].prefix(3).first(where: \.isPart)?.meaning
        else { return nil }
        return part
    }

    /// Whether a sentence opens with a breath cued before its movement ("Exhale, arc over to
    /// the right"): the breath is beside the movement, not the sentence's topic.
    static func startsWithBreathCue(_ phrases: [DescriptionReader.Phrase]) -> Bool {
        phrases.count > 1 && phrases[1].afterComma && breathCues.contains(phrases[0].text)
    }
    static let breathCues: Set<String> = ["inhale", "exhale", "breathe in", "breathe out", "inhaling", "exhaling"]

    /// Whether `words` lay the body down on its back or on a mat ("lie on your back", "everyone on the mats").
    static func liesDown(_ words: [String]) -> Bool {
        words.contains { lyingWords.contains($0) || ["mat", "mats"].contains($0) }
            || zip(words, words.dropFirst()).contains { ["your", "the", "their"].contains($0) && ["back", "backs"].contains($1) }
                && words.contains("on")
    }

    /// Words that lay the body down.
    static let lyingWords: Set<String> = ["lie", "lying", "lay", "laying", "supine"]

    /// The start of the failure of a hold said without its time.
    static let holdNeedsTime = "a hold needs a time"

    /// The shortest time a sentence may give, seconds (a frame at 20 fps).
    static let minSeconds = 0.05

    /// The meanings of a sentence, sorted by role.
    struct Slots {
        var parts: [(part: DraftBodyPart, plural: Bool)] = []
        var movements: [DraftMovement] = []
        /// The movement words as written ("sag", "curl").
        var movementWords: [String] = []
        /// Positions as written ("shoulder height") and their elevation, degrees.
        var positions: [(text: String, elevation: Double)] = []
        var plane: MovementPlane?
        var view: Profile.Requirements.View?
        var sides: [SideWord] = []
        var keywords: Set<Keyword> = []
        /// Numbers with the unit after them and the comparison before them.
        var numbers: [(value: Double, unit: DraftUnit?, comparison: DraftComparison?)] = []
        var comparisons: [DraftComparison] = []
        var wordCount = 0
        /// Every phrase's words, known or not, in order.
        var words: [String] = []
        /// Whether any little word ("the", "to", "your") was seen: a title has none.
        var hasFiller = false
        /// The little words, for the few that change a meaning ("keep … from").
        var fillers: Set<String> = []
        /// The words that said "still" ("in place", "stationary").
        var stillWords: Set<String> = []
        /// Topics body keypoints cannot see, in order.
        var notMeasurable: [(reason: String, always: Bool, topic: String)] = []
        /// A pause said without a time ("pause briefly at the top"): the movement's tempo.
        /// Or a hold with no time of its own ("hold for as long as you can").
        var briefPause: Bool { notMeasurable.contains { Self.untimedHolds.contains($0.topic) } }
        static let untimedHolds: Set<String> = ["pause", "openHold"]
        /// The parts whose being apart is a stance.
        static let stanceWords: Set<String> = ["feet", "foot", "legs", "knees", "heels", "ankles", "stance"]
        /// Topics said beside a timed hold, never instead of it: what is felt, how to breathe.
        static let besideTopics: Set<String> = ["muscleFeel", "breathing"]
        /// Topics that are the movement itself when a sentence names them: circles of the hands
        /// or feet, the pelvic floor's lift, a later progression. Another movement beside
        /// them is part of it, not a movement to count.
        static let wholeMovementTopics: Set<String> = [
            "jointCircles", "progression", "pelvicFloor", "wristOnly", "mistake",
        ]
        /// A hold timed in breaths ("hold for 5 breaths", as yoga and Pilates sheets say) is
        /// read at 4 s a breath: slow breathing at rest is 6 to 10 breaths a minute, and a
        /// draft's hold rule fails short holds, so the shorter end of a calm breath is used.
        static let secondsPerBreath = 4.0
        /// The first body part named after the first movement word: the movement's object
        /// ("lie on your back and pull one knee …": the knee).
        var partAfterMovement: DraftBodyPart?
        /// An action after a state in one sentence, with the part it names ("tighten the
        /// thigh so the knee is straight, then lift the whole leg": raise, the leg): the
        /// sentence's movement, the state being the position it starts from.
        var actionAfterState: (movement: DraftMovement, part: DraftBodyPart)?
        /// The first body part named after a raise or a lower ("… and raise both arms": the arms).
        var partAfterRaise: DraftBodyPart?
        /// Whether the first part is named, before any movement, as a place the body is on or
        /// with ("stand on your left leg and lift the right knee": the knee moves, not the leg).
        var firstPartIsAPlace = false
        /// The sentence before asked for a hold without a time (`SentenceContext.holdAwaitsTime`).
        var holdAwaitsTime = false
        static let placePrepositions: Set<String> = ["on", "onto", "with", "against"]
        static let placeDeterminers: Set<String> = ["your", "the", "my", "one", "a", "both", "left", "right", "each"]

        init(_ phrases: [DescriptionReader.Phrase]) {
            // "Pull your belly in and round your spine": a movement whose object is no body
            // part the drafter knows (an unknown word, or something keypoints cannot see)
            // is not the sentence's movement when another movement follows.
            var phrases = phrases
            // "Motion occurs at the knee only, the hip stays still": the joint where the movement
            // happens is no part the rest of the sentence keeps still.
            // (The run of joints it names, "at the knee and hip", "at the shoulder joint", ends
            // at the first other word: "… so keep your thigh still" keeps the thigh.)
            if let place = phrases.firstIndex(where: { if case .notMeasurable("movementPlace", _, _)? = $0.meaning { true } else { false } }
            ) {
                // ("Only the forearms should move" names its joint itself.)
                let namesItsJoint = !["at", "the"].contains(phrases[place].text.split(separator: " ").last.map(String.init) ?? "")
                var end = place + 1
                while !namesItsJoint, end < phrases.count, !phrases[end].afterComma || end == place + 1,
                    phrases[end].isPart || ["and", "or", "only", "the", "your", "both", "joint", "joints"].contains(phrases[end].text)
                {
                    end += 1
                }
                phrases.removeSubrange((place + 1)..<end)
            }
            // "Standing in a squat stance", "assume a push-up position": a movement's name before
            // "stance" or "position" is a position; "lean your back against the wall" places the back.
            let namedPositions = phrases.indices.filter { i in
                guard let movement = phrases[i].movement else { return false }
                let next = phrases[(i + 1)...].prefix(4)
                return ["stance", "position", "pose"].contains(next.first?.text ?? "")
                    || (movement == .lean && next.contains { $0.text == "against" })
            }
            for i in namedPositions.reversed() { phrases.remove(at: i) }
            if let first = phrases.firstIndex(where: { $0.movement != nil }), !SentenceInterpreter.isState(phrases, at: first),
                let object = phrases[(first + 1)...].firstIndex(where: { if case .filler? = $0.meaning { false } else { true } }),
                phrases[object].meaning == nil
                    || { if case .notMeasurable("muscleFeel", _, _)? = phrases[object].meaning { true } else { false } }(),
                // "the lead hand": an unknown word before a body part describes it.
                object + 1 >= phrases.count || !phrases[object + 1].isPart,
                phrases[(first + 1)...].contains(where: { $0.movement != nil })
            {
                phrases.remove(at: first)
            }
            if let state = phrases.firstIndex(where: { $0.movement != nil }), SentenceInterpreter.isState(phrases, at: state),
                let action = phrases.indices.first(where: { i in
                    i > state && phrases[i].movement != nil && !SentenceInterpreter.isState(phrases, at: i)
                        && ["then", "and"].contains(phrases[i - 1].text)
                }),
                let movement = phrases[action].movement,
                case .part(let part)? = phrases[(action + 1)...].first(where: \.isPart)?.meaning
            {
                actionAfterState = (movement, part)
            }
            // "Straddle the ball between both legs and lower your hips": the parts before "and"
            // belong to a clause whose verb the drafter does not know; the movement is the one
            // after "and", done by the part it names.
            if actionAfterState == nil, let action = phrases.firstIndex(where: { $0.movement != nil }), action > 0,
                ["then", "and"].contains(phrases[action - 1].text), phrases[..<action].contains(where: \.isPart),
                phrases[..<action].contains(where: { $0.meaning == nil }),
                let movement = phrases[action].movement,
                case .part(let part)? = phrases[(action + 1)...].first(where: \.isPart)?.meaning
            {
                actionAfterState = (movement, part)
            }
            if let raise = phrases.firstIndex(where: { $0.movement == .raise || $0.movement == .lower }),
                case .part(let part)? = phrases[(raise + 1)...].first(where: \.isPart)?.meaning
            {
                partAfterRaise = part
            }
            if let firstPart = phrases.firstIndex(where: \.isPart), let firstMovement = phrases.firstIndex(where: { $0.movement != nil }),
                firstPart < firstMovement
            {
                let before = phrases[..<firstPart].last { !Self.placeDeterminers.contains($0.text) }
                firstPartIsAPlace = before.map { Self.placePrepositions.contains($0.text) } ?? false
                // ("Arms by your sides, lift your knee": a part set in a clause of its own before
                // the movement's, a comma between, is where it rests; the movement's object moves.)
                if phrases[(firstPart + 1)...firstMovement].contains(where: \.afterComma),
                    !SentenceInterpreter.isState(phrases, at: firstMovement),
                    SentenceInterpreter.partObject(of: firstMovement, in: phrases) != nil
                {
                    firstPartIsAPlace = true
                }
            }
            words = phrases.map(\.text)
            let meanings = phrases.compactMap(\.meaning)
            let texts = phrases.filter { $0.meaning != nil }.map(\.text)
            wordCount = meanings.count
            var lastComparison: DraftComparison?
            var lastNumber: Int?
            /// "Stay for five deep breaths": the breaths are the hold's time, not breathing to see.
            var breathsCounted: Int?
            for (i, meaning) in meanings.enumerated() {
                let next = i + 1 < meanings.count ? meanings[i + 1] : nil
                switch meaning {
                case .part(let part):
                    if !movements.isEmpty, partAfterMovement == nil { partAfterMovement = part }
                    let word = texts[i].split(separator: " ").last.map(String.init) ?? texts[i]
                    // ("Lift your bottom": both hips.)
                    parts.append((part, (word.hasSuffix("s") && !word.hasSuffix("ss")) || word == "feet" || texts[i].contains("bottom")))
                case .movement(let m):
                    movements.append(m)
                    movementWords.append(texts[i])
                case .position(_, let elevation):
                    // "Overhead press", "overhead squat": a position naming the exercise, not a goal.
                    if case .movement? = next { break }
                    positions.append((texts[i], elevation))
                case .plane(let p):
                    // ("Stand with your feet hip-width apart": the stance's width, not the plane of a
                    // raise; "jump your feet apart" steps them.)
                    let before = texts[max(0, i - 2)..<i].flatMap { $0.split(separator: " ").map(String.init) }
                    if texts[i] == "apart", before.contains(where: Self.stanceWords.contains),
                        !phrases.contains(where: { $0.movement == .step })
                    {
                        break
                    }
                    plane = plane ?? p
                case .view(let v): view = v
                case .side(let s):
                    // "one second", "two degrees": a side word before a unit is a number.
                    if case .unit(let unit)? = next, s == .either || s == .both {
                        numbers.append((s == .either ? 1 : 2, unit, lastComparison))
                        lastComparison = nil
                    } else if !["one", "two", "all", "a single"].contains(texts[i])
                        || next.map({ if case .part = $0 { true } else { false } }) == true
                    {
                        // "one arm", but not "one squat": a quantifier counts only before a body part.
                        sides.append(s)
                    }
                case .comparison(let c):
                    comparisons.append(c)
                    lastComparison = c
                case .number(var n):
                    var unit: DraftUnit?
                    if case .unit(let u)? = next { unit = u }
                    if unit == nil, case .notMeasurable("breathing", _, _)? = next, ["breath", "breaths"].contains(texts[i + 1]),
                        // (A hold or a stay, not a grasp: "hold the dumbbells … 8 breaths" is a set's length.)
                        (keywords.contains(.hold) && !GraspReading.isGrasp(phrases))
                            || texts[..<i].contains(where: { ["stay", "stays", "remain", "remains"].contains($0) })
                    {
                        n *= Self.secondsPerBreath
                        unit = .seconds
                        breathsCounted = i + 1
                    }
                    if unit == .minutes {
                        n *= 60
                        unit = .seconds
                    }
                    // "one hundred and ten", "forty five": one number.
                    if let j = lastNumber, j == i - 1 || (j == i - 2 && texts[i - 1] == "and"), let previous = numbers.last,
                        previous.unit == nil, Self.compounds(previous.value, n)
                    {
                        numbers[numbers.count - 1].value += n
                        numbers[numbers.count - 1].unit = unit
                    } else {
                        numbers.append((n, unit, lastComparison))
                    }
                    lastComparison = nil
                    lastNumber = i
                case .unit: break
                case .keyword(let k):
                    // "20 swings": a count's noun, not a word of stillness.
                    if k == .still, i > 0, case .number = meanings[i - 1] { break }
                    keywords.insert(k)
                    if k == .still { stillWords.insert(texts[i]) }
                case .filler:
                    hasFiller = true
                    fillers.insert(texts[i])
                case .notMeasurable(let topic, let reason, let always):
                    if i != breathsCounted { notMeasurable.append((reason, always, topic)) }
                }
            }
            // "Briefly" is a pause's only with a pause ("lower the bar briefly" is no pause).
            if !keywords.contains(.hold) { notMeasurable.removeAll { Self.untimedHolds.contains($0.topic) } }
        }

        /// Whether `b` continues `a` in words: hundreds then tens or units, tens then units.
        static func compounds(_ a: Double, _ b: Double) -> Bool {
            guard a == a.rounded(), b == b.rounded(), b >= 1 else { return false }
            if a >= 100, a.truncatingRemainder(dividingBy: 100) == 0 { return b < 100 }
            return a >= 20 && a < 100 && a.truncatingRemainder(dividingBy: 10) == 0 && b < 10
        }

        /// The first number in `unit` (or without a unit, taken as `unit`). A number taken as
        /// `unit` must be one of its amounts ("more than 205" is no angle).
        func number(_ unit: DraftUnit) throws(Failure) -> (value: Double, comparison: DraftComparison?)? {
            if let said = numbers.first(where: { $0.unit == unit }) { return (said.value, said.comparison) }
            guard let taken = numbers.first(where: { $0.unit == nil && $0.comparison != nil }) else { return nil }
            if let problem = physicalRangeProblem(taken.value, unit: unit) { throw Failure(message: problem) }
            return (taken.value, taken.comparison)
        }
    }

    /// The statements of one sentence: usually one; a movement with its hold or tempo
    /// ("raise the arms overhead, taking 2 s on the way up") gives two.
    private static func statements(_ sentence: DescriptionReader.Sentence, _ s: Slots) throws(Failure) -> [DraftStatement] {
        var found: [DraftStatement]
        do { found = try statementsWithoutView(sentence, s) } catch {
            // "Front raise, side-on to the camera": the view is what such a sentence gives.
            guard let view = s.view else { throw error }
            return [.view(view)]
        }
        // "Lift your left knee to hip height, 10 each side": the movement, done by each side in turn.
        // ("Every lift counts once" is every rep, not each side.)
        if s.sides.contains(.each), !s.keywords.contains(.even), !found.contains(where: \.isEachSide),
            !sentence.tokens.contains(where: { $0.word == "every" }),
            found.contains(where: { if case .movement = $0 { true } else { false } })
        {
            found.append(.eachSide)
        }
        // "Squat facing the camera": a view said beside a movement is still the view.
        if let view = s.view, !found.contains(where: { $0.isView || $0.isTitle }) { return found + [.view(view)] }
        return found
    }

    private static func statementsWithoutView(_ sentence: DescriptionReader.Sentence, _ s: Slots) throws(Failure) -> [DraftStatement] {
        let k = s.keywords
        for number in s.numbers {
            if let problem = physicalRangeProblem(number.value, unit: number.unit) { throw Failure(message: problem) }
        }
        // A short first sentence naming the exercise ("Front raise.", "Squat."): no
        // little words, numbers or instructions. Its movement, if any, is a fallback.
        // A name the reader cut off before a colon or dash ("Marching on the spot:") is one whatever its words.
        // So is a name with its qualifier after a dash ("Dips - Chest Version").
        let namedBeforeColon =
            sentence.index == 1 && (sentence.isQualifiedName || sentence.text.last.map { ":–—-".contains($0) } == true)
        // Keywords a name never has.
        let instructs = !k.isDisjoint(with: [.count, .warn, .keep, .negate, .hold, .view, .tempo, .even, .other])
        // A short first sentence that moves nothing ("Standing hip abduction.") can only be a name
        // ("Lie on your back." is the start, not a name).
        let startPosition =
            s.notMeasurable.contains(where: { $0.topic == "setUp" }) && sentence.tokens.contains { ["your", "you"].contains($0.word) }
        let shortName =
            sentence.index == 1 && sentence.tokens.count <= 4 && s.numbers.isEmpty && s.view == nil && !instructs && !startPosition
            && !sentence.hasInstructionWord
        // A first sentence written as a name, in title case ("Pallof Press With Rotation.",
        // "Looking At Ceiling."), is one, as `DraftBuilder.namedExercise` takes it (no "your": no start position either).
        // (A number written as a word is part of a name: "One Arm Chin-Up"; digits are a dose.)
        let titleCaseName =
            sentence.index == 1 && sentence.tokens.count <= DraftBuilder.maxNameWords
            && !sentence.tokens.contains(where: { $0.word.contains(where: \.isNumber) })
            && sentence.text.split(separator: " ").contains { $0.count >= 4 }
            && sentence.isTitleCase && !sentence.hasInstructionWord && !instructs
        // ("Hi!", "Re: chest dips": a greeting or a subject line's "Re" is no name.)
        let greets = s.notMeasurable.contains { $0.topic == "greeting" } && s.movements.isEmpty && s.parts.isEmpty
        if !greets, namedBeforeColon || titleCaseName || (shortName && (!s.hasFiller || (s.movements.isEmpty && !s.parts.isEmpty))) {
            // (A caption's emoji is no part of the name: "Squat down 🍑".)
            let title = String(sentence.text.filter { !DescriptionReader.isEmoji($0) })
                .trimmingCharacters(in: CharacterSet(charactersIn: ".!?;:-–— "))
            return [.title(title, s.movements.isEmpty ? nil : try? target(s))]
        }
        // "Film from the side" (a movement beside it, "stand side-on and march…", is read
        // as a movement, the view added by `statements`).
        if (k.contains(.view) && s.movements.isEmpty) || (s.view != nil && s.movements.isEmpty && s.parts.isEmpty) {
            guard let view = s.view else {
                throw Failure(message: "a camera sentence needs a view: 'from the side' or 'from the front'")
            }
            return [.view(view)]
        }
        // "Repeat with the left arm", "keep alternating", "switch to the right leg": the main
        // movement, by the other side in turn.
        let turnWords: Set<String> = ["repeat", "repeats", "switch", "swap", "change"]
        let alternates = s.words.contains { ["alternate", "alternating", "alternately", "alternates"].contains($0) }
        if s.movements.isEmpty, s.positions.isEmpty, !k.contains(.negate),
            alternates || (s.words.contains(where: turnWords.contains) && (s.sides.contains(.left) != s.sides.contains(.right)))
        {
            return [.eachSide]
        }
        // "Lean over to the other side": a lean with no part is the trunk's own movement, to
        // one side and then the other (held when a time is given).
        if s.movements.first == .lean, s.parts.allSatisfy({ $0.part == .trunk }), s.positions.isEmpty,
            k.contains(.other) || s.sides.contains(.each),
            k.isDisjoint(with: [.warn, .keep, .negate, .even]), let lean = try? target(s)
        {
            let seconds = s.numbers.first(where: { $0.unit == .seconds }).map { [DraftStatement.hold(seconds: $0.value)] } ?? []
            return [.movement(lean)] + seconds + [.eachSide]
        }
        // "Repeat on the other side", "do ten on each side", "alternate legs": the main
        // movement is done by each side in turn.
        // "Bend to the side, 5 each way": a movement with no body part of its own is the main one's.
        if s.movements.isEmpty || s.parts.isEmpty, s.positions.isEmpty,
            (k.contains(.other) && !k.contains(.even)) || (s.sides.contains(.each) && !k.contains(.even)),
            k.isDisjoint(with: [.warn, .keep, .negate, .hold])
        {
            return [.eachSide]
        }
        // "Hold for 20 seconds, then do the other side": the hold, then each side in turn.
        if k.contains(.hold), k.contains(.other) || s.sides.contains(.each), !k.contains(.even), s.movements.isEmpty, s.parts.isEmpty,
            k.isDisjoint(with: [.warn, .keep, .negate]), let seconds = s.numbers.first(where: { $0.unit == .seconds })
        {
            return [.hold(seconds: seconds.value), .eachSide]
        }
        // "Raise the opposite knee", "with the other leg, bend the hip and knee": the other
        // side does the movement in turn.
        if k.contains(.other), !k.contains(.even), !s.movements.isEmpty, !s.parts.isEmpty,
            k.isDisjoint(with: [.warn, .keep, .negate, .hold, .count]), var other = try? target(s), other.measure.isSided
        {
            other.sides = .either
            return [.movement(other), .eachSide]
        }
        if k.contains(.other) && !k.contains(.even) {
            throw Failure(
                message:
                    "'the other' side depends on which side moves: name the side ('the left arm') or compare the sides ('more than 15 degrees lower than the other')"
            )
        }
        // "8 times.", "10 on the right, then 10 on the left": a number of reps and nothing else.
        if k.isEmpty, s.movements.isEmpty, s.parts.isEmpty, s.positions.isEmpty, s.notMeasurable.isEmpty, !s.numbers.isEmpty,
            s.numbers.allSatisfy({ $0.unit == nil })
        {
            return [.reps(nil)]
        }
        if k.contains(.count) {
            if s.movements.isEmpty && s.parts.isEmpty && s.positions.isEmpty { return [.reps(nil)] }
            // ("10 reps x 3, and keep your back against the bench": the part kept is not what is counted.)
            if s.movements.allSatisfy({ $0 == .straighten }), k.contains(.keep) || k.contains(.negate) {
                return [.reps(nil)] + ((try? constraint(s)).map { [$0] } ?? [])
            }
            // "Return to the starting position and repeat for the desired repetitions": the
            // return of whatever is counted, not a movement of its own.
            let words = Set(sentence.tokens.map(\.word))
            if !s.movements.isEmpty, s.movements.allSatisfy({ $0 == .lower }), s.positions.isEmpty,
                !words.isDisjoint(with: ["starting", "start", "original"]),
                words.contains("position")
            {
                return s.sides.contains(.each) ? [.reps(nil), .eachSide] : [.reps(nil)]
            }
            return [.reps(try target(s))]
        }
        // A movement stated with its hold or tempo.
        // ("Squat down and hold": a squat needs no body part.)
        // ("Bring the right knee up to hip height and hold": a part sent to a height is raised.)
        let moves = !s.movements.isEmpty || (!s.positions.isEmpty && !s.parts.isEmpty)
        var movement: [DraftStatement] = moves ? ((try? target(s)).map { [.movement($0)] } ?? []) : []
        // "Keep your body straight for 30 seconds": what is kept, and for how long.
        if k.contains(.keep) || k.contains(.negate), let kept = try? constraint(s) { movement = [kept] }
        // "Lift the leg, pausing briefly at the top": a pause with no time is the movement's
        // tempo (the topic says so); the movement stands.
        if k.contains(.hold), s.briefPause, !s.numbers.contains(where: { $0.unit == .seconds }) { return movement }
        // "Lift the hips up till you're in a line and hold it there": a hold at the top with no
        // time is the rep's pause; the movement stands (a time, when given, is timed).
        if k.contains(.hold), !movement.isEmpty, movement.allSatisfy(\.isMovement), !s.numbers.contains(where: { $0.unit == .seconds }) {
            return movement
        }
        if k.contains(.hold) {
            guard let seconds = s.numbers.first(where: { $0.unit == .seconds }) else {
                throw Failure(message: holdNeedsTime + ": 'hold for 2 seconds'")
            }
            return movement + [.hold(seconds: seconds.value)]
        }
        if let seconds = s.numbers.first(where: { $0.unit == .seconds }) {
            // "45 seconds.", "carry on for 1 minute": a time and nothing else ("rest 90 s between
            // sets" is the programme's rest, said by its topic).
            if s.parts.isEmpty, s.movements.isEmpty, s.positions.isEmpty, k.isDisjoint(with: [.down, .up, .tempo, .still, .keep, .negate]) {
                if s.holdAwaitsTime { return [.hold(seconds: seconds.value)] }
                return s.notMeasurable.isEmpty ? [.duration(seconds: seconds.value)] : []
            }
            // "Balance on your left leg for 10 seconds", "stay in the stance for 20 s": a time
            // "for" which no word says up, down or take is how long the position is held.
            if k.isDisjoint(with: [.down, .up, .tempo]), s.fillers.contains("for") || k.contains(.still) || k.contains(.keep) {
                return movement + [.hold(seconds: seconds.value)]
            }
            let direction: Keyword? =
                k.contains(.down)
                ? .down
                : k.contains(.up)
                    ? .up
                    : s.movements.contains(.lower) || s.movements.contains(.squat)
                        ? .down
                        : s.movements.contains(.raise) ? .up : nil
            guard let direction else {
                if s.holdAwaitsTime { return movement + [.hold(seconds: seconds.value)] }
                throw Failure(message: "a time needs a direction ('to go down', 'on the way up') or 'hold'")
            }
            return movement + [.tempo(seconds: seconds.value, direction: direction)]
        }
        if k.contains(.even) {
            let measure = s.parts.isEmpty && s.movements.isEmpty ? nil : try measure(s, defaultMovement: .raise)
            let limit = s.numbers.first { $0.unit == .degrees || $0.unit == .percent || ($0.unit == nil && $0.comparison != nil) }
            if let measure, !measure.isSided { throw Failure(message: "\(measure.label) has no sides to compare") }
            if let limit, limit.unit == nil, measure?.unit ?? "deg" == "deg",
                let problem = physicalRangeProblem(limit.value, unit: .degrees)
            {
                throw Failure(message: problem)
            }
            // "Curl them both up together": the movement, done evenly.
            let moved: [DraftStatement] =
                limit == nil && !s.movements.isEmpty && k.isDisjoint(with: [.keep, .negate, .warn])
                ? ((try? target(s)).map { [.movement($0)] } ?? []) : []
            return moved + [.symmetry(measure, limit: limit?.value, percent: limit?.unit == .percent)]
        }
        if k.contains(.keep) || k.contains(.negate) {
            return [try constraint(s)]
        }
        // "The arms should be stationary the entire time": a part said to stay still is kept
        // still. (Not "only the forearms should move": that names what moves.)
        if s.movements.isEmpty, s.positions.isEmpty, !s.parts.isEmpty, !s.fillers.contains("only"),
            !s.stillWords.isDisjoint(with: ["stationary", "still", "motionless", "fixed", "rigid", "steady", "stable", "in place"]),
            !s.fillers.isDisjoint(with: ["should", "must", "be", "are", "is", "remain", "stay"])
        {
            return [try constraint(s)]
        }
        // A limit without "warn" needs its number said as one: with its comparison or its unit
        // ("over 20 degrees"), not a number word elsewhere ("to one side, rolling over the back").
        if k.contains(.warn)
            || (s.movements.isEmpty && !s.comparisons.isEmpty
                && s.numbers.contains { $0.comparison != nil || ($0.unit != nil && $0.unit != .seconds) })
        {
            let measure = try measure(s, defaultMovement: nil)
            // The number in the measure's own unit first ("1,000 … more than 15 degrees":
            // 15); an angle's limit is then checked as an angle.
            let inDegrees = measure.unit == "deg"
            guard
                let number = (inDegrees ? s.numbers.first(where: { $0.unit == .degrees }) : nil)
                    ?? s.numbers.first(where: { $0.unit != .seconds })
            else {
                throw Failure(message: "a warning needs a number: 'more than 15 degrees'")
            }
            if inDegrees, number.unit == nil, let problem = physicalRangeProblem(number.value, unit: .degrees) {
                throw Failure(message: problem)
            }
            let comparison = number.comparison ?? s.comparisons.first ?? .more
            return [.limit(measure, sides(s, measure), comparison, number.value)]
        }
        // "Stand up straight", "stand with your torso straight": a posture to keep, not a
        // movement to count (with no body part and equipment named, "a straight bar", it is
        // neither: the topic decides).
        if !s.movements.isEmpty, s.movements.allSatisfy({ $0 == .straighten }), s.parts.first.map({ $0.part == .trunk }) ?? true {
            guard !s.parts.isEmpty || s.notMeasurable.isEmpty else { throw Failure(message: "a straight object, not a body part") }
            return [.constraint(BodyMeasure(kind: .trunkLean), .none, degrees: try s.number(.degrees)?.value, relative: false)]
        }
        if !s.movements.isEmpty {
            return [.movement(try target(s))]
        }
        // "The thighs must get parallel to the ground": a goal for the main movement.
        if let part = s.parts.first?.part, !s.positions.isEmpty || s.numbers.contains(where: { $0.unit == .degrees }) {
            return [.goal(part, position: s.positions.first.map { ($0.text, $0.elevation) }, degrees: try s.number(.degrees)?.value)]
        }
        if s.parts.isEmpty {
            throw Failure(message: "no body part or movement the drafter knows")
        }
        throw Failure(message: "no movement for the \(s.parts[0].part.rawValue): say what it does ('raise', 'bend', 'keep … straight')")
    }

    /// "Keep the elbows straight", "do not bend the knees", "do not lean forward",
    /// "keep the back straight", "keep the head still": a measure that must stay low.
    private static func constraint(_ s: Slots) throws(Failure) -> DraftStatement {
        let k = s.keywords
        let part = s.parts.first?.part
        let degrees = try s.number(.degrees)?.value
        // "Keep the knees from caving in" is "do not let them cave in".
        let negated = k.contains(.negate) || (k.contains(.keep) && s.fillers.contains("from"))
        let straight = s.movements.contains(.straighten)
        // "Do not let your hips sag": a sag is the hips' (or the body's) bend; "knees sag" is no
        // bend of the knees to forbid ("sag inward" is a cave-in).
        if s.movementWords.contains(where: sagWords.contains), part.map({ ![.hip, .trunk].contains($0) }) ?? true {
            throw Failure(message: "a sag is said of the hips or the body ('do not let your hips sag')")
        }
        if part == .trunk, straight || k.contains(.still) || (negated && s.movements.contains(.bend)) {
            return .constraint(BodyMeasure(kind: .trunkLean), .none, degrees: degrees, relative: false)
        }
        if straight || (negated && !s.movements.isEmpty) {
            // Straight means not bent; "do not X" means X stays small.
            let movement: DraftMovement = straight ? .bend : s.movements.first { $0 != .straighten }!
            // "Avoid jumping too high" is no stance kept narrow.
            try checkStepIsSideways(movement, s)
            guard let kind = BodyMeasure.described(part: part, movement: movement, hasPosition: false) else {
                throw Failure(
                    message: part.map { "cannot tell what to measure when the \($0.rawValue) does '\(movement.rawValue)'" }
                        ?? "'\(movement.rawValue)' needs a body part ('\(movement.rawValue) the knees')")
            }
            let measure = BodyMeasure(kind: kind, plane: s.plane)
            return .constraint(measure, sides(s, measure), degrees: degrees, relative: false)
        }
        // "Keep your upper arms parallel to the ground": the part kept where it is.
        let keptAtHeight = k.contains(.keep) && s.movements.isEmpty && !s.positions.isEmpty
        // "Keep your head up": the head held where it is on the trunk, not dropped. (The chest
        // kept up is not the trunk upright: a bent-over row keeps it up while leaning.)
        let headKeptUp = k.contains(.keep) && k.contains(.up) && s.movements.isEmpty && s.parts.allSatisfy { $0.part == .head }
        if k.contains(.still) || keptAtHeight || headKeptUp, let part {
            let kind: BodyMeasure.Kind =
                switch part {
                case .arm: .armElevation
                case .upperArm: .upperArmElevation
                // "Keep your elbow in place": where the elbow is, which the upper arm sets, not its bend.
                case .elbow: s.stillWords.contains("in place") && !k.contains(.negate) ? .upperArmElevation : .elbowFlexion
                case .hip: .hipFlexion
                case .thigh: .thighElevation
                case .knee: .kneeFlexion
                case .leg: .legElevation
                case .trunk: .trunkLean
                case .head: .headTilt
                }
            let measure = BodyMeasure(kind: kind)
            return .constraint(measure, sides(s, measure), degrees: degrees, relative: true)
        }
        if !s.movements.isEmpty, !negated {
            throw Failure(
                message:
                    "keeping a part '\(s.movements[0].rawValue)' is not something a draft can check; say what must not happen ('do not bend the knees') or 'keep … still/straight'"
            )
        }
        throw Failure(
            message: "a 'keep …'/'do not …' sentence needs a body part and how it stays ('straight', 'still') or a movement to avoid")
    }

    /// "Jump forward several feet", "step down one leg at a time": the whole body moves (or
    /// the feet are placed); stance width is the feet moved apart, sideways.
    private static func checkStepIsSideways(_ movement: DraftMovement?, _ s: Slots) throws(Failure) {
        if movement == .step, s.plane != .frontal {
            throw Failure(
                message:
                    "a step or jump forward, back, up or down moves the whole body; stance width is measured only when the feet move apart sideways ('jump the feet apart')"
            )
        }
    }

    /// The measure a sentence's part and movement name.
    private static func measure(_ s: Slots, defaultMovement: DraftMovement?) throws(Failure) -> BodyMeasure {
        let movement = s.actionAfterState?.movement ?? s.movements.first ?? defaultMovement
        // "Lie on your back and pull one knee to your chest": the part the movement can
        // move, when the first one named cannot ("pull" the back).
        let hasPosition = !s.positions.isEmpty
        let first = s.actionAfterState?.part ?? s.parts.first?.part
        // ("Stand on your left leg and lift the right knee": the movement's own part, not the place.)
        let part =
            (BodyMeasure.described(part: first, movement: movement, hasPosition: hasPosition) == nil
                || (s.firstPartIsAPlace && s.actionAfterState == nil))
                && BodyMeasure.described(part: s.partAfterMovement, movement: movement, hasPosition: hasPosition) != nil
            ? s.partAfterMovement : first
        try checkStepIsSideways(movement, s)
        guard let kind = BodyMeasure.described(part: part, movement: movement, hasPosition: !s.positions.isEmpty) else {
            switch (part, movement) {
            case (nil, nil): throw Failure(message: "no body part or movement the drafter knows")
            case (nil, let m?): throw Failure(message: "'\(m.rawValue)' needs a body part ('\(m.rawValue) the arms')")
            case (let p?, nil): throw Failure(message: "no movement for the \(p.rawValue): say what it does ('raise', 'bend')")
            case (let p?, let m?): throw Failure(message: "cannot tell what to measure when the \(p.rawValue) does '\(m.rawValue)'")
            }
        }
        // "Bend the upper body sideways": a trunk bent to the side leans it, seen from the front.
        if kind == .hipFlexion, part == .trunk || part == .hip || part == nil, movement == .bend, s.plane == .frontal {
            return BodyMeasure(kind: .trunkLean, plane: .frontal)
        }
        return BodyMeasure(kind: kind, plane: s.plane)
    }

    /// A movement's measure, sides and goal.
    private static func target(_ s: Slots) throws(Failure) -> DraftTarget {
        // "Lift the arms … then lower them": the first movement is the one performed.
        // "The hands go above the head": a position alone is reached by a raise.
        var measure = try measure(s, defaultMovement: s.positions.isEmpty ? nil : .raise)
        var raisedToAPlace = false
        var movement = s.actionAfterState?.movement ?? s.movements.first ?? (s.positions.isEmpty ? nil : .raise)
        // "Push both arms up overhead until the elbows are straight": a height is reached
        // by raising the part that has one, whatever else the sentence straightens.
        // ("Bend your knees slightly and raise both arms to shoulder height": the part the raise names.)
        // ("Hands on the wall at shoulder height and bend the elbows": a height said before a bend
        // places the hands; the bend is the movement.)
        let bendWord = s.movements.firstIndex(of: .bend).map { s.movementWords[$0] }
        let placedBeforeBend =
            !s.movements.contains(.raise)
            && (s.positions.first.flatMap { p in s.words.firstIndex(of: p.text) } ?? .max)
                < (bendWord.flatMap { s.words.firstIndex(of: $0) } ?? .min)
        if !s.positions.isEmpty, !Self.elevations.contains(measure.kind), !placedBeforeBend,
            let part = [s.partAfterRaise].compactMap({ $0 }).first(where: {
                BodyMeasure.described(part: $0, movement: .raise, hasPosition: true).map(Self.elevations.contains) == true
            })
                ?? s.parts.first(where: {
                    BodyMeasure.described(part: $0.part, movement: .raise, hasPosition: true).map(Self.elevations.contains) == true
                })?.part,
            let kind = BodyMeasure.described(part: part, movement: .raise, hasPosition: true)
        {
            measure = BodyMeasure(kind: kind, plane: s.plane)
            // (No raise said: the raise is read from the height alone.)
            raisedToAPlace = !s.movements.contains(.raise)
            movement = .raise
        }
        // "Press the dumbbells overhead", "push up till the arms are straight": a press starts
        // with the hands by the shoulders, where the wrist's elevation is already high and
        // barely moves; the upper arm's goes from low to overhead.
        // (Elbows forward or out, a press ends overhead either way: any view sees it.)
        // ("Push both arms up overhead" is a reach: the arms, not a weight by the shoulders, are pushed.)
        let pushesArms = s.words.indices.contains { i in
            s.words[i].hasPrefix("push")
                && s.words[(i + 1)...].first { !["both", "your", "the", "my", "up"].contains($0) }.map { ["arm", "arms"].contains($0) }
                    == true
        }
        let pressed =
            !pushesArms && (s.movementWords.contains(where: Self.pressWords.contains) || s.words.contains(where: Self.pressWords.contains))
        if [.armElevation, .upperArmElevation].contains(measure.kind), pressed {
            measure = BodyMeasure(kind: .upperArmElevation, plane: nil)
        }
        var target = DraftTarget(measure: measure, sides: sides(s, measure), movement: movement)
        target.pressed = measure.kind == .upperArmElevation && pressed
        target.inferredFromPlace =
            (raisedToAPlace || (s.movements.isEmpty && s.actionAfterState == nil)) && !pressed
            && !s.words.contains(where: carryVerbs.contains)
        // "Bring them down to your ears, then push up": a press that lowers first starts at the top.
        if target.pressed, let down = s.words.firstIndex(where: { ["down", "lower", "lowering", "drop"].contains($0) }),
            let up = s.words.firstIndex(where: Self.pressWords.contains), down < up
        {
            target.movement = .lower
        }
        if let position = s.positions.first, Self.elevations.contains(measure.kind) {
            target.target = position.elevation
            target.targetSource = "'\(position.text)'"
        } else if let degrees = s.numbers.first(where: { $0.unit == .degrees }) {
            target.target = degrees.value
            target.targetSource = "\(degrees.value.shortText) degrees"
        } else if let position = s.positions.first {
            throw Failure(message: "'\(position.text)' is a height of a raised segment; give \(measure.label) in degrees instead")
        }
        return target
    }

    /// Weights the hands hold: what is pressed by the arms whatever else a sentence names.
    static let handHeld: Set<String> = ["bar", "barbell", "bars", "barbells", "kettlebell", "kettlebells", "plate", "plates", "landmine"]

    /// Words of a press: the arms raised by straightening them from the shoulders.
    static let pressWords: Set<String> = [
        "press", "presses", "pressing", "pressed", "push", "pushes", "pushing", "push up", "pushes up", "push upward",
    ]

    /// The measures a named height ("shoulder height", "overhead") is a goal of.
    static let elevations: Set<BodyMeasure.Kind> = [.armElevation, .upperArmElevation, .thighElevation, .legElevation]

    /// Sides from the sentence's side words and plurals: "both arms" both, "each"/"either"
    /// or a singular without a side either, "left"/"right" that side; plurals default to both
    /// (knees lifted, either: one at a time).
    private static func sides(_ s: Slots, _ measure: BodyMeasure) -> SideChoice {
        guard measure.isSided else { return .none }
        if s.sides.contains(.left) && !s.sides.contains(.right) { return .left }
        if s.sides.contains(.right) && !s.sides.contains(.left) { return .right }
        if s.sides.contains(.each) || s.sides.contains(.either) { return .either }
        if s.sides.contains(.both) { return .both }
        // A squat or lunge is done on both legs, whatever the words' number ("90 degrees of knee flexion").
        if s.movements.contains(.squat) || s.movements.contains(.lunge) { return .both }
        // "Raise an arm": either; "raise the arms", "squat": both.
        if let first = s.parts.first, !first.plural, first.part.isSided { return .either }
        // "Bring your knees up high" (running, marching): a knee at a time; the higher of the two
        // also follows knees lifted together, where their average halves a rep taken in turns.
        if measure.kind == .thighElevation, !s.keywords.contains(.even) { return .either }
        return .both
    }
}

extension Double {
    /// Short for reports: "15", "2.5" (one decimal).
    var shortText: String { jsonNumber(self, digits: 1) }
}
