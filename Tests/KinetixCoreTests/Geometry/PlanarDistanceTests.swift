import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// The shortcuts of fault detection decide exactly what the plain comparison of lengths
/// decides, also for lengths within a rounding of the limit.
@Suite("Planar distance shortcuts")
struct PlanarDistanceTests {
    /// Differences whose length lands on, just below and just above a limit, plus random ones.
    func cases() -> [(dx: Float, dy: Float, limit: Float)] {
        var rng = SplitMix64(seed: 11)
        var cases: [(Float, Float, Float)] = []
        for _ in 0..<20_000 {
            let dx = Float(rng.nextUnit() * 400 - 200)
            let dy = Float(rng.nextUnit() * 400 - 200)
            let length = planarDistance(dx, dy)
            // The limit at the length itself and a few ulps either side.
            var limit = length
            for _ in 0..<3 { limit = limit.nextDown }
            for _ in 0..<7 {
                cases.append((dx, dy, limit))
                limit = limit.nextUp
            }
            cases.append((dx, dy, Float(rng.nextUnit() * 300)))
        }
        cases += [(0, 0, 0), (1, 0, 1), (.nan, 1, 1), (1, 1, .nan), (3, 4, -1), (0, 0, -0.0), (.infinity, 0, 1e30)]
        return cases
    }

    @Test("exceeds: the same answer as comparing the rounded length")
    func exceedsMatchesLength() {
        var disagreements = 0
        var atTheLimit = 0
        for (dx, dy, limit) in cases() {
            let expected = planarDistance(dx, dy) > limit
            if planarDistance(dx, dy, exceeds: limit) != expected { disagreements += 1 }
            if planarDistance(dx, dy) == limit { atTheLimit += 1 }
        }
        #expect(disagreements == 0)
        #expect(atTheLimit >= 20_000)  // the boundary itself was tried, not only near it
    }

    @Test("mayExceed: never false when the sum of two lengths is above the limit")
    func mayExceedIsConservative() {
        var rng = SplitMix64(seed: 12)
        var missed = 0
        var ruledOut = 0
        for (dx, dy, limit) in cases() {
            let dx2 = Float(rng.nextUnit() * 2 - 1) * dx
            let dy2 = Float(rng.nextUnit() * 2 - 1) * dy
            for target in [limit, (planarDistance(dx, dy) + planarDistance(dx2, dy2)).nextDown] {
                let above = planarDistance(dx, dy) + planarDistance(dx2, dy2) > target
                let may = planarDistance(dx, dy, dx2, dy2, mayExceed: target)
                if above && !may { missed += 1 }
                if !may { ruledOut += 1 }
            }
        }
        #expect(missed == 0)
        #expect(ruledOut > 2_000)  // the shortcut does rule cases out (most cases here are at a limit)
    }
}
