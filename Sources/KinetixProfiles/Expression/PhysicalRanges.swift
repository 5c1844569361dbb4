import KinetixCore

/// A check that an expression compares angles only with numbers an angle can be: a
/// goal of 10000° is never reached, a limit of −5° never crossed, so the rule would be
/// always or never true, and `lint` should say so rather than pass it.
///
/// It looks at each comparison (`<`, `<=`, `>`, `>=`) whose one side is an angle in
/// degrees (a limb angle, a metric declared `"unit": "deg"`, or `lowest`, `highest` or
/// `average` of one over a rep) and whose other side starts with a number or a
/// parameter: the number, or the parameter's default, min and max, must be 0 to 180.
/// A side that is itself arithmetic (`$target - $tolerance`) is judged by its first term.
enum PhysicalRanges {
    /// The angle range of limb and joint angles, degrees.
    static let degrees: ClosedRange<Double> = 0...180

    /// Each problem in `text`: the value, what it is compared with, and why.
    static func problems(in text: String, degreeMetrics: Set<String>, parameters: [String: ProfileParameter]) -> [String] {
        guard let tokens = try? tokenize(text) else { return [] }  // syntax is reported elsewhere
        var problems: [String] = []
        for (i, token) in tokens.enumerated() {
            guard case .symbol(let op) = token.kind, ["<", "<=", ">", ">="].contains(op) else { continue }
            let left = angleBefore(i, tokens, degreeMetrics)
            let right = angleAfter(i, tokens, degreeMetrics)
            let pairs: [(angle: String?, other: Int)] = [(left, i + 1), (right, i - 1)]
            for (angle, other) in pairs {
                guard let angle, tokens.indices.contains(other) else { continue }
                switch tokens[other].kind {
                case .number(let v) where !degrees.contains(v):
                    problems.append(
                        "column \(tokens[other].column): \(jsonNumber(v, digits: 6)) is compared with \(angle), an angle of 0 to 180 degrees: the comparison never changes"
                    )
                case .parameter(let name):
                    guard let parameter = parameters[name] else { continue }
                    var values: [(String, Double)] = []
                    if case .number(let v) = parameter.defaultValue { values.append(("default", v)) }
                    if let m = parameter.minimum { values.append(("min", m)) }
                    if let m = parameter.maximum { values.append(("max", m)) }
                    for (what, v) in values where !degrees.contains(v) {
                        problems.append(
                            "column \(tokens[other].column): $\(name)'s \(what) \(jsonNumber(v, digits: 6)) is compared with \(angle), an angle of 0 to 180 degrees: give it a range within 0...180"
                        )
                    }
                default: continue
                }
            }
        }
        return problems
    }

    /// The angle the operand ending just before `i` is, if it is one.
    private static func angleBefore(_ i: Int, _ tokens: [Token], _ metrics: Set<String>) -> String? {
        guard i > 0 else { return nil }
        if case .identifier(let name) = tokens[i - 1].kind { return angleName(name, metrics) }
        // f(name) with f an aggregate over an angle.
        if i >= 4, tokens[i - 1].kind == .symbol(")"), case .identifier(let name) = tokens[i - 2].kind, tokens[i - 3].kind == .symbol("("),
            case .identifier(let function) = tokens[i - 4].kind, aggregates.contains(function)
        {
            return angleName(name, metrics).map { "\(function)(\($0))" }
        }
        return nil
    }

    /// The angle the operand starting just after `i` is, if it is one.
    private static func angleAfter(_ i: Int, _ tokens: [Token], _ metrics: Set<String>) -> String? {
        guard i + 1 < tokens.count, case .identifier(let name) = tokens[i + 1].kind else { return nil }
        if i + 2 < tokens.count, tokens[i + 2].kind == .symbol("(") {
            guard aggregates.contains(name), i + 4 < tokens.count, case .identifier(let inner) = tokens[i + 3].kind,
                tokens[i + 4].kind == .symbol(")")
            else { return nil }
            return angleName(inner, metrics).map { "\(name)(\($0))" }
        }
        // A term followed by arithmetic is not the angle alone.
        if i + 2 < tokens.count, case .symbol(let s) = tokens[i + 2].kind, "+-*/".contains(s) { return nil }
        return angleName(name, metrics)
    }

    private static func angleName(_ name: String, _ metrics: Set<String>) -> String? {
        metrics.contains(name) || Limb(name: name) != nil ? name : nil
    }

    /// Functions whose value is in the unit of their argument.
    private static let aggregates: Set<String> = ["lowest", "highest", "average"]
}
