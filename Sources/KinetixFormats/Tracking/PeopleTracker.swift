import Foundation
import KinetixCore

/// One person followed through a clip by `PeopleTracker`.
public struct PersonTrack: Sendable, Equatable {
    /// 0-based, left to right in the image by the track's median position.
    public var id: Int
    /// For each frame, the index of this person in that frame's `people`, or nil.
    public var people: [Int?]
    /// Frames (ranges, inclusive) where this person came too close to another to be
    /// told apart by position: identity is not sure there.
    public var uncertain: [ClosedRange<Int>]
    /// The track's median centre (hip midpoint) and torso length, in source units.
    public var medianX: Float, medianY: Float, medianTorso: Float
    /// The median centre over the track's first second of frames: where the person is at
    /// the start (who is "left" when two cross later).
    public var startX: Float = .nan
    /// What happened to the track: re-identified after leaving, and so on.
    public var notes: [String]

    /// Frames where the person was found.
    public var trackedFrames: Int { people.lazy.filter { $0 != nil }.count }
    /// True where identity is not sure in `frame`.
    public func isUncertain(_ frame: Int) -> Bool { uncertain.contains { $0.contains(frame) } }
}

/// Everyone followed through a clip.
public struct PeopleTracking: Sendable, Equatable {
    /// The people kept, left to right.
    public var tracks: [PersonTrack]
    /// Tracks left out (seen too briefly, too small), in words.
    public var leftOut: [String]
}

/// Follows every person through a clip: stable identities through crossings, short
/// occlusions, missed detections and people entering or leaving, whatever order the
/// estimator lists them in.
///
/// In each frame the people detected are assigned to the live tracks at the least total
/// cost (`cheapestAssignment`), where a pairing costs the distance from the track's
/// predicted centre (constant velocity), in torso lengths, plus the difference in torso
/// length (log ratio), in body proportions (upper arm, forearm, thigh, shin, shoulder and
/// hip width, in torso lengths) and in posture (joints about the centre). A pairing
/// beyond `gate` torso lengths of the prediction is not allowed; a person left over
/// starts a track; a track unmatched for `maxGapSeconds` ends. Tracks that do not
/// overlap in time and have the same proportions and size are then joined (a person who
/// left and came back). Frames where two live tracks' predictions are closer than
/// `closeTorsos` torso lengths are marked uncertain for both. Tracks found in fewer than
/// `minSeconds` of the clip, or with a torso under `minRelativeSize` of the largest, are
/// left out with a note.
public struct PeopleTracker: Sendable {
    /// Largest distance from the prediction a person may be matched at, torso lengths
    /// (plus `gatePerSecond` per second since the track was last seen).
    public var gate: Float = 1.2
    /// How much `gate` widens per second a track goes unseen, torso lengths.
    public var gatePerSecond: Float = 3
    /// A track unmatched this long ends.
    public var maxGapSeconds = 1.0
    /// Two live tracks predicted closer than this (torso lengths) cannot be told apart.
    public var closeTorsos: Float = 0.6
    /// A detection beside an unseen track is uncertain when that track's cost for it is
    /// within this of its own track's.
    public var ambiguity: Double = 0.3
    /// Tracks seen for less than this many seconds are left out.
    public var minSeconds = 1.0
    /// Tracks whose median torso is under this fraction of the largest are left out.
    public var minRelativeSize: Float = 0.35
    /// Proportions further apart than this (mean absolute difference, torso lengths) do
    /// not join two tracks into one person.
    public var joinShapeLimit: Float = 0.12
    /// Sizes further apart than this ratio do not join two tracks.
    public var joinSizeRatio: Float = 1.3
    /// How many later tracks that fit a track (shape, size, reach) are weighed as its
    /// return: the join's cost stays near-linear in the number of tracks.
    public var joinCandidates = 16

    /// The most people followed in one frame (the assignment costs n³ a frame); a
    /// conversion skips more crowded frames.
    public static let maxPeople = 64

    public init() {}

