/// Instructions as spoken and captured by speech-to-text: one run of words with no
/// punctuation, fillers ("okay so um"), words said twice ("sit sit back", "chest up chest
/// up"). Such a run is split into the sentences the speaker paused between, so that each
/// is read on its own as a written sentence would be.
///
/// Only a run that shows it was spoken is split (`isSpoken`); a long written sentence is
/// left as written. Every token keeps its line and column, so a message about a split
/// sentence still points into the description as given.
enum SpokenTranscript {
    /// The sentences with each spoken run split at its pauses, numbered again in order.
    static func resegment(_ sentences: [DescriptionReader.Sentence], vocabulary: DraftVocabulary) -> [DescriptionReader.Sentence] {
        var result: [DescriptionReader.Sentence] = []
        for sentence in sentences {
            let spoken = isSpoken(sentence) || sentences.count == 1 && isRunOn(sentence)
            let parts = spoken ? split(sentence.tokens, vocabulary: vocabulary) : [sentence.tokens]
            for tokens in parts where !tokens.isEmpty {
                var part = sentence
                part.index = result.count + 1
                if parts.count > 1 {
                    part.tokens = tokens
                    part.text = tokens.map(\.word).joined(separator: " ")
                    part.nameWordsBeforeQualifier = nil
                }
                result.append(part)
            }
        }
        return result
    }

    /// Whether a sentence reads as speech captured word by word: long enough to hold more
    /// than one instruction, no comma, and a spoken filler ("um", "okay", "gonna") or a word
    /// said twice in a row.
    static func isSpoken(_ sentence: DescriptionReader.Sentence) -> Bool {
        let words = sentence.tokens.map(\.word)
        guard words.count >= minWords, !sentence.tokens.dropFirst().contains(where: \.afterComma) else { return false }
        if words.contains(where: hesitations.contains) { return true }
        // A capitalised sentence with its full stop is written ("You're gonna raise both arms …").
        if isWrittenForm(sentence) { return false }
        if words.contains(where: spokenMarkers.contains) { return true }
        return zip(words, words.dropFirst()).contains { $0 == $1 && $0.first?.isLetter == true }
    }

    /// Whether a sentence starts with a capital and ends with its full stop, as written ones do.
    static func isWrittenForm(_ sentence: DescriptionReader.Sentence) -> Bool {
        sentence.text.first?.isUppercase == true && sentence.text.last.map { ".!?".contains($0) } == true
    }
    /// Sounds only speech has, whatever the punctuation around them.
    static let hesitations: Set<String> = ["um", "umm", "uh", "uhh", "er", "erm", "hmm"]

    /// Whether a description written as one run of words, with no comma and no stop inside
    /// (and not capitalised, as written sentences are), is long enough to hold several
    /// instructions (`minRunOnWords`): said rather than written, as speech-to-text or a
    /// quick message gives it.
    static func isRunOn(_ sentence: DescriptionReader.Sentence) -> Bool {
        sentence.tokens.count >= minRunOnWords && !sentence.tokens.dropFirst().contains(where: \.afterComma)
            && !sentence.text.dropLast().contains { ".!?;:".contains($0) }
            // A capitalised sentence is written, however long ("Squat down until … then stand back up").
            && sentence.text.first?.isUppercase != true
    }
    /// The fewest words of an unpunctuated description that is split as speech.
    static let minRunOnWords = 12

    /// The fewest words a spoken run needs before it is split.
    static let minWords = 8

