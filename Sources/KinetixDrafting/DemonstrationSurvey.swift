import Foundation
import KinetixCore
import KinetixProfiles

/// What a demonstration clip shows, for drafting: every candidate measure per frame
/// (smoothed as a draft smooths it), the camera view, the side a side view hides, and
/// the reps of a measure, counted by the assessor's own counter (`RepSegmenter`).
struct DemonstrationSurvey: Sendable {
    /// The measures a demonstration is searched for movement in. Knee valgus is a fault
    /// to limit, never the movement counted.
    static let candidates: [BodyMeasure.Kind] = [
        .armElevation, .upperArmElevation, .elbowFlexion, .thighElevation, .legElevation, .kneeFlexion, .hipFlexion,
        .trunkLean, .headTilt, .stanceWidth, .hipDrop,
    ]
    /// A measure that moves less than this (5th to 95th percentile, degrees) is still.
    static let stillRangeDegrees = 15.0
    /// The least typical rep range, degrees (or 0.25 of a fraction or torso length), of a
    /// movement a draft is made from.
    static let movingRangeDegrees = 25.0

    var times: [Double]
    /// Smoothed series by metric name (`armElevationLeft`, `trunkLean`).
    var series: [String: [Float]]
    /// The view the camera had for most of the clip (nil: at an angle, or shoulders not tracked).
    var view: Profile.Requirements.View?
    /// The median shoulder width in torso lengths (about 0.9 from the front, < 0.3 from the side).
    var shoulderWidthRatio: Float?
    /// The joints a side view hides (`HiddenSide`): measures reading them are not candidates.
    var hidden: Set<Joint>

    init(_ sidecar: Sidecar, minConfidence: Float) throws(KinetixError) {
        var metrics: [(key: String, value: JSONValue)] = []
        var helpers: [(key: String, value: JSONValue)] = []
        for kind in Self.candidates {
            let measure = BodyMeasure(kind: kind)
            for side in measure.isSided ? [BodySide.left, .right] : [nil] {
                for helper in measure.helperMetrics(side) where !helpers.contains(where: { $0.key == helper.name }) {
                    helpers.append((helper.name, helper.json))
                }
                metrics.append((measure.name(side), DraftProfileWriter.metricJSON(measure, side: side, relative: false)))
            }
        }
        let document = JSONValue.object([
            ("format", .string(Profile.formatName)), ("formatVersion", .number(1)), ("id", .string("demonstration-survey")),
            ("version", .string("1")), ("title", .string("Demonstration survey")), ("kind", .string("body")),
            ("requirements", .object([("minCoverage", .number(0))])),
            ("metrics", .object(helpers + metrics)),
        ])
        let profile = try Profile.decode(Data(document.indentedText().utf8), file: "demonstration survey")
        let assessment = Assessor(profile: profile, parameters: [:], minConfidence: minConfidence).assess(sidecar)
        times = assessment.times
        series = Dictionary(uniqueKeysWithValues: assessment.metrics.map { ($0.name, $0.values) })
        shoulderWidthRatio = assessment.shoulderWidthRatio
        let seen = Self.dominantView(assessment.views) ?? CameraView(shoulderWidthRatio: shoulderWidthRatio)
        view =
            switch seen {
            case .front?: .front
            case .side?: .side
            default: nil
            }
        let joints = Set(
            Self.candidates.flatMap { kind in [BodySide.left, .right].flatMap { BodyMeasure(kind: kind).joints($0) } }.compactMap(
                Joint.init(name:)))
        hidden =
            HiddenSide(
                sidecar, candidates: joints, view: seen, frames: Array(0..<sidecar.frameCount),
                minConfidence: minConfidence, minCoverage: Profile.Requirements().minCoverage
            ).hidden
    }

