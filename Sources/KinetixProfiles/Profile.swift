import KinetixCore

/// An assessment profile: what to measure in a clip and what to show, as data.
///
/// Profiles are JSON files (Profiles/README.md is the authors' guide). Loading a
/// profile checks everything, expressions included, so a profile that loads is one
/// the engine can run.
public struct Profile: Sendable {
    /// True for a name a profile may give a metric, parameter, rule, measure or summary:
    /// `[A-Za-z][A-Za-z0-9_]*`, at most 64 characters.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 64 else { return false }
        func letter(_ c: UInt8) -> Bool { (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) }
        return letter(first) && name.utf8.allSatisfy { letter($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// What a profile measures.
    public enum Kind: String, Sendable, CaseIterable {
        /// One person's body.
        case body
        /// One person's face landmarks.
        case face
        /// A demonstrator and a learner (`kinetix compare --profile`).
        case pair
        /// Cue-driven challenges: the clip's cue events name actions from the profile's
        /// catalogue, and each is judged (`ChallengeJudge`).
        case challenge
    }

    /// The `format` field every profile carries.
    public static let formatName = "kinetix-profile"
    /// The profile format version this Kinetix reads.
    public static let currentFormatVersion = 1

    /// The id profiles are found by (`squat`): letters, digits and dashes.
    public var id: String
    /// The profile's own version, recorded in every result.
    public var version: String
    /// A title for people.
    public var title: String
    /// What it assesses and for whom.
    public var description: String
    /// Free words for finding it (`rehab`, `seated-friendly`).
    public var tags: [String]
    /// Body, face or pair.
    public var kind: Kind
    /// Settings a user may override, in the file's order.
    public var parameters: [ProfileParameter]
    /// What a clip must show to be scored.
    public var requirements: Requirements
    /// What is measured, in the file's order.
    public var metrics: [Metric]
    /// What is checked, in the file's order.
    public var rules: [Rule]
    /// How reps are counted, if they are.
    public var reps: RepCounter?
    /// The baseline segment, if metrics are measured from one.
    public var baseline: Baseline?
    /// Left/right comparison, for faces.
    public var symmetry: Symmetry?
    /// The comparison's settings, for a pair profile.
    public var pair: PairSettings?
    /// The action catalogue and judging window, for a challenge profile.
    public var challenge: Challenge?

    /// What a clip must show to be scored; otherwise the result is void with the reason.
    public struct Requirements: Sendable {
        /// The camera view required: `any`; `front`, `side` or `oblique` (frames seen
        /// otherwise are left out); `frontOrOblique`, for a measure a moderate angle still
        /// shows (an arm raised sideways): frames seen from the front or at an angle are
        /// measured, side-view frames left out, and reps measured at an angle carry a doubt;
        /// or `auto`, the view the camera has for most of the clip, which the view parameter
        /// then takes (and frames seen otherwise are left out).
        public enum View: String, Sendable, CaseIterable { case any, front, side, oblique, auto, frontOrOblique }
        /// The view required when no parameter sets it.
        public var view: View = .any
        /// A choice parameter (with choices among any, front, side) that sets the view, if any.
        public var viewParameter: String?

        /// The view required with these parameter values.
        public func view(_ parameters: ParameterValues) -> View {
            if let name = viewParameter, case .choice(let value)? = parameters[name], let view = View(rawValue: value) { return view }
            return view
        }
        /// Joints that must be tracked in `minCoverage` of the frames.
        public var joints: [Joint] = []
        /// Face landmarks that must be tracked in `minCoverage` of the frames.
        public var landmarks: [FaceLandmark] = []
        /// The least fraction of frames in which each required point must be tracked.
        public var minCoverage: Double = 0.8

        /// Requirements with their defaults: any view, no joint or landmark required.
        package init() {}
    }

    /// One measured quantity per frame.
    public struct Metric: Sendable {
        /// The name expressions and reports use.
        public var name: String
        /// The expression as written in the file.
        public var expression: String
        var compiled: CompiledExpression
        /// The unit as the author declares it (`deg`, `torso`, `ipd`).
        public var unit: String?
        /// What it measures, for people.
        public var description: String?
        /// Moving median over this many seconds, applied first.
        public var medianSeconds: Double?
        /// Zero-phase 2nd-order Butterworth low-pass at this cutoff, applied second.
        public var lowPassHertz: Double?
        /// Report as the difference from the baseline's median.
        public var relativeToBaseline: Bool
        /// How the clip's own rest level of this metric is found, read as `rest(name)`.
        public var rest: RestLevelSpec? = nil
    }

    /// The level a metric rests at in this clip (standing, arms down), found from the
    /// clip itself, so thresholds fit the person filmed rather than a model body.
    public struct RestLevelSpec: Sendable, Equatable {
        /// The percentile of the metric's tracked, smoothed frames taken as rest, 0...100
        /// (90 for a metric that dips from rest, 10 for one that rises).
        public var percentile: Double
        /// The levels a real body at rest shows, in the metric's unit; a level found
        /// outside means the clip never reached rest, and `rest()` is missing (NaN).
        public var plausible: ClosedRange<Double>?
    }

    /// A condition to report: over frames (for a minimum time) or per rep.
    public struct Rule: Sendable {
        /// Whether `text` can be a learner's cue: words only, no digits (of any script)
        /// and no `{placeholder}`.
        package static func isPlainCue(_ text: String) -> Bool { !text.contains { $0.isNumber || $0 == "{" } }

        /// How much a finding matters; the most severe cue shows first.
        public enum Severity: String, Sendable, CaseIterable { case info, warning, critical }
        /// The rule's id, in findings.
        public var id: String
        /// The condition as written in the file.
        public var when: String
        var condition: CompiledExpression
        /// Frames (per frame, with a minimum duration) or reps (once per rep).
        public var scope: ExpressionScope
        /// How long the condition must hold, seconds (frame rules only).
        public var minSeconds: Double
        /// How much it matters.
        public var severity: Severity
        /// Words for the learner: no numbers.
        public var cue: String
        /// For the coach or clinician: may template numbers, `{metric:.0f}`.
        public var detail: String
        var detailTemplate: DetailTemplate
        /// A rule that says one side moves less (a symmetry profile's "Lift your left
        /// eyebrow too"): its findings stand only where that measure names that side weaker.
        public var weakerSide: WeakerSideClaim? = nil
        /// A frame rule checked only inside reps (`"during": "reps"`): the form of the
        /// exercise itself, not of what the person does between sets (bending down to
        /// pick up the bar is not a squat whose chest drops). Live, inside a movement
        /// away from rest.
        public var duringReps = false

        /// The measure and side a rule's finding claims is weaker.
        public struct WeakerSideClaim: Sendable, Equatable {
            /// A symmetry measure's name.
            public var measure: String
            /// The side the rule calls weaker.
            public var side: BodySide
        }
    }

    /// A rep counter on one metric (`RepSegmenter`).
    public struct RepCounter: Sendable {
        /// The metric counted (the first, when several are).
        public var metric: String
        var metricIndex: Int
        /// Every metric counted: one, or each side of a movement the sides take in turn
        /// (`"metric": ["kneeLiftLeft", "kneeLiftRight"]`), each counted on its own and a
        /// rep of either a rep.
        public var metrics: [String]
        var metricIndices: [Int]
        /// How a rep is told from rest.
        public var thresholds: Thresholds
        /// Reps shorter than this are not counted, seconds (a floor: the clip's own
        /// rhythm decides above it, for learned thresholds).
        public var minSeconds: Double
        var summary: [(name: String, expression: String, compiled: CompiledExpression)]
        /// Which way is better for a summary (`"better": {"depthRatio": "lower"}`), for
        /// `ProgressReport`'s verdicts: summaries without one are reported higher or
        /// lower, never improved or worse.
        public var better: [String: Direction] = [:]
        /// Each rep holds a position (`"holds": true`: a plank, a wall sit, a stance): a
        /// clip that starts already in it, then comes back to rest, times that hold too.
        public var holds = false

        /// Which way a rep goes from rest.
        public enum Movement: String, Sendable, CaseIterable {
            /// Rest is the metric's low end (a curl's elbow flexion).
            case rise
            /// Rest is its high end (a squat's hip height).
            case dip
        }

        /// How a rep is told from rest.
        public enum Thresholds: Sendable {
            /// Learned from the clip (`"movement"`, `"minRange"`): a rep covers at least
            /// `minRange` and half the typical range of the clip's reps, from the rest
            /// before it (`RepSegmenter`).
            case learned(Movement, minRange: NumberSetting)
            /// Fixed values (`"enter"`, `"exit"`): a rep starts past `enter` from at or
            /// behind `exit` and ends back at `exit`; `enter > exit` counts rises.
            case fixed(enter: NumberSetting, exit: NumberSetting)
        }

        /// The direction of a rep, either way the thresholds are given.
        public func movement(_ parameters: ParameterValues) -> Movement {
            switch thresholds {
            case .learned(let movement, _): movement
            case .fixed(let enter, let exit): enter.value(parameters) > exit.value(parameters) ? .rise : .dip
            }
        }

        /// The counter's settings with these parameter values.
        func segmenterSettings(_ parameters: ParameterValues) -> RepSegmenter.Settings {
            switch thresholds {
            case .learned(let movement, let minRange):
                RepSegmenter.Settings(
                    movement: movement, minRange: Float(minRange.value(parameters)), minSeconds: minSeconds, heldFromStart: holds)
            case .fixed(let enter, let exit):
                RepSegmenter.Settings(
                    movement: movement(parameters), minRange: 0, minSeconds: minSeconds,
                    fixed: (Float(enter.value(parameters)), Float(exit.value(parameters))))
            }
        }

        /// How a rep is counted, in words, as `profile show` prints it.
        public var thresholdsText: String {
            let seconds = "at least \(jsonNumber(minSeconds, digits: 3)) s"
            switch thresholds {
            case .learned(let movement, let minRange):
                return "\(metric) \(movement == .rise ? "rises" : "dips") from the rest before each rep by at least \(minRange.text) "
                    + "and half the clip's typical rep (learned from the clip), \(seconds) and not under 40 % of the other reps' length"
            case .fixed(let enter, let exit):
                return "\(metric) enters at \(enter.text), exits at \(exit.text), \(seconds)"
            }
        }

        /// Which way a summary improves.
        public enum Direction: String, Sendable { case higher, lower }

        /// Each rep's summary values, by name, and the expressions that compute them.
        public var summaryExpressions: [(name: String, expression: String)] { summary.map { ($0.name, $0.expression) } }
    }

    /// A resting segment that metrics can be measured from.
    public struct Baseline: Sendable {
        /// The first this many seconds of the clip are the baseline, unless a separate
        /// baseline sidecar is given.
        public var seconds: Double
    }

    /// Left/right measures compared as movement from the baseline, for faces.
    public struct Symmetry: Sendable {
        /// Deviations at or above this percentage name a weaker side.
        public var thresholdPercent: NumberSetting
        /// The left/right pairs compared.
        public var measures: [SymmetryMeasure]
        /// The measures whose positions are compared at rest (`Assessment.resting`): those
        /// that are positions a face holds at rest (brow height, eye opening, mouth corner
        /// height), not excursions; all measures when the profile does not say.
        public var resting: [String] = []
    }

    /// One left/right pair of metrics.
    public struct SymmetryMeasure: Sendable {
        /// The measure's name in results.
        public var name: String
        /// The left side's metric.
        public var left: String
        /// The right side's metric.
        public var right: String
        var leftIndex: Int
        var rightIndex: Int
        /// Frames where this holds are the only ones measured (`"when"`, as written), e.g.
        /// the jaw closed for the mouth: nil measures every frame.
        public var when: String? = nil
        var condition: CompiledExpression? = nil
        /// Why frames outside `when` are left out, in words for reports ("the jaw was open").
        public var leftOutBecause: String? = nil
    }

    /// The settings a pair profile gives the comparison (`ComparisonOptions(pairProfile:parameters:)`).
    public struct PairSettings: Sendable {
        /// True or false, or an expression of a boolean parameter (`"$facing"`).
        public var mirror: NumberSetting
        /// The longest lag searched, seconds.
        public var maxLagSeconds: NumberSetting
        /// A limb within this is on form, degrees.
        public var toleranceDegrees: NumberSetting
        /// The tracking-lag window, seconds.
        public var lagWindowSeconds: NumberSetting
        /// How long out of tolerance breaks form, seconds.
        public var formBreakSeconds: NumberSetting
        /// Per-limb weights; limbs not listed weigh 0.
        public var weights: [Limb: Float]
    }
}

extension Profile {
    /// A challenge profile's catalogue of actions and how a cue's response is judged.
    public struct Challenge: Sendable {
        /// One action a cue may ask for.
        public struct Action: Sendable {
            /// The id cues name (`raiseLeftArm`).
            public var id: String
            /// The action's own version, recorded with every verdict.
            public var version: String
            /// What the learner is asked, in words.
            public var title: String
            /// True in a frame where the action is done (a boolean expression, as written).
            public var when: String
            var condition: CompiledExpression
            /// How long `when` must hold for the action to count as performed, seconds.
            public var holdSeconds: Double
            /// The joints the expression reads: when they are not tracked, the attempt is void.
            public var joints: [Joint]
            /// The face landmarks it reads, likewise.
            public var landmarks: [FaceLandmark]
        }

        /// The catalogue, in the file's order.
        public var actions: [Action]
        /// The earliest response that counts, seconds after the cue (sooner: a false start).
        public var minSeconds: Double
        /// The latest, seconds after the cue.
        public var maxSeconds: Double
        /// The least fraction of the response window in which the action's joints must be
        /// tracked; below it the attempt is void.
        public var minTracked: Double
    }
}

/// A number in a profile: a literal, or an expression of parameters (`"$depth * 2"`).
public struct NumberSetting: Sendable {
    /// As written in the file.
    public var text: String
    var compiled: CompiledExpression

    /// The value with these parameter values.
    public func value(_ parameters: ParameterValues) -> Double {
        Double(ExpressionEvaluator.constant(compiled, parameters: parameters))
    }
}

/// A parameter an author exposes, overridable with `--param name=value`.
public struct ProfileParameter: Sendable {
    /// The kind of value a parameter takes.
    public enum ParameterType: String, Sendable, CaseIterable { case number, integer, boolean, choice }
    /// The name overrides and expressions (`$name`) use.
    public var name: String
    /// The kind of value.
    public var type: ParameterType
    /// The value when not overridden.
    public var defaultValue: ParameterValue
    /// The least number allowed, for numbers.
    public var minimum: Double?
    /// The largest number allowed, for numbers.
    public var maximum: Double?
    /// The words allowed, for a choice.
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

/// A parameter's value.
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
                let known = parameters.isEmpty ? "it has none" : "it has " + parameters.map(\.name).joined(separator: ", ")
                throw KinetixError(
                    .invalidSetting, "profile '\(id)' has no parameter '\(parts[0])'; \(known)", setting: .profileParameter(parts[0]),
                    suggestion: closestName(to: parts[0], in: parameters.map(\.name)))
            }
            values[parameter.name] = try parameter.parse(parts[1])
        }
        return values
    }
}

