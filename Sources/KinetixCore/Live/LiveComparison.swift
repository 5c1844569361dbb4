import Foundation

/// "Copy the demonstrator", scored as the frames arrive: for a phone that films both
/// people and feeds each pose as its estimator delivers it.
///
/// Feed frames of both people on one clock with `appendDemonstrator(_:)` and
/// `appendLearner(_:)` (either order, frames may be dropped), then `finish()` at the
/// end. A frame whose time is not finite, not after its stream's previous frame, or
/// comes after `finish()` is refused with a `LiveFrameRefusal` and changes nothing. Each learner frame
/// returns a *provisional* `Update` at once, from the past only: the lag the learner
/// has been tracking, the errors against the demonstrator at that lag, the worst limb,
/// the cue for the learner's screen and the demonstrator's ghost pose to draw.
///
/// Every grid frame also gets a *final* `Update` (`isFinal`, collected with
/// `takeFinalUpdates()`) once no later frame can change it, `latencySeconds` after
/// it: the tracking lag looks half a lag window ahead and borrows an estimate from up
/// to half a window further, the "ahead" check looks `maxLagSeconds` ahead, and the
/// grid waits `maxGapSeconds` for gaps to close. Final updates equal `Comparison`'s
/// `frame(_:)` for the same frames with `options.rate` set to this `rate`, bit for
/// bit: both run the same resampling, scores, sliding lag window and cue rules.
///
/// Memory is bounded by the latency and the lag search, not the session's length.
/// Estimator-fault repair is not applied live (it needs the whole clip).
public struct LiveComparison: Sendable {
    /// What the learner's screen shows for one frame, or a final result row.
    public struct Update: Sendable {
        /// The figures, as `frames[]` of an offline comparison has them. For a
        /// provisional update `t` is the learner frame's own time, `bestMatchLagSeconds`
        /// is nil and `ahead` false.
        public var frame: ComparisonFrame
        /// The cue on the learner's screen (words only), if any.
        public var cue: String?
        /// The demonstrator's pose at the matched moment, mirrored when the comparison
        /// is, in body coordinates: draw it over the learner. Provisional updates only.
        public var ghost: BodyPose?
        /// True for a final result: it will not change.
        public var isFinal: Bool
    }

    /// The settings, with `rate` set.
    public let options: ComparisonOptions
    /// The analysis grid's rate, frames per second.
    public let rate: Double
    /// The longest lag searched, in grid frames.
    public let maxLagFrames: Int
    /// Half the tracking-lag window in grid frames (0 when `lagWindowSeconds` is 0).
    public let halfWindow: Int
    /// How many grid frames after a frame its final update waits for.
    public let latencyFrames: Int
    /// How long after a frame its final update comes, seconds of input on both streams.
    public var latencySeconds: Double { Double(latencyFrames) / rate + options.maxGapSeconds }

    private let demonstratorSpace: CoordinateSpace
    private let learnerSpace: CoordinateSpace
    /// The lag search's scoring rule (its `scales` make the √w-scaled angles).
    private let rule: LagRule
    private var learnerStream: StreamingResampler
    private var demonstratorStream: StreamingResampler
    /// Recent demonstrator frames (angles mirrored as compared, ghost pose), for provisional updates.
    private var recentDemonstrator: [(time: Double, angles: SIMD16<Float>, pose: BodyPose)] = []
    private var demonstratorScale: (torso: Float, time: Double)?
    private var gridStart: Double?
    private var firstLearnerTime: Double?
    private var lastLearnerTime: Double?
    /// Grid frames resolved so far, and their angles (unscaled, and √w-scaled for scores).
    private var ready = 0
    private var learnerGrid = SlidingBuffer<SIMD16<Float>>()
    private var demonstratorGrid = SlidingBuffer<SIMD16<Float>>()
    private var learnerScaled = SlidingBuffer<SIMD16<Float>>()
    private var demonstratorScaled = SlidingBuffer<SIMD16<Float>>()
    private var bestLags = SlidingBuffer<Int32>()
    private var window: LagWindow?
    /// The newest frame's score at each lag, reused from frame to frame.
    private var lagScores: [Float] = []
    private var estimates = SlidingBuffer<Int32>()
    private var supported = SlidingBuffer<Bool>()
    /// Each evaluated centre's lag margin (`LagWindow.margin`), as offline `Comparison.lagMargins`.
    private var margins = SlidingBuffer<Float>()
    private var evaluatedCenters = 0
    private var nextFinal = 0
    private var finished = false
    private var demonstratorClock = LiveClock()
    private var learnerClock = LiveClock()
    private var finalCues = CueTrack.Machine()
    /// Per limb, the sum of absolute errors and the frames compared so far (final frames),
    /// for the dominant limb the cues name first, as offline.
    private var errorSums = [Float](repeating: 0, count: Limb.count)
    private var errorCounts = [Int](repeating: 0, count: Limb.count)
    private var dominantLimb: Limb? {
        ComparisonSummary.dominantLimb(
            meanErrors: (0..<Limb.count).map { errorCounts[$0] > 0 ? errorSums[$0] / Float(errorCounts[$0]) : nil })
    }
    private var liveCues = CueTrack.Machine()
    private var finals: [Update] = []
    /// Learner video frames accepted but not yet final: number and shared-clock time.
    private var pendingLearner: [(index: Int, time: Double)] = []
    private var learnerFramesSeen = 0
    private var lastGridUpdate: Update?

