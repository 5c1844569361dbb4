/// Reaction time between two people: each demonstrator movement matched to the
/// learner's next movement, and the learner's cues judged (`CueReaction`).
///
/// Both clips' movements are found with the same method; the learner's are moved onto
/// the shared clock (`ComparisonOptions.offsetSeconds`), and with a mirrored pair the
/// demonstrator's limbs are the learner's mirrored (their left arm answers the learner's
/// right). The lag search's tracking lag at the learner's onset is given beside each
/// latency as a cross-check: two independent measures of one delay.
public struct PairReaction: Sendable {
    /// One demonstrator movement and the learner's answer to it.
    public struct Pair: Equatable, Sendable {
        /// The verdict.
        public enum Status: String, Sendable, CaseIterable {
            /// The learner started a movement inside the window.
            case ok
            /// No learner movement started inside the window.
            case noResponse
            /// The demonstrator's or the learner's onset could not be placed (tracking lost).
            case untracked
            /// The demonstrator's movement was already under way as the clip began: no start to answer.
            case underWayAtStart
        }

        /// The demonstrator's onset, shared clock, seconds.
        public var demonstratorOnsetSeconds: Double?
        /// The demonstrator's peak, shared clock, seconds.
        public var demonstratorPeakSeconds: Double
        /// The limb the demonstrator moved most.
        public var limb: Limb?
        /// True when the demonstrator's movement started from rest; false when it followed
        /// straight on from the one before (a turn, in continuous movement: jumping jacks,
        /// raises without a pause), its onset extrapolated from its own rising flank.
        public var fromRest: Bool = true
        /// The learner's onset, shared clock, seconds.
        public var learnerOnsetSeconds: Double?
        /// Learner onset − demonstrator onset, seconds.
        public var latencySeconds: Double?
        /// The tracking lag at the learner's onset (`Comparison`), seconds: a cross-check.
        public var trackingLagSeconds: Double?
        /// The verdict.
        public var status: Status
    }

    /// The onset method (the same for both people).
    public var options: OnsetOptions
    /// The response window.
    public var window: ReactionWindow
    /// The rate movements were found at, frames per second.
    public var rate: Double
    /// Every demonstrator movement with the learner's answer.
    public var pairs: [Pair]
    /// The learner's cues, judged on the learner's own clock.
    public var cues: [CueReaction]
    /// The demonstrator's movements, shared clock.
    public var demonstratorMovements: [Movement]
    /// The learner's movements, shared clock.
    public var learnerMovements: [Movement]
    /// The demonstrator's movement speed (shared clock).
    public var demonstratorSpeed: MovementSpeed
    /// The learner's movement speed, on the learner's own clock (shared = own + offset).
    public var learnerSpeed: MovementSpeed

    /// Matches the movements of `report`'s two clips (after its fault repairs).
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for settings out of range.
    public init(_ report: ComparisonReport, options: OnsetOptions = .defaults, window: ReactionWindow = .defaults) throws(KinetixError) {
        try options.check()
        try window.check()
        self.options = options
        self.window = window
        let c = report.comparison
        let rate = options.rate ?? c.grid.rate
        self.rate = rate
        var demoOptions = options
        if c.options.mirror {
            demoOptions.limbs = options.limbs.map(\.mirrored)
            demoOptions.weights = Limb.allCases.map { options.weights[$0.mirrored.rawValue] }
        }
        let (demo, learner) = bothAtOnce(
            {
                MovementOnsets(
                    angles: AngleSeries(report.demonstratorClip, minConfidence: options.minConfidence), options: demoOptions, rate: rate)
            },
            { MovementOnsets(angles: AngleSeries(report.learnerClip, minConfidence: options.minConfidence), options: options, rate: rate) })
        let offset = c.options.offsetSeconds
        demonstratorMovements = demo.movements
        demonstratorSpeed = demo.speed
        learnerSpeed = learner.speed
        learnerMovements = learner.movements.map { m in
            var shifted = m
            shifted.onsetSeconds = m.onsetSeconds.map { $0 + offset }
            shifted.peakSeconds += offset
            shifted.endSeconds = m.endSeconds.map { $0 + offset }
            return shifted
        }
        cues = CueReaction.judge(report.learnerClip.events, in: learner, window: window)
        let learnerMovements = self.learnerMovements
        // Each learner movement's start (its onset, or its peak for a continuation), in time order.
        let learnerStarts = learnerMovements.map { $0.onsetSeconds ?? $0.peakSeconds }
        let startsSorted = zip(learnerStarts, learnerStarts.dropFirst()).allSatisfy { $0 <= $1 }
        // Every movement the onset detector lists is answered, from rest or right after a
        // turn (continuous imitation is the normal case): one with no onset it could place
        // is untracked.
        pairs = demo.movements.map { d in
            var pair = Pair(
                demonstratorOnsetSeconds: d.onsetSeconds, demonstratorPeakSeconds: d.peakSeconds, limb: d.limb,
                fromRest: d.status != .noQuietBefore,
                learnerOnsetSeconds: nil, latencySeconds: nil, trackingLagSeconds: nil, status: .noResponse)
            guard let start = d.onsetSeconds, d.status != .untracked else {
                pair.status = d.status == .noQuietBefore && d.onsetSeconds == nil ? .underWayAtStart : .untracked
                return pair
            }
            // The learner's next movement (by its peak, since a continuation has no onset).
            let next: Movement?
            if startsSorted {
                let i = learnerStarts.firstIndex(notBelow: start + window.minSeconds)
                next = i < learnerMovements.count ? learnerMovements[i] : nil
            } else {
                next = learnerMovements.first { ($0.onsetSeconds ?? $0.peakSeconds) >= start + window.minSeconds }
            }
            if let next, next.onsetSeconds == nil, next.peakSeconds - start <= window.maxSeconds {
                pair.status = .untracked  // it answered, but its start cannot be placed
                return pair
            }
            guard let answer = next, let onset = answer.onsetSeconds, onset - start <= window.maxSeconds else {
                if learner.speed.trackedFraction(from: start - offset, to: start - offset + window.maxSeconds) < 0.5 {
                    pair.status = .untracked
                }
                return pair
            }
            pair.learnerOnsetSeconds = onset
            pair.latencySeconds = onset - start
            pair.trackingLagSeconds = c.frame(c.nearestFrame(to: onset)).lagSeconds
            pair.status = answer.status == .untracked ? .untracked : .ok
            return pair
        }
    }

    /// Latencies of the pairs judged ok, seconds.
    public var latencies: [Double] { pairs.compactMap { $0.status == .ok ? $0.latencySeconds : nil } }

    /// A latency's median and quartiles, seconds.
    public struct LatencySummary: Sendable, Equatable {
        /// The median.
        public let median: Double
        /// The first quartile.
        public let lower: Double
        /// The third quartile.
        public let upper: Double
    }

    /// The median latency and its quartiles (nil with no ok pair).
    public var latencySummary: LatencySummary? {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return nil }
        return LatencySummary(
            median: quantile(sorted: sorted, 0.5), lower: quantile(sorted: sorted, 0.25), upper: quantile(sorted: sorted, 0.75))
    }
}
