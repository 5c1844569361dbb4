/// The window in which a response counts, and how cue times are read.
public struct ReactionWindow: Equatable, Sendable {
    /// The documented defaults.
    public static let defaults = ReactionWindow()

    /// The physiological minimum: a response sooner than this after the cue was not a
    /// reaction to it (a false start), seconds.
    public var minSeconds: Double = 0.1
    /// The latest response that still counts, seconds after the cue.
    public var maxSeconds: Double = 2.0
    /// Added to every cue time before judging: when the cue reached the person after
    /// the app recorded it (display latency), seconds. Uncalibrated: 0 by default, as an
    /// app records when it presented a cue, not when the pixels lit.
    public var cueDisplayOffsetSeconds: Double = 0
    /// The values `cueDisplayOffsetSeconds` takes: within ±5 s.
    public static let cueDisplayOffsetRange: ClosedRange<Double> = -5...5

    /// The documented window.
    public init() {}

    /// Checks that the window is well formed.
    public func check() throws(KinetixError) {
        var problems: [Diagnostic] = []
        if !(minSeconds >= 0 && minSeconds < maxSeconds && maxSeconds <= 60) {
            problems.append(Diagnostic(field: "reactionWindow", message: "needs 0 ≤ min < max ≤ 60 s, got \(minSeconds)–\(maxSeconds) s"))
        }
        if !Self.cueDisplayOffsetRange.contains(cueDisplayOffsetSeconds) {
            problems.append(Diagnostic(field: "cueDisplayOffsetSeconds", message: "must be within ±5 s, got \(cueDisplayOffsetSeconds)"))
        }
        guard problems.isEmpty else { throw KinetixError(kind: .invalidSetting, diagnostics: problems) }
    }
}

/// How a person responded to one cue.
public struct CueReaction: Equatable, Sendable {
    /// The verdict.
    public enum Status: String, Sendable, CaseIterable {
        /// A movement started inside the window: `reactionTimeSeconds` is its onset − the cue.
        case ok
        /// A movement started sooner after the cue than the physiological minimum.
        case falseStart
        /// A movement was already under way when the cue came.
        case movingAtCue
        /// No movement started inside the window (and tracking was good).
        case noResponse
        /// Tracking was lost for most of the window or on the response's rising flank.
        case untracked
        /// The cue (with the display offset) comes before the clip's first frame.
        case beforeClip
        /// The cue comes after the clip's last frame.
        case afterClip
    }

    /// The cue's time, seconds on the clip's clock (as recorded, before the display offset).
    public var t: Double
    /// The cue's label.
    public var label: String
    /// The onset of the response, seconds on the clip's clock.
    public var onsetSeconds: Double?
    /// Onset − (cue + display offset), seconds.
    public var reactionTimeSeconds: Double?
    /// The verdict.
    public var status: Status

    /// Judges every cue of `cues` against the movements found in the same clip, in time
    /// order (a file may list them in any order). A cue outside the clip is
    /// `beforeClip` or `afterClip`, never judged from frames that are not there.
    /// - Complexity: O((cues + movements) × log movements).
    public static func judge(_ cues: [Event], in onsets: MovementOnsets, window: ReactionWindow = .defaults) -> [CueReaction] {
        // Movements under way, as (start, end) sorted by start with the running latest end;
        // a continuation without an onset counts from the clip's start.
        let spans = onsets.movements.compactMap { m -> (Double, Double)? in
            guard let start = m.onsetSeconds ?? (m.status == .noQuietBefore ? -.infinity : nil) else { return nil }
            return (start, m.endSeconds ?? .infinity)
        }.sorted { $0.0 < $1.0 }
        let spanStarts = spans.map(\.0)
        var latestEnd: [Double] = []
        latestEnd.reserveCapacity(spans.count)
        for span in spans { latestEnd.append(max(latestEnd.last ?? -.infinity, span.1)) }
        // Responses: movements with an onset, by onset.
        let responses = onsets.movements.filter { $0.onsetSeconds != nil }.sorted { $0.onsetSeconds! < $1.onsetSeconds! }
        let responseOnsets = responses.map { $0.onsetSeconds! }
        let grid = onsets.speed.grid
        let clip = grid.count > 0 ? grid.start...(grid.start + Double(grid.count - 1) / grid.rate) : 0...0
        let ordered = cues.indices.sorted { (cues[$0].t, $0) < (cues[$1].t, $1) }.map { cues[$0] }  // stable
        return ordered.map { cue in
            let t = cue.t + window.cueDisplayOffsetSeconds
            var result = CueReaction(t: cue.t, label: cue.label, onsetSeconds: nil, reactionTimeSeconds: nil, status: .noResponse)
            if grid.count == 0 {
                result.status = .untracked
                return result
            }
            if !t.isFinite || t < clip.lowerBound || t > clip.upperBound {
                result.status = t > clip.upperBound ? .afterClip : .beforeClip
                return result
            }
            let started = spanStarts.firstIndex(above: t)  // spans starting at or before t
            if started > 0, latestEnd[started - 1] > t {
                result.status = .movingAtCue
                return result
            }
            let next = responseOnsets.firstIndex(above: t)
            if next < responses.count, let onset = responses[next].onsetSeconds, onset - t <= window.maxSeconds {
                let response = responses[next]
                result.onsetSeconds = onset
                result.reactionTimeSeconds = onset - t
                result.status = onset - t < window.minSeconds ? .falseStart : response.status == .untracked ? .untracked : .ok
                return result
            }
            if onsets.speed.trackedFraction(from: t, to: t + window.maxSeconds) < 0.5 { result.status = .untracked }
            return result
        }
    }
}

extension MovementSpeed {
    /// The fraction of grid frames in [from, to] with a speed, 0 when none fall in it.
    func trackedFraction(from: Double, to: Double) -> Double {
        // Positions clamped to the grid before becoming indices: cue times are input.
        let upper = Double(grid.count - 1)
        let a = ((from - grid.start) * grid.rate).rounded(.up)
        let b = ((to - grid.start) * grid.rate).rounded(.down)
        guard grid.count > 0, a.isFinite, b.isFinite, a <= upper, b >= 0, a <= b else { return 0 }
        let first = Int(max(0, a))
        let last = Int(min(upper, b))
        return Double(speed[first...last].filter(\.isFinite).count) / Double(last - first + 1)
    }
}