    /// The features of one detection: centre, torso length, proportions, posture.
    struct Body {
        var centre: SIMD2<Float>
        var torso: Float
        var shape: [Float]  // NaN where unknown
        var pose: [Joint: SIMD2<Float>]  // joints relative to the centre, in torso lengths

        /// `BodyProportions`' limbs (what progress compares between sessions), then the
        /// shoulder and hip widths.
        static let segments: [[(Joint, Joint)]] =
            BodyProportions.limbs.map(\.sides) + [
                [(.leftShoulder, .rightShoulder)],
                [(.leftHip, .rightHip)],
            ]

        /// Nil for a detection with no torso (no shoulders and hips to measure it by).
        init?(_ person: DetectedPerson, scale: SIMD2<Float>) {
            var points: [Joint: SIMD2<Float>] = [:]
            for (joint, p) in person.joints where p.confidence > 0 && p.x.isFinite && p.y.isFinite {
                points[joint] = SIMD2(p.x, p.y) * scale
            }
            func midpoint(_ a: Joint, _ b: Joint) -> SIMD2<Float>? {
                guard let p = points[a], let q = points[b] else { return nil }
                return (p + q) / 2
            }
            guard let hip = points[.root] ?? midpoint(.leftHip, .rightHip),
                let neck = points[.neck] ?? midpoint(.leftShoulder, .rightShoulder)
            else { return nil }
            let torso = ((neck - hip) * (neck - hip)).sum().squareRoot()
            guard torso > 0 else { return nil }
            centre = hip
            self.torso = torso
            shape = Self.segments.map { sides in
                let lengths = sides.compactMap { a, b -> Float? in
                    guard let p = points[a], let q = points[b] else { return nil }
                    return ((p - q) * (p - q)).sum().squareRoot() / torso
                }
                return lengths.isEmpty ? .nan : lengths.reduce(0, +) / Float(lengths.count)
            }
            pose = points.mapValues { ($0 - hip) / torso }
        }

        /// Mean absolute difference of the proportions both know; NaN when none.
        static func shapeDifference(_ a: [Float], _ b: [Float]) -> Float {
            var sum: Float = 0
            var count: Float = 0
            for (x, y) in zip(a, b) where !x.isNaN && !y.isNaN {
                sum += abs(x - y)
                count += 1
            }
            return count > 0 ? sum / count : .nan
        }

        /// Mean distance between the joints both have, about their centres (torso lengths).
        static func postureDifference(_ a: [Joint: SIMD2<Float>], _ b: [Joint: SIMD2<Float>]) -> Float {
            var sum: Float = 0
            var count: Float = 0
            for (joint, p) in a {
                guard let q = b[joint] else { continue }
                sum += ((p - q) * (p - q)).sum().squareRoot()
                count += 1
            }
            return count >= 3 ? sum / count : .nan
        }
    }

    /// A track while the clip is read.
    struct Live {
        var people: [Int: Int] = [:]  // frame → person index
        var uncertain: Set<Int> = []
        var centre: SIMD2<Float>
        var velocity = SIMD2<Float>(0, 0)  // per second
        var torso: Float
        var shape: [Float]
        var pose: [Joint: SIMD2<Float>]
        var lastFrame: Int
        var lastTime: Double
        var firstFrame: Int
        var notes: [String] = []

        init(_ body: Body, frame: Int, time: Double, person: Int) {
            centre = body.centre
            torso = body.torso
            shape = body.shape
            pose = body.pose
            lastFrame = frame
            firstFrame = frame
            lastTime = time
            people[frame] = person
        }

        /// `track` with its frames replaced by `people` (a joined track's storage let go).
        init(people: [Int: Int], from track: Live) {
            self = track
            self.people = people
            self.uncertain = []
            self.notes = []
        }

        func predicted(at time: Double) -> SIMD2<Float> { centre + velocity * Float(min(time - lastTime, 0.5)) }

