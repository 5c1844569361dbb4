/// Left/right symmetry of movement, as in facial palsy grading: each side's
/// movement from its own baseline, compared at the moments of greatest movement.
enum Symmetry {
    /// - Parameters:
    ///   - columns: Metric values (absolute, not baseline-relative).
    ///   - baseline: Each metric's baseline median, if any; without one a side's
    ///     movement is its value.
    ///   - activeFrames: The frames after the baseline segment.
    static func evaluate(_ symmetry: Profile.Symmetry, columns: [[Float]], baseline: [Float?], activeFrames: Range<Int>,
                         thresholdPercent: Float) -> ([Assessment.SymmetryResult], String?) {
        var results: [Assessment.SymmetryResult] = []
        for measure in symmetry.measures {
            let left = columns[measure.leftIndex].map { $0 - (baseline[measure.leftIndex] ?? 0) }
            let right = columns[measure.rightIndex].map { $0 - (baseline[measure.rightIndex] ?? 0) }
            // The top tenth of frames by combined movement: the expression's peak.
            let frames = activeFrames.filter { !left[$0].isNaN && !right[$0].isNaN }
                .sorted { abs(left[$0]) + abs(right[$0]) > abs(left[$1]) + abs(right[$1]) }
            let peak = frames.prefix(max(1, frames.count / 10))
            guard !peak.isEmpty, let l = median(peak.map { left[$0] }[...]), let r = median(peak.map { right[$0] }[...]) else {
                results.append(.init(measure: measure.name))
                continue
            }
            let larger = max(abs(l), abs(r)), smaller = min(abs(l), abs(r))
            guard larger > 1e-4 else {
                results.append(.init(measure: measure.name, movementLeft: l, movementRight: r))
                continue
            }
            let deviation = 100 * (larger - smaller) / larger
            results.append(.init(measure: measure.name, movementLeft: l, movementRight: r, deviationPercent: deviation,
                                 weakerSide: abs(l) < abs(r) ? "left" : "right"))
        }
        let asymmetric = results.filter { ($0.deviationPercent ?? 0) >= thresholdPercent }
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

extension Assessment.SymmetryResult {
    init(measure: String, movementLeft: Float? = nil, movementRight: Float? = nil) {
        self.init(measure: measure, movementLeft: movementLeft, movementRight: movementRight, deviationPercent: nil, weakerSide: nil, unit: nil)
    }
}
