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
        var result = Assessment(
            profileID: profile.id, profileVersion: profile.version, profileTitle: profile.title,
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
        result.shoulderWidthRatio = Self.shoulderWidthRatio(body)
        // A body clip is measured where the camera has the view the profile needs.
        let views = profile.kind == .body && sidecar.dimensions == .two ? ViewStretches(body, rate: sidecar.analysisFrameRate) : nil
        var measured = [Bool](repeating: false, count: sidecar.frameCount)
        for f in analysed { measured[f] = true }
        var view: CameraView?
        var assessor = self
        if let views {
            switch profile.requirements.view(parameters) {
            case .any: view = views.dominant
            case .auto:
                view = views.dominant
                if let name = profile.requirements.viewParameter, let seen = view,
                    profile.parameters.first(where: { $0.name == name })?.choices.contains(seen.rawValue) == true
                {
                    assessor.parameters[name] = .choice(seen.rawValue)
                    result.parameters = profile.parameters.map {
                        Assessment.Parameter(
                            name: $0.name, value: assessor.parameters[$0.name] ?? $0.defaultValue, foundInClip: $0.name == name)
                    }
                }
            case .frontOrOblique:
                // The front where the clip has more of it than of an angle; else the angle.
                let front = views.frames(in: .front).map(\.count).reduce(0, +)
                let oblique = views.frames(in: .oblique).map(\.count).reduce(0, +)
                view = front + oblique == 0 ? nil : front >= oblique ? .front : .oblique
            case let required: view = CameraView(rawValue: required.rawValue)
            }
            result.views = views.stretches.map {
                Assessment.ViewStretch(
                    view: $0.view, start: sidecar.times[$0.frames.lowerBound], end: sidecar.times[$0.frames.upperBound - 1])
            }
            if profile.requirements.view(parameters) == .frontOrOblique, let view {
                for stretch in views.stretches where stretch.view != .front && stretch.view != .oblique {
                    for f in stretch.frames { measured[f] = false }
                }
                result.measuredView = view
            } else if profile.requirements.view(parameters) != .any, let view, !views.frames(in: view).isEmpty {
                for stretch in views.stretches where stretch.view != view { for f in stretch.frames { measured[f] = false } }
                result.measuredView = view
            }
        }
        return assessor.assess(
            sidecar, body: body, face: face, measured: measured, view: view, dominantView: views?.dominant,
            result: result, baseline: baselineClip, baselineName: baselineName)
    }

    /// `assess` once the view is settled: `measured` marks the frames measured (the face's
    /// longest clean stretch; the body's frames in the view the profile needs).
    private func assess(
        _ sidecar: Sidecar, body: BodySeries, face: FaceSeries?, measured: [Bool], view: CameraView?,
        dominantView: CameraView?, result: Assessment,
        baseline baselineClip: Sidecar?, baselineName: String?
    ) -> Assessment {
        var result = result
        let frames = measured.indices.filter { measured[$0] }
        let analysed = (frames.first ?? 0)..<((frames.last ?? -1) + 1)
        let hiddenSide =
            profile.kind == .body
            ? HiddenSide(
                sidecar, candidates: profileJoints, view: view, frames: frames,
                minConfidence: minConfidence, minCoverage: profile.requirements.minCoverage)
            : .none
        result.coverage = coverage(sidecar, frames: frames, hidden: hiddenSide.hidden)
        if let reason = voidReason(
            sidecar, coverage: result.coverage, shoulderRatio: result.shoulderWidthRatio, frames: frames,
            measuredView: result.measuredView, dominantView: dominantView)
            ?? faceVoidReason(result.face) ?? hiddenVoidReason(hiddenSide)
        {
            result.status = .void
            result.voidReason = reason
            return result
        }
        let rate = sidecar.analysisFrameRate
        result.hiddenSide = hiddenSide.isEmpty ? nil : hiddenSide.summary
        result.hiddenMetrics = profile.metrics.indices.filter { hiddenMetrics(hiddenSide.hidden).contains($0) }.map {
            profile.metrics[$0].name
        }
        let allMeasured = frames.count == sidecar.frameCount
        let (columns, restLevels) = metricColumns(
            sidecar, body: body, rate: rate, face: face, measured: allMeasured ? nil : measured,
            hidden: hiddenSide.hidden)
        result.restLevels = restLevels.keys.sorted().map { restLevels[$0]! }
        let rest = restLevels.compactMapValues(\.level)

        // Baseline: a separate clip's medians, or the first seconds of this one.
        var baselineValues: [Float?] = Array(repeating: nil, count: profile.metrics.count)
        var activeFrames = analysed
        var noiseFrames: Range<Int>?
        if let baselineClip {
            let base = metricColumns(
                baselineClip, body: BodySeries(baselineClip, minConfidence: minConfidence, view: bodyView),
                rate: baselineClip.frameRate ?? rate
            ).columns
            baselineValues = base.map { median($0[...]) }
            result.baselineSource = baselineName ?? "baseline sidecar"
            let needed =
                profile.metrics.indices.filter { profile.metrics[$0].relativeToBaseline }
                + (profile.symmetry?.measures.flatMap { [$0.leftIndex, $0.rightIndex] } ?? [])
            if let missing = needed.first(where: { baselineValues[$0] == nil }) {
                result.status = .void
                result.voidReason =
                    "the baseline clip gives no value for \(profile.metrics[missing].name)"
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
            Assessment.MetricSeries(
                name: metric.name, unit: metric.unit, values: reported[i], baseline: baselineValues[i],
                relativeToBaseline: metric.relativeToBaseline)
        }
        let metricTable = Dictionary(uniqueKeysWithValues: reported.enumerated().map { ($0, $1) })
        let times = sidecar.times
        let step = 1 / rate

        // Reps.
        var repRanges: [Range<Int>] = []
        if let counter = profile.reps {
            // The counted metrics without smoothing, for their noise.
            let raw = metricColumns(
                sidecar, body: body, rate: rate, face: face, measured: allMeasured ? nil : measured,
                hidden: hiddenSide.hidden, smoothed: false
            ).columns
            let counting = RepSegmenter.Result(
                merging: counter.metricIndices.map { i in
                    RepSegmenter.segment(reported[i], raw: raw[i], times: times, settings: counter.segmenterSettings(parameters))
                })
            let reps = counting.reps
            repRanges = reps.map { $0.start..<($0.end + 1) }
            result.reps = reps.map { segment in
                let evaluator = repEvaluator(segment.start..<(segment.end + 1), metrics: metricTable, times: times, rest: rest)
                let doubts = [Self.doubt(segment), angleDoubt(result.measuredView)].compactMap { $0 }
                return Assessment.Rep(
                    start: times[segment.start], end: times[segment.end],
                    values: counter.summary.map { .init(name: $0.name, value: evaluator.evaluate($0.compiled).numbers[0]) },
                    extreme: times[segment.extreme], confidence: segment.confidence,
                    doubt: doubts.isEmpty ? nil : doubts.joined(separator: "; "))
            }
            let restMissing = counter.metricIndices.flatMap { profile.metrics[$0].compiled.restReferences(in: profile) }
                .first { restLevels[$0]?.level == nil }.map { profile.metrics[$0].name }
            result.repCounting = Self.countingSummary(
                counting, counter: counter, unit: profile.metrics[counter.metricIndex].unit,
                times: times, parameters: parameters
            ) { range in
                if let restMissing { return "no rest level of \(restMissing) (above)" }
                if range.allSatisfy({ !measured[$0] }) { return "seen from another view: left out" }
                let joints = counter.metricIndices.reduce(into: Set<Joint>()) {
                    $0.formUnion(profile.joints(readBy: profile.metrics[$1].compiled))
                }
                .subtracting(hiddenSide.hidden)
                let tracked = range.filter { f in joints.allSatisfy { sidecar.joints.isTracked($0, f, minConfidence: minConfidence) } }
                    .count
                if 2 * tracked > range.count { return "the joints are tracked, but the profile measures it only where its condition holds" }
                return "joints not tracked"
            }
        }

        // Rules.
        let frameEvaluator = ExpressionEvaluator(
            count: sidecar.frameCount, angles: nil, body: nil, face: nil,
            metrics: metricTable, parameters: parameters, restLevels: rest)
        for rule in profile.rules {
            switch rule.scope {
            case .frames:
                var condition = frameEvaluator.evaluate(rule.condition).numbers
                if rule.duringReps {
                    var inRep = [Bool](repeating: false, count: condition.count)
                    for range in repRanges { for f in range { inRep[f] = true } }
                    for f in condition.indices where !inRep[f] { condition[f] = 0 }
                }
                let bridge = Int((Self.unknownBridgeSeconds / step).rounded())
                for (start, end) in Self.runs(of: condition, bridgingUnknown: bridge)
                where times[end - 1] - times[start] + step >= rule.minSeconds - 1e-9 {
                    result.findings.append(finding(rule, start..<end, metrics: metricTable, times: times))
                }
            case .reps:
                for range in repRanges
                where repEvaluator(range, metrics: metricTable, times: times, rest: rest).evaluate(rule.condition).numbers[0] == 1 {
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
            result.resting = Symmetry.resting(
                symmetry, baseline: baselineValues, units: profile.metrics.map(\.unit), pixelsPerUnit: pixelsPerUnit)
            if !result.isStill {
                (result.symmetry, result.weakerSide) = Symmetry.evaluate(
                    symmetry, columns: columns, baseline: baselineValues, activeFrames: activeFrames, noiseFrames: noiseFrames,
                    times: sidecar.times,
                    thresholdPercent: threshold, pixelsPerUnit: pixelsPerUnit,
                    masks: symmetry.measures.map { measure in measure.condition.map { frameEvaluator.evaluate($0).numbers } })
                for i in result.symmetry.indices where i < symmetry.measures.count {
                    result.symmetry[i].unit = profile.metrics[symmetry.measures[i].leftIndex].unit
                    result.symmetry[i].condition =
                        symmetry.measures[i].leftOutBecause ?? symmetry.measures[i].when.map { "where \($0) did not hold" }
                }
            }
            result.markSymmetryContradictions(profile: profile)
        }
        return result
    }

    /// Every metric's column, dependencies first, each smoothed as the profile says, and
    /// the rest level of each metric that has one, found before any metric reading
    /// `rest()` of it is computed. Frames not `measured` (nil: all are) are missing
    /// before smoothing, so nothing is smoothed or found across them; metrics that need
    /// `hidden` joints are missing throughout.
    func metricColumns(
        _ sidecar: Sidecar, body: BodySeries, rate: Double, face: FaceSeries? = nil,
        measured: [Bool]? = nil, hidden: Set<Joint> = [], smoothed: Bool = true
    ) -> (columns: [[Float]], rest: [Int: Assessment.RestLevel]) {
        let angles = AngleSeries(sidecar, minConfidence: minConfidence)
        let face = face ?? (sidecar.face == nil ? nil : FaceSeries(sidecar))
        var evaluator = ExpressionEvaluator(
            count: sidecar.frameCount, angles: angles, body: body, face: face,
            metrics: [:], parameters: parameters)
        var rest: [Int: Assessment.RestLevel] = [:]
        let expressions = seenExpressions(hidden)
        for i in profile.metricOrder {
            let metric = profile.metrics[i]
            guard let expression = expressions[i] else {
                // It needs the side the body hides: not measured.
                evaluator.metrics[i] = Array(repeating: .nan, count: sidecar.frameCount)
                continue
            }
            var column = evaluator.evaluate(expression).numbers
            if let measured { for f in column.indices where !measured[f] { column[f] = .nan } }
            if smoothed, let seconds = metric.medianSeconds {
                // Capped at 255 frames so the cost stays linear in the clip's length.
                column = Smoothing.movingMedian(column, window: min(255, Int((seconds * rate).rounded())) | 1)
            }
            if smoothed, let cutoff = metric.lowPassHertz {
                column = Smoothing.lowPass(column, cutoffHertz: cutoff, sampleRate: rate, clampToRange: true)
            }
            evaluator.metrics[i] = column
            if let spec = metric.rest {
                let level = RestLevelFinder.find(spec, metric: metric, column: column, frames: 0..<sidecar.frameCount)
                rest[i] = level
                evaluator.restLevels[i] = level.level ?? .nan
            }
        }
        return (profile.metrics.indices.map { evaluator.metrics[$0]! }, rest)
    }

    /// Every joint the profile's requirements and metrics read.
    var profileJoints: Set<Joint> {
        profile.metrics.reduce(into: Set(profile.requirements.joints)) { $0.formUnion($1.compiled.pointReferences.joints) }
    }

    /// Each metric's expression without `hidden` joints, in the profile's order; nil
    /// for a metric that needs them.
    func seenExpressions(_ hidden: Set<Joint>) -> [CompiledExpression?] {
        guard !hidden.isEmpty else { return profile.metrics.map(\.compiled) }
        var expressions = [CompiledExpression?](repeating: nil, count: profile.metrics.count)
        var hiddenMetrics = Set<Int>()
        for i in profile.metricOrder {
            expressions[i] = profile.metrics[i].compiled.seen(hiding: hidden, hiddenMetrics: hiddenMetrics)
            if expressions[i] == nil { hiddenMetrics.insert(i) }
        }
        return expressions
    }

    /// The metrics that need `hidden` joints.
    func hiddenMetrics(_ hidden: Set<Joint>) -> Set<Int> {
        let expressions = seenExpressions(hidden)
        return Set(expressions.indices.filter { expressions[$0] == nil })
    }

    /// Why a side view cannot be assessed: the counted metric needs the hidden side.
    private func hiddenVoidReason(_ hidden: HiddenSide) -> String? {
        guard !hidden.isEmpty, let counter = profile.reps, counter.metricIndices.allSatisfy(hiddenMetrics(hidden.hidden).contains) else {
            return nil
        }
        return "\(spoken(counter.metric)) needs the \(hidden.hiddenText), which the body hides in this side view; "
            + "film from the front, or count a measure of the near side"
    }

    /// Why a rep is less than sure, in words; nil at full confidence.
    static func doubt(_ segment: RepSegmenter.Segment) -> String? {
        guard segment.confidence < 1 else { return nil }
        if segment.cutByClip { return "part of it is outside the clip" }
        // The confidence is the least of the tracked share and the range and length ramps.
        if segment.tracked <= segment.confidence + 1e-4 {
            return String(format: "its measure was tracked in %.0f %% of its frames", 100 * segment.tracked)
        }
        return "its range or length is near the cut-off from the other reps'"
    }

    /// The counter's figures and what it saw but did not count, in seconds and words.
    /// `unreadCause` says why a stretch of frames has no value.
    static func countingSummary(
        _ counting: RepSegmenter.Result, counter: Profile.RepCounter, unit: String?,
        times: [Double], parameters: ParameterValues,
        unreadCause: (ClosedRange<Int>) -> String
    ) -> Assessment.RepCounting {
        func stretch(_ range: ClosedRange<Int>, _ note: String) -> Assessment.RepCounting.Stretch {
            .init(start: times[range.lowerBound], end: times[range.upperBound], note: note)
        }
        let learned = if case .learned = counter.thresholds { true } else { false }
        return Assessment.RepCounting(
            metric: counter.metrics.joined(separator: " or "), unit: unit, movement: counter.movement(parameters), learned: learned,
            threshold: counting.threshold, typicalRange: counting.typicalRange, noise: counting.noise,
            notCounted: counting.segments.compactMap { s in s.withdrawn.map { stretch(s.start...s.end, "not a rep: " + $0) } }
                + counting.shallow.map { s in
                    stretch(
                        s.start...s.end,
                        String(
                            format: "not a rep: it moved %@, under the %@ a rep must cover", jsonNumber(s.range, digits: 2),
                            jsonNumber(counting.threshold, digits: 2)))
                },
            partial: counting.partials.map { range in
                stretch(range, range.lowerBound == 0 ? "the clip starts inside a rep" : "the clip ends inside a rep")
            },
            unread: counting.unread.map { stretch($0, "\(spoken(counter.metric)) not measured: \(unreadCause($0))") })
    }

    func repEvaluator(_ range: Range<Int>, metrics: [Int: [Float]], times: [Double], rest: [Int: Float] = [:]) -> ExpressionEvaluator {
        ExpressionEvaluator(
            count: 1, angles: nil, body: nil, face: nil, metrics: metrics, parameters: parameters,
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
        return Assessment.Finding(
            rule: rule.id, start: times[range.lowerBound], end: times[range.upperBound - 1],
            severity: rule.severity, cue: rule.cue, detail: detail)
    }

    /// A frame rule's finding goes on through this many seconds where its condition
    /// cannot be told (NaN: a valgus not measurable while the thigh points at the
    /// camera at the bottom of a squat) when it holds on both sides: it never became false.
    static let unknownBridgeSeconds = 1.0

    /// Half-open ranges of consecutive frames where `condition` is 1, in time order; a
    /// run goes on through at most `bridge` unknown (NaN) frames followed by a 1.
    static func runs(of condition: [Float], bridgingUnknown bridge: Int = 0) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        var start: Int?
        var lastOn = 0
        for i in 0...condition.count {
            let value: Float = i < condition.count ? condition[i] : 0
            if value == 1 {
                if start == nil { start = i }
                lastOn = i
            } else if let s = start, !(value.isNaN && i - lastOn <= bridge) {
                result.append((s, lastOn + 1))
                start = nil
            }
        }
        return result
    }

    // MARK: - Requirements

    /// Coverage of each required point over `frames` (a face clip's analysed stretch; a
    /// body clip's frames in the profile's view).
    private func coverage(_ sidecar: Sidecar, frames: [Int], hidden: Set<Joint>) -> [Assessment.Coverage] {
        let n = Double(max(1, frames.count))
        var result: [Assessment.Coverage] = profile.requirements.joints.map { required in
            // A joint the side view hides is measured on the near side: its mirror is required instead.
            let joint = hidden.contains(required) ? required.mirrored : required
            return .init(
                name: required.name,
                fraction: Double(frames.filter { sidecar.joints.isTracked(joint, $0, minConfidence: minConfidence) }.count) / n,
                measuredBy: joint == required ? nil : joint.name)
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
        return String(
            format:
                "the face is %.0f px between the eye centres; at least %.0f px are needed to tell movement from the landmarks' jitter: move the camera closer or film at a higher resolution",
            size, FaceQuality.minEyeDistancePixels)
    }

    /// Below this confidence an estimator's joints are guesses; a void on coverage says
    /// whether they would be there at it.
    static let guessConfidence: Float = 0.05

    private func voidReason(
        _ sidecar: Sidecar, coverage: [Assessment.Coverage], shoulderRatio: Float?, frames: [Int],
        measuredView: CameraView?, dominantView: CameraView?
    ) -> String? {
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
            var guessed = ""
            if let joint = Joint(name: worst.measuredBy ?? worst.name), !frames.isEmpty {
                let placed =
                    Double(frames.filter { sidecar.joints.isTracked(joint, $0, minConfidence: Self.guessConfidence) }.count)
                    / Double(frames.count)
                if placed >= required {
                    guessed = String(
                        format: " (the estimator places it in %.0f %% of frames with a confidence of %.2f or more: guesses, mostly)",
                        100 * placed, Self.guessConfidence)
                }
            }
            reasons.append(
                "\(spoken(worst.name)) \(isJoint ? "tracked" : "found") in \(percent) of frames\(guessed)\(others); "
                    + (isJoint ? "reframe so the whole body is visible" : "face the camera with the whole face visible"))
        }
        let view = profile.requirements.view(parameters)
        if profile.kind == .body, view != .any, view != .auto, measuredView == nil, let ratio = shoulderRatio,
            let camera = dominantView ?? CameraView(shoulderWidthRatio: ratio)
        {
            let seen = camera.rawValue
            if seen != view.rawValue, view != .frontOrOblique || seen == "side" {
                let description = seen == "oblique" ? "at an angle" : "from the \(seen)"
                // On an oblique view no setting helps: only a new recording does.
                let fix =
                    seen == "oblique"
                    ? "; film the subject straight \(view == .side ? "from the side" : "from the front")"
                    : profile.requirements.viewParameter.map { " (or set the parameter '\($0)' to \(seen))" } ?? ""
                let needed =
                    view == .front ? "frontal" : view == .side ? "side" : view == .frontOrOblique ? "frontal or oblique" : "oblique"
                reasons.append(
                    "the camera sees the subject \(description) (shoulder width \(String(format: "%.2f", ratio)) torso lengths); this profile needs a \(needed) view\(fix)"
                )
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// The doubt of a rep measured at an angle for a `frontOrOblique` profile: its
    /// sideways heights and widths are foreshortened; nil otherwise.
    func angleDoubt(_ measuredView: CameraView?) -> String? {
        guard profile.requirements.view(parameters) == .frontOrOblique, measuredView == .oblique else { return nil }
        return "measured at an angle, not from the front: sideways heights and widths are foreshortened"
    }

    /// Where a 3D clip's virtual camera stands: where the profile needs its camera
    /// (`BodySeries.View`), so a 3D clip meets a front-view or a side-view profile alike.
    var bodyView: BodySeries.View { profile.requirements.view(parameters) == .side ? .side : .front }

    /// The median horizontal shoulder width in torso lengths: a frontal view shows
    /// about 0.9, a side view under 0.3 (`CameraView`).
    static func shoulderWidthRatio(_ body: BodySeries) -> Float? {
        let widths = (0..<body.frameCount).compactMap { frame -> Float? in
            let l = body.points.x[body.points.index(.leftShoulder, frame)]
            let r = body.points.x[body.points.index(.rightShoulder, frame)]
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