    /// - Parameters:
    ///   - options: As for `Comparison`; `rate` is taken from `rate` below.
    ///   - rate: The analysis grid's rate: the cameras' frame rate (default
    ///     `options.rate`, or 30).
    ///   - demonstratorSpace, learnerSpace: Each camera's coordinate space.
    /// - Throws: `KinetixError` of kind `.invalidSetting` for options out of range.
    public init(
        options: ComparisonOptions = ComparisonOptions(), rate: Double? = nil,
        demonstratorSpace: CoordinateSpace, learnerSpace: CoordinateSpace
    ) throws(KinetixError) {
        var options = options
        options.rate = rate ?? options.rate ?? Sidecar.fallbackFrameRate
        try options.checkSettings()
        let problems = options.searchProblems(rate: options.rate!)
        guard problems.isEmpty else { throw KinetixError(kind: .limitExceeded, diagnostics: problems) }
        self.options = options
        self.rate = options.rate!
        maxLagFrames = max(0, Int((options.maxLagSeconds * self.rate).rounded()))
        halfWindow = options.lagWindowSeconds > 0 ? max(1, Int((options.lagWindowSeconds * self.rate / 2).rounded())) : 0
        // The tracker evaluates a frame half a window later and may borrow from half a
        // window beyond that (LagTracker.fillRadius); "ahead" looks maxLag frames on.
        latencyFrames = max(2 * halfWindow, maxLagFrames)
        self.demonstratorSpace = demonstratorSpace
        self.learnerSpace = learnerSpace
        rule = LagSearch(maxLag: maxLagFrames, weights: options.weights, minSharedWeight: options.minSharedWeight).rule
        learnerStream = StreamingResampler(maxGapSeconds: options.maxGapSeconds)
        demonstratorStream = StreamingResampler(maxGapSeconds: options.maxGapSeconds)
        if halfWindow > 0 { window = LagWindow(lags: maxLagFrames + 1, halfWindow: halfWindow) }
    }

    /// Frames and samples held in memory now: bounded by the latency and the lag
    /// search, whatever the session's length.
    public var retainedFrames: Int {
        max(learnerGrid.storedCount, demonstratorGrid.storedCount, estimates.storedCount)
            + learnerStream.times.count + demonstratorStream.times.count + recentDemonstrator.count
    }

    // MARK: - Input

    /// Adds a demonstrator frame. Final updates it completes are queued for
    /// `takeFinalUpdates()`.
    /// - Throws: `LiveFrameRefusal` for a time not finite, not after the previous
    ///   demonstrator frame's, or after `finish()`; the frame is not used.
    public mutating func appendDemonstrator(_ pose: PoseFrame) throws(LiveFrameRefusal) {
        try demonstratorClock.take(pose.time)
        var angles = pose.angles(in: demonstratorSpace, minConfidence: options.minConfidence)
        if options.mirror { angles = Self.mirrored(angles) }
        let taken = demonstratorStream.append(time: pose.time, angles: angles)
        assert(taken, "the clock and the resampler take the same times")
        recentDemonstrator.append((pose.time, angles, ghost(of: pose)))
        let keepFrom = (lastLearnerTime ?? pose.time) - options.maxLagSeconds - 1
        if let drop = recentDemonstrator.firstIndex(where: { $0.time >= keepFrom }), drop > 64, drop * 2 > recentDemonstrator.count {
            recentDemonstrator.removeFirst(drop)
        }
        advance()
    }

