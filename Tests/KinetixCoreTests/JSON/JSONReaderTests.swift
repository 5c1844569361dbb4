import Foundation
import Testing
@testable import KinetixCore
import _KinetixTestSupport

@Suite("JSONReader")
struct JSONReaderTests {
    func withReader<T>(_ text: String, maxDepth: Int = 64, _ body: (inout JSONReader) throws -> T) rethrows -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
            return try body(&reader)
        }
    }

    @Test("numbers read exactly as strtod reads them", arguments: [
        "0", "-0", "1", "0.1", "123.456", "-7.25e-3", "1E+2", "9007199254740993", "0.30000000000000004",
        "1e300", "2.2250738585072014e-308", "4.9e-324", "123456789012345678901234567890", "1e400",
    ])
    func numbers(_ text: String) throws {
        let value = try withReader(text) { try $0.readNumber() }
        #expect(value == strtod(text, nil))
    }

    @Test("seeded random decimals agree with strtod")
    func randomNumbers() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let mantissa = rng.next() >> UInt64(rng.next() % 60)
            let exponent = Int(rng.next() % 80) - 40
            let text = "\(mantissa)e\(exponent)"
            let value = try withReader(text) { try $0.readNumber() }
            #expect(value == strtod(text, nil), "\(text)")
        }
    }

    @Test("the one-pass point reader returns what readNumber returns, or leaves the reader untouched", arguments: [
        ("[540.75, 645.01, 0.933]", true), ("[ -0 ,0.5,1 ]", true), ("[1,2,3]", true), ("[12345678.1234567, 1, 1]", true),
        ("[0.00000001, 99999999, -12.5]", true), ("[123456789, 1, 1]", false), ("[0.000000001, 1, 1]", false),
        ("[1e2, 1, 1]", false), ("[1, 2]", false), ("[1, 2, 3, 4]", false), ("[01, 2, 3]", false), ("[1., 2, 3]", false),
        ("[1234567890123456, 1, 1]", false), ("[null, 1, 1]", false), ("[1, 2, 3", false), ("{", false), ("[-, 1, 1]", false),
        ("[0.00000000000000000000001, 1, 1]", false),
    ])
    func plainTriple(_ text: String, _ plain: Bool) throws {
        withReader(text) { reader in
            guard let (a, b, c) = reader.readPlainTriple() else {
                #expect(!plain)
                #expect(reader.offset == 0)
                return
            }
            #expect(plain)
            #expect(reader.offset == text.utf8.count)
            let numbers = text.dropFirst().dropLast().split(separator: ",").map { strtod($0.trimmingCharacters(in: .whitespaces), nil) }
            #expect([a, b, c].map(\.bitPattern) == numbers.map(\.bitPattern))
        }
    }

    @Test("seeded random points: the one-pass reader agrees with strtod bit for bit")
    func randomPlainTriples() throws {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<5000 {
            let parts = (0..<3).map { _ in
                let digits = String(rng.next() % 1_000_000_000_000_000)
                let point = Int(rng.next() % UInt64(digits.count + 1))
                let text = point == digits.count ? digits : String(digits.prefix(point).isEmpty ? "0" : digits.prefix(point)) + "." + digits.dropFirst(point)
                return (rng.next() % 2 == 0 ? "-" : "") + text
            }
            let text = "[\(parts.joined(separator: ", "))]"
            let triple = withReader(text) { $0.readPlainTriple() }
            let expected = parts.map { strtod($0, nil) }
            if let (a, b, c) = triple {
                #expect([a, b, c].map(\.bitPattern) == expected.map(\.bitPattern), "\(text)")
            } else {
                // Only numbers beyond the one-pass reader (a run of more than 8 digits before or
                // after the point, or more than 15 digits in all) may fall back.
                #expect(parts.contains { part in
                    let runs = part.split(separator: ".").map { $0.filter(\.isNumber).count }
                    return runs.contains { $0 > 8 } || runs.reduce(0, +) > 15
                }, "\(text)")
            }
        }
    }

    @Test("malformed numbers are syntax errors", arguments: ["-", "1.", ".5", "01", "1e", "NaN", "Infinity", "+1"])
    func malformedNumbers(_ text: String) {
        #expect(throws: JSONSyntaxError.self) {
            try withReader(text) { reader in
                _ = try reader.peekKind()
                _ = try reader.readNumber()
                try reader.expectEnd()
            }
        }
    }

    @Test("strings decode escapes and surrogate pairs")
    func strings() throws {
        let value = try withReader(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) { try $0.readString() }
        #expect(value == "a\"b\\c/d\né😀")
    }

    @Test("skipValue walks nested values and stops at the right byte")
    func skip() throws {
        let rest = try withReader(#"{"a": [1, {"b": [true, false, null, "x]"]}, {}], "c": {}} 42"#) { reader in
            try reader.skipValue()
            return try reader.readNumber()
        }
        #expect(rest == 42)
    }

    @Test("deep nesting fails cleanly instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(throws: JSONSyntaxError.self) { try withReader(text, maxDepth: 64) { try $0.skipValue() } }
    }

    @Test("invalid skipped objects are rejected")
    func invalidSkipped() {
        for text in [#"{"a":1, 2}"#, #"[1 2]"#, #"{"a" 1}"#, "[1,", #"{"a":tru}"#] {
            #expect(throws: JSONSyntaxError.self, "\(text)") { try withReader(text) { try $0.skipValue() } }
        }
    }
}
