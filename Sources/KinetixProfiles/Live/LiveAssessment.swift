import Foundation
import KinetixCore

/// A body profile run as the frames arrive: live rep counting and the current cue,
/// for an app that coaches while the person moves.
///
/// Each `append(_:)` evaluates the profile's metrics on the new frame and returns an
/// `Update`: every metric's value, the rep count (and the rep just completed, with its
/// summary), the findings that just ended, and the cue to show now. The rules, the rep
/// counter and the finding details are the offline `Assessor`'s; what differs is the
/// smoothing, which can only look back: a trailing median, and the profile's
/// Butterworth low-pass run forward only (a 2nd-order filter, so a live value lags the
/// offline zero-phase one by about 1 / (2π·cutoff) s: 27 ms at 6 Hz). Body
/// coordinates use a decaying peak of the torso length (time constant 10 s) as the
/// scale, since the clip's 90th percentile is not known yet.
///
/// Memory stays bounded: metric history is kept back to the oldest open rep or rule
/// run, and a rep or run longer than `maxSpanSeconds` is abandoned.
///
/// Face profiles and profiles measured relative to a baseline need the whole clip
/// (or a separate baseline recording) and are refused: assess those recordings offline.
public struct LiveAssessment: Sendable {
    /// What one frame gives.
    public struct Update: Sendable {
        /// The frame's time, seconds.
        public var t: Double
        /// Each metric's live value, in the profile's order (NaN when not measurable).
        public var metrics: [Float]
        /// Reps completed so far.
        public var reps: Int
        /// The rep completed at this frame, with its summary values.
        public var completedRep: Assessment.Rep?
        /// Earlier reps this frame withdrew, as later reps showed them out of family (a
        /// bend before the first squat is half as deep as the squats), or counted again:
        /// `reps` is the count after both.
        public var revisions: [Revision] = []
        /// Findings whose stretch (or rep) ended at this frame.
        public var findings: [Assessment.Finding]
        /// The one cue to show now: the most severe rule holding now, else the last
        /// rep's finding for `CueTrack.minHoldSeconds` after it; nil for none.
        public var cue: String?
    }

    /// An earlier rep's verdict changed by the reps since.
    public struct Revision: Sendable, Equatable {
        /// When the rep ended (its update's `t`), seconds.
        public var end: Double
        /// True when it counts again; false when it is withdrawn.
        public var counted: Bool
        /// Why it was withdrawn (nil when it counts).
        public var reason: String?
    }

    /// The longest rep or rule stretch followed, seconds.
    public static let maxSpanSeconds = 120.0

    /// The profile run.
    public let profile: Profile
    /// Its parameter values.
    public let parameters: ParameterValues
    /// The frame rate the smoothing windows are set for, frames per second.
    public let rate: Double
    private var assessor: Assessor
    private let space: CoordinateSpace
    private let order: [Int]
    private let medianWindows: [Int]
    private let lowPass: [(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double)?]
    // History since `base` (absolute frame index of element 0).
    private var base = 0
    private var times: [Double] = []
    private var raw: [[Float]]
    private var smoothed: [[Float]]
    private var filterState: [(x1: Double, x2: Double, y1: Double, y2: Double)?]
    /// Each metric's lowest and highest input since its last gap: the filter's output is
    /// kept inside, as offline (`Smoothing.lowPass(clampToRange:)`).
    private var runRange: [(low: Float, high: Float)?] = []
    private var torso: (length: Float, time: Double)?
    // Rest levels: each rest metric's smoothed values over the last `RestLevelFinder.liveWindowSeconds`.
    private var restHistory: [Int: (times: [Double], values: [Float])] = [:]
    /// The torso scale the rest histories were gathered in.
    private var restScale: Float?
    /// A change of the body scale beyond this fraction starts the rest levels afresh.
    static let rescaleTolerance: Float = 0.25
    private var restLevels: [Int: Float] = [:]
    // Reps: the offline counter, fed frame by frame.
    private var segmenters: [RepSegmenter] = []
    /// Each segmenter's candidates' end times, in the order they completed.
    private var candidateEnds: [[Double]] = []
    private var repCount = 0
    /// Reps counted so far (after `finish()`, the final count).
    public var reps: Int { repCount }
    /// The rep `finish()` counted as the stream ended, if any.
    public private(set) var finalRep: Assessment.Rep?
    private var lastRepCue: (cue: String, time: Double)?
    // Frame rules: where each current run started, and its last frame where the rule held.
    private var runStarts: [Int?]
    private var lastOn: [Int]
    private var frameCount = 0
    private var finished = false
    private var clock = LiveClock()
    // The camera's view and the side it hides, from the last seconds.
    private var viewTracker = LiveViewTracker()
    /// The parameters of the last frame (a view parameter set to `auto` takes the view seen).
    private var currentParameters: ParameterValues
    private let profileJoints: Set<Joint>
    /// The metrics' expressions without the joints hidden now (rebuilt when those change).
    private var seen: (hidden: Set<Joint>, expressions: [CompiledExpression?])

