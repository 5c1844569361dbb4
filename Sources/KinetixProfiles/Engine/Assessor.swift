import Foundation
import KinetixCore

/// Runs a body or face profile on one clip.
public struct Assessor: Sendable {
    /// The body or face profile run.
    public var profile: Profile
    /// Its parameter values.
    public var parameters: ParameterValues
    /// Joints below this confidence count as not tracked.
    public var minConfidence: Float

    /// An assessor of `profile` with these parameter values.
    public init(profile: Profile, parameters: ParameterValues, minConfidence: Float = BodySeries.defaultMinConfidence) {
        self.profile = profile
        self.parameters = parameters
        self.minConfidence = minConfidence
    }

    /// Assesses `sidecar`. The baseline is `baseline` (a separate clip, whole) when
    /// given, else the profile's first seconds. Requirements not met give a *void*
    /// result with the reason, never a score.
    public func assess(_ sidecar: Sidecar, baseline baselineClip: Sidecar? = nil, baselineName: String? = nil) -> Assessment {
        precondition(profile.kind != .pair, "pair profiles run through Comparison")
        let parameterList = profile.parameters.map { Assessment.Parameter(name: $0.name, value: parameters[$0.name] ?? $0.defaultValue) }
        var result = Assessment(profileID: profile.id, profileVersion: profile.version, profileTitle: profile.title,
                                parameters: parameterList, status: .ok, voidReason: nil, times: sidecar.times,
                                metrics: [], reps: [], findings: [], symmetry: [], weakerSide: nil,
                                shoulderWidthRatio: nil, coverage: [], baselineSource: nil)
        let body = BodySeries(sidecar, minConfidence: minConfidence, view: bodyView)
        // A face clip is analysed on its longest stretch without a shot cut or tracking jump.
        let face = sidecar.face == nil ? nil : FaceSeries(sidecar)
        var analysed = 0..<sidecar.frameCount
        if profile.kind == .face, let face {
            let quality = FaceQuality(face)
            result.face = quality
            analysed = quality.analysed
        }
        result.coverage = coverage(sidecar, frames: analysed)
        result.shoulderWidthRatio = Self.shoulderWidthRatio(body)
        if let reason = voidReason(sidecar, coverage: result.coverage, shoulderRatio: result.shoulderWidthRatio) ?? faceVoidReason(result.face) {
            result.status = .void
            result.voidReason = reason
            return result
        }
        let rate = sidecar.analysisFrameRate
        var (columns, restLevels) = metricColumns(sidecar, body: body, rate: rate, face: face, restFrames: analysed)
        result.restLevels = restLevels.keys.sorted().map { restLevels[$0]! }
        let rest = restLevels.compactMapValues(\.level)
        if analysed != 0..<sidecar.frameCount {
            for i in columns.indices {
                for frame in 0..<sidecar.frameCount where !analysed.contains(frame) { columns[i][frame] = .nan }
            }
        }

        // Baseline: a separate clip's medians, or the first seconds of this one.
        var baselineValues: [Float?] = Array(repeating: nil, count: profile.metrics.count)
        var activeFrames = analysed
        var noiseFrames: Range<Int>?
        if let baselineClip {
            let base = metricColumns(baselineClip, body: BodySeries(baselineClip, minConfidence: minConfidence, view: bodyView),
                                     rate: baselineClip.frameRate ?? rate).columns
            baselineValues = base.map { median($0[...]) }
            result.baselineSource = baselineName ?? "baseline sidecar"
            let needed = profile.metrics.indices.filter { profile.metrics[$0].relativeToBaseline }
                + (profile.symmetry?.measures.flatMap { [$0.leftIndex, $0.rightIndex] } ?? [])
            if let missing = needed.first(where: { baselineValues[$0] == nil }) {
                result.status = .void
                result.voidReason = "the baseline clip gives no value for \(profile.metrics[missing].name)"
                    + (profile.kind == .face && baselineClip.face == nil ? " (it has no face landmarks)" : "")
                    + "; record the baseline with the same setup"
                return result
            }
        } else if profile.baseline != nil, sidecar.frameCount == 1 {
            // A still image: the face at rest, its own baseline; there is no movement.
            baselineValues = columns.map { median($0[...]) }
            result.baselineSource = "the still image (one frame)"
        } else if let spec = profile.baseline {
            let first = analysed.lowerBound
            let end = sidecar.times[analysed].firstIndex { $0 >= sidecar.times[first] + spec.seconds } ?? analysed.upperBound
            baselineValues = columns.map { median($0[first..<end]) }
            activeFrames = end..<analysed.upperBound
            noiseFrames = first..<end
            result.baselineSource = "first \(jsonNumber(spec.seconds, digits: 3)) s"
        }
        var reported = columns
        for (i, metric) in profile.metrics.enumerated() where metric.relativeToBaseline {
            if let base = baselineValues[i] { reported[i] = columns[i].map { $0 - base } }
        }
        result.metrics = profile.metrics.enumerated().map { i, metric in
            Assessment.MetricSeries(name: metric.name, unit: metric.unit, values: reported[i], baseline: baselineValues[i],
                                    relativeToBaseline: metric.relativeToBaseline)
        }
        let metricTable = Dictionary(uniqueKeysWithValues: reported.enumerated().map { ($0, $1) })
        let times = sidecar.times
        let step = 1 / rate

        // Reps.
        var repRanges: [Range<Int>] = []
        if let counter = profile.reps {
            // The counted metric without smoothing, for its noise.
            let rawCounted = metricColumns(sidecar, body: body, rate: rate, face: face, restFrames: analysed, smoothed: false)
                .columns[counter.metricIndex]
            let counting = RepSegmenter.segment(reported[counter.metricIndex], raw: rawCounted, times: times,
                                                settings: counter.segmenterSettings(parameters))
            let reps = counting.reps
            repRanges = reps.map { $0.start..<($0.end + 1) }
            result.reps = reps.map { segment in
                let evaluator = repEvaluator(segment.start..<(segment.end + 1), metrics: metricTable, times: times, rest: rest)
                return Assessment.Rep(start: times[segment.start], end: times[segment.end],
                                      values: counter.summary.map { .init(name: $0.name, value: evaluator.evaluate($0.compiled).numbers[0]) },
                                      extreme: times[segment.extreme], confidence: segment.confidence, doubt: Self.doubt(segment))
            }
            result.repCounting = Self.countingSummary(counting, counter: counter, unit: profile.metrics[counter.metricIndex].unit,
                                                      times: times, parameters: parameters)
        }

        // Rules.
        let frameEvaluator = ExpressionEvaluator(count: sidecar.frameCount, angles: nil, body: nil, face: nil,
                                                 metrics: metricTable, parameters: parameters, restLevels: rest)
        for rule in profile.rules {
            switch rule.scope {
            case .frames:
                let condition = frameEvaluator.evaluate(rule.condition).numbers
                for (start, end) in Self.runs(of: condition) where times[end - 1] - times[start] + step >= rule.minSeconds - 1e-9 {
                    result.findings.append(finding(rule, start..<end, metrics: metricTable, times: times))
                }
            case .reps:
                for range in repRanges where repEvaluator(range, metrics: metricTable, times: times, rest: rest).evaluate(rule.condition).numbers[0] == 1 {
                    result.findings.append(finding(rule, range, metrics: metricTable, times: times))
                }
            }
        }
        result.findings.sort { ($0.start, $0.rule) < ($1.start, $1.rule) }

        result.isStill = sidecar.frameCount == 1
        if let symmetry = profile.symmetry {
            // The face's size in pixels per IPD (face profiles only: `face` is nil otherwise).
            let pixelsPerUnit = result.face?.eyeDistancePixels
            let threshold = Float(symmetry.thresholdPercent.value(parameters))
            result.symmetryThresholdPercent = threshold
            result.resting = Symmetry.resting(symmetry, baseline: baselineValues, units: profile.metrics.map(\.unit), pixelsPerUnit: pixelsPerUnit)
            if !result.isStill {
                (result.symmetry, result.weakerSide) = Symmetry.evaluate(
                    symmetry, columns: columns, baseline: baselineValues, activeFrames: activeFrames, noiseFrames: noiseFrames, times: sidecar.times,
                    thresholdPercent: threshold, pixelsPerUnit: pixelsPerUnit,
                    masks: symmetry.measures.map { measure in measure.condition.map { frameEvaluator.evaluate($0).numbers } })
                for i in result.symmetry.indices where i < symmetry.measures.count {
                    result.symmetry[i].unit = profile.metrics[symmetry.measures[i].leftIndex].unit
                    result.symmetry[i].condition = symmetry.measures[i].leftOutBecause ?? symmetry.measures[i].when.map { "where \($0) did not hold" }
                }
            }
            result.markSymmetryContradictions(profile: profile)
        }
        return result
    }

