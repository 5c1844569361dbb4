import Foundation
import KinetixCore
import KinetixProfiles

/// Splits a plain-English exercise description into sentences and words, each with its
/// line and column, and reads each sentence's words against a `DraftVocabulary`.
enum DescriptionReader {
    /// One word (or a number, `°`, `%`) as written, lower-cased, with its place.
    struct Token: Equatable, Sendable {
        var word: String
        /// 1-based line and column of its first character in the whole description.
        var line: Int
        var column: Int
        /// Whether a comma came before it (a clause boundary: "…without shrugging, then lower").
        var afterComma = false
    }

    /// A sentence: its text as written and its words.
    struct Sentence: Sendable {
        /// 1-based, in the description's order.
        var index: Int
        var text: String
        var tokens: [Token]
        /// A name with its qualifier after a spaced dash ("Dips - Chest Version"): a title,
        /// whatever its words; the number of the name's words before the dash.
        var nameWordsBeforeQualifier: Int? = nil
        var isQualifiedName: Bool { nameWordsBeforeQualifier != nil }
        /// Whether it is written as a name in title case: every word of four letters or more,
        /// except a small linking word, starts with a capital ("Bent Over Two-Dumbbell Row With
        /// Palms In", "Dumbbell Bench Press with Neutral Grip").
        var isTitleCase: Bool {
            text.split(separator: " ").filter { $0.count >= 4 && !DescriptionReader.titleLinkWords.contains(String($0)) }
                .allSatisfy { $0.first?.isUppercase == true }
        }
        /// Whether it has a word that says it instructs someone ("your", "should", "then"), or
        /// opens with what a muscle or the breath does ("Tighten the quads."): a name has neither.
        var hasInstructionWord: Bool {
            tokens.contains { DescriptionReader.instructionWords.contains($0.word) }
                || tokens.first.map { DescriptionReader.muscleVerbs.contains($0.word) } == true
        }
    }

    /// A run of words with one meaning, or an unknown word.
    struct Phrase: Sendable {
        var text: String
        var meaning: DraftVocabulary.Meaning?
        var line: Int
        var column: Int
        /// Whether a comma came before its first word.
        var afterComma = false

        /// The movement the phrase names, if it names one.
        var movement: DraftMovement? { if case .movement(let m)? = meaning { m } else { nil } }
        var isPart: Bool { if case .part? = meaning { true } else { false } }
    }

