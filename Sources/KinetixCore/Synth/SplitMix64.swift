/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny seeded generator whose
/// sequence is the same on every platform and Swift version, unlike the system RNG.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    package mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A standard normal deviate (Box–Muller, one of the pair).
    package mutating func nextGaussian() -> Double {
        let u1 = max(nextUnit(), 0x1p-53)
        let u2 = nextUnit()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * .pi * u2)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
@inline(__always) private func _log(_ x: Double) -> Double { log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { cos(x) }