    /// Every metric's column, dependencies first, each smoothed as the profile says, and
    /// the rest level of each metric that has one, found over `restFrames` (all frames
    /// when nil) before any metric reading `rest()` of it is computed.
    func metricColumns(_ sidecar: Sidecar, body: BodySeries, rate: Double, face: FaceSeries? = nil,
                       restFrames: Range<Int>? = nil, smoothed: Bool = true) -> (columns: [[Float]], rest: [Int: Assessment.RestLevel]) {
        let angles = AngleSeries(sidecar, minConfidence: minConfidence)
        let face = face ?? (sidecar.face == nil ? nil : FaceSeries(sidecar))
        var evaluator = ExpressionEvaluator(count: sidecar.frameCount, angles: angles, body: body, face: face,
                                            metrics: [:], parameters: parameters)
        var rest: [Int: Assessment.RestLevel] = [:]
        for i in profile.metricOrder {
            let metric = profile.metrics[i]
            var column = evaluator.evaluate(metric.compiled).numbers
            if smoothed, let seconds = metric.medianSeconds {
                // Capped at 255 frames so the cost stays linear in the clip's length.
                column = Smoothing.movingMedian(column, window: min(255, Int((seconds * rate).rounded())) | 1)
            }
            if smoothed, let cutoff = metric.lowPassHertz {
                column = Smoothing.lowPass(column, cutoffHertz: cutoff, sampleRate: rate, clampToRange: true)
            }
            evaluator.metrics[i] = column
            if let spec = metric.rest {
                let level = RestLevelFinder.find(spec, metric: metric, column: column, frames: restFrames ?? 0..<sidecar.frameCount)
                rest[i] = level
                evaluator.restLevels[i] = level.level ?? .nan
            }
        }
        return (profile.metrics.indices.map { evaluator.metrics[$0]! }, rest)
    }

