/// The SIMD kernel: 16 consecutive learner frames per vector, 4 lags side by side.
///
/// For one block and one lag the 16 demonstrator frames are contiguous, so every
/// load is a plain (unaligned) vector load; the learner's 9 limbs stay in registers
/// across all lags; no horizontal sum is ever needed. Each lag's 9-term sum is a
/// chain of dependent additions, so 4 lags are computed side by side to keep the
/// core busy. Lanes compute exactly the scalar reference's sums in the same order
/// and pick the best with the same rule (`searchScalar`), so results are bitwise
/// equal. Blocks whose frames and whole window are fully tracked skip the masking.
extension LagSearch {
    typealias Vector = SIMD16<Float>

    func searchSIMD(_ l: PaddedAngles, _ d: PaddedAngles, frames: Range<Int>, into output: LagOutput) {
        precondition(frames.count % Self.lanes == 0 && Self.lanes == Vector.scalarCount)
        let pad = d.leadingPad
        l.values.withUnsafeBufferPointer { lvb in
        d.values.withUnsafeBufferPointer { dvb in
            let lv = UnsafeRawPointer(lvb.baseAddress!), dv = UnsafeRawPointer(dvb.baseAddress!)
            for n0 in stride(from: frames.lowerBound, to: frames.upperBound, by: Self.lanes) {
                let block = LearnerBlock(lv, stride: l.stride, n0: n0)
                let result = l.isComplete(n0..<(n0 + Self.lanes)) && d.isComplete((n0 + pad - maxLag)..<(n0 + pad + Self.lanes))
                    ? scanComplete(block, dv, ds: d.stride, base: n0 + pad)
                    : scanMasked(block, dv, ds: d.stride, base: n0 + pad)
                var score = result.s / result.c
                score.replace(with: .nan, where: result.lag .< 0)
                UnsafeMutableRawPointer(output.lag + n0).storeBytes(of: result.lag, as: SIMD16<Int32>.self)
                UnsafeMutableRawPointer(output.score + n0).storeBytes(of: score, as: Vector.self)
            }
        }}
    }

    /// Every lag's score for the 16 learner frames from `n0`: `scores[τ × 16 + lane]`
    /// is `exactScore` of frame n0 + lane at lag τ (s/c, or infinity when too few limbs
    /// are shared), bitwise, for τ in 0...maxLag. `scores` holds (maxLag + 1) × 16 floats.
    /// Both layouts must be padded for blocks (`trailingPad` to a multiple of 16).
    func scoreAllLags(_ l: PaddedAngles, _ d: PaddedAngles, n0: Int, into scores: UnsafeMutablePointer<Float>) {
        let pad = d.leadingPad
        l.values.withUnsafeBufferPointer { lvb in
        d.values.withUnsafeBufferPointer { dvb in
            let lv = UnsafeRawPointer(lvb.baseAddress!), dv = UnsafeRawPointer(dvb.baseAddress!)
            let block = LearnerBlock(lv, stride: l.stride, n0: n0)
            let base = n0 + pad
            let minShared = Vector(repeating: minSharedWeight), infinity = Vector(repeating: .infinity)
            let out = UnsafeMutableRawPointer(scores)
            if l.isComplete(n0..<(n0 + Self.lanes)) && d.isComplete((base - maxLag)..<(base + Self.lanes)) {
                let c = Vector(repeating: weights.reduce(0, +))
                for tau in 0...maxLag {
                    var score = block.completeSquares(dv, ds: d.stride, m: base &- tau) / c
                    score.replace(with: infinity, where: c .< minShared)
                    out.storeBytes(of: score, toByteOffset: tau &* 64, as: Vector.self)
                }
            } else {
                let w = LimbWeights(weights)
                for tau in 0...maxLag {
                    let (sum, c) = block.maskedSums(dv, ds: d.stride, m: base &- tau, weights: w)
                    var score = sum / c
                    score.replace(with: infinity, where: c .< minShared)
                    out.storeBytes(of: score, toByteOffset: tau &* 64, as: Vector.self)
                }
            }
        }}
    }

    /// All lags for one fully tracked block; `base` is the padded demonstrator index of lag 0.
    @inline(__always)
    private func scanComplete(_ l: LearnerBlock, _ dv: UnsafeRawPointer, ds: Int, base: Int) -> Best {
        var best = Best(fullWeight: weights.reduce(0, +))
        let c = Vector(repeating: weights.reduce(0, +)), minShared = Vector(repeating: minSharedWeight)
        var tau = 0
        while tau + 3 <= maxLag {
            let a = l.completeSquares(dv, ds: ds, m: base &- tau), b = l.completeSquares(dv, ds: ds, m: base &- tau &- 1)
            let e = l.completeSquares(dv, ds: ds, m: base &- tau &- 2), f = l.completeSquares(dv, ds: ds, m: base &- tau &- 3)
            best.consider(a, c, tau, minShared); best.consider(b, c, tau + 1, minShared)
            best.consider(e, c, tau + 2, minShared); best.consider(f, c, tau + 3, minShared)
            tau += 4
        }
        while tau <= maxLag {
            best.consider(l.completeSquares(dv, ds: ds, m: base &- tau), c, tau, minShared)
            tau += 1
        }
        return best
    }

