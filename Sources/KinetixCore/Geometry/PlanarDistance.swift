/// The length of (dx, dy), as `hypotf` gives it, inlined: the squares are exact in
/// `Double` (a `Float` has 24 significant bits) and cannot overflow there, so the sum,
/// its square root and the rounding to `Float` are what glibc's `hypotf` computes for
/// finite arguments, without the call and its special-case checks (it ran ~5 times per
/// joint and frame in fault detection). A NaN difference gives NaN.
@inlinable @inline(__always)
package func planarDistance(_ dx: Float, _ dy: Float) -> Float {
    let x = Double(dx), y = Double(dy)
    return Float((x * x + y * y).squareRoot())
}
