import KinetixCore

/// A detail text with placeholders for numbers: `{valgusLeft:.0f}` (the metric's
/// highest value over the finding), `{lowest:depth:.2f}`, `{average:x}`, `{$limit}`.
struct DetailTemplate: Sendable {
    enum Part: Sendable {
        case text(String)
        case metric(index: Int, aggregate: CompiledExpression.Aggregate, digits: Int)
        case parameter(String, digits: Int)
    }

    var parts: [Part]

    init(parts: [Part]) { self.parts = parts }

    static let aggregates: [String: CompiledExpression.Aggregate] = ["lowest": .lowest, "highest": .highest, "average": .average]

    /// Parses `text`, checking every name. Errors carry the column in `text`.
    init(_ text: String, metrics: [String], parameters: [String: ProfileParameter]) throws(ExpressionError) {
        parts = []
        var literal = ""
        var characters = Array(text)[...]
        var column = 1
        while let c = characters.first {
            characters = characters.dropFirst()
            column += 1
            guard c == "{" else {
                literal.append(c)
                continue
            }
            let start = column - 1
            guard let close = characters.firstIndex(of: "}") else {
                throw ExpressionError(column: start, message: "'{' without a closing '}'")
            }
            let body = String(characters[..<close])
            column += body.count + 1
            characters = characters[(close + 1)...]
            if !literal.isEmpty {
                parts.append(.text(literal))
                literal = ""
            }
            var fields = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            var digits = 1
            if let last = fields.last, last.hasPrefix("."), last.hasSuffix("f"), let d = Int(last.dropFirst().dropLast()),
                (0...6).contains(d)
            {
                digits = d
                fields.removeLast()
            }
            var aggregate = CompiledExpression.Aggregate.highest
            if fields.count == 2 {
                guard let a = Self.aggregates[fields[0]] else {
                    throw ExpressionError(
                        column: start, message: "unknown summary '\(fields[0])' in {\(body)}; use lowest, highest or average")
                }
                aggregate = a
                fields.removeFirst()
            }
            guard fields.count == 1, !fields[0].isEmpty else {
                throw ExpressionError(
                    column: start, message: "placeholder {\(body)} should be {metric}, {metric:.1f}, {lowest:metric:.1f} or {$parameter}")
            }
            let name = fields[0]
            if name.hasPrefix("$") {
                let parameter = String(name.dropFirst())
                guard let p = parameters[parameter], p.type == .number || p.type == .integer else {
                    throw ExpressionError(column: start, message: "unknown number parameter '\(name)' in a placeholder")
                }
                parts.append(.parameter(p.name, digits: digits))
            } else {
                guard let index = metrics.firstIndex(of: name) else {
                    throw ExpressionError(
                        column: start, message: "unknown metric '\(name)' in a placeholder", suggestion: closestName(to: name, in: metrics))
                }
                parts.append(.metric(index: index, aggregate: aggregate, digits: digits))
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
    }
}
