extension Float {
    /// `self` + d × d with one rounding (an IEEE fused multiply-add), as every level of
    /// the SIMD lag kernel adds a squared difference.
    ///
    /// A portable x86-64 build has no FMA instruction, so `addingProduct` there is a call
    /// into libm per limb. This computes it from doubles instead: d × d is exact in double
    /// (24 + 24 significant bits), so the double sum is one rounding from the true value,
    /// and rounding it to float is correct unless it landed exactly on a midpoint between
    /// two floats, or below the normal floats; those rare cases take `addingProduct`.
    /// The C kernel's baseline copy does the same (`fmadd_half_from_doubles`).
    @inline(__always)
    package func addingSquare(of d: Float) -> Float {
        #if arch(x86_64)
            let t = Double(d) * Double(d) + Double(self)
            let magnitude = t.bitPattern & 0x7FFF_FFFF_FFFF_FFFF
            let midpoint = magnitude & 0x1FFF_FFFF == 0x1000_0000  // the 29 bits below a float's last
            if !midpoint && (magnitude >= 0x3810_0000_0000_0000 || magnitude == 0) { return Float(t) }
        #endif
        return addingProduct(d, d)
    }
}
