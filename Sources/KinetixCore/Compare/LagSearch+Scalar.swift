extension LagSearch {
    /// The reference kernel: one candidate at a time, limbs in order.
    ///
    /// Candidates are compared by `beats` in lag order; every kernel uses this very
    /// rule, so they agree exactly, ties included.
    func searchScalar(_ l: PaddedAngles, _ d: PaddedAngles, frames: Range<Int>, into output: LagOutput) {
        l.values.withUnsafeBufferPointer { lv in
        d.values.withUnsafeBufferPointer { dv in
            for n in frames {
                var best = (s: Float.infinity, c: Float(1))
                var bestLag: Int32 = -1
                for tau in 0...maxLag {
                    let (s, c) = sums(lv, ls: l.stride, n: n, dv, ds: d.stride, m: n + d.leadingPad - tau)
                    if c >= minSharedWeight, Self.beats(s, c, best.s, best.c) { best = (s, c); bestLag = Int32(tau) }
                }
                output.lag[n] = bestLag
                output.score[n] = bestLag >= 0 ? best.s / best.c : .nan
            }
        }}
    }

    /// Whether candidate (s, c) beats the best so far (sᵦ, cᵦ), s being Σ d² and c the
    /// shared weight: the score order s/c < sᵦ/cᵦ without a division. With equal
    /// weights (every fully tracked candidate) it compares the sums themselves; with
    /// different weights, by cross-multiplication, s·cᵦ < sᵦ·c.
    @inline(__always)
    static func beats(_ s: Float, _ c: Float, _ bestS: Float, _ bestC: Float) -> Bool {
        c == bestC ? s < bestS : s * bestC < bestS * c
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
        return c >= minSharedWeight ? s / c : .infinity
    }
}
