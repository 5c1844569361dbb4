/// The length of (dx, dy), as `hypotf` gives it, inlined: the squares are exact in
/// `Double` (a `Float` has 24 significant bits) and cannot overflow there, so the sum,
/// its square root and the rounding to `Float` are what glibc's `hypotf` computes for
/// finite arguments, without the call and its special-case checks (it ran ~5 times per
/// joint and frame in fault detection). A NaN difference gives NaN.
@inlinable @inline(__always)
package func planarDistance(_ dx: Float, _ dy: Float) -> Float {
    let x = Double(dx)
    let y = Double(dy)
    return Float((x * x + y * y).squareRoot())
}

/// Exactly `planarDistance(dx, dy) > limit`, without the square root when the squared
/// length is below `limit`² by a margin (the usual case when looking for jumps): a
/// length below a `Float` limit cannot round up past it, and the margin (10⁻⁶ of the
/// square) covers the `Double` rounding of the square root many times over.
@inlinable @inline(__always)
package func planarDistance(_ dx: Float, _ dy: Float, exceeds limit: Float) -> Bool {
    let x = Double(dx)
    let y = Double(dy)
    let squared = x * x + y * y
    let bound = Double(limit)
    if limit >= 0, squared < bound * bound * (1 - 1e-6) { return false }
    return Float(squared.squareRoot()) > limit
}

/// False only when `planarDistance(dx1, dy1) + planarDistance(dx2, dy2)` (in `Float`) is
/// certainly not above `limit` (true for a negative or NaN limit): the sum of two lengths is at most √2 times the
/// length of both together, and the margin covers the three roundings.
@inlinable @inline(__always)
package func planarDistance(_ dx1: Float, _ dy1: Float, _ dx2: Float, _ dy2: Float, mayExceed limit: Float) -> Bool {
    let a = Double(dx1)
    let b = Double(dy1)
    let c = Double(dx2)
    let d = Double(dy2)
    let bound = Double(limit)
    return !(limit >= 0 && 2 * (a * a + b * b + c * c + d * d) < bound * bound * (1 - 1e-6))
}