    /// Words only speech has: they mark a run as spoken, and each is a pause.
    static let spokenMarkers: Set<String> = hesitations.union(["okay", "ok", "alright", "yeah", "yep", "gonna", "wanna", "gotta"])
    /// Words a speaker pauses on (dropped, and a sentence ends there).
    static let pauses: Set<String> = spokenMarkers.subtracting(dropped).union(["so", "now"])
    /// Spoken words inside an instruction ("you're gonna sit back"): dropped, no pause.
    static let dropped: Set<String> = ["gonna", "wanna", "gotta", "you're", "we're", "i'm", "let's", "we'll", "you'll"]
    /// Praise between instructions ("… chest up nice and then drive …"); not when it
    /// describes what follows ("nice and slow", "good form").
    static let praise: Set<String> = ["nice", "good", "great", "perfect", "lovely", "beautiful", "awesome", "excellent", "cool"]
    /// Words that start a new instruction: a constraint or what comes next.
    static let starts: Set<String> = [
        "then", "don't", "dont", "keep", "never", "make", "try", "avoid",
        // What a muscle or the breath does is said on its own ("… pull them up squeeze the shoulder blades …").
        "squeeze", "breathe", "exhale", "inhale", "brace", "tighten", "engage",
    ]
    /// Words after which an exercise's name said first is its verb ("squat down", "row the dumbbell").
    static let verbFollowers: Set<String> = [
        "down", "up", "forward", "forwards", "back", "out", "in", "the", "your", "a", "one", "both", "them", "it", "until", "till",
        "to", "into", "and", "then", "with",
    ]
    /// Verbs a coach says that start a movement, known or not to the vocabulary.
    static let spokenVerbs: Set<String> = [
        "sit", "stand", "push", "drive", "come", "go", "bring", "take", "step", "jump", "lower", "lift", "raise", "curl", "press",
        "pull", "hinge", "bend", "straighten", "squat", "lunge", "reach", "swing", "kick", "march", "run",
    ]
    /// The fewest words of a position before "and" and a verb start the movement.
    static let minWordsBeforeAnd = 4
    /// Words a count follows in a dose ("twelve reps", "ten of those", "8 each side", "3 by 10").
    static let doseWords: Set<String> = [
        "reps", "rep", "repetitions", "sets", "set", "times", "of", "each", "on", "x", "by", "per", "more", "a", "to", "rounds",
    ]
    /// Words after which a count belongs to the words before it ("at about ninety", "for thirty").
    static let countTakers: Set<String> = [
        "at", "about", "around", "to", "for", "than", "like", "only", "of", "by", "x", "the", "hold", "it", "under", "over", "past",
    ]
    /// Words after which a movement verb continues the same instruction ("and lift", "you lift").
    static let linkers: Set<String> = [
        "and", "or", "to", "you", "you're", "we", "we're", "i", "i'm", "will", "'ll", "gonna", "wanna", "can", "then", "just", "slowly",
        "not", "don't", "dont", "also", "please", "let's", "should", "must", "now", "so",
        // A movement word after an article, a possessive or "be" is a noun or a state: "a lower
        // chair", "your raised leg", "the arms are straight".
        "a", "an", "the", "your", "my", "this", "that", "are", "is", "be", "get", "gets", "stay", "stays", "go", "goes", "come",
        // "lift it straight out": a word after the thing moved says how it moves.
        "it", "them",
    ]
    /// Movement words that describe a state when they follow a body part ("knees bent",
    /// "arms straight", "back flat", "elbows locked"), not a new instruction.
    static let states: Set<String> = ["straight", "bent", "flat", "locked", "extended", "flexed", "rounded", "arched", "raised", "lifted"]

