/// The lag the learner is tracking: for each frame, the τ whose score averaged over
/// a window of frames around it is lowest (a windowed cross-correlation).
///
/// Per-frame τ* (`LagSearch`) answers "which demonstrator frame does this learner
/// frame look like?". It is the wrong lag to measure errors at: when one limb moves
/// alone, a per-frame match time-warps it (an arm that never gets high enough matches
/// the demonstrator's arm earlier on its way up) and its amplitude error vanishes;
/// when nobody moves, every lag ties. Averaged over a window spanning a whole movement,
/// a constant shift cannot fake amplitude on both the rise and the fall, and still
/// stretches carry no weight either way, so the window's best lag is the true delay.
///
/// Candidates follow `LagSearch`'s rules (same score, same minimum shared weight).
/// Lags are compared over the same frames: those of the window where every lag is a
/// valid candidate ("complete" frames), when they are at least a quarter of the
/// window's scored frames. Otherwise (short history at the start, long gaps) each lag
/// is averaged over its own valid frames and needs at least half of them. Ties go to
/// the smallest lag; a frame whose window has no scored frame gets -1.
public struct LagTracker: Sendable {
    public var search: LagSearch
    /// Frames on each side of the centre frame.
    public var halfWindow: Int

    public init(search: LagSearch, halfWindow: Int) {
        self.search = search
        self.halfWindow = halfWindow
    }

    /// Tracking lags for every frame of the shared grid, in grid frames.
    /// - Complexity: O(*n* × `maxLag` × 9) time, O(`halfWindow` × `maxLag`) memory.
    public func run(learner: AngleSeries, demonstrator: AngleSeries) -> [Int32] {
        let n = learner.frameCount
        let lags = search.maxLag + 1
        let l = PaddedAngles(learner, scales: search.scales)
        let d = PaddedAngles(demonstrator, scales: search.scales, leadingPad: search.maxLag)
        let ringRows = 2 * halfWindow + 2
        var ring = [Float](repeating: .infinity, count: ringRows * lags)
        var sum = [Double](repeating: 0, count: lags), completeSum = sum
        var count = [Int](repeating: 0, count: lags)
        var scoredInWindow = 0, completeInWindow = 0
        var rowScored = [Bool](repeating: false, count: ringRows)
        var rowComplete = [Bool](repeating: false, count: ringRows)
        var result = [Int32](repeating: -1, count: n)
        var supported = [Bool](repeating: false, count: n)
        l.values.withUnsafeBufferPointer { lv in
        d.values.withUnsafeBufferPointer { dv in
            func add(_ frame: Int, sign: Int) {
                let row = (frame % ringRows) * lags
                if sign > 0 {
                    var any = false, all = true
                    for tau in 0..<lags {
                        let score = search.exactScore(lv, ls: l.stride, n: frame, dv, ds: d.stride, m: frame + d.leadingPad - tau)
                        ring[row + tau] = score
                        any = any || score.isFinite
                        all = all && score.isFinite
                    }
                    rowScored[frame % ringRows] = any
                    rowComplete[frame % ringRows] = all
                }
                guard rowScored[frame % ringRows] else { return }
                scoredInWindow += sign
                let complete = rowComplete[frame % ringRows]
                if complete { completeInWindow += sign }
                for tau in 0..<lags where ring[row + tau].isFinite {
                    sum[tau] += Double(sign) * Double(ring[row + tau])
                    count[tau] += sign
                    if complete { completeSum[tau] += Double(sign) * Double(ring[row + tau]) }
                }
            }
            for frame in 0..<min(halfWindow, n) { add(frame, sign: 1) }
            for center in 0..<n {
                if center + halfWindow < n { add(center + halfWindow, sign: 1) }
                if center - halfWindow - 1 >= 0 { add(center - halfWindow - 1, sign: -1) }
                guard scoredInWindow > 0 else { continue }
                let useComplete = completeInWindow > 0 && completeInWindow * 4 >= scoredInWindow
                supported[center] = completeInWindow * 4 >= scoredInWindow * 3
                let needed = max(1, (scoredInWindow + 1) / 2)
                var best = Double.infinity
                for tau in 0..<lags where useComplete || count[tau] >= needed {
                    let mean = useComplete ? completeSum[tau] / Double(completeInWindow) : sum[tau] / Double(count[tau])
                    // Sliding sums carry rounding: lags equal to 1e-9 relative count as ties.
                    if best.isInfinite || mean < best - 1e-9 * max(1, best) { best = mean; result[center] = Int32(tau) }
                }
            }
        }}
        return Self.fillFromSupported(result, supported: supported)
    }

    /// Replaces each unsupported estimate by the nearest supported one (the earlier on a tie).
    static func fillFromSupported(_ estimates: [Int32], supported: [Bool]) -> [Int32] {
        let anchors = supported.indices.filter { supported[$0] && estimates[$0] >= 0 }
        guard !anchors.isEmpty else { return estimates }
        var result = estimates
        var next = 0
        for i in estimates.indices where !supported[i] && estimates[i] >= 0 {
            while next + 1 < anchors.count, anchors[next + 1] <= i { next += 1 }
            var nearest = anchors[next]
            if next + 1 < anchors.count, abs(anchors[next + 1] - i) < abs(nearest - i) { nearest = anchors[next + 1] }
            result[i] = estimates[nearest]
        }
        return result
    }
}
