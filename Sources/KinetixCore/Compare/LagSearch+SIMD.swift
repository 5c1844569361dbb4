/// The SIMD kernel: 16 consecutive learner frames per vector.
///
/// For one block and one lag, the 16 demonstrator frames are contiguous too, so
/// every load is a plain (unaligned) vector load, the learner's 9 limbs stay in
/// registers across all lags, and no horizontal sum is ever needed. Lanes compute
/// exactly the scalar expression, so results are bitwise equal to the reference.
/// When a block and its whole window are fully tracked, the demonstrator mask
/// loads are skipped (the weights are then the learner's alone, the same values).
extension LagSearch {
    typealias Vector = SIMD16<Float>

    func searchSIMD(_ l: MaskedAngles, _ d: MaskedAngles, frames: Range<Int>, into output: LagOutput) {
        precondition(frames.count % Self.lanes == 0 && Self.lanes == Vector.scalarCount)
        let ls = l.stride, ds = d.stride, pad = d.leadingPad
        let minShared = Vector(repeating: minSharedWeight)
        l.values.withUnsafeBufferPointer { lvb in
        l.mask.withUnsafeBufferPointer { lmb in
        d.values.withUnsafeBufferPointer { dvb in
        d.mask.withUnsafeBufferPointer { dmb in
            let lv = UnsafeRawPointer(lvb.baseAddress!), lm = UnsafeRawPointer(lmb.baseAddress!)
            let dv = UnsafeRawPointer(dvb.baseAddress!), dm = UnsafeRawPointer(dmb.baseAddress!)
            @inline(__always) func load(_ base: UnsafeRawPointer, _ index: Int) -> Vector {
                base.loadUnaligned(fromByteOffset: index &* 4, as: Vector.self)
            }
            for n0 in stride(from: frames.lowerBound, to: frames.upperBound, by: Self.lanes) {
                let l0 = load(lv, n0), l1 = load(lv, ls + n0), l2 = load(lv, 2 * ls + n0)
                let l3 = load(lv, 3 * ls + n0), l4 = load(lv, 4 * ls + n0), l5 = load(lv, 5 * ls + n0)
                let l6 = load(lv, 6 * ls + n0), l7 = load(lv, 7 * ls + n0), l8 = load(lv, 8 * ls + n0)
                let w0 = load(lm, n0), w1 = load(lm, ls + n0), w2 = load(lm, 2 * ls + n0)
                let w3 = load(lm, 3 * ls + n0), w4 = load(lm, 4 * ls + n0), w5 = load(lm, 5 * ls + n0)
                let w6 = load(lm, 6 * ls + n0), w7 = load(lm, 7 * ls + n0), w8 = load(lm, 8 * ls + n0)
                let complete = l.isComplete(n0..<(n0 + Self.lanes))
                    && d.isComplete((n0 + pad - maxLag)..<(n0 + pad + Self.lanes))
                var best = Vector(repeating: .infinity)
                var bestLag = SIMD16<Int32>(repeating: -1)
                if complete {
                    // Every weight is w·1: the learner's weights alone, bitwise the same product.
                    var c = Vector.zero
                    c += w0; c += w1; c += w2; c += w3; c += w4; c += w5; c += w6; c += w7; c += w8
                    let valid = c .>= minShared
                    for tau in 0...maxLag {
                        let m = n0 &+ pad &- tau
                        var s = Vector.zero
                        var diff: Vector
                        diff = l0 - load(dv, m); s += w0 * diff * diff
                        diff = l1 - load(dv, ds &+ m); s += w1 * diff * diff
                        diff = l2 - load(dv, 2 &* ds &+ m); s += w2 * diff * diff
                        diff = l3 - load(dv, 3 &* ds &+ m); s += w3 * diff * diff
                        diff = l4 - load(dv, 4 &* ds &+ m); s += w4 * diff * diff
                        diff = l5 - load(dv, 5 &* ds &+ m); s += w5 * diff * diff
                        diff = l6 - load(dv, 6 &* ds &+ m); s += w6 * diff * diff
                        diff = l7 - load(dv, 7 &* ds &+ m); s += w7 * diff * diff
                        diff = l8 - load(dv, 8 &* ds &+ m); s += w8 * diff * diff
                        var score = s / c
                        score.replace(with: .infinity, where: .!valid)
                        let better = score .< best
                        best.replace(with: score, where: better)
                        bestLag.replace(with: Int32(tau), where: better)
                    }
                } else {
                    for tau in 0...maxLag {
                        let m = n0 &+ pad &- tau
                        var s = Vector.zero, c = Vector.zero
                        var diff: Vector, weight: Vector
                        weight = w0 * load(dm, m); diff = l0 - load(dv, m); s += weight * diff * diff; c += weight
                        weight = w1 * load(dm, ds &+ m); diff = l1 - load(dv, ds &+ m); s += weight * diff * diff; c += weight
                        weight = w2 * load(dm, 2 &* ds &+ m); diff = l2 - load(dv, 2 &* ds &+ m); s += weight * diff * diff; c += weight
                        weight = w3 * load(dm, 3 &* ds &+ m); diff = l3 - load(dv, 3 &* ds &+ m); s += weight * diff * diff; c += weight
                        weight = w4 * load(dm, 4 &* ds &+ m); diff = l4 - load(dv, 4 &* ds &+ m); s += weight * diff * diff; c += weight
                        weight = w5 * load(dm, 5 &* ds &+ m); diff = l5 - load(dv, 5 &* ds &+ m); s += weight * diff * diff; c += weight
                        weight = w6 * load(dm, 6 &* ds &+ m); diff = l6 - load(dv, 6 &* ds &+ m); s += weight * diff * diff; c += weight
                        weight = w7 * load(dm, 7 &* ds &+ m); diff = l7 - load(dv, 7 &* ds &+ m); s += weight * diff * diff; c += weight
                        weight = w8 * load(dm, 8 &* ds &+ m); diff = l8 - load(dv, 8 &* ds &+ m); s += weight * diff * diff; c += weight
                        var score = s / c
                        score.replace(with: .infinity, where: .!(c .>= minShared))
                        let better = score .< best
                        best.replace(with: score, where: better)
                        bestLag.replace(with: Int32(tau), where: better)
                    }
                }
                best.replace(with: .nan, where: bestLag .< 0)
                UnsafeMutableRawPointer(output.lag + n0).storeBytes(of: bestLag, as: SIMD16<Int32>.self)
                UnsafeMutableRawPointer(output.score + n0).storeBytes(of: best, as: Vector.self)
            }
        }}}}
    }
}
