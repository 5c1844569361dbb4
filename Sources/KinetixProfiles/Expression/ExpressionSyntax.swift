/// An error in an expression, at a 1-based column of its text.
public struct ExpressionError: Error, Equatable, Sendable {
    /// 1-based column in the expression.
    public var column: Int
    /// What is wrong.
    public var message: String
    /// For a misspelt name, the known name it most likely meant (`Diagnostic.suggestion`).
    public var suggestion: String?

    /// An error at `column`.
    public init(column: Int, message: String, suggestion: String? = nil) {
        self.column = column
        self.message = message
        self.suggestion = suggestion
    }
}

/// A token of the expression language.
struct Token: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case identifier(String)
        case parameter(String)  // $name
        case string(String)  // "text", compared with choice parameters
        case symbol(String)  // + - * / ( ) , < <= > >= == != && || !
        case end
    }
    var kind: Kind
    var column: Int
}

/// Splits an expression into tokens.
func tokenize(_ text: String) throws(ExpressionError) -> [Token] {
    let characters = Array(text)
    var tokens: [Token] = []
    var i = 0
    func isIdentifierStart(_ c: Character) -> Bool { c.isLetter || c == "_" }
    func isIdentifierPart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    while i < characters.count {
        let c = characters[i]
        let column = i + 1
        if c.isWhitespace {
            i += 1
            continue
        }
        if c.isNumber || (c == "." && i + 1 < characters.count && characters[i + 1].isNumber) {
            var j = i
            while j < characters.count, characters[j].isNumber || characters[j] == "." { j += 1 }
            if j < characters.count, characters[j] == "e" || characters[j] == "E" {
                var k = j + 1
                if k < characters.count, characters[k] == "+" || characters[k] == "-" { k += 1 }
                if k < characters.count, characters[k].isNumber {
                    j = k
                    while j < characters.count, characters[j].isNumber { j += 1 }
                }
            }
            let literal = String(characters[i..<j])
            guard let value = Double(literal) else { throw ExpressionError(column: column, message: "malformed number '\(literal)'") }
            tokens.append(Token(kind: .number(value), column: column))
            i = j
        } else if isIdentifierStart(c) || c == "$" {
            var j = i + 1
            while j < characters.count, isIdentifierPart(characters[j]) { j += 1 }
            let name = String(characters[(c == "$" ? i + 1 : i)..<j])
            if c == "$", name.isEmpty { throw ExpressionError(column: column, message: "'$' must be followed by a parameter name") }
            tokens.append(Token(kind: c == "$" ? .parameter(name) : .identifier(name), column: column))
            i = j
        } else if c == "\"" {
            var j = i + 1
            while j < characters.count, characters[j] != "\"" { j += 1 }
            guard j < characters.count else { throw ExpressionError(column: column, message: "unterminated string") }
            tokens.append(Token(kind: .string(String(characters[(i + 1)..<j])), column: column))
            i = j + 1
        } else {
            let two = i + 1 < characters.count ? String(characters[i...(i + 1)]) : ""
            if ["<=", ">=", "==", "!=", "&&", "||"].contains(two) {
                tokens.append(Token(kind: .symbol(two), column: column))
                i += 2
            } else if "+-*/(),<>!".contains(c) {
                tokens.append(Token(kind: .symbol(String(c)), column: column))
                i += 1
            } else {
                let hint = c == "=" ? " (use '==' to compare)" : c == "&" ? " (use '&&')" : c == "|" ? " (use '||')" : ""
                throw ExpressionError(column: column, message: "unexpected character '\(c)'\(hint)")
            }
        }
    }
    tokens.append(Token(kind: .end, column: characters.count + 1))
    return tokens
}

/// The syntax tree of an expression.
indirect enum Syntax: Equatable {
    case number(Double, column: Int)
    case name(String, column: Int)
    case parameter(String, column: Int)
    case string(String, column: Int)
    case call(String, [Syntax], column: Int)
    case unary(String, Syntax, column: Int)
    case binary(String, Syntax, Syntax, column: Int)

    var column: Int {
        switch self {
        case .number(_, let c), .name(_, let c), .parameter(_, let c), .string(_, let c),
            .call(_, _, let c), .unary(_, _, let c), .binary(_, _, _, let c):
            c
        }
    }
}

/// A precedence-climbing parser: `||` < `&&` < `!` < comparisons < `+ -` < `* /` < unary `-` < calls.
///
/// Bounded so that no expression can exhaust the call stack here, in the type checker
/// or in the evaluator, which all recurse on the tree: at most `maxTokens` tokens
/// (the tree is then at most that deep) and `maxNesting` levels of parentheses, calls,
/// `!` and unary `-`.
struct ExpressionParser {
    static let maxTokens = 512
    static let maxNesting = 32

    private var tokens: [Token]
    private var index = 0
    private var nesting = 0

