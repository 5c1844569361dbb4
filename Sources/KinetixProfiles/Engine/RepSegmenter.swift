import KinetixCore

/// Finds the repetitions of one measure as its values arrive: the one rep counter of
/// offline assessment (`RepSegmenter.segment`) and of live assessment (`add`, frame by
/// frame), so both count the same reps from the same values.
///
/// A rep leaves rest, reaches the far end of the movement and comes back. Which end is
/// rest is the profile's (`direction`: a squat's depth dips, a curl's flexion rises);
/// *where* rest is, how far a rep goes and how long it takes are learned from the clip:
///
/// - A rep begins once the measure has moved `h` from the lowest point of the rest
///   before it (the highest, for a dip), where `h` is the largest of the profile's
///   `minRange`, `enterFraction` of the typical range of the reps so far, and
///   `noiseMultiple` times the measure's noise. Rest is the lowest point *before this
///   rep*, so a pose below rest that is not a rep (arms hanging while a bar is picked up
///   for a press) does not shift the rest of later reps.
/// - It ends when the measure has come back `returnFraction` of its own range, or, when
///   it turns again part way back (continuous movement: jumping jacks), at the turn,
///   provided at least half the range was given back.
/// - Every rep is then judged among the others: one whose range is under
///   `outOfFamilyFraction` of the others' median (a bend to pick up the bar before
///   squatting with it) or whose length is under `rhythmFraction` of their median (a
///   twitch, a garbled frame) is withdrawn, with the reason. The others' median, not a
///   fixed length, so fast jumping jacks count and a tremor does not.
/// - A clip that starts mid-rep (the first values fall back to rest) or ends before a
///   rep is back gives a partial rep: reported, never counted. A rep whose rise began
///   before the clip's first frame (it rises from the first value on) is counted, less sure.
///
/// Values are the excursion in the measure's own units; NaN frames (not tracked) are
/// skipped and reported as unread stretches by `segment`.
package struct RepSegmenter: Sendable {
    /// Which way a rep goes from rest.
    package typealias Movement = Profile.RepCounter.Movement

    /// What the profile says about its reps.
    package struct Settings: Equatable, Sendable {
        /// `rise`: rest is the low end (a curl's elbow flexion); `dip`: the high end (a squat's depth).
        package var movement: Movement
        /// The least range that can be a rep, in the measure's unit.
        package var minRange: Float
        /// The least length of a rep, seconds: a floor under the clip's own rhythm.
        package var minSeconds: Double = RepSegmenter.defaultMinSeconds
        /// Fixed thresholds (profiles written before thresholds were learned): a rep
        /// starts past `enter` from at or behind `exit` and ends back at `exit`, in the
        /// measure's unit; nothing is learned or withdrawn but reps under `minSeconds`.
        package var fixed: (enter: Float, exit: Float)?
        /// Each rep holds a position: a clip whose first values stay at the far end, then
        /// fall back toward rest, began inside a hold, which is counted (cut by the clip)
        /// rather than left a partial.
        package var heldFromStart = false

        /// A rep `movement` of at least `minRange`, at least `minSeconds` long, learned or `fixed`.
        package init(
            movement: Movement, minRange: Float, minSeconds: Double = RepSegmenter.defaultMinSeconds,
            fixed: (enter: Float, exit: Float)? = nil, heldFromStart: Bool = false
        ) {
            self.movement = movement
            self.minRange = minRange
            self.minSeconds = minSeconds
            self.fixed = fixed
            self.heldFromStart = heldFromStart
        }

        package static func == (a: Self, b: Self) -> Bool {
            a.movement == b.movement && a.minRange == b.minRange && a.minSeconds == b.minSeconds && a.heldFromStart == b.heldFromStart
                && a.fixed?.enter == b.fixed?.enter && a.fixed?.exit == b.fixed?.exit
        }
    }

    /// A rep begins after rising this fraction of the typical range of the reps so far.
    package static let enterFraction: Float = 0.5
    /// A rep ends once it has come back this fraction of its own range.
    package static let returnFraction: Float = 0.75
    /// A rep under this fraction of the other reps' median range is not a rep.
    package static let outOfFamilyFraction: Float = 0.5
    /// A rep shorter than this fraction of the other reps' median length is not a rep.
    package static let rhythmFraction = 0.4
    /// A rep measured in fewer of its frames than this is not a rep: what happened in
    /// the rest of it is not known.
    package static let minTracked: Float = 0.5
    /// A rep begins only beyond this many times the measure's noise.
    package static let noiseMultiple: Float = 4
    /// The least rep length when the profile gives none, seconds: faster than any
    /// exercise repetition (real high knees: 0.45 s a lift), slower than a twitch.
    package static let defaultMinSeconds = 0.2
    /// Start and end frames are where the measure is within this fraction of the rep's
    /// range from the rest on that side (the labels of real clips put them at 5–15 %).
    package static let edgeFraction: Float = 0.1
    /// A rest plateau holds within this fraction of the rep's range…
    package static let plateauFraction: Float = 0.025
    /// …for this long, seconds…
    package static let plateauSeconds = 0.5
    /// …within this fraction of the range from the rest before the rep.
    package static let plateauReach: Float = 0.25
    /// A stretch of untracked frames at least this long is reported, seconds.
    package static let unreadSeconds = 0.3

    /// One rep or candidate.
    package struct Segment: Equatable, Sendable {
        /// Frames where it leaves rest, reaches its far end, and is back (inclusive).
        package var start: Int, extreme: Int, end: Int
        /// Its range: the far end's excursion from the higher (for a rise) of the rests
        /// on either side, in the measure's unit.
        package var range: Float
        /// True when its rise began at the clip's first frame: part of it may be before the clip.
        package var cutByClip = false
        /// Why it is not a rep, when it is not.
        package var withdrawn: String?
        /// 0...1: how sure the counter is (tracking, range and length against the other reps, cut by the clip).
        package var confidence: Float = 1
        /// Its length, seconds (from `start` to the frame it ended at, live).
        package var seconds: Double = 0
        /// The fraction of its frames tracked, 0...1.
        package var tracked: Float = 1
        /// The excursion at rest before it (internal: for the end's refinement).
        fileprivate var restBefore: Float = 0
    }

    /// What a new value changed.
    package struct Event: Equatable, Sendable {
        /// A rep that just ended (possibly withdrawn at once).
        package var completed: Segment?
        /// Indices (into `segments`) of earlier reps whose verdict changed, now withdrawn or restored.
        package var revised: [Int] = []
    }

    package let settings: Settings
    /// Every candidate so far, counted or withdrawn, in time order.
    private(set) var segments: [Segment] = []
    /// Partial reps at the clip's start or end: frames, never counted.
    private(set) var partials: [ClosedRange<Int>] = []

    private enum Phase: Equatable {
        case start(first: Int, low: Int, high: Int)
        case resting(low: Int)
        case rising(low: Int, high: Int, fromClipStart: Bool)
        case returning(low: Int, high: Int, bottom: Int, fromClipStart: Bool)
    }
    private var phase: Phase?
    /// Excursions (values signed so a rep rises) and times from frame `base` on: what
    /// the open rep and `extendEnds` still need (`trim` forgets the rest).
    private var excursions: [Float] = []
    private var times: [Double] = []
    private var base = 0
    private var frameCount = 0
    /// The measure's noise: robust SD from second differences of the raw values.
    private var noise = NoiseEstimate()

    package init(_ settings: Settings) { self.settings = settings }

    /// The reps counted so far (not withdrawn).
    package var reps: [Segment] { segments.filter { $0.withdrawn == nil } }

    /// The range `h` a movement must cover to begin a rep now, in the measure's unit.
    package var threshold: Float {
        let counted = reps.map(\.range)
        let typical = counted.isEmpty ? 0 : Self.median(counted)
        return max(settings.minRange, Self.enterFraction * typical, Self.noiseMultiple * noise.sigma)
    }

    /// The typical range of the reps counted so far (nil before the first).
    package var typicalRange: Float? {
        let counted = reps.map(\.range)
        return counted.isEmpty ? nil : Self.median(counted)
    }

    /// The measure's noise estimated so far, in its unit.
    package var noiseLevel: Float { noise.sigma }

    /// Adds frame `frame`'s value (`frame` counts every frame, tracked or not, from 0).
    /// - Parameters:
    ///   - value: The measure (smoothed), or NaN when not tracked.
    ///   - raw: The unsmoothed value, for the noise estimate (the same when not smoothed).
    package mutating func add(_ value: Float, raw: Float, frame: Int, time: Double) -> Event {
        precondition(frame == frameCount, "frames are added in order, one each")
        frameCount += 1
        let e = settings.movement == .rise ? value : -value
        excursions.append(e)
        times.append(time)
        noise.add(raw)
        guard e.isFinite else { return Event() }
        if let fixed = settings.fixed { return addFixed(e, frame: frame, fixed: fixed) }
        let h = threshold
        var event = Event()
        switch phase {
        case nil:
            phase = .start(first: frame, low: frame, high: frame)
        case .start(let first, var low, var high)?:
            if e < excursion(low) { low = frame }
            if e > excursion(high) { high = frame }
            if e - excursion(low) >= h {
                phase = .rising(low: low, high: frame, fromClipStart: low == first)
            } else if excursion(high) - e >= h {
                // The first values fall back toward rest: the clip began inside a rep, or a hold.
                if settings.heldFromStart {
                    event = completeHeld(first: first, high: high, end: frame)
                } else {
                    partials.append(first...frame)
                }
                phase = .resting(low: frame)
            } else {
                phase = .start(first: first, low: low, high: high)
            }
        case .resting(var low)?:
            if e < excursion(low) { low = frame }
            phase = e - excursion(low) >= h ? .rising(low: low, high: frame, fromClipStart: false) : .resting(low: low)
        case .rising(let low, var high, let fromStart)?:
            if e > excursion(high) { high = frame }
            let range = excursion(high) - excursion(low)
            if e <= excursion(low) + (1 - Self.returnFraction) * range {
                event = complete(low: low, high: high, end: frame, restAfter: excursion(low), cut: fromStart)
                phase = .resting(low: frame)
            } else if excursion(high) - e >= max(h, 0.5 * range) {
                phase = .returning(low: low, high: high, bottom: frame, fromClipStart: fromStart)
            } else {
                phase = .rising(low: low, high: high, fromClipStart: fromStart)
            }
        case .returning(let low, let high, var bottom, let fromStart)?:
            if e < excursion(bottom) { bottom = frame }
            let range = excursion(high) - excursion(low)
            if e > excursion(high) {
                phase = .rising(low: low, high: frame, fromClipStart: fromStart)
            } else if e <= excursion(low) + (1 - Self.returnFraction) * range {
                event = complete(low: low, high: high, end: frame, restAfter: excursion(low), cut: fromStart)
                phase = .resting(low: frame)
            } else if e - excursion(bottom) >= h {
                // Turned again part way back: the rep ended at the turn.
                event = complete(low: low, high: high, end: bottom, restAfter: excursion(bottom), cut: fromStart)
                phase = .rising(low: bottom, high: frame, fromClipStart: false)
            } else {
                phase = .returning(low: low, high: high, bottom: bottom, fromClipStart: fromStart)
            }
        }
        return event
    }

    /// Ends the stream: a rep still under way (rising, or not yet back `returnFraction`
    /// of its range) is a partial, reported and never counted.
    package mutating func finish() -> Event {
        defer { phase = nil }
        guard settings.fixed == nil else { return Event() }
        switch phase {
        case .rising(let low, _, _)?, .returning(let low, _, _, _)?: partials.append(low...(frameCount - 1))
        default: break
        }
        return Event()
    }

    /// Moves each rep's end on to where it is within `edgeFraction` of its range from
    /// rest, as long as the measure keeps coming back (and before the next rep): a
    /// rep ends, live, as soon as it has come back `returnFraction`; offline the rest of
    /// the way is known.
    package mutating func extendEnds() {
        guard settings.fixed == nil else { return }
        for k in segments.indices {
            let s = segments[k]
            let limit = k + 1 < segments.count ? segments[k + 1].start : frameCount - 1
            let level = s.restBefore + Self.edgeFraction * s.range
            var end = s.end
            while end < limit, excursion(end) > level, excursion(end + 1).isFinite, excursion(end + 1) <= excursion(end) { end += 1 }
            segments[k].end = end
        }
    }

    /// The fixed-threshold counter: `phase` is `.resting` at or behind `exit`, `.rising`
    /// from the last rest frame once past `enter`.
    private mutating func addFixed(_ e: Float, frame: Int, fixed: (enter: Float, exit: Float)) -> Event {
        let sign: Float = settings.movement == .rise ? 1 : -1
        let enter = sign * fixed.enter
        let exit = sign * fixed.exit
        switch phase {
        case .rising(let low, var high, _)?:
            if e > excursion(high) { high = frame }
            guard e <= exit else {
                phase = .rising(low: low, high: high, fromClipStart: false)
                return Event()
            }
            phase = .resting(low: frame)
            var segment = Segment(start: min(low + 1, high), extreme: high, end: frame, range: excursion(high) - exit)
            if time(frame) - time(segment.start) < settings.minSeconds {
                segment.withdrawn = String(format: "shorter than %.2f s", settings.minSeconds)
                segment.confidence = 0
            }
            segments.append(segment)
            return Event(completed: segment)
        default:
            if e <= exit {
                phase = .resting(low: frame)
            } else if e >= enter, case .resting(let low)? = phase {
                phase = .rising(low: low, high: frame, fromClipStart: false)
            }
            return Event()
        }
    }

    // MARK: - Judging a rep among the others

    /// Records the rep from rest at `low` through `high`, ended at `end` with the rest
    /// after it at `restAfter` (the rest before, when it came back; the turn, when it turned).
    private mutating func complete(low: Int, high: Int, end: Int, restAfter: Float, cut: Bool) -> Event {
        let range = excursion(high) - max(excursion(low), restAfter)
        let segment = Segment(
            start: edge(from: high, toward: low, rest: excursion(low), range: range), extreme: high,
            end: end, range: range, cutByClip: cut, restBefore: excursion(low))
        return record(segment)
    }

    /// A hold the clip began inside (`Settings.heldFromStart`): from the first frame to
    /// `end`, where it has fallen the threshold below its highest; its range is measured
    /// to `end`'s value, so it is at least the threshold and no more than the hold shows.
    private mutating func completeHeld(first: Int, high: Int, end: Int) -> Event {
        record(
            Segment(
                start: first, extreme: high, end: end, range: excursion(high) - excursion(end), cutByClip: true,
                restBefore: excursion(end)))
    }

    /// Appends `segment` and judges the reps again.
    private mutating func record(_ segment: Segment) -> Event {
        var segment = segment
        let end = segment.end
        segment.seconds = time(end) - time(segment.start)
        segment.tracked = trackedFraction(segment)
        segments.append(segment)
        let judged = judgedWindow
        let before = judged.map { segments[$0].withdrawn }
        judge()
        var event = Event(completed: segments[segments.count - 1])
        // A revision turns a rep's count on or off; a withdrawn rep's reason reworded is none.
        event.revised = zip(judged, before).filter { $0.0 < segments.count - 1 && ($0.1 == nil) != (segments[$0.0].withdrawn == nil) }.map(
            \.0)
        return event
    }

    /// The frame between `peak` and `limit` nearest the peak where the excursion is
    /// within `edgeFraction` of the range from `rest`, or where it has settled on a
    /// plateau near rest (`limit` when neither is).
    ///
    /// The plateau: a real person's rest drifts (hips a few percent of standing height
    /// higher or lower as they shift their weight), so the rest the rep left can sit
    /// above the highest rest before it; the rep then starts where the measure has held
    /// within `plateauFraction` of the range for `plateauSeconds`, still within
    /// `plateauReach` of the range from rest, not back where the drift began.
    private func edge(from peak: Int, toward limit: Int, rest: Float, range: Float) -> Int {
        let level = rest + Self.edgeFraction * range
        let step = limit < peak ? -1 : 1
        var i = peak
        while i != limit {
            i += step
            let e = excursion(i)
            guard e.isFinite else { continue }
            if e <= level { return i }
            if e <= rest + Self.plateauReach * range, holdsStill(from: i, toward: limit, within: Self.plateauFraction * range) { return i }
        }
        return limit
    }

    /// Whether the excursion stays within `band` of its value at `frame` for
    /// `plateauSeconds` from it toward `limit` (tracked frames only; not past `limit`).
    private func holdsStill(from frame: Int, toward limit: Int, within band: Float) -> Bool {
        let step = limit < frame ? -1 : 1
        let center = excursion(frame)
        var i = frame
        while i != limit, abs(time(i) - time(frame)) < Self.plateauSeconds {
            i += step
            let e = excursion(i)
            if e.isFinite, abs(e - center) > band { return false }
        }
        return abs(time(i) - time(frame)) >= Self.plateauSeconds
    }

    private func trackedFraction(_ s: Segment) -> Float {
        let frames = (s.start...s.end).map(excursion)
        return Float(frames.filter(\.isFinite).count) / Float(max(1, frames.count))
    }

    /// The excursion at absolute frame `frame` (kept: at or after `base`).
    private func excursion(_ frame: Int) -> Float { excursions[frame - base] }
    private func time(_ frame: Int) -> Double { times[frame - base] }

    /// True while a rep is under way (risen past the threshold, not yet back).
    package var isAwayFromRest: Bool {
        switch phase {
        case .rising?, .returning?: true
        default: false
        }
    }

    /// The first frame the open rep (or the rest before it) may still start at: what a
    /// caller keeping the values must keep.
    package var openSince: Int? {
        switch phase {
        case .start(let first, _, _)?: first
        case .resting(let low)?, .rising(let low, _, _)?, .returning(let low, _, _, _)?: low
        case nil: nil
        }
    }

    /// Forgets frames the open rep no longer needs, when enough have gathered; the
    /// segments keep their frame numbers. Live assessment calls it (offline keeps all,
    /// for `extendEnds`).
    package mutating func trim() {
        let drop = (openSince ?? frameCount) - base
        guard drop > 1024, drop * 2 > excursions.count else { return }
        excursions.removeFirst(drop)
        times.removeFirst(drop)
        base += drop
    }

    /// Withdraws, among all candidates, those out of family in range or length; sets confidences.
    /// The reps judged among each other: the last `judgedReps` (earlier verdicts stand).
    private var judgedWindow: Range<Int> { max(0, segments.count - Self.judgedReps)..<segments.count }
    /// How many of the latest reps are judged among each other, so judging a long
    /// session costs the same per rep throughout.
    package static let judgedReps = 40

    private mutating func judge() {
        let window = judgedWindow
        let ranges = window.map { segments[$0].range }
        let lengths = window.map { segments[$0].seconds }
        for (k, i) in window.enumerated() {
            let others = ranges.indices.filter { $0 != k }
            var reason: String?
            var confidence = segments[i].tracked
            if lengths[k] < settings.minSeconds {
                reason = String(format: "shorter than %.2f s", settings.minSeconds)
            } else if segments[i].tracked < Self.minTracked {
                reason = String(format: "measured in only %.0f %% of its frames", 100 * segments[i].tracked)
            }
            if !others.isEmpty {
                let typicalRange = Self.median(others.map { ranges[$0] })
                let typicalLength = Double(Self.median(others.map { Float(lengths[$0]) }))
                let rangeShare = ranges[k] / max(typicalRange, .leastNormalMagnitude)
                let lengthShare = typicalLength > 0 ? lengths[k] / typicalLength : 1
                if reason == nil, rangeShare < Self.outOfFamilyFraction {
                    reason = String(format: "its range is %.0f %% of the other reps'", 100 * rangeShare)
                } else if reason == nil, lengthShare < Self.rhythmFraction {
                    reason = String(format: "it lasts %.0f %% of the other reps' time", 100 * lengthShare)
                }
                // Near the cut-offs the verdict is less sure.
                confidence = min(confidence, Self.ramp(rangeShare, from: Self.outOfFamilyFraction, to: 0.85))
                confidence = min(confidence, Self.ramp(Float(lengthShare), from: Float(Self.rhythmFraction), to: 0.7))
            }
            if segments[i].cutByClip { confidence = min(confidence, 0.6) }
            segments[i].withdrawn = reason
            segments[i].confidence = reason == nil ? confidence : 0
        }
    }

    /// 0 at `from`, 1 at `to` and beyond, linear between.
    private static func ramp(_ x: Float, from: Float, to: Float) -> Float { min(1, max(0, (x - from) / (to - from))) }

    package static func median(_ values: [Float]) -> Float {
        var values = values
        return values.isEmpty ? .nan : quantile(selecting: &values, 0.5)
    }
}

