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
                    ? scan(block, dv, ds: d.stride, base: n0 + pad, masking: Unmasked.self)
                    : scan(block, dv, ds: d.stride, base: n0 + pad, masking: Masked.self)
                var score = result.s / result.c
                score.replace(with: .nan, where: result.lag .< 0)
                UnsafeMutableRawPointer(output.lag + n0).storeBytes(of: result.lag, as: SIMD16<Int32>.self)
                UnsafeMutableRawPointer(output.score + n0).storeBytes(of: score, as: Vector.self)
            }
        }}
    }

    /// All lags for one block; `base` is the padded demonstrator index of lag 0.
    @inline(__always)
    private func scan<M: LaneMasking>(_ l: LearnerBlock, _ dv: UnsafeRawPointer, ds: Int, base: Int,
                                      masking: M.Type) -> (s: Vector, c: Vector, lag: SIMD16<Int32>) {
        let minShared = Vector(repeating: minSharedWeight)
        let fullWeight = Vector(repeating: weights.reduce(0, +))
        let w = weights
        @inline(__always) func load(_ index: Int) -> Vector {
            dv.loadUnaligned(fromByteOffset: index &* 4, as: Vector.self)
        }
        @inline(__always) func sums(_ m: Int) -> (s: Vector, c: Vector) {
            var s = Vector.zero, c = Vector.zero
            M.add(l.v0 - load(m), w[0], &s, &c)
            M.add(l.v1 - load(ds &+ m), w[1], &s, &c)
            M.add(l.v2 - load(2 &* ds &+ m), w[2], &s, &c)
            M.add(l.v3 - load(3 &* ds &+ m), w[3], &s, &c)
            M.add(l.v4 - load(4 &* ds &+ m), w[4], &s, &c)
            M.add(l.v5 - load(5 &* ds &+ m), w[5], &s, &c)
            M.add(l.v6 - load(6 &* ds &+ m), w[6], &s, &c)
            M.add(l.v7 - load(7 &* ds &+ m), w[7], &s, &c)
            M.add(l.v8 - load(8 &* ds &+ m), w[8], &s, &c)
            return (s, M.tracksWeight ? c : fullWeight)
        }
        var bestS = Vector(repeating: .infinity), bestC = Vector(repeating: 1)
        var bestLag = SIMD16<Int32>(repeating: -1)
        @inline(__always) func consider(_ candidate: (s: Vector, c: Vector), _ tau: Int) {
            let better = (candidate.c .>= minShared) .& (candidate.s * bestC .< bestS * candidate.c)
            bestS.replace(with: candidate.s, where: better)
            bestC.replace(with: candidate.c, where: better)
            bestLag.replace(with: Int32(tau), where: better)
        }
        var tau = 0
        while tau + 3 <= maxLag {
            let a = sums(base &- tau), b = sums(base &- tau &- 1)
            let c = sums(base &- tau &- 2), e = sums(base &- tau &- 3)
            consider(a, tau); consider(b, tau + 1); consider(c, tau + 2); consider(e, tau + 3)
            tau += 4
        }
        while tau <= maxLag {
            consider(sums(base &- tau), tau)
            tau += 1
        }
        return (bestS, bestC, bestLag)
    }
}

/// The learner's 9 limbs for 16 frames, held in registers.
@usableFromInline
struct LearnerBlock {
    let v0, v1, v2, v3, v4, v5, v6, v7, v8: SIMD16<Float>

    @inline(__always)
    init(_ base: UnsafeRawPointer, stride: Int, n0: Int) {
        func load(_ limb: Int) -> SIMD16<Float> {
            base.loadUnaligned(fromByteOffset: (limb &* stride &+ n0) &* 4, as: SIMD16<Float>.self)
        }
        (v0, v1, v2, v3, v4, v5, v6, v7, v8) = (load(0), load(1), load(2), load(3), load(4), load(5), load(6), load(7), load(8))
    }
}

/// How a lane adds one limb's squared difference: the two specializations of the kernel.
protocol LaneMasking {
    /// False when every limb is known to be tracked: the weight sum is then a constant.
    static var tracksWeight: Bool { get }
    static func add(_ diff: SIMD16<Float>, _ weight: Float, _ s: inout SIMD16<Float>, _ c: inout SIMD16<Float>)
}

/// Every limb tracked on both sides.
enum Unmasked: LaneMasking {
    static var tracksWeight: Bool { false }
    @inline(__always)
    static func add(_ diff: SIMD16<Float>, _ weight: Float, _ s: inout SIMD16<Float>, _ c: inout SIMD16<Float>) {
        s += diff * diff
    }
}

/// A NaN difference (the limb untracked on either side) adds nothing, exactly as the
/// scalar loop skips it.
enum Masked: LaneMasking {
    static var tracksWeight: Bool { true }
    @inline(__always)
    static func add(_ diff: SIMD16<Float>, _ weight: Float, _ s: inout SIMD16<Float>, _ c: inout SIMD16<Float>) {
        let tracked = diff .== diff
        s += (diff * diff).replacing(with: 0, where: .!tracked)
        c += SIMD16<Float>.zero.replacing(with: weight, where: tracked)
    }
}
