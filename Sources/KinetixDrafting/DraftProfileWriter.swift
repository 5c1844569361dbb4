import KinetixCore
import KinetixProfiles

/// Writes a `DraftPlan` as an ordinary profile document: parameters a person can tune
/// (`--param target=100`), metrics, a rep counter and rules, in the format of
/// Profiles/README.md.
struct DraftProfileWriter {
    private var parameters: [(key: String, value: JSONValue)] = []
    private var metrics: [(key: String, value: JSONValue)] = []
    private var rules: [JSONValue] = []
    /// The joints the counted movement reads: the draft's requirements. A rule's joints
    /// are not required (out of the picture, the rule is not checked; the reps still count).
    private var joints: [String] = []
    private var countedMeasure: BodyMeasure?
    private var usesBaseline = false
    /// True when the counted measure reads alike from any view while the draft's view is
    /// one: the view becomes a parameter found in each clip (`auto`), and the measures that
    /// need the draft's view are measured only in it.
    private var viewFound = false

    /// One metric's JSON: the measure's expression, unit, description and a 6 Hz low-pass.
    static func metricJSON(_ measure: BodyMeasure, side: BodySide?, relative: Bool) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("expr", .string(measure.expression(side))), ("unit", .string(measure.unit)),
            (
                "description",
                .string(
                    (side.map { "\($0.rawValue.capitalized) " } ?? "") + measure.explained
                        + (relative ? ", change from the clip's first second" : ""))
            ),
            ("smooth", .object([("lowPassHertz", .number(6))])),
        ]
        if relative { fields.append(("relativeToBaseline", .bool(true))) }
        return .object(fields)
    }

    /// The profile document of `plan`, `_generated` excepted.
    static func document(_ plan: DraftPlan, description: String) -> [(key: String, value: JSONValue)] {
        var writer = DraftProfileWriter()
        return writer.write(plan, description: description)
    }

    private mutating func write(_ plan: DraftPlan, description: String) -> [(key: String, value: JSONValue)] {
        var reps: JSONValue?
        if let main = plan.main, main.measure.view == .any, plan.view != .any, plan.viewFromDemonstration {
            viewFound = true
            parameters.append(
                (
                    "view",
                    .object([
                        ("type", .string("choice")), ("choices", .array(["auto", "front", "side"].map(JSONValue.string))),
                        ("default", .string("auto")),
                        (
                            "description",
                            .string(
                                "Where the camera is: auto (as the clip shows it), or one required. \(main.measure.label.capitalizedFirst) reads alike from the front or the side; "
                                    + "measures that need the \(plan.view.rawValue) view (as drafted) are measured only in it.")
                        ),
                    ])
                ))
        }
        if let main = plan.main {
            countedMeasure = main.measure
            let m = combined(main.measure, main.sides)
            let unit = main.measure.unit
            let rises = main.direction == .rise
            // A rise is judged by its highest value, a dip by its lowest.
            let far = rises ? "highest" : "lowest"
            let timeToFar = rises ? "timeToHighest" : "timeToLowest"
            number("rest", main.rest, "The \(main.measure.label) at rest, \(unit).")
            number("target", main.target, "The goal of each rep, \(unit).")
            number("tolerance", main.tolerance, "How far short of the goal a rep still passes, \(unit).")
            var summary: [(key: String, value: JSONValue)] = [
                ("peak", .string("\(far)(\(m))")), ("seconds", .string("duration()")),
                ("intoSeconds", .string("\(timeToFar)(\(m))")), ("returnSeconds", .string("duration() - \(timeToFar)(\(m))")),
            ]
            rule(
                "reachTarget", scope: "reps", when: rises ? "highest(\(m)) < $target - $tolerance" : "lowest(\(m)) > $target + $tolerance",
                cue: Self.reachCue(main.measure, main.movement),
                detail:
                    "Reached {\(far):\(m):\(Self.format(unit))}\(Self.symbol(unit)) (goal {$target:\(Self.format(unit))}\(Self.symbol(unit)), "
                    + "tolerance {$tolerance:\(Self.format(unit))}\(Self.symbol(unit)))")
            if let hold = plan.holdSeconds {
                metrics.append(
                    (
                        "atTarget",
                        .object([
                            ("expr", .string(rises ? "if(\(m) >= $target - $tolerance, 1, 0)" : "if(\(m) <= $target + $tolerance, 1, 0)")),
                            ("description", .string("1 in frames at the goal (within the tolerance), else 0.")),
                        ])
                    ))
                number("holdSeconds", hold, "The least time at the goal in each rep, seconds.")
                summary.append(("holdSeconds", .string("average(atTarget) * duration()")))
                rule(
                    "holdTooShort", scope: "reps", when: "average(atTarget) * duration() < $holdSeconds", cue: "Hold it longer at the top",
                    detail: "Held at the goal for less than {$holdSeconds:.1f} s")
            }
            let intoWord = Self.goesDown(main.measure, main.movement) == rises ? "down" : "up"
            let returnWord = intoWord == "down" ? "up" : "down"
            if let seconds = plan.intoSeconds {
                number("intoSeconds", seconds, "The least time for the way \(intoWord) in each rep, seconds.")
                rule(
                    "tooFast\(intoWord.capitalized)", scope: "reps", when: "\(timeToFar)(\(m)) < $intoSeconds",
                    cue: "Slower on the way \(intoWord)",
                    detail: "The way \(intoWord) took less than {$intoSeconds:.1f} s")
            }
            if let seconds = plan.returnSeconds {
                number("returnSeconds", seconds, "The least time for the way \(returnWord) in each rep, seconds.")
                rule(
                    "tooFast\(returnWord.capitalized)", scope: "reps", when: "duration() - \(timeToFar)(\(m)) < $returnSeconds",
                    cue: "Slower on the way \(returnWord)", detail: "The way \(returnWord) took less than {$returnSeconds:.1f} s")
            }
            // Sides taking turns are counted each on its own: a lift of either is a rep.
            let counted: JSONValue =
                main.sides == .either
                ? .array([.string(base(main.measure, .left)), .string(base(main.measure, .right))]) : .string(m)
            reps = .object(
                [
                    ("metric", counted),
                    ("movement", .string(main.direction.rawValue)),
                    ("minRange", .string("\(DraftPlan.MainMovement.minRangeFraction) * abs($target - $rest)")),
                    ("summary", .object(summary)),
                ] + (plan.isHold ? [("holds", .bool(true))] : []))
        }
        for reach in plan.reaches {
            let m = combined(reach.measure, reach.sides)
            let name = reach.measure.kind.rawValue
            let target = uniqueParameter("\(name)Target")
            number(target, reach.target, "The goal of \(reach.measure.label) in each rep, \(reach.measure.unit).")
            let tolerance = uniqueParameter("\(name)Tolerance")
            number(tolerance, reach.tolerance, "How far short of it still passes, \(reach.measure.unit).")
            rule(
                uniqueRule("reach\(name.capitalizedFirst)"), scope: "reps", when: "highest(\(m)) < $\(target) - $\(tolerance)",
                cue: Self.reachCue(reach.measure, nil),
                detail:
                    "\(reach.measure.label.capitalizedFirst) reached {highest:\(m):\(Self.format(reach.measure.unit))}\(Self.symbol(reach.measure.unit)) "
                    + "(goal {$\(target):\(Self.format(reach.measure.unit))}\(Self.symbol(reach.measure.unit)))")
        }
        if let symmetry = plan.symmetry {
            let l = base(symmetry.measure, .left)
            let r = base(symmetry.measure, .right)
            if symmetry.percent {
                number(
                    "symmetryPercent", symmetry.limit,
                    "The largest left–right difference of \(symmetry.measure.label), percent of the larger side.")
                rule(
                    "uneven", when: "abs(\(l) - \(r)) > $symmetryPercent / 100 * max(abs(\(l)), abs(\(r)))", minSeconds: 0.3,
                    cue: "Keep both sides even",
                    detail: "Left and right \(symmetry.measure.label) differ by more than {$symmetryPercent:.0f} %")
            } else {
                number(
                    "symmetryLimit", symmetry.limit,
                    "The largest left–right difference of \(symmetry.measure.label), \(symmetry.measure.unit).")
                rule(
                    "uneven", when: "abs(\(l) - \(r)) > $symmetryLimit", minSeconds: 0.3, cue: "Keep both sides even",
                    detail: "Left and right \(symmetry.measure.label) differ by more than {$symmetryLimit:.0f}°")
            }
        }
        for constraint in plan.constraints {
            let parameter = uniqueParameter(constraint.measure.kind.rawValue + (constraint.relative ? "Change" : "") + "Limit")
            number(
                parameter, constraint.limit,
                "The most \(constraint.measure.label)\(constraint.relative ? " may change from the start" : "") allowed, \(constraint.measure.unit)."
            )
            for side in constraint.sides.sides {
                let m = base(constraint.measure, side, relative: constraint.relative)
                let value = constraint.relative ? "abs(\(m))" : m
                rule(
                    uniqueRule(m + "OverLimit"), when: "\(value) > $\(parameter)", minSeconds: 0.3, cue: constraint.cue,
                    detail:
                        "\((side.map { "\($0.rawValue.capitalized) " } ?? "") + constraint.measure.label)\(constraint.relative ? " changed" : "") "
                        + "{\(m):\(Self.format(constraint.measure.unit))}\(Self.symbol(constraint.measure.unit)) (limit {$\(parameter):\(Self.format(constraint.measure.unit))}\(Self.symbol(constraint.measure.unit)))"
                )
            }
        }
        for limit in plan.limits {
            let parameter = uniqueParameter(limit.measure.kind.rawValue + (limit.above ? "Limit" : "Least"))
            let unit = limit.measure.unit
            number(
                parameter, limit.value,
                (limit.above ? "Warn above" : "Warn when a rep stays below") + " this \(limit.measure.label), \(unit).")
            if limit.above {
                for side in limit.sides.sides {
                    let m = base(limit.measure, side)
                    rule(
                        uniqueRule(m + "OverLimit"), when: "\(m) > $\(parameter)", minSeconds: 0.2, cue: limit.cue,
                        detail:
                            "\((side.map { "\($0.rawValue.capitalized) " } ?? "") + limit.measure.label) {\(m):\(Self.format(unit))}\(Self.symbol(unit)) (limit {$\(parameter):\(Self.format(unit))}\(Self.symbol(unit)))"
                    )
                }
            } else {
                let m = combined(limit.measure, limit.sides)
                rule(
                    uniqueRule(m + "TooLittle"), scope: "reps", when: "highest(\(m)) < $\(parameter)", cue: limit.cue,
                    detail:
                        "\(limit.measure.label.capitalizedFirst) reached {highest:\(m):\(Self.format(unit))}\(Self.symbol(unit)) (at least {$\(parameter):\(Self.format(unit))}\(Self.symbol(unit)))"
                )
            }
        }
        var document: [(key: String, value: JSONValue)] = [
            ("format", .string(Profile.formatName)), ("formatVersion", .number(1)),
            ("id", .string(plan.id)), ("version", .string("0.1.0")), ("title", .string(plan.title)),
            ("description", .string(description)), ("tags", .array((plan.isHold ? ["draft", "hold"] : ["draft"]).map(JSONValue.string))),
            ("kind", .string("body")),
            ("parameters", .object(parameters)),
            (
                "requirements",
                .object([
                    ("view", .string(viewFound ? "$view" : plan.view.rawValue)), ("joints", .array(joints.map(JSONValue.string))),
                    ("minCoverage", .number(0.8)),
                ])
            ),
        ]
        if usesBaseline { document.append(("baseline", .object([("seconds", .number(1))]))) }
        document.append(("metrics", .object(metrics)))
        if let reps { document.append(("reps", reps)) }
        document.append(("rules", .array(rules)))
        return document
    }

    // MARK: - Pieces

    /// The metric of one side (or the whole body), added on first use.
    private mutating func base(_ measure: BodyMeasure, _ side: BodySide?, relative: Bool = false) -> String {
        let name = measure.name(side) + (relative ? "Change" : "")
        if !metrics.contains(where: { $0.key == name }) {
            for helper in measure.helperMetrics(side) where !metrics.contains(where: { $0.key == helper.name }) {
                metrics.append((helper.name, helper.json))
            }
            var json = Self.metricJSON(measure, side: side, relative: relative)
            if viewFound, measure.view != .any, case .object(var fields) = json, let i = fields.firstIndex(where: { $0.key == "expr" }),
                case .string(let expr) = fields[i].value
            {
                fields[i].value = .string("if($view == \"\(measure.view.rawValue)\", \(expr))")
                json = .object(fields)
            }
            metrics.append((name, json))
            if measure == countedMeasure { for joint in measure.joints(side) where !joints.contains(joint) { joints.append(joint) } }
            if relative { usesBaseline = true }
        }
        return name
    }

    /// The metric a rep reads: one side's, the mean of the sides measured (`both`: the
    /// near side alone where a side view hides the other) or the higher (`either`).
    private mutating func combined(_ measure: BodyMeasure, _ sides: SideChoice) -> String {
        switch sides {
        case .none: return base(measure, nil)
        case .left: return base(measure, .left)
        case .right: return base(measure, .right)
        case .both, .either:
            let l = base(measure, .left)
            let r = base(measure, .right)
            let name = measure.repMetricName(sides)
            if !metrics.contains(where: { $0.key == name }) {
                metrics.append(
                    (
                        name,
                        .object([
                            ("expr", .string(sides == .both ? "mean(\(l), \(r))" : "max(\(l), \(r))")), ("unit", .string(measure.unit)),
                            (
                                "description",
                                .string(
                                    sides == .both
                                        ? "Mean of both sides' \(measure.label) (the near side's where a side view hides the other)"
                                        : "The higher side's \(measure.label)")
                            ),
                        ])
                    ))
            }
            return name
        }
    }

    private mutating func number(_ name: String, _ value: Double, _ description: String) {
        parameters.append(
            (
                name,
                .object([("type", .string("number")), ("default", .number(Self.rounded(value))), ("description", .string(description))])
            ))
    }

    private func uniqueParameter(_ name: String) -> String {
        var candidate = name
        var n = 2
        while parameters.contains(where: { $0.key == candidate }) {
            candidate = name + String(n)
            n += 1
        }
        return candidate
    }

    private func uniqueRule(_ id: String) -> String {
        let ids = Set(
            rules.compactMap { rule -> String? in
                if case .object(let fields) = rule, case .string(let id)? = fields.first?.value { return id }
                return nil
            })
        var candidate = id
        var n = 2
        while ids.contains(candidate) {
            candidate = id + String(n)
            n += 1
        }
        return candidate
    }

    private mutating func rule(_ id: String, scope: String? = nil, when: String, minSeconds: Double? = nil, cue: String, detail: String) {
        var fields: [(key: String, value: JSONValue)] = [("id", .string(id))]
        if let scope { fields.append(("scope", .string(scope))) }
        fields.append(("when", .string(when)))
        if let minSeconds { fields.append(("minSeconds", .number(minSeconds))) }
        fields += [("severity", .string("warning")), ("cue", .string(cue)), ("detail", .string(detail))]
        rules.append(.object(fields))
    }

    /// Parameter values to 0.1 (degrees, seconds) or 0.01 (torso lengths, below 5).
    static func rounded(_ value: Double) -> Double { abs(value) < 5 ? (value * 100).rounded() / 100 : (value * 10).rounded() / 10 }
    static func format(_ unit: String) -> String { unit == "deg" ? ".0f" : ".2f" }
    static func symbol(_ unit: String) -> String { unit == "deg" ? "°" : unit == "fraction" ? " of the way down" : " torso lengths" }

    /// Whether performing the movement takes the body down (a squat) rather than up.
    static func goesDown(_ measure: BodyMeasure, _ movement: DraftMovement?) -> Bool {
        movement == .squat || (movement == .lower && measure.kind != .armElevation)
            || measure.kind == .kneeFlexion || measure.kind == .hipFlexion || measure.kind == .hipDrop
    }

    /// The learner's cue when a rep falls short of the goal.
    static func reachCue(_ measure: BodyMeasure, _ movement: DraftMovement?) -> String {
        switch measure.kind {
        case .armElevation, .upperArmElevation, .legElevation: "Lift higher"
        case .thighElevation: movement == .squat || movement == .lower ? "Go lower" : "Lift your knee higher"
        case .kneeFlexion, .hipFlexion: movement == .squat || movement == .lower ? "Go lower" : "Bend further"
        case .elbowFlexion: "Bend further"
        case .trunkLean, .headTilt: "Go a little further"
        case .kneeValgus: "Push your knees out"
        case .stanceWidth: "Step wider"
        case .hipDrop: "Go lower"
        }
    }
}

extension String {
    /// "Arm elevation" from "arm elevation".
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
