import Foundation
import KinetixCore

/// The engine's bit-for-bit claims, checked on fixed inputs: every instruction set of the
/// SIMD kernel, and the BLAS kernel, give the scalar reference's lags and scores; a live
/// comparison's final updates equal the offline frames. One home for both builds: the
/// unit tests call it in the debug build, `kinetix-bench agreement` in the release build
/// users run (where the C kernel is optimized and Swift inlines across files).
public enum KernelAgreement {
    /// A lag-search case: frames, lags 0...maxLag, the fraction of untracked limb values;
    /// angles smooth with noise, or of three levels only (`ties`: equal sums, equal means
    /// over different shared weights, 2/2 = 4/4, and near-ties abound, so every copy of
    /// the rule, score = s / c, the lowest wins, ties to the smaller lag, meets every kind
    /// of tie).
    public struct SearchCase: Sendable, CustomStringConvertible {
        public var frames: Int, maxLag: Int, missing: Double
        public var ties = false
        public var weights: [Float] = [2, 2, 1, 1, 0.5, 0.5, 1.5, 1.5, 0.25]
        public var minSharedWeight = LagSearch(maxLag: 0).minSharedWeight  // the search's default
        public var description: String {
            "\(frames) frames\(ties ? " of three levels" : ""), lags 0...\(maxLag), \(Int(missing * 100)) % untracked, weights \(weights)"
        }
    }

    static let equal = [Float](repeating: 1, count: 9)

    public static let searchCases: [SearchCase] = [
        SearchCase(frames: 333, maxLag: 30, missing: 0), SearchCase(frames: 500, maxLag: 61, missing: 0.2),
        SearchCase(frames: 97, maxLag: 7, missing: 0.6),
        SearchCase(frames: 9_000, maxLag: 40, missing: 0.01),  // several chunks of 16 x 256 frames, rows built 16 at a time
        SearchCase(frames: 320, maxLag: 45, missing: 0.05),  // 16 lanes of 20 rows: 16 rows' results written as vectors, 4 one by one
        SearchCase(frames: 2_000, maxLag: 70, missing: 0.3, ties: true, weights: equal, minSharedWeight: 2),
        SearchCase(frames: 2_000, maxLag: 70, missing: 0.2, ties: true, minSharedWeight: 2),
        SearchCase(frames: 2_000, maxLag: 70, missing: 0, ties: true, weights: equal, minSharedWeight: 2),
    ]

    /// Smooth angles (degrees) with noise, untracked (NaN) at `missing` of the values.
    public static func angles(frames: Int, missing: Double, seed: UInt64) -> AngleSeries {
        var rng = SplitMix64(seed: seed)
        var series = AngleSeries(times: (0..<frames).map { Double($0) / 30 })
        for limb in Limb.allCases {
            let phase = rng.nextUnit() * 6.28
            let speed = 0.05 + rng.nextUnit() * 0.2
            for f in 0..<frames {
                let untracked = rng.nextUnit() < missing
                let wave: Double = 90 + 80 * sin(phase + speed * Double(f))
                let noise: Double = rng.nextGaussian() * 3
                series[limb, f] = untracked ? .nan : Float(wave + noise)
            }
        }
        return series
    }

    /// Angles of three levels (0, 10, 20 degrees), untracked at `missing` of the values.
    public static func levels(frames: Int, missing: Double, seed: UInt64) -> AngleSeries {
        var rng = SplitMix64(seed: seed)
        var series = AngleSeries(times: (0..<frames).map { Double($0) / 30 })
        for limb in Limb.allCases {
            for f in 0..<frames { series[limb, f] = rng.nextUnit() < missing ? .nan : Float(Int(rng.nextUnit() * 3)) * 10 }
        }
        return series
    }

    /// The case's learner and demonstrator.
    public static func pair(_ c: SearchCase) -> (learner: AngleSeries, demonstrator: AngleSeries) {
        c.ties
            ? (levels(frames: c.frames, missing: c.missing, seed: 12), levels(frames: c.frames, missing: c.missing, seed: 11))
            : (
                angles(frames: c.frames, missing: c.missing, seed: UInt64(c.frames) + 6),
                angles(frames: c.frames, missing: c.missing, seed: UInt64(c.frames) + 5)
            )
    }

    /// The scalar reference's result on `c` (its pair, when already made).
    public static func reference(_ c: SearchCase, pair given: (learner: AngleSeries, demonstrator: AngleSeries)? = nil) -> LagMatches {
        let (learner, demonstrator) = given ?? pair(c)
        return LagSearch(maxLag: c.maxLag, weights: c.weights, minSharedWeight: c.minSharedWeight, kernel: .scalar)
            .run(learner: learner, demonstrator: demonstrator)
    }

    /// Each kernel or instruction set that differs from the scalar reference on `c`, named.
    public static func searchDisagreements(_ c: SearchCase) -> [String] {
        let (learner, demonstrator) = pair(c)
        let reference = reference(c, pair: (learner, demonstrator))
        var differing: [String] = []
        for set in LagSearch.InstructionSet.allCases where set <= .best {
            var search = LagSearch(maxLag: c.maxLag, weights: c.weights, minSharedWeight: c.minSharedWeight, kernel: .simd)
            search.instructionSet = set
            if search.run(learner: learner, demonstrator: demonstrator) != reference { differing.append("SIMD \(set)") }
        }
        if LagSearch(maxLag: c.maxLag, weights: c.weights, minSharedWeight: c.minSharedWeight, kernel: .blas)
            .run(learner: learner, demonstrator: demonstrator) != reference
        {
            differing.append("BLAS")
        }
        return differing
    }

    /// Live settings to check: name and options.
    public static let liveCases: [(name: String, options: ComparisonOptions)] = {
        var perFrame = ComparisonOptions()
        var sideBySide = ComparisonOptions()
        var weighted = ComparisonOptions()
        perFrame.lagWindowSeconds = 0
        sideBySide.mirror = false
        sideBySide.lagWindowSeconds = 2
        weighted.weights = [1, 1, 2, 2, 0.5, 0.5, 1, 1, 0]
        weighted.minSharedWeight = 3
        weighted.maxLagSeconds = 1.5
        weighted.offsetSeconds = 0.1
        return [
            ("default", ComparisonOptions()), ("per-frame lag", perFrame), ("side by side, short window", sideBySide),
            ("weighted, long lag, offset", weighted),
        ]
    }()

    /// How many final live updates of the bundled pair differ from the offline frames (or
    /// their cue) under `options`, and whether the counts of updates and frames differ.
    public static func liveDisagreements(_ options: ComparisonOptions) throws -> (frames: Int, countsDiffer: Bool) {
        let demonstrator = Synth.sidecar(BundledClips.demonstrator)
        let learner = Synth.sidecar(BundledClips.learner)
        var options = options
        let rate = options.analysisRate(learner: learner)
        var finals: [LiveComparison.Update] = []
        try LiveComparison.replay(demonstrator: demonstrator, learner: learner, options: options, rate: rate) { update in
            if update.isFinal { finals.append(update) }
        }
        options.rate = rate
        let comparison = try Comparison(demonstrator: demonstrator, learner: learner, options: options)
        let cues = CueTrack(comparison)
        var differing = 0
        for (i, update) in finals.enumerated() where i < comparison.learnerFrameCount {
            let frame = comparison.learnerFrame(i)
            if update.frame != frame || update.cue != cues.cue(at: frame.gridT)?.text { differing += 1 }
        }
        return (differing, finals.count != comparison.learnerFrameCount)
    }
}
