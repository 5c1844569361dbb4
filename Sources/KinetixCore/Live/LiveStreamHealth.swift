import Foundation

/// What became of one live source's frames: how many the live API took, which it
/// refused and why, and the gaps between the frames it took.
///
/// Whether a frame is taken is `LiveClock`'s rule (through the live API's refusal);
/// this only names the refusal for people: a frame at the newest taken time is a
/// duplicate, one before it arrived late (out of order). A gap is an interval between
/// two taken frames longer than `gapSeconds` (1.5 frame intervals by default: at
/// least one frame missing); the live API bridges gaps up to `maxGapSeconds` and
/// leaves longer ones unscored, as offline.
public struct LiveStreamHealth: Equatable, Sendable {
    /// Frames the live API took.
    public private(set) var taken = 0
    /// Frames refused because their time equals the newest taken frame's.
    public private(set) var duplicates = 0
    /// Frames refused because their time is before the newest taken frame's.
    public private(set) var outOfOrder = 0
    /// Lines that could not be read as a frame, and were skipped.
    public private(set) var malformed = 0
    /// Intervals between taken frames longer than `gapSeconds`.
    public private(set) var gaps = 0
    /// The frames those gaps are missing, at the stream's frame rate.
    public private(set) var missingFrames = 0
    /// The longest interval between two taken frames, seconds.
    public private(set) var longestIntervalSeconds = 0.0
    /// An interval longer than this is a gap, seconds.
    public let gapSeconds: Double
    private let frameSeconds: Double
    private var lastTaken: Double?

    /// What a refused frame was.
    public enum Refusal: String, Equatable, Sendable {
        /// The same time as the newest taken frame.
        case duplicate
        /// Earlier than the newest taken frame: it arrived late.
        case outOfOrder
        /// Not a time at all, or after the stream finished.
        case other
    }

    /// Health of a stream at `fps` frames per second.
    public init(fps: Double) {
        frameSeconds = 1 / fps
        gapSeconds = 1.5 / fps
    }

    /// Records a frame the live API took at `time` (seconds); returns the interval
    /// since the previous taken frame when it is a gap.
    @discardableResult
    public mutating func took(_ time: Double) -> Double? {
        taken += 1
        defer { lastTaken = time }
        guard let last = lastTaken else { return nil }
        let interval = time - last
        longestIntervalSeconds = max(longestIntervalSeconds, interval)
        guard interval > gapSeconds else { return nil }
        gaps += 1
        missingFrames += max(1, Int((interval / frameSeconds).rounded()) - 1)
        return interval
    }

    /// Records a frame the live API refused, and names the refusal.
    @discardableResult
    public mutating func refused(_ refusal: LiveFrameRefusal) -> Refusal {
        switch refusal {
        case .notAfterPrevious(let time, let previous) where time == previous:
            duplicates += 1
            return .duplicate
        case .notAfterPrevious:
            outOfOrder += 1
            return .outOfOrder
        case .nonFiniteTime, .finished:
            return .other
        }
    }

    /// Records a line that was skipped because it could not be read.
    public mutating func skippedMalformedLine() { malformed += 1 }
}

/// Latencies in milliseconds, summarized in bounded memory: a histogram with buckets
/// 1 % wide (relative), so the median and the 99th percentile are within 1 % of the
/// exact ones however long the session.
public struct LatencyStatistics: Equatable, Sendable {
    /// Samples recorded.
    public private(set) var count = 0
    /// The largest sample, milliseconds.
    public private(set) var maxMilliseconds = 0.0
    private var sum = 0.0
    private var buckets: [Int: Int] = [:]
    /// Samples at or below 1 µs share the lowest bucket.
    private static let floor = 0.001
    private static let step = 1.01

    /// No samples.
    public init() {}

    /// Records one latency, milliseconds (negative values count as 0: clocks disagree
    /// by less than they can tell apart).
    public mutating func record(_ milliseconds: Double) {
        guard milliseconds.isFinite else { return }
        let value = max(Self.floor, milliseconds)
        count += 1
        sum += value
        maxMilliseconds = max(maxMilliseconds, value)
        buckets[Int((log(value / Self.floor) / log(Self.step)).rounded(.down)), default: 0] += 1
    }

    /// The mean, milliseconds; nil without samples.
    public var meanMilliseconds: Double? { count > 0 ? sum / Double(count) : nil }

    /// The `p`-quantile (0...1), milliseconds, within 1 %: the middle of its bucket; nil without samples.
    public func quantile(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((p * Double(count)).rounded(.up)))
        var seen = 0
        for key in buckets.keys.sorted() {
            seen += buckets[key]!
            if seen >= rank { return min(maxMilliseconds, Self.floor * pow(Self.step, Double(key) + 0.5)) }
        }
        return maxMilliseconds
    }

    /// `{"count", "medianMs", "p99Ms", "maxMs", "meanMs"}` as one JSON object.
    public var json: String {
        "{\"count\": \(count), \"medianMs\": \(jsonNumber(quantile(0.5), digits: 3)), \"p99Ms\": \(jsonNumber(quantile(0.99), digits: 3)), "
            + "\"maxMs\": \(count > 0 ? jsonNumber(maxMilliseconds, digits: 3) : "null"), \"meanMs\": \(jsonNumber(meanMilliseconds, digits: 3))}"
    }
}
