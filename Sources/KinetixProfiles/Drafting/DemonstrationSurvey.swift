import Foundation
import KinetixCore

/// What a demonstration clip shows, for drafting: every candidate measure per frame
/// (smoothed as a draft smooths it), the camera view, and the reps of a chosen measure.
struct DemonstrationSurvey: Sendable {
    /// The measures a demonstration is searched for movement in.
    static let candidates: [BodyMeasure.Kind] = [
        .armElevation, .elbowFlexion, .thighElevation, .legElevation, .kneeFlexion, .hipFlexion, .trunkLean, .headTilt, .kneeValgus,
    ]
    /// A measure that moves less than this (5th to 95th percentile, degrees) is still.
    static let stillRangeDegrees = 15.0
    /// The least range, degrees, of a movement a draft is made from.
    static let movingRangeDegrees = 25.0

    var times: [Double]
    /// Smoothed series by metric name (`armElevationLeft`, `trunkLean`).
    var series: [String: [Float]]
    /// The view the camera had (nil: at an angle, or shoulders not tracked).
    var view: Profile.Requirements.View?
    /// The median shoulder width in torso lengths (about 0.9 from the front, < 0.3 from the side).
    var shoulderWidthRatio: Float?

    init(_ sidecar: Sidecar, minConfidence: Float) throws(KinetixError) {
        var metrics: [(key: String, value: JSONValue)] = []
        for kind in Self.candidates {
            let measure = BodyMeasure(kind: kind)
            for side in measure.isSided ? [BodySide.left, .right] : [nil] {
                metrics.append((measure.name(side), DraftProfileWriter.metricJSON(measure, side: side, relative: false)))
            }
        }
        let document = JSONValue.object([
            ("format", .string(Profile.formatName)), ("formatVersion", .number(1)), ("id", .string("demonstration-survey")),
            ("version", .string("1")), ("title", .string("Demonstration survey")), ("kind", .string("body")),
            ("requirements", .object([("minCoverage", .number(0))])),
            ("metrics", .object(metrics)),
        ])
        let profile = try Profile.decode(Data(document.indentedText().utf8), file: "demonstration survey")
        let assessment = Assessor(profile: profile, parameters: [:], minConfidence: minConfidence).assess(sidecar)
        times = assessment.times
        series = Dictionary(uniqueKeysWithValues: assessment.metrics.map { ($0.name, $0.values) })
        shoulderWidthRatio = assessment.shoulderWidthRatio
        view = switch CameraView(shoulderWidthRatio: shoulderWidthRatio) {
        case .front?: .front
        case .side?: .side
        default: nil
        }
    }

    /// The values of a measure on `sides`: one side's series, the mean of both, or
    /// the higher of the two (`either`).
    func values(_ measure: BodyMeasure, _ sides: SideChoice) -> [Float] {
        switch sides {
        case .none: return series[measure.name(nil)] ?? []
        case .left: return series[measure.name(.left)] ?? []
        case .right: return series[measure.name(.right)] ?? []
        case .both, .either:
            let l = series[measure.name(.left)] ?? [], r = series[measure.name(.right)] ?? []
            return zip(l, r).map { sides == .both ? ($0 + $1) / 2 : ($0.isNaN || $1.isNaN ? .nan : max($0, $1)) }
        }
    }

    /// The 5th and 95th percentiles of the finite values (nil when fewer than 10).
    static func spread(_ values: [Float]) -> (low: Double, high: Double)? {
        let finite = values.filter(\.isFinite).sorted()
        guard finite.count >= 10 else { return nil }
        return (Double(quantile(sorted: finite, 0.05)), Double(quantile(sorted: finite, 0.95)))
    }

    /// The measure with the largest range (ties: the candidates' order) among those the
    /// camera's view shows undistorted, its sides, and the range; nil when nothing moves
    /// `movingRangeDegrees`. An arm elevation is taken in the plane the view shows.
    func mainMovement() -> (measure: BodyMeasure, sides: SideChoice, range: Double)? {
        var best: (measure: BodyMeasure, sides: SideChoice, range: Double)?
        for kind in Self.candidates {
            let measure = BodyMeasure(kind: kind, plane: view == .side ? .sagittal : view == .front ? .frontal : nil)
            guard measure.view == .any || view == nil || measure.view == view else { continue }
            for side in measure.isSided ? [BodySide.left, .right] : [nil] {
                guard let s = Self.spread(series[measure.name(side)] ?? []) else { continue }
                let range = s.high - s.low
                if range > (best?.range ?? Self.movingRangeDegrees) {
                    best = (measure, side == nil ? .none : (side == .left ? .left : .right), range)
                }
            }
        }
        guard var found = best, found.measure.isSided else { return best }
        // Both sides move: together (a lateral raise) or in turn (marching).
        let other: BodySide = found.sides == .left ? .right : .left
        let mine = series[found.measure.name(found.sides == .left ? .left : .right)] ?? []
        let theirs = series[found.measure.name(other)] ?? []
        if let s = Self.spread(theirs), s.high - s.low >= 0.5 * found.range {
            found.sides = Self.correlation(mine, theirs) > 0.3 ? .both : .either
        }
        return found
    }