    /// The view held longest in `stretches`.
    static func dominantView(_ stretches: [Assessment.ViewStretch]) -> CameraView? {
        var seconds: [CameraView: Double] = [:]
        for s in stretches { if let v = s.view { seconds[v, default: 0] += s.end - s.start } }
        return seconds.max { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }?.key
    }

    /// True when `measure` on `side` reads a joint the view hides.
    func isHidden(_ measure: BodyMeasure, _ side: BodySide?) -> Bool {
        measure.joints(side).compactMap(Joint.init(name:)).contains(where: hidden.contains)
    }

    /// The values of a measure on `sides`: one side's; the mean of the sides the view
    /// shows (`both`: one side where the other is hidden); or the higher (`either`).
    func values(_ measure: BodyMeasure, _ sides: SideChoice) -> [Float] {
        switch sides {
        case .none: return series[measure.name(nil)] ?? []
        case .left: return series[measure.name(.left)] ?? []
        case .right: return series[measure.name(.right)] ?? []
        case .both, .either:
            let shown = [BodySide.left, .right].filter { !isHidden(measure, $0) }.map { series[measure.name($0)] ?? [] }
            guard shown.count == 2 else { return shown.first ?? [] }
            return zip(shown[0], shown[1]).map { l, r in
                l.isNaN || r.isNaN ? .nan : (sides == .both ? (l + r) / 2 : max(l, r))
            }
        }
    }

    /// The 5th and 95th percentiles of the finite values (nil when fewer than 10).
    static func spread(_ values: [Float]) -> (low: Double, high: Double)? {
        let finite = values.filter(\.isFinite).sorted()
        guard finite.count >= 10 else { return nil }
        return (Double(quantile(sorted: finite, 0.05)), Double(quantile(sorted: finite, 0.95)))
    }

    // MARK: - The movement

    /// A candidate movement: a measure on some sides, which way it goes from rest, and its reps.
    struct Movement: Sendable {
        var measure: BodyMeasure
        var sides: SideChoice
        /// Which way a rep goes from the rest the clip shows.
        var direction: Profile.RepCounter.Movement
        /// The reps counted (every side's, in time order, when the sides take turns).
        var reps: [RepSegmenter.Segment] { parts.flatMap(\.reps).sorted { $0.start < $1.start } }
        /// The series counted and their reps: one, or each side's when the sides take turns.
        var parts: [(values: [Float], reps: [RepSegmenter.Segment])]
        /// The typical rep's range, in the measure's unit.
        var range: Double
        /// How clearly this is the movement: the range against the measure's scale, the
        /// number of reps and how alike they are.
        var score: Double
    }

    /// The measure, sides and direction with the largest repeatable excursion among
    /// those the camera's view shows undistorted and does not hide; nil when nothing
    /// repeats a range of `movingRangeDegrees` (or 0.25 of a fraction or torso length).
    func mainMovement() -> Movement? { movements().first }

    /// The main movement, counted where any camera view shows it: a bend of the knees or
    /// hips that only a side view reads (a squat, a split squat seen side-on), whose hips
    /// drop in the same reps, is counted on the hips' drop, which a front view shows too, so
    /// the draft serves a clip filmed either way. Returns the movement and the one it replaced.
    func portableMainMovement() -> (movement: Movement, replaced: Movement?)? {
        let all = movements()
        guard let main = all.first else { return nil }
        guard [.kneeFlexion, .hipFlexion, .thighElevation].contains(main.measure.kind), main.measure.view == .side,
            let drop = all.first(where: { $0.measure.kind == .hipDrop }), drop.reps.count == main.reps.count,
            drop.score >= Self.portableScore,
            // The same reps, not only as many: each drop's deepest frame inside one of the bend's reps.
            drop.reps.allSatisfy({ d in main.reps.contains { $0.start <= d.extreme && d.extreme <= $0.end } })
        else { return (main, nil) }
        return (drop, main)
    }

    /// The least score (`Movement.score`) of a hip drop that replaces a side-only bend.
    static let portableScore = 0.3

