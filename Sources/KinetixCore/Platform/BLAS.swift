// The one file that knows which BLAS this platform has: Accelerate on Apple
// platforms, OpenBLAS (through the CKinetixBLAS system-library target) on Linux.
#if canImport(Accelerate)
import Accelerate
#elseif canImport(CKinetixBLAS)
import CKinetixBLAS
#endif

/// Single-precision BLAS routines Kinetix uses, with Swift names.
package enum BLAS {
    /// The library behind these calls, for provenance and benchmarks.
    package static var backend: String {
        #if canImport(Accelerate)
        "Accelerate"
        #elseif canImport(CKinetixBLAS)
        "OpenBLAS"
        #else
        "none"
        #endif
    }

    /// C ← α·A·Bᵀ + β·C, all row-major: A is m×k, B is n×k, C is m×n (`cblas_sgemm`
    /// with `CblasRowMajor, CblasNoTrans, CblasTrans`).
    ///
    /// - Parameters:
    ///   - lda, ldb, ldc: Row strides in elements (≥ k, k, n).
    @inlinable
    package static func multiplyTransposed(
        m: Int, n: Int, k: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0, c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        #if canImport(Accelerate) || canImport(CKinetixBLAS)
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans,
                    Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
        #else
        for i in 0..<m {
            for j in 0..<n {
                var sum: Float = 0
                for p in 0..<k { sum += a[i * lda + p] * b[j * ldb + p] }
                c[i * ldc + j] = alpha * sum + beta * c[i * ldc + j]
            }
        }
        #endif
    }
}
