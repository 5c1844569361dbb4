/// JSON text built in one growing byte buffer: the writer every long report uses.
///
/// Appending bytes costs a few nanoseconds each; building the same text from
/// interpolated `String`s cost about a microsecond per number and dominated writing a
/// long comparison (perf: 40 % of a 10-minute `compare`). Each call makes room once and
/// then writes through a pointer (no per-byte capacity or uniqueness checks); a row of
/// many values reserves its room once and writes them through a `JSONCursor`, which
/// holds the formatting: numbers in fixed format by integer arithmetic, two digits at a
/// time, strings escaped byte by byte. A buffer of
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
    package static func withBytes<R, E: Error>(
        of writers: [JSONWriter],
        _ body: ([UnsafeBufferPointer<UInt8>]) throws(E) -> R
    ) throws(E) -> R {
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
    package mutating func integer(_ value: Int) { withCursor(reserving: 21) { $0.integer(value) } }

    /// Appends `value` with at most `digits` decimals (0...9), trailing zeros trimmed;
    /// `null` when it is not finite (`JSONCursor.number(_:digits:)`).
    package mutating func number(_ value: Double, digits: Int) {
        withCursor(reserving: JSONCursor.numberBytes) { $0.number(value, digits: digits) }
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
        withCursor(reserving: JSONCursor.stringBytes(value)) { $0.string(value) }
    }

    /// Writes through `body`'s cursor at most `maxBytes` bytes (checked): one ownership
    /// and capacity check for a whole row of values instead of one per value.
    @inline(__always)
    package mutating func withCursor(reserving maxBytes: Int, _ body: (inout JSONCursor) -> Void) {
        var cursor = JSONCursor(start: room(maxBytes), capacity: maxBytes)
        body(&cursor)
        storage.count += cursor.count
    }

    /// Where the next `bytes` bytes go: the buffer, made unique and large enough.
    @inline(__always)
    private mutating func room(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(extra: bytes) }
        if storage.count + bytes > storage.capacity { storage.grow(toHold: storage.count + bytes) }
        return storage.pointer + storage.count
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
