/// JSON text built in one growing byte buffer: the writer every long report uses.
///
/// Appending bytes costs a few nanoseconds each; building the same text from
/// interpolated `String`s cost about a microsecond per number and dominated writing a
/// long comparison (perf: 40 % of a 10-minute `compare`). Each call makes room once and
/// then writes through a pointer (no per-byte capacity or uniqueness checks); numbers
/// are written in fixed format by integer arithmetic, two digits at a time
/// (`number(_:digits:)`), strings are escaped byte by byte (`string(_:)`). A buffer of
/// megabytes is asked for huge pages (`LargeMemory`). The writer checks no structure:
/// callers write separators themselves, as the templates they replace did.
package struct JSONWriter {
    private var storage: Storage

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int = 0) { storage = Storage(capacity: max(capacity, 64)) }

    /// The text so far, copied into an array.
    package var bytes: [UInt8] { withBytes { Array($0) } }

    /// The text so far as a `String`.
    package var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// How many bytes have been written.
    package var count: Int { storage.count }

    /// Calls `body` with the text so far, without copying it; the bytes are valid only
    /// inside `body`.
    package func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(storage) { () throws(E) -> R in
            try body(UnsafeBufferPointer(start: storage.pointer, count: storage.count))
        }
    }

    /// Calls `body` with the texts of `writers`, in order, without copying them.
    package static func withBytes<R, E: Error>(of writers: [JSONWriter],
                                               _ body: ([UnsafeBufferPointer<UInt8>]) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(writers) { () throws(E) -> R in
            try body(writers.map { UnsafeBufferPointer(start: $0.storage.pointer, count: $0.storage.count) })
        }
    }

    /// Appends literal text (keys, punctuation), unescaped.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends already-encoded JSON held in a `String`, unescaped. (Labelled, so that a
    /// literal argument takes the `StaticString` path above, which costs no string
    /// machinery: unlabelled, literals chose this overload, ~130 instructions a call.)
    package mutating func raw(text: String) {
        var text = text
        text.withUTF8 { raw($0) }
    }

    /// Appends already-encoded UTF-8 JSON, unescaped.
    @inline(__always)
    package mutating func raw(_ encoded: [UInt8]) { encoded.withUnsafeBufferPointer { raw($0) } }

    /// Appends another writer's text.
    package mutating func raw(_ other: JSONWriter) { other.withBytes { raw($0) } }

    /// Appends already-encoded UTF-8 JSON, unescaped.
    @inline(__always)
    package mutating func raw(_ encoded: UnsafeBufferPointer<UInt8>) {
        guard let source = encoded.baseAddress, !encoded.isEmpty else { return }
        room(encoded.count).update(from: source, count: encoded.count)
        storage.count += encoded.count
    }

    /// Appends `true` or `false`.
    package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// Appends a decimal integer.
    package mutating func integer(_ value: Int) {
        let out = room(21)
        var n = 0
        if value < 0 { out[0] = UInt8(ascii: "-"); n = 1 }
        n += Self.writeDigits(UInt64(value.magnitude), minimumWidth: 1, to: out + n)
        storage.count += n
    }

    /// Appends `value` with at most `digits` decimals (0...9), trailing zeros trimmed;
    /// `null` when it is not finite. Rounds half away from zero on the value scaled by
    /// 10^digits; magnitudes of 9e15 and more (scaled) use the shortest round-trip
    /// form. Never "-0": a value that rounds to zero is written "0".
    package mutating func number(_ value: Double, digits: Int) {
        guard value.isFinite else { return raw("null") }
        precondition((0...9).contains(digits))
        let scaled = abs(value) * Double(powerOfTen(digits))
        guard scaled < 9e15 else { return raw(text: String(value)) }
        // Half away from zero, as `rounded()`, without a call to libm's `round` (the
        // baseline x86-64 has no rounding instruction): below 2^53 the fraction left by
        // truncation is exact.
        let truncated = UInt64(scaled)
        let units = scaled - Double(truncated) >= 0.5 ? truncated + 1 : truncated
        // At most a sign, 16 integer digits, a point and 9 decimals.
        let out = room(27)
        var n = 0
        if value < 0 && units != 0 { out[0] = UInt8(ascii: "-"); n = 1 }
        let (whole, fraction) = Self.split(units, digits)
        n += Self.writeDigits(whole, minimumWidth: 1, to: out + n)
        if fraction != 0 {
            // All `digits` decimals (fraction < 10^digits), then trailing zeros dropped:
            // the fraction is not zero, so a digit other than 0 stops the scan.
            out[n] = UInt8(ascii: ".")
            n += 1
            Self.writeFixed(fraction, width: digits, to: out + n)
            n += digits
            while out[n - 1] == UInt8(ascii: "0") { n -= 1 }
        }
        storage.count += n
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
        raw("\"")
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                let hex: StaticString = "0123456789abcdef"
                let out = room(6)
                for (i, byte) in "\\u00".utf8.enumerated() { out[i] = byte }
                out[4] = hex.utf8Start[Int(byte >> 4)]
                out[5] = hex.utf8Start[Int(byte & 0xF)]
                storage.count += 6
            default:
                room(1).pointee = byte
                storage.count += 1
            }
        }
        raw("\"")
    }

    /// Where the next `bytes` bytes go: the buffer, made unique and large enough.
    @inline(__always)
    private mutating func room(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(extra: bytes) }
        if storage.count + bytes > storage.capacity { storage.grow(toHold: storage.count + bytes) }
        return storage.pointer + storage.count
    }

    /// Writes the decimal digits of `value`, left-padded with zeros to `minimumWidth`
    /// (at most 20), at `out`; returns how many bytes it wrote.
    @inline(__always)
    private static func writeDigits(_ value: UInt64, minimumWidth: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var probe = value
        while probe >= 100 { probe /= 100; count += 2 }
        if probe >= 10 { count += 1 }
        count = max(count, minimumWidth)
        writeFixed(value, width: count, to: out)
        return count
    }

    /// Writes the last `width` decimal digits of `value` (zeros to the left) at `out`.
    @inline(__always)
    private static func writeFixed(_ value: UInt64, width count: Int, to out: UnsafeMutablePointer<UInt8>) {
        let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        var rest = value, end = count
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
    private static func split(_ units: UInt64, _ digits: Int) -> (UInt64, UInt64) {
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

    /// The bytes, owned by one writer at a time (a copied writer copies on its next write).
    private final class Storage {
        var pointer: UnsafeMutablePointer<UInt8>
        var count = 0
        private(set) var capacity: Int

        init(capacity: Int) {
            pointer = LargeMemory.allocate(capacity).assumingMemoryBound(to: UInt8.self)
            self.capacity = capacity
        }

        deinit { LargeMemory.free(pointer) }

        func grow(toHold needed: Int) {
            let newCapacity = max(needed, capacity * 2)
            pointer = LargeMemory.reallocate(pointer, from: count, to: newCapacity).assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
        }

        func copy(extra: Int) -> Storage {
            let copy = Storage(capacity: count + max(extra, 64))
            copy.pointer.update(from: pointer, count: count)
            copy.count = count
            return copy
        }
    }
}
