extension LagSearch {
    /// The reference kernel: one candidate at a time, limbs in order.
    func searchScalar(_ l: MaskedAngles, _ d: MaskedAngles, frames: Range<Int>, into output: LagOutput) {
        let ls = l.stride, ds = d.stride, pad = d.leadingPad
        l.values.withUnsafeBufferPointer { lv in
        l.mask.withUnsafeBufferPointer { lm in
        d.values.withUnsafeBufferPointer { dv in
        d.mask.withUnsafeBufferPointer { dm in
            for n in frames {
                var best = Float.infinity
                var bestLag: Int32 = -1
                for tau in 0...maxLag {
                    let score = exactScore(lv, lm, ls: ls, n: n, dv, dm, ds: ds, m: n + pad - tau)
                    if score < best { best = score; bestLag = Int32(tau) }
                }
                output.lag[n] = bestLag
                output.score[n] = bestLag >= 0 ? best : .nan
            }
        }}}}
    }

    /// The score of one candidate, exactly as every kernel computes it.
    @inline(__always)
    func exactScore(_ lv: UnsafeBufferPointer<Float>, _ lm: UnsafeBufferPointer<Float>, ls: Int, n: Int,
                    _ dv: UnsafeBufferPointer<Float>, _ dm: UnsafeBufferPointer<Float>, ds: Int, m: Int) -> Float {
        var s: Float = 0, c: Float = 0
        for i in 0..<Limb.count {
            let weight = lm[i * ls + n] * dm[i * ds + m]
            let diff = lv[i * ls + n] - dv[i * ds + m]
            s += weight * diff * diff
            c += weight
        }
        return c >= minSharedWeight ? s / c : .infinity
    }
}