extension Profile {
    /// The metrics in an order where each comes after those it reads, or a cycle.
    enum DependencyOrder {
        case order([Int])
        /// The chain of metric indices from the first one visited to the one seen twice.
        case cycle([Int])
    }

    /// A depth-first topological sort with an explicit stack: a chain of 20,000
    /// metrics costs linear time and no call stack.
    static func dependencyOrder(_ metrics: [Metric]) -> DependencyOrder {
        var state = [UInt8](repeating: 0, count: metrics.count)  // 0 new, 1 on the path, 2 done
        var order: [Int] = []
        order.reserveCapacity(metrics.count)
        let references = metrics.map { $0.compiled.metricReferences.sorted().filter { $0 < metrics.count } }
        for root in metrics.indices where state[root] == 0 {
            var path: [(metric: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let (metric, next) = path.last {
                if next < references[metric].count {
                    path[path.count - 1].next += 1
                    let dependency = references[metric][next]
                    switch state[dependency] {
                    case 0:
                        state[dependency] = 1
                        path.append((dependency, 0))
                    case 1:
                        return .cycle(path.map(\.metric) + [dependency])
                    default:
                        break
                    }
                } else {
                    state[metric] = 2
                    order.append(metric)
                    path.removeLast()
                }
            }
        }
        return .order(order)
    }

    /// The metrics, dependencies first (a loaded profile has no cycle).
    var metricOrder: [Int] {
        if case .order(let order) = Self.dependencyOrder(metrics) { return order }
        return Array(metrics.indices)
    }
}
