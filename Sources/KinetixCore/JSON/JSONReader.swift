import CKinetixScan
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A syntax error at a byte offset of a JSON document.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    package var offset: Int
    package var message: String

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }
}

/// A pull reader over the bytes of one JSON document (RFC 8259).
///
/// The caller drives it with the document's expected shape, so decoding needs no
/// intermediate tree and knows the field it is in when something is wrong.
/// Nothing recurses: `skipValue()` walks nested values with a counter and fails
/// past `maxDepth`, so pathological nesting cannot overflow the stack.
/// Numbers are returned as `Double`; the literals `NaN` and `Infinity` are not JSON
/// and are syntax errors.
package struct JSONReader {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var index = 0
    package let maxDepth: Int
    package let maxStringBytes: Int

    /// The kind of the next value, read from its first byte.
    package enum Kind: Equatable, Sendable, CustomStringConvertible {
        case object, array, string, number, bool, null

        /// The kind in words, for messages: "an object", "a string", ….
        public var description: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// - Parameters:
    ///   - bytes: The document; it must outlive the reader.
    ///   - maxDepth: The deepest nesting of objects and arrays accepted.
    ///   - maxStringBytes: The longest string accepted, in UTF-8 bytes.
    package init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = 64, maxStringBytes: Int = 1 << 16) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    /// The byte offset of the next unread byte.
    package var offset: Int { index }

    /// The 1-based line and column of a byte offset, for messages. Offsets before
    /// `forgottenBytes` are counted from what `forget(upTo:)` recorded.
    package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let (line, column) = (forgotten.line, forgotten.column)
        let end = min(offset, bytes.count)
        let start = min(forgotten.offset, offset)
        guard start < end, let base = bytes.baseAddress else { return (line, column) }
        var last: Int64 = 0
        let newlines = Int(kinetix_count_newlines(base + start, Int64(end - start), &last))
        guard newlines > 0 else { return (line, column + end - start) }
        return (line + newlines, end - (start + Int(last)))
    }

    /// Where the forgotten prefix ends, and the line and column there.
    private var forgotten = (offset: 0, line: 1, column: 1)

    /// Bytes before this offset may no longer be read (their memory may be released).
    package var forgottenBytes: Int { forgotten.offset }

    /// Records that the bytes before `offset` (at most the read position) will not be
    /// read again, counting their lines first so `lineAndColumn(of:)` stays exact.
    package mutating func forget(upTo offset: Int) {
        let end = min(offset, index)
        guard end > forgotten.offset else { return }
        let (line, column) = lineAndColumn(of: end)
        forgotten = (end, line, column)
    }

    /// Moves the read position forward to `offset` (`FramesAhead` placing its reader).
    package mutating func move(to offset: Int) {
        precondition(offset >= index && offset <= bytes.count)
        index = offset
    }

    /// Moves the read position forward to `offset` and counts lines and columns from
    /// there, as if the bytes began there (line 1, column 1): for a reader starting in
    /// the middle (`FramesAhead`), whose positions another reader adds to its own.
    package mutating func restart(at offset: Int) {
        move(to: offset)
        forgotten = (offset, 1, 1)
    }

    /// Moves the read position forward to `offset`, past bytes another reader has read,
    /// from here on (it was `restart(at:)` here): `counted` is its line and column at
    /// `offset`. Those bytes are forgotten (`forget(upTo:)`), so positions after them are
    /// counted from there (`SidecarDecoder` adopting frames read ahead).
    package mutating func skip(to offset: Int, counted: (line: Int, column: Int)) {
        precondition(offset >= index && offset <= bytes.count)
        forget(upTo: index)
        let (line, column) = lineAndColumn(of: index)
        forgotten = (offset, line + counted.line - 1, counted.line > 1 ? counted.column : column + counted.column - 1)
        index = offset
    }

    @inlinable
    package mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// JSON's whitespace: space, line feed, carriage return, tab.
    @inlinable @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09: true
        default: false
        }
    }

    @usableFromInline
    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, message: message)
    }

    @usableFromInline
    func describeNext() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    /// The kind of the next value, skipping whitespace; throws at the end of input
    /// or on a byte that cannot start a value.
    package mutating func peekKind() throws(JSONSyntaxError) -> Kind {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file (the file is truncated?)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw error("expected a value, found \(describeNext())")
        }
    }

    /// Consumes `null` if it is next and returns true.
    package mutating func readNullIfPresent() throws(JSONSyntaxError) -> Bool {
        guard try peekKind() == .null else { return false }
        try expectLiteral("null")
        return true
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of file in '\(literal)'", at: start) }
        let base = literal.utf8Start
        for i in 0..<count where bytes[index + i] != base[i] {
            throw error("invalid literal; expected '\(literal)'", at: start)
        }
        index += count
    }

    package mutating func readBool() throws(JSONSyntaxError) -> Bool {
        guard try peekKind() == .bool else { throw error("expected true or false, found \(describeNext())") }
        if bytes[index] == UInt8(ascii: "t") {
            try expectLiteral("true")
            return true
        }
        try expectLiteral("false")
        return false
    }

    // MARK: Containers

    /// Consumes `{`.
    package mutating func beginObject() throws(JSONSyntaxError) {
        guard try peekKind() == .object else { throw error("expected an object, found \(describeNext())") }
        index += 1
    }

    /// Returns the next member's key with the reader before its value, or nil after
    /// consuming the closing `}`. `first` is true for the first call after `beginObject()`.
    package mutating func nextKey(first: inout Bool) throws(JSONSyntaxError) -> String? {
        guard let key = try nextKeyBytes(first: &first) else { return nil }
        return keyString(key)
    }

    /// Like `nextKey(first:)`, but returns the key's raw bytes when it has no escapes
    /// (nil key bytes with `hasKey` true mean an escaped key: call `lastKeyString`).
    /// Used where keys are matched against a fixed table, to avoid making a `String`.
    @inlinable
    package mutating func nextKeyBytes(first: inout Bool) throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file inside an object (the file is truncated?)") }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error("expected ',' or '}' after an object member, found \(describeNext())")
            }
            index += 1
            skipWhitespace()
        }
        first = false
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key, found \(describeNext())") }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20, bytes[end] < 0x80 {
            end += 1
        }
        let key: UnsafeBufferPointer<UInt8>
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            key = UnsafeBufferPointer(rebasing: bytes[start..<end])
            index = end + 1
        } else {
            // Escapes or a problem: take the slow path, which reports problems exactly.
            let string = try readString()
            escapedKey = string
            key = UnsafeBufferPointer(start: nil, count: 0)
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after key \"\(keyString(key))\", found \(describeNext())")
        }
        index += 1
        return key
    }

    /// The last key read by `nextKeyBytes` as a `String` (decoding escapes if it had any).
    package func keyString(_ key: UnsafeBufferPointer<UInt8>) -> String {
        key.baseAddress == nil ? (escapedKey ?? "") : String(decoding: key, as: UTF8.self)
    }

    @usableFromInline var escapedKey: String?

    /// Consumes `[`.
    package mutating func beginArray() throws(JSONSyntaxError) {
        guard try peekKind() == .array else { throw error("expected an array, found \(describeNext())") }
        index += 1
    }

    /// Returns true with the reader before the next element, or false after consuming `]`.
    package mutating func nextElement(first: inout Bool) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file inside an array (the file is truncated?)") }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error("expected ',' or ']' after an array element, found \(describeNext())")
            }
            index += 1
        }
        first = false
        return true
    }

    /// Checks that only whitespace follows the document.
    package mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeNext()) after the end of the document") }
    }

    // MARK: Scalars

    /// Reads a string, decoding escapes. The string must be valid (`scanString`).
    package mutating func readString() throws(JSONSyntaxError) -> String {
        guard try peekKind() == .string else { throw error("expected a string, found \(describeNext())") }
        let (contentStart, contentEnd, hasEscape) = try scanString()
        let raw = UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd])
        if !hasEscape { return String(decoding: raw, as: UTF8.self) }
        return try unescape(raw, at: contentStart)
    }

    /// Consumes a string at the reader (which is at its opening quote), checking it as
    /// RFC 8259 and RFC 3629 require, whether or not its value is used: only the escapes
    /// `\" \\ \/ \b \f \n \r \t \uXXXX`, a high surrogate escape only followed by a low
    /// one (and a low one only after a high one), no raw control characters, and
    /// well-formed UTF-8 (no overlong forms, no encoded surrogates, nothing past U+10FFFF).
    ///
    /// - Returns: The content's range (without quotes) and whether it has escapes.
    private mutating func scanString() throws(JSONSyntaxError) -> (start: Int, end: Int, hasEscape: Bool) {
        let start = index
        index += 1
        let contentStart = index
        var hasEscape = false
        func hexValue(_ at: Int) -> UInt32? { Self.hexValue(bytes, at: at) }
        while true {
            guard index < bytes.count else { throw error("unterminated string (the file is truncated?)", at: start) }
            if index - contentStart > maxStringBytes {
                throw error("string longer than the limit of \(maxStringBytes) bytes", at: start)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw error("control character inside a string (write it as an escape)") }
            if byte == UInt8(ascii: "\\") {
                hasEscape = true
                guard index + 1 < bytes.count else { throw error("unterminated string (the file is truncated?)", at: start) }
                let code = bytes[index + 1]
                switch code {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard let unit = hexValue(index + 2) else { throw error("invalid \\u escape: four hex digits must follow") }
                    index += 6
                    if (0xDC00..<0xE000).contains(unit) {
                        throw error("invalid \\u escape: a low surrogate without a high one before it", at: index - 6)
                    }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                            let low = hexValue(index + 2), (0xDC00..<0xE000).contains(low)
                        else {
                            throw error("invalid \\u escape: a high surrogate must be followed by a low one", at: index - 6)
                        }
                        index += 6
                    }
                default:
                    let shown = code < 0x20 || code >= 0x7F ? String(format: "byte 0x%02X", code) : "'\\\(Character(Unicode.Scalar(code)))'"
                    throw error("invalid escape \(shown) (JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
                }
                continue
            }
            if byte < 0x80 {
                index += 1
                continue
            }
            // UTF-8: the lead byte gives the length and the range of the second byte.
            let length: Int
            let secondRange: ClosedRange<UInt8>
            switch byte {
            case 0xC2...0xDF:
                length = 2
                secondRange = 0x80...0xBF
            case 0xE0:
                length = 3
                secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF:
                length = 3
                secondRange = 0x80...0xBF
            case 0xED:
                length = 3
                secondRange = 0x80...0x9F
            case 0xF0:
                length = 4
                secondRange = 0x90...0xBF
            case 0xF1...0xF3:
                length = 4
                secondRange = 0x80...0xBF
            case 0xF4:
                length = 4
                secondRange = 0x80...0x8F
            default: throw error(String(format: "invalid UTF-8 (byte 0x%02X)", byte))
            }
            guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]),
                (2..<length).allSatisfy({ (0x80...0xBF).contains(bytes[index + $0]) })
            else {
                throw error(String(format: "invalid UTF-8 (a sequence starting with byte 0x%02X)", byte))
            }
            index += length
        }
        let contentEnd = index
        index += 1
        return (contentStart, contentEnd, hasEscape)
    }

    /// The value of the four hex digits at `at`, or nil when they are not four hex digits.
    private static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[at + k]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        return value
    }

    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, at base: Int) throws(JSONSyntaxError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) throws(JSONSyntaxError) -> UInt32 {
            guard let value = Self.hexValue(raw, at: at) else { throw error("invalid \\u escape", at: base + at) }
            return value
        }
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let code = raw[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(code)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 6 <= raw.count,
                    raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u")
                {
                    let low = try hex4(i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(character).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(code)))'", at: base + i - 2)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Reads a number as a `Double`. Values beyond `Double`'s range read as ±infinity;
    /// callers that store them decide whether that is an error.
    @inlinable
    package mutating func readNumber() throws(JSONSyntaxError) -> Double {
        skipWhitespace()
        let start = index
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var sawDigit = false
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
            } else {
                exponent += 1
            }
            index += 1
            sawDigit = true
        }
        guard sawDigit else { throw numberError(start) }
        if bytes[start + (negative ? 1 : 0)] == UInt8(ascii: "0"), index - start - (negative ? 1 : 0) > 1 {
            throw JSONSyntaxError(offset: start, message: "number with a leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var fraction = false
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                }
                index += 1
                fraction = true
            }
            guard fraction else { throw numberError(start) }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var expNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                expNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            var sawExp = false
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if value < 100_000 { value = value * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
                sawExp = true
            }
            guard sawExp else { throw numberError(start) }
            exponent += expNegative ? -value : value
        }
        // Clinger's fast path: exact when the mantissa and the power of ten are both exact doubles.
        if mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= Self.powersOfTen[-exponent] } else { value *= Self.powersOfTen[exponent] }
            return negative ? -value : value
        }
        return slowNumber(from: start, to: index)
    }

    /// The number reader the plain readers use by default: the best this CPU runs (1,
    /// SSSE3, on x86-64 where present; else 0, portable). Every level reads the same values.
    package static let plainScanLevel: Int32 = kinetix_scan_best_level()

    /// Where the plain readers store points: x, y and confidence of point p at `x[p]`,
    /// `y[p]` and `confidence[p]`.
    typealias PointRow = (x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, confidence: UnsafeMutablePointer<Float>)

    /// Reads an object of named points written plainly (`{"name": [x, y, confidence], …}`
    /// with plain numbers: see `kinetix_read_plain_points`), the shape of almost every
    /// frame of a sidecar, in one pass. Returns which points were read with a confidence
    /// other than zero (bit p for `names` p), stored in `row`; nil, with the reader where
    /// it was and nothing stored, for anything else, which the general path then reads
    /// and reports exactly.
    mutating func readPlainPoints(_ names: OrderedNames, into row: PointRow, level: Int32 = plainScanLevel) -> UInt64? {
        guard let base = bytes.baseAddress else { return nil }
        var found: UInt64 = 0
        let end = names.withSlots { slots, lengths in
            kinetix_read_plain_points(
                level, base, Int64(bytes.count), Int64(index), slots, lengths, Int32(names.count),
                row.x, row.y, row.confidence, &found)
        }
        guard end >= 0 else { return nil }
        index = Int(end)
        return found
    }

    /// Reads a frame written plainly, `{"t": time, "joints": {…}}` (the two members, in
    /// either order, see `kinetix_read_plain_frame`), as `readPlainPoints` reads its points,
    /// and its time into `time`; nil, with nothing read or stored, for any other frame.
    mutating func readPlainFrame(_ names: OrderedNames, time: inout Double, into row: PointRow, level: Int32 = plainScanLevel) -> UInt64? {
        guard let base = bytes.baseAddress else { return nil }
        var found: UInt64 = 0
        let end = names.withSlots { slots, lengths in
            kinetix_read_plain_frame(
                level, base, Int64(bytes.count), Int64(index), slots, lengths, Int32(names.count),
                &time, row.x, row.y, row.confidence, &found)
        }
        guard end >= 0 else { return nil }
        index = Int(end)
        return found
    }

    @usableFromInline
    func numberError(_ start: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: start, message: "malformed number")
    }

    @usableFromInline
    func slowNumber(from start: Int, to end: Int) -> Double {
        var text = [CChar](repeating: 0, count: end - start + 1)
        for i in start..<end { text[i - start] = CChar(bitPattern: bytes[i]) }
        return strtod(text, nil)
    }

    @usableFromInline
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Skips the next value of any kind without building it.
    package mutating func skipValue() throws(JSONSyntaxError) {
        var inObject: [Bool] = []  // one entry per open container
        repeat {
            let kind = try peekKind()
            switch kind {
            case .string: _ = try skipString()
            case .number: _ = try readNumber()
            case .bool: _ = try readBool()
            case .null: try expectLiteral("null")
            case .object, .array:
                if inObject.count >= maxDepth { throw error("nesting deeper than the limit of \(maxDepth) levels") }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: kind == .object ? "}" : "]") {
                    index += 1
                } else {
                    inObject.append(kind == .object)
                    if kind == .object { try skipKeyColon() }
                    continue
                }
            }
            // After a complete value: close containers, or move to the next member.
            while let object = inObject.last {
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file (the file is truncated?)") }
                let byte = bytes[index]
                if byte == UInt8(ascii: object ? "}" : "]") {
                    index += 1
                    inObject.removeLast()
                    continue
                }
                guard byte == UInt8(ascii: ",") else {
                    throw error("expected ',' or '\(object ? "}" : "]")', found \(describeNext())")
                }
                index += 1
                if object { try skipKeyColon() }
                break
            }
        } while !inObject.isEmpty
    }

    private mutating func skipKeyColon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key, found \(describeNext())") }
        _ = try skipString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after a key, found \(describeNext())")
        }
        index += 1
    }

    private mutating func skipString() throws(JSONSyntaxError) -> Int {
        let start = index
        _ = try scanString()
        return start
    }

}
