extension LagSearch {
    /// The reference kernel: one candidate at a time, limbs in order, each scored and
    /// chosen by `LagRule`; every other kernel is tested against it bit for bit, ties
    /// included.
    func searchScalar(_ l: PaddedAngles, _ d: PaddedAngles, frames: Range<Int>, into output: LagOutput) {
        let rule = self.rule
        l.values.withUnsafeBufferPointer { lv in
            d.values.withUnsafeBufferPointer { dv in
                for n in frames {
                    var bestScore = Float.infinity
                    var bestLag: Int32 = -1
                    for tau in 0...maxLag {
                        let (s, c) = sums(rule, lv, ls: l.stride, n: n, dv, ds: d.stride, m: n + d.leadingPad - tau)
                        if let score = rule.score(s, c), LagRule.replaces(score, best: bestScore) {
                            bestScore = score
                            bestLag = Int32(tau)
                        }
                    }
                    output.lag[n] = bestLag
                    output.score[n] = bestLag >= 0 ? bestScore : .nan
                }
            }
        }
    }

    /// `rule.sums` of learner frame `n` and demonstrator frame `m` of two padded series
    /// (scaled angles, limb-major with strides `ls` and `ds`).
    @inline(__always)
    func sums(
        _ rule: LagRule, _ lv: UnsafeBufferPointer<Float>, ls: Int, n: Int,
        _ dv: UnsafeBufferPointer<Float>, ds: Int, m: Int
    ) -> (s: Float, c: Float) {
        rule.sums(learner: { lv[$0 * ls + n] }, demonstrator: { dv[$0 * ds + m] })
    }
}