    /// Adds a learner frame and returns what the learner's screen shows for it now.
    /// - Throws: `LiveFrameRefusal` for a time not finite, not after the previous
    ///   learner frame's (both shifted by `options.offsetSeconds`, as compared), or
    ///   after `finish()`; the frame is not used.
    @discardableResult
    public mutating func appendLearner(_ pose: PoseFrame) throws(LiveFrameRefusal) -> Update {
        guard pose.time.isFinite else { throw .nonFiniteTime(pose.time) }
        let time = pose.time + options.offsetSeconds
        try learnerClock.take(time)
        let angles = pose.angles(in: learnerSpace, minConfidence: options.minConfidence)
        let taken = learnerStream.append(time: time, angles: angles)
        assert(taken, "the clock and the resampler take the same times")
        if firstLearnerTime == nil {
            firstLearnerTime = time
            gridStart = time - Double(maxLagFrames) / rate
        }
        lastLearnerTime = time
        pendingLearner.append((learnerFramesSeen, time))
        learnerFramesSeen += 1
        advance()
        var update = provisionalUpdate(time: time, angles: angles)
        update.frame.sourceFrame = learnerFramesSeen - 1
        update.frame.t = pose.time
        return update
    }

    /// Ends both streams: every remaining frame becomes final.
    public mutating func finish() {
        guard !finished else { return }
        demonstratorClock.finish()
        learnerClock.finish()
        learnerStream.end()
        demonstratorStream.end()
        advance()
        finished = true
        let n = gridCount ?? 0
        if var w = window {
            window = nil  // so `w` owns its arrays and mutates them in place
            while evaluatedCenters < n {
                let c = evaluatedCenters
                if c - halfWindow - 1 >= 0 { w.remove(frame: c - halfWindow - 1) }
                let (lag, ok) = w.estimate()
                estimates.append(lag)
                supported.append(ok)
                margins.append(lag >= 0 ? w.margin(of: Int(lag), separation: separation) : .nan)
                evaluatedCenters += 1
            }
            self.window = w
        }
        finalize(through: n)
        // Video frames past the last grid frame take its figures, as offline (clamped).
        if let last = lastGridUpdate { emitVideoFrames(upTo: .max, from: last, clampingRest: true) }
    }

    /// The final updates completed since the last call, in time order.
    public mutating func takeFinalUpdates() -> [Update] {
        defer { finals.removeAll(keepingCapacity: true) }
        return finals
    }

    // MARK: - The grid

    private var maxGridCountSoFar: Int? {
        guard let first = firstLearnerTime, let last = lastLearnerTime else { return nil }
        return maxLagFrames + AnalysisGrid(from: first, through: last, rate: rate).count
    }

    /// The number of grid frames, once the learner has ended.
    private var gridCount: Int? { learnerStream.ended ? maxGridCountSoFar : nil }

    private func gridTime(_ index: Int) -> Double { AnalysisGrid(start: gridStart!, rate: rate, count: 0).time(index) }

    /// Resolves grid frames whose values are final, scores them, moves the lag window on
    /// and finalizes what the latency allows.
    private mutating func advance() {
        guard gridStart != nil, let available = maxGridCountSoFar else { return }
        while ready < available {
            let t = gridTime(ready)
            guard learnerStream.isFinal(at: t), demonstratorStream.isFinal(at: t) else { break }
            let learner = ready < maxLagFrames ? SIMD16<Float>(repeating: .nan) : learnerStream.value(at: t)
            let demonstrator = demonstratorStream.value(at: t)
            learnerGrid.append(learner)
            demonstratorGrid.append(demonstrator)
            learnerScaled.append(learner * rule.scales)
            demonstratorScaled.append(demonstrator * rule.scales)
            scoreNewestFrame()
            ready += 1
            learnerStream.discard(before: gridTime(ready))
            demonstratorStream.discard(before: gridTime(ready))
        }
        finalize(through: ready - latencyFrames)
    }

