import CKinetixLag
import Foundation

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
///
/// The window's sums are exact (`LagWindow`), so a long clip is tracked in pieces on
/// several cores, each piece starting from the window its first frame would have had,
/// with results identical to one pass (and to `LiveComparison`'s frame-by-frame pass).
package struct LagTracker: Sendable {
    package var search: LagSearch
    /// Frames on each side of the centre frame.
    package var halfWindow: Int
    /// Lags within this many frames of the best are its neighbourhood, for its margin
    /// (`LagWindow.margin(of:separation:)`).
    package var separation: Int

    package init(search: LagSearch, halfWindow: Int, separation: Int = 1) {
        self.search = search
        self.halfWindow = halfWindow
        self.separation = separation
    }

    /// How far an unsupported frame looks for a supported estimate to borrow, in
    /// frames: half the window. Bounded so a streaming comparison can finalize a frame
    /// a fixed time after it (`LiveComparison`).
    package var fillRadius: Int { halfWindow }

    /// Tracking lags for every frame of the shared grid, in grid frames.
    /// - Complexity: O(*n* × `maxLag` × 9) time, O(`halfWindow` × `maxLag`) memory per thread.
    package func run(learner: AngleSeries, demonstrator: AngleSeries) -> [Int32] {
        runWithMargins(learner: learner, demonstrator: demonstrator).lags
    }

    /// `run`, and each frame's margin: how much better its window's best lag is than the
    /// best lag outside its neighbourhood (`LagWindow.margin`; NaN where undefined), taken
    /// from the frame whose estimate it uses.
    package func runWithMargins(learner: AngleSeries, demonstrator: AngleSeries) -> (lags: [Int32], margins: [Float]) {
        let n = learner.frameCount
        let lanes = LagSearch.lanes
        let padded = (n + lanes - 1) / lanes * lanes
        let l = PaddedAngles(learner, scales: search.scales, trailingPad: padded - n)
        let d = PaddedAngles(demonstrator, scales: search.scales, leadingPad: search.maxLag, trailingPad: padded - n)
        var estimates = [Int32](repeating: -1, count: n)
        var supported = [Bool](repeating: false, count: n)
        var margins = [Float](repeating: .nan, count: n)
        let pieces = pieceCount(frames: n)
        search.withProblem(l, d) { problem in
            estimates.withUnsafeMutableBufferPointer { estimates in
                supported.withUnsafeMutableBufferPointer { supported in
                    margins.withUnsafeMutableBufferPointer { margins in
                        let output = TrackerOutput(
                            problem: problem, estimates: estimates.baseAddress!, supported: supported.baseAddress!,
                            margins: margins.baseAddress!)
                        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
                            track(centers: (n * piece / pieces)..<(n * (piece + 1) / pieces), frames: n, into: output)
                        }
                    }
                }
            }
        }
        let (filled, source) = Self.fillFromSupported(estimates, supported: supported, radius: fillRadius)
        return (filled, source.map { $0 >= 0 ? margins[$0] : .nan })
    }

    /// Pieces a clip of `frames` frames is tracked in: one per thread when each piece is
    /// long against the window it must re-read (and the windows' rings stay small), else 1.
    func pieceCount(frames n: Int) -> Int {
        let threads = search.threads > 0 ? search.threads : ProcessInfo.processInfo.activeProcessorCount
        let lags = search.maxLag + 1
        let rows = 2 * halfWindow + 2
        guard threads > 1, Double(n) * Double(lags) >= 2e6, rows * lags <= 1 << 24 else { return 1 }
        return max(1, min(threads, n / (16 * rows)))
    }

    /// The tracking estimates of `centers`, written into `output`.
    private func track(centers: Range<Int>, frames n: Int, into output: TrackerOutput) {
        guard !centers.isEmpty else { return }
        let lanes = LagSearch.lanes
        let lags = search.maxLag + 1
        var window = LagWindow(lags: lags, halfWindow: halfWindow)
        // Scores of one 16-frame block at every lag (the SIMD kernel, equal to
        // `LagRule`'s score bitwise), computed when the window first reaches the block.
        var blockScores = [Float](repeating: .infinity, count: lags * lanes)
        var scoredBlock = -1
        blockScores.withUnsafeMutableBufferPointer { scores in
            let scores = scores.baseAddress!
            func add(_ frame: Int) {
                if frame / lanes != scoredBlock {
                    scoredBlock = frame / lanes
                    search.scoreAllLags(output.problem, n0: scoredBlock * lanes, into: scores)
                }
                let lane = frame % lanes
                window.add(frame: frame) { tau in scores[tau &* lanes &+ lane] }
            }
            // The window just before the first centre: what one pass from frame 0 holds
            // there, exactly, since the sums are exact.
            let first = centers.lowerBound
            for frame in max(0, first - halfWindow - 1)..<min(first + halfWindow, n) { add(frame) }
            for center in centers {
                if center + halfWindow < n { add(center + halfWindow) }
                if center - halfWindow - 1 >= 0 { window.remove(frame: center - halfWindow - 1) }
                let estimate = window.estimate()
                (output.estimates[center], output.supported[center]) = estimate
                output.margins[center] = estimate.lag >= 0 ? window.margin(of: Int(estimate.lag), separation: separation) : .nan
            }
        }
    }

    /// Replaces each unsupported estimate by the nearest supported one at most
    /// `radius` frames away (the earlier on a tie); with none that near, it stands.
    /// Also returns, per frame, the frame whose estimate it holds (-1 for none).
    static func fillFromSupported(_ estimates: [Int32], supported: [Bool], radius: Int) -> (estimates: [Int32], source: [Int]) {
        var source = estimates.indices.map { estimates[$0] >= 0 ? $0 : -1 }
        let anchors = supported.indices.filter { supported[$0] && estimates[$0] >= 0 }
        guard !anchors.isEmpty else { return (estimates, source) }
        var result = estimates
        var next = 0
        for i in estimates.indices where !supported[i] && estimates[i] >= 0 {
            while next + 1 < anchors.count, anchors[next + 1] <= i { next += 1 }
            var nearest = anchors[next]
            if next + 1 < anchors.count, abs(anchors[next + 1] - i) < abs(nearest - i) { nearest = anchors[next + 1] }
            if abs(nearest - i) <= radius {
                result[i] = estimates[nearest]
                source[i] = nearest
            }
        }
        return (result, source)
    }
}

