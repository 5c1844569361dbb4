import Foundation
import KinetixCore

extension Profile {
    /// Loads and checks a profile file. Every problem is reported with its JSON path
    /// and, inside expressions, its column.
    public static func load(contentsOf path: String) throws(KinetixError) -> Profile {
        let data = try readInput(path, limits: SidecarLimits())
        return try decode(data, file: path)
    }

    /// Decodes and checks a profile from its JSON bytes; `file` names it in messages.
    public static func decode(_ data: Data, file: String? = nil) throws(KinetixError) -> Profile {
        let value: JSONValue
        do { value = try JSONValue.parse(data) } catch {
            let (line, column) = lineAndColumn(data, error.offset)
            throw KinetixError(diagnostics: [Diagnostic(file: file, line: line, column: column, message: error.message)])
        }
        var decoder = ProfileDecoder()
        let profile = decoder.decode(value)
        guard decoder.diagnostics.isEmpty, let profile else {
            throw KinetixError(diagnostics: decoder.diagnostics.map { file.map($0.inFile) ?? $0 })
        }
        return profile
    }

    private static func lineAndColumn(_ data: Data, _ offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Reads the profile's JSON tree, collecting every problem with its path.
struct ProfileDecoder {
    var diagnostics: [Diagnostic] = []

    mutating func report(_ path: String, _ message: String, suggestion: String? = nil) {
        diagnostics.append(Diagnostic(field: path, message: message, suggestion: suggestion))
    }

    /// Reports `name` (of a metric, parameter, rule, measure or summary) unless it is a
    /// letter then letters, digits or `_`, at most 64 characters: names are words in
    /// expressions, and they appear in reports, element ids and file names.
    mutating func checkName(_ name: String, _ path: String, _ what: String) {
        guard !Profile.isName(name) else { return }
        report(path, "\(what) name \(name.debugDescription.prefix(80)) is not a name: a letter, then letters, digits or '_' (at most 64)")
    }

    mutating func report(_ path: String, _ error: ExpressionError) {
        diagnostics.append(Diagnostic(field: path, message: "column \(error.column): \(error.message)", suggestion: error.suggestion))
    }

    /// The members of an object at `path`, reporting keys not in `known`.
    mutating func members(_ value: JSONValue?, _ path: String, known: [String]) -> [String: JSONValue]? {
        guard let value else { return nil }
        guard case .object(let list) = value else {
            report(path, "expected an object, found \(value.kindDescription)")
            return nil
        }
        var result: [String: JSONValue] = [:]
        for (key, member) in list {
            if key.hasPrefix("_") || key == "comment" { continue }
            if !known.contains(key) {
                let suggestion = closestName(to: key, in: known)
                report(path.isEmpty ? key : "\(path).\(key)", "unknown field", suggestion: suggestion)
                continue
            }
            result[key] = member
        }
        return result
    }

    mutating func string(_ value: JSONValue?, _ path: String, required: Bool = true) -> String? {
        switch value {
        case .string(let s)?: return s
        case nil:
            if required { report(path, "missing required field") }
            return nil
        case let other?:
            report(path, "expected a string, found \(other.kindDescription)")
            return nil
        }
    }

    mutating func number(_ value: JSONValue?, _ path: String, required: Bool = true, range: ClosedRange<Double>? = nil) -> Double? {
        switch value {
        case .number(let v)?:
            if let range, !range.contains(v) {
                report(
                    path,
                    "must be in \(jsonNumber(range.lowerBound, digits: 6))...\(jsonNumber(range.upperBound, digits: 6)), found \(jsonNumber(v, digits: 6))"
                )
                return nil
            }
            return v
        case nil:
            if required { report(path, "missing required field") }
            return nil
        case let other?:
            report(path, "expected a number, found \(other.kindDescription)")
            return nil
        }
    }

    mutating func bool(_ value: JSONValue?, _ path: String) -> Bool? {
        switch value {
        case .bool(let b)?: return b
        case nil: return nil
        case let other?:
            report(path, "expected true or false, found \(other.kindDescription)")
            return nil
        }
    }

    /// A metric's `"rest": {"percentile": 90, "min": 0.4, "max": 1.1}`.
    mutating func decodeRest(_ value: JSONValue?, _ path: String) -> Profile.RestLevelSpec? {
        guard let fields = members(value, path, known: ["percentile", "min", "max"]) else { return nil }
        guard let percentile = number(fields["percentile"], "\(path).percentile", range: 0...100) else { return nil }
        let low = number(fields["min"], "\(path).min", required: false)
        let high = number(fields["max"], "\(path).max", required: false)
        if (low == nil) != (high == nil) {
            report(path, "give both \"min\" and \"max\" of the plausible rest levels, or neither")
            return nil
        }
        if let low, let high, low > high {
            report("\(path).min", "must not exceed max (\(jsonNumber(high, digits: 6)))")
            return nil
        }
        return Profile.RestLevelSpec(percentile: percentile, plausible: low.flatMap { l in high.map { l...$0 } })
    }

    mutating func strings(_ value: JSONValue?, _ path: String) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            report(path, "expected an array of strings, found \(value.kindDescription)")
            return []
        }
        var result: [String] = []
        for (i, item) in items.enumerated() { if let s = string(item, "\(path)[\(i)]") { result.append(s) } }
        return result
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue?, _ path: String, default defaultValue: T) -> T
    where T.RawValue == String {
        guard let text = string(value, path, required: false) else { return defaultValue }
        guard let result = T(rawValue: text) else {
            let all = T.allCases.map(\.rawValue)
            let suggestion = closestName(to: text, in: all)
            report(path, "unknown value '\(text)'; expected one of \(all.joined(separator: ", "))", suggestion: suggestion)
            return defaultValue
        }
        return result
    }

