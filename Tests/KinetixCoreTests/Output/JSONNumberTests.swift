import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@Suite("JSON numbers")
struct JSONNumberTests {
    @Test(
        "fixed decimals, trimmed",
        arguments: [
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

    @Test("the pointer writer gives the text of a plain reference, digit for digit, on seeded values")
    func againstReference() {
        /// The rules of `number(_:digits:)`, written the slow, obvious way.
        func reference(_ value: Double, _ digits: Int) -> String {
            guard value.isFinite else { return "null" }
            let scale = UInt64(pow(10, Double(digits)))
            let scaled = (abs(value) * Double(scale)).rounded()
            guard scaled < 9e15 else { return String(value) }
            let units = UInt64(scaled)
            var text = (value < 0 && units != 0 ? "-" : "") + String(units / scale)
            var fraction = String(units % scale)
            guard units % scale != 0 else { return text }
            fraction = String(repeating: "0", count: digits - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
            return text
        }
        var rng = SplitMix64(seed: 12)
        var writer = JSONWriter()
        var expected = ""
        for i in 0..<50_000 {
            let magnitude = pow(10, Double(Int(rng.next() % 24)) - 8)
            let value = i % 97 == 0 ? Double(Int(rng.next() % 1000)) : (rng.nextUnit() - 0.5) * magnitude
            let digits = Int(rng.next() % 10)
            writer.number(value, digits: digits)
            writer.raw(",")
            expected += reference(value, digits) + ","
        }
        writer.integer(Int.min)
        expected += String(Int.min)
        #expect(writer.text == expected)
    }

    @Test("digit counts and trailing zeros at every power of ten and beside it")
    func digitCounts() {
        var power: UInt64 = 1
        for digits in 1...20 {
            for value in [power, power &- 1, power &+ 1, power &* 3] where value > 0 {
                #expect(JSONCursor.decimalDigits(value) == String(value).count, "\(value)")
                #expect(JSONCursor.trailingZeros(value) == String(value).reversed().prefix { $0 == "0" }.count, "\(value)")
            }
            if digits < 20 { power *= 10 }
        }
        #expect(JSONCursor.decimalDigits(0) == 1)
        #expect(JSONCursor.decimalDigits(.max) == 20)
    }

    @Test("a copied writer is independent of the original, and writers grow past their capacity")
    func copiesAndGrowth() {
        var first = JSONWriter(capacity: 4)
        first.raw("[1")
        var second = first
        second.raw(", 2]")
        first.raw("]")
        #expect(first.text == "[1]" && second.text == "[1, 2]")
        var long = JSONWriter(capacity: 1)
        for k in 0..<300_000 { long.integer(k % 10) }
        #expect(long.count == 300_000 && long.bytes.reduce(0) { $0 + Int($1 - 48) } == 30_000 * 45)
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
