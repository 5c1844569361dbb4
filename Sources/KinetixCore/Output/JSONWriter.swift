/// JSON text built in one growing byte buffer: the writer every long report uses.
///
/// Appending bytes costs a few nanoseconds each; building the same text from
/// interpolated `String`s cost about a microsecond per number and dominated writing a
/// long comparison (perf: 40 % of a 10-minute `compare`). Numbers are written in
/// fixed format by integer arithmetic (`number(_:digits:)`), strings are escaped
/// byte by byte (`string(_:)`). The writer checks no structure: callers write
/// separators themselves, as the templates they replace did.
package struct JSONWriter {
    /// The UTF-8 text so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The text so far as a `String`.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends literal text (keys, punctuation), unescaped.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends already-encoded JSON (for example another writer's text), unescaped.
    package mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends already-encoded UTF-8 JSON, unescaped.
    @inline(__always)
    package mutating func raw(_ encoded: [UInt8]) { bytes.append(contentsOf: encoded) }

    /// Appends already-encoded UTF-8 JSON, unescaped.
    @inline(__always)
    package mutating func raw(_ encoded: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: encoded) }

    /// Appends `true` or `false`.
    package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// Appends a decimal integer.
    package mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(UInt64(value.magnitude), minimumWidth: 1)
    }

    /// Appends `value` with at most `digits` decimals (0...9), trailing zeros trimmed;
    /// `null` when it is not finite. Rounds half away from zero on the value scaled by
    /// 10^digits; magnitudes of 9e15 and more (scaled) use the shortest round-trip
    /// form. Never "-0": a value that rounds to zero is written "0".
    package mutating func number(_ value: Double, digits: Int) {
        guard value.isFinite else { return raw("null") }
        precondition((0...9).contains(digits))
        let scale = Self.powersOfTen[digits]
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else { return raw(String(value)) }
        let units = UInt64(scaled)
        if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        unsigned(units / scale, minimumWidth: 1)
        var fraction = units % scale
        guard fraction != 0 else { return }
        var width = digits
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        bytes.append(UInt8(ascii: "."))
        unsigned(fraction, minimumWidth: width)
    }

    /// `number(_:digits:)` of a `Float`, widened exactly.
    @inline(__always)
    package mutating func number(_ value: Float, digits: Int) { number(Double(value), digits: digits) }

    /// `null` for nil, else the number.
    package mutating func number(_ value: Double?, digits: Int) {
        if let value { number(value, digits: digits) } else { raw("null") }
    }

    /// `null` for nil, else the number.
    package mutating func number(_ value: Float?, digits: Int) {
        if let value { number(Double(value), digits: digits) } else { raw("null") }
    }

    /// Appends `value` as a JSON string literal, quoted and escaped (control characters
    /// as `\uXXXX` except the usual short escapes).
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Decimal digits of `value`, left-padded with zeros to `minimumWidth`.
    @inline(__always)
    private mutating func unsigned(_ value: UInt64, minimumWidth: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for UInt64.max (20 digits)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
            while count < minimumWidth { count += 1; buffer[24 - count] = UInt8(ascii: "0") }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    private static let powersOfTen: [UInt64] = (0...9).map { (0..<$0).reduce(1) { product, _ in product * 10 } }
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
