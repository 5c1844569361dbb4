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

    @Test("strings escape quotes, backslashes and control characters, and keep other UTF-8 as it is")
    func strings() {
        #expect(jsonString("plain") == "\"plain\"")
        #expect(jsonString("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(jsonString("line\nnext\r\ttab") == "\"line\\nnext\\r\\ttab\"")
        #expect(jsonString("\u{1}\u{1f}") == "\"\\u0001\\u001f\"")
        #expect(jsonString("épaule 👋") == "\"épaule 👋\"")
        for text in ["plain", "a\"b\\c", "x\u{1}\ny", "épaule 👋"] {
            let decoded = try? JSONSerialization.jsonObject(with: Data(jsonString(text).utf8), options: .fragmentsAllowed) as? String
            #expect(decoded == text)
        }
    }

    @Test("integers and booleans", arguments: [0, 7, -7, 1_000_000, Int.max, Int.min])
    func integers(_ value: Int) {
        var writer = JSONWriter()
        writer.integer(value)
        writer.raw(" ")
        writer.bool(value > 0)
        #expect(writer.text == "\(value) \(value > 0)")
    }
}
