/// The estimator faults found in one input, and what was done about them before scoring.
public struct FaultCheck: Equatable, Sendable {
    /// The input's role (`demonstrator`, `learner`, `sidecar`).
    public var role: String
    /// What was found, in frame order.
    public var faults: [EstimatorFault]
    /// True when the input's swaps were repaired (there was at least one, and repair was asked for).
    public var repairedSwaps: Bool
    /// Joint positions (joint × frame) masked as not tracked because they belong to a
    /// teleport (`Sidecar.maskingTeleports`); 0 when none were, or masking was off.
    public var maskedJointFrames: Int

    /// A check of the input in `role`.
    public init(role: String, faults: [EstimatorFault], repairedSwaps: Bool, maskedJointFrames: Int = 0) {
        self.role = role
        self.faults = faults
        self.repairedSwaps = repairedSwaps
        self.maskedJointFrames = maskedJointFrames
    }

    /// Fault counts by kind, in words, with what was done: "4 joint teleport (6 joint
    /// positions masked)".
    public var countsText: String {
        Dictionary(grouping: faults, by: \.kind).map { "\($0.value.count) \($0.key.rawValue)" }.sorted().joined(separator: ", ")
            + (maskedJointFrames > 0 ? " (\(maskedJointFrames) joint position\(maskedJointFrames == 1 ? "" : "s") masked)" : "")
    }
}

extension Sidecar {
    /// Detects estimator faults (`EstimatorFaultDetector`); when `repairSwaps`, undoes
    /// left/right swaps; when `maskTeleports`, masks teleported joints
    /// (`maskingTeleports`).
    ///
    /// - Returns: The clip to score and what was found and done.
    public func checkedForFaults(role: String, repairSwaps: Bool, maskTeleports: Bool = false,
                                 minConfidence: Float) -> (clip: Sidecar, check: FaultCheck) {
        var detector = EstimatorFaultDetector()
        detector.minConfidence = minConfidence
        let (faults, swapped) = detector.detect(self)
        let repaired = repairSwaps && faults.contains { $0.kind == .leftRightSwap }
        var clip = repaired ? repairingSwaps(swapped) : self
        var masked = 0
        if maskTeleports { (clip, masked) = clip.maskingTeleports(faults) }
        return (clip, FaultCheck(role: role, faults: faults, repairedSwaps: repaired, maskedJointFrames: masked))
    }

    /// The clip with every teleported joint marked not tracked where it is away.
    ///
    /// A teleport is a jump of one joint; when the same joint jumps again within
    /// `maxExcursionSeconds` (its return), every frame from the first jump up to the
    /// return is masked (OpenPose putting the nose at x = 0 for five frames is one
    /// excursion); a jump with no return that soon masks its own frame only, since which
    /// side of it is wrong cannot be told.
    ///
    /// - Returns: The masked clip and how many joint positions were masked.
    public func maskingTeleports(_ faults: [EstimatorFault], maxExcursionSeconds: Double = 0.5) -> (clip: Sidecar, masked: Int) {
        var result = self
        var masked = 0
        let teleports = faults.filter { $0.kind == .teleport && $0.joint != nil }
        var used = Set<Int>()
        for (i, jump) in teleports.enumerated() where !used.contains(i) {
            let joint = jump.joint!
            let start = jump.frames.lowerBound
            var end = start + 1
            if let back = teleports.indices.first(where: { $0 > i && !used.contains($0) && teleports[$0].joint == joint
                && teleports[$0].start - jump.start <= maxExcursionSeconds }) {
                end = teleports[back].frames.lowerBound
                used.insert(back)
            }
            for frame in start..<min(end, frameCount) where result.joints[joint, frame] != nil {
                result.joints[joint, frame] = nil
                masked += 1
            }
        }
        return (result, masked)
    }
}
