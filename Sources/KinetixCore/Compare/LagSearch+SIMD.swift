import CKinetixLag
import Foundation

/// The SIMD kernel (`Sources/CKinetixLag`), compiled for AVX-512, AVX2 and the baseline
/// and chosen at run time from the CPU's features, so a portable build runs the fast path.
///
/// The search runs on a lane-segmented layout: each chunk of 16 × 256 frames is cut into
/// 16 segments, one per vector lane, so a lag is a whole-row offset and every load is
/// aligned; lags are tiled to keep the rows they read in L1; the learner's 9 limbs stay in
/// registers; no horizontal sum is ever needed. The tracking lag's all-lag scores use 16
/// consecutive frames per vector on the padded layout (`PaddedAngles`). Lanes compute
/// exactly the scalar reference's sums in the same order, each square added with one
/// rounding (a fused multiply-add; from doubles in the x86-64 baseline, which lacks the
/// instruction), and pick the best with the same rule (`searchScalar`), so results are
/// bitwise equal at every instruction-set level. Blocks whose frames and whole window
/// are fully tracked skip the masking, and compare sums rather than scores (the shared
/// weight is the same for all, so the lowest sum has the lowest score), dividing once a
/// tile unless two scores round equal.
extension LagSearch {
    /// The instruction sets the SIMD kernel is compiled for.
    public enum InstructionSet: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
        /// SSE2 on x86-64, NEON on arm64.
        case baseline = 0
        /// AVX2 and FMA3 on x86-64.
        case avx2 = 1
        /// AVX-512 (F, DQ, BW, VL) and FMA3 on x86-64.
        case avx512 = 2

        /// The best this CPU and its operating system support.
        public static let best = InstructionSet(rawValue: Int(kinetix_lag_best_level())) ?? .baseline

        /// The set the SIMD kernel runs: `best`, or lower when the environment variable
        /// `KINETIX_SIMD` asks for `baseline` or `avx2` (for tuning and benchmarks).
        public static let active: InstructionSet = {
            guard
                let requested = ProcessInfo.processInfo.environment["KINETIX_SIMD"].flatMap({ name in
                    allCases.first { $0.description == name }
                })
            else { return best }
            return min(requested, best)
        }()

        /// Ordered by capability: baseline < avx2 < avx512.
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        /// `baseline`, `avx2` or `avx512`.
        public var description: String {
            switch self {
            case .baseline: "baseline"
            case .avx2: "avx2"
            case .avx512: "avx512"
            }
        }
    }

    /// Runs `body` with the C kernel's view of a padded pair.
    func withProblem<T>(_ l: PaddedAngles, _ d: PaddedAngles, _ body: (UnsafePointer<kinetix_lag_problem>) -> T) -> T {
        l.values.withUnsafeBufferPointer { lv in
            d.values.withUnsafeBufferPointer { dv in
                l.untrackedBefore.withUnsafeBufferPointer { lu in
                    d.untrackedBefore.withUnsafeBufferPointer { du in
                        var problem = kinetix_lag_problem(
                            learner: lv.baseAddress, learner_stride: l.stride, learner_untracked: lu.baseAddress,
                            demonstrator: dv.baseAddress, demonstrator_stride: d.stride, demonstrator_untracked: du.baseAddress,
                            pad: d.leadingPad, max_lag: Int32(maxLag),
                            weights: limbTuple(weights),
                            min_shared_weight: minSharedWeight)
                        return body(&problem)
                    }
                }
            }
        }
    }

    /// The best lag and score of learner frames `frames`, written into `output`.
    func searchSIMD(_ learner: AngleSeries, _ demonstrator: AngleSeries, frames: Range<Int>, into output: LagOutput) {
        let scales = self.scales ?? [Float](repeating: 1, count: Limb.count)
        learner.values.withUnsafeBufferPointer { lv in
            demonstrator.values.withUnsafeBufferPointer { dv in
                var series = kinetix_lag_series(
                    learner: lv.baseAddress, demonstrator: dv.baseAddress, frames: learner.frameCount, max_lag: Int32(maxLag),
                    scales: limbTuple(scales),
                    weights: limbTuple(weights),
                    min_shared_weight: minSharedWeight)
                let status = kinetix_lag_search(
                    &series, Int32(instructionSet.rawValue), frames.lowerBound, frames.upperBound,
                    output.lag + 0, output.score + 0)
                precondition(status == 0, "out of memory for the lag search's workspace")
            }
        }
    }

    /// Every lag's score for the 16 learner frames from `n0`: `scores[τ × 16 + lane]`
    /// is `LagRule`'s score of frame n0 + lane at lag τ (s/c, or infinity when too few limbs
    /// are shared), bitwise, for τ in 0...maxLag. `scores` holds (maxLag + 1) × 16 floats.
    /// Both layouts must be padded for blocks (`trailingPad` to a multiple of 16).
    func scoreAllLags(_ problem: UnsafePointer<kinetix_lag_problem>, n0: Int, into scores: UnsafeMutablePointer<Float>) {
        kinetix_lag_scores(problem, Int32(instructionSet.rawValue), n0, scores)
    }
}

extension LagSearch.InstructionSet {
    /// a[i] × b[i] + c[i] with one rounding, computed as the baseline kernel computes it
    /// (from doubles on x86-64, which has no FMA instruction there). For tests.
    package static func baselineFusedMultiplyAdd(_ a: [Float], _ b: [Float], _ c: [Float]) -> [Float] {
        precondition(a.count == b.count && b.count == c.count)
        return [Float](unsafeUninitializedCapacity: a.count) { out, count in
            kinetix_lag_baseline_fma(a, b, c, out.baseAddress, a.count)
            count = a.count
        }
    }
}

/// Nine per-limb values as the fixed-size C array the kernel takes.
private func limbTuple(_ v: [Float]) -> (Float, Float, Float, Float, Float, Float, Float, Float, Float) {
    precondition(v.count == Limb.count)
    return (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8])
}