    /// A number or an expression of parameters.
    mutating func setting(_ value: JSONValue?, _ path: String, environment: CompileEnvironment, default defaultValue: Double? = nil)
        -> NumberSetting?
    {
        switch value {
        case .number(let v)?: return NumberSetting(text: jsonNumber(v, digits: 9), compiled: .constant(Float(v)))
        case .string(let text)?:
            do {
                let compiled = try environment.compile(text, expecting: .number)
                if !ExpressionEvaluator.isConstant(compiled) {
                    report(path, "must depend on parameters only (no metrics, joints or angles)")
                    return nil
                }
                return NumberSetting(text: text, compiled: compiled)
            } catch {
                report(path, error)
                return nil
            }
        case nil:
            if let defaultValue {
                return NumberSetting(text: jsonNumber(defaultValue, digits: 9), compiled: .constant(Float(defaultValue)))
            }
            report(path, "missing required field")
            return nil
        case let other?:
            report(path, "expected a number or a parameter expression, found \(other.kindDescription)")
            return nil
        }
    }

    mutating func decode(_ root: JSONValue) -> Profile? {
        guard case .object = root else {
            report("", "a profile is a JSON object")
            return nil
        }
        let top =
            members(
                root, "",
                known: [
                    "format", "formatVersion", "id", "version", "title", "description", "tags", "kind",
                    "parameters", "requirements", "metrics", "rules", "reps", "baseline", "symmetry", "pair",
                    "challenge",
                ]) ?? [:]
        // The format and its version decide how the rest reads: when wrong, say only that.
        let format = string(top["format"], "format")
        let formatVersion = number(top["formatVersion"], "formatVersion")
        if let format, format != Profile.formatName {
            diagnostics = [Diagnostic(field: "format", message: "expected \"\(Profile.formatName)\", found \"\(format)\"")]
            return nil
        }
        if let formatVersion, formatVersion != Double(Profile.currentFormatVersion) {
            diagnostics = [
                Diagnostic(
                    field: "formatVersion",
                    message:
                        "format version \(jsonNumber(formatVersion, digits: 3)) is not supported (this Kinetix reads \(Profile.currentFormatVersion))"
                )
            ]
            return nil
        }
        let id = string(top["id"], "id") ?? ""
        if !id.isEmpty, !id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            report("id", "use letters, digits, '-' and '_' only (it is typed on the command line)")
        }
        let version = string(top["version"], "version") ?? ""
        let title = string(top["title"], "title") ?? ""
        let description = string(top["description"], "description", required: false) ?? ""
        let tags = strings(top["tags"], "tags")
        let kind: Profile.Kind = choice(top["kind"], "kind", default: .body)
        if top["kind"] == nil { report("kind", "missing required field (body, face, pair or challenge)") }

