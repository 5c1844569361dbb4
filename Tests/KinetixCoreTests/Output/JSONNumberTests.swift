import Foundation
import Testing
import KinetixCore
import _KinetixTestSupport

@Suite("JSON numbers")
struct JSONNumberTests {
    @Test("fixed decimals, trimmed", arguments: [
        (0.0, 3, "0"), (-0.0, 3, "0"), (0.4, 6, "0.4"), (1.0 / 30, 6, "0.033333"), (-2.5, 2, "-2.5"),
        (57.25, 2, "57.25"), (-0.0004, 3, "0"), (179.999, 1, "180"), (12, 0, "12"), (0.05, 1, "0.1"),
        (Double.nan, 2, "null"), (Double.infinity, 2, "null"), (1e20, 2, "1e+20"),
    ])
    func fixed(_ value: Double, _ digits: Int, _ expected: String) {
        #expect(jsonNumber(value, digits: digits) == expected)
    }

    @Test("agrees with printf to within one unit in the last place, on seeded values")
    func againstPrintf() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let value = (rng.nextUnit() - 0.5) * pow(10, Double(rng.next() % 8))
            let digits = Int(rng.next() % 7)
            let ours = Double(jsonNumber(value, digits: digits))!
            let theirs = Double(String(format: "%.\(digits)f", value))!
            #expect(abs(ours - theirs) <= pow(10, -Double(digits)) * 1.0001, "\(value) \(digits)")
        }
    }
}
