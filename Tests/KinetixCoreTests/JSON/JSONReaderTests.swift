import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("JSONReader")
struct JSONReaderTests {
    func withReader<T>(_ text: String, maxDepth: Int = 64, _ body: (inout JSONReader) throws -> T) rethrows -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
            return try body(&reader)
        }
    }

    @Test(
        "numbers read exactly as strtod reads them",
        arguments: [
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

    /// Names for the one-pass points reader: one letter, two, and the longest it takes (16 bytes).
    static let pointNames = OrderedNames(["a", "bb", "sixteenBytesLong"])
    /// Past a number the one-pass reader wants 32 readable bytes, as any frame but the last has.
    static let slack = String(repeating: " ", count: 40)

    /// Every number reader this CPU runs (0, portable; 1, SSSE3 on x86-64): each test of
    /// the one-pass readers runs at each level.
    static let scanLevels = Array(0...JSONReader.plainScanLevel)

    /// `readPlainPoints` on `text` + slack: what it found and the values, or nil; and where the reader is.
    func plainPoints(_ text: String, level: Int32) -> (found: UInt64, values: [Float])?? {
        withReader(text + Self.slack) { reader in
            var values = [Float](repeating: .nan, count: 3 * Self.pointNames.count)
            let found = readPlainPoints(&reader, into: &values, level: level)
            guard let found else { return reader.offset == 0 && values.allSatisfy(\.isNaN) ? .some(nil) : nil }
            return reader.offset == text.utf8.count ? (found, values) : nil
        }
    }

    /// `readPlainPoints` into `values`: x of the names, then y, then confidence.
    func readPlainPoints(_ reader: inout JSONReader, into values: inout [Float], level: Int32) -> UInt64? {
        let n = Self.pointNames.count
        return values.withUnsafeMutableBufferPointer { values in
            let x = values.baseAddress!
            return reader.readPlainPoints(Self.pointNames, into: (x, x + n, x + 2 * n), level: level)
        }
    }

    @Test(
        "the one-pass points reader returns what readNumber returns, or leaves the reader untouched",
        arguments: [
            ("[540.75, 645.01, 0.933]", true), ("[ -0 ,0.5,1 ]", true), ("[1,2,3]", true), ("[12345678.1234567, 1, 1]", true),
            ("[0.00000001, 99999999, -12.5]", true), ("[123456789, 1, 1]", false), ("[0.000000001, 1, 1]", false),
            ("[1e2, 1, 1]", false), ("[1, 2]", false), ("[1, 2, 3, 4]", false), ("[01, 2, 3]", false), ("[1., 2, 3]", false),
            ("[1234567890123456, 1, 1]", false), ("[null, 1, 1]", false), ("[1, 2, 3", false), ("{", false), ("[-, 1, 1]", false),
            ("[0.00000000000000000000001, 1, 1]", false), ("null", false), ("[1, 2, 0]", true), ("[1, 2, -0.0]", true),
            // 16 bytes of digits and point: 15 digits are read, a 16th falls back.
            ("[1234567.12345678, 1, 1]", true), ("[-1234567.12345678, 1, 1]", true), ("[12345678.12345678, 1, 1]", false),
            ("[1234567.123456789, 1, 1]", false), ("[1.2, 12345678.1234567 ,1]", true),
        ])
    func plainPoint(_ triple: String, _ plain: Bool) throws {
        for level in Self.scanLevels { try plainPoint(triple, plain, level: level) }
    }

    func plainPoint(_ triple: String, _ plain: Bool, level: Int32) throws {
        let result = try #require(plainPoints(#"{"bb": \#(triple)}"#, level: level), "the reader moved without reading")
        guard let (found, values) = result else {
            #expect(!plain, "level \(level)")
            return
        }
        #expect(plain, "level \(level)")
        let numbers = triple.dropFirst().dropLast().split(separator: ",").map {
            Float(strtod($0.trimmingCharacters(in: .whitespaces), nil))
        }
        if numbers[2] == 0 {
            #expect(found == 0)  // confidence 0: not detected
        } else {
            #expect(found == 0b010)
            #expect([values[1], values[4], values[7]].map(\.bitPattern) == numbers.map(\.bitPattern))
        }
    }

    static let plainObjectCases: [(String, UInt64?)] = [
        (#"{}"#, 0b000), (#" { "a" : [1, 2, 3] }"#, 0b001),
        (#"{"sixteenBytesLong": [1, 2, 3], "a": [1, 2, 3]}"#, 0b101), ("{\n\t\"bb\":\r\n[1,\n2,\n3]\n}", 0b010),
        (#"{"a": [1, 2, 3], "bb": [1, 2, 0], "sixteenBytesLong": [1, 2, 3]}"#, 0b101),
        (#"{"a": [1, 2, 3], "a": [1, 2, 3]}"#, nil), (#"{"a": [1, 2, 0], "a": [1, 2, 3]}"#, nil),
        (#"{"c": [1, 2, 3]}"#, nil), (#"{"sixteenBytesLon": [1, 2, 3]}"#, nil), (#"{"sixteenBytesLongX": [1, 2, 3]}"#, nil),
        (#"{"b": [1, 2, 3]}"#, nil), (#"{"a\u0062": [1, 2, 3]}"#, nil), (#"{"a": null}"#, nil), (#"{"a": [1, 2, 3],}"#, nil),
        (#"{"a": [1, 2, 3] "bb": [1, 2, 3]}"#, nil), (#"{"a" [1, 2, 3]}"#, nil), (#"{"a": [1, 2, 3]]"#, nil),
    ]

    @Test("the one-pass points reader takes names in any order and any spacing, each once", arguments: plainObjectCases)
    func plainObjects(_ text: String, _ expected: UInt64?) throws {
        for level in Self.scanLevels {
            let result = try #require(plainPoints(text, level: level), "the reader moved without reading")
            #expect(result?.found == expected, "\(text), level \(level)")
        }
    }

    static let plainFrameCases: [(String, Double?)] = [
        (#"{"t": 0.5, "joints": {"a": [1, 2, 3]}}"#, 0.5), (#"{"joints": {"bb": [1, 2, 3]}, "t": 12}"#, 12),
        (#"{ "t" : -0.25 , "joints" : { } }"#, -0.25), (#"{"t": 0.5}"#, nil), (#"{"joints": {}}"#, nil),
        (#"{"t": 0.5, "joints": {}, "face": {}}"#, nil), (#"{"t": 0.5, "t": 0.5, "joints": {}}"#, nil),
        (#"{"t": 5e-1, "joints": {}}"#, nil), (#"{"t": 0.5, "joints": null}"#, nil), (#"{"t": "0.5", "joints": {}}"#, nil),
        (#"{"t": 0.5, "joints": {"a": [1, 2, 3]},}"#, nil), (#"{"t": 0.5 "joints": {}}"#, nil), (#"[0.5]"#, nil),
    ]

    @Test("the one-pass frame reader takes exactly t and joints, in either order", arguments: plainFrameCases)
    func plainFrames(_ text: String, _ time: Double?) {
        for level in Self.scanLevels {
            withReader(text + Self.slack) { reader in
                var values = [Float](repeating: .nan, count: 9)
                var t = Double.nan
                let n = Self.pointNames.count
                let found = values.withUnsafeMutableBufferPointer { values in
                    let x = values.baseAddress!
                    return reader.readPlainFrame(Self.pointNames, time: &t, into: (x, x + n, x + 2 * n), level: level)
                }
                if let time {
                    #expect(found != nil && t == time && reader.offset == text.utf8.count, "\(text), level \(level)")
                } else {
                    #expect(found == nil && t.isNaN && values.allSatisfy(\.isNaN) && reader.offset == 0, "\(text), level \(level)")
                }
            }
        }
    }

    @Test("the one-pass points reader falls back, reading nothing past the bytes, when they end close by")
    func plainPointsNearTheEnd() {
        let text = #"{"a": [540.75, 645.01, 0.933]}"#
        for slack in 0..<40 {
            let bytes = Array((text + String(repeating: " ", count: slack)).utf8)
            // An exact-size heap copy, so a read past the end is caught by the address sanitizer.
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { copy.deallocate() }
            _ = copy.initialize(from: bytes)
            for level in Self.scanLevels {
                var reader = JSONReader(bytes: UnsafeBufferPointer(copy), maxDepth: 8)
                var values = [Float](repeating: .nan, count: 9)
                let found = readPlainPoints(&reader, into: &values, level: level)
                // The last number needs 32 readable bytes from where it starts.
                #expect((found != nil) == (bytes.count - 23 >= 32), "slack \(slack), level \(level)")
            }
        }
    }

    @Test("seeded random points: the one-pass reader agrees with strtod bit for bit")
    func randomPlainPoints() throws {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<5000 {
            let parts = (0..<3).map { _ in
                let digits = String(rng.next() % 1_000_000_000_000_000)
                let point = Int(rng.next() % UInt64(digits.count + 1))
                let text =
                    point == digits.count
                    ? digits : String(digits.prefix(point).isEmpty ? "0" : digits.prefix(point)) + "." + digits.dropFirst(point)
                return (rng.next() % 2 == 0 ? "-" : "") + text
            }
            let text = #"{"a": [\#(parts.joined(separator: ", "))]}"#
            let expected = parts.map { Float(strtod($0, nil)) }
            for level in Self.scanLevels {
                let result = try #require(plainPoints(text, level: level), "the reader moved without reading")
                if let (found, values) = result {
                    #expect(found == (expected[2] == 0 ? 0 : 1), "\(text), level \(level)")
                    if found == 1 {
                        #expect(
                            [values[0], values[3], values[6]].map(\.bitPattern) == expected.map(\.bitPattern), "\(text), level \(level)")
                    }
                } else {
                    // Only numbers beyond the one-pass reader (a run of more than 8 digits before or
                    // after the point, or more than 15 digits in all) may fall back.
                    #expect(
                        parts.contains { part in
                            let runs = part.split(separator: ".").map { $0.filter(\.isNumber).count }
                            return runs.contains { $0 > 8 } || runs.reduce(0, +) > 15
                        }, "\(text), level \(level)")
                }
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

    @Test("line and column agree with a byte-by-byte count, at every offset and across 16-byte steps")
    func lineAndColumn() {
        var rng = SplitMix64(seed: 11)
        var documents: [[UInt8]] = [
            [], Array("\n".utf8), [UInt8](repeating: UInt8(ascii: "\n"), count: 10_000),  // more than 255 steps of 16
            [UInt8](repeating: UInt8(ascii: "x"), count: 5_000),
        ]
        for _ in 0..<60 {
            let count = Int(rng.next() % 700)
            let density = Int(rng.next() % 4)
            documents.append(
                (0..<count).map { _ in
                    rng.next() % UInt64([2, 30, 300, 100_000][density]) == 0
                        ? UInt8(ascii: "\n") : UInt8(truncatingIfNeeded: 32 + rng.next() % 90)
                })
        }
        for bytes in documents {
            bytes.withUnsafeBufferPointer { buffer in
                let reader = JSONReader(bytes: buffer)
                var expected = (line: 1, column: 1)  // counted byte by byte
                for offset in 0...bytes.count {
                    let (line, column) = reader.lineAndColumn(of: offset)
                    #expect(line == expected.line && column == expected.column, "offset \(offset) of \(bytes.count)")
                    if offset < bytes.count {
                        expected = bytes[offset] == UInt8(ascii: "\n") ? (expected.line + 1, 1) : (expected.line, expected.column + 1)
                    }
                }
            }
        }
    }
}