        let parameters = decodeParameters(top["parameters"])
        let parameterTable = Dictionary(parameters.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

        // Metric names first, so expressions may refer to metrics in any order.
        var metricEntries: [(key: String, value: JSONValue)] = []
        if let value = top["metrics"] {
            if case .object(let list) = value {
                metricEntries = list
            } else {
                report("metrics", "expected an object of named metrics, found \(value.kindDescription)")
            }
        }
        let metricNames = metricEntries.map(\.key)
        let restMetrics = Set(
            metricEntries.compactMap { entry -> String? in
                if case .object(let list) = entry.value, list.contains(where: { $0.key == "rest" }) { return entry.key }
                return nil
            })
        let frames = CompileEnvironment(metrics: metricNames, parameters: parameterTable, scope: .frames, restMetrics: restMetrics)
        let reps = CompileEnvironment(metrics: metricNames, parameters: parameterTable, scope: .reps, restMetrics: restMetrics)
        let constants = CompileEnvironment(metrics: [], parameters: parameterTable, scope: .frames)

        for name in metricNames {
            checkName(name, "metrics.\(name)", "a metric")
            if Limb(name: name) != nil || Joint(name: name) != nil || FaceLandmark(name: name) != nil {
                report("metrics.\(name)", "a metric cannot be named like a limb, joint or face landmark")
            }
        }
        var metrics: [Profile.Metric] = []
        for (name, value) in metricEntries {
            let path = "metrics.\(name)"
            let fields: [String: JSONValue]
            if case .string = value {
                fields = ["expr": value]
            } else {
                fields = members(value, path, known: ["expr", "unit", "description", "smooth", "relativeToBaseline", "rest"]) ?? [:]
            }
            guard let text = string(fields["expr"], "\(path).expr") else { continue }
            let compiled: CompiledExpression
            do { compiled = try frames.compile(text, expecting: .number) } catch {
                report(path, error)
                continue
            }
            let smooth = members(fields["smooth"], "\(path).smooth", known: ["medianSeconds", "lowPassHertz"]) ?? [:]
            metrics.append(
                Profile.Metric(
                    name: name, expression: text, compiled: compiled,
                    unit: string(fields["unit"], "\(path).unit", required: false),
                    description: string(fields["description"], "\(path).description", required: false),
                    medianSeconds: number(smooth["medianSeconds"], "\(path).smooth.medianSeconds", required: false, range: 0.01...10),
                    lowPassHertz: number(smooth["lowPassHertz"], "\(path).smooth.lowPassHertz", required: false, range: 0.1...100),
                    relativeToBaseline: bool(fields["relativeToBaseline"], "\(path).relativeToBaseline") ?? false,
                    rest: decodeRest(fields["rest"], "\(path).rest")))
        }
        if metrics.count == metricNames.count { checkCycles(metrics) }

        let requirements = decodeRequirements(top["requirements"], kind: kind, parameters: parameterTable)
        var rules: [Profile.Rule] = []
        if let value = top["rules"] {
            if case .array(let items) = value {
                for (i, item) in items.enumerated() {
                    if let rule = decodeRule(item, "rules[\(i)]", frames: frames, reps: reps) { rules.append(rule) }
                }
            } else {
                report("rules", "expected an array of rules, found \(value.kindDescription)")
            }
        }
        var repCounter: Profile.RepCounter?
        if let fields = members(
            top["reps"], "reps", known: ["metric", "movement", "minRange", "enter", "exit", "minSeconds", "summary", "better", "holds"])
        {
            repCounter = decodeReps(fields, frames: frames, reps: reps, constants: constants, metricNames: metricNames)
        }
        if rules.contains(where: { $0.scope == .reps }), repCounter == nil {
            report("rules", "a rule with \"scope\": \"reps\" needs a \"reps\" counter")
        }
        // Angles compared with numbers no angle can be (a goal of 10000°): the rule never changes.
        let degreeMetrics = Set(metrics.filter { ["deg", "degree", "degrees", "°"].contains($0.unit ?? "") }.map(\.name))
        for (i, rule) in rules.enumerated() {
            for problem in PhysicalRanges.problems(in: rule.when, degreeMetrics: degreeMetrics, parameters: parameterTable) {
                report("rules[\(i)].when", problem)
            }
        }
        for metric in metrics {
            for problem in PhysicalRanges.problems(in: metric.expression, degreeMetrics: degreeMetrics, parameters: parameterTable) {
                report("metrics.\(metric.name).expr", problem)
            }
        }
        var baseline: Profile.Baseline?
        if let fields = members(top["baseline"], "baseline", known: ["seconds"]) {
            baseline = Profile.Baseline(seconds: number(fields["seconds"], "baseline.seconds", range: 0.1...600) ?? 2)
        }
        if baseline == nil, metrics.contains(where: \.relativeToBaseline) {
            report("baseline", "metrics are relative to a baseline, but the profile has no \"baseline\" (e.g. {\"seconds\": 2})")
        }
        var symmetry: Profile.Symmetry?
        if let fields = members(top["symmetry"], "symmetry", known: ["thresholdPercent", "measures", "resting"]),
            let threshold = setting(fields["thresholdPercent"], "symmetry.thresholdPercent", environment: constants, default: 20)
        {
            let measures = decodeSymmetry(fields["measures"], metricNames: metricNames, frames: frames)
            var resting = measures.map(\.name)
            if fields["resting"] != nil {
                resting = strings(fields["resting"], "symmetry.resting")
                for (i, name) in resting.enumerated() where !measures.contains(where: { $0.name == name }) {
                    let suggestion = closestName(to: name, in: measures.map(\.name))
                    report("symmetry.resting[\(i)]", "'\(name)' is not one of the symmetry measures", suggestion: suggestion)
                }
            }
            symmetry = Profile.Symmetry(thresholdPercent: threshold, measures: measures, resting: resting)
        }
        for (i, rule) in rules.enumerated() {
            guard let claim = rule.weakerSide else { continue }
            let names = symmetry?.measures.map(\.name) ?? []
            if !names.contains(claim.measure) {
                let suggestion = closestName(to: claim.measure, in: names)
                report(
                    "rules[\(i)].weakerSide.measure", "'\(claim.measure)' is not a symmetry measure of this profile", suggestion: suggestion
                )
            }
        }
        var pair: Profile.PairSettings?
        if kind == .pair {
            pair = decodePair(top["pair"], constants: constants)
        } else if top["pair"] != nil {
            report("pair", "only a profile of kind \"pair\" has pair settings")
        }
        var challenge: Profile.Challenge?
        if kind == .challenge {
            if top["challenge"] == nil { report("challenge", "a challenge profile needs its \"challenge\" block (actions and window)") }
            challenge = decodeChallenge(top["challenge"], frames: frames)
        } else if top["challenge"] != nil {
            report("challenge", "only a profile of kind \"challenge\" has a challenge block")
        }
        if kind != .pair, kind != .challenge, metricEntries.isEmpty {
            report("metrics", "a \(kind.rawValue) profile needs at least one metric")
        }
        guard diagnostics.isEmpty else { return nil }
        return Profile(
            id: id, version: version, title: title, description: description, tags: tags, kind: kind,
            parameters: parameters, requirements: requirements, metrics: metrics, rules: rules,
            reps: repCounter, baseline: baseline, symmetry: symmetry, pair: pair, challenge: challenge)
    }

