import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// A random angle series: smooth-ish motion plus a fraction of NaN.
func randomAngles(frames: Int, nanFraction: Double, seed: UInt64) -> AngleSeries {
    KernelAgreement.angles(frames: frames, missing: nanFraction, seed: seed)
}

/// The same series `shift` frames later (the learner behind the demonstrator).
func delayed(_ series: AngleSeries, by shift: Int) -> AngleSeries {
    var result = AngleSeries(times: series.times)
    for limb in Limb.allCases {
        for f in shift..<series.frameCount { result[limb, f] = series[limb, f - shift] }
    }
    return result
}

@Suite("Lag search")
struct LagSearchTests {
    @Test(
        "scalar, SIMD and BLAS agree exactly on τ* and scores",
        arguments: [
            (frames: 37, maxLag: 5, nan: 0.0), (frames: 200, maxLag: 30, nan: 0.0), (frames: 333, maxLag: 30, nan: 0.15),
            (frames: 500, maxLag: 90, nan: 0.4), (frames: 64, maxLag: 120, nan: 0.05), (frames: 1, maxLag: 0, nan: 0.0),
        ])
    func kernelsAgree(_ c: (frames: Int, maxLag: Int, nan: Double)) {
        let demo = randomAngles(frames: c.frames, nanFraction: c.nan, seed: UInt64(c.frames))
        let learner = randomAngles(frames: c.frames, nanFraction: c.nan, seed: UInt64(c.frames + 1))
        var weights = [Float](repeating: 1, count: Limb.count)
        for useWeights in [false, true] {
            if useWeights { weights = [2, 2, 1, 1, 0.5, 0.5, 1.5, 1.5, 0.25] }
            let results = [LagSearch.Kernel.scalar, .simd, .blas].map { kernel in
                LagSearch(maxLag: c.maxLag, weights: weights, kernel: kernel).run(learner: learner, demonstrator: demo)
            }
            #expect(results[0] == results[1], "SIMD differs from scalar")
            #expect(results[0] == results[2], "BLAS differs from scalar")
            #expect(results[0].lag.contains { $0 > 0 } || c.maxLag == 0)
        }
    }

    @Test(
        "every instruction set the CPU has, and BLAS, give the scalar reference's lags and scores, bit for bit",
        arguments: KernelAgreement.searchCases.filter { !$0.ties })
    func instructionSetsAgree(_ c: KernelAgreement.SearchCase) {
        #expect(LagSearch.InstructionSet.allCases.filter { $0 <= .best }.contains(.baseline))
        #expect(KernelAgreement.searchDisagreements(c).isEmpty, "\(KernelAgreement.searchDisagreements(c)) differ on \(c)")
    }

    @Test(
        "many exact ties (angles of a few levels, shared limbs varying) get the scalar reference's lags at every instruction set",
        arguments: KernelAgreement.searchCases.filter(\.ties))
    func tiesAcrossInstructionSets(_ c: KernelAgreement.SearchCase) {
        #expect(Set(KernelAgreement.reference(c).lag).count > 10, "the lags vary")
        #expect(KernelAgreement.searchDisagreements(c).isEmpty, "\(KernelAgreement.searchDisagreements(c)) differ on \(c)")
    }

