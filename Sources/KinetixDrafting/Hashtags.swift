/// A caption's hashtags ("#plank #corestrength"): not words of its sentences, but they may
/// name the exercise when nothing else does.
enum Hashtags {
    /// `description` with each hashtag blanked (spaces, so every other character keeps its
    /// line and column), and the hashtags' words, lower-cased, in order.
    static func split(_ description: String) -> (text: String, tags: [String]) {
        let characters = Array(description)
        var text = ""
        var tags: [String] = []
        var i = 0
        while i < characters.count {
            // A "#" at a word's start, before a run of letters and digits with a letter in it
            // ("#plank", "#30dayplankchallenge"; "Exercise #3" keeps its number).
            var end = i + 1
            while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
            let atWordStart = i == 0 || characters[i - 1].isWhitespace || characters[i - 1] == "#"
            if characters[i] == "#", atWordStart, characters[(i + 1)..<end].contains(where: \.isLetter) {
                tags.append(String(characters[(i + 1)..<end]).lowercased())
                text.append(String(repeating: " ", count: end - i))
                i = end
            } else {
                text.append(characters[i])
                i += 1
            }
        }
        return (text, tags)
    }

    /// The exercise a hashtag names whole ("#plank", "#jumpingjacks", "#glutebridge"): a name
    /// of the table written without spaces or hyphens, maybe plural; the first tag that names one.
    static func named(by tags: [String], table: [NamedExercise.Row]) -> NamedExercise? {
        for tag in tags where tag.count >= 4 {
            for row in table {
                for name in row.names {
                    let squashed = name.filter { $0 != " " && $0 != "-" }
                    guard [squashed, squashed + "s", squashed + "es"].contains(tag) else { continue }
                    var exercise = row.exercise
                    exercise.name = name
                    return exercise
                }
            }
        }
        return nil
    }
}
