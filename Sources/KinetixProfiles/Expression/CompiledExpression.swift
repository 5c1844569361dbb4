import KinetixCore

/// The type of an expression's value.
public enum ExpressionType: String, Equatable, Sendable {
    case number, boolean
    case bodyPoint = "body point"
    case facePoint = "face point"
}

/// Where an expression is evaluated.
public enum ExpressionScope: Equatable, Sendable {
    /// Once per frame, over whole columns (metrics, frame rules).
    case frames
    /// Once per repetition, with aggregates over the rep (rep summaries, rep rules).
    case reps
}

/// A type-checked expression, ready to evaluate over columns.
indirect enum CompiledExpression: Equatable, Sendable {
    enum PointSource: Equatable, Sendable { case joint(Joint), landmark(FaceLandmark) }
    enum AngleKind: Equatable, Sendable { case limb, interior, turn }
    /// A point's coordinate: `x()`, `y()`, or `z()` (3D body coordinates only).
    enum Axis: String, Equatable, Sendable { case x, y, z }
    enum Aggregate: String, Equatable, Sendable, CaseIterable {
        case lowest, highest, average, timeToLowest, timeToHighest
    }
    /// `+ - * /`, by the symbol a profile writes.
    enum Arithmetic: String, Equatable, Sendable, CaseIterable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"
    }
    /// `< <= > >= == !=`, by the symbol a profile writes.
    enum Comparison: String, Equatable, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "==", notEqual = "!="
    }
    /// The numeric functions, by the name a profile writes.
    enum Function: String, Equatable, Sendable, CaseIterable {
        case abs, sqrt, atan2, min, max, mean
        /// `if(condition, value[, otherwise])`.
        case choose = "if"
    }

    case constant(Float)
    case parameter(String)
    case choiceIs(parameter: String, value: String)
    case limbAngle(Limb)
    case metric(Int)
    case point(PointSource)
    case midpoint(CompiledExpression, CompiledExpression)
    case coordinate(CompiledExpression, Axis)
    case distance(CompiledExpression, CompiledExpression)
    case angle(AngleKind, CompiledExpression, CompiledExpression, CompiledExpression)
    case negate(CompiledExpression)
    case not(CompiledExpression)
    case arithmetic(Arithmetic, CompiledExpression, CompiledExpression)
    case comparison(Comparison, CompiledExpression, CompiledExpression)
    case logical(and: Bool, CompiledExpression, CompiledExpression)
    case function(Function, [CompiledExpression])
    case aggregate(Aggregate, metric: Int)
    /// The clip's rest level of a metric (`Profile.RestLevelSpec`): one number.
    case rest(metric: Int)
    case duration

    /// Metrics this expression reads.
    var metricReferences: Set<Int> {
        switch self {
        case .metric(let i), .aggregate(_, let i), .rest(let i): [i]
        case .constant, .parameter, .choiceIs, .limbAngle, .point, .duration: []
        case .midpoint(let a, let b), .distance(let a, let b), .arithmetic(_, let a, let b),
            .comparison(_, let a, let b), .logical(_, let a, let b):
            a.metricReferences.union(b.metricReferences)
        case .coordinate(let a, _), .negate(let a), .not(let a): a.metricReferences
        case .angle(_, let a, let b, let c): a.metricReferences.union(b.metricReferences).union(c.metricReferences)
        case .function(_, let args): args.reduce(into: Set<Int>()) { $0.formUnion($1.metricReferences) }
        }
    }

    /// Joints and face landmarks this expression reads, directly or through limb angles.
    var pointReferences: (joints: Set<Joint>, landmarks: Set<FaceLandmark>) {
        var joints = Set<Joint>()
        var landmarks = Set<FaceLandmark>()
        func visit(_ e: CompiledExpression) {
            switch e {
            case .point(.joint(let j)): joints.insert(j)
            case .point(.landmark(let l)): landmarks.insert(l)
            case .limbAngle(let limb): joints.formUnion([limb.joints.a, limb.joints.b, limb.joints.c])
            case .midpoint(let a, let b), .distance(let a, let b), .arithmetic(_, let a, let b),
                .comparison(_, let a, let b), .logical(_, let a, let b):
                visit(a)
                visit(b)
            case .coordinate(let a, _), .negate(let a), .not(let a): visit(a)
            case .angle(_, let a, let b, let c):
                visit(a)
                visit(b)
                visit(c)
            case .function(_, let args): args.forEach(visit)
            default: break
            }
        }
        visit(self)
        return (joints, landmarks)
    }
}

