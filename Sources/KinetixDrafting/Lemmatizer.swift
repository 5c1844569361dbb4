/// A small rule-based English lemmatizer for exercise descriptions: the dictionary form
/// of an inflected or derived word ("swinging" → "swing", "drifts" → "drift", "bent" →
/// "bend", "inwards" → "inward", "sagging" → "sag", "lay" → "lie"), so a description is
/// read by meaning, not spelling. Irregular forms come from a table; regular ones from
/// suffix rules (plural and third person -s/-es/-ies, -ing and -ed with a doubled final
/// consonant or a dropped -e, -ly, -wards); each rule gives candidates most likely first,
/// and the reader takes the first one the vocabulary knows.
///
/// `isInflected` says whether a word carries an ending these rules remove: such a word is
/// a form of another word, never a misspelling of one ("swinging" is not a typo of "swing").
enum Lemmatizer {
    /// Irregular forms of verbs and nouns that exercise sheets use, to their dictionary form.
    static let irregular: [String: String] = [
        "bent": "bend", "held": "hold", "kept": "keep", "brought": "bring", "swung": "swing", "stood": "stand",
        "sat": "sit", "lay": "lie", "lain": "lie", "lying": "lie", "laid": "lay", "rose": "rise", "risen": "rise",
        "drew": "draw", "drawn": "draw", "threw": "throw", "thrown": "throw", "went": "go", "gone": "go",
        "came": "come", "took": "take", "taken": "take", "began": "begin", "begun": "begin", "got": "get",
        "fell": "fall", "fallen": "fall", "led": "lead", "left": "left", "leant": "lean", "spread": "spread",
        "feet": "foot", "knees": "knee", "calves": "calf", "halves": "half", "thighs": "thigh",
        "hip-width": "hip width", "shoulder-width": "shoulder width",
    ]

    /// Word endings the rules remove, longest first.
    private static let endings = ["wards", "ings", "ing", "ied", "ies", "ed", "es", "ly", "s"]

    /// Whether `word` ends in an inflection or derivation the rules remove (and is long
    /// enough for it to be one).
    static func isInflected(_ word: String) -> Bool {
        if irregular[word] != nil { return true }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return false }
        return endings.contains { word.count > $0.count + 2 && word.hasSuffix($0) }
    }

    /// Candidate dictionary forms of `word`, most likely first (the word itself not included).
    static func lemmas(of word: String) -> [String] {
        var out: [String] = []
        func add(_ s: String) { if s != word, s.count >= 2, !out.contains(s) { out.append(s) } }
        if let base = irregular[word] { add(base) }
        // "push-ups" → "push-up", "step-ups" → "step-up": the plural of a hyphenated name.
        if word.contains("-"), word.hasSuffix("s") { add(String(word.dropLast())) }
        let vowels = Set("aeiou")
        func stemForms(_ stem: String) -> [String] {
            // "sagg" → "sag" (a doubled final consonant), "flar" → "flare" (a dropped e), "swing".
            var forms = [stem]
            if let last = stem.last, stem.count >= 3, stem.dropLast().last == last, !vowels.contains(last), !"lsz".contains(last) {
                forms.insert(String(stem.dropLast()), at: 0)
            } else if let last = stem.last, stem.count >= 3, stem.dropLast().last == last {
                forms.append(String(stem.dropLast()))
            }
            forms.append(stem + "e")
            return forms
        }
        if word.hasSuffix("wards"), word.count > 6 { add(String(word.dropLast())) }  // inwards → inward
        if word.hasSuffix("ies"), word.count > 4 { add(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("ied"), word.count > 4 { add(String(word.dropLast(3)) + "y") }
        if word.hasSuffix("ings"), word.count > 6 { stemForms(String(word.dropLast(4))).forEach(add) }
        if word.hasSuffix("ing"), word.count > 5 { stemForms(String(word.dropLast(3))).forEach(add) }
        if word.hasSuffix("ed"), word.count > 4 {
            stemForms(String(word.dropLast(2))).forEach(add)
            add(String(word.dropLast()))
        }
        if word.hasSuffix("ly"), word.count > 4 {
            add(String(word.dropLast(2)))
            add(String(word.dropLast(2)) + "le")
        }
        if word.hasSuffix("es"), word.count > 4 {
            let stem = String(word.dropLast(2))
            // "presses", "pushes", "reaches", "boxes": -es after a sibilant; else "raises" → "raise".
            if ["ss", "sh", "ch", "x", "z"].contains(where: stem.hasSuffix) {
                add(stem)
            } else {
                add(String(word.dropLast()))
                add(stem)
            }
        } else if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is"), word.count > 2 {
            add(String(word.dropLast()))
        }
        return out
    }
}