    /// The action catalogue: each action's `when` is a boolean expression over frames.
    private mutating func decodeChallenge(_ value: JSONValue?, frames: CompileEnvironment) -> Profile.Challenge? {
        guard let fields = members(value, "challenge", known: ["actions", "window", "minTracked"]) else { return nil }
        let window = members(fields["window"], "challenge.window", known: ["minSeconds", "maxSeconds"]) ?? [:]
        let minSeconds =
            number(window["minSeconds"], "challenge.window.minSeconds", required: false, range: 0...10)
            ?? ReactionWindow.defaults.minSeconds
        let maxSeconds =
            number(window["maxSeconds"], "challenge.window.maxSeconds", required: false, range: 0.1...60)
            ?? ReactionWindow.defaults.maxSeconds
        if minSeconds >= maxSeconds { report("challenge.window", "minSeconds must be below maxSeconds") }
        let minTracked = number(fields["minTracked"], "challenge.minTracked", required: false, range: 0...1) ?? 0.5
        var actions: [Profile.Challenge.Action] = []
        guard case .object(let list)? = fields["actions"] else {
            report("challenge.actions", fields["actions"] == nil ? "missing required field" : "expected an object of named actions")
            return nil
        }
        for (id, item) in list {
            let path = "challenge.actions.\(id)"
            if id.isEmpty || id.count > 64 || !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                report(path, "an action id uses letters, digits, '-' and '_' only (at most 64)")
            }
            guard let action = members(item, path, known: ["version", "title", "when", "holdSeconds"]) else { continue }
            let version = string(action["version"], "\(path).version") ?? ""
            let title = string(action["title"], "\(path).title") ?? ""
            let hold = number(action["holdSeconds"], "\(path).holdSeconds", required: false, range: 0...10) ?? 0.3
            guard let when = string(action["when"], "\(path).when") else { continue }
            do {
                let condition = try frames.compile(when, expecting: .boolean)
                actions.append(
                    .init(
                        id: id, version: version, title: title, when: when, condition: condition, holdSeconds: hold,
                        joints: Joint.allCases.filter(condition.pointReferences.joints.contains),
                        landmarks: FaceLandmark.allCases.filter(condition.pointReferences.landmarks.contains)))
            } catch {
                report("\(path).when", error)
            }
        }
        if list.isEmpty { report("challenge.actions", "a challenge needs at least one action") }
        return Profile.Challenge(actions: actions, minSeconds: minSeconds, maxSeconds: maxSeconds, minTracked: minTracked)
    }

    private mutating func decodeParameters(_ value: JSONValue?) -> [ProfileParameter] {
        guard let value else { return [] }
        guard case .object(let list) = value else {
            report("parameters", "expected an object of named parameters, found \(value.kindDescription)")
            return []
        }
        var result: [ProfileParameter] = []
        for (name, item) in list {
            let path = "parameters.\(name)"
            checkName(name, path, "a parameter")
            guard let fields = members(item, path, known: ["type", "default", "min", "max", "choices", "description"]) else { continue }
            let type: ProfileParameter.ParameterType = choice(fields["type"], "\(path).type", default: .number)
            let choices = strings(fields["choices"], "\(path).choices")
            var defaultValue: ParameterValue?
            switch (type, fields["default"]) {
            case (.number, .number(let v)?), (.integer, .number(let v)?): defaultValue = .number(v)
            case (.boolean, .bool(let b)?): defaultValue = .boolean(b)
            case (.choice, .string(let s)?):
                if choices.contains(s) {
                    defaultValue = .choice(s)
                } else {
                    report("\(path).default", "\"\(s)\" is not one of its choices")
                }
            case (_, nil): report("\(path).default", "missing required field")
            case (_, let other?): report("\(path).default", "expected a \(type.rawValue) default, found \(other.kindDescription)")
            }
            if type == .choice, choices.isEmpty { report("\(path).choices", "a choice parameter needs its choices") }
            let minimum = number(fields["min"], "\(path).min", required: false)
            let maximum = number(fields["max"], "\(path).max", required: false)
            if case .number(let v)? = defaultValue, (minimum.map { v < $0 } ?? false) || (maximum.map { v > $0 } ?? false) {
                report("\(path).default", "\(jsonNumber(v, digits: 6)) is outside min...max")
            }
            // A parameter with a bad default is still declared (with a stand-in value; the
            // profile does not load anyway), so expressions using it report only their own problems.
            let declared =
                defaultValue
                ?? {
                    switch type {
                    case .number, .integer: .number(0)
                    case .boolean: .boolean(false)
                    case .choice: .choice(choices.first ?? "")
                    }
                }()
            result.append(
                ProfileParameter(
                    name: name, type: type, defaultValue: declared, minimum: minimum, maximum: maximum,
                    choices: choices, description: string(fields["description"], "\(path).description", required: false)))
        }
        return result
    }

    private mutating func decodeRequirements(_ value: JSONValue?, kind: Profile.Kind, parameters: [String: ProfileParameter])
        -> Profile.Requirements
    {
        var requirements = Profile.Requirements()
        guard let fields = members(value, "requirements", known: ["view", "joints", "landmarks", "minCoverage"]) else {
            return requirements
        }
        if case .string(let text)? = fields["view"], text.hasPrefix("$") {
            let name = String(text.dropFirst())
            let views = Profile.Requirements.View.allCases.map(\.rawValue)
            if let parameter = parameters[name], parameter.type == .choice, parameter.choices.allSatisfy(views.contains) {
                requirements.viewParameter = name
                if case .choice(let value) = parameter.defaultValue {
                    requirements.view = Profile.Requirements.View(rawValue: value) ?? .any
                }
            } else {
                report(
                    "requirements.view", "'\(text)' must name a choice parameter whose choices are among \(views.joined(separator: ", "))")
            }
        } else {
            requirements.view = choice(fields["view"], "requirements.view", default: .any)
        }
        for (i, name) in strings(fields["joints"], "requirements.joints").enumerated() {
            if let joint = Joint(name: name) {
                requirements.joints.append(joint)
            } else {
                let suggestion = closestName(to: name, in: Joint.allCases.map(\.name))
                report("requirements.joints[\(i)]", "unknown joint '\(name)'", suggestion: suggestion)
            }
        }
        for (i, name) in strings(fields["landmarks"], "requirements.landmarks").enumerated() {
            if let landmark = FaceLandmark(name: name) {
                requirements.landmarks.append(landmark)
            } else {
                let suggestion = closestName(to: name, in: FaceLandmark.allCases.map(\.name))
                report("requirements.landmarks[\(i)]", "unknown face landmark '\(name)'", suggestion: suggestion)
            }
        }
        requirements.minCoverage = number(fields["minCoverage"], "requirements.minCoverage", required: false, range: 0...1) ?? 0.8
        return requirements
    }

    private mutating func decodeRule(_ value: JSONValue, _ path: String, frames: CompileEnvironment, reps: CompileEnvironment) -> Profile
        .Rule?
    {
        guard
            let fields = members(
                value, path, known: ["id", "when", "scope", "during", "minSeconds", "severity", "cue", "detail", "weakerSide"])
        else { return nil }
        let id = string(fields["id"], "\(path).id") ?? ""
        if fields["id"] != nil { checkName(id, "\(path).id", "a rule") }
        let scopeName = string(fields["scope"], "\(path).scope", required: false) ?? "frames"
        guard scopeName == "frames" || scopeName == "reps" else {
            report("\(path).scope", "expected \"frames\" or \"reps\", found \"\(scopeName)\"")
            return nil
        }
        let scope: ExpressionScope = scopeName == "reps" ? .reps : .frames
        let environment = scope == .reps ? reps : frames
        // Every field is checked, even after one fails, so one lint pass reports everything.
        let when = string(fields["when"], "\(path).when")
        var condition: CompiledExpression?
        if let when {
            do { condition = try environment.compile(when, expecting: .boolean) } catch { report("\(path).when", error) }
        }
        let cue = string(fields["cue"], "\(path).cue") ?? ""
        if !Profile.Rule.isPlainCue(cue) {
            report("\(path).cue", "a cue is words for the learner: no numbers or placeholders (put them in \"detail\")")
        }
        let detail = string(fields["detail"], "\(path).detail") ?? ""
        var template = DetailTemplate(parts: [])
        do { template = try DetailTemplate(detail, metrics: environment.metrics, parameters: environment.parameters) } catch {
            report("\(path).detail", error)
        }
        let minSeconds = number(fields["minSeconds"], "\(path).minSeconds", required: false, range: 0...60) ?? 0
        if scope == .reps, fields["minSeconds"] != nil {
            report("\(path).minSeconds", "a rep rule is checked once per rep; minSeconds applies to frame rules")
        }
        let severity: Profile.Rule.Severity = choice(fields["severity"], "\(path).severity", default: .warning)
        var claim: Profile.Rule.WeakerSideClaim?
        if let claimFields = members(fields["weakerSide"], "\(path).weakerSide", known: ["measure", "side"]),
            let measure = string(claimFields["measure"], "\(path).weakerSide.measure"),
            let side = string(claimFields["side"], "\(path).weakerSide.side")
        {
            if let side = BodySide(rawValue: side) {
                claim = .init(measure: measure, side: side)
            } else {
                report("\(path).weakerSide.side", "expected \"left\" or \"right\", found \"\(side)\"")
            }
        }
        var duringReps = false
        if let during = string(fields["during"], "\(path).during", required: false) {
            if during == "reps" {
                duringReps = true
            } else if during != "clip" {
                report("\(path).during", "expected \"reps\" (checked only inside reps) or \"clip\" (every frame), found \"\(during)\"")
            }
            if duringReps, scope == .reps {
                report("\(path).during", "a rep rule is already checked per rep; \"during\" is for frame rules")
            }
        }
        guard let when, let condition else { return nil }
        var rule = Profile.Rule(
            id: id, when: when, condition: condition, scope: scope, minSeconds: minSeconds,
            severity: severity, cue: cue, detail: detail, detailTemplate: template, weakerSide: claim)
        rule.duringReps = duringReps
        return rule
    }

    private mutating func decodeReps(
        _ fields: [String: JSONValue], frames: CompileEnvironment, reps: CompileEnvironment,
        constants: CompileEnvironment, metricNames: [String]
    ) -> Profile.RepCounter? {
        // One metric, or a list (sides taking turns: each counted on its own).
        var names: [String] = []
        switch fields["metric"] {
        case .array(let items)?:
            for (i, item) in items.enumerated() { if let name = string(item, "reps.metric[\(i)]") { names.append(name) } }
            if items.isEmpty { report("reps.metric", "expected a metric name or a list of them, found an empty list") }
        default:
            if let name = string(fields["metric"], "reps.metric") { names.append(name) }
        }
        var indices: [Int] = []
        for (i, name) in names.enumerated() {
            guard let index = metricNames.firstIndex(of: name) else {
                report(
                    names.count == 1 && fields["metric"].map({ if case .array = $0 { false } else { true } }) == true
                        ? "reps.metric" : "reps.metric[\(i)]",
                    "unknown metric '\(name)'", suggestion: closestName(to: name, in: metricNames))
                continue
            }
            indices.append(index)
        }
        guard !indices.isEmpty, indices.count == names.count, let metric = names.first, let index = indices.first else { return nil }
        let thresholds: Profile.RepCounter.Thresholds
        if fields["enter"] != nil || fields["exit"] != nil {
            for key in ["movement", "minRange"] where fields[key] != nil {
                report(
                    "reps.\(key)",
                    "give either \"movement\" and \"minRange\" (thresholds learned from the clip) or \"enter\" and \"exit\" (fixed values), not both"
                )
            }
            guard let enter = setting(fields["enter"], "reps.enter", environment: constants),
                let exit = setting(fields["exit"], "reps.exit", environment: constants)
            else { return nil }
            thresholds = .fixed(enter: enter, exit: exit)
        } else {
            guard let text = string(fields["movement"], "reps.movement") else { return nil }
            guard let movement = Profile.RepCounter.Movement(rawValue: text) else {
                report(
                    "reps.movement",
                    "expected \"rise\" (rest is the metric's low end) or \"dip\" (rest is its high end), found \"\(text)\"",
                    suggestion: closestName(to: text, in: Profile.RepCounter.Movement.allCases.map(\.rawValue)))
                return nil
            }
            guard let minRange = setting(fields["minRange"], "reps.minRange", environment: constants) else { return nil }
            if case .constant(let v) = minRange.compiled, !(v > 0) {
                report("reps.minRange", "must be above 0: the least range, in the metric's unit, that a rep covers")
            }
            thresholds = .learned(movement, minRange: minRange)
        }
        var summary: [(String, String, CompiledExpression)] = []
        if let value = fields["summary"] {
            if case .object(let list) = value {
                for (name, item) in list {
                    checkName(name, "reps.summary.\(name)", "a summary")
                    guard let text = string(item, "reps.summary.\(name)") else { continue }
                    do { summary.append((name, text, try reps.compile(text, expecting: .number))) } catch {
                        report("reps.summary.\(name)", error)
                    }
                }
            } else {
                report("reps.summary", "expected an object of named summary expressions, found \(value.kindDescription)")
            }
        }
        var better: [String: Profile.RepCounter.Direction] = [:]
        if let value = fields["better"] {
            if case .object(let list) = value {
                let names = summary.map(\.0)
                for (name, item) in list {
                    guard names.contains(name) else {
                        report("reps.better.\(name)", "no summary named '\(name)'", suggestion: closestName(to: name, in: names))
                        continue
                    }
                    guard let text = string(item, "reps.better.\(name)") else { continue }
                    guard let direction = Profile.RepCounter.Direction(rawValue: text) else {
                        report("reps.better.\(name)", "expected \"higher\" or \"lower\", found \"\(text)\"")
                        continue
                    }
                    better[name] = direction
                }
            } else {
                report("reps.better", "expected an object of summary names to \"higher\" or \"lower\", found \(value.kindDescription)")
            }
        }
        let defaultSeconds = if case .fixed = thresholds { 0.5 } else { RepSegmenter.defaultMinSeconds }
        var counter = Profile.RepCounter(
            metric: metric, metricIndex: index, metrics: names, metricIndices: indices, thresholds: thresholds,
            minSeconds: number(fields["minSeconds"], "reps.minSeconds", required: false, range: 0...60) ?? defaultSeconds,
            summary: summary, better: better)
        counter.holds = bool(fields["holds"], "reps.holds") ?? false
        return counter
    }

    private mutating func decodeSymmetry(_ value: JSONValue?, metricNames: [String], frames: CompileEnvironment) -> [Profile
        .SymmetryMeasure]
    {
        guard let value else { return [] }
        guard case .object(let list) = value else {
            report("symmetry.measures", "expected an object of named measures, found \(value.kindDescription)")
            return []
        }
        var result: [Profile.SymmetryMeasure] = []
        for (name, item) in list {
            let path = "symmetry.measures.\(name)"
            checkName(name, path, "a measure")
            guard let fields = members(item, path, known: ["left", "right", "when", "leftOutBecause"]),
                let left = string(fields["left"], "\(path).left"), let right = string(fields["right"], "\(path).right")
            else { continue }
            let indices = [(left, "left"), (right, "right")].map { metric, side -> Int? in
                guard let index = metricNames.firstIndex(of: metric) else {
                    let suggestion = closestName(to: metric, in: metricNames)
                    report("\(path).\(side)", "unknown metric '\(metric)'", suggestion: suggestion)
                    return nil
                }
                return index
            }
            var when: (String, CompiledExpression)?
            if let text = string(fields["when"], "\(path).when", required: false) {
                do { when = (text, try frames.compile(text, expecting: .boolean)) } catch { report("\(path).when", error) }
            }
            if let l = indices[0], let r = indices[1] {
                result.append(
                    .init(
                        name: name, left: left, right: right, leftIndex: l, rightIndex: r, when: when?.0, condition: when?.1,
                        leftOutBecause: string(fields["leftOutBecause"], "\(path).leftOutBecause", required: false)))
            }
        }
        return result
    }

    private mutating func decodePair(_ value: JSONValue?, constants: CompileEnvironment) -> Profile.PairSettings? {
        guard
            let fields = members(
                value, "pair", known: ["mirror", "maxLagSeconds", "toleranceDegrees", "lagWindowSeconds", "formBreakSeconds", "limbs"])
        else {
            report("pair", "a pair profile needs its \"pair\" settings")
            return nil
        }
        var weights: [Limb: Float] = [:]
        if let limbs = fields["limbs"] {
            if case .object(let list) = limbs {
                for (name, weight) in list {
                    guard let limb = Limb(name: name) else {
                        let suggestion = closestName(to: name, in: Limb.allCases.map(\.name))
                        report("pair.limbs.\(name)", "unknown limb", suggestion: suggestion)
                        continue
                    }
                    if let w = number(weight, "pair.limbs.\(name)", range: 0...100) { weights[limb] = Float(w) }
                }
            } else {
                report("pair.limbs", "expected an object of limb weights, found \(limbs.kindDescription)")
            }
        } else {
            for limb in Limb.allCases { weights[limb] = 1 }
        }
        // Settings a pair profile leaves out take the library's defaults.
        let defaults = ComparisonOptions.defaults
        guard let maxLag = setting(fields["maxLagSeconds"], "pair.maxLagSeconds", environment: constants, default: defaults.maxLagSeconds),
            let tolerance = setting(
                fields["toleranceDegrees"], "pair.toleranceDegrees", environment: constants,
                default: Double(defaults.toleranceDegrees)),
            let window = setting(
                fields["lagWindowSeconds"], "pair.lagWindowSeconds", environment: constants, default: defaults.lagWindowSeconds),
            let formBreak = setting(
                fields["formBreakSeconds"], "pair.formBreakSeconds", environment: constants,
                default: defaults.formBreakMinSeconds)
        else { return nil }
        var mirror = NumberSetting(text: String(defaults.mirror), compiled: .constant(defaults.mirror ? 1 : 0))
        switch fields["mirror"] {
        case .bool(let b)?: mirror = NumberSetting(text: String(b), compiled: .constant(b ? 1 : 0))
        case .string(let text)?:
            do {
                let compiled = try constants.compile(text, expecting: .boolean)
                mirror = NumberSetting(text: text, compiled: compiled)
            } catch { report("pair.mirror", error) }
        case nil: break
        case let other?: report("pair.mirror", "expected true, false or a boolean parameter, found \(other.kindDescription)")
        }
        return Profile.PairSettings(
            mirror: mirror, maxLagSeconds: maxLag, toleranceDegrees: tolerance,
            lagWindowSeconds: window, formBreakSeconds: formBreak, weights: weights)
    }

    /// Reports metrics that depend on themselves.
    private mutating func checkCycles(_ metrics: [Profile.Metric]) {
        if case .cycle(let chain) = Profile.dependencyOrder(metrics) {
            let names = chain.map { metrics[$0].name }
            report("metrics.\(names.last!)", "depends on itself: \(names.joined(separator: " → "))")
        }
    }
}
