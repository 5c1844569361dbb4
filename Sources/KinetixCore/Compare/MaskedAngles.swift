/// Angles laid out for the lag-search kernels: NaN replaced by 0 beside a mask,
/// padded so that kernels never branch on bounds.
///
/// Limb `i`, frame `f` is at `i * stride + leadingPad + f`. Padding frames have
/// mask 0, so a candidate that reaches into them shares no limb and is never chosen.
public struct MaskedAngles: Sendable {
    public let frameCount: Int
    public let leadingPad: Int
    public let stride: Int
    /// Angles in degrees, 0 where not tracked.
    public var values: [Float]
    /// 1 where tracked, else 0; for the learner, the limb's weight where tracked.
    public var mask: [Float]
    /// `untrackedBefore[k]`: frames among the first `k` padded frames with any limb untracked.
    public var untrackedBefore: [Int32]

    /// - Parameters:
    ///   - weights: Per-limb weights multiplied into the mask (learner side), or nil for 0/1.
    ///   - leadingPad: Masked frames in front (the demonstrator gets `maxLag` of them).
    ///   - trailingPad: Masked frames behind, so SIMD blocks may overrun the end.
    public init(_ series: AngleSeries, weights: [Float]? = nil, leadingPad: Int = 0, trailingPad: Int = 0) {
        let n = series.frameCount
        frameCount = n
        self.leadingPad = leadingPad
        stride = leadingPad + n + trailingPad
        values = [Float](repeating: 0, count: Limb.count * stride)
        mask = [Float](repeating: 0, count: Limb.count * stride)
        var frameComplete = [Bool](repeating: false, count: stride)
        for f in 0..<n { frameComplete[leadingPad + f] = true }
        for limb in 0..<Limb.count {
            let weight = weights?[limb] ?? 1
            for f in 0..<n {
                let value = series.values[limb * n + f]
                if value.isNaN {
                    frameComplete[leadingPad + f] = false
                } else {
                    values[limb * stride + leadingPad + f] = value
                    mask[limb * stride + leadingPad + f] = weight
                }
            }
        }
        untrackedBefore = [Int32](repeating: 0, count: stride + 1)
        for k in 0..<stride { untrackedBefore[k + 1] = untrackedBefore[k] + (frameComplete[k] ? 0 : 1) }
    }

    /// True when every limb is tracked in padded frames `range`.
    @inlinable
    public func isComplete(_ range: Range<Int>) -> Bool {
        untrackedBefore[range.upperBound] == untrackedBefore[range.lowerBound]
    }
}