extension RepSegmenter {
    /// The reps of a whole series, as `add` finds them frame by frame, with the stretches
    /// the counter could not read.
    package struct Result: Equatable, Sendable {
        /// Every candidate, counted or withdrawn, in time order.
        package var segments: [Segment]
        /// Partial reps at the clip's start or end, frames.
        package var partials: [ClosedRange<Int>]
        /// Untracked stretches of at least `unreadSeconds`, frames.
        package var unread: [ClosedRange<Int>]
        /// Movements the same way under the least range (at least half of it), apart from
        /// the reps, not counted: what a clip of too-shallow reps shows instead of reps.
        package var shallow: [Segment] = []
        /// The range a rep had to cover at the end (`threshold`), the reps' typical range and the noise, in the measure's unit.
        package var threshold: Float, typicalRange: Float?, noise: Float

        /// The counted reps.
        package var reps: [Segment] { segments.filter { $0.withdrawn == nil } }

        /// Several series' results as one (the sides of a movement taken in turn): every
        /// segment in time order, the largest threshold and noise, the typical range of all
        /// reps. Reps of different series that are one movement (each one's far end inside
        /// the other: both knees bending in one lunge, both arms in one raise) are one rep;
        /// sides taking turns reach their far ends apart (high knees overlap only at the edges).
        package init(merging results: [Result]) {
            var merged: [Segment] = []
            for segment in results.flatMap(\.segments).sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
                if let k = merged.lastIndex(where: {
                    $0.withdrawn == nil && segment.withdrawn == nil
                        && ($0.start...$0.end).contains(segment.extreme) && (segment.start...segment.end).contains($0.extreme)
                }) {
                    let other = merged[k]
                    merged[k].start = min(other.start, segment.start)
                    merged[k].end = max(other.end, segment.end)
                    if segment.range > other.range {
                        merged[k].extreme = segment.extreme
                        merged[k].range = segment.range
                    }
                    merged[k].confidence = max(other.confidence, segment.confidence)
                    merged[k].seconds = max(other.seconds, segment.seconds)
                } else {
                    merged.append(segment)
                }
            }
            segments = merged
            shallow = results.flatMap(\.shallow).sorted { $0.start < $1.start }
            partials = results.flatMap(\.partials).sorted { $0.lowerBound < $1.lowerBound }
            unread = results.flatMap(\.unread).sorted { $0.lowerBound < $1.lowerBound }
            threshold = results.map(\.threshold).max() ?? 0
            noise = results.map(\.noise).max() ?? 0
            let ranges = results.flatMap(\.reps).map(\.range)
            typicalRange = ranges.isEmpty ? nil : RepSegmenter.median(ranges)
        }