    /// - Parameters:
    ///   - profile: A body profile; `parameters` from `Profile.parameterValues(overriding:)`.
    ///   - space: The camera's coordinate space.
    ///   - rate: The camera's frame rate, for the smoothing windows.
    /// - Throws: `KinetixError` of kind `.unsupported` for a face or pair profile, or
    ///   one that measures relative to a baseline or compares sides, or a space with depth
    ///   (live frames are a camera's 2D joints; a 3D clip is assessed with `Assessor`).
    public init(
        profile: Profile, parameters: ParameterValues, space: CoordinateSpace, rate: Double,
        options: AssessmentOptions = AssessmentOptions()
    ) throws(KinetixError) {
        guard profile.kind == .body else {
            throw KinetixError(
                .unsupported, "profile '\(profile.id)' is a \(profile.kind.rawValue) profile; only body profiles run live",
                setting: .profile)
        }
        guard profile.baseline == nil, profile.symmetry == nil, !profile.metrics.contains(where: \.relativeToBaseline) else {
            throw KinetixError(
                .unsupported, "profile '\(profile.id)' measures from a baseline; assess the recording instead", setting: .profile)
        }
        guard space.depth == nil else {
            throw KinetixError(
                .unsupported, field: "space.depth",
                "live assessment reads a camera's 2D joints, frame by frame; a 3D clip is assessed whole: leave --live out")
        }
        guard rate.isFinite, rate >= 1, rate <= 1000 else {
            throw KinetixError(.invalidSetting, field: "rate", "must be in 1...1000 fps, got \(rate)")
        }
        self.profile = profile
        self.parameters = parameters
        self.rate = rate
        self.space = space
        assessor = Assessor(profile: profile, parameters: parameters, minConfidence: options.minConfidence)
        currentParameters = parameters
        profileJoints = assessor.profileJoints
        seen = ([], profile.metrics.map(\.compiled))
        order = profile.metricOrder
        medianWindows = profile.metrics.map { $0.medianSeconds.map { min(255, Int(($0 * rate).rounded())) | 1 } ?? 1 }
        lowPass = profile.metrics.map { metric in
            guard let cutoff = metric.lowPassHertz, cutoff < rate / 2 else { return nil }
            let k = tan(Double.pi * cutoff / rate)
            let norm = 1 / (1 + 2.squareRoot() * k + k * k)
            let b0 = k * k * norm
            return (b0, 2 * b0, b0, 2 * (k * k - 1) * norm, (1 - 2.squareRoot() * k + k * k) * norm)
        }
        raw = Array(repeating: [], count: profile.metrics.count)
        smoothed = raw
        segmenters =
            profile.reps.map { counter in counter.metricIndices.map { _ in RepSegmenter(counter.segmenterSettings(parameters)) } } ?? []
        candidateEnds = Array(repeating: [], count: segmenters.count)
        filterState = Array(repeating: nil, count: profile.metrics.count)
        runStarts = Array(repeating: nil, count: profile.rules.count)
        lastOn = Array(repeating: 0, count: profile.rules.count)
    }