    /// The description's sentences. A sentence ends at `.`, `!`, `?` or `;` (not a decimal
    /// point), at a blank line, or before a line that starts a list item (`-`, `*`, `•`, `1.`).
    /// A name of at most `maxTitleWords` words before a colon or a spaced dash at the very
    /// start ("Wall sits: …", "Step-ups – …") is a sentence of its own: the title. A short
    /// qualifier in title case after the dash that runs to the end of the line or sentence
    /// ("Dips - Chest Version.", "Hang Clean - Below the Knees") is part of the name.
    static func sentences(in description: String) -> [Sentence] {
        var sentences: [Sentence] = []
        // The sentence being read: its characters and where each was.
        var text: [Character] = []
        var places: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        let characters = Array(description)
        // The name's words before a title's qualifier, when it has one.
        var qualifiedName: Int?
        let linePerThought = writesALinePerThought(description)
        let shortLines = writesShortLines(description)
        func finish() {
            // A list marker ("-", "*", "•", "1.", "2)") is not part of the sentence.
            var first = text.firstIndex { !$0.isWhitespace && !"-*•".contains($0) } ?? text.count
            var digits = first
            // ("A1)", "D)": a programme's lettered item is a list marker too.)
            let lettered = first < text.count && text[first].isUppercase && text[first].isLetter
            if lettered { digits += 1 }
            while digits < text.count, text[digits].isNumber { digits += 1 }
            if digits > first, digits < text.count, text[digits] == ")" || (text[digits] == "." && !lettered) {
                first = text[(digits + 1)...].firstIndex { !$0.isWhitespace } ?? text.count
            }
            var last = text.count
            while last > first, text[last - 1].isWhitespace { last -= 1 }
            if first < last {
                let tokens = tokens(in: String(text[first..<last]), places: Array(places[first..<last]))
                let sentenceText = String(text[first..<last]).replacingOccurrences(of: "\n", with: " ")
                if !tokens.isEmpty {
                    sentences.append(
                        Sentence(index: sentences.count + 1, text: sentenceText, tokens: tokens, nameWordsBeforeQualifier: qualifiedName))
                }
            }
            text = []
            places = []
            qualifiedName = nil
        }
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\n" {
                // A blank line, or a list item on the next line, ends the sentence.
                var j = i + 1
                while j < characters.count, characters[j] == " " || characters[j] == "\t" || characters[j] == "\r" { j += 1 }
                let next = j < characters.count ? characters[j] : "\n"
                let numbered = next.isNumber && j + 1 < characters.count && (characters[j + 1] == "." || characters[j + 1] == ")")
                // "Towel Scrunches⏎Sit on a chair …": a short first line with no stop, then a line
                // that starts with a capital, is the title on a line of its own (also after a
                // heading on that line: "Exercise 1: Ankle pumps⏎You can …").
                // ("4. Straight leg raise⏎Lie on …": a numbered title is one too.)
                let titleText = withoutListNumber(text)
                // ("ex 4 bridges⏎lie on back …": a numbered exercise heading is one whatever the case.)
                let titleLine =
                    (sentences.isEmpty || line == 1) && (next.isUppercase || isExerciseHeading(String(titleText)))
                    && titleText.allSatisfy({ !".!?;:".contains($0) })
                    && (1...maxTitleLineWords).contains(String(titleText).split(whereSeparator: \.isWhitespace).count)
                    && !tokens(in: String(text)).contains { instructionWords.contains($0.word) }
                if next == "\n" || next == "-" || next == "*" || next == "•" || numbered || titleLine
                    || (linePerThought && !next.isLowercase) || shortLines
                    || startsWithHeading(characters[j...])
                {
                    finish()
                } else {
                    text.append(" ")
                    places.append((line, column))
                }
                line += 1
                column = 1
                i += 1
                continue
            }
            text.append(c)
            places.append((line, column))
            let decimalPoint = c == "." && i > 0 && characters[i - 1].isNumber && i + 1 < characters.count && characters[i + 1].isNumber
            // "1." at the start of a line is a list marker, not the end of a sentence.
            let marker = c == "." && text.dropLast().allSatisfy { $0.isNumber || $0.isWhitespace } && text.contains { $0.isNumber }
            let spacedDash =
                (c == "–" || c == "—" || c == "-") && i > 0 && characters[i - 1] == " " && i + 1 < characters.count
                && characters[i + 1].isWhitespace
            // ("Plank for 1:30": a colon inside a time ends no title.)
            let inTime = c == ":" && i > 0 && characters[i - 1].isNumber && i + 1 < characters.count && characters[i + 1].isNumber
            let endsTitle =
                ((c == ":" && !inTime) || spacedDash) && sentences.isEmpty
                && (1...maxTitleWords).contains(
                    String(text).split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "–" || $0 == "—" }).filter { $0 != "-" }
                        .count)
                && text.allSatisfy({ !".!?;".contains($0) })
            // ("tl;dr": no sentence ends inside it.)
            let tldr =
                c == ";" && i >= 2 && String(characters[(i - 2)..<i]).lowercased() == "tl" && i + 2 < characters.count
                && String(characters[(i + 1)...(i + 2)]).lowercased() == "dr"
            // ("Ex. 2: Romanian deadlift", "approx. 45°", "e.g. a chair": an abbreviation's point
            // before a number or a lower-case word ends no sentence.)
            let abbreviation = c == "." && endsAnAbbreviation(characters, at: i)
            // ("elbows HIGH like you're showing off your watch ⌚ Stay tall": a caption's emoji before a
            // capitalised word ends its thought; "🔥 arms out to the side", "🙌 TO SHOULDER HEIGHT" and
            // "👉 90°" carry on.)
            let emojiStop =
                isEmoji(c) && (i + 1 == characters.count || characters[i + 1].isWhitespace)
                && (characters[(i + 1)...].firstIndex { !$0.isWhitespace && !isEmoji($0) }.map { next in
                    characters[next].isUppercase && next + 1 < characters.count && characters[next + 1].isLowercase
                } ?? true)
            let stop =
                ((c == "." || c == "!" || c == "?" || c == ";") && !decimalPoint && !marker && !tldr && !abbreviation) || emojiStop
            if endsTitle, spacedDash, isTitleQualifier(characters[(i + 1)...]) {
                qualifiedName = tokens(in: String(text)).count
            } else if stop || endsTitle {
                finish()
            }
            column += 1
            i += 1
        }
        finish()
        return sentences
    }

    /// Whether the point at `i` ends an abbreviation: one of `abbreviations` before a number
    /// or a lower-case word ("e.g. a chair", "approx. 45°", "Ex. 2"), one of `unitAbbreviations`
    /// before a number only ("no. 3"; "30 sec. then relax" ends its sentence), or the first
    /// letter of "e.g." or "i.e.".
    static func endsAnAbbreviation(_ characters: [Character], at i: Int) -> Bool {
        var start = i
        while start > 0, characters[start - 1].isLetter || characters[start - 1] == "." { start -= 1 }
        let word = String(characters[start..<i]).lowercased()
        if ["e", "i"].contains(word) {
            return i + 2 < characters.count && characters[i + 1].isLetter && characters[i + 2] == "."
        }
        var next = i + 1
        while next < characters.count, characters[next] == " " { next += 1 }
        guard next < characters.count else { return false }
        if unitAbbreviations.contains(word) { return characters[next].isNumber }
        return abbreviations.contains(word) && (characters[next].isNumber || characters[next].isLowercase)
    }
    static let abbreviations: Set<String> = ["ex", "e.g", "i.e", "eg", "ie", "approx", "ca", "vs", "incl", "resp"]
    static let unitAbbreviations: Set<String> = ["no", "wk", "wks", "min", "mins", "sec", "secs", "max"]

    /// Words as texts and captions spell them, and the word meant ("ur" → "your").
    static let textSpeak: [String: String] = [
        "ur": "your", "u": "you", "yr": "your", "fwd": "forward", "fwds": "forwards", "bwd": "backward", "thru": "through",
        "til": "until", "w/": "with", "b/w": "between", "btwn": "between", "ea": "each",
        // A programme's shorthand: "DB RFE Split Sq 3x6 e/s".
        "sq": "squat", "sqs": "squats", "db": "dumbbell", "dbs": "dumbbells", "bb": "barbell", "kb": "kettlebell", "kbs": "kettlebells",
        "dl": "deadlift", "dls": "deadlifts", "jj": "jack", "jjs": "jacks",
    ]

    /// Whether `c` is an emoji from U+2300 on (not a digit, ©, ®, ™ or an arrow).
    static func isEmoji(_ c: Character) -> Bool {
        c.unicodeScalars.contains { (scalar: Unicode.Scalar) in scalar.value >= 0x2300 && scalar.properties.isEmoji }
    }

    /// Whether `description` is written a thought a line, without stops (a caption, a
    /// whiteboard, notes: "CRUNCHES x 25⏎Lift shoulder blades off the mat, squeeze, lower"):
    /// at least `minThoughtLines` lines, and at least two in three of them start a thought
    /// (a capital, a digit, a sign) and end with none of `.!?;:,`. Prose wrapped at a
    /// width continues its sentences on lines that start in lower case: it is not.
    /// The seconds of a time written `m:ss` ("1:30": 90), when `number`, starting at `start`,
    /// is its whole minutes (0 to `maxMinutes`) and a colon and exactly two digits below 60
    /// follow, and no clock word or "am"/"pm" says it is a time of day; else nil.
    static func minutesAndSeconds(_ characters: [Character], from start: Int, number: (text: String, value: Double, end: Int)) -> Double? {
        let e = number.end
        func digit(_ k: Int) -> Int? { k < characters.count && characters[k].isASCII ? characters[k].wholeNumberValue : nil }
        guard number.value == number.value.rounded(), (0...maxMinutes).contains(number.value), e < characters.count,
            characters[e] == ":", let tens = digit(e + 1), let units = digit(e + 2), digit(e + 3) == nil, tens < 6,
            !(e + 3 < characters.count && characters[e + 3] == ":")
        else { return nil }
        // ("at 10:30", "7:30am": a clock's time, not a duration.)
        let after = String(characters[(e + 3)...].prefix(5)).lowercased().trimmingCharacters(in: .whitespaces)
        let before =
            String(characters[max(0, start - 12)..<start]).lowercased().split(whereSeparator: { !$0.isLetter }).last.map(String.init) ?? ""
        if ["am", "pm", "a.m", "p.m", "o'cl", "h"].contains(where: after.hasPrefix) || clockWords.contains(before) { return nil }
        return number.value * 60 + Double(tens * 10 + units)
    }

    /// The most minutes an `m:ss` time is read as a duration; above it, it is a clock's time.
    static let maxMinutes = 10.0
    /// Words before a clock's time ("at 10:30", "until 7:45").
    static let clockWords: Set<String> = ["at", "from", "until", "till", "by", "around", "before", "after", "since"]

    /// Whether `line` opens with an exercise's number ("Ex 4 bridges", "exercise 2 clams",
    /// "Ex. 3"): a heading.
    static func isExerciseHeading(_ line: String) -> Bool {
        let words = line.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "." || $0 == "#" })
        guard words.count >= 2, ["ex", "exercise", "exc", "exer"].contains(words[0]) else { return false }
        return words[1].allSatisfy(\.isNumber)
    }

    static func writesALinePerThought(_ description: String) -> Bool {
        let lines = description.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard lines.count >= minThoughtLines else { return false }
        let thoughts = lines.filter { line in
            guard let first = line.first, let last = line.last else { return false }
            return !first.isLowercase && !".!?;:,".contains(last)
        }
        return thoughts.count * 3 >= lines.count * 2
    }
    /// The fewest lines of a text written a thought a line.
    static let minThoughtLines = 3

    /// Whether `description` is a whiteboard's or a card's short lines, each a thought, in
    /// lower case or not ("BIG jacks — get some AIR⏎arms all the way up, feet back together"):
    /// at least `minThoughtLines` lines, none longer than `maxShortLineWords` words, none
    /// ending with `.!?;:,` or with a word that links to the next line ("and", "the", "your").
    /// Prose wrapped at a width runs longer lines and breaks them anywhere.
    static func writesShortLines(_ description: String) -> Bool {
        let lines = description.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.count >= minThoughtLines
            && lines.allSatisfy { line in
                let words = line.split(separator: " ")
                return words.count <= maxShortLineWords && !".!?;:,".contains(line.last ?? ".")
                    && !linkingWords.contains(words.last.map { $0.lowercased() } ?? "")
            }
            // (A line that starts by continuing the one before: "bend⏎your knees", "out to the side⏎up to
            // shoulder height⏎and slowly back down".)
            && !lines.dropFirst().contains { line in
                continuingWords.contains(line.split(separator: " ").first.map { $0.lowercased() } ?? "")
            }
    }
    /// Words a line starts with when it continues the line before.
    static let continuingWords: Set<String> = [
        "and", "or", "but", "to", "until", "for", "on", "your", "the", "a", "one", "out", "up", "down", "with", "into", "onto", "as",
        "towards", "toward", "through", "by", "over", "of", "back",
    ]
    static let maxShortLineWords = 10
    /// Words a wrapped line may end on mid-sentence.
    static let linkingWords: Set<String> = [
        "and", "or", "but", "then", "the", "a", "an", "your", "to", "of", "with", "in", "on", "at", "for", "from", "as", "until",
        "both", "each", "into", "onto", "so", "that", "while", "keeping", "is", "are", "towards", "toward", "through", "by", "over",
        "if", "when",
    ]

    /// A line's characters after a leading list number ("4. ", "12) ", "A1. "), if it has one.
    static func withoutListNumber(_ text: [Character]) -> ArraySlice<Character> {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.count
        var digits = start
        if digits < text.count, text[digits].isUppercase, text[digits].isLetter { digits += 1 }
        var end = digits
        while end < text.count, text[end].isNumber { end += 1 }
        guard end > digits, end < text.count, text[end] == "." || text[end] == ")" else { return text[...] }
        return text[(end + 1)...]
    }
    /// Whether a line starts with a heading of one or two words and a colon ("Set-up: …",
    /// "Starting position: …", "Tip: …"): a new sentence, whatever the line before lacked.
    static func startsWithHeading(_ line: ArraySlice<Character>) -> Bool {
        guard line.first?.isUppercase == true, let colon = line.prefix(maxHeadingCharacters).firstIndex(of: ":") else { return false }
        let heading = line[line.startIndex..<colon]
        return heading.split(separator: " ").count <= 2 && heading.allSatisfy { $0.isLetter || $0 == " " || $0 == "-" }
    }
    /// The most characters in a heading before its colon.
    static let maxHeadingCharacters = 24

    /// Linking words a title-case name writes small.
    static let titleLinkWords: Set<String> = ["with", "from", "into", "onto", "over", "upon", "against", "without", "using"]
    /// Verbs of what a muscle or the breath does; a sentence that opens with one instructs.
    static let muscleVerbs: Set<String> = ["squeeze", "tighten", "brace", "engage", "breathe", "exhale", "inhale", "contract", "relax"]
    /// Words an instruction has and an exercise's name does not.
    static let instructionWords: Set<String> = ["your", "you", "their", "his", "her", "my", "yourself", "should", "then"]

    /// The most words in a name before a colon or dash that starts a description.
    static let maxTitleWords = 4
    /// The most words in a name written alone on the first line.
    static let maxTitleLineWords = 6

    /// Whether the text after a title's dash, up to the end of its line or sentence, is a
    /// qualifier of the name ("Chest Version", "On Knees", "Below the Knees", "With A Twist"):
    /// at most `maxTitleWords` words, each capitalised but the little linking words. An
    /// instruction after the dash ("– step onto the box", "– Keep your back straight") is not.
    static func isTitleQualifier(_ rest: ArraySlice<Character>) -> Bool {
        let end = rest.firstIndex { ".!?;:\n".contains($0) } ?? rest.endIndex
        let words = String(rest[rest.startIndex..<end]).split(whereSeparator: \.isWhitespace)
        return (1...maxTitleWords).contains(words.count)
            && words.allSatisfy { word in
                word.first?.isUppercase == true || (word.first?.isLetter == true && qualifierLinkWords.contains(String(word)))
            }
            && words.first?.first?.isUppercase == true
            // "Bicep Curl - Keep Elbows Still": an instruction, not a part of the name.
            && !words.contains { qualifierInstructionWords.contains($0.lowercased()) }
    }
    /// Words that make a dash's words an instruction rather than a name's qualifier.
    private static let qualifierInstructionWords: Set<String> = [
        "keep", "don't", "do", "not", "no", "avoid", "never", "hold", "stay", "maintain", "still", "straight",
    ]
    /// Little words a title-case qualifier writes small.
    private static let qualifierLinkWords: Set<String> = [
        "a", "an", "the", "and", "or", "of", "on", "in", "to", "with", "at", "for", "by", "from",
    ]

    /// The words of one line of text: letters with inner `'` and `-`, numbers
    /// (`NumberScanner`: a sign, a decimal point or comma, thousands separators, an
    /// exponent) in plain decimal form, and `°` and `%` on their own; lower-cased, other
    /// punctuation dropped.
    static func tokens(in text: String, places: [(line: Int, column: Int)]? = nil) -> [Token] {
        var tokens: [Token] = []
        var word = ""
        var wordStart = (line: 1, column: 1)
        var line = 1
        var column = 1
        var comma = false
        func append(_ token: Token) {
            var token = token
            token.afterComma = comma
            comma = false
            tokens.append(token)
        }
        let characters = Array(text)
        func place(_ i: Int) -> (line: Int, column: Int) { places.map { $0[i] } ?? (line, column) }
        func flush() {
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "'-")).lowercased()
            if !trimmed.isEmpty { append(Token(word: textSpeak[trimmed] ?? trimmed, line: wordStart.line, column: wordStart.column)) }
            word = ""
        }
        var skipUntil = 0
        for (i, c) in characters.enumerated() {
            defer {
                if c == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            if i < skipUntil { continue }
            let previous = i > 0 ? characters[i - 1] : " "
            if word.isEmpty, c.isNumber || !(previous.isLetter || previous.isNumber), let number = NumberScanner.scan(characters, at: i) {
                flush()
                let start = place(i)
                // "Hold 1:30": minutes and seconds are a time, in seconds (not "1:2", a ratio).
                if let seconds = minutesAndSeconds(characters, from: i, number: number) {
                    append(Token(word: NumberScanner.plain(seconds), line: start.line, column: start.column))
                    append(Token(word: "seconds", line: start.line, column: start.column))
                    skipUntil = number.end + 3
                    continue
                }
                append(Token(word: number.text, line: start.line, column: start.column))
                skipUntil = number.end
                continue
            }
            let next = i + 1 < characters.count ? characters[i + 1] : " "
            let isDigit = c.isNumber
            let inNumber = c == "." && previous.isNumber && next.isNumber
            let joinsWord = (c == "'" || c == "’" || c == "-") && !word.isEmpty && next.isLetter
            if c.isLetter || isDigit || inNumber || joinsWord {
                // A number and a unit written together ("15deg", "2s") are two words, and so
                // are a count and its "x" ("x10": ten times).
                if let last = word.last,
                    (last.isNumber && c.isLetter) || (last.isLetter && isDigit && (word.allSatisfy(\.isNumber) || word == "x"))
                {
                    flush()
                }
                if word.isEmpty { wordStart = place(i) }
                word.append(c == "’" ? "'" : c)
            } else {
                flush()
                if c == "°" || c == "%" { append(Token(word: String(c), line: place(i).line, column: place(i).column)) }
                // "Feet touching + lift the top knee", "hips & knees bent": a plus or an ampersand
                // between words is "and" (not "20+ reps", "3+1").
                if c == "+" || c == "&", previous.isWhitespace || previous.isLetter, next.isWhitespace || next.isLetter {
                    append(Token(word: "and", line: place(i).line, column: place(i).column))
                }
                // A spaced dash parts clauses as a comma does ("legs straight — feet together — raise").
                let spacedHyphen =
                    c == "-" && i > 0 && characters[i - 1].isWhitespace && i + 1 < characters.count && characters[i + 1].isWhitespace
                if c == "," || c == "—" || c == "–" || spacedHyphen { comma = true }
            }
        }
        flush()
        return tokens
    }

    /// Whether "back" after `previous` is a direction ("pull them back", "step your right
    /// foot back", "jump back off", "come back up") rather than the body part ("arch your
    /// back", "round the back", "do not arch back"): after a pronoun, a going word, a body
    /// part, or a movement that moves a limb or the body (not one that shapes the back).
    static func isDirection(after previous: Phrase) -> Bool {
        if ["it", "them", "yourself", "him", "her", "go", "goes", "going", "come", "comes", "coming", "way"].contains(previous.text) {
            return true
        }
        if previous.isPart { return true }
        if let movement = previous.movement { return ![.bend, .straighten].contains(movement) }
        return false
    }

    /// Words after which "back" is a direction ("back down", "back to the start", "back up again").
    static let directionsAfterBack: Set<String> = ["down", "up", "to", "into", "again", "toward", "towards", "together"]

    /// The sentence's words read as phrases: at each word the longest phrase the
    /// vocabulary knows, else a number, else the word with a plural or tense ending
    /// removed ("straightening" → "straighten"), else an unknown word (meaning nil).
    static func phrases(_ sentence: Sentence, vocabulary: DraftVocabulary) -> [Phrase] {
        let words = sentence.tokens.map(\.word)
        var phrases: [Phrase] = []
        var i = 0
        while i < words.count {
            let token = sentence.tokens[i]
            var matched = false
            let longest = vocabulary.longestStartingWith[words[i]] ?? 0
            for length in stride(from: min(longest, words.count - i), through: 1, by: -1) {
                if let meaning = vocabulary.meaning(of: words[i..<(i + length)]) {
                    phrases.append(
                        Phrase(
                            text: words[i..<(i + length)].joined(separator: " "), meaning: meaning, line: token.line, column: token.column,
                            afterComma: token.afterComma))
                    i += length
                    matched = true
                    break
                }
            }
            if matched {
                // "Pull them back", "step your foot back": "back" after anything but "your",
                // "the" or a word describing it ("a flat back") is a direction, not the body part.
                if let last = phrases.last, last.text == "back", case .part? = last.meaning,
                    (phrases.count >= 2 && Self.isDirection(after: phrases[phrases.count - 2]))
                        // "… and back down", "back to the start": "back" before a way to go.
                        || (i < words.count && Self.directionsAfterBack.contains(words[i]))
                {
                    phrases[phrases.count - 1].meaning = .filler
                }
                continue
            }
            let word = words[i]
            if let number = Double(word), number.isFinite {
                phrases.append(
                    Phrase(text: word, meaning: .number(number), line: token.line, column: token.column, afterComma: token.afterComma))
            } else {
                let stem = Lemmatizer.lemmas(of: word).lazy.compactMap { vocabulary.meaning(of: [$0]) }.first
                phrases.append(Phrase(text: word, meaning: stem, line: token.line, column: token.column, afterComma: token.afterComma))
            }
            i += 1
        }
        return phrases
    }
}
