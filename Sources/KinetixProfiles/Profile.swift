import KinetixCore

/// An assessment profile: what to measure in a clip and what to show, as data.
///
/// Profiles are JSON files (Profiles/README.md is the authors' guide). Loading a
/// profile checks everything, expressions included, so a profile that loads is one
/// the engine can run.
public struct Profile: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// One person's body.
        case body
        /// One person's face landmarks.
        case face
        /// A demonstrator and a learner (`kinetix compare --profile`).
        case pair
    }

    public static let formatName = "kinetix-profile"
    public static let currentFormatVersion = 1

    public var id: String
    public var version: String
    public var title: String
    public var description: String
    public var tags: [String]
    public var kind: Kind
    public var parameters: [ProfileParameter]
    public var requirements: Requirements
    public var metrics: [Metric]
    public var rules: [Rule]
    public var reps: RepCounter?
    public var baseline: Baseline?
    public var symmetry: Symmetry?
    public var pair: PairSettings?

    public struct Requirements: Sendable {
        public enum View: String, Sendable, CaseIterable { case any, front, side }
        public var view: View = .any
        /// A choice parameter (with choices among any, front, side) that sets the view, if any.
        public var viewParameter: String?

        /// The view required with these parameter values.
        public func view(_ parameters: ParameterValues) -> View {
            if let name = viewParameter, case .choice(let value)? = parameters[name], let view = View(rawValue: value) { return view }
            return view
        }
        public var joints: [Joint] = []
        public var landmarks: [FaceLandmark] = []
        /// The least fraction of frames in which each required point must be tracked.
        public var minCoverage: Double = 0.8
    }

    public struct Metric: Sendable {
        public var name: String
        public var expression: String
        var compiled: CompiledExpression
        public var unit: String?
        public var description: String?
        /// Moving median over this many seconds, applied first.
        public var medianSeconds: Double?
        /// Zero-phase 2nd-order Butterworth low-pass at this cutoff, applied second.
        public var lowPassHertz: Double?
        /// Report as the difference from the baseline's median.
        public var relativeToBaseline: Bool
    }

    public struct Rule: Sendable {
        public enum Severity: String, Sendable, CaseIterable { case info, warning, critical }
        public var id: String
        public var when: String
        var condition: CompiledExpression
        public var scope: ExpressionScope
        /// How long the condition must hold, seconds (frame rules only).
        public var minSeconds: Double
        public var severity: Severity
        /// Words for the learner: no numbers.
        public var cue: String
        /// For the coach or clinician: may template numbers, `{metric:.0f}`.
        public var detail: String
        var detailTemplate: DetailTemplate
    }

    public struct RepCounter: Sendable {
        public var metric: String
        var metricIndex: Int
        /// A rep starts when the metric passes `enter` and ends when it comes back past
        /// `exit`; `enter > exit` counts rises (knee flexion), `enter < exit` counts dips.
        public var enter: NumberSetting
        public var exit: NumberSetting
        public var minSeconds: Double
        var summary: [(name: String, expression: String, compiled: CompiledExpression)]

        /// Each rep's summary values, by name, and the expressions that compute them.
        public var summaryExpressions: [(name: String, expression: String)] { summary.map { ($0.name, $0.expression) } }
    }

    public struct Baseline: Sendable {
        /// The first this many seconds of the clip are the baseline, unless a separate
        /// baseline sidecar is given.
        public var seconds: Double
    }

    /// Left/right measures compared as movement from the baseline, for faces.
    public struct Symmetry: Sendable {
        /// Deviations at or above this percentage name a weaker side.
        public var thresholdPercent: NumberSetting
        public var measures: [SymmetryMeasure]
    }

    public struct SymmetryMeasure: Sendable {
        public var name: String
        public var left: String
        public var right: String
        var leftIndex: Int
        var rightIndex: Int
    }

    public struct PairSettings: Sendable {
        /// True or false, or an expression of a boolean parameter (`"$facing"`).
        public var mirror: NumberSetting
        public var maxLagSeconds: NumberSetting
        public var toleranceDegrees: NumberSetting
        public var lagWindowSeconds: NumberSetting
        public var formBreakSeconds: NumberSetting
        /// Per-limb weights; limbs not listed weigh 0.
        public var weights: [Limb: Float]
    }
}

/// A number in a profile: a literal, or an expression of parameters (`"$depth * 2"`).
public struct NumberSetting: Sendable {
    public var text: String
    var compiled: CompiledExpression

    /// The value with these parameter values.
    public func value(_ parameters: ParameterValues) -> Double {
        Double(ExpressionEvaluator.constant(compiled, parameters: parameters))
    }
}

/// A parameter an author exposes, overridable with `--param name=value`.
public struct ProfileParameter: Sendable {
    public enum ParameterType: String, Sendable, CaseIterable { case number, integer, boolean, choice }
    public var name: String
    public var type: ParameterType
    public var defaultValue: ParameterValue
    public var minimum: Double?
    public var maximum: Double?
    public var choices: [String]
    public var description: String?

    /// Parses a command-line value; throws a message saying what is expected.
    public func parse(_ text: String) throws(KinetixError) -> ParameterValue {
        func fail(_ expected: String) -> KinetixError {
            KinetixError(.invalidSetting, "parameter '\(name)': expected \(expected), got '\(text)'", setting: .profileParameter(name))
        }
        switch type {
        case .number, .integer:
            guard let value = Double(text), value.isFinite else { throw fail(type == .integer ? "an integer" : "a number") }
            if type == .integer, value != value.rounded() { throw fail("an integer") }
            if let minimum, value < minimum { throw fail("at least \(jsonNumber(minimum, digits: 6))") }
            if let maximum, value > maximum { throw fail("at most \(jsonNumber(maximum, digits: 6))") }
            return .number(value)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "1": return .boolean(true)
            case "false", "no", "0": return .boolean(false)
            default: throw fail("true or false")
            }
        case .choice:
            guard choices.contains(text) else { throw fail("one of \(choices.joined(separator: ", "))") }
            return .choice(text)
        }
    }
}

public enum ParameterValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case boolean(Bool)
    case choice(String)

    public var description: String {
        switch self {
        case .number(let v): jsonNumber(v, digits: 6)
        case .boolean(let b): String(b)
        case .choice(let s): s
        }
    }

    var json: String {
        switch self {
        case .number(let v): jsonNumber(v, digits: 6)
        case .boolean(let b): String(b)
        case .choice(let s): jsonString(s)
        }
    }
}

/// Parameter values by name: a profile's defaults with overrides applied.
public typealias ParameterValues = [String: ParameterValue]

extension Profile {
    /// The defaults, with `overrides` (`name=value` strings) applied.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for a malformed override, an
    ///   unknown name or a value out of the parameter's range.
    public func parameterValues(overriding overrides: [String]) throws(KinetixError) -> ParameterValues {
        var values = Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.defaultValue) })
        for override in overrides {
            let parts = override.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw KinetixError(.invalidSetting, "a parameter override is name=value, got '\(override)'", setting: .profileParameter(""))
            }
            guard let parameter = parameters.first(where: { $0.name == parts[0] }) else {
                let hint = closestName(to: parts[0], in: parameters.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                let known = parameters.isEmpty ? "it has none" : "it has " + parameters.map(\.name).joined(separator: ", ")
                throw KinetixError(.invalidSetting, "profile '\(id)' has no parameter '\(parts[0])'\(hint); \(known)", setting: .profileParameter(parts[0]))
            }
            values[parameter.name] = try parameter.parse(parts[1])
        }
        return values
    }
}
