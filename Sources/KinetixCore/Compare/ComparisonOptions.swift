/// Every setting of a demonstrator/learner comparison, recorded in its results.
public struct ComparisonOptions: Equatable, Sendable {
    /// Compare the demonstrator's left limbs with the learner's right: they face each other.
    public var mirror = true
    /// The longest lag searched, seconds.
    public var maxLagSeconds = 1.0
    /// The window over which the tracking lag is averaged, seconds (see `LagTracker`);
    /// 0 measures errors at each frame's own best match instead.
    ///
    /// 5 s by default: about two movements of a typical exercise (a raise, a squat, two
    /// steps), so a constant shift cannot hide an amplitude error even at the clip's
    /// edges, yet short enough to follow a learner who drifts further behind. On the
    /// bundled pair, 0 (per-frame matching) hides the deliberate shoulder error, 2–3 s
    /// bias the lag over the first movement, and 4 s and more recover the generated
    /// 0.40 s on every scored frame.
    public var lagWindowSeconds = 5.0
    /// Added to the learner's times, for clips not on one clock.
    public var offsetSeconds = 0.0
    /// The analysis grid's rate in frames per second; nil: the learner's median frame rate.
    public var rate: Double? = nil
    /// The longest gap between tracked samples bridged by interpolation, seconds.
    public var maxGapSeconds = 0.25
    /// A limb is "within tolerance" when its error is at most this, degrees.
    ///
    /// 15° by default: 2D joint angles from video pose estimators differ from
    /// marker-based references by roughly 5–10° on good footage, and two people copying
    /// a movement differ by a few degrees more; a coach can tighten it.
    public var toleranceDegrees: Float = 15
    /// How long errors must stay above tolerance to count as form breaking, seconds.
    public var formBreakMinSeconds = 0.5
    /// Joints below this confidence count as not tracked.
    public var minConfidence: Float = BodySeries.defaultMinConfidence
    /// Per-limb weights of the distance, by `Limb.rawValue`.
    public var weights: [Float] = Array(repeating: 1, count: Limb.count)
    /// The least shared weight (with unit weights: shared limbs) for a frame to be scored.
    public var minSharedWeight: Float = 4
    public var kernel: LagSearch.Kernel = .automatic
    /// Threads for the lag search; 0: one per core.
    public var threads = 0

    public init() {}

    /// Why comparing against `learner` with these options would exhaust the machine,
    /// or an empty list. Check it before `Comparison(…)` with untrusted input: the
    /// bounds (a 5,000,000-frame grid, a 20,000-frame lag search, 100,000,000 values of
    /// lag-window state) are far beyond any real recording.
    public func resourceProblems(learner: Sidecar) -> [String] {
        let rate = self.rate ?? medianFrameRate(learner.times) ?? 30
        let gridFrames = (learner.duration + maxLagSeconds) * rate
        let lagFrames = maxLagSeconds * rate
        let windowValues = lagWindowSeconds * rate * lagFrames
        var problems: [String] = []
        if !(gridFrames <= 5_000_000) { problems.append("the analysis grid would have \(jsonNumber(gridFrames, digits: 0)) frames (limit 5,000,000)") }
        if !(lagFrames <= 20_000) { problems.append("--max-lag covers \(jsonNumber(lagFrames, digits: 0)) frames (limit 20,000)") }
        if !(windowValues <= 100_000_000) { problems.append("the lag window times the lag search is \(jsonNumber(windowValues, digits: 0)) values (limit 100,000,000)") }
        return problems
    }
}