    /// Every candidate that repeats a movement, best first. A candidate's reps count
    /// when at least half the other moving candidates (two reps or more) move in them too:
    /// the movement that carries the exercise moves with the rest of the body, a bend to
    /// pick the bar up moves the hips and trunk alone. Its score (`score`) is then weighed
    /// by the share of its reps that count and by how many count against the candidate
    /// with the most (a measure that moves in some reps only is not the exercise's).
    func movements() -> [Movement] {
        var found: [Movement] = []
        for kind in Self.candidates {
            let measure = BodyMeasure(kind: kind, plane: view == .side ? .sagittal : view == .front ? .frontal : nil)
            guard measure.view == .any || view == nil || measure.view == view else { continue }
            guard let movement = movement(of: measure), movement.range >= Self.leastRange(measure) else { continue }
            found.append(movement)
        }
        let reps = found.map(\.reps)
        let moving = found.indices.filter { reps[$0].count >= 2 }
        let supported: [Int] = found.indices.map { i in
            let others = moving.filter { $0 != i }
            guard !others.isEmpty else { return reps[i].count }
            return reps[i].filter { rep in
                2 * others.filter { j in reps[j].contains { $0.start <= rep.extreme && rep.extreme <= $0.end } }.count >= others.count
            }.count
        }
        // The count to measure against: the most among candidates whose reps are alike
        // (a noisy measure finds many reps, all different).
        let regular = found.indices.filter { Self.regularity(reps[$0]) >= Self.regularReps }
        let most = Double(max(1, (regular.isEmpty ? found.indices.map { $0 } : regular).map { supported[$0] }.max() ?? 1))
        for i in found.indices {
            let share = reps[i].isEmpty ? 0 : Double(supported[i]) / Double(reps[i].count)
            found[i].score *= share * min(1, Double(supported[i]) / most).squareRoot()
        }
        return found.sorted { $0.score > $1.score }
    }

    /// How `measure` moves in the clip: the sides it moves on, together or in turn, and its reps.
    func movement(of measure: BodyMeasure) -> Movement? {
        guard measure.isSided else { return counted(measure, .none) }
        let shown: [BodySide] = [.left, .right].filter { !isHidden(measure, $0) }
        var each: [(BodySide, Movement)] = []
        for side in shown {
            if let found = counted(measure, side == .left ? .left : .right) { each.append((side, found)) }
        }
        guard let first = each.max(by: { ($0.1.reps.count, $0.1.range) < ($1.1.reps.count, $1.1.range) }) else { return nil }
        guard each.count == 2, let other = each.first(where: { $0.0 != first.0 }), other.1.range >= 0.5 * first.1.range,
            !other.1.reps.isEmpty
        else {
            // One side moves (or the view shows one): the near side when the other is hidden.
            return shown.count == 1 ? counted(measure, .both) : first.1
        }
        let l = series[measure.name(.left)] ?? []
        let r = series[measure.name(.right)] ?? []
        if Self.correlation(l, r) > 0.3 { return counted(measure, .both) }
        // In turn: each side's reps count.
        var turns = first.1
        turns.sides = .either
        turns.parts = first.1.parts + other.1.parts
        turns.range = Double(RepSegmenter.median(turns.reps.map(\.range)))
        turns.score = Self.score(measure, reps: turns.reps)
        return turns
    }

    /// The reps of `measure` on `sides` (one series), in the direction the clip rests from.
    private func counted(_ measure: BodyMeasure, _ sides: SideChoice) -> Movement? {
        let values = values(measure, sides)
        guard let direction = restDirection(values) else { return nil }
        let reps = reps(values, direction: direction, floor: Self.leastRange(measure) * 0.6)
        if ProcessInfo.processInfo.environment["KINETIX_SURVEY_DEBUG"] != nil {
            print(
                "survey \(measure.label) \(sides) \(direction): \(reps.count) reps",
                reps.map { "\($0.start)-\($0.extreme)-\($0.end) r\(Int($0.range)) \($0.withdrawn ?? "")" }, "hidden", hidden.map(\.name))
        }
        guard !reps.isEmpty else { return nil }
        return Movement(
            measure: measure, sides: sides, direction: direction, parts: [(values, reps)],
            range: Double(RepSegmenter.median(reps.map(\.range))), score: Self.score(measure, reps: reps))
    }

