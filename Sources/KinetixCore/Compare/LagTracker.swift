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
package struct LagTracker: Sendable {
    package var search: LagSearch
    /// Frames on each side of the centre frame.
    package var halfWindow: Int

    package init(search: LagSearch, halfWindow: Int) {
        self.search = search
        self.halfWindow = halfWindow
    }

    /// How far an unsupported frame looks for a supported estimate to borrow, in
    /// frames: half the window. Bounded so a streaming comparison can finalize a frame
    /// a fixed time after it (`LiveComparison`).
    package var fillRadius: Int { halfWindow }

    /// Tracking lags for every frame of the shared grid, in grid frames.
    /// - Complexity: O(*n* × `maxLag` × 9) time, O(`halfWindow` × `maxLag`) memory.
    package func run(learner: AngleSeries, demonstrator: AngleSeries) -> [Int32] {
        let n = learner.frameCount
        let lanes = LagSearch.lanes
        let padded = (n + lanes - 1) / lanes * lanes
        let l = PaddedAngles(learner, scales: search.scales, trailingPad: padded - n)
        let d = PaddedAngles(demonstrator, scales: search.scales, leadingPad: search.maxLag, trailingPad: padded - n)
        let lags = search.maxLag + 1
        var window = LagWindow(lags: lags, halfWindow: halfWindow)
        var estimates = [Int32](repeating: -1, count: n)
        var supported = [Bool](repeating: false, count: n)
        // Scores of one 16-frame block at every lag (the SIMD kernel, equal to
        // `exactScore` bitwise), computed when the window first reaches the block.
        var blockScores = [Float](repeating: .infinity, count: lags * lanes)
        var scoredBlock = -1
        search.withProblem(l, d) { problem in
        blockScores.withUnsafeMutableBufferPointer { scores in
            let scores = scores.baseAddress!
            func add(_ frame: Int) {
                if frame / lanes != scoredBlock {
                    scoredBlock = frame / lanes
                    search.scoreAllLags(problem, n0: scoredBlock * lanes, into: scores)
                }
                let lane = frame % lanes
                window.add(frame: frame) { tau in scores[tau &* lanes &+ lane] }
            }
            for frame in 0..<min(halfWindow, n) { add(frame) }
            for center in 0..<n {
                if center + halfWindow < n { add(center + halfWindow) }
                if center - halfWindow - 1 >= 0 { window.remove(frame: center - halfWindow - 1) }
                (estimates[center], supported[center]) = window.estimate()
            }
        }}
        return Self.fillFromSupported(estimates, supported: supported, radius: fillRadius)
    }

    /// Replaces each unsupported estimate by the nearest supported one at most
    /// `radius` frames away (the earlier on a tie); with none that near, it stands.
    static func fillFromSupported(_ estimates: [Int32], supported: [Bool], radius: Int) -> [Int32] {
        let anchors = supported.indices.filter { supported[$0] && estimates[$0] >= 0 }
        guard !anchors.isEmpty else { return estimates }
        var result = estimates
        var next = 0
        for i in estimates.indices where !supported[i] && estimates[i] >= 0 {
            while next + 1 < anchors.count, anchors[next + 1] <= i { next += 1 }
            var nearest = anchors[next]
            if next + 1 < anchors.count, abs(anchors[next + 1] - i) < abs(nearest - i) { nearest = anchors[next + 1] }
            if abs(nearest - i) <= radius { result[i] = estimates[nearest] }
        }
        return result
    }
}

/// The sliding state of `LagTracker`: each frame's score per lag in a ring, and
/// running sums per lag over the frames in the window. Offline and streaming
/// comparisons feed it the same frames in the same order, so their sums, and hence
/// their lags, are bitwise equal.
package struct LagWindow: Sendable {
    let lags: Int
    let ringRows: Int
    var ring: [Float]
    var sum: [Double]
    var completeSum: [Double]
    var count: [Int]
    var scoredInWindow = 0
    var completeInWindow = 0
    var rowScored: [Bool]
    var rowComplete: [Bool]

    package init(lags: Int, halfWindow: Int) {
        self.lags = lags
        ringRows = 2 * halfWindow + 2
        ring = [Float](repeating: .infinity, count: ringRows * lags)
        sum = [Double](repeating: 0, count: lags)
        completeSum = sum
        count = [Int](repeating: 0, count: lags)
        rowScored = [Bool](repeating: false, count: ringRows)
        rowComplete = rowScored
    }

    /// Adds `frame` with its score at each lag (infinity where not a candidate).
    package mutating func add(frame: Int, score: (Int) -> Float) {
        let slot = frame % ringRows, row = slot * lags, lags = self.lags
        var any = false, all = true
        ring.withUnsafeMutableBufferPointer { ring in
            let values = ring.baseAddress! + row
            for tau in 0..<lags {
                let value = score(tau)
                values[tau] = value
                any = any || value.isFinite
                all = all && value.isFinite
            }
        }
        rowScored[slot] = any
        rowComplete[slot] = all
        accumulate(slot, sign: 1)
    }

    /// Removes `frame`, which must be the oldest frame still in the window.
    package mutating func remove(frame: Int) { accumulate(frame % ringRows, sign: -1) }

    /// Adds (`sign` 1) or takes away (-1) the scores of ring row `slot`, lag by lag in
    /// the same order whatever the row, so sliding sums stay reproducible.
    private mutating func accumulate(_ slot: Int, sign: Int) {
        guard rowScored[slot] else { return }
        scoredInWindow += sign
        let complete = rowComplete[slot]
        if complete { completeInWindow += sign }
        let row = slot * lags, lags = self.lags, factor = Double(sign)
        ring.withUnsafeBufferPointer { ring in
        sum.withUnsafeMutableBufferPointer { sum in
        completeSum.withUnsafeMutableBufferPointer { completeSum in
        count.withUnsafeMutableBufferPointer { count in
            let values = ring.baseAddress! + row
            if complete {  // every score of the row is finite
                for tau in 0..<lags {
                    let value = factor * Double(values[tau])
                    sum[tau] += value
                    count[tau] += sign
                    completeSum[tau] += value
                }
            } else {
                for tau in 0..<lags where values[tau].isFinite {
                    sum[tau] += factor * Double(values[tau])
                    count[tau] += sign
                }
            }
        }}}}
    }

    /// The window's best lag (-1 when no frame in it is scored), and whether it is
    /// supported (at least three quarters of its scored frames are complete).
    package func estimate() -> (lag: Int32, supported: Bool) {
        guard scoredInWindow > 0 else { return (-1, false) }
        let useComplete = completeInWindow > 0 && completeInWindow * 4 >= scoredInWindow
        let supported = completeInWindow * 4 >= scoredInWindow * 3
        let needed = max(1, (scoredInWindow + 1) / 2)
        var best = Double.infinity
        var result: Int32 = -1
        sum.withUnsafeBufferPointer { sum in
        completeSum.withUnsafeBufferPointer { completeSum in
        count.withUnsafeBufferPointer { count in
            for tau in 0..<lags where useComplete || count[tau] >= needed {
                let mean = useComplete ? completeSum[tau] / Double(completeInWindow) : sum[tau] / Double(count[tau])
                // Sliding sums carry rounding: lags equal to 1e-9 relative count as ties.
                if best.isInfinite || mean < best - 1e-9 * max(1, best) { best = mean; result = Int32(tau) }
            }
        }}}
        return (result, supported)
    }
}
