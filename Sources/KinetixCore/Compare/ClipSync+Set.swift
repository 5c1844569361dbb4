import Foundation

extension ClipSync {
    /// Several clips synced together: every pair, and the offsets checked to add up.
    public struct SetResult: Equatable, Sendable {
        /// One clip's place on the reference's (the first clip's) clock.
        public struct Clip: Equatable, Sendable {
            /// Seconds to add to its times; from the consistent, trusted pairs (a weighted
            /// least-squares fit of every such pair, not only the pair with the reference);
            /// nil when no such pair connects it to the reference.
            public let offsetSeconds: Double?
            /// How sure `offsetSeconds` is: the best of its pairs that agree with the
            /// rest; 0 when no pair places it or it is named inconsistent. (Loops that add
            /// up show the pairs agree, not that a short match is no chance match.)
            public let confidence: Double
            /// Its pairs that did not add up with the others (dropped from the fit).
            public let inconsistentPairs: Int
            /// Whether it is named as the one whose offsets do not add up.
            public let isInconsistent: Bool
        }

        /// One pair's own answer.
        public struct Pair: Equatable, Sendable {
            /// The earlier clip (whose clock the answer is on) and the later one.
            public let first: Int, second: Int
            /// Its answer; nil when the pair could not be lined up (`failure`).
            public let result: Result?
            /// Why not, when `result` is nil.
            public let failure: String?
            /// Its answer minus the fit's (`second`'s offset − `first`'s), seconds; nil when
            /// either is not placed.
            public let residualSeconds: Double?
            /// Whether the fit used it (trusted, and adding up with the others).
            public let isUsed: Bool
        }

        /// Every clip, the reference first, in the order given.
        public let clips: [Clip]
        /// Every pair of clips, each once (first < second).
        public let pairs: [Pair]
        /// How far a pair may miss the fit and still add up, seconds (1.5 grid frames).
        public let toleranceSeconds: Double
        /// The worst misclosure of a loop of three trusted pairs (o₁₂ + o₂₃ − o₁₃), seconds.
        public let worstLoopSeconds: Double?
    }

    /// Every clip's offset against the first, from every pair of clips.
    ///
    /// Each pair is lined up on its own (`offset(of:to:options:)`); the clear pairs
    /// (`shapeConfidence` ≥ `trustedConfidence`) are fitted together by weighted least squares
    /// (weights: their confidences), and while a pair misses the fit by more than 1.5
    /// frames, the worst is dropped and the fit made again. A clip is named inconsistent
    /// when it has the most dropped pairs. With two clips this is the pair's own answer.
    public static func offsets(of clips: [Sidecar], options: Options = Options()) throws(KinetixError) -> SetResult {
        guard clips.count >= 2 else { throw KinetixError(.invalidSetting, "give at least two clips to line up") }
        var pairs: [(Int, Int, Result?, String?)] = []
        for i in 0..<clips.count {
            for j in (i + 1)..<clips.count {
                do throws(KinetixError) {
                    pairs.append((i, j, try offset(of: clips[j], to: clips[i], options: options), nil))
                } catch {
                    if clips.count == 2 { throw error }
                    pairs.append((i, j, nil, error.description))
                }
            }
        }
        let rate = pairs.compactMap { $0.2?.rate }.max() ?? Sidecar.fallbackFrameRate
        let tolerance = 1.5 / rate
        // Pairs whose curve is clear, however short: their loops check them.
        let trustedPairs = pairs.indices.filter { (pairs[$0].2?.shapeConfidence ?? 0) >= trustedConfidence }
        let (fit, usedSlots, droppedSlots) = consensus(
            count: clips.count, tolerance: tolerance,
            pairs: trustedPairs.map { (pairs[$0].0, pairs[$0].1, pairs[$0].2!.offsetSeconds, pairs[$0].2!.shapeConfidence) })
        let used = usedSlots.map { trustedPairs[$0] }
        let dropped = droppedSlots.map { trustedPairs[$0] }
        var droppedCount = [Int](repeating: 0, count: clips.count)
        for p in dropped {
            droppedCount[pairs[p].0] += 1
            droppedCount[pairs[p].1] += 1
        }
        let most = droppedCount.max() ?? 0
        var worstLoop: Double?
        let trusted = trustedPairs.map { pairs[$0] }
        func trustedOffset(_ i: Int, _ j: Int) -> Double? { trusted.first { $0.0 == i && $0.1 == j }?.2?.offsetSeconds }
        for i in 0..<clips.count {
            for j in (i + 1)..<clips.count {
                for k in (j + 1)..<clips.count {
                    guard let a = trustedOffset(i, j), let b = trustedOffset(j, k), let c = trustedOffset(i, k) else { continue }
                    worstLoop = max(worstLoop ?? 0, abs(a + b - c))
                }
            }
        }
        let clipResults = (0..<clips.count).map { c -> SetResult.Clip in
            let mine = used.filter { pairs[$0].0 == c || pairs[$0].1 == c }
            let named = most > 0 && droppedCount[c] == most
            // A loop that adds up shows the pairs agree, not that a short match is no
            // chance match: cameras synced to each other all match an unrelated clip at
            // one place (measured), so the loop closes. Each clip is as sure as its best pair.
            var confidence = mine.map { pairs[$0].2!.confidence }.max() ?? 0
            if c == 0 { confidence = 1 } else if fit[c] == nil || named { confidence = 0 }
            return SetResult.Clip(
                offsetSeconds: fit[c], confidence: confidence, inconsistentPairs: droppedCount[c],
                isInconsistent: named)
        }
        let pairResults = pairs.indices.map { p -> SetResult.Pair in
            let (i, j, r, failure) = pairs[p]
            var residual: Double?
            if let r, let ci = fit[i], let cj = fit[j] { residual = r.offsetSeconds - (cj - ci) }
            return SetResult.Pair(first: i, second: j, result: r, failure: failure, residualSeconds: residual, isUsed: used.contains(p))
        }
        return SetResult(clips: clipResults, pairs: pairResults, toleranceSeconds: tolerance, worstLoopSeconds: worstLoop)
    }