    /// The range a drafted movement must repeat, in the measure's unit.
    /// Why a measure the words chose cannot be counted on the demonstration, or nil: its
    /// range (5th to 95th percentile) is under 0.6 of `leastRange` (the floor reps are
    /// found with) or under `rangeOverNoise` times its frame noise (the median distance
    /// of a frame from the median of the 5 around it, times 1.4826: a robust deviation).
    static func barelyMoves(_ values: [Float], _ measure: BodyMeasure) -> String? {
        guard let spread = spread(values) else { return nil }
        let range = spread.high - spread.low
        var residuals: [Float] = []
        if values.count >= 5 {
            for i in 2..<(values.count - 2) {
                let window = values[(i - 2)...(i + 2)]
                guard values[i].isFinite, window.allSatisfy(\.isFinite) else { continue }
                residuals.append(abs(values[i] - window.sorted()[2]))
            }
        }
        let noise = residuals.isEmpty ? 0 : 1.4826 * Double(RepSegmenter.median(residuals))
        let least = max(leastRange(measure) * 0.6, rangeOverNoise * noise)
        guard range < least else { return nil }
        let unit = DraftProfileWriter.symbol(measure.unit)
        return "the words count \(measure.label), which barely moves in the demonstration: it ranges over \(range.shortText)\(unit) "
            + "against frame noise of \(noise.shortText)\(unit) (a rep needs at least \(least.shortText)\(unit)): "
            + "check the words name the movement shown, or film it again"
    }
    /// A counted measure's range must be at least this many times its frame noise.
    static let rangeOverNoise = 6.0

    static func leastRange(_ measure: BodyMeasure) -> Double { measure.unit == "deg" ? movingRangeDegrees : 0.25 }

    /// The range against the measure's scale (90° or 1 fraction/torso length), times a
    /// share for few reps (full from 3) and for reps unlike each other in range, length or
    /// rhythm (1 − the coefficient of variation of each): a measure jumping about with the
    /// estimator's noise finds many reps, all different, at odd times.
    static func score(_ measure: BodyMeasure, reps: [RepSegmenter.Segment]) -> Double {
        guard !reps.isEmpty else { return 0 }
        let median = Double(RepSegmenter.median(reps.map(\.range)))
        let scale = measure.unit == "deg" ? 90.0 : 1.0
        return median / scale * min(1, Double(reps.count) / 3) * regularity(reps)
    }

    /// How alike the reps are in range, length and rhythm (the times between one rep's
    /// start and the next's): the product of 1 − the coefficient of variation of each, 0...1.
    static func regularity(_ reps: [RepSegmenter.Segment]) -> Double {
        func alike(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            guard values.count > 1, mean > 0 else { return 1 }
            let sd = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
            return max(0, 1 - sd / mean)
        }
        guard !reps.isEmpty else { return 0 }
        let starts = reps.map(\.start).sorted()
        let intervals = zip(starts, starts.dropFirst()).map { Double($1 - $0) }
        return alike(reps.map { Double($0.range) }) * alike(reps.map(\.seconds)) * (intervals.count >= 2 ? alike(intervals) : 1)
    }