    /// The runs of tokens between the pauses of one spoken sentence.
    static func split(_ tokens: [DescriptionReader.Token], vocabulary: DraftVocabulary) -> [[DescriptionReader.Token]] {
        let tokens = withoutRepeats(tokens)
        var parts: [[DescriptionReader.Token]] = [[]]
        func end() { if !(parts.last?.isEmpty ?? true) { parts.append([]) } }
        func isCount(_ word: String) -> Bool {
            Double(word) != nil || vocabulary.meaning(of: [word]).map { if case .number = $0 { true } else { false } } == true
        }
        func isMovement(_ word: String) -> Bool {
            if case .movement? = vocabulary.meaning(of: [word]) { return true }
            return Lemmatizer.lemmas(of: word).contains { if case .movement? = vocabulary.meaning(of: [$0]) { true } else { false } }
        }
        // "shoulder press", "leg raise": a movement word that ends a name the vocabulary knows.
        func isName(_ previous: String, _ word: String) -> Bool {
            vocabulary.meaning(of: [previous, word]) != nil
                || vocabulary.exercises.contains {
                    $0.names.contains { $0.hasSuffix(previous + " " + word) || $0.contains(previous + " " + word + " ") }
                }
        }
        // "push ups hands a bit wider …": the exercise's name said first is a sentence of its own.
        // (After the fillers a speaker starts with: "okay so jumping jacks feet together …".)
        let firstWord = tokens.firstIndex { !pauses.contains($0.word) && !dropped.contains($0.word) } ?? 0
        // ("big jumping jacks on this one", "some slow squats": a word or two the vocabulary does
        // not know, or little words, may come before the name.)
        let nameStart =
            (firstWord..<min(firstWord + 3, tokens.count)).first { start in
                tokens[firstWord..<start].allSatisfy { vocabulary.meaning(of: [$0.word]).map { $0 == .filler } ?? true }
                    && NamedExercise.nameLength(atStartOf: tokens[start...].map(\.word), table: vocabulary.exercises) != nil
            } ?? firstWord
        // ("squat down until …", "curl the dumbbells up": a name followed by its object or a particle is a verb.)
        let nameEnd = NamedExercise.nameLength(atStartOf: tokens[nameStart...].map(\.word), table: vocabulary.exercises)
            .map { nameStart + $0 }
            .flatMap { end in end < tokens.count && verbFollowers.contains(tokens[end].word) ? nil : end }
        for (i, token) in tokens.enumerated() {
            let word = token.word
            if i == nameEnd { end() }
            let previous = i > 0 ? tokens[i - 1].word : ""
            let next = i + 1 < tokens.count ? tokens[i + 1].word : ""
            if pauses.contains(word) {
                end()
                continue
            }
            if dropped.contains(word) { continue }
            if praise.contains(word), !["and", "form", "posture", "technique", "control", "position"].contains(next),
                !["with", "a", "the", "in", "really", "very", "feel"].contains(previous)
            {
                end()
                continue
            }
            // "… and then drive up", "… and don't lean": the "and" belongs to the next instruction.
            if word == "and", starts.contains(next) {
                end()
                continue
            }
            // "lie on your back knees bent feet flat and push through the heels": after a
            // position, "and" and a verb start the movement.
            if word == "and", isMovement(next) || spokenVerbs.contains(next), !states.contains(next), !isMovement(previous),
                !spokenVerbs.contains(previous),
                parts.last.map({ $0.count >= minWordsBeforeAnd }) == true
            {
                end()
                continue
            }
            // "sit it down", "sit all the way up": the particle follows its verb.
            if word == "it", ["sit", "squat"].contains(previous), ["down", "back", "up"].contains(next) { continue }
            if starts.contains(word) {
                end()
            } else if isCount(word), !countTakers.contains(previous), !isCount(previous), next.isEmpty || doseWords.contains(next) {
                end()
            } else if isMovement(word), !states.contains(word), !linkers.contains(previous),
                // "let the belly rise": the verb of a "let" clause continues it.
                !tokens[max(0, i - 3)..<i].contains(where: { ["let", "lets", "allow"].contains($0.word) }), !previous.isEmpty,
                !isMovement(previous),
                !isCount(previous), parts.last?.isEmpty == false, i > (nameEnd ?? 0), !isName(previous, word)
            {
                end()
            }
            parts[parts.count - 1].append(token)
        }
        return parts.filter { !$0.isEmpty }
    }

    /// The tokens with a run of one to three words said twice in a row said once ("sit sit
    /// back", "chest up chest up", "to the to the floor"). Numbers are kept ("10 10" may be
    /// two doses).
    static func withoutRepeats(_ tokens: [DescriptionReader.Token]) -> [DescriptionReader.Token] {
        var result: [DescriptionReader.Token] = []
        for token in tokens {
            result.append(token)
            for length in 1...3 where result.count >= 2 * length {
                let tail = result.suffix(length).map(\.word)
                let before = result.dropLast(length).suffix(length).map(\.word)
                if tail == before, tail.contains(where: { $0.first?.isLetter == true }) {
                    result.removeLast(length)
                    break
                }
            }
        }
        return result
    }
}