    /// τ* of the newest frame (the scalar kernel's rule), and its row in the lag window.
    private mutating func scoreNewestFrame() {
        let frame = ready
        let l = learnerScaled[frame]
        var bestScore = Float.infinity
        var bestLag: Int32 = -1
        var row = lagScores
        lagScores = []  // so `row` owns its storage
        if row.count == maxLagFrames + 1 {
            row.withUnsafeMutableBufferPointer { $0.update(repeating: .infinity) }
        } else {
            row = [Float](repeating: .infinity, count: maxLagFrames + 1)
        }
        defer { lagScores = row }
        for tau in 0...maxLagFrames where frame - tau >= 0 {
            let d = demonstratorScaled[frame - tau]
            let (s, c) = rule.sums(learner: { l[$0] }, demonstrator: { d[$0] })
            if let score = rule.score(s, c) {
                row[tau] = score
                if LagRule.replaces(score, best: bestScore) {
                    bestScore = score
                    bestLag = Int32(tau)
                }
            }
        }
        bestLags.append(bestLag)
        guard var w = window else { return }
        window = nil  // so `w` owns its arrays: without this every frame copied the whole ring
        w.add(frame: frame) { row[$0] }
        let center = frame - halfWindow
        if center >= 0 {
            if center - halfWindow - 1 >= 0 { w.remove(frame: center - halfWindow - 1) }
            let (lag, ok) = w.estimate()
            estimates.append(lag)
            supported.append(ok)
            margins.append(lag >= 0 ? w.margin(of: Int(lag), separation: separation) : .nan)
            evaluatedCenters += 1
        }
        window = w
    }

    /// The tracking lag of grid frame `c`, filled as `LagTracker.fillFromSupported`, and
    /// the margin of the frame it came from (NaN without tracking).
    private func trackingLag(_ c: Int, frames n: Int) -> (lag: Int32, margin: Float) {
        guard halfWindow > 0 else { return (bestLags[c], .nan) }
        let own = estimates[c]
        guard own >= 0, !supported[c] else { return (own, own >= 0 ? margins[c] : .nan) }
        for distance in 1...halfWindow {
            for j in [c - distance, c + distance] where j >= 0 && j < n && j < evaluatedCenters {
                if supported[j], estimates[j] >= 0 { return (estimates[j], margins[j]) }
            }
        }
        return (own, margins[c])
    }

    /// Lags within this many grid frames of the best are its neighbourhood, as offline.
    private var separation: Int { max(1, Int((Comparison.lagNeighbourhoodSeconds * rate).rounded())) }

    /// Emits final updates for grid frames below `end` (learner frames only).
    private mutating func finalize(through end: Int) {
        let n = finished ? (gridCount ?? 0) : Int.max
        while nextFinal < end, nextFinal < ready {
            let c = nextFinal
            if c >= maxLagFrames {
                let update = finalUpdate(c, frames: min(n, ready))
                lastGridUpdate = update
                emitVideoFrames(upTo: c - maxLagFrames, from: update)
            }
            nextFinal += 1
        }
        // Keep what later frames still read: the lag search, the fill radius, the window.
        let keep = max(0, nextFinal - maxLagFrames - 2 * halfWindow - 2)
        learnerGrid.discard(before: keep)
        demonstratorGrid.discard(before: keep)
        learnerScaled.discard(before: keep)
        demonstratorScaled.discard(before: keep)
        bestLags.discard(before: keep)
        estimates.discard(before: keep)
        supported.discard(before: keep)
        margins.discard(before: keep)
    }

