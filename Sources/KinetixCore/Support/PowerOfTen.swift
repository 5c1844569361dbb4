/// 10^k for k in 0...9, as constants: no table behind a lazily initialised global in the
/// hot loops of the JSON reader and writer. Larger k give 10^9.
@inline(__always)
func powerOfTen(_ k: Int) -> UInt64 {
    switch k {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    case 4: 10000
    case 5: 100_000
    case 6: 1_000_000
    case 7: 10_000_000
    case 8: 100_000_000
    default: 1_000_000_000
    }
}
