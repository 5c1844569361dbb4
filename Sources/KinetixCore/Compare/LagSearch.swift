import Foundation

/// For each learner frame, the demonstrator lag that matches it best.
///
/// Both series are on one analysis grid. For learner frame *n* and lag τ in
/// `0...maxLag` (frames), the score is the weighted mean squared angle difference
/// over the limbs tracked in both, as `LagRule` computes it (its doc has the exact
/// expression and rounding),
///
///     score(n, τ) = Σᵢ wᵢ·(Lᵢ(n) − Dᵢ(n − τ))² / Σᵢ wᵢ     (i: limbs tracked in both)
///
/// so a frame with fewer tracked limbs stays comparable (a mean per limb, not a sum).
/// A candidate whose shared weight is below `minSharedWeight` is not a candidate;
/// a frame with no candidate is *unscored*. Near the start, only the demonstrator
/// history that exists is searched. The lag with the lowest score wins; ties go to
/// the smallest lag. Every kernel follows that one rule, so all agree exactly on τ*
/// and on scores (the BLAS kernel shortlists with matrix products, then re-scores its
/// shortlist by the rule).
public struct LagSearch: Sendable {
    /// How the search is computed; every kernel gives the same lags and scores.
    public enum Kernel: String, CaseIterable, Sendable {
        /// Chooses by window size, from what the benchmark measured.
        case automatic
        /// The reference: one candidate at a time.
        case scalar
        /// 16 learner frames per vector, no horizontal sums.
        case simd
        /// OpenBLAS / Accelerate `sgemm` on diagonal tiles, then exact re-scoring.
        case blas
    }

    /// The longest lag searched, in grid frames.
    public var maxLag: Int
    /// Per-limb weights (by `Limb.rawValue`), all 1 by default.
    public var weights: [Float]
    /// The least total weight of limbs tracked in both for a candidate to count
    /// (with unit weights: the least number of shared limbs; default 4 of 9).
    public var minSharedWeight: Float
    /// The kernel to run.
    public var kernel: Kernel
    /// Threads for long clips; 0 means one per active core.
    public var threads: Int
    /// The instruction set the SIMD kernel runs (default: the best the CPU has); every
    /// set gives the same results.
    public var instructionSet: InstructionSet = .active

    /// A search up to `maxLag` grid frames with per-limb `weights` (9, by `Limb.rawValue`).
    public init(
        maxLag: Int, weights: [Float] = Array(repeating: 1, count: Limb.count),
        minSharedWeight: Float = 4, kernel: Kernel = .automatic, threads: Int = 0
    ) {
        precondition(maxLag >= 0 && weights.count == Limb.count)
        self.maxLag = maxLag
        self.weights = weights
        self.minSharedWeight = minSharedWeight
        self.kernel = kernel
        self.threads = threads
    }

    /// The rule every kernel scores and chooses by.
    package var rule: LagRule { LagRule(weights: weights, minSharedWeight: minSharedWeight) }

    /// √wᵢ per limb (`LagRule.scales`), folded into both series so kernels sum plain
    /// squared differences; nil when every weight is 1 (×1 changes nothing).
    var scales: [Float]? {
        weights.allSatisfy { $0 == 1 } ? nil : (0..<Limb.count).map { rule.scales[$0] }
    }

    /// The kernel `.automatic` resolves to: SIMD. Measured on the reference machine
    /// (README, Benchmarks), SIMD beats the BLAS kernel at every window tried, from 31
    /// to 961 frames (2.6× to 11× on one core), masked or not: a 9-angle band is too
    /// thin for matrix products, whose tiles waste most of their work off the band.
    /// BLAS stays selectable as an independent cross-check of the SIMD kernel.
    public var resolvedKernel: Kernel { kernel == .automatic ? .simd : kernel }

    /// SIMD lanes per block; series are padded to a multiple of it.
    public static let lanes = 16

    /// Runs the search for every learner frame.
    ///
    /// - Parameters:
    ///   - learner: The learner's angles on the analysis grid.
    ///   - demonstrator: The demonstrator's angles on the same grid (already mirrored
    ///     when the two face each other).
    /// - Complexity: O(*n* × `maxLag` × 9).
    public func run(learner: AngleSeries, demonstrator: AngleSeries) -> LagMatches {
        var matches = LagMatches()
        run(learner: learner, demonstrator: demonstrator, into: &matches)
        return matches
    }

