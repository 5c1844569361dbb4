extension LagSearch {
    /// The reference kernel: one candidate at a time, limbs in order.
    ///
    /// Each candidate's score is s / c (`score(_:_:)`); the lowest wins, in lag order, so
    /// a tie keeps the smaller lag. Every kernel uses this very rule, so they agree
    /// exactly, ties included.
    func searchScalar(_ l: PaddedAngles, _ d: PaddedAngles, frames: Range<Int>, into output: LagOutput) {
        l.values.withUnsafeBufferPointer { lv in
        d.values.withUnsafeBufferPointer { dv in
            for n in frames {
                var bestScore = Float.infinity
                var bestLag: Int32 = -1
                for tau in 0...maxLag {
                    let (s, c) = sums(lv, ls: l.stride, n: n, dv, ds: d.stride, m: n + d.leadingPad - tau)
                    if let score = score(s, c), score < bestScore { bestScore = score; bestLag = Int32(tau) }
                }
                output.lag[n] = bestLag
                output.score[n] = bestLag >= 0 ? bestScore : .nan
            }
        }}
    }

    /// A candidate's score: Σ d² over the shared weight c (one correctly rounded division,
    /// the same in every kernel and instruction set), or nil when c is below
    /// `minSharedWeight` (not a candidate).
    @inline(__always)
    func score(_ s: Float, _ c: Float) -> Float? {
        c >= minSharedWeight ? s / c : nil
    }

    /// Σ dᵢ² and Σ wᵢ over limbs tracked in both, in limb order, where dᵢ = L′ᵢ(n) − D′ᵢ(m)
    /// is the difference of the √w-scaled angles (`PaddedAngles`). Each square is added
    /// with one rounding (`addingSquare`), as every SIMD level computes it.
    @inline(__always)
    func sums(_ lv: UnsafeBufferPointer<Float>, ls: Int, n: Int,
              _ dv: UnsafeBufferPointer<Float>, ds: Int, m: Int) -> (s: Float, c: Float) {
        var s: Float = 0, c: Float = 0
        for i in 0..<Limb.count {
            let diff = lv[i * ls + n] - dv[i * ds + m]
            guard !diff.isNaN else { continue }
            s = s.addingSquare(of: diff)
            c += weights[i]
        }
        return (s, c)
    }

    /// The score s/c of one candidate, or infinity when too few limbs are shared.
    @inline(__always)
    func exactScore(_ lv: UnsafeBufferPointer<Float>, ls: Int, n: Int,
                    _ dv: UnsafeBufferPointer<Float>, ds: Int, m: Int) -> Float {
        let (s, c) = sums(lv, ls: ls, n: n, dv, ds: ds, m: m)
        return score(s, c) ?? .infinity
    }
}
