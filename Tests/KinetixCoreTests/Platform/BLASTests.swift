import KinetixCore
import Testing
import _KinetixTestSupport

@Suite("BLAS")
struct BLASTests {
    @Test("multiplyTransposed matches a plain triple loop (tolerance: float sums of 9 terms, 1e-4 relative)")
    func sgemm() {
        var rng = SplitMix64(seed: 5)
        let m = 7
        let n = 5
        let k = 9
        let a = (0..<(m * k)).map { _ in rng.nextFloat(in: -90...90) }
        let b = (0..<(n * k)).map { _ in rng.nextFloat(in: -90...90) }
        var c = [Float](repeating: 1, count: m * n)
        BLAS.multiplyTransposed(m: m, n: n, k: k, alpha: -2, a: a, lda: k, b: b, ldb: k, beta: 1, c: &c, ldc: n)
        for i in 0..<m {
            for j in 0..<n {
                var expected: Float = 0
                for p in 0..<k { expected += a[i * k + p] * b[j * k + p] }
                expected = 1 - 2 * expected
                #expect(abs(c[i * n + j] - expected) <= 1e-4 * max(1, abs(expected)))
            }
        }
        #expect(BLAS.backend != "none")
    }
}