    /// `run(learner:demonstrator:)`, writing into `matches`: with the SIMD kernel its
    /// arrays are reused when they already hold one entry per learner frame, so repeated
    /// searches of one length (a live session, a batch of equal clips, a benchmark)
    /// allocate nothing and touch no fresh memory, whose page faults cost more than a
    /// short search and do not divide between threads. Otherwise they are replaced.
    public func run(learner: AngleSeries, demonstrator: AngleSeries, into matches: inout LagMatches) {
        precondition(learner.frameCount == demonstrator.frameCount, "learner and demonstrator must share the grid")
        let kernel = resolvedKernel
        let n = learner.frameCount
        let work = Double(n) * Double(maxLag + 1)
        let threadCount = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        if kernel == .simd {
            // The SIMD kernel builds its own cache-sized layout from the series and
            // writes every frame's lag and score, so new arrays start uninitialized.
            if matches.lag.count != n || matches.score.count != n {
                matches = LagMatches(
                    lag: [Int32](unsafeUninitializedCapacity: n) { $1 = n },
                    score: [Float](unsafeUninitializedCapacity: n) { $1 = n })
            }
            guard n > 0 else { return }
            let chunks = work < 2e6 || threadCount == 1 ? 1 : min(threadCount * 4, max(1, n / 4096))
            matches.lag.withUnsafeMutableBufferPointer { lag in
                matches.score.withUnsafeMutableBufferPointer { score in
                    let output = LagOutput(lag: lag.baseAddress!, score: score.baseAddress!)
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        searchSIMD(learner, demonstrator, frames: (n * chunk / chunks)..<(n * (chunk + 1) / chunks), into: output)
                    }
                }
            }
            return
        }
        let padded = (n + Self.lanes - 1) / Self.lanes * Self.lanes
        let l = PaddedAngles(learner, scales: scales, trailingPad: padded - n)
        let d = PaddedAngles(demonstrator, scales: scales, leadingPad: maxLag, trailingPad: padded - n)
        var result = LagMatches(count: padded)
        let blocks = padded / Self.lanes
        let chunks = work < 2e6 || blocks < 2 || threadCount == 1 ? 1 : min(threadCount * 4, blocks)
        result.lag.withUnsafeMutableBufferPointer { lag in
            result.score.withUnsafeMutableBufferPointer { score in
                let output = LagOutput(lag: lag.baseAddress!, score: score.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let first = blocks * chunk / chunks * Self.lanes
                    let last = blocks * (chunk + 1) / chunks * Self.lanes
                    if kernel == .blas {
                        searchBLAS(l, d, frames: first..<last, into: output)
                    } else {
                        searchScalar(l, d, frames: first..<last, into: output)
                    }
                }
            }
        }
        result.lag.removeLast(padded - n)
        result.score.removeLast(padded - n)
        matches = result
    }
}

/// Where kernels write: disjoint frame ranges per thread.
@usableFromInline
struct LagOutput: @unchecked Sendable {
    @usableFromInline let lag: UnsafeMutablePointer<Int32>
    @usableFromInline let score: UnsafeMutablePointer<Float>
}

/// The result of a lag search, one entry per learner frame.
public struct LagMatches: Equatable, Sendable {
    /// τ* in grid frames, or -1 when the frame is unscored.
    public var lag: [Int32]
    /// The weighted mean squared angle difference at τ*, degrees²; NaN when unscored.
    public var score: [Float]

    /// No frames yet: for `LagSearch.run(learner:demonstrator:into:)` to size.
    public init() {
        lag = []
        score = []
    }

    init(count: Int) {
        lag = [Int32](repeating: -1, count: count)
        score = [Float](repeating: .nan, count: count)
    }

    init(lag: [Int32], score: [Float]) {
        self.lag = lag
        self.score = score
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.lag == rhs.lag && sameValues(lhs.score, rhs.score)
    }

    /// The distance at τ*: the weighted RMS angle difference, degrees.
    public func distance(_ frame: Int) -> Float { score[frame].squareRoot() }
}
