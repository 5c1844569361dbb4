import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Tracking lag")
struct LagTrackerTests {
    /// A learner 9 frames behind a demonstrator, with dropouts and a long gap (windows
    /// that are not complete take the other branch of the estimate).
    private func pair(frames: Int) -> (learner: AngleSeries, demonstrator: AngleSeries) {
        let demonstrator = randomAngles(frames: frames, nanFraction: 0.08, seed: 11)
        var learner = delayed(demonstrator, by: 9)
        for limb in Limb.allCases { for f in (frames / 3)..<(frames / 3 + 400) { learner[limb, f] = .nan } }
        return (learner, demonstrator)
    }

    @Test("tracking in pieces on several threads gives the one-pass lags exactly", arguments: [2, 3, 7])
    func pieces(_ threads: Int) {
        let (learner, demonstrator) = pair(frames: 30_000)
        let one = LagTracker(search: LagSearch(maxLag: 90, threads: 1), halfWindow: 75)
        let many = LagTracker(search: LagSearch(maxLag: 90, threads: threads), halfWindow: 75)
        #expect(one.pieceCount(frames: 30_000) == 1)
        #expect(many.pieceCount(frames: 30_000) == threads)
        let reference = one.run(learner: learner, demonstrator: demonstrator)
        #expect(many.run(learner: learner, demonstrator: demonstrator) == reference)
        #expect(reference[20_000] == 9)
    }

    @Test("a window's sums are exact: sliding to a window equals adding its frames afresh")
    func exactSums() {
        var rng = SplitMix64(seed: 5)
        let lags = 13
        let halfWindow = 6
        let frames = 400
        // Scores over many magnitudes, with lags that are not candidates in some frames.
        let scores: [[Float]] = (0..<frames).map { _ in
            (0..<lags).map { _ in rng.nextUnit() < 0.1 ? .infinity : Float(pow(10, rng.nextUnit() * 8 - 3)) }
        }
        var sliding = LagWindow(lags: lags, halfWindow: halfWindow)
        for frame in 0..<frames {
            sliding.add(frame: frame) { scores[frame][$0] }
            if frame >= 2 * halfWindow + 1 { sliding.remove(frame: frame - 2 * halfWindow - 1) }
        }
        var fresh = LagWindow(lags: lags, halfWindow: halfWindow)
        for frame in (frames - 2 * halfWindow - 1)..<frames { fresh.add(frame: frame) { scores[frame][$0] } }
        #expect(sliding.sum == fresh.sum && sliding.completeSum == fresh.completeSum && sliding.count == fresh.count)
        #expect(sliding.scoredInWindow == fresh.scoredInWindow && sliding.completeInWindow == fresh.completeInWindow)
        #expect(sliding.estimate() == fresh.estimate())
    }

    @Test("the least mean wins, compared exactly; ties go to the smallest lag")
    func estimateRule() {
        // Complete frames: lags 1 and 2 tie on the least sum; lag 1 wins.
        var complete = LagWindow(lags: 3, halfWindow: 1)
        complete.add(frame: 0) { [4, 1, 2][$0] }
        complete.add(frame: 1) { [4, 2, 1][$0] }
        #expect(complete.estimate() == (1, true))
        // No complete frame: each lag's mean over its own frames, in at least half of the
        // three scored. Lag 0: (2 + 4) / 2 = 3; lag 1: in one frame only, too few; lag 2:
        // (2.5 + 2.5) / 2 = 2.5, the least.
        var partial = LagWindow(lags: 3, halfWindow: 1)
        partial.add(frame: 0) { [2, 3, .infinity][$0] }
        partial.add(frame: 1) { [4, .infinity, 2.5][$0] }
        partial.add(frame: 2) { [.infinity, .infinity, 2.5][$0] }
        #expect(partial.estimate() == (2, false))
        #expect(LagWindow.units(1) == 1 << 20 && LagWindow.units(0) == 0 && LagWindow.units(.greatestFiniteMagnitude) == 1 << 40)
    }
}