    /// Which way the measure goes from rest. Counted either way, the reps of a rise
    /// and of a dip are the same cycles, but a clip that starts and ends at rest has one
    /// more whole rep counted from the right end (a deadlift from the floor counted from
    /// its lockouts loses one): the way with more reps is the way. When both have as many,
    /// the clip around them decides: the stretch before the first rep and after the last
    /// (at least `restSeconds`, still within a quarter of the range) holds the rest the
    /// reps leave from for the right one
    /// (a deadlift settled at the bar, a bridge lying down after its last rep, a push-up's
    /// plank). Without that, a rise: every measure grows as its movement is performed
    /// from the body's anatomical rest (`BodyMeasure`). (Where the clip dwells is no
    /// guide: a curl lingers at the top, a squat at the bottom.) Nil when it does not move.
    func restDirection(_ values: [Float]) -> Profile.RepCounter.Movement? {
        guard let s = Self.spread(values), s.high > s.low else { return nil }
        let range = s.high - s.low
        func judge(_ direction: Profile.RepCounter.Movement) -> (reps: Int, held: Int) {
            let reps = reps(values, direction: direction, floor: 0.3 * range)
            guard let first = reps.first, let last = reps.last else { return (0, 0) }
            let rest = Double(RepSegmenter.median(reps.map { values[$0.start] }))
            var held = 0
            for stretch in [0..<first.start, (last.end + 1)..<values.count] {
                // Held: at least `restSeconds` of tracked frames within a quarter of the range.
                let frames = stretch.filter { values[$0].isFinite }
                guard let a = frames.first, let b = frames.last, times[b] - times[a] >= Self.restSeconds,
                    let low = frames.map({ values[$0] }).min(), let high = frames.map({ values[$0] }).max(),
                    Double(high - low) <= 0.25 * range
                else { continue }
                let level = Double(RepSegmenter.median(frames.map { values[$0] }))
                if abs(level - rest) <= 0.25 * range { held += 1 }
            }
            return (reps.count, held)
        }
        let rise = judge(.rise)
        let dip = judge(.dip)
        if rise.reps != dip.reps { return rise.reps > dip.reps ? .rise : .dip }
        return dip.held > rise.held ? .dip : .rise
    }

    /// Reps at least this alike (`regularity`) are a candidate's count to measure others against.
    static let regularReps = 0.5

    /// The least stretch before the first rep or after the last that shows rest, seconds.
    static let restSeconds = 0.3

    /// The reps of `values`, counted as the assessor counts them, with `floor` as the least range.
    func reps(_ values: [Float], direction: Profile.RepCounter.Movement, floor: Double) -> [RepSegmenter.Segment] {
        RepSegmenter.segment(values, times: times, settings: .init(movement: direction, minRange: Float(floor))).reps
    }