    /// Emits the final update of every pending learner video frame whose nearest grid
    /// learner frame (as `Comparison.nearestFrame(to:)`) is at most `k`, with `update`'s
    /// figures and its own time and number.
    private mutating func emitVideoFrames(upTo k: Int, from update: Update, clampingRest: Bool = false) {
        let learnerGrid = AnalysisGrid(start: gridTime(maxLagFrames), rate: rate, count: 0)
        var taken = 0
        for pending in pendingLearner {
            let nearest = max(0, learnerGrid.unclampedIndex(of: pending.time))
            guard clampingRest || nearest <= k else { break }
            var row = update
            row.frame.t = pending.time - options.offsetSeconds
            row.frame.sourceFrame = pending.index
            finals.append(row)
            taken += 1
        }
        pendingLearner.removeFirst(taken)
    }

    private mutating func finalUpdate(_ c: Int, frames n: Int) -> Update {
        let t = gridTime(c)
        let best = bestLags[c]
        var frame = ComparisonFrame(
            t: t, gridT: t, lagSeconds: nil, bestMatchLagSeconds: best >= 0 ? Double(best) / rate : nil,
            distanceDegrees: nil, worstLimb: nil, ahead: false,
            errors: Array(repeating: .nan, count: Limb.count))
        let learner = learnerGrid[c]
        let tracking = trackingLag(c, frames: n)
        let lag = Int(tracking.lag)
        var scoredLag: Int?
        if lag >= 0, c - lag >= 0, let score = score(learner, demonstratorGrid[c - lag]) {
            scoredLag = lag
            frame.lagConfidence = tracking.margin.isNaN ? nil : tracking.margin
            let demonstrator = demonstratorGrid[c - lag]
            frame.lagSeconds = Double(lag) / rate
            frame.distanceDegrees = score.squareRoot()
            frame.errors = (0..<Limb.count).map { learner[$0] - demonstrator[$0] }
            frame.worstLimb = Comparison.worstLimb { frame.errors[$0.rawValue] }
            for (i, e) in frame.errors.enumerated() where !e.isNaN {
                errorSums[i] += abs(e)
                errorCounts[i] += 1
            }
            frame.ahead = Comparison.isAhead(lag: lag, score: score, maxLagFrames: maxLagFrames) { j in
                c + j < n && c + j < ready ? self.score(learner, demonstratorGrid[c + j]) : nil
            }
        }
        let tracked = Limb.allCases.reduce(Float(0)) { $0 + (learner[$1.rawValue].isNaN ? 0 : options.weights[$1.rawValue]) }
        let proposal = CueTrack.proposal(
            lagFrames: scoredLag, learnerTrackedWeight: tracked,
            worst: frame.worstLimb.map { ($0, frame.errors[$0.rawValue]) },
            dominant: dominantLimb.map { ($0, frame.errors[$0.rawValue]) }, ahead: frame.ahead,
            maxLagFrames: maxLagFrames, options: options)
        finalCues.step(t: t, proposal: proposal)
        return Update(frame: frame, cue: finalCues.current, ghost: nil, isFinal: true)
    }

    /// The score of two frames' unscaled angles, by the rule.
    private func score(_ learner: SIMD16<Float>, _ demonstrator: SIMD16<Float>) -> Float? {
        rule.score(learner: { learner[$0] }, demonstrator: { demonstrator[$0] })
    }

    // MARK: - What the learner sees now

    /// The newest learner frame against the demonstrator at the lag tracked so far.
    private mutating func provisionalUpdate(time: Double, angles: SIMD16<Float>) -> Update {
        var frame = ComparisonFrame(
            t: time, gridT: time, lagSeconds: nil, bestMatchLagSeconds: nil, distanceDegrees: nil,
            worstLimb: nil, ahead: false, errors: Array(repeating: .nan, count: Limb.count))
        var lag: Int32 = -1
        if halfWindow > 0, evaluatedCenters > 0 {
            lag = estimates[evaluatedCenters - 1]
        } else if ready > 0 {
            lag = bestLags[ready - 1]
        }
        var ghost: BodyPose?
        var scoredLag: Int?
        if lag >= 0, let match = nearestDemonstrator(to: time - Double(lag) / rate),
            let score = score(angles, match.angles)
        {
            scoredLag = Int(lag)
            ghost = match.pose
            frame.lagSeconds = Double(lag) / rate
            frame.distanceDegrees = score.squareRoot()
            frame.errors = (0..<Limb.count).map { angles[$0] - match.angles[$0] }
            frame.worstLimb = Comparison.worstLimb { frame.errors[$0.rawValue] }
        }
        let tracked = Limb.allCases.reduce(Float(0)) { $0 + (angles[$1.rawValue].isNaN ? 0 : options.weights[$1.rawValue]) }
        let proposal = CueTrack.proposal(
            lagFrames: scoredLag, learnerTrackedWeight: tracked,
            worst: frame.worstLimb.map { ($0, frame.errors[$0.rawValue]) },
            dominant: dominantLimb.map { ($0, frame.errors[$0.rawValue]) }, ahead: false,
            maxLagFrames: maxLagFrames, options: options)
        liveCues.step(t: time, proposal: proposal)
        return Update(frame: frame, cue: liveCues.current, ghost: ghost, isFinal: false)
    }