    @Test(
        "fully tracked candidates whose sums differ by a unit in the last place but whose scores round equal: the smaller lag wins at every instruction set and kernel",
        arguments: [
            (period: 10, maxLag: 9, nearer: 6, farther: 2), (period: 50, maxLag: 49, nearer: 30, farther: 5),
            (period: 100, maxLag: 99, nearer: 60, farther: 3),
        ])  // 57 lags apart: in one tile or two
    func scoreTiesOfUnequalSums(_ c: (period: Int, maxLag: Int, nearer: Int, farther: Int)) throws {
        // Limb 0 differs by 1.25 and limb 1 by d, so s = fma(d, d, 1.5625) = 1.5625 + k ulps
        // for d = √(k ulps); all nine weights are 1, so score = s / 9, and there a score's
        // ulp is 9/8 of a sum's. Find sums one ulp apart whose scores are one float:
        // comparing sums alone would choose the lower sum.
        func sum(_ d: Float) -> Float { Float(0).addingProduct(1.25, 1.25).addingProduct(d, d) }
        func d(_ k: Int) -> Float { Float((Double(k) * 0x1p-23).squareRoot()) }
        let k = try #require(
            (1..<200).first { k in
                sum(d(k)) == 1.5625 + Float(k) * 0x1p-23 && sum(d(k + 1)) == sum(d(k)).nextUp && sum(d(k)) / 9 == sum(d(k + 1)) / 9
            })
        let lower = d(k)
        let higher = d(k + 1)
        // In each period, frame `farther` has the lower sum, frame `nearer` (later, so at a
        // smaller lag) the higher one; every other frame sums to 2.5625. A window of one period
        // holds one of each: the later of the two is the answer.
        let frames = 2_000
        var demo = AngleSeries(times: (0..<frames).map { Double($0) / 30 })
        var learner = AngleSeries(times: demo.times)
        for f in 0..<frames {
            for limb in Limb.allCases {
                demo[limb, f] = 0
                learner[limb, f] = 0
            }
            learner[Limb.allCases[0], f] = 1.25
            let phase = f % c.period
            demo[Limb.allCases[1], f] = phase == c.farther ? -lower : phase == c.nearer ? -higher : -1
        }
        // Lags to the latest frame of each kind (both lie in the window of one period).
        func lags(_ n: Int) -> (nearer: Int32, farther: Int32) {
            let phase = n % c.period
            return (Int32((phase - c.nearer + c.period) % c.period), Int32((phase - c.farther + c.period) % c.period))
        }
        let checked = c.maxLag..<frames
        let reference = LagSearch(maxLag: c.maxLag, kernel: .scalar).run(learner: learner, demonstrator: demo)
        #expect(checked.allSatisfy { reference.lag[$0] == min(lags($0).nearer, lags($0).farther) })
        // The higher sum wins where it is the later: in a good share of the frames.
        #expect(checked.filter { lags($0).nearer < lags($0).farther }.count > frames / 4)
        var results = [("blas", LagSearch(maxLag: c.maxLag, kernel: .blas).run(learner: learner, demonstrator: demo))]
        for set in LagSearch.InstructionSet.allCases where set <= .best {
            var search = LagSearch(maxLag: c.maxLag, kernel: .simd)
            search.instructionSet = set
            results.append(("\(set)", search.run(learner: learner, demonstrator: demo)))
        }
        for (name, result) in results { #expect(result == reference, "\(name)") }
    }

    /// Where rounding a × b + c to double and then to float differs from one rounding:
    /// a × b = 2²ᵉ(1 − 2⁻²ᵐ) sits just below the midpoint between c and the next float,
    /// c's last bit is odd, and a second rounding ties to the even float above.
    static func doubleRoundingCases() -> (a: [Float], b: [Float], c: [Float]) {
        var a: [Float] = []
        var b: [Float] = []
        var c: [Float] = []
        for e in -12...12 {
            for m in 12...23 {
                let scale = Float(sign: .plus, exponent: e, significand: 1)
                let u = Float(sign: .plus, exponent: -m, significand: 1)
                // c's ulp is 2^(2e+1), so the product's 2^(2e) is half of it.
                let c0 = Float(sign: .plus, exponent: 2 * e + 24, significand: 1) + Float(sign: .plus, exponent: 2 * e + 1, significand: 1)
                for sign: Float in [1, -1] {
                    a.append(sign * scale * (1 + u))
                    b.append(scale * (1 - u))
                    c.append(sign * c0)
                }
            }
        }
        return (a, b, c)
    }

