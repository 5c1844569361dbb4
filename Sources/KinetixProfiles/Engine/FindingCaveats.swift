import KinetixCore

extension Profile {
    /// The joints a rule reads, directly or through the metrics it uses (transitively).
    func joints(readBy rule: Rule) -> Set<Joint> { joints(readBy: rule.condition) }

    /// The joints an expression reads, directly or through the metrics it uses (transitively).
    func joints(readBy expression: CompiledExpression) -> Set<Joint> {
        var joints = Set<Joint>()
        var seen = Set<Int>()
        var pending = Array(expression.metricReferences)
        joints.formUnion(expression.pointReferences.joints)
        while let i = pending.popLast() {
            guard i < metrics.count, seen.insert(i).inserted else { continue }
            let compiled = metrics[i].compiled
            joints.formUnion(compiled.pointReferences.joints)
            pending += compiled.metricReferences
        }
        return joints
    }
}

extension Assessment {
    /// Marks each finding that an estimator fault inside its stretch could explain: a
    /// left/right swap left unrepaired in the half of the body the rule reads, a joint
    /// it reads jumping faster than a limb moves, or the whole body jumping. A marked
    /// finding is reported with its note and never becomes the learner's cue: a
    /// tracking fault is not something to correct in the body.
    /// How far from a finding's stretch a fault can still have caused it, seconds.
    static let faultReachSeconds = 0.1

    mutating func markTrackingDoubts(_ check: FaultCheck, profile: Profile) {
        guard !check.faults.isEmpty else { return }
        let rules = Dictionary(profile.rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for i in findings.indices {
            guard let rule = rules[findings[i].rule] else { continue }
            let reasons = Self.faultReasons(check, from: findings[i].start, to: findings[i].end, joints: profile.joints(readBy: rule))
            guard !reasons.isEmpty else { continue }
            findings[i].caveat = "may come from tracking, not the body: " + Self.listed(reasons)
        }
        // A rep a fault falls inside may be the fault's: counted, at half the confidence, saying why.
        if let counter = profile.reps {
            let joints = counter.metricIndices.reduce(into: Set<Joint>()) {
                $0.formUnion(profile.joints(readBy: profile.metrics[$1].compiled))
            }
            for i in reps.indices {
                let reasons = Self.faultReasons(check, from: reps[i].start, to: reps[i].end, joints: joints)
                guard !reasons.isEmpty else { continue }
                reps[i].confidence = min(reps[i].confidence, 0.5)
                reps[i].doubt = "a tracking fault inside it: " + Self.listed(reasons)
            }
        }
    }

    /// The first three reasons, and how many more.
    private static func listed(_ reasons: [String]) -> String {
        reasons.prefix(3).joined(separator: "; ") + (reasons.count > 3 ? "; and \(reasons.count - 3) more" : "")
    }

    /// The estimator faults within `faultReachSeconds` of `start`...`end` that touch `joints`, in words.
    static func faultReasons(_ check: FaultCheck, from start: Double, to end: Double, joints: Set<Joint>) -> [String] {
        // Widened by the smoothing's reach: a 6 Hz low-pass spreads a glitch over about 0.1 s.
        let stretch = (start - faultReachSeconds)...(end + faultReachSeconds)
        var reasons: [String] = []
        for fault in check.faults where stretch.overlaps(fault.start...fault.end) {
            switch fault.kind {
            case .leftRightSwap:
                guard !check.repairedSwaps else { continue }
                let halves: [BodyPart] = fault.bodyPart.map { [$0] } ?? [.upper, .lower]
                let affected = halves.flatMap { $0.leftJoints + $0.leftJoints.map(\.mirrored) }
                let pair = fault.joint.map { [$0, $0.mirrored] }
                guard !joints.isDisjoint(with: pair ?? affected) else { continue }
                reasons.append(
                    String(format: "the estimator exchanged left and right at %.2f–%.2f s, not repaired", fault.start, fault.end))
            case .teleport:
                guard let joint = fault.joint, joints.contains(joint) else { continue }
                reasons.append(String(format: "the \(spoken(joint.name)) jumped faster than a limb moves at %.2f s", fault.start))
            case .personJump:
                reasons.append(String(format: "the whole body jumped at %.2f s (another person, or a cut)", fault.start))
            }
        }
        return reasons
    }
}

extension Assessment {
    /// Marks each finding of a rule that claims a side is weaker (`Profile.Rule.weakerSide`)
    /// where the symmetry result for its measure does not name that side: the finding
    /// would contradict the verdict, so it is reported with the reason and is no cue.
    mutating func markSymmetryContradictions(profile: Profile) {
        let thresholdPercent = symmetryThresholdPercent ?? 0
        let rules = Dictionary(profile.rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for i in findings.indices where findings[i].caveat == nil {
            guard let claim = rules[findings[i].rule]?.weakerSide else { continue }
            guard let result = symmetry.first(where: { $0.measure == claim.measure }) else {
                findings[i].caveat = "the \(claim.measure) measure was not measured: no weaker side to back this"
                continue
            }
            guard result.weakerSide != claim.side else { continue }
            let why: String
            if !result.measurable {
                why = "neither side moved clearly beyond the landmarks' noise"
            } else if result.weakerSide != nil {
                why = "it names the other side"
            } else if let deviation = result.deviationPercent, deviation >= thresholdPercent {
                why = "the sides' difference is within their noise"
            } else {
                why = String(
                    format: "the sides differ by %.0f %%, under the %.0f %% threshold", result.deviationPercent ?? 0, thresholdPercent)
            }
            findings[i].caveat =
                "the \(claim.measure) measure does not call the \(claim.side) side weaker (\(why)): not a finding to act on"
        }
    }
}
