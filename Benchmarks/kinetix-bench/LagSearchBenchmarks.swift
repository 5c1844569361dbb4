import Foundation
import KinetixCore

/// Lag-search cases: each kernel on the same inputs, pairs per second
/// (one pair = one learner frame against one candidate lag, 9 angles each). Each case
/// times `LagSearch.run(learner:demonstrator:into:)` with its output arrays reused from
/// the previous run (the layout is built per run), as a live session or a batch of
/// equal clips runs it and as the C reference keeps its outputs.
func lagSearchBenchmarks(_ harness: inout Harness, quick: Bool) {
    let sizes = quick ? [2_000] : [18_000, 1_000_000]
    for frames in sizes {
        for window in frames <= 18_000 && !quick ? [31, 241, 961] : [31, 241] {
            for nanFraction in [0.0, 0.1] {
                let demo = syntheticAngles(frames: frames, nanFraction: nanFraction, seed: 1)
                let learner = syntheticAngles(frames: frames, nanFraction: nanFraction, seed: 2)
                let pairs = Double(frames) * Double(window)
                let label = "n=\(frames) window=\(window)\(nanFraction > 0 ? " masked" : "")"
                // The SIMD kernel at its best instruction set (1 and 2 threads), then at each lower
                // set the CPU has (what a CPU without AVX-512 or AVX2 would run), then the others.
                let best = LagSearch.InstructionSet.active
                let lower = LagSearch.InstructionSet.allCases.filter { $0 < best }.reversed()
                let kernels: [(LagSearch.Kernel, Int, LagSearch.InstructionSet)] =
                    [(.simd, 1, best), (.simd, 2, best)]
                    + lower.map { (.simd, 1, $0) } + [(.scalar, 1, best), (.blas, 1, best)]
                var checksums: [Double] = []
                for (kernel, threads, set) in kernels {
                    var search = LagSearch(maxLag: window - 1, kernel: kernel, threads: threads)
                    search.instructionSet = set
                    let name = "lag \(kernel.rawValue)\(kernel == .simd && set != best ? "-\(set)" : "") \(threads)t \(label)"
                    // The slow kernels at a million frames take seconds a run: fewer samples.
                    harness.samples = kernel == .simd || frames <= 18_000 || quick ? (quick ? 1 : 5) : 1
                    var matches = LagMatches()
                    harness.measure(
                        BenchmarkCase(name: name, unit: "pairs", units: pairs) {
                            search.run(learner: learner, demonstrator: demo, into: &matches)
                            return Double(matches.lag.reduce(0) { $0 &+ Int($1) })
                        })
                    if let checksum = harness.checksums[name] { checksums.append(checksum) }
                }
                if Set(checksums).count > 1 {
                    print("  MISMATCH: kernels disagree on \(label): \(checksums)")
                    harness.mismatches += 1
                }
                harness.ratio("lag simd 1t \(label)", over: "lag scalar 1t \(label)")
                harness.ratio("lag simd 1t \(label)", over: "lag blas 1t \(label)")
                harness.ratio("lag simd 2t \(label)", over: "lag simd 1t \(label)")
                for set in lower { harness.ratio("lag simd 1t \(label)", over: "lag simd-\(set) 1t \(label)") }
                harness.samples = quick ? 1 : 5
            }
        }
    }
}

/// Smooth random angles with a fraction of NaN, as a learner or demonstrator would give.
func syntheticAngles(frames: Int, nanFraction: Double, seed: UInt64) -> AngleSeries {
    var rng = SplitMix64(seed: seed)
    var values = [Float](repeating: 0, count: frames * Limb.count)
    for limb in 0..<Limb.count {
        var angle = 90.0
        var velocity = 0.0
        for f in 0..<frames {
            velocity = 0.95 * velocity + rng.nextGaussian()
            angle = min(180, max(0, angle + velocity))
            values[limb * frames + f] = rng.nextUnit() < nanFraction ? .nan : Float(angle)
        }
    }
    return AngleSeries(times: (0..<frames).map { Double($0) / 30 }, values: values)
}

/// The SIMD kernel on two threads against one, interleaved: each round times one thread
/// then two (a warm-up, then the median of 3 each) on the same 1,000,000-frame inputs, so
/// drift on a shared machine hits both; the figure is the ratio per round. Outputs are
/// reused (`run(…, into:)`), so no run pays for fresh memory.
func threadScaling(frames: Int, windows: [Int], rounds: Int) {
    for masked in [false, true] {
        let demo = syntheticAngles(frames: frames, nanFraction: masked ? 0.1 : 0, seed: 1)
        let learner = syntheticAngles(frames: frames, nanFraction: masked ? 0.1 : 0, seed: 2)
        for window in windows {
            var result = RoundRatios(
                name: "lag threads n=\(frames) window=\(window)\(masked ? " masked" : ""), 2 threads vs 1",
                fastLabel: "2 threads", slowLabel: "1 thread")
            var matches = LagMatches()
            for _ in 0..<rounds {
                for threads in [1, 2] {
                    let search = LagSearch(maxLag: window - 1, kernel: .simd, threads: threads)
                    let seconds = medianOfThree(search, learner: learner, demonstrator: demo, into: &matches)
                    if threads == 1 { result.peer.append(seconds) } else { result.kinetix.append(seconds) }
                }
            }
            result.report()
        }
    }
}

/// The peer's protocol for one round: a warm-up run, then the median of 3 timed runs of
/// `search` (outputs reused from the warm-up), seconds.
func medianOfThree(_ search: LagSearch, learner: AngleSeries, demonstrator: AngleSeries, into matches: inout LagMatches) -> Double {
    search.run(learner: learner, demonstrator: demonstrator, into: &matches)
    var times: [Double] = []
    for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        search.run(learner: learner, demonstrator: demonstrator, into: &matches)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[1]
}