    /// Squares that double rounding gets wrong: d = 2ᵉ(1 + k·2⁻¹²) for odd k gives
    /// d² = 2²ᵉ(1 + k·2⁻¹¹ + k²·2⁻²⁴), whose bits below the float's last form exactly a
    /// midpoint, and a tiny s on either side tips the true sum off it.
    static func squareDoubleRoundingCases() -> (d: [Float], s: [Float]) {
        var d: [Float] = []
        var s: [Float] = []
        for e in -10...10 {
            for k in stride(from: 1, to: 2048, by: 94) {
                let value = Float(sign: .plus, exponent: e, significand: 1 + Float(k) * 0x1p-12)
                for tiny in [
                    Float(sign: .plus, exponent: 2 * e - 60, significand: 1), Float(sign: .minus, exponent: 2 * e - 58, significand: 1.5),
                ] {
                    d.append(value)
                    s.append(tiny)
                }
            }
        }
        return (d, s)
    }

    @Test("adding a square in Swift (from doubles on x86-64) is correctly rounded, as the kernel adds it")
    func scalarSquareAdding() {
        let crafted = Self.squareDoubleRoundingCases()
        let twice = crafted.d.indices.filter { i in
            Float(Double(crafted.d[i]) * Double(crafted.d[i]) + Double(crafted.s[i]))
                != crafted.s[i].addingProduct(crafted.d[i], crafted.d[i])
        }
        #expect(twice.count > 100, "the crafted squares must defeat plain double rounding, or they test nothing")
        var rng = SplitMix64(seed: 7)
        var d = crafted.d
        var s = crafted.s
        for _ in 0..<20_000 {
            d.append(
                Float(
                    sign: rng.nextUnit() < 0.5 ? .minus : .plus, exponent: Int(rng.nextUnit() * 100) - 70,
                    significand: Float(1 + rng.nextUnit())))
            s.append(
                rng.nextUnit() < 0.2
                    ? 0 : Float(sign: .plus, exponent: Int(rng.nextUnit() * 160) - 140, significand: Float(1 + rng.nextUnit())))
        }
        let kernel = LagSearch.InstructionSet.baselineFusedMultiplyAdd(d, d, s)
        let wrong = d.indices.filter { i in
            let exact = s[i].addingProduct(d[i], d[i]).bitPattern
            return s[i].addingSquare(of: d[i]).bitPattern != exact || kernel[i].bitPattern != exact
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5).map { (d[$0], s[$0]) })")
    }

    @Test("the baseline kernel's fused multiply-add (from doubles on x86-64) is correctly rounded, double-rounding cases included")
    func baselineFusedMultiplyAdd() {
        let crafted = Self.doubleRoundingCases()
        var rng = SplitMix64(seed: 99)
        var a = crafted.a
        var b = crafted.b
        var c = crafted.c
        for _ in 0..<20_000 {  // random magnitudes, signs, subnormal and zero results
            func value() -> Float {
                Float(
                    sign: rng.nextUnit() < 0.5 ? .minus : .plus, exponent: Int(rng.nextUnit() * 80) - 70,
                    significand: Float(1 + rng.nextUnit()))
            }
            let x = value()
            a.append(x)
            b.append(rng.nextUnit() < 0.1 ? x : value())
            c.append(rng.nextUnit() < 0.1 ? -a.last! * b.last! : value())
        }
        let twice = zip(crafted.a.indices, crafted.a).filter { i, x in
            Float(Double(x) * Double(crafted.b[i]) + Double(crafted.c[i])) != crafted.c[i].addingProduct(x, crafted.b[i])
        }
        #expect(twice.count > 100, "the crafted cases must defeat plain double rounding, or they test nothing")
        let fused = LagSearch.InstructionSet.baselineFusedMultiplyAdd(a, b, c)
        let mismatches = a.indices.filter { fused[$0].bitPattern != c[$0].addingProduct(a[$0], b[$0]).bitPattern }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { (a[$0], b[$0], c[$0], fused[$0]) })")
    }

    @Test("the block scores the tracking lag reads equal the scalar score of every frame and lag")
    func blockScores() {
        let frames = 160
        let maxLag = 23
        let demo = randomAngles(frames: frames, nanFraction: 0.3, seed: 41)
        let learner = randomAngles(frames: frames, nanFraction: 0.3, seed: 42)
        for set in LagSearch.InstructionSet.allCases where set <= .best {
            var search = LagSearch(maxLag: maxLag, weights: [1, 2, 1, 1, 0.5, 0.5, 1, 1, 3])
            search.instructionSet = set
            let l = PaddedAngles(learner, scales: search.scales)
            let d = PaddedAngles(demo, scales: search.scales, leadingPad: maxLag)
            var scores = [Float](repeating: 0, count: (maxLag + 1) * LagSearch.lanes)
            var mismatches = 0
            search.withProblem(l, d) { problem in
                scores.withUnsafeMutableBufferPointer { buffer in
                    for n0 in stride(from: 0, to: frames, by: LagSearch.lanes) {
                        search.scoreAllLags(problem, n0: n0, into: buffer.baseAddress!)
                        l.values.withUnsafeBufferPointer { lv in
                            d.values.withUnsafeBufferPointer { dv in
                                for lane in 0..<LagSearch.lanes {
                                    for tau in 0...maxLag {
                                        let (s, c) = search.sums(
                                            search.rule, lv, ls: l.stride, n: n0 + lane, dv, ds: d.stride, m: n0 + lane + maxLag - tau)
                                        let exact = search.rule.score(s, c) ?? .infinity
                                        if buffer[tau * LagSearch.lanes + lane].bitPattern != exact.bitPattern { mismatches += 1 }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            #expect(mismatches == 0, "\(set)")
        }
    }

    @Test("threads do not change the result")
    func threads() {
        let demo = randomAngles(frames: 20_000, nanFraction: 0.1, seed: 1)
        let learner = delayed(demo, by: 7)
        let one = LagSearch(maxLag: 31, kernel: .simd, threads: 1).run(learner: learner, demonstrator: demo)
        let two = LagSearch(maxLag: 31, kernel: .simd, threads: 2).run(learner: learner, demonstrator: demo)
        #expect(one == two)
    }

    @Test("the workspace a thread keeps between searches serves a larger one, then smaller ones, exactly")
    func keptWorkspace() {
        // One thread (threads: 1), so every call reuses, grows or outgrows the same workspace.
        let cases: [(frames: Int, maxLag: Int, nan: Double)] = [(300, 5, 0.1), (9_000, 300, 0.05), (300, 5, 0.1), (2_000, 60, 0)]
        for c in cases {
            let demo = randomAngles(frames: c.frames, nanFraction: c.nan, seed: UInt64(c.frames))
            let learner = delayed(demo, by: c.maxLag / 2)
            let simd = LagSearch(maxLag: c.maxLag, kernel: .simd, threads: 1).run(learner: learner, demonstrator: demo)
            let scalar = LagSearch(maxLag: c.maxLag, kernel: .scalar, threads: 1).run(learner: learner, demonstrator: demo)
            #expect(simd == scalar, "frames \(c.frames), max lag \(c.maxLag)")
        }
    }

    @Test(
        "writing into earlier matches gives a fresh run's result: reused at the same length, replaced at another",
        arguments: [LagSearch.Kernel.simd, .scalar])
    func runInto(_ kernel: LagSearch.Kernel) {
        let demo = randomAngles(frames: 3_000, nanFraction: 0.1, seed: 5)
        let learner = delayed(demo, by: 9)
        let search = LagSearch(maxLag: 40, kernel: kernel, threads: 2)
        let fresh = search.run(learner: learner, demonstrator: demo)
        // Matches left by another pair of the same length: every entry must be rewritten.
        var matches = search.run(learner: randomAngles(frames: 3_000, nanFraction: 0.3, seed: 6), demonstrator: demo)
        #expect(matches != fresh)
        search.run(learner: learner, demonstrator: demo, into: &matches)
        #expect(matches == fresh)
        // Another length: replaced, not truncated or padded.
        var short = search.run(
            learner: randomAngles(frames: 100, nanFraction: 0, seed: 7),
            demonstrator: randomAngles(frames: 100, nanFraction: 0, seed: 8))
        search.run(learner: learner, demonstrator: demo, into: &short)
        #expect(short == fresh)
        var empty = LagMatches()
        search.run(learner: learner, demonstrator: demo, into: &empty)
        #expect(empty == fresh)
        // A copy the caller keeps is not written through.
        let kept = matches
        search.run(learner: randomAngles(frames: 3_000, nanFraction: 0, seed: 9), demonstrator: demo, into: &matches)
        #expect(kept == fresh && matches != fresh)
    }
    @Test("a delayed copy recovers its delay with zero score", arguments: [0, 1, 12, 30])
    func recoversShift(_ shift: Int) {
        let demo = randomAngles(frames: 300, nanFraction: 0, seed: 3)
        let learner = delayed(demo, by: shift)
        let matches = LagSearch(maxLag: 30).run(learner: learner, demonstrator: demo)
        for n in (shift + 30)..<300 {
            #expect(matches.lag[n] == Int32(shift))
            #expect(matches.score[n] == 0)
        }
        // Before the learner starts moving, nothing is tracked: unscored, never perfect.
        for n in 0..<shift { #expect(matches.lag[n] == -1 && matches.score[n].isNaN) }
    }

    @Test("ties go to the smallest lag")
    func ties() {
        var demo = AngleSeries(times: (0..<40).map(Double.init))
        for limb in Limb.allCases { for f in 0..<40 { demo[limb, f] = 50 } }
        let matches = LagSearch(maxLag: 10, kernel: .simd).run(learner: demo, demonstrator: demo)
        let allZero = matches.lag.allSatisfy { $0 == 0 }
        #expect(allZero)
        #expect(LagSearch(maxLag: 10, kernel: .blas).run(learner: demo, demonstrator: demo) == matches)
        #expect(LagSearch(maxLag: 10, kernel: .scalar).run(learner: demo, demonstrator: demo) == matches)
    }

    @Test("too few shared limbs: unscored, never a perfect score")
    func fewShared() {
        var learner = AngleSeries(times: [0, 1, 2])
        var demo = AngleSeries(times: [0, 1, 2])
        for limb in Limb.allCases.prefix(3) {
            for f in 0..<3 {
                learner[limb, f] = 10
                demo[limb, f] = 10
            }
        }
        let matches = LagSearch(maxLag: 2).run(learner: learner, demonstrator: demo)
        #expect(matches.lag == [-1, -1, -1])
        let unscored = matches.score.allSatisfy { $0.isNaN }
        #expect(unscored)
        let relaxed = LagSearch(maxLag: 2, minSharedWeight: 3).run(learner: learner, demonstrator: demo)
        #expect(relaxed.lag == [0, 0, 0])
    }

    @Test("the score is a mean per shared limb: dropping limbs keeps it comparable")
    func normalization() {
        var learner = AngleSeries(times: [0])
        var demo = AngleSeries(times: [0])
        for limb in Limb.allCases {
            learner[limb, 0] = 100
            demo[limb, 0] = 90
        }
        let full = LagSearch(maxLag: 0).run(learner: learner, demonstrator: demo)
        learner[.leftKnee, 0] = .nan
        learner[.neck, 0] = .nan
        let partial = LagSearch(maxLag: 0).run(learner: learner, demonstrator: demo)
        #expect(full.distance(0) == 10 && partial.distance(0) == 10)
    }
}