        package init(
            segments: [Segment], partials: [ClosedRange<Int>], unread: [ClosedRange<Int>], threshold: Float, typicalRange: Float?,
            noise: Float
        ) {
            self.segments = segments
            self.partials = partials
            self.unread = unread
            self.threshold = threshold
            self.typicalRange = typicalRange
            self.noise = noise
        }
    }

    /// Runs the segmenter over `values` (smoothed) and `raw` (for the noise), one per time.
    package static func segment(_ values: [Float], raw: [Float]? = nil, times: [Double], settings: Settings, shallowPass: Bool = false)
        -> Result
    {
        var segmenter = RepSegmenter(settings)
        for i in values.indices { _ = segmenter.add(values[i], raw: raw?[i] ?? values[i], frame: i, time: times[i]) }
        _ = segmenter.finish()
        segmenter.extendEnds()
        var result = Result(
            segments: segmenter.segments, partials: segmenter.partials, unread: unreadStretches(values, times: times),
            threshold: segmenter.threshold, typicalRange: segmenter.typicalRange, noise: segmenter.noiseLevel)
        // Look again at half the least range: movements too small to be reps (a bend to pick
        // up the bar, a jumping jack's bob of the hips) are said, not hidden.
        if settings.fixed == nil, settings.minRange > 0, !shallowPass {
            var half = settings
            half.minRange = settings.minRange / 2
            let counted = result.reps
            result.shallow = segment(values, raw: raw, times: times, settings: half, shallowPass: true).reps.filter { small in
                small.range < settings.minRange && !counted.contains { $0.start <= small.end && small.start <= $0.end }
            }
        }
        return result
    }

    /// Runs of NaN lasting at least `unreadSeconds`.
    package static func unreadStretches(_ values: [Float], times: [Double]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        var start: Int?
        for i in 0...values.count {
            let missing = i < values.count && !values[i].isFinite
            if missing, start == nil { start = i }
            if !missing, let s = start {
                let last = i - 1
                let seconds = (i < times.count ? times[i] : times[last]) - (s > 0 ? times[s - 1] : times[s])
                if seconds >= unreadSeconds { result.append(s...last) }
                start = nil
            }
        }
        return result
    }
}