        mutating func update(_ body: Body, frame: Int, time: Double, person: Int) {
            let dt = Float(time - lastTime)
            if dt > 0 {
                let measured = (body.centre - centre) / dt
                velocity = lastFrame == frame - 1 ? 0.5 * velocity + 0.5 * measured : measured * 0.5
            }
            centre = body.centre
            torso = 0.9 * torso + 0.1 * body.torso
            shape = zip(shape, body.shape).map { a, b in a.isNaN ? b : b.isNaN ? a : 0.9 * a + 0.1 * b }
            pose = body.pose
            lastFrame = frame
            lastTime = time
            people[frame] = person
        }
    }

    /// Follows everyone in `frames`; `scale` turns source coordinates isotropic (the image
    /// size for normalized coordinates, 1 × 1 for pixels).
    public func track(_ frames: [DetectedFrame], scale: SIMD2<Float> = SIMD2(1, 1)) -> PeopleTracking {
        var weighed = 0
        return track(frames, scale: scale, weighed: &weighed)
    }

    /// `track(_:scale:)`, counting in `weighed` the pairs of tracks its join weighed.
    func track(_ frames: [DetectedFrame], scale: SIMD2<Float>, weighed: inout Int) -> PeopleTracking {
        var live: [Live] = []
        var ended: [Live] = []
        for (f, frame) in frames.enumerated() {
            // End tracks gone too long.
            for i in live.indices.reversed() where frame.t - live[i].lastTime > maxGapSeconds { ended.append(live.remove(at: i)) }
            let bodies = frame.people.enumerated().compactMap { k, p in Body(p, scale: scale).map { (k, $0) } }
            let predictions = live.map { $0.predicted(at: frame.t) }
            let costs = live.indices.map { t in
                bodies.map { _, body -> Double in cost(live[t], predictions[t], body, time: frame.t) }
            }
            let assigned = cheapestAssignment(costs)
            // Tracks predicted on top of each other cannot be told apart here: both, when
            // both were matched; one matched beside one unseen (hidden behind it, say),
            // when the unseen one could as well have taken its detection.
            var close = Set<Int>()
            for a in live.indices {
                for b in live.indices where b > a {
                    let d = predictions[a] - predictions[b]
                    guard (d * d).sum().squareRoot() < closeTorsos * min(live[a].torso, live[b].torso) else { continue }
                    switch (assigned[a], assigned[b]) {
                    case (.some, .some): close.formUnion([a, b])
                    case (.some(let k), nil) where costs[b][k] <= costs[a][k] + ambiguity: close.insert(a)
                    case (nil, .some(let k)) where costs[a][k] <= costs[b][k] + ambiguity: close.insert(b)
                    default: break
                    }
                }
            }
            var taken = Set<Int>()
            for (t, choice) in assigned.enumerated() {
                guard let choice else { continue }
                let (person, body) = bodies[choice]
                live[t].update(body, frame: f, time: frame.t, person: person)
                if close.contains(t) { live[t].uncertain.insert(f) }
                taken.insert(choice)
            }
            for (choice, (person, body)) in bodies.enumerated() where !taken.contains(choice) {
                live.append(Live(body, frame: f, time: frame.t, person: person))
            }
        }
        let all = join((ended + live).sorted { $0.firstFrame < $1.firstFrame }, frames: frames, weighed: &weighed)
        return finish(all, frames: frames)
    }

    /// The cost of giving `body` to `track`, or infinity beyond the gates.
    func cost(_ track: Live, _ predicted: SIMD2<Float>, _ body: Body, time: Double) -> Double {
        let d = predicted - body.centre
        let distance = (d * d).sum().squareRoot() / track.torso
        let allowed = gate + gatePerSecond * Float(time - track.lastTime)
        let size = abs(log(body.torso / track.torso))
        guard distance <= allowed, size <= log(1.8) else { return .infinity }
        let shape = Body.shapeDifference(track.shape, body.shape)
        let posture = Body.postureDifference(track.pose, body.pose)
        return Double(distance + size + (shape.isNaN ? 0 : shape) + 0.5 * (posture.isNaN ? 0 : posture))
    }

