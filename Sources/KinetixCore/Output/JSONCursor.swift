/// Writes JSON text into memory a `JSONWriter` reserved (`withCursor(reserving:_:)`):
/// plain stores behind one bounds check each, no ownership or capacity check, so a row
/// of many values costs one of those. Writing past the reservation stops the program
/// (a reservation too small is a bug, never a buffer overrun).
package struct JSONCursor {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    package private(set) var count = 0

    init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    /// The most bytes `number(_:digits:)` writes: a sign, 16 integer digits, a point and
    /// 9 decimals, or the shortest form of a huge value (at most 24), or `null`.
    package static let numberBytes = 27

    /// The most bytes `string(_:)` writes for `value`.
    package static func stringBytes(_ value: String) -> Int { 6 * value.utf8.count + 2 }

    /// Where the next `bytes` bytes go, checked against the reservation.
    @inline(__always)
    private mutating func next(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(count + bytes <= capacity, "JSONCursor: more written than reserved")
        return start + count
    }

    /// Appends literal text (keys, punctuation), unescaped.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends already-encoded UTF-8 JSON, unescaped.
    @inline(__always)
    package mutating func raw(_ encoded: UnsafeBufferPointer<UInt8>) {
        guard let source = encoded.baseAddress, !encoded.isEmpty else { return }
        next(encoded.count).update(from: source, count: encoded.count)
        count += encoded.count
    }

    /// Appends `true` or `false`.
    @inline(__always)
    package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// Appends a decimal integer.
    package mutating func integer(_ value: Int) {
        let out = next(21)
        var n = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        n += Self.writeDigits(UInt64(value.magnitude), minimumWidth: 1, to: out + n)
        count += n
    }

    /// Appends `value` with at most `digits` decimals (0...9), trailing zeros trimmed;
    /// `null` when it is not finite. Rounds half away from zero on the value scaled by
    /// 10^digits; magnitudes of 9e15 and more (scaled) use the shortest round-trip
    /// form. Never "-0": a value that rounds to zero is written "0".
    @inline(__always)
    package mutating func number(_ value: Double, digits: Int) {
        guard value.isFinite else { return raw("null") }
        precondition((0...9).contains(digits))
        let scaled = abs(value) * Double(powerOfTen(digits))
        guard scaled < 9e15 else { return shortest(value) }
        // Half away from zero, as `rounded()`, without a call to libm's `round` (the
        // baseline x86-64 has no rounding instruction): below 2^53 the fraction left by
        // truncation is exact.
        let truncated = Int64(scaled)
        let units = UInt64(scaled - Double(truncated) >= 0.5 ? truncated + 1 : truncated)
        let out = next(Self.numberBytes)
        // Lengths and signs vary from value to value: decided without branches where
        // that is cheap (the sign is always stored, and kept only when needed).
        out[0] = UInt8(ascii: "-")
        var n = value < 0 && units != 0 ? 1 : 0
        let (whole, fraction) = Self.split(units, digits)
        n += Self.writeDigits(whole, minimumWidth: 1, to: out + n)
        if fraction != 0 {
            // All `digits` decimals (fraction < 10^digits), then the trailing zeros dropped.
            out[n] = UInt8(ascii: ".")
            Self.writeFixed(fraction, width: digits, to: out + n + 1)
            n += 1 + digits - Self.trailingZeros(fraction)
        }
        count += n
    }

    /// `null` for nil, else the number.
    @inline(__always)
    package mutating func number(_ value: Double?, digits: Int) {
        if let value { number(value, digits: digits) } else { raw("null") }
    }

    /// `null` for nil, else the number.
    @inline(__always)
    package mutating func number(_ value: Float?, digits: Int) {
        if let value { number(Double(value), digits: digits) } else { raw("null") }
    }

    /// A huge value in Swift's shortest round-trip form.
    private mutating func shortest(_ value: Double) {
        var text = String(value)
        text.withUTF8 { raw($0) }
    }

    /// Appends `value` as a JSON string literal, quoted and escaped (control characters
    /// as `\uXXXX` except the usual short escapes).
    package mutating func string(_ value: String) {
        let out = next(Self.stringBytes(value))
        var n = 0
        out[n] = UInt8(ascii: "\"")
        n += 1
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out[n] = UInt8(ascii: "\\")
                out[n + 1] = byte
                n += 2
            case UInt8(ascii: "\n"):
                out[n] = UInt8(ascii: "\\")
                out[n + 1] = UInt8(ascii: "n")
                n += 2
            case UInt8(ascii: "\r"):
                out[n] = UInt8(ascii: "\\")
                out[n + 1] = UInt8(ascii: "r")
                n += 2
            case UInt8(ascii: "\t"):
                out[n] = UInt8(ascii: "\\")
                out[n + 1] = UInt8(ascii: "t")
                n += 2
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                for (i, byte) in "\\u00".utf8.enumerated() { out[n + i] = byte }
                out[n + 4] = hex.utf8Start[Int(byte >> 4)]
                out[n + 5] = hex.utf8Start[Int(byte & 0xF)]
                n += 6
            default:
                out[n] = byte
                n += 1
            }
        }
        out[n] = UInt8(ascii: "\"")
        n += 1
        count += n
    }

    /// Writes the decimal digits of `value`, left-padded with zeros to `minimumWidth`
    /// (at most 20), at `out`; returns how many bytes it wrote.
    @inline(__always)
    static func writeDigits(_ value: UInt64, minimumWidth: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let count = max(decimalDigits(value), minimumWidth)
        writeFixed(value, width: count, to: out)
        return count
    }

    /// How many decimal digits `value` has (1 for 0): from its bit length, which leaves
    /// two possible counts, and one comparison.
    @inline(__always)
    package static func decimalDigits(_ value: UInt64) -> Int {
        let bits = 64 - (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) >> 12  // ⌊log10(2^bits)⌋: the count, or one less
        guard estimate <= 9 else { return longDecimalDigits(value) }
        return max(1, estimate + (value >= powerOfTen(estimate) ? 1 : 0))
    }

    /// `decimalDigits` of a value of 2^30 or more: rare in reports, kept out of line.
    @inline(never)
    private static func longDecimalDigits(_ value: UInt64) -> Int {
        var count = 10
        var probe = value / 10_000_000_000
        while probe > 0 {
            probe /= 10
            count += 1
        }
        return count
    }

    /// How many decimal zeros end `value` (> 0).
    @inline(__always)
    package static func trailingZeros(_ value: UInt64) -> Int {
        var rest = value
        var zeros = 0
        while rest % 100 == 0 {
            rest /= 100
            zeros += 2
        }  // rare: two zeros at a time
        return zeros + (rest % 10 == 0 ? 1 : 0)
    }

    /// Writes the last `width` decimal digits of `value` (zeros to the left) at `out`.
    @inline(__always)
    static func writeFixed(_ value: UInt64, width count: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        var rest = value
        var end = count
        while end >= 2 {
            let pair = Int(rest % 100) * 2
            rest /= 100
            out[end - 2] = pairs.utf8Start[pair]
            out[end - 1] = pairs.utf8Start[pair + 1]
            end -= 2
        }
        if end == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
    }

    /// `units` divided by 10^digits, quotient and remainder: a division by a constant in
    /// each case, which compiles to a multiplication (a 64-bit `div` costs tens of cycles).
    @inline(__always)
    static func split(_ units: UInt64, _ digits: Int) -> (UInt64, UInt64) {
        switch digits {
        case 0: (units, 0)
        case 1: units.quotientAndRemainder(dividingBy: 10)
        case 2: units.quotientAndRemainder(dividingBy: 100)
        case 3: units.quotientAndRemainder(dividingBy: 1000)
        case 4: units.quotientAndRemainder(dividingBy: 10000)
        case 5: units.quotientAndRemainder(dividingBy: 100_000)
        case 6: units.quotientAndRemainder(dividingBy: 1_000_000)
        case 7: units.quotientAndRemainder(dividingBy: 10_000_000)
        case 8: units.quotientAndRemainder(dividingBy: 100_000_000)
        default: units.quotientAndRemainder(dividingBy: 1_000_000_000)
        }
    }

}