/// A running robust estimate of a signal's white noise: 1.4826 × the median absolute
/// second difference over the last `window` values, divided by √6 (a second difference
/// of white noise has variance 6σ²; a smooth movement's is near 0 at camera rates).
package struct NoiseEstimate: Sendable {
    package static let window = 256
    private var previous: Float = .nan, beforePrevious: Float = .nan
    private var differences: [Float] = []
    private var next = 0
    private var sinceUpdate = 0
    /// The estimate so far, in the signal's unit (0 before any second difference).
    private(set) var sigma: Float = 0

    package mutating func add(_ value: Float) {
        defer { (beforePrevious, previous) = (previous, value) }
        guard value.isFinite, previous.isFinite, beforePrevious.isFinite else { return }
        let d = abs(value - 2 * previous + beforePrevious)
        if differences.count < Self.window {
            differences.append(d)
        } else {
            differences[next] = d
            next = (next + 1) % Self.window
        }
        sinceUpdate += 1
        // The median is refreshed every 16 values (each at first): the estimate moves slowly anyway.
        guard sinceUpdate >= 16 || differences.count < 16 else { return }
        sinceUpdate = 0
        var copy = differences
        sigma = 1.4826 * quantile(selecting: &copy, 0.5) / Float(6.0.squareRoot())
    }
}
