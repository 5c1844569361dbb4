/// The estimator faults found in one input, and whether its left/right swaps were
/// undone before scoring.
public struct FaultCheck: Equatable, Sendable {
    /// The input's role (`demonstrator`, `learner`, `sidecar`).
    public var role: String
    /// What was found, in frame order.
    public var faults: [EstimatorFault]
    /// True when the input's swaps were repaired (there was at least one, and repair was asked for).
    public var repairedSwaps: Bool

    /// A check of the input in `role`.
    public init(role: String, faults: [EstimatorFault], repairedSwaps: Bool) {
        self.role = role
        self.faults = faults
        self.repairedSwaps = repairedSwaps
    }

    /// Fault counts by kind, in words: "2 left/right swap, 1 joint teleport".
    public var countsText: String {
        Dictionary(grouping: faults, by: \.kind).map { "\($0.value.count) \($0.key.rawValue)" }.sorted().joined(separator: ", ")
    }
}

extension Sidecar {
    /// Detects estimator faults (`EstimatorFaultDetector`) and, when `repairSwaps`,
    /// returns the clip with its left/right swaps undone.
    ///
    /// - Returns: The clip to score (repaired or as it was) and what was found.
    public func checkedForFaults(role: String, repairSwaps: Bool, minConfidence: Float) -> (clip: Sidecar, check: FaultCheck) {
        var detector = EstimatorFaultDetector()
        detector.minConfidence = minConfidence
        let (faults, swapped) = detector.detect(self)
        let repaired = repairSwaps && faults.contains { $0.kind == .leftRightSwap }
        return (repaired ? repairingSwaps(swapped) : self, FaultCheck(role: role, faults: faults, repairedSwaps: repaired))
    }
}
