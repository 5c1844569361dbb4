extension AngleSeries {
    /// The series on new times, interpolating linearly across short gaps only.
    ///
    /// For each target time and limb, the nearest valid samples at or before and at
    /// or after it are found; when they are at most `maxGapSeconds` apart the value
    /// is interpolated between them, otherwise it is NaN. Times outside the series
    /// are NaN: nothing is extrapolated. A target time equal to a sample's time takes
    /// that sample exactly.
    ///
    /// - Parameters:
    ///   - times: Target times in seconds, increasing.
    ///   - maxGapSeconds: The longest stretch between two valid samples that is bridged.
    /// - Complexity: O(*n* + *m*) per limb.
    public func resampled(at targetTimes: [Double], maxGapSeconds: Double) -> AngleSeries {
        var result = AngleSeries(times: targetTimes)
        result.dimensions = dimensions
        let n = frameCount
        let m = targetTimes.count
        guard n > 0, m > 0 else { return result }
        // The last source sample at or before each target time (-1 outside the series):
        // the same for every limb, so found once.
        var samples = [Int](repeating: -1, count: m)
        var sample = 0
        for j in 0..<m {
            let t = targetTimes[j]
            guard t >= times[0], t <= times[n - 1] else { continue }
            while sample + 1 < n, times[sample + 1] <= t { sample += 1 }
            samples[j] = sample
        }
        var previousValid = [Int](repeating: -1, count: n)
        var nextValid = [Int](repeating: -1, count: n)
        values.withUnsafeBufferPointer { values in
            times.withUnsafeBufferPointer { times in
                targetTimes.withUnsafeBufferPointer { targetTimes in
                    samples.withUnsafeBufferPointer { samples in
                        previousValid.withUnsafeMutableBufferPointer { previousValid in
                            nextValid.withUnsafeMutableBufferPointer { nextValid in
                                result.values.withUnsafeMutableBufferPointer { resampled in
                                    for limb in 0..<Limb.count {
                                        let base = limb * n
                                        let out = limb * m
                                        var last = -1
                                        for i in 0..<n {
                                            if !values[base + i].isNaN { last = i }
                                            previousValid[i] = last
                                        }
                                        last = -1
                                        for i in stride(from: n - 1, through: 0, by: -1) {
                                            if !values[base + i].isNaN { last = i }
                                            nextValid[i] = last
                                        }
                                        for j in 0..<m {
                                            let sample = samples[j]
                                            guard sample >= 0 else { continue }
                                            let t = targetTimes[j]
                                            let before = previousValid[sample]
                                            let after =
                                                times[sample] == t
                                                ? (values[base + sample].isNaN ? nextValid[sample] : sample)
                                                : (sample + 1 < n ? nextValid[sample + 1] : -1)
                                            guard before >= 0, after >= 0 else { continue }
                                            if before == sample, times[sample] == t {
                                                resampled[out + j] = values[base + sample]
                                                continue
                                            }
                                            let t0 = times[before]
                                            let t1 = times[after]
                                            guard t1 - t0 <= maxGapSeconds, t1 > t0 else { continue }
                                            let v0 = values[base + before]
                                            let v1 = values[base + after]
                                            let fraction = Float((t - t0) / (t1 - t0))
                                            resampled[out + j] = v0 + (v1 - v0) * fraction
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The series with every time shifted by `seconds`.
    public func shifted(by seconds: Double) -> AngleSeries {
        var result = AngleSeries(times: times.map { $0 + seconds }, values: values)
        result.dimensions = dimensions
        return result
    }
}

/// A uniform time grid: `start + k / rate` for k in 0..<count.
public struct AnalysisGrid: Equatable, Sendable {
    /// The time of frame 0, seconds.
    public var start: Double
    /// Frames per second.
    public var rate: Double
    /// The number of frames.
    public var count: Int

    /// The grid of `count` frames from `start` at `rate` frames per second.
    public init(start: Double, rate: Double, count: Int) {
        self.start = start
        self.rate = rate
        self.count = count
    }

    /// The grid over `start...end` (both included when they fall on it).
    public init(from start: Double, through end: Double, rate: Double) {
        self.init(start: start, rate: rate, count: end >= start ? Int(saturating: ((end - start) * rate + 1e-9).rounded(.down)) + 1 : 0)
    }

    /// The time of frame `index`, seconds (`start + index / rate`).
    public func time(_ index: Int) -> Double { start + Double(index) / rate }

    /// Every frame's time, seconds.
    public var times: [Double] { (0..<count).map(time) }

    /// The grid index nearest to `t`, clamped to the grid (NaN: the first): the one rule
    /// every "nearest frame" uses (`Comparison.nearestFrame(to:)`, `moment(at:)`, reports).
    public func nearestIndex(to t: Double) -> Int { max(0, min(count - 1, unclampedIndex(of: t))) }

    /// The index nearest to `t` on this grid extended without end (NaN: 0), for a grid
    /// still growing (`LiveComparison`).
    public func unclampedIndex(of t: Double) -> Int { Int(saturating: ((t - start) * rate).rounded()) }

    /// The interval between frames, seconds.
    public var step: Double { 1 / rate }
}

/// A clip's frame rate from its frame times, robust to rounded timestamps and dropped
/// frames: each frame is given its slot number on the nominal interval (the median
/// interval), and a least-squares line through (slot, time) over all frames gives the
/// interval. Timestamps rounded to milliseconds at 60 fps (intervals of 16 and 17 ms)
/// give 60, where the median interval would give 58.8 or 62.5. Rounded to 0.01 fps at
/// 1 fps and above; nil with fewer than two frames. The one estimator every analysis
/// uses, after a rate the source recorded (`Sidecar.frameRate`).
public func estimatedFrameRate(_ times: [Double]) -> Double? {
    let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
    guard !intervals.isEmpty else { return nil }
    let median = quantile(sorted: intervals, 0.5)
    guard median > 0, median.isFinite else { return nil }
    // Slots from the current interval, a least-squares line through (slot, time), over a
    // prefix that doubles: each fit is good enough to number the next, twice as long,
    // stretch of frames without drifting by half a slot.
    let first = times[0]
    var interval = median
    var count = min(times.count, 16)
    while true {
        var n = 0.0
        var sumK = 0.0
        var sumT = 0.0
        var sumKK = 0.0
        var sumKT = 0.0
        for t in times[0..<count] {
            let dt = t - first
            let k = (dt / interval).rounded()
            n += 1
            sumK += k
            sumT += dt
            sumKK += k * k
            sumKT += k * dt
        }
        let denominator = n * sumKK - sumK * sumK
        if denominator > 0 {
            let slope = (n * sumKT - sumK * sumT) / denominator
            // Trust the fit only near the median (a clip of irregular times keeps the median).
            if slope.isFinite, slope > 0.5 * median, slope < 1.5 * median { interval = slope }
        }
        if count == times.count { break }
        count = min(times.count, count * 2)
    }
    let rate = 1 / interval
    return rate >= 1 ? (rate * 100).rounded() / 100 : rate
}

extension Sidecar {
    /// The frame rate the source recorded (`source["fps"]`, written by converters from
    /// MediaPipe's `video.fps` or `--fps`), when it is a number in 0.1...10,000.
    public var recordedFrameRate: Double? {
        guard let text = source["fps"], let rate = Double(text), rate >= 0.1, rate <= 10_000 else { return nil }
        return rate
    }

    /// The clip's frame rate: the recorded one, else `estimatedFrameRate(times)`.
    public var frameRate: Double? { recordedFrameRate ?? estimatedFrameRate(times) }

    /// The rate a clip without one of its own is analysed at, frames per second: a clip
    /// of one frame (a still) or one time has no frame interval, and neither does a
    /// CSV without times or a rate. 30 fps, the commonest phone video rate; it sets only
    /// smoothing windows and grids, which such a clip barely has.
    public static let fallbackFrameRate = 30.0

    /// `frameRate`, or `fallbackFrameRate` when the clip has none: the one home of that rule.
    public var analysisFrameRate: Double { frameRate ?? Self.fallbackFrameRate }
}
