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
            var i = bytes.withUnsafeBufferPointer { Self.hash($0) } & mask
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

/// Point names in their canonical order (name p is the point with raw value p), in the
/// form `kinetix_read_plain_points` compares keys with: each name in a zero-padded slot
/// of 16 bytes, and its length.
struct OrderedNames: Sendable {
    private let slots: [UInt8]
    private let lengths: [UInt8]

    /// - Precondition: at most 64 names, each 1–16 bytes of UTF-8.
    init(_ names: [String]) {
        precondition(names.count <= 64 && names.allSatisfy { (1...16).contains($0.utf8.count) })
        slots = names.flatMap { Array($0.utf8) + Array(repeating: 0, count: 16 - $0.utf8.count) }
        lengths = names.map { UInt8($0.utf8.count) }
    }

    var count: Int { lengths.count }

    /// Calls `body` with the names in slots of 16 bytes and their lengths.
    @inline(__always)
    func withSlots<R>(_ body: (UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> R) -> R {
        slots.withUnsafeBufferPointer { slots in lengths.withUnsafeBufferPointer { body(slots.baseAddress!, $0.baseAddress!) } }
    }
}