    /// Joins tracks that do not overlap in time and have the same proportions and size:
    /// one person who left and came back. Best pairs first (ties to the earlier pair in
    /// `tracks`' order, which is by first frame).
    ///
    /// A track's candidates are the first `joinCandidates` live tracks that start after it
    /// ends and fit it (shape, size, reach), scored once; a join rescores the row of the
    /// track that grew (a track keeps its first frame, shape and size when it absorbs a
    /// later one) and fills again, from where their scans stopped, the rows that lost
    /// the joined track, so every row's best stays in the heap of each row's best. A
    /// person back after more than `joinCandidates` others of their build, still apart,
    /// came and went in between is not re-identified.
    ///
    /// - Complexity: O(*t* log *t*) for *t* tracks when each scan finds its candidates
    ///   near its start; O(*t*²) at worst, for tracks of builds that fit none of those
    ///   around them. It was O(*t*³): one flickering person over 4,000 frames took 112 s.
    func join(_ input: [Live], frames: [DetectedFrame]) -> [Live] {
        var weighed = 0
        return join(input, frames: frames, weighed: &weighed)
    }

    /// `join(_:frames:)`, counting in `weighed` the pairs it weighed (for the tests of its cost).
    func join(_ input: [Live], frames: [DetectedFrame], weighed: inout Int) -> [Live] {
        var tracks = input
        var alive = [Bool](repeating: true, count: tracks.count)
        // Where a track is in one of its frames, source units, with its torso.
        func body(_ track: Live, _ frame: Int) -> Body? {
            track.people[frame].flatMap { Body(frames[frame].people[$0], scale: SIMD2(1, 1)) }
        }
        let starts = tracks.map { body($0, $0.firstFrame) }
        let firstFrames = tracks.map(\.firstFrame)  // ascending
        /// The first index whose track starts after `frame`.
        func firstStarting(after frame: Int) -> Int {
            var low = 0
            var high = firstFrames.count
            while low < high {
                let mid = (low + high) / 2
                if firstFrames[mid] <= frame { low = mid + 1 } else { high = mid }
            }
            return low
        }
        /// The score of joining later track `b` onto `a`, or nil when it cannot be `a`'s.
        func score(_ a: Int, _ b: Int, end: Body?) -> Float? {
            let shape = Body.shapeDifference(tracks[a].shape, tracks[b].shape)
            let ratio = max(tracks[a].torso, tracks[b].torso) / min(tracks[a].torso, tracks[b].torso)
            guard !shape.isNaN, shape <= joinShapeLimit, ratio <= joinSizeRatio else { return nil }
            // Where and when a track ended counts as well as its shape: the later one must
            // start where the person could have walked to since (the gate, widened per
            // second away); its distance as a fraction of that reach is added, so two
            // people of one build are told apart by place.
            // And, slightly, how soon: of returns alike in place and build, the sooner is
            // the person who just left (a later one, skipping it, would be someone else);
            // at most `returnWeight`, under the shape's own limit.
            let away = max(0, Float(frames[tracks[b].firstFrame].t - frames[tracks[a].lastFrame].t))
            var reach: Float = 0
            if let end, let start = starts[b] {
                let distance = ((start.centre - end.centre) * (start.centre - end.centre)).sum().squareRoot() / max(end.torso, 1e-6)
                let reachable = gate + gatePerSecond * away
                guard distance <= reachable else { return nil }
                reach = distance / reachable
            }
            let returnWeight: Float = 0.05
            return shape + (ratio - 1) + reach + returnWeight * away / (away + 10)
        }
        // Row a: its candidates' scores, best first, how far into them the dead ones have
        // been passed, and where its scan of later tracks stopped (nil: at the end).
        var rows = [[Int: Float]](repeating: [:], count: tracks.count)
        var sorted = [[(score: Float, b: Int)]](repeating: [], count: tracks.count)
        var cursor = [Int](repeating: 0, count: tracks.count)
        var resume = [Int?](repeating: nil, count: tracks.count)
        var columns = [Set<Int>](repeating: [], count: tracks.count)
        var version = [Int](repeating: 0, count: tracks.count)
        var heap = MinHeap<Candidate>()
        /// Scores row `a` from later track `from` on, up to `joinCandidates` candidates.
        /// `keeping`: the row's live candidates stay and the scan goes on from `from` (a
        /// window refilled after some of its candidates were joined elsewhere).
        func scan(_ a: Int, from: Int, keeping: Bool = false) {
            for y in rows[a].keys { columns[y].remove(a) }
            var scores: [Int: Float] = keeping ? rows[a] : [:]
            let end = body(tracks[a], tracks[a].lastFrame)
            // A track of no known proportion fits none: nothing to scan.
            var b = tracks[a].shape.allSatisfy(\.isNaN) ? tracks.count : max(from, firstStarting(after: tracks[a].lastFrame))
            while b < tracks.count, scores.count < joinCandidates {
                weighed += 1  // every track passed, dead or alive: the cost the tests bound
                if alive[b], let s = score(a, b, end: end) { scores[b] = s }
                b += 1
            }
            resume[a] = b < tracks.count ? b : nil
            rows[a] = scores
            for y in scores.keys { columns[y].insert(a) }
            sorted[a] = scores.map { (score: $0.value, b: $0.key) }.sorted { ($0.score, $0.b) < ($1.score, $1.b) }
            cursor[a] = 0
            version[a] += 1
            offerBest(a)
        }
        /// Puts row `a`'s best live candidate in the heap, scanning on when it has none left.
        func offerBest(_ a: Int) {
            while cursor[a] < sorted[a].count, !alive[sorted[a][cursor[a]].b] { cursor[a] += 1 }
            if cursor[a] < sorted[a].count {
                heap.insert(Candidate(score: sorted[a][cursor[a]].score, a: a, b: sorted[a][cursor[a]].b, version: version[a]))
            } else if let next = resume[a] {
                scan(a, from: next)
            }
        }
        for a in tracks.indices { scan(a, from: 0) }
        while let top = heap.popMin() {
            let (a, b, score) = (top.a, top.b, top.score)
            guard alive[a], top.version == version[a] else { continue }
            guard alive[b] else {
                offerBest(a)
                continue
            }
            // Another join for either track nearly as good, by a track there at the same
            // time (who else could have been there): the re-identification is unsure. A
            // later piece of the same comings and goings is no rival.
            func overlap(_ x: Int, _ y: Int) -> Bool {
                tracks[x].firstFrame <= tracks[y].lastFrame && tracks[y].firstFrame <= tracks[x].lastFrame
            }
            let rivals =
                rows[a].filter { $0.key != b && alive[$0.key] && overlap($0.key, b) }.map(\.value)
                + columns[b].filter { $0 != a && alive[$0] && overlap($0, a) }.compactMap { rows[$0][b] }
            let unsure = rivals.min().map { Double($0 - score) < ambiguity } ?? false
            let away = frames[tracks[b].firstFrame].t - frames[tracks[a].lastFrame].t
            let later = tracks[b]
            tracks[b] = Live(people: [:], from: later)
            tracks[a].people.merge(later.people) { first, _ in first }
            tracks[a].uncertain.formUnion(later.uncertain)
            tracks[a].notes +=
                [
                    String(
                        format:
                            "re-identified at frame %d (t=%.3fs) after %.1f s away, by body proportions, size and where it was last seen",
                        later.firstFrame, frames[later.firstFrame].t, away)
                        + (unsure ? "; unsure (another person fits nearly as well): its first second is marked uncertain" : "")
                ] + later.notes
            if unsure {
                // The first second after the return is marked, as a crossing is.
                let end = frames[later.firstFrame].t + 1
                for f in later.people.keys where frames[f].t < end { tracks[a].uncertain.insert(f) }
            }
            tracks[a].lastFrame = later.lastFrame
            tracks[a].lastTime = later.lastTime
            tracks[a].centre = later.centre
            // b is gone: its row and its column; a's row is scored again (it ends later now).
            alive[b] = false
            for y in rows[b].keys { columns[y].remove(b) }
            rows[b] = [:]
            sorted[b] = []
            version[b] += 1
            let losing = columns[b]
            for x in losing { rows[x][b] = nil }
            columns[b] = []
            scan(a, from: 0)
            // The windows that held b are filled again now, so a candidate beyond them
            // (a return behind a flickering person of the same build) is in the heap
            // before a worse pair is taken.
            for x in losing.sorted() where x != a && alive[x] {
                if let next = resume[x] { scan(x, from: next, keeping: true) }
            }
        }
        return tracks.indices.filter { alive[$0] }.map { tracks[$0] }
    }

