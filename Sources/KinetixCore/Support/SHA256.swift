import CKinetixSHA
import Foundation

/// SHA-256 (FIPS 180-4), for recording exactly which inputs produced a result.
/// Foundation on Linux has no digest API and CryptoKit is Apple-only.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
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
        return hasher.finalizeHex()
    }

    /// `finalize()` as 64 lowercase hex digits.
    package mutating func finalizeHex() -> String {
        finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
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

    /// Whether hashers use the CPU's SHA extensions (x86-64 SHA-NI, found by CPUID at
    /// run time, so a portable build uses them too). `KINETIX_PORTABLE_SHA=1` turns
    /// them off.
    package static let hardwareAvailable =
        kinetix_sha256_hardware_available() == 1
        && ProcessInfo.processInfo.environment["KINETIX_PORTABLE_SHA"] != "1"

    /// FIPS 180-4 in Swift, for every CPU.
    private mutating func compressPortably(blocks: UnsafePointer<UInt8>, count: Int) {
        var digest = state
        let k = kinetix_sha256_round_constants()!
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
                digest = (
                    digest.0 &+ a, digest.1 &+ b, digest.2 &+ c, digest.3 &+ d,
                    digest.4 &+ e, digest.5 &+ f, digest.6 &+ g, digest.7 &+ h
                )
            }
        }
        state = digest
    }
}
