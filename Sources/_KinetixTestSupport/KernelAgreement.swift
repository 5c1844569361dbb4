import Foundation
import KinetixCore

/// The engine's bit-for-bit claims, checked on fixed inputs: every instruction set of the
/// SIMD kernel, and the BLAS kernel, give the scalar reference's lags and scores; a live
/// comparison's final updates equal the offline frames. One home for both builds: the
/// unit tests call it in the debug build, `kinetix-bench agreement` in the release build
/// users run (where the C kernel is optimized and Swift inlines across files).
public enum KernelAgreement {
    /// A lag-search case: frames, lags 0...maxLag, the fraction of untracked limb values.
    public struct SearchCase: Sendable, CustomStringConvertible {
        public var frames: Int, maxLag: Int, missing: Double
        public var description: String { "\(frames) frames, lags 0...\(maxLag), \(Int(missing * 100)) % untracked" }
    }

    public static let searchCases: [SearchCase] = [
        SearchCase(frames: 333, maxLag: 30, missing: 0), SearchCase(frames: 500, maxLag: 61, missing: 0.2),
        SearchCase(frames: 97, maxLag: 7, missing: 0.6),
        SearchCase(frames: 9_000, maxLag: 40, missing: 0.01),  // several chunks of 16 x 256 frames, rows built 16 at a time
        SearchCase(frames: 320, maxLag: 45, missing: 0.05),  // 16 lanes of 20 rows: 16 rows' results written as vectors, 4 one by one
    ]

    /// Smooth angles (degrees) with noise, untracked (NaN) at `missing` of the values.
    public static func angles(frames: Int, missing: Double, seed: UInt64) -> AngleSeries {
        var rng = SplitMix64(seed: seed)
        var series = AngleSeries(times: (0..<frames).map { Double($0) / 30 })
        for limb in Limb.allCases {
            let phase = rng.nextUnit() * 6.28, speed = 0.05 + rng.nextUnit() * 0.2
            for f in 0..<frames {
                let untracked = rng.nextUnit() < missing
                let wave: Double = 90 + 80 * sin(phase + speed * Double(f))
                let noise: Double = rng.nextGaussian() * 3
                series[limb, f] = untracked ? .nan : Float(wave + noise)
            }
        }
        return series
    }

    /// Each kernel or instruction set that differs from the scalar reference on `c`, named.
    public static func searchDisagreements(_ c: SearchCase) -> [String] {
        let demonstrator = angles(frames: c.frames, missing: c.missing, seed: UInt64(c.frames) + 5)
        let learner = angles(frames: c.frames, missing: c.missing, seed: UInt64(c.frames) + 6)
        let weights: [Float] = [2, 2, 1, 1, 0.5, 0.5, 1.5, 1.5, 0.25]
        let reference = LagSearch(maxLag: c.maxLag, weights: weights, kernel: .scalar).run(learner: learner, demonstrator: demonstrator)
        var differing: [String] = []
        for set in LagSearch.InstructionSet.allCases where set <= .best {
            var search = LagSearch(maxLag: c.maxLag, weights: weights, kernel: .simd)
            search.instructionSet = set
            if search.run(learner: learner, demonstrator: demonstrator) != reference { differing.append("SIMD \(set)") }
        }
        if LagSearch(maxLag: c.maxLag, weights: weights, kernel: .blas).run(learner: learner, demonstrator: demonstrator) != reference {
            differing.append("BLAS")
        }
        return differing
    }

    /// Live settings to check: name and options.
    public static let liveCases: [(name: String, options: ComparisonOptions)] = {
        var perFrame = ComparisonOptions(), sideBySide = ComparisonOptions(), weighted = ComparisonOptions()
        perFrame.lagWindowSeconds = 0
        sideBySide.mirror = false
        sideBySide.lagWindowSeconds = 2
        weighted.weights = [1, 1, 2, 2, 0.5, 0.5, 1, 1, 0]
        weighted.minSharedWeight = 3
        weighted.maxLagSeconds = 1.5
        weighted.offsetSeconds = 0.1
        return [("default", ComparisonOptions()), ("per-frame lag", perFrame), ("side by side, short window", sideBySide),
                ("weighted, long lag, offset", weighted)]
    }()

    /// How many final live updates of the bundled pair differ from the offline frames (or
    /// their cue) under `options`, and whether the counts of updates and frames differ.
    public static func liveDisagreements(_ options: ComparisonOptions) throws -> (frames: Int, countsDiffer: Bool) {
        let demonstrator = Synth.sidecar(BundledClips.demonstrator), learner = Synth.sidecar(BundledClips.learner)
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
