/// One stream's limb angles resampled onto the analysis grid as samples arrive, with
/// exactly the arithmetic of `AngleSeries.resampled(at:maxGapSeconds:)`, so a grid
/// value computed live equals the offline one bit for bit.
///
/// A grid time `t` is *final* once the stream has reached `t + maxGapSeconds` (no
/// later sample can bridge a gap around `t`) or has ended. Samples older than any
/// time still to be resolved, less the gap, are dropped: memory stays bounded.
struct StreamingResampler: Sendable {
    let maxGapSeconds: Double
    private(set) var times: [Double] = []
    private(set) var values: [SIMD16<Float>] = []
    private(set) var firstTime: Double?
    private(set) var ended = false

    init(maxGapSeconds: Double) { self.maxGapSeconds = maxGapSeconds }

    var lastTime: Double? { times.last }

    /// Appends a sample; times must increase (a sample at or before the last is ignored
    /// and reported by returning false).
    mutating func append(time: Double, angles: SIMD16<Float>) -> Bool {
        if let last = times.last, !(time > last) { return false }
        if firstTime == nil { firstTime = time }
        times.append(time)
        values.append(angles)
        return true
    }

    mutating func end() { ended = true }

    /// True when the value at grid time `t` can no longer change.
    func isFinal(at t: Double) -> Bool {
        ended || (lastTime.map { $0 >= t + maxGapSeconds } ?? false)
    }

    /// The angles at `t` (NaN outside the stream or across a gap longer than the
    /// limit). Call only when `isFinal(at: t)`.
    func value(at t: Double) -> SIMD16<Float> {
        var result = SIMD16<Float>(repeating: .nan)
        guard let first = firstTime, let last = times.last, t >= first, t <= last, !times.isEmpty else { return result }
        // The last sample at or before t.
        var low = 0
        var high = times.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if times[mid] <= t { low = mid } else { high = mid - 1 }
        }
        let sample = low
        guard times[sample] <= t else { return result }
        for limb in 0..<Limb.count {
            if times[sample] == t, !values[sample][limb].isNaN {
                result[limb] = values[sample][limb]
                continue
            }
            var before = sample
            while before >= 0, values[before][limb].isNaN { before -= 1 }
            var after = sample + 1
            while after < times.count, values[after][limb].isNaN { after += 1 }
            guard before >= 0, after < times.count else { continue }
            let t0 = times[before]
            let t1 = times[after]
            guard t1 - t0 <= maxGapSeconds, t1 > t0 else { continue }
            let v0 = values[before][limb]
            let v1 = values[after][limb]
            let fraction = Float((t - t0) / (t1 - t0))
            result[limb] = v0 + (v1 - v0) * fraction
        }
        return result
    }

    /// Drops samples no longer needed to resolve times at or after `t`: all but the
    /// last one before `t - maxGapSeconds`.
    mutating func discard(before t: Double) {
        var drop = 0
        while drop + 1 < times.count, times[drop + 1] < t - maxGapSeconds { drop += 1 }
        if drop > 64, drop * 2 > times.count {
            times.removeFirst(drop)
            values.removeFirst(drop)
        }
    }
}