    static func parse(_ text: String) throws(ExpressionError) -> Syntax {
        var parser = ExpressionParser(tokens: try tokenize(text))
        if case .end = parser.tokens[0].kind { throw ExpressionError(column: 1, message: "empty expression") }
        if parser.tokens.count - 1 > maxTokens {
            throw ExpressionError(
                column: parser.tokens[maxTokens].column,
                message: "the expression has \(parser.tokens.count - 1) tokens; the limit is \(maxTokens) (split it into metrics)")
        }
        let syntax = try parser.parseOr()
        guard case .end = parser.peek.kind else {
            throw ExpressionError(
                column: parser.peek.column, message: "unexpected \(parser.describe(parser.peek)) after a complete expression")
        }
        return syntax
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    private var peek: Token { tokens[index] }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .number(let v): "number \(v)"
        case .identifier(let n): "'\(n)'"
        case .parameter(let n): "'$\(n)'"
        case .string(let s): "\"\(s)\""
        case .symbol(let s): "'\(s)'"
        case .end: "end of expression"
        }
    }

    private mutating func accept(_ symbol: String) -> Token? {
        if case .symbol(symbol) = peek.kind {
            defer { index += 1 }
            return peek
        }
        return nil
    }

    private mutating func parseBinary(_ symbols: [String], next: (inout ExpressionParser) throws(ExpressionError) -> Syntax)
        throws(ExpressionError) -> Syntax
    {
        var left = try next(&self)
        while case .symbol(let s) = peek.kind, symbols.contains(s) {
            index += 1
            left = .binary(s, left, try next(&self), column: left.column)
        }
        return left
    }

    private mutating func parseOr() throws(ExpressionError) -> Syntax {
        try parseBinary(["||"]) { p throws(ExpressionError) in try p.parseAnd() }
    }
    private mutating func parseAnd() throws(ExpressionError) -> Syntax {
        try parseBinary(["&&"]) { p throws(ExpressionError) in try p.parseNot() }
    }

    private mutating func parseNot() throws(ExpressionError) -> Syntax {
        if let bang = accept("!") {
            try enter(bang)
            defer { nesting -= 1 }
            return .unary("!", try parseNot(), column: bang.column)
        }
        return try parseComparison()
    }

    /// One level deeper; refuses to go past `maxNesting`.
    private mutating func enter(_ token: Token) throws(ExpressionError) {
        nesting += 1
        if nesting > Self.maxNesting {
            throw ExpressionError(
                column: token.column,
                message: "nested more than \(Self.maxNesting) deep (parentheses, calls, '!' and '-'); split it into metrics")
        }
    }

    private mutating func parseComparison() throws(ExpressionError) -> Syntax {
        let left = try parseAdditive()
        if case .symbol(let s) = peek.kind, ["<", "<=", ">", ">=", "==", "!="].contains(s) {
            index += 1
            let right = try parseAdditive()
            if case .symbol(let t) = peek.kind, ["<", "<=", ">", ">=", "==", "!="].contains(t) {
                throw ExpressionError(column: peek.column, message: "comparisons do not chain; join them with '&&'")
            }
            return .binary(s, left, right, column: left.column)
        }
        return left
    }

    private mutating func parseAdditive() throws(ExpressionError) -> Syntax {
        try parseBinary(["+", "-"]) { p throws(ExpressionError) in try p.parseMultiplicative() }
    }
    private mutating func parseMultiplicative() throws(ExpressionError) -> Syntax {
        try parseBinary(["*", "/"]) { p throws(ExpressionError) in try p.parseUnary() }
    }

    private mutating func parseUnary() throws(ExpressionError) -> Syntax {
        if let minus = accept("-") {
            try enter(minus)
            defer { nesting -= 1 }
            return .unary("-", try parseUnary(), column: minus.column)
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Syntax {
        let token = peek
        index += 1
        switch token.kind {
        case .number(let v): return .number(v, column: token.column)
        case .parameter(let n): return .parameter(n, column: token.column)
        case .string(let s): return .string(s, column: token.column)
        case .identifier(let name):
            guard accept("(") != nil else { return .name(name, column: token.column) }
            try enter(token)
            defer { nesting -= 1 }
            var arguments: [Syntax] = []
            if accept(")") == nil {
                repeat { arguments.append(try parseOr()) } while accept(",") != nil
                guard accept(")") != nil else {
                    throw ExpressionError(
                        column: peek.column, message: "expected ',' or ')' in the arguments of \(name)(), found \(describe(peek))")
                }
            }
            return .call(name, arguments, column: token.column)
        case .symbol("("):
            try enter(token)
            defer { nesting -= 1 }
            let inner = try parseOr()
            guard accept(")") != nil else { throw ExpressionError(column: peek.column, message: "expected ')', found \(describe(peek))") }
            return inner
        default:
            throw ExpressionError(column: token.column, message: "expected a value, found \(describe(token))")
        }
    }
}