    /// All lags for a block with untracked limbs. Out of line, so that its extra
    /// registers do not crowd the complete path; its sums are concrete methods, since
    /// Swift outlined a generic specialization and a local function here despite
    /// @inline(__always), which put the learner block through memory on every lag.
    @inline(never)
    private func scanMasked(_ l: LearnerBlock, _ dv: UnsafeRawPointer, ds: Int, base: Int) -> Best {
        var best = Best(fullWeight: weights.reduce(0, +))
        let w = LimbWeights(weights), minShared = Vector(repeating: minSharedWeight)
        var tau = 0
        while tau + 3 <= maxLag {
            let a = l.maskedSums(dv, ds: ds, m: base &- tau, weights: w), b = l.maskedSums(dv, ds: ds, m: base &- tau &- 1, weights: w)
            let e = l.maskedSums(dv, ds: ds, m: base &- tau &- 2, weights: w), f = l.maskedSums(dv, ds: ds, m: base &- tau &- 3, weights: w)
            best.consider(a.0, a.1, tau, minShared); best.consider(b.0, b.1, tau + 1, minShared)
            best.consider(e.0, e.1, tau + 2, minShared); best.consider(f.0, f.1, tau + 3, minShared)
            tau += 4
        }
        while tau <= maxLag {
            let a = l.maskedSums(dv, ds: ds, m: base &- tau, weights: w)
            best.consider(a.0, a.1, tau, minShared)
            tau += 1
        }
        return best
    }
}

/// The best candidate so far in each lane, compared by cross-multiplication (the
/// reference kernel's rule), in lag order.
struct Best {
    var s = SIMD16<Float>(repeating: .infinity), c = SIMD16<Float>(repeating: 1)
    var lag = SIMD16<Int32>(repeating: -1)

    init(fullWeight: Float) {}

    @inline(__always)
    mutating func consider(_ candidateS: SIMD16<Float>, _ candidateC: SIMD16<Float>, _ tau: Int, _ minShared: SIMD16<Float>) {
        let better = (candidateC .>= minShared) .& (candidateS * c .< s * candidateC)
        s.replace(with: candidateS, where: better)
        c.replace(with: candidateC, where: better)
        lag.replace(with: Int32(tau), where: better)
    }
}

/// The 9 limb weights as scalars, so the inner loop reads no array.
struct LimbWeights {
    let w0, w1, w2, w3, w4, w5, w6, w7, w8: Float

    init(_ w: [Float]) { (w0, w1, w2, w3, w4, w5, w6, w7, w8) = (w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8]) }
}

/// The learner's 9 limbs for 16 frames, held in registers.
@usableFromInline
struct LearnerBlock {
    let v0, v1, v2, v3, v4, v5, v6, v7, v8: SIMD16<Float>

    @inline(__always)
    func load(_ dv: UnsafeRawPointer, _ index: Int) -> SIMD16<Float> {
        dv.loadUnaligned(fromByteOffset: index &* 4, as: SIMD16<Float>.self)
    }

    /// Σ d² against the 16 demonstrator frames from padded index `m`, every limb tracked.
    @inline(__always)
    func completeSquares(_ dv: UnsafeRawPointer, ds: Int, m: Int) -> SIMD16<Float> {
        var s = SIMD16<Float>.zero
        var d = v0 - load(dv, m); s += d * d
        d = v1 - load(dv, ds &+ m); s += d * d
        d = v2 - load(dv, 2 &* ds &+ m); s += d * d
        d = v3 - load(dv, 3 &* ds &+ m); s += d * d
        d = v4 - load(dv, 4 &* ds &+ m); s += d * d
        d = v5 - load(dv, 5 &* ds &+ m); s += d * d
        d = v6 - load(dv, 6 &* ds &+ m); s += d * d
        d = v7 - load(dv, 7 &* ds &+ m); s += d * d
        d = v8 - load(dv, 8 &* ds &+ m); s += d * d
        return s
    }

    /// Σ d² and Σ w over limbs tracked on both sides: a NaN difference (a limb missing
    /// on either side) adds nothing, exactly as the scalar loop skips it. Written as
    /// "where tracked, s + d²" so AVX-512 can use one masked add for each.
    @_transparent  // @inline(__always) was not honoured here (measured: 2× slower, out-of-line calls)
    func maskedSums(_ dv: UnsafeRawPointer, ds: Int, m: Int, weights w: LimbWeights) -> (SIMD16<Float>, SIMD16<Float>) {
        var s = SIMD16<Float>.zero, c = SIMD16<Float>.zero
        Self.add(v0 - load(dv, m), w.w0, &s, &c)
        Self.add(v1 - load(dv, ds &+ m), w.w1, &s, &c)
        Self.add(v2 - load(dv, 2 &* ds &+ m), w.w2, &s, &c)
        Self.add(v3 - load(dv, 3 &* ds &+ m), w.w3, &s, &c)
        Self.add(v4 - load(dv, 4 &* ds &+ m), w.w4, &s, &c)
        Self.add(v5 - load(dv, 5 &* ds &+ m), w.w5, &s, &c)
        Self.add(v6 - load(dv, 6 &* ds &+ m), w.w6, &s, &c)
        Self.add(v7 - load(dv, 7 &* ds &+ m), w.w7, &s, &c)
        Self.add(v8 - load(dv, 8 &* ds &+ m), w.w8, &s, &c)
        return (s, c)
    }

    @_transparent
    static func add(_ d: SIMD16<Float>, _ weight: Float, _ s: inout SIMD16<Float>, _ c: inout SIMD16<Float>) {
        let tracked = d .== d
        s.replace(with: s + d * d, where: tracked)
        c.replace(with: c + SIMD16<Float>(repeating: weight), where: tracked)
    }

    @inline(__always)
    init(_ base: UnsafeRawPointer, stride: Int, n0: Int) {
        func load(_ limb: Int) -> SIMD16<Float> {
            base.loadUnaligned(fromByteOffset: (limb &* stride &+ n0) &* 4, as: SIMD16<Float>.self)
        }
        (v0, v1, v2, v3, v4, v5, v6, v7, v8) = (load(0), load(1), load(2), load(3), load(4), load(5), load(6), load(7), load(8))
    }
}