    /// Pearson correlation over frames where both are finite (0 when undefined).
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        let pairs = zip(a, b).filter { $0.isFinite && $1.isFinite }.map { (Double($0), Double($1)) }
        guard pairs.count >= 3 else { return 0 }
        let n = Double(pairs.count)
        let ma = pairs.reduce(0) { $0 + $1.0 } / n
        let mb = pairs.reduce(0) { $0 + $1.1 } / n
        var sab = 0.0
        var saa = 0.0
        var sbb = 0.0
        for (x, y) in pairs {
            sab += (x - ma) * (y - mb)
            saa += (x - ma) * (x - ma)
            sbb += (y - mb) * (y - mb)
        }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }

    // MARK: - Figures of the reps

    /// The demonstration's reps of a movement and what they say about it.
    struct RepFigures: Sendable {
        /// Every rep found, frame ranges.
        var all: [Range<Int>]
        /// The reps the figures come from (all, or those chosen).
        var used: [Range<Int>]
        /// The value at rest: the median of the values each used rep leaves from.
        var rest: Double
        /// Each used rep's far end (highest for a rise, lowest for a dip).
        var peaks: [Double]
        /// Median far end.
        var target: Double
        /// Standard deviation of the far ends.
        var peakSpread: Double
        /// Median seconds within `tolerance` of the target per rep, into the movement and back.
        var secondsAtTop: Double
        var secondsRising: Double
        var secondsReturning: Double
        /// Median rep length, seconds.
        var seconds: Double
        /// The least range a rep of the draft must cover: 0.4 of the demonstrated typical range.
        var minRange: Double
    }

    /// Rep figures of the movement on `values` (the sides' reps when they take turns:
    /// `reps`), from the chosen 1-based reps (all when nil).
    /// - Throws: a message when there are no reps or the choice is out of range.
    func repFigures(
        _ parts: [(values: [Float], reps: [RepSegmenter.Segment])], direction: Profile.RepCounter.Movement,
        choose chosen: ClosedRange<Int>?, tolerance: (Double) -> Double
    ) throws(KinetixError) -> RepFigures {
        // Each rep with the series it was counted on, in time order.
        let counted = parts.flatMap { part in part.reps.map { (values: part.values, segment: $0) } }.sorted {
            $0.segment.start < $1.segment.start
        }
        let segments = counted.map(\.segment)
        guard !segments.isEmpty else {
            throw KinetixError(
                .invalidData, "the demonstration has no complete rep of the movement (it must leave rest and come back at least once)")
        }
        var used = segments
        if let chosen {
            guard chosen.lowerBound >= 1, chosen.upperBound <= segments.count else {
                throw KinetixError(
                    .invalidSetting,
                    "the demonstration has \(segments.count) rep\(segments.count == 1 ? "" : "s"); reps \(chosen.lowerBound)-\(chosen.upperBound) are out of range",
                    setting: .demonstrationReps)
            }
            used = Array(segments[(chosen.lowerBound - 1)...(chosen.upperBound - 1)])
        }
        let usedValues = counted.filter { c in used.contains(c.segment) }.map(\.values)
        let sign: Float = direction == .rise ? 1 : -1
        let peaks = zip(used, usedValues).map { Double($1[$0.extreme]) }
        let rests = zip(used, usedValues).map { Double($1[$0.start]) }
        let target = Self.median(peaks)
        let spread = Self.standardDeviation(peaks)
        let tol = tolerance(spread)
        var atTop: [Double] = []
        var rising: [Double] = []
        var returning: [Double] = []
        var lengths: [Double] = []
        for (s, values) in zip(used, usedValues) {
            let near = (s.start...s.end).filter { values[$0].isFinite && sign * values[$0] >= sign * Float(target) - Float(tol) }
            atTop.append(Double(near.count) / rate)
            rising.append(times[s.extreme] - times[s.start])
            returning.append(times[s.end] - times[s.extreme])
            lengths.append(times[s.end] - times[s.start])
        }
        return RepFigures(
            all: segments.map { $0.start..<($0.end + 1) }, used: used.map { $0.start..<($0.end + 1) },
            rest: Self.median(rests), peaks: peaks, target: target, peakSpread: spread,
            secondsAtTop: Self.median(atTop), secondsRising: Self.median(rising),
            secondsReturning: Self.median(returning), seconds: Self.median(lengths),
            minRange: 0.4 * Double(RepSegmenter.median(used.map(\.range))))
    }

    /// Frames per second.
    var rate: Double {
        guard times.count > 1, let first = times.first, let last = times.last, last > first else { return 30 }
        return Double(times.count - 1) / (last - first)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return .nan }
        return quantile(sorted: sorted, 0.5)
    }

    static func standardDeviation(_ values: [Double]) -> Double {
        let finite = values.filter(\.isFinite)
        guard finite.count > 1 else { return 0 }
        let mean = finite.reduce(0, +) / Double(finite.count)
        return (finite.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(finite.count - 1)).squareRoot()
    }

    /// The 98th percentile of the finite values (nil when fewer than 10).
    func high(_ values: [Float]) -> Double? {
        let finite = values.filter(\.isFinite).sorted()
        return finite.count >= 10 ? Double(quantile(sorted: finite, 0.98)) : nil
    }
}