    /// Why a rep is less than sure, in words; nil at full confidence.
    static func doubt(_ segment: RepSegmenter.Segment) -> String? {
        guard segment.confidence < 1 else { return nil }
        return segment.cutByClip ? "part of it is outside the clip" : "its range, length or tracking is unlike the other reps'"
    }

    /// The counter's figures and what it saw but did not count, in seconds and words.
    static func countingSummary(_ counting: RepSegmenter.Result, counter: Profile.RepCounter, unit: String?,
                                times: [Double], parameters: ParameterValues) -> Assessment.RepCounting {
        func stretch(_ range: ClosedRange<Int>, _ note: String) -> Assessment.RepCounting.Stretch {
            .init(start: times[range.lowerBound], end: times[range.upperBound], note: note)
        }
        let learned = if case .learned = counter.thresholds { true } else { false }
        return Assessment.RepCounting(
            metric: counter.metric, unit: unit, movement: counter.movement(parameters), learned: learned,
            threshold: counting.threshold, typicalRange: counting.typicalRange, noise: counting.noise,
            notCounted: counting.segments.compactMap { s in s.withdrawn.map { stretch(s.start...s.end, "not a rep: " + $0) } },
            partial: counting.partials.map { range in
                stretch(range, range.lowerBound == 0 ? "the clip starts inside a rep" : "the clip ends inside a rep")
            },
            unread: counting.unread.map { stretch($0, "\(spoken(counter.metric)) not measured (joints not tracked)") })
    }

    func repEvaluator(_ range: Range<Int>, metrics: [Int: [Float]], times: [Double], rest: [Int: Float] = [:]) -> ExpressionEvaluator {
        ExpressionEvaluator(count: 1, angles: nil, body: nil, face: nil, metrics: metrics, parameters: parameters,
                            rep: (range, times), restLevels: rest)
    }

    func finding(_ rule: Profile.Rule, _ range: Range<Int>, metrics: [Int: [Float]], times: [Double]) -> Assessment.Finding {
        let evaluator = repEvaluator(range, metrics: metrics, times: times)
        var detail = ""
        for part in rule.detailTemplate.parts {
            switch part {
            case .text(let text): detail += text
            case .metric(let index, let aggregate, let digits):
                let value = evaluator.aggregate(aggregate, metrics[index]!)
                detail += value.isNaN ? "—" : String(format: "%.\(digits)f", value)
            case .parameter(let name, let digits):
                if case .number(let v)? = parameters[name] { detail += String(format: "%.\(digits)f", v) }
            }
        }
        return Assessment.Finding(rule: rule.id, start: times[range.lowerBound], end: times[range.upperBound - 1],
                                  severity: rule.severity, cue: rule.cue, detail: detail)
    }