    /// Pearson correlation over frames where both are finite (0 when undefined).
    static func correlation(_ a: [Float], _ b: [Float]) -> Double {
        let pairs = zip(a, b).filter { $0.isFinite && $1.isFinite }.map { (Double($0), Double($1)) }
        guard pairs.count >= 3 else { return 0 }
        let n = Double(pairs.count)
        let ma = pairs.reduce(0) { $0 + $1.0 } / n, mb = pairs.reduce(0) { $0 + $1.1 } / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for (x, y) in pairs { sab += (x - ma) * (y - mb); saa += (x - ma) * (x - ma); sbb += (y - mb) * (y - mb) }
        return saa > 0 && sbb > 0 ? sab / (saa * sbb).squareRoot() : 0
    }

    /// The reps of `values`, a rising measure: a rep rises past half the way from rest
    /// (5th percentile) to peak (95th) and returns below a quarter of the way.
    func reps(_ values: [Float]) -> [Range<Int>] {
        guard let s = Self.spread(values) else { return [] }
        let enter = s.low + 0.5 * (s.high - s.low), exit = s.low + 0.25 * (s.high - s.low)
        return RepCounting.reps(in: values, times: times, enter: Float(enter), exit: Float(exit), minSeconds: 0.3)
    }

    /// The demonstration's reps of a movement and what they say about it.
    struct RepFigures: Sendable {
        /// Every rep found, frame ranges.
        var all: [Range<Int>]
        /// The reps the figures come from (all, or those chosen).
        var used: [Range<Int>]
        /// The value at rest: the median of the lowest values between and around the used reps.
        var rest: Double
        /// Each used rep's highest value.
        var peaks: [Double]
        /// Median peak.
        var target: Double
        /// Standard deviation of the peaks.
        var peakSpread: Double
        /// Median seconds within `tolerance` of the target per rep, rise and return.
        var secondsAtTop: Double
        var secondsRising: Double
        var secondsReturning: Double
        /// Median rep length, seconds.
        var seconds: Double
    }

    /// Rep figures of `values`, from the chosen 1-based reps (all when nil).
    /// - Throws: a message when there are no reps or the choice is out of range.
    func repFigures(_ values: [Float], choose chosen: ClosedRange<Int>?, tolerance: (Double) -> Double) throws(KinetixError) -> RepFigures {
        let all = reps(values)
        guard !all.isEmpty else {
            throw KinetixError(.invalidData, "the demonstration has no complete rep of the movement (it must rise and come back at least once)")
        }
        var used = all
        if let chosen {
            guard chosen.lowerBound >= 1, chosen.upperBound <= all.count else {
                throw KinetixError(.invalidSetting, "the demonstration has \(all.count) rep\(all.count == 1 ? "" : "s"); reps \(chosen.lowerBound)-\(chosen.upperBound) are out of range",
                                   setting: .demonstrationReps)
            }
            used = Array(all[(chosen.lowerBound - 1)...(chosen.upperBound - 1)])
        }
        let peaks = used.map { r in Double(values[r].filter(\.isFinite).max() ?? .nan) }
        let target = Self.median(peaks)
        let spread = Self.standardDeviation(peaks)
        // Rest: the lowest value in the stretch before each rep and after the last.
        var lows: [Double] = []
        for (i, r) in used.enumerated() {
            let before = max(0, r.lowerBound - Int(0.5 * rate))..<r.lowerBound
            lows.append(Double(values[before.isEmpty ? r : before].filter(\.isFinite).min() ?? values[r].filter(\.isFinite).min() ?? 0))
            if i == used.count - 1 {
                let after = r.upperBound..<min(values.count, r.upperBound + Int(0.5 * rate))
                if let low = values[after].filter(\.isFinite).min() { lows.append(Double(low)) }
            }
        }
        let tol = tolerance(spread)
        var atTop: [Double] = [], rising: [Double] = [], returning: [Double] = [], lengths: [Double] = []
        for r in used {
            let frames = r.filter { values[$0].isFinite }
            guard let top = frames.max(by: { values[$0] < values[$1] }) else { continue }
            let near = frames.filter { Double(values[$0]) >= target - tol }
            atTop.append(Double(near.count) / rate)
            rising.append(times[top] - times[r.lowerBound])
            returning.append(times[r.upperBound - 1] - times[top])
            lengths.append(times[r.upperBound - 1] - times[r.lowerBound])
        }
        return RepFigures(all: all, used: used, rest: Self.median(lows), peaks: peaks, target: target, peakSpread: spread,
                          secondsAtTop: Self.median(atTop), secondsRising: Self.median(rising),
                          secondsReturning: Self.median(returning), seconds: Self.median(lengths))
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