/// Names and types an expression may use, for type checking.
struct CompileEnvironment {
    var metrics: [String] { didSet { metricIndex = Self.index(metrics) } }
    var parameters: [String: ProfileParameter]
    var scope: ExpressionScope
    /// Metrics with a rest level, which `rest(name)` may read.
    var restMetrics: Set<String>
    /// Each metric name's index (the first, for a name given twice), so a profile of n
    /// metrics compiles in O(n) lookups rather than O(n²).
    private(set) var metricIndex: [String: Int]

    init(metrics: [String], parameters: [String: ProfileParameter], scope: ExpressionScope, restMetrics: Set<String> = []) {
        self.metrics = metrics
        self.parameters = parameters
        self.scope = scope
        self.restMetrics = restMetrics
        metricIndex = Self.index(metrics)
    }

    private static func index(_ names: [String]) -> [String: Int] {
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() where index[name] == nil { index[name] = i }
        return index
    }

    static let functions =
        [
            "angle", "interior", "turn", "x", "y", "z", "distance", "midpoint", "abs", "sqrt", "min", "max", "mean", "atan2", "if",
            "duration", "rest",
        ]
        + CompiledExpression.Aggregate.allCases.map(\.rawValue)

    /// Compiles `text`, requiring a value of type `expected` when given.
    func compile(_ text: String, expecting expected: ExpressionType? = nil) throws(ExpressionError) -> CompiledExpression {
        let syntax = try ExpressionParser.parse(text)
        let (compiled, type) = try check(syntax)
        if let expected, type != expected {
            throw ExpressionError(
                column: syntax.column,
                message:
                    "expected \(expected == .boolean ? "a condition (true or false)" : "a \(expected.rawValue)"), but the expression is a \(type.rawValue)"
            )
        }
        return compiled
    }

    private func check(_ syntax: Syntax) throws(ExpressionError) -> (CompiledExpression, ExpressionType) {
        switch syntax {
        case .number(let v, _):
            return (.constant(Float(v)), .number)
        case .string(_, let column):
            throw ExpressionError(column: column, message: "a string can only be compared with a choice parameter, as in $side == \"left\"")
        case .parameter(let name, let column):
            guard let parameter = parameters[name] else {
                throw ExpressionError(
                    column: column, message: "unknown parameter '$\(name)'",
                    suggestion: closestName(to: name, in: parameters.keys).map { "$" + $0 })
            }
            switch parameter.type {
            case .number, .integer: return (.parameter(name), .number)
            case .boolean: return (.parameter(name), .boolean)
            case .choice:
                throw ExpressionError(
                    column: column,
                    message: "'$\(name)' is a choice: compare it with a string, as in $\(name) == \"\(parameter.choices.first ?? "")\"")
            }
        case .name(let name, let column):
            // A limb name outside a point function is its angle (joints are read through
            // x(), y(), distance(), midpoint() and the angle functions).
            if let limb = Limb(name: name) { return (.limbAngle(limb), .number) }
            if let joint = Joint(name: name) { return (.point(.joint(joint)), .bodyPoint) }
            if let landmark = FaceLandmark(name: name) { return (.point(.landmark(landmark)), .facePoint) }
            if let index = metricIndex[name] {
                if scope == .reps {
                    throw ExpressionError(
                        column: column, message: "'\(name)' changes during a rep: use lowest(\(name)), highest(\(name)) or average(\(name))"
                    )
                }
                return (.metric(index), .number)
            }
            throw unknownName(name, column: column)
        case .unary(let op, let operand, let column):
            let (value, type) = try check(operand)
            if op == "-" {
                try require(type, .number, column: column, what: "'-'")
                return (.negate(value), .number)
            }
            try require(type, .boolean, column: column, what: "'!'")
            return (.not(value), .boolean)
        case .binary(let op, let left, let right, _):
            if op == "==" || op == "!=", let choice = try choiceComparison(left, right) {
                return (op == "==" ? choice : .not(choice), .boolean)
            }
            let (a, ta) = try check(left)
            let (b, tb) = try check(right)
            if op == "&&" || op == "||" {
                try require(ta, .boolean, column: left.column, what: "'\(op)'")
                try require(tb, .boolean, column: right.column, what: "'\(op)'")
                return (.logical(and: op == "&&", a, b), .boolean)
            }
            try require(ta, .number, column: left.column, what: "'\(op)'")
            try require(tb, .number, column: right.column, what: "'\(op)'")
            if let comparison = CompiledExpression.Comparison(rawValue: op) { return (.comparison(comparison, a, b), .boolean) }
            guard let arithmetic = CompiledExpression.Arithmetic(rawValue: op) else {
                throw ExpressionError(column: left.column, message: "unknown operator '\(op)'")
            }
            return (.arithmetic(arithmetic, a, b), .number)
        case .call(let name, let arguments, let column):
            return try checkCall(name, arguments, column: column)
        }
    }

