import Foundation

/// One problem found in an input file, located as precisely as it is known.
///
/// Printed compiler-style, most general place first:
/// `learner.json: frame 212 (t=7.067s): joint 'leftKnee': confidence 1.7 is outside 0...1`.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it, when there is one.
    public var file: String?
    /// The frame's index in `frames`, 0-based.
    public var frameIndex: Int?
    /// The frame's time in seconds, when it was read before the problem.
    public var time: Double?
    /// 1-based line and column, for syntax errors.
    public var line: Int?
    /// 1-based column, for syntax errors.
    public var column: Int?
    /// The field, in words or as a coding path: `joint 'leftKnee'`, `space.width`.
    public var field: String?
    /// What is wrong, in words; names no front end's flag.
    public var message: String
    /// The library setting that would resolve the problem, when one would (an image
    /// size to give, a limit to raise). Front ends turn it into their own hint, such
    /// as a command-line flag; the message itself names no front end's flag.
    public var setting: Setting?
    /// For a misspelt name, the known name it most likely meant; kept out of `message`
    /// so an app can offer it (or word it in its own language). `description` shows it
    /// as "(did you mean 'x'?)" after the message's first clause.
    public var suggestion: String?

    /// A diagnostic with what is known of its place.
    public init(
        file: String? = nil, frameIndex: Int? = nil, time: Double? = nil,
        line: Int? = nil, column: Int? = nil, field: String? = nil, message: String, setting: Setting? = nil,
        suggestion: String? = nil
    ) {
        self.suggestion = suggestion
        self.file = file
        self.frameIndex = frameIndex
        self.time = time
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        self.setting = setting
    }

    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let frameIndex {
            if let time, time.isFinite {
                parts.append("frame \(frameIndex) (t=\(abs(time) < 1e12 ? String(format: "%.3f", time) : String(time))s)")
            } else {
                parts.append("frame \(frameIndex)")
            }
        }
        if let line { parts.append(column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        if let field { parts.append(field) }
        parts.append(Self.message(message, suggesting: suggestion))
        return parts.joined(separator: ": ")
    }

    /// `message` with the suggestion after its first clause (before the first "; "),
    /// where a person reads it with the name it corrects.
    package static func message(_ message: String, suggesting suggestion: String?) -> String {
        guard suggestion != nil else { return message }
        guard let clause = message.range(of: "; ") else { return message + didYouMean(suggestion) }
        return message[..<clause.lowerBound] + didYouMean(suggestion) + message[clause.lowerBound...]
    }

    /// " (did you mean 'x'?)" for a suggestion, "" for none: the one wording of a
    /// suggestion in English text (a diagnostic's `description`, a void reason).
    package static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The same diagnostic attributed to `file`.
    public func inFile(_ file: String) -> Diagnostic {
        var copy = self
        copy.file = file
        return copy
    }
}

/// Suggests the closest known name to a misspelt one, for "did you mean" hints.
package func closestName(to name: String, in candidates: some Sequence<String>) -> String? {
    let lowered = Array(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, Array(candidate.lowercased()))
        if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    if let best, best.distance <= max(2, lowered.count / 3) { return best.name }
    // A word and its abbreviation ("absolute" for "abs", "minSeconds" for "minSecs"):
    // the same first three letters, and one spelled out in order inside the other.
    func isSubsequence(_ short: [Character], of long: [Character]) -> Bool {
        var i = 0
        for c in long where i < short.count && c == short[i] { i += 1 }
        return i == short.count
    }
    return candidates.first { candidate in
        let c = Array(candidate.lowercased())
        guard min(c.count, lowered.count) >= 3, c.prefix(3) == lowered.prefix(3) else { return false }
        return c.count <= lowered.count ? isSubsequence(c, of: lowered) : isSubsequence(lowered, of: c)
    }
}

/// Edit distance (insertions, deletions, substitutions) between two words, by Character.
package func editDistance(_ a: String, _ b: String) -> Int { editDistance(Array(a), Array(b)) }

private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1,
                previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