    /// Evaluates the profile on the next frame.
    /// - Throws: `LiveFrameRefusal` for a time not finite, not after the previous
    ///   frame's, or after `finish()`; the frame is not used.
    public mutating func append(_ pose: PoseFrame) throws(LiveFrameRefusal) -> Update {
        try clock.take(pose.time)
        let index = frameCount
        frameCount += 1
        times.append(pose.time)
        let values = evaluateMetrics(pose)
        for i in values.indices { smoothed[i].append(values[i]) }
        var update = Update(t: pose.time, metrics: values, reps: repCount, completedRep: nil, findings: [], cue: nil)
        countReps(at: index, into: &update)
        checkRules(at: index, into: &update)
        update.reps = repCount
        update.cue = currentCue(at: index)
        trim()
        return update
    }

    /// Ends the stream: rule stretches still holding become findings; a rep that has come
    /// back more than half way is counted (`finalRep`, `reps`), one still going out is
    /// not, as offline.
    public mutating func finish() -> [Assessment.Finding] {
        clock.finish()
        guard !finished, frameCount > 0 else { return [] }
        finished = true
        var findings: [Assessment.Finding] = []
        // A rep coming back as the stream ends (more than half way) counts, as offline.
        if let counter = profile.reps {
            for k in segmenters.indices {
                guard let segment = segmenters[k].finish().completed, segment.withdrawn == nil, segment.start >= base else { continue }
                let range = local(segment.start)..<local(segment.end + 1)
                let evaluator = assessor.repEvaluator(range, metrics: table(), times: times, rest: restLevels)
                finalRep = Assessment.Rep(
                    start: times[range.lowerBound], end: times[range.upperBound - 1],
                    values: counter.summary.map { .init(name: $0.name, value: evaluator.evaluate($0.compiled).numbers[0]) },
                    extreme: times[local(segment.extreme)], confidence: segment.confidence, doubt: Assessor.doubt(segment))
                for rule in profile.rules where rule.scope == .reps && evaluator.evaluate(rule.condition).numbers[0] == 1 {
                    findings.append(assessor.finding(rule, range, metrics: table(), times: times))
                }
            }
            repCount = segmenters.reduce(0) { $0 + $1.reps.count }
        }
        for (r, rule) in profile.rules.enumerated() where rule.scope == .frames {
            if let start = runStarts[r], long(start, frameCount, rule) {
                findings.append(assessor.finding(rule, local(start)..<local(frameCount), metrics: table(), times: times))
            }
            runStarts[r] = nil
        }
        return findings
    }

    // MARK: - Metrics

    private mutating func evaluateMetrics(_ pose: PoseFrame) -> [Float] {
        var joints = PointTable<Joint>(frameCount: 1)
        for joint in Joint.allCases { joints[joint, 0] = pose[joint] }
        let clip = Sidecar(space: space, times: [pose.time], joints: joints)
        let m = assessor.minConfidence
        if let hip = clip.hipMidpoint(0, minConfidence: m), let neck = clip.isotropicPosition(.neck, 0, minConfidence: m) {
            let length = planarDistance(neck.x - hip.x, neck.y - hip.y)
            let decayed = torso.map { $0.length * Float(exp(-(pose.time - $0.time) / 10)) } ?? 0
            torso = (max(length, decayed), pose.time)
            // Rest levels and the view gathered in a scale a quarter smaller or larger are
            // in another unit (a first second whose torso the estimator drew too short, so
            // every width read twice as wide and a side view as the front): forget them.
            if let scale = restScale, abs(torso!.length / scale - 1) > Self.rescaleTolerance {
                restHistory = [:]
                viewTracker = LiveViewTracker()
                restScale = torso!.length
            } else if restScale == nil {
                restScale = torso!.length
            }
        }
        let body = BodySeries(clip, minConfidence: m, scale: torso?.length)
        viewTracker.add(body, clip: clip, minConfidence: m, candidates: profileJoints, minCoverage: profile.requirements.minCoverage)
        var frameParameters = parameters
        if let name = profile.requirements.viewParameter, let seen = viewTracker.view, case .choice("auto")? = parameters[name],
            profile.parameters.first(where: { $0.name == name })?.choices.contains(seen.rawValue) == true
        {
            frameParameters[name] = .choice(seen.rawValue)
        }
        let required = profile.requirements.view(frameParameters)
        let leftOut =
            viewTracker.view != nil
            && (required == .frontOrOblique
                ? !(viewTracker.shows(.front) || viewTracker.shows(.oblique))
                : CameraView(rawValue: required.rawValue).map { !viewTracker.shows($0) } ?? false)
        currentParameters = frameParameters
        assessor.parameters = frameParameters
        var evaluator = ExpressionEvaluator(
            count: 1, angles: AngleSeries(clip, minConfidence: m), body: body, face: nil,
            metrics: [:], parameters: frameParameters)
        if seen.hidden != viewTracker.hidden { seen = (viewTracker.hidden, assessor.seenExpressions(viewTracker.hidden)) }
        let expressions = seen.expressions
        var values = [Float](repeating: .nan, count: profile.metrics.count)
        for i in order {
            let value = leftOut ? Float.nan : expressions[i].map { evaluator.evaluate($0).numbers[0] } ?? .nan
            raw[i].append(value)
            values[i] = smooth(i, value)
            evaluator.metrics[i] = [values[i]]
            if let spec = profile.metrics[i].rest {
                restLevels[i] = updateRest(i, spec, value: values[i], time: pose.time)
                evaluator.restLevels[i] = restLevels[i]
            }
        }
        return values
    }

