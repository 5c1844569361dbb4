/// The one rule by which a candidate lag is scored and chosen. The scalar reference
/// kernel, the BLAS kernel's re-scoring, the live comparison and every score a
/// comparison reports (its frames' `distanceDegrees`, the "ahead" check) call it; the
/// SIMD kernels (C, one per instruction set) evaluate the same expression in the same
/// order and are tested against it bit for bit.
///
/// For two frames' angles Lᵢ and Dᵢ (degrees, by `Limb.rawValue`) and weights wᵢ:
///
///     s = Σ (√wᵢ·Lᵢ − √wᵢ·Dᵢ)²     c = Σ wᵢ     (limbs tracked in both, in limb order)
///     score = s / c  (degrees²), or no candidate when c < minSharedWeight
///
/// Each angle is scaled by √wᵢ once (rounded, as the kernels store it; ×1 is exact),
/// and each square is added with one rounding (`addingSquare`). The lowest score wins;
/// a tie keeps the candidate met first, which is the smaller lag.
package struct LagRule: Sendable {
    /// √wᵢ by `Limb.rawValue`; lanes from `Limb.count` on are 1.
    package let scales: SIMD16<Float>
    /// wᵢ by `Limb.rawValue`.
    package let weights: [Float]
    /// The least shared weight c for a candidate.
    package let minSharedWeight: Float

    /// The rule for per-limb `weights` (9) and `minSharedWeight`.
    package init(weights: [Float], minSharedWeight: Float) {
        precondition(weights.count == Limb.count)
        var scales = SIMD16<Float>(repeating: 1)
        for (i, w) in weights.enumerated() { scales[i] = w.squareRoot() }
        self.scales = scales
        self.weights = weights
        self.minSharedWeight = minSharedWeight
    }

    /// `angle` of limb `limb` as the kernels hold it: θ·√w.
    @inline(__always)
    package func scaled(_ angle: Float, limb: Int) -> Float { angle * scales[limb] }

    /// s and c of two frames given by their *scaled* angles (`scaled(_:limb:)`), limb by
    /// limb in order; a limb is shared when the difference is not NaN.
    @inline(__always)
    package func sums(learner: (Int) -> Float, demonstrator: (Int) -> Float) -> (s: Float, c: Float) {
        var s: Float = 0
        var c: Float = 0
        for i in 0..<Limb.count {
            let difference = learner(i) - demonstrator(i)
            guard !difference.isNaN else { continue }
            s = s.addingSquare(of: difference)
            c += weights[i]
        }
        return (s, c)
    }

    /// The score s / c (one correctly rounded division), or nil when c is below
    /// `minSharedWeight`: not a candidate.
    @inline(__always)
    package func score(_ s: Float, _ c: Float) -> Float? {
        c >= minSharedWeight ? s / c : nil
    }

    /// The score of two frames given by their *unscaled* angles (degrees, by limb), or
    /// nil when not a candidate: bit for bit what the kernels give the same pair.
    @inline(__always)
    package func score(learner: (Int) -> Float, demonstrator: (Int) -> Float) -> Float? {
        let (s, c) = sums(learner: { scaled(learner($0), limb: $0) }, demonstrator: { scaled(demonstrator($0), limb: $0) })
        return score(s, c)
    }

    /// True when a candidate scoring `score` replaces the best so far, `best`: strictly
    /// lower, so candidates taken in lag order keep the smaller lag on a tie.
    @inline(__always)
    package static func replaces(_ score: Float, best: Float) -> Bool { score < best }
}
