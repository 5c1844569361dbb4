import KinetixCore

/// Left/right symmetry of movement, as in facial palsy grading: each side's
/// movement from its own baseline, compared at the moments of greatest movement.
package enum Symmetry {
    /// A side's movement must reach this many times its noise to be measured; the two
    /// sides' difference, this many times their combined noise to name a weaker side.
    package static let noiseMultiple: Float = 3
    /// The least movement a side must make, and the least difference between the sides
    /// that names one weaker, in the measures' unit (IPD): beside the noise test, since a
    /// smooth track's noise estimate can be tiny (a face doing nothing was called "left
    /// weaker" on a 0.2-pixel difference).
    static let minMovement: Float = 0.02
    /// …and in pixels, when the face's size is known: movement below a pixel is below
    /// what the landmarks resolve.
    static let minMovementPixels: Float = 1

    /// The least movement (and difference) measured on a face of `pixelsPerUnit` pixels
    /// per IPD: `minMovement`, or one pixel when that is more.
    package static func minimumMovement(pixelsPerUnit: Float?) -> Float {
        max(minMovement, pixelsPerUnit.map { minMovementPixels / $0 } ?? 0)
    }

    /// - Parameters:
    ///   - columns: Metric values (absolute, not baseline-relative).
    ///   - baseline: Each metric's baseline median, if any; without one a side's
    ///     movement is its value.
    ///   - activeFrames: The frames after the baseline segment.
    ///   - noiseFrames: The baseline segment, where each metric's noise is measured; nil
    ///     (a separate baseline clip) measures it over the stillest second of `activeFrames`.
    ///   - pixelsPerUnit: The face's size (pixels per IPD), for the pixel minimum; nil skips it.
    static func evaluate(
        _ symmetry: Profile.Symmetry, columns: [[Float]], baseline: [Float?], activeFrames: Range<Int>,
        noiseFrames: Range<Int>? = nil, times: [Double] = [], thresholdPercent: Float,
        pixelsPerUnit: Float? = nil, masks: [[Float]?] = []
    ) -> ([Assessment.SymmetryResult], BodySide?) {
        let least = minimumMovement(pixelsPerUnit: pixelsPerUnit)
        var results: [Assessment.SymmetryResult] = []
        for (m, measure) in symmetry.measures.enumerated() {
            let mask = m < masks.count ? masks[m] : nil
            let leftOut = mask.map { mask in activeFrames.filter { mask[$0] != 1 }.count } ?? 0
            let left = columns[measure.leftIndex].map { $0 - (baseline[measure.leftIndex] ?? 0) }
            let right = columns[measure.rightIndex].map { $0 - (baseline[measure.rightIndex] ?? 0) }
            let noiseLeft = noise(columns[measure.leftIndex], in: noiseFrames, else: activeFrames, times: times)
            let noiseRight = noise(columns[measure.rightIndex], in: noiseFrames, else: activeFrames, times: times)
            // The top tenth of frames by combined movement: the expression's peak.
            let frames = activeFrames.filter { i in !left[i].isNaN && !right[i].isNaN && (mask.map { $0[i] == 1 } ?? true) }
                .sorted { abs(left[$0]) + abs(right[$0]) > abs(left[$1]) + abs(right[$1]) }
            let peak = frames.prefix(max(1, frames.count / 10))
            guard !peak.isEmpty, let l = median(peak.map { left[$0] }[...]), let r = median(peak.map { right[$0] }[...]) else {
                var result = Assessment.SymmetryResult(measure: measure.name)
                result.framesLeftOut = leftOut
                results.append(result)
                continue
            }
            let larger = max(abs(l), abs(r))
            let smaller = min(abs(l), abs(r))
            let floor = max(noiseLeft ?? 0, noiseRight ?? 0)
            guard larger > 1e-4, larger >= noiseMultiple * floor, larger >= least else {
                // Within the noise: a movement, not a deviation.
                var result = Assessment.SymmetryResult(measure: measure.name, movementLeft: l, movementRight: r)
                (result.noiseLeft, result.noiseRight, result.measurable) = (noiseLeft, noiseRight, false)
                result.framesLeftOut = leftOut
                results.append(result)
                continue
            }
            let deviation = 100 * (larger - smaller) / larger
            let combined = ((noiseLeft ?? 0) * (noiseLeft ?? 0) + (noiseRight ?? 0) * (noiseRight ?? 0)).squareRoot()
            // A side is named only when the difference is beyond noise too.
            let named = larger - smaller >= noiseMultiple * combined && larger - smaller >= least
            results.append(
                .init(
                    measure: measure.name, movementLeft: l, movementRight: r, deviationPercent: deviation,
                    weakerSide: named ? (abs(l) < abs(r) ? .left : .right) : nil, unit: nil,
                    noiseLeft: noiseLeft, noiseRight: noiseRight, measurable: true, framesLeftOut: leftOut))
        }
        let asymmetric = results.filter { ($0.deviationPercent ?? 0) >= thresholdPercent && $0.weakerSide != nil }
        let leftCount = asymmetric.filter { $0.weakerSide == .left }.count
        let rightCount = asymmetric.count - leftCount
        var weaker: BodySide?
        if leftCount != rightCount {
            weaker = leftCount > rightCount ? .left : .right
        } else if let strongest = asymmetric.max(by: { $0.deviationPercent! < $1.deviationPercent! }) {
            weaker = strongest.weakerSide
        }
        return (results, weaker)
    }
}

extension Symmetry {
    /// A resting difference between the sides of at least this, in the measures' unit
    /// (IPD), is called asymmetric; see `resting`. Above every healthy real face at rest:
    /// seven still photos (MediaPipe Face Mesh) differ by at most 0.023 IPD in brow
    /// height, 0.005 in eye opening and 0.036 in mouth-corner height.
    package static let restingLimit: Float = 0.05
    /// …and at least this many pixels, so a sub-pixel difference on a small face is never one.
    package static let restingMinPixels: Float = 1

    /// Each resting measure's sides at rest: the baseline values of its left and right metrics.
    static func resting(_ symmetry: Profile.Symmetry, baseline: [Float?], units: [String?], pixelsPerUnit: Float?) -> [Assessment
        .RestingSymmetry]
    {
        symmetry.measures.filter { symmetry.resting.contains($0.name) }.compactMap { measure in
            guard let l = baseline[measure.leftIndex], let r = baseline[measure.rightIndex], l.isFinite, r.isFinite else { return nil }
            let difference = abs(l - r)
            let resolved = pixelsPerUnit.map { difference * $0 >= restingMinPixels } ?? true
            return Assessment.RestingSymmetry(
                measure: measure.name, left: l, right: r, unit: units[measure.leftIndex],
                asymmetric: difference >= restingLimit && resolved)
        }
    }

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
        self.init(
            measure: measure, movementLeft: movementLeft, movementRight: movementRight, deviationPercent: nil, weakerSide: nil, unit: nil)
    }
}