    /// The rest level so far: the profile's percentile of the last
    /// `RestLevelFinder.liveWindowSeconds` of the metric (NaN until it is plausible).
    private mutating func updateRest(_ i: Int, _ spec: Profile.RestLevelSpec, value: Float, time: Double) -> Float {
        var history = restHistory[i] ?? ([], [])
        if value.isFinite {
            history.times.append(time)
            history.values.append(value)
        }
        if let keep = history.times.firstIndex(where: { $0 > time - RestLevelFinder.liveWindowSeconds }), keep > 0 {
            history.times.removeFirst(keep)
            history.values.removeFirst(keep)
        }
        restHistory[i] = history
        let found = RestLevelFinder.find(spec, metric: profile.metrics[i], column: history.values, frames: history.values.indices)
        return found.level ?? .nan
    }

    /// The trailing median, then the one-pass low-pass, each restarting after a gap.
    private mutating func smooth(_ i: Int, _ value: Float) -> Float {
        if runRange.count < profile.metrics.count { runRange = Array(repeating: nil, count: profile.metrics.count) }
        guard value.isFinite else {
            filterState[i] = nil
            runRange[i] = nil
            return value
        }
        var result = value
        if medianWindows[i] > 1 {
            var window: [Float] = []
            for v in raw[i].suffix(medianWindows[i]).reversed() {
                guard v.isFinite else { break }
                window.append(v)
            }
            window.sort()
            let n = window.count
            result = n % 2 == 1 ? window[n / 2] : (window[n / 2 - 1] + window[n / 2]) / 2
        }
        if let c = lowPass[i] {
            let x = Double(result)
            let s = filterState[i] ?? (x, x, x, x)  // start at rest on the first value, as offline
            let y = c.b0 * x + c.b1 * s.x1 + c.b2 * s.x2 - c.a1 * s.y1 - c.a2 * s.y2
            filterState[i] = (x, s.x1, y, s.y1)
            let range = runRange[i].map { (min($0.low, result), max($0.high, result)) } ?? (result, result)
            runRange[i] = range
            result = min(range.1, max(range.0, Float(y)))
        }
        return result
    }

    // MARK: - Reps and rules

    private mutating func countReps(at index: Int, into update: inout Update) {
        guard let counter = profile.reps else { return }
        var completed: RepSegmenter.Segment?
        for (k, metric) in counter.metricIndices.enumerated() {
            let event = segmenters[k].add(smoothed[metric].last!, raw: raw[metric].last!, frame: index, time: times[local(index)])
            segmenters[k].trim()
            if event.completed != nil { candidateEnds[k].append(times[local(index)]) }
            for r in event.revised where candidateEnds[k].indices.contains(r) {
                let segment = segmenters[k].segments[r]
                update.revisions.append(Revision(end: candidateEnds[k][r], counted: segment.withdrawn == nil, reason: segment.withdrawn))
            }
            if let segment = event.completed, segment.withdrawn == nil { completed = segment }
        }
        repCount = segmenters.reduce(0) { $0 + $1.reps.count }
        guard let segment = completed, segment.start >= base else { return }
        let range = local(segment.start)..<local(segment.end + 1)
        let metrics = table()
        let evaluator = assessor.repEvaluator(range, metrics: metrics, times: times, rest: restLevels)
        update.completedRep = Assessment.Rep(
            start: times[range.lowerBound], end: times[range.upperBound - 1],
            values: counter.summary.map { .init(name: $0.name, value: evaluator.evaluate($0.compiled).numbers[0]) },
            extreme: times[local(segment.extreme)], confidence: segment.confidence, doubt: Assessor.doubt(segment))
        for rule in profile.rules where rule.scope == .reps && evaluator.evaluate(rule.condition).numbers[0] == 1 {
            let finding = assessor.finding(rule, range, metrics: metrics, times: times)
            update.findings.append(finding)
            lastRepCue = (finding.cue, times[local(index)])
        }
    }

