// The one file that knows which BLAS this platform has: Accelerate on Apple
// platforms, OpenBLAS on Linux (its header through the CKinetixBLAS system-library
// target, the library itself loaded the first time a product is asked for).
#if canImport(Accelerate)
    import Accelerate
#elseif canImport(CKinetixBLAS)
    import CKinetixBLAS
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#endif

/// Single-precision BLAS routines Kinetix uses, with Swift names.
package enum BLAS {
    /// The library behind these calls, for provenance and benchmarks: "none" when
    /// there is none and the products run as plain loops.
    package static var backend: String {
        #if canImport(Accelerate)
            "Accelerate"
        #elseif canImport(CKinetixBLAS)
            OpenBLAS.sgemm == nil ? "none" : "OpenBLAS"
        #else
            "none"
        #endif
    }

    /// C ← α·A·Bᵀ + β·C, all row-major: A is m×k, B is n×k, C is m×n (`cblas_sgemm`
    /// with `CblasRowMajor, CblasNoTrans, CblasTrans`).
    ///
    /// - Parameters:
    ///   - lda, ldb, ldc: Row strides in elements (≥ k, k, n).
    package static func multiplyTransposed(
        m: Int, n: Int, k: Int, alpha: Float = 1,
        a: UnsafePointer<Float>, lda: Int, b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0, c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        #if canImport(Accelerate)
            cblas_sgemm(
                CblasRowMajor, CblasNoTrans, CblasTrans,
                Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
        #else
            #if canImport(CKinetixBLAS)
                if let sgemm = OpenBLAS.sgemm {
                    sgemm(
                        CblasRowMajor, CblasNoTrans, CblasTrans,
                        Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
                    return
                }
            #endif
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

#if !canImport(Accelerate) && canImport(CKinetixBLAS)
    /// OpenBLAS, opened on first use instead of linked. A linked OpenBLAS starts its
    /// thread pool when the process starts, and its idle threads spin (`sched_yield`,
    /// ~0.1 s) before they sleep: on a two-core machine that took a core from every
    /// `kinetix` command (5,149 `sched_yield` calls in one `validate`), though only the
    /// BLAS lag kernel multiplies matrices.
    private enum OpenBLAS {
        typealias SGEMM =
            @convention(c) (
                CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, blasint, blasint, blasint, Float,
                UnsafePointer<Float>?, blasint, UnsafePointer<Float>?, blasint, Float,
                UnsafeMutablePointer<Float>?, blasint
            ) -> Void

        /// `cblas_sgemm` of the runtime library (Debian: `libopenblas0`), nil when it cannot be opened.
        static let sgemm: SGEMM? = {
            for name in ["libopenblas.so.0", "libopenblas.so"] {
                guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(library, "cblas_sgemm") else { continue }
                return unsafeBitCast(symbol, to: SGEMM.self)
            }
            return nil
        }()
    }
#endif