    /// The clock offsets of `count` clips from pair offsets (first, second, offset,
    /// weight): fitted by least squares, the pair furthest off the fit dropped while it
    /// misses by more than `tolerance`. Returns the fit and the pairs used and dropped
    /// (indices into `pairs`).
    package static func consensus(count: Int, tolerance: Double, pairs: [(Int, Int, Double, Double)]) -> (
        fit: [Double?], used: [Int], dropped: [Int]
    ) {
        var used = Array(pairs.indices)
        var dropped: [Int] = []
        while true {
            let fit = leastSquares(count: count, pairs: used.map { pairs[$0] })
            let misses = used.map { p -> (Int, Double) in
                let (i, j, o, _) = pairs[p]
                guard let ci = fit[i], let cj = fit[j] else { return (p, 0) }
                return (p, abs(o - (cj - ci)))
            }
            guard let worst = misses.max(by: { $0.1 < $1.1 }), worst.1 > tolerance else { return (fit, used, dropped) }
            dropped.append(worst.0)
            used.removeAll { $0 == worst.0 }
        }
    }

    /// Clock offsets c (c₀ = 0) minimising Σ w (o − (c_j − c_i))² over `pairs`; nil for
    /// a clip no pair connects to clip 0.
    static func leastSquares(count: Int, pairs: [(Int, Int, Double, Double)]) -> [Double?] {
        // Clips connected to 0.
        var connected = Set([0])
        var changed = true
        while changed {
            changed = false
            for (i, j, _, _) in pairs where connected.contains(i) != connected.contains(j) {
                connected.insert(i)
                connected.insert(j)
                changed = true
            }
        }
        let unknowns = (1..<count).filter { connected.contains($0) }
        var slot = [Int: Int]()
        for (s, c) in unknowns.enumerated() { slot[c] = s }
        let m = unknowns.count
        var a = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: m)
        for (i, j, o, w) in pairs where connected.contains(i) && connected.contains(j) {
            // w (c_j − c_i − o)²
            let si = slot[i]
            let sj = slot[j]
            if let sj {
                a[sj][sj] += w
                a[sj][m] += w * o
                if let si { a[sj][si] -= w }
            }
            if let si {
                a[si][si] += w
                a[si][m] -= w * o
                if let sj { a[si][sj] -= w }
            }
        }
        // Gaussian elimination with partial pivoting.
        for col in 0..<m {
            guard let pivot = (col..<m).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-12 else { continue }
            a.swapAt(col, pivot)
            for row in 0..<m where row != col {
                let f = a[row][col] / a[col][col]
                if f != 0 { for k in col...m { a[row][k] -= f * a[col][k] } }
            }
        }
        var result = [Double?](repeating: nil, count: count)
        result[0] = 0
        for (s, c) in unknowns.enumerated() where abs(a[s][s]) > 1e-12 { result[c] = a[s][m] / a[s][s] }
        return result
    }
}