    private mutating func checkRules(at index: Int, into update: inout Update) {
        var current: [Int: [Float]] = [:]
        for i in profile.metrics.indices { current[i] = [smoothed[i].last!] }
        let evaluator = ExpressionEvaluator(
            count: 1, angles: nil, body: nil, face: nil, metrics: current, parameters: currentParameters,
            restLevels: restLevels)
        let moving = segmenters.contains(where: \.isAwayFromRest)
        let bridge = Int((Assessor.unknownBridgeSeconds * rate).rounded())
        for (r, rule) in profile.rules.enumerated() where rule.scope == .frames {
            let value = evaluator.evaluate(rule.condition).numbers[0]
            let on = value == 1 && (!rule.duringReps || moving)
            if on {
                if runStarts[r] == nil { runStarts[r] = index }
                lastOn[r] = index
            } else if let start = runStarts[r], !(value.isNaN && index - lastOn[r] <= bridge && (!rule.duringReps || moving)) {
                // As offline: a run goes on through a short stretch where the condition cannot be told.
                let end = lastOn[r] + 1
                if long(start, end, rule) {
                    update.findings.append(assessor.finding(rule, local(start)..<local(end), metrics: table(), times: times))
                }
                runStarts[r] = nil
            }
        }
    }

    /// True when frames `start..<end` last the rule's minimum duration (as offline: the
    /// span of the frames plus one frame).
    private func long(_ start: Int, _ end: Int, _ rule: Profile.Rule) -> Bool {
        times[local(end - 1)] - times[local(start)] + 1 / rate >= rule.minSeconds - 1e-9
    }

    private func currentCue(at index: Int) -> String? {
        let rank: [Profile.Rule.Severity: Int] = [.info: 0, .warning: 1, .critical: 2]
        var best: (rank: Int, start: Int, cue: String)?
        for (r, rule) in profile.rules.enumerated() where rule.scope == .frames {
            guard let start = runStarts[r], long(start, index + 1, rule) else { continue }
            let candidate = (rank[rule.severity]!, start, rule.cue)
            if best == nil || candidate.0 > best!.rank || (candidate.0 == best!.rank && candidate.1 < best!.start) { best = candidate }
        }
        if let best { return best.cue }
        if let last = lastRepCue, times[local(index)] - last.time < CueTrack.minHoldSeconds { return last.cue }
        return nil
    }

    // MARK: - Memory

    private func local(_ index: Int) -> Int { index - base }

    private func table() -> [Int: [Float]] {
        Dictionary(uniqueKeysWithValues: smoothed.enumerated().map { ($0.offset, $0.element) })
    }

    /// Forgets history no open rep or run needs; abandons those older than `maxSpanSeconds`.
    private mutating func trim() {
        let limit = Int((Self.maxSpanSeconds * rate).rounded())
        for r in runStarts.indices { if let start = runStarts[r], frameCount - start > limit { runStarts[r] = nil } }
        var keep = frameCount - 256
        for open in segmenters.compactMap(\.openSince) where frameCount - open <= limit { keep = min(keep, open) }
        for start in runStarts { if let start { keep = min(keep, start) } }
        let drop = keep - base
        guard drop > 1024, drop * 2 > times.count else { return }
        times.removeFirst(drop)
        for i in raw.indices {
            raw[i].removeFirst(drop)
            smoothed[i].removeFirst(drop)
        }
        base += drop
    }

    /// Frames of history held now.
    public var retainedFrames: Int { times.count }
}
