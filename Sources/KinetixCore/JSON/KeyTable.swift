import Foundation

/// Looks up object keys by their raw UTF-8 bytes, without making a `String`.
///
/// Keys are found by an FNV-1a hash of their bytes, then confirmed byte for byte,
/// so a lookup costs one pass over the key and no allocation: the decoder meets
/// 15 joint names in every frame of a clip.
struct KeyTable<Value: Sendable>: Sendable {
    private var slots: [(bytes: [UInt8], value: Value)?]
    private let mask: Int

    init(_ entries: [(String, Value)]) {
        var size = 8
        while size < entries.count * 4 { size <<= 1 }
        mask = size - 1
        slots = Array(repeating: nil, count: size)
        for (key, value) in entries {
            let bytes = Array(key.utf8)
            var i = Self.hash(bytes.withUnsafeBufferPointer { $0 }) & mask
            while slots[i] != nil { i = (i + 1) & mask }
            slots[i] = (bytes, value)
        }
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// The value for `key`, or nil.
    @inline(__always)
    func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
        var i = Self.hash(key) & mask
        while let slot = slots[i] {
            if slot.bytes.count == key.count, slot.bytes.withUnsafeBufferPointer({ $0.elementsEqual(key) }) { return slot.value }
            i = (i + 1) & mask
        }
        return nil
    }
}

/// Point names in their canonical order, for guessing the next key: sidecars list a
/// frame's points in order, so comparing the key with the name after the last one
/// found usually answers without hashing.
struct OrderedNames: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int]  // name i is bytes[starts[i]..<starts[i + 1]]

    /// Each name in quotes, `"name"`, one after another, and where each starts.
    private let quoted: [UInt8]
    private let quotedStarts: [Int]

    /// Each name in a zero-padded slot of 16 bytes, and its length: the form
    /// `kinetix_read_plain_points` compares keys with.
    private let slots: [UInt8]
    private let lengths: [UInt8]

    /// Calls `body` with the names in slots of 16 bytes and their lengths.
    @inline(__always)
    func withSlots<R>(_ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> R) -> R {
        slots.withUnsafeBufferPointer { slots in lengths.withUnsafeBufferPointer { body(slots.baseAddress!, $0.baseAddress!) } }
    }

    /// - Precondition: at most 64 names, each 1–16 bytes of UTF-8.
    init(_ names: [String]) {
        precondition(names.count <= 64 && names.allSatisfy { (1...16).contains($0.utf8.count) })
        bytes = names.flatMap { Array($0.utf8) }
        starts = names.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
        quoted = names.flatMap { Array("\"\($0)\"".utf8) }
        quotedStarts = starts.enumerated().map { $0.element + 2 * $0.offset }
        slots = names.flatMap { Array($0.utf8) + Array(repeating: 0, count: 16 - $0.utf8.count) }
        lengths = names.map { UInt8($0.utf8.count) }
    }

    /// Calls `body` with name `index` in quotes (the bytes of the JSON key `"name"`).
    @inline(__always)
    func withQuoted<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        quoted.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[quotedStarts[index]..<quotedStarts[index + 1]]))
        }
    }

    var count: Int { starts.count - 1 }

    /// True when `key` is name `index` (which must be below `count`).
    @inline(__always)
    func matches(_ key: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let start = starts[index], length = starts[index + 1] - start
        guard key.count == length, let base = key.baseAddress else { return false }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, base, length) == 0 }
    }
}