    /// Half-open ranges of consecutive frames where `condition` is 1, in time order.
    static func runs(of condition: [Float]) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var start: Int?
        for i in 0...condition.count {
            let on = i < condition.count && condition[i] == 1
            if on, start == nil { start = i }
            if !on, let s = start { result.append((s, i)); start = nil }
        }
        return result
    }

    // MARK: - Requirements

    /// Coverage of each required point over `frames` (a face clip's analysed stretch, else all).
    private func coverage(_ sidecar: Sidecar, frames: Range<Int>) -> [Assessment.Coverage] {
        let n = Double(max(1, frames.count))
        var result: [Assessment.Coverage] = profile.requirements.joints.map { joint in
            .init(name: joint.name, fraction: Double(frames.filter { sidecar.joints.isTracked(joint, $0, minConfidence: minConfidence) }.count) / n)
        }
        for landmark in profile.requirements.landmarks {
            let count = sidecar.face.map { face in frames.filter { face[landmark, $0] != nil }.count } ?? 0
            result.append(.init(name: landmark.name, fraction: Double(count) / n))
        }
        return result
    }

    /// Why a face is too small to measure, or nil.
    private func faceVoidReason(_ quality: FaceQuality?) -> String? {
        guard let quality, let size = quality.eyeDistancePixels, size < FaceQuality.minEyeDistancePixels else { return nil }
        return String(format: "the face is %.0f px between the eye centres; at least %.0f px are needed to tell movement from the landmarks' jitter: move the camera closer or film at a higher resolution",
                      size, FaceQuality.minEyeDistancePixels)
    }

    private func voidReason(_ sidecar: Sidecar, coverage: [Assessment.Coverage], shoulderRatio: Float?) -> String? {
        if profile.kind == .face, sidecar.face == nil {
            return "this sidecar has no face landmarks; record it with face tracking on"
        }
        var reasons: [String] = []
        let required = profile.requirements.minCoverage
        let missing = coverage.filter { $0.fraction < required }.sorted { $0.fraction < $1.fraction }
        if let worst = missing.first {
            let isJoint = Joint(name: worst.name) != nil
            let percent = String(format: "%.0f %%", worst.fraction * 100)
            let others = missing.count > 1 ? " (and \(missing.count - 1) more below \(String(format: "%.0f %%", required * 100)))" : ""
            reasons.append("\(spoken(worst.name)) \(isJoint ? "tracked" : "found") in \(percent) of frames\(others); "
                + (isJoint ? "reframe so the whole body is visible" : "face the camera with the whole face visible"))
        }
        let view = profile.requirements.view(parameters)
        if profile.kind == .body, view != .any, let ratio = shoulderRatio, let camera = CameraView(shoulderWidthRatio: ratio) {
            let seen = camera.rawValue
            if seen != view.rawValue {
                let description = seen == "oblique" ? "at an angle" : "from the \(seen)"
                // On an oblique view no setting helps: only a new recording does.
                let fix = seen == "oblique" ? "; film the subject straight \(view == .front ? "from the front" : "from the side")"
                    : profile.requirements.viewParameter.map { " (or set the parameter '\($0)' to \(seen))" } ?? ""
                reasons.append("the camera sees the subject \(description) (shoulder width \(String(format: "%.2f", ratio)) torso lengths); this profile needs a \(view == .front ? "frontal" : "side") view\(fix)")
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// Where a 3D clip's virtual camera stands: where the profile needs its camera
    /// (`BodySeries.View`), so a 3D clip meets a front-view or a side-view profile alike.
    var bodyView: BodySeries.View { profile.requirements.view(parameters) == .side ? .side : .front }

    /// The median horizontal shoulder width in torso lengths: a frontal view shows
    /// about 0.9, a side view under 0.3 (`CameraView`).
    static func shoulderWidthRatio(_ body: BodySeries) -> Float? {
        let widths = (0..<body.frameCount).compactMap { frame -> Float? in
            let l = body.points.x[body.points.index(.leftShoulder, frame)], r = body.points.x[body.points.index(.rightShoulder, frame)]
            return l.isNaN || r.isNaN ? nil : abs(l - r)
        }.sorted()
        return widths.isEmpty ? nil : quantile(sorted: widths, 0.5)
    }
}

/// "left ankle" from "leftAnkle".
func spoken(_ name: String) -> String {
    var words = ""
    for c in name {
        if c.isUppercase { words += " " + c.lowercased() } else { words.append(c) }
    }
    return words
}

/// The median of the finite values, or nil.
func median(_ values: ArraySlice<Float>) -> Float? {
    let finite = values.filter(\.isFinite).sorted()
    return finite.isEmpty ? nil : quantile(sorted: finite, 0.5)
}
