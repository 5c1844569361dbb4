/// Angles laid out for the lag-search kernels: one padded column per limb, NaN kept
/// (a difference with NaN is NaN, which is how kernels know a limb is not shared).
///
/// Limb `i`, frame `f` is at `i * stride + leadingPad + f`. Padding frames are NaN,
/// so a candidate that reaches into them shares no limb and is never chosen. Each
/// limb may be scaled by √wᵢ, so that Σ (L′ − D′)² = Σ wᵢ·(L − D)² needs no weight
/// in the kernels' inner loops (with unit weights nothing changes).
package struct PaddedAngles: Sendable {
    package let frameCount: Int
    package let leadingPad: Int
    package let stride: Int
    package var values: [Float]
    /// `untrackedBefore[k]`: frames among the first `k` padded frames with any limb untracked.
    package var untrackedBefore: [Int32]

    /// - Parameters:
    ///   - leadingPad: NaN frames in front (the demonstrator gets `maxLag` of them).
    ///   - trailingPad: NaN frames behind, so SIMD blocks may overrun the end.
    package init(_ series: AngleSeries, scales: [Float]? = nil, leadingPad: Int = 0, trailingPad: Int = 0) {
        let n = series.frameCount
        frameCount = n
        self.leadingPad = leadingPad
        stride = leadingPad + n + trailingPad
        let stride = self.stride
        var padded = [Float](repeating: .nan, count: Limb.count * stride)
        var complete = [Bool](repeating: false, count: stride)
        // Column by column, so every pass streams through memory in order.
        padded.withUnsafeMutableBufferPointer { target in
            complete.withUnsafeMutableBufferPointer { complete in
                series.values.withUnsafeBufferPointer { source in
                    for f in 0..<n { complete[leadingPad + f] = true }
                    for limb in 0..<Limb.count {
                        let scale = scales?[limb] ?? 1
                        let from = source.baseAddress! + limb * n
                        let to = target.baseAddress! + limb * stride + leadingPad
                        for f in 0..<n {
                            let value = from[f]
                            to[f] = value * scale
                            if value.isNaN { complete[leadingPad + f] = false }
                        }
                    }
                }
            }
        }
        var untracked = [Int32](repeating: 0, count: stride + 1)
        untracked.withUnsafeMutableBufferPointer { untracked in
            for k in 0..<stride { untracked[k + 1] = untracked[k] &+ (complete[k] ? 0 : 1) }
        }
        values = padded
        untrackedBefore = untracked
    }

    /// True when every limb is tracked in padded frames `range`.
    @inlinable
    package func isComplete(_ range: Range<Int>) -> Bool {
        untrackedBefore[range.upperBound] == untrackedBefore[range.lowerBound]
    }
}
