/// Left/right symmetry of movement, as in facial palsy grading: each side's
/// movement from its own baseline, compared at the moments of greatest movement.
enum Symmetry {
    /// A side's movement must reach this many times its noise to be measured; the two
    /// sides' difference, this many times their combined noise to name a weaker side.
    static let noiseMultiple: Float = 3

    /// - Parameters:
    ///   - columns: Metric values (absolute, not baseline-relative).
    ///   - baseline: Each metric's baseline median, if any; without one a side's
    ///     movement is its value.
    ///   - activeFrames: The frames after the baseline segment.
    ///   - noiseFrames: The baseline segment, where each metric's noise is measured; nil
    ///     (a separate baseline clip) measures it over the stillest second of `activeFrames`.
    static func evaluate(_ symmetry: Profile.Symmetry, columns: [[Float]], baseline: [Float?], activeFrames: Range<Int>,
                         noiseFrames: Range<Int>? = nil, times: [Double] = [], thresholdPercent: Float) -> ([Assessment.SymmetryResult], String?) {
        var results: [Assessment.SymmetryResult] = []
        for measure in symmetry.measures {
            let left = columns[measure.leftIndex].map { $0 - (baseline[measure.leftIndex] ?? 0) }
            let right = columns[measure.rightIndex].map { $0 - (baseline[measure.rightIndex] ?? 0) }
            let noiseLeft = noise(columns[measure.leftIndex], in: noiseFrames, else: activeFrames, times: times)
            let noiseRight = noise(columns[measure.rightIndex], in: noiseFrames, else: activeFrames, times: times)
            // The top tenth of frames by combined movement: the expression's peak.
            let frames = activeFrames.filter { !left[$0].isNaN && !right[$0].isNaN }
                .sorted { abs(left[$0]) + abs(right[$0]) > abs(left[$1]) + abs(right[$1]) }
            let peak = frames.prefix(max(1, frames.count / 10))
            guard !peak.isEmpty, let l = median(peak.map { left[$0] }[...]), let r = median(peak.map { right[$0] }[...]) else {
                results.append(.init(measure: measure.name))
                continue
            }
            let larger = max(abs(l), abs(r)), smaller = min(abs(l), abs(r))
            let floor = max(noiseLeft ?? 0, noiseRight ?? 0)
            guard larger > 1e-4, larger >= noiseMultiple * floor else {
                // Within the noise: a movement, not a deviation.
                var result = Assessment.SymmetryResult(measure: measure.name, movementLeft: l, movementRight: r)
                (result.noiseLeft, result.noiseRight, result.measurable) = (noiseLeft, noiseRight, false)
                results.append(result)
                continue
            }
            let deviation = 100 * (larger - smaller) / larger
            let combined = ((noiseLeft ?? 0) * (noiseLeft ?? 0) + (noiseRight ?? 0) * (noiseRight ?? 0)).squareRoot()
            // A side is named only when the difference is beyond noise too.
            let named = larger - smaller >= noiseMultiple * combined
            results.append(.init(measure: measure.name, movementLeft: l, movementRight: r, deviationPercent: deviation,
                                 weakerSide: named ? (abs(l) < abs(r) ? "left" : "right") : nil, unit: nil,
                                 noiseLeft: noiseLeft, noiseRight: noiseRight, measurable: true))
        }
        let asymmetric = results.filter { ($0.deviationPercent ?? 0) >= thresholdPercent && $0.weakerSide != nil }
        let leftCount = asymmetric.filter { $0.weakerSide == "left" }.count
        let rightCount = asymmetric.count - leftCount
        var weaker: String?
        if leftCount != rightCount {
            weaker = leftCount > rightCount ? "left" : "right"
        } else if let strongest = asymmetric.max(by: { $0.deviationPercent! < $1.deviationPercent! }) {
            weaker = strongest.weakerSide
        }
        return (results, weaker)
    }
}

extension Symmetry {
    /// The landmark noise of a measure: the robust standard deviation (1.4826 × median
    /// absolute deviation) of `column` over the baseline `frames` or over the stillest
    /// one-second window of `activeFrames`, whichever is smaller (a person who keeps
    /// talking through the baseline does not make it look noisier than the landmarks
    /// are); nil when fewer than 5 values are known.
    static func noise(_ column: [Float], in frames: Range<Int>?, else activeFrames: Range<Int>, times: [Double]) -> Float? {
        func spread(_ range: Range<Int>) -> Float? {
            let values = column[range].filter(\.isFinite)
            guard values.count >= 5, let centre = median(values[...]) else { return nil }
            return median(values.map { abs($0 - centre) }[...]).map { 1.4826 * $0 }
        }
        let baseline = frames.flatMap(spread)
        guard !times.isEmpty, !activeFrames.isEmpty else { return baseline }
        let fallback = activeFrames
        var best: Float? = baseline
        var end = fallback.lowerBound
        for start in fallback {
            while end < fallback.upperBound, times[end] - times[start] < 1 { end += 1 }
            guard times[end - 1] - times[start] >= 0.9 else { break }
            if let value = spread(start..<end), value < (best ?? .infinity) { best = value }
        }
        return best
    }
}

extension Assessment.SymmetryResult {
    init(measure: String, movementLeft: Float? = nil, movementRight: Float? = nil) {
        self.init(measure: measure, movementLeft: movementLeft, movementRight: movementRight, deviationPercent: nil, weakerSide: nil, unit: nil)
    }
}
