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

    /// What was found and what was done, in a sentence a coach can read: "the estimator
    /// exchanged left and right in 33 frames (whole body): repaired; a joint jumped faster
    /// than a limb moves 15 times: 11 joint positions masked as not tracked".
    public var sentence: String {
        var parts: [String] = []
        let swaps = faults.filter { $0.kind == .leftRightSwap }
        if !swaps.isEmpty {
            let frames = Set(swaps.flatMap { Array($0.frames) }).count
            var halves: [String] = []
            for (label, match) in [
                ("whole body", { (f: EstimatorFault) in f.bodyPart == nil }),
                ("arms", { $0.bodyPart == .upper && $0.joint == nil }),
                ("legs", { $0.bodyPart == .lower && $0.joint == nil }),
            ] as [(String, (EstimatorFault) -> Bool)] {
                if swaps.contains(where: match) { halves.append(label) }
            }
            let pairs = Set(swaps.compactMap { $0.joint }).sorted { $0.rawValue < $1.rawValue }
            halves += pairs.map { spokenPair($0) }
            parts.append(
                "the estimator exchanged left and right in \(frames) frame\(frames == 1 ? "" : "s") (\(halves.joined(separator: ", "))): "
                    + (repairedSwaps ? "repaired" : "not repaired"))
        }
        let teleports = faults.filter { $0.kind == .teleport }.count
        if teleports > 0 {
            // A jump and its return within 0.5 s mask every frame between: positions, not jumps.
            parts.append(
                "a joint jumped faster than a limb moves \(teleports) time\(teleports == 1 ? "" : "s"): "
                    + (maskedJointFrames > 0
                        ? "\(maskedJointFrames) joint position\(maskedJointFrames == 1 ? "" : "s") masked as not tracked" : "kept"))
        }
        let jumps = faults.filter { $0.kind == .personJump }.count
        if jumps > 0 { parts.append("the whole body jumped \(jumps) time\(jumps == 1 ? "" : "s") (another person, or a cut)") }
        return parts.joined(separator: "; ")
    }

    private func spokenPair(_ left: Joint) -> String {
        switch left {
        case .leftElbow: "the elbows"
        case .leftWrist: "the wrists"
        case .leftKnee: "the knees"
        case .leftAnkle: "the ankles"
        default: "one pair of joints"
        }
    }

    /// Fault counts by kind, in words, with what was done: "4 joint teleport (6 joint
    /// positions masked)".
    public var countsText: String {
        Dictionary(grouping: faults, by: \.kind).map { "\($0.value.count) \($0.key.displayName)" }.sorted().joined(separator: ", ")
            + (maskedJointFrames > 0 ? " (\(maskedJointFrames) joint position\(maskedJointFrames == 1 ? "" : "s") masked)" : "")
    }
}

extension Sidecar {
    /// Detects estimator faults (`EstimatorFaultDetector`); when `repairSwaps`, undoes
    /// left/right swaps; when `maskTeleports`, masks teleported joints
    /// (`maskingTeleports`).
    ///
    /// - Returns: The clip to score and what was found and done.
    public func checkedForFaults(
        role: String, repairSwaps: Bool, maskTeleports: Bool = false,
        minConfidence: Float
    ) -> (clip: Sidecar, check: FaultCheck) {
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
            if let back = teleports.indices.first(where: {
                $0 > i && !used.contains($0) && teleports[$0].joint == joint
                    && teleports[$0].start - jump.start <= maxExcursionSeconds
            }) {
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
