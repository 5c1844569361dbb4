/// The BLAS kernel: matrix products on diagonal tiles, then exact re-scoring.
///
/// With the angles already scaled by √w (`PaddedAngles`), the masked squared
/// difference expands into three products over the limbs,
///
///     Σ mL·mD·(L − D)² = (mL·L²)·mD + mL·(mD·D²) − 2·(mL·L)·(mD·D),
///
/// so one `sgemm` with k = 27 gives every numerator of a tile of T learner frames
/// against its T + maxLag demonstrator frames, and one with k = 9 every shared
/// weight. Only the band τ ∈ 0...maxLag of each tile is used. The expansion loses
/// precision to cancellation (about 27·u·Σw·360² in the numerator), so each frame's
/// candidates within twice that bound of its best are re-scored with the exact
/// expression, which makes τ* and scores equal to the reference kernel's.
extension LagSearch {
    func searchBLAS(_ l: PaddedAngles, _ d: PaddedAngles, frames: Range<Int>, into output: LagOutput) {
        let ls = l.stride
        let ds = d.stride
        let pad = d.leadingPad
        let rule = self.rule
        let tile = max(64, min(512, maxLag))
        let columns = tile + maxLag
        let k = Limb.count
        var a = [Float](repeating: 0, count: tile * 3 * k)
        var aw = [Float](repeating: 0, count: tile * k)
        var b = [Float](repeating: 0, count: columns * 3 * k)
        var bm = [Float](repeating: 0, count: columns * k)
        var sums = [Float](repeating: 0, count: tile * columns)
        var shared = [Float](repeating: 0, count: tile * columns)
        let unit: Float = 0x1p-24
        let bound = 2 * 27 * unit * weights.reduce(0, +) * 360 * 360
        l.values.withUnsafeBufferPointer { lv in
            d.values.withUnsafeBufferPointer { dv in
                var start = frames.lowerBound
                while start < frames.upperBound {
                    let rows = min(tile, frames.upperBound - start)
                    let cols = rows + maxLag
                    // Row r is learner frame start + r; column j is padded demonstrator frame start + j.
                    for r in 0..<rows {
                        for i in 0..<k {
                            let raw = lv[i * ls + start + r]
                            let value: Float = raw.isNaN ? 0 : raw
                            let mask: Float = raw.isNaN ? 0 : 1
                            a[r * 3 * k + i] = mask * value * value
                            a[r * 3 * k + k + i] = mask
                            a[r * 3 * k + 2 * k + i] = -2 * mask * value
                            aw[r * k + i] = raw.isNaN ? 0 : weights[i]
                        }
                    }
                    for j in 0..<cols {
                        for i in 0..<k {
                            let raw = dv[i * ds + start + j]
                            let value: Float = raw.isNaN ? 0 : raw
                            let mask: Float = raw.isNaN ? 0 : 1
                            b[j * 3 * k + i] = mask
                            b[j * 3 * k + k + i] = mask * value * value
                            b[j * 3 * k + 2 * k + i] = mask * value
                            bm[j * k + i] = mask
                        }
                    }
                    BLAS.multiplyTransposed(m: rows, n: cols, k: 3 * k, a: a, lda: 3 * k, b: b, ldb: 3 * k, c: &sums, ldc: cols)
                    BLAS.multiplyTransposed(m: rows, n: cols, k: k, a: aw, lda: k, b: bm, ldb: k, c: &shared, ldc: cols)
                    for r in 0..<rows {
                        let n = start + r
                        // Column of lag τ for this row: r + pad − τ (pad = maxLag).
                        var approximateBest = Float.infinity
                        for tau in 0...maxLag {
                            let j = r + pad - tau
                            let c = shared[r * cols + j]
                            if c >= minSharedWeight * 0.999 {
                                approximateBest = min(approximateBest, max(sums[r * cols + j], 0) / c)
                            }
                        }
                        var bestScore = Float.infinity
                        var bestLag: Int32 = -1
                        if approximateBest.isFinite {
                            for tau in 0...maxLag {
                                let j = r + pad - tau
                                let c = shared[r * cols + j]
                                guard c >= minSharedWeight * 0.999,
                                    max(sums[r * cols + j], 0) / c <= approximateBest + bound / c
                                else { continue }
                                // The reference kernel's own sums and rule, in lag order.
                                let exact = self.sums(rule, lv, ls: ls, n: n, dv, ds: ds, m: n + pad - tau)
                                if let score = rule.score(exact.s, exact.c), LagRule.replaces(score, best: bestScore) {
                                    bestScore = score
                                    bestLag = Int32(tau)
                                }
                            }
                        }
                        output.lag[n] = bestLag
                        output.score[n] = bestLag >= 0 ? bestScore : .nan
                    }
                    start += rows
                }
            }
        }
    }
}