    /// The recent demonstrator frame nearest to `t`, within half a grid step or the gap limit.
    private func nearestDemonstrator(to t: Double) -> (angles: SIMD16<Float>, pose: BodyPose)? {
        guard !recentDemonstrator.isEmpty else { return nil }
        var low = 0
        var high = recentDemonstrator.count - 1
        while low < high {
            let mid = (low + high) / 2
            if recentDemonstrator[mid].time < t { low = mid + 1 } else { high = mid }
        }
        if low > 0, abs(recentDemonstrator[low - 1].time - t) <= abs(recentDemonstrator[low].time - t) { low -= 1 }
        let match = recentDemonstrator[low]
        guard abs(match.time - t) <= max(0.5 / rate, options.maxGapSeconds) else { return nil }
        return (match.angles, match.pose)
    }

    /// The demonstrator's pose in body coordinates, mirrored when the comparison is.
    /// The scale is a decaying peak of the torso length (time constant 10 s): a torso
    /// only looks shorter than it is, so the recent peak is the best estimate.
    private mutating func ghost(of pose: PoseFrame) -> BodyPose {
        var result = BodyPose(x: SIMD16(repeating: .nan), y: SIMD16(repeating: .nan))
        let m = options.minConfidence
        let hip: (x: Float, y: Float)?
        if let root = pose.position(.root, demonstratorSpace, m) {
            hip = root
        } else if let l = pose.position(.leftHip, demonstratorSpace, m), let r = pose.position(.rightHip, demonstratorSpace, m) {
            hip = ((l.x + r.x) / 2, (l.y + r.y) / 2)
        } else {
            hip = nil
        }
        guard let hip else { return result }
        if let neck = pose.position(.neck, demonstratorSpace, m) {
            let torso = planarDistance(neck.x - hip.x, neck.y - hip.y)
            let decayed = demonstratorScale.map { $0.torso * Float(exp(-(pose.time - $0.time) / 10)) } ?? 0
            demonstratorScale = (max(torso, decayed), pose.time)
        }
        guard let scale = demonstratorScale?.torso, scale > 0 else { return result }
        for joint in Joint.allCases {
            guard let p = pose.position(joint, demonstratorSpace, m) else { continue }
            let target = options.mirror ? joint.mirrored : joint
            result.x[target.rawValue] = (options.mirror ? -1 : 1) * (p.x - hip.x) / scale
            result.y[target.rawValue] = (p.y - hip.y) / scale
        }
        return result
    }

    private static func mirrored(_ angles: SIMD16<Float>) -> SIMD16<Float> {
        var result = angles
        for limb in Limb.allCases { result[limb.rawValue] = angles[limb.mirrored.rawValue] }
        return result
    }
}

/// An append-only sequence addressed by absolute index that forgets its oldest
/// elements on request: memory proportional to what is kept, amortized O(1).
struct SlidingBuffer<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    /// The absolute index of `storage[0]`.
    private var base = 0

    var endIndex: Int { base + storage.count }

    /// Elements held.
    var storedCount: Int { storage.count }

    mutating func append(_ element: Element) { storage.append(element) }

    subscript(index: Int) -> Element { storage[index - base] }

    /// Forgets elements before absolute index `index` (in batches, so each is moved
    /// O(1) times).
    mutating func discard(before index: Int) {
        let drop = min(index - base, storage.count)
        if drop > 256, drop * 2 > storage.count {
            storage.removeFirst(drop)
            base += drop
        }
    }
}