    /// A pair in the join's heap: row `a`'s best candidate `b` when row `a` was at `version`.
    struct Candidate: Comparable {
        var score: Float, a: Int, b: Int, version: Int
        static func < (x: Candidate, y: Candidate) -> Bool { (x.score, x.a, x.b) < (y.score, y.a, y.b) }
    }

    /// Leaves out brief and small tracks, orders the rest left to right.
    func finish(_ tracks: [Live], frames: [DetectedFrame]) -> PeopleTracking {
        let n = frames.count
        let duration = n > 1 ? frames[n - 1].t - frames[0].t : 0
        let frameSeconds = n > 1 ? duration / Double(n - 1) : 1
        func median(_ values: [Float]) -> Float {
            let sorted = values.filter { !$0.isNaN }.sorted()
            return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
        }
        struct Candidate {
            var live: Live
            var x: Float
            var y: Float
            var torso: Float
            var startX: Float
        }
        var leftOut: [String] = []
        var candidates: [Candidate] = []
        for track in tracks {
            var xs: [Float] = []
            var ys: [Float] = []
            var torsos: [Float] = []
            for (f, k) in track.people.sorted(by: { $0.key < $1.key }) {  // in time order: `startX` reads the first second
                guard let body = Body(frames[f].people[k], scale: SIMD2(1, 1)) else { continue }
                xs.append(body.centre.x)
                ys.append(body.centre.y)
                torsos.append(body.torso)
            }
            let seconds = Double(track.people.count) * frameSeconds
            let first = frames[track.firstFrame]
            if seconds < min(minSeconds, duration / 2) || track.people.count < 2 && n > 1 {
                leftOut.append(
                    String(format: "a person seen for %.2f s from frame %d (t=%.3fs): too brief to follow", seconds, first.number, first.t))
                continue
            }
            let firstSecond = max(1, Int((1 / max(frameSeconds, 1e-6)).rounded()))
            candidates.append(
                Candidate(live: track, x: median(xs), y: median(ys), torso: median(torsos), startX: median(Array(xs.prefix(firstSecond)))))
        }
        let largest = candidates.map(\.torso).max() ?? 0
        candidates.removeAll { c in
            guard c.torso < minRelativeSize * largest else { return false }
            leftOut.append(
                String(
                    format: "a person of torso %.0f%% of the largest, around x=%.0f: too small (in the background)",
                    100 * c.torso / largest, c.x))
            return true
        }
        candidates.sort { $0.x < $1.x }
        let result = candidates.enumerated().map { id, c -> PersonTrack in
            var people = [Int?](repeating: nil, count: n)
            for (f, k) in c.live.people { people[f] = k }
            return PersonTrack(
                id: id, people: people, uncertain: ranges(c.live.uncertain), medianX: c.x, medianY: c.y,
                medianTorso: c.torso, startX: c.startX, notes: c.live.notes)
        }
        return PeopleTracking(tracks: result, leftOut: leftOut)
    }

    /// Sorted frames as inclusive ranges of consecutive frames.
    func ranges(_ frames: Set<Int>) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for f in frames.sorted() {
            if let last = result.last, last.upperBound == f - 1 {
                result[result.count - 1] = last.lowerBound...f
            } else {
                result.append(f...f)
            }
        }
        return result
    }
}