    private func choiceComparison(_ left: Syntax, _ right: Syntax) throws(ExpressionError) -> CompiledExpression? {
        let pair: (String, Int, String, Int)?
        switch (left, right) {
        case (.parameter(let p, let pc), .string(let s, let sc)), (.string(let s, let sc), .parameter(let p, let pc)): pair = (p, pc, s, sc)
        default: pair = nil
        }
        guard let (name, nameColumn, value, valueColumn) = pair else { return nil }
        guard let parameter = parameters[name] else {
            throw ExpressionError(column: nameColumn, message: "unknown parameter '$\(name)'")
        }
        guard parameter.type == .choice else {
            throw ExpressionError(
                column: valueColumn, message: "'$\(name)' is a \(parameter.type.rawValue), not a choice: compare it with a number")
        }
        guard parameter.choices.contains(value) else {
            throw ExpressionError(
                column: valueColumn, message: "\"\(value)\" is not a choice of '$\(name)' (\(parameter.choices.joined(separator: ", ")))",
                suggestion: closestName(to: value, in: parameter.choices))
        }
        return .choiceIs(parameter: name, value: value)
    }

    private func checkCall(_ name: String, _ arguments: [Syntax], column: Int) throws(ExpressionError) -> (
        CompiledExpression, ExpressionType
    ) {
        func arity(_ count: Int) throws(ExpressionError) {
            guard arguments.count == count else {
                throw ExpressionError(
                    column: column, message: "\(name)() takes \(count) argument\(count == 1 ? "" : "s"), found \(arguments.count)")
            }
        }
        func numbers() throws(ExpressionError) -> [CompiledExpression] {
            var result: [CompiledExpression] = []
            for argument in arguments {
                let (value, type) = try check(argument)
                try require(type, .number, column: argument.column, what: "\(name)()")
                result.append(value)
            }
            return result
        }
        func points() throws(ExpressionError) -> ([CompiledExpression], ExpressionType) {
            var result: [CompiledExpression] = []
            var kind: ExpressionType?
            for argument in arguments {
                // Names such as leftHip are both a limb angle and a joint: here, the joint.
                let (value, type): (CompiledExpression, ExpressionType)
                if case .name(let n, _) = argument, let joint = Joint(name: n) {
                    (value, type) = (.point(.joint(joint)), .bodyPoint)
                } else if case .name(let n, let c) = argument, Limb(name: n) == nil, FaceLandmark(name: n) == nil, metricIndex[n] == nil {
                    throw unknownName(n, column: c, expectingPoint: true)
                } else {
                    (value, type) = try check(argument)
                }
                guard type == .bodyPoint || type == .facePoint else {
                    throw ExpressionError(
                        column: argument.column, message: "\(name)() takes points (joints or face landmarks), found a \(type.rawValue)")
                }
                if let kind, kind != type {
                    throw ExpressionError(column: argument.column, message: "\(name)() cannot mix body joints and face landmarks")
                }
                kind = type
                result.append(value)
            }
            return (result, kind ?? .bodyPoint)
        }
        switch name {
        case "angle", "interior", "turn":
            try arity(3)
            let (p, _) = try points()
            let kind: CompiledExpression.AngleKind = name == "angle" ? .limb : name == "interior" ? .interior : .turn
            return (.angle(kind, p[0], p[1], p[2]), .number)
        case "x", "y", "z":
            try arity(1)
            return (.coordinate(try points().0[0], CompiledExpression.Axis(rawValue: name)!), .number)
        case "distance":
            try arity(2)
            let (p, _) = try points()
            return (.distance(p[0], p[1]), .number)
        case "midpoint":
            try arity(2)
            let (p, type) = try points()
            return (.midpoint(p[0], p[1]), type)
        case "abs", "sqrt":
            try arity(1)
            return (.function(name == "abs" ? .abs : .sqrt, try numbers()), .number)
        case "atan2":
            try arity(2)
            return (.function(.atan2, try numbers()), .number)
        case "if":
            guard arguments.count == 2 || arguments.count == 3 else {
                throw ExpressionError(
                    column: column, message: "if() takes a condition, a value and optionally a value otherwise (missing when left out)")
            }
            let (condition, conditionType) = try check(arguments[0])
            try require(conditionType, .boolean, column: arguments[0].column, what: "if()")
            var values: [CompiledExpression] = [condition]
            for argument in arguments.dropFirst() {
                let (value, type) = try check(argument)
                try require(type, .number, column: argument.column, what: "if()")
                values.append(value)
            }
            return (.function(.choose, values), .number)
        case "min", "max", "mean":
            guard arguments.count >= 2 else {
                let aggregate = name == "min" ? "lowest" : name == "max" ? "highest" : "average"
                throw ExpressionError(
                    column: column,
                    message: "\(name)() takes two or more values\(scope == .reps ? "; for a metric over a rep use \(aggregate)()" : "")")
            }
            return (.function(CompiledExpression.Function(rawValue: name)!, try numbers()), .number)
        case "rest":
            try arity(1)
            guard case .name(let metric, let metricColumn) = arguments[0] else {
                throw ExpressionError(column: arguments[0].column, message: "rest() takes the name of a metric")
            }
            guard let index = metricIndex[metric] else {
                // A limb angle or joint is a name, but not a metric: say so, never "did you mean" itself.
                if let noun = [
                    ("limb angle", Limb.allCases.map(\.name)), ("joint", Joint.allCases.map(\.name)),
                    ("face landmark", FaceLandmark.allCases.map(\.name)),
                ]
                .first(where: { $0.1.contains(metric) })?.0 {
                    throw ExpressionError(
                        column: metricColumn,
                        message:
                            "rest() takes a metric of this profile, and '\(metric)' is a \(noun): define a metric of it with \"rest\": {\"percentile\": 90} and give rest() that metric's name"
                    )
                }
                throw unknownName(metric, column: metricColumn)
            }
            guard restMetrics.contains(metric) else {
                throw ExpressionError(
                    column: metricColumn,
                    message:
                        "'\(metric)' has no rest level: give it \"rest\": {\"percentile\": 90} (90 for a metric that dips from rest, 10 for one that rises)"
                )
            }
            return (.rest(metric: index), .number)
        case "duration":
            try arity(0)
            guard scope == .reps else {
                throw ExpressionError(
                    column: column,
                    message: "duration() is the length of a rep: use it in reps.summary or in a rule with \"scope\": \"reps\"")
            }
            return (.duration, .number)
        default:
            if let aggregate = CompiledExpression.Aggregate(rawValue: name) {
                try arity(1)
                guard scope == .reps else {
                    throw ExpressionError(
                        column: column,
                        message: "\(name)() summarizes a metric over a rep: use it in reps.summary or in a rule with \"scope\": \"reps\"")
                }
                guard case .name(let metric, let metricColumn) = arguments[0] else {
                    throw ExpressionError(column: arguments[0].column, message: "\(name)() takes the name of a metric")
                }
                guard let index = metricIndex[metric] else { throw unknownName(metric, column: metricColumn) }
                return (.aggregate(aggregate, metric: index), .number)
            }
            throw ExpressionError(
                column: column, message: "unknown function '\(name)'", suggestion: closestName(to: name, in: Self.functions))
        }
    }

    private func require(_ found: ExpressionType, _ expected: ExpressionType, column: Int, what: String) throws(ExpressionError) {
        guard found == expected else {
            throw ExpressionError(
                column: column,
                message: "\(what) needs \(expected == .boolean ? "a condition" : "a \(expected.rawValue)"), found a \(found.rawValue)")
        }
    }

    private func unknownName(_ name: String, column: Int, expectingPoint: Bool = false) -> ExpressionError {
        let points: [(String, [String])] = [("joint", Joint.allCases.map(\.name)), ("face landmark", FaceLandmark.allCases.map(\.name))]
        let numbers: [(String, [String])] = [("limb angle", Limb.allCases.map(\.name)), ("metric", metrics)]
        let groups = expectingPoint ? points + numbers : numbers + points
        let all = groups.flatMap(\.1)
        if let suggestion = closestName(to: name, in: all) {
            let noun = groups.first { $0.1.contains(suggestion) }!.0
            return ExpressionError(column: column, message: "unknown \(noun) '\(name)'", suggestion: suggestion)
        }
        return ExpressionError(
            column: column, message: "unknown name '\(name)' (not a limb angle, joint, face landmark or metric of this profile)")
    }
}