/// Where the pieces of a tracking pass read and write: the kernel's problem (read
/// only) and disjoint ranges of the estimates.
private struct TrackerOutput: @unchecked Sendable {
    let problem: UnsafePointer<kinetix_lag_problem>
    let estimates: UnsafeMutablePointer<Int32>
    let supported: UnsafeMutablePointer<Bool>
    let margins: UnsafeMutablePointer<Float>
}

/// The sliding state of `LagTracker`: each frame's score per lag in a ring, and
/// running sums per lag over the frames in the window.
///
/// The sums are exact: each score is counted as a whole number of 2⁻²⁰ degree² units
/// (`units(_:)`), so adding and taking away frames leaves no rounding behind. The state
/// for a window is the same whatever order its frames came in, offline, in pieces on
/// several threads, or frame by frame in `LiveComparison`, and so are the lags; ties
/// are exact ties.
package struct LagWindow: Sendable {
    let lags: Int
    let ringRows: Int
    /// Scores in `units`, -1 where the lag is not a candidate: converted once, when the
    /// frame comes in, and taken away again as the same integers.
    var ring: [Int64]
    var sum: [Int64]
    var completeSum: [Int64]
    var count: [Int64]
    var scoredInWindow = 0
    var completeInWindow = 0
    var rowScored: [Bool]
    var rowComplete: [Bool]

    package init(lags: Int, halfWindow: Int) {
        self.lags = lags
        ringRows = 2 * halfWindow + 2
        ring = [Int64](repeating: -1, count: ringRows * lags)
        sum = [Int64](repeating: 0, count: lags)
        completeSum = sum
        count = sum
        rowScored = [Bool](repeating: false, count: ringRows)
        rowComplete = rowScored
    }

    /// A score (degrees², finite and not negative) in whole 2⁻²⁰ degree² units, rounded
    /// to nearest; scores above 2²⁰ degree² (no angle difference reaches that) count as
    /// 2²⁰. A window of up to 2²⁰ frames sums below 2⁶¹: no overflow.
    @inline(__always)
    static func units(_ score: Float) -> Int64 {
        Int64(min(Double(score), 0x1p20) * 0x1p20 + 0.5)
    }

    /// Adds `frame` with its score at each lag (infinity where not a candidate).
    package mutating func add(frame: Int, score: (Int) -> Float) {
        let slot = frame % ringRows
        let row = slot * lags
        let lags = self.lags
        var any = false
        var all = true
        ring.withUnsafeMutableBufferPointer { ring in
            let values = ring.baseAddress! + row
            for tau in 0..<lags {
                let value = score(tau)
                let candidate = value.isFinite
                values[tau] = candidate ? Self.units(value) : -1
                any = any || candidate
                all = all && candidate
            }
        }
        rowScored[slot] = any
        rowComplete[slot] = all
        accumulate(slot, sign: 1)
    }

    /// Removes `frame`, which must be the oldest frame still in the window.
    package mutating func remove(frame: Int) { accumulate(frame % ringRows, sign: -1) }

    /// Adds (`sign` 1) or takes away (-1) the scores of ring row `slot`.
    private mutating func accumulate(_ slot: Int, sign: Int) {
        guard rowScored[slot] else { return }
        scoredInWindow += sign
        let complete = rowComplete[slot]
        if complete { completeInWindow += sign }
        let row = slot * lags
        let lags = self.lags
        let step = Int64(sign)
        ring.withUnsafeBufferPointer { ring in
            sum.withUnsafeMutableBufferPointer { sum in
                completeSum.withUnsafeMutableBufferPointer { completeSum in
                    count.withUnsafeMutableBufferPointer { count in
                        let values = ring.baseAddress! + row
                        if complete {  // every lag of the row is a candidate
                            for tau in 0..<lags {
                                let value = step &* values[tau]
                                sum[tau] &+= value
                                count[tau] &+= step
                                completeSum[tau] &+= value
                            }
                        } else {
                            for tau in 0..<lags where values[tau] >= 0 {
                                sum[tau] &+= step &* values[tau]
                                count[tau] &+= step
                            }
                        }
                    }
                }
            }
        }
    }

    /// How clearly `lag` beats every lag more than `separation` frames from it, 0...1:
    /// 1 − mean(lag) / min mean(τ) over those τ, with the means `estimate` compares
    /// (the complete frames' sums, else each lag's own mean over at least half the
    /// scored frames). 0: a distant lag fits as well (a wrong lag looks like this);
    /// NaN when no distant lag is a candidate or the best fits perfectly and so does one.
    package func margin(of lag: Int, separation: Int) -> Float {
        guard lag >= 0, lag < lags, scoredInWindow > 0 else { return .nan }
        let useComplete = completeInWindow > 0 && completeInWindow * 4 >= scoredInWindow
        let needed = Int64(max(1, (scoredInWindow + 1) / 2))
        func mean(_ tau: Int) -> Double? {
            if useComplete { return Double(completeSum[tau]) }
            return count[tau] >= needed ? Double(sum[tau]) / Double(count[tau]) : nil
        }
        guard let own = mean(lag) else { return .nan }
        var rival = Double.infinity
        for tau in 0..<lags where abs(tau - lag) > separation {
            if let m = mean(tau), m < rival { rival = m }
        }
        guard rival.isFinite, rival > 0 else { return .nan }
        return Float(max(0, 1 - own / rival))
    }

    /// The window's best lag (-1 when no frame in it is scored), and whether it is
    /// supported (at least three quarters of its scored frames are complete).
    package func estimate() -> (lag: Int32, supported: Bool) {
        guard scoredInWindow > 0 else { return (-1, false) }
        let supported = completeInWindow * 4 >= scoredInWindow * 3
        var result = -1
        if completeInWindow > 0 && completeInWindow * 4 >= scoredInWindow {
            // Every lag is averaged over the same complete frames: the least sum is the least mean.
            completeSum.withUnsafeBufferPointer { completeSum in
                var best = Int64.max
                for tau in 0..<lags where completeSum[tau] < best {
                    best = completeSum[tau]
                    result = tau
                }
            }
            return (Int32(result), supported)
        }
        let needed = Int64(max(1, (scoredInWindow + 1) / 2))
        sum.withUnsafeBufferPointer { sum in
            count.withUnsafeBufferPointer { count in
                var bestSum: Int64 = 0
                var bestCount: Int64 = 1
                for tau in 0..<lags where count[tau] >= needed {
                    // sum / count < bestSum / bestCount, compared exactly in 128 bits.
                    let left = sum[tau].multipliedFullWidth(by: bestCount)
                    let right = bestSum.multipliedFullWidth(by: count[tau])
                    if result < 0 || left.high < right.high || (left.high == right.high && left.low < right.low) {
                        bestSum = sum[tau]
                        bestCount = count[tau]
                        result = tau
                    }
                }
            }
        }
        return (Int32(result), supported)
    }
}
