import CKinetixSHA
import Foundation

/// SHA-256 (FIPS 180-4), for recording exactly which inputs produced a result.
/// Foundation on Linux has no digest API and CryptoKit is Apple-only.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    private let usesHardware: Bool

    /// A hasher; `portable` keeps it off the CPU's SHA extensions (tests compare the two).
    package init(portable: Bool = false) {
        usesHardware = !portable && Self.hardwareAvailable
        buffer.reserveCapacity(64)
    }

    /// The hex digest of `bytes`.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Hashes `bytes`; whole 64-byte blocks are compressed straight from contiguous
    /// storage (`Data`, `[UInt8]`) without copying.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { update(raw: $0) }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { update(raw: $0) }
        }
    }

    private mutating func update(raw: UnsafeBufferPointer<UInt8>) {
        var i = 0
        length &+= UInt64(raw.count)
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, raw.count)
            buffer.append(contentsOf: raw[0..<take])
            i = take
            guard buffer.count == 64 else { return }
            buffer.withUnsafeBufferPointer { compress(block: $0.baseAddress!) }
            buffer.removeAll(keepingCapacity: true)
        }
        let whole = (raw.count - i) / 64
        if whole > 0 {
            compress(blocks: raw.baseAddress! + i, count: whole)
            i += 64 * whole
        }
        buffer.append(contentsOf: raw[i...])
    }

    package mutating func finalize() -> [UInt8] {
        let bits = length &* 8
        buffer.append(0x80)
        if buffer.count > 56 {
            buffer.append(contentsOf: repeatElement(0, count: 64 - buffer.count))
            buffer.withUnsafeBufferPointer { compress(block: $0.baseAddress!) }
            buffer.removeAll(keepingCapacity: true)
        }
        buffer.append(contentsOf: repeatElement(0, count: 56 - buffer.count))
        for shift in stride(from: 56, through: 0, by: -8) { buffer.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        buffer.withUnsafeBufferPointer { compress(block: $0.baseAddress!) }
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private mutating func compress(block: UnsafePointer<UInt8>) { compress(blocks: block, count: 1) }

    /// Compresses `count` consecutive 64-byte blocks. The round constants and the
    /// message schedule are reached through pointers taken once per call: no bounds
    /// checks, no lazy-global checks and no allocation per block.
    private mutating func compress(blocks: UnsafePointer<UInt8>, count: Int) {
        #if arch(x86_64)
        if usesHardware {
            withUnsafeMutableBytes(of: &state) { words in
                kinetix_sha256_hardware_blocks(words.baseAddress!.assumingMemoryBound(to: UInt32.self), blocks, count)
            }
            return
        }
        #endif
        compressPortably(blocks: blocks, count: count)
    }

    /// Whether `compress` uses the CPU's SHA extensions (x86-64 SHA-NI): about eight
    /// times the portable code's speed. `KINETIX_PORTABLE_SHA=1` turns them off.
    package static let hardwareAvailable = kinetix_sha256_hardware_available() == 1
        && ProcessInfo.processInfo.environment["KINETIX_PORTABLE_SHA"] != "1"

    /// FIPS 180-4 in Swift, for every CPU.
    private mutating func compressPortably(blocks: UnsafePointer<UInt8>, count: Int) {
        var digest = state
        Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
                for index in 0..<count {
                    let block = UnsafeRawPointer(blocks + 64 * index)
                    for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
                    for i in 16..<64 {
                        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = digest
                    for i in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                    digest = (digest.0 &+ a, digest.1 &+ b, digest.2 &+ c, digest.3 &+ d,
                              digest.4 &+ e, digest.5 &+ f, digest.6 &+ g, digest.7 &+ h)
                }
            }
        }
        state = digest
    }
}
