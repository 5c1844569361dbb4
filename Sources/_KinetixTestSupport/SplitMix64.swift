@_exported import struct KinetixCore.SplitMix64

extension SplitMix64 {
    /// A uniform float in `range`.
    public mutating func nextFloat(in range: ClosedRange<Float>) -> Float {
        range.lowerBound + Float(nextUnit()) * (range.upperBound - range.lowerBound)
    }
}
