import KinetixCore

extension DraftEvaluation {
    /// The top-level fields of `json(profile:)`, in its order.
    package enum Key: String, JSONKeys {
        case profile, clips, sameRepsPassing, differentFailing, sensitivity
    }
    /// The fields of each of `clips` (`voidReason` only for a void one).
    package enum ClipKey: String, JSONKeys {
        case clip, sameMovement, status, voidReason, reps, passingReps, findings, passes
    }
    /// The fields of each of `sensitivity`.
    package enum SensitivityKey: String, JSONKeys {
        case limb, smallestFlaggedDegrees
    }

    /// The evaluation for programs, on one line: `profile`, `clips`, `sameRepsPassing`,
    /// `differentFailing` (shares 0…1) and `sensitivity` (degrees). `profile`: where the
    /// profile came from.
    public func json(profile source: String) -> String {
        func member<K: JSONKeys>(_ key: K, _ value: String) -> String { key.quoted + ":" + value }
        let clips = clips.map { c in
            var fields = [
                member(ClipKey.clip, jsonString(c.name)), member(ClipKey.sameMovement, "\(c.isSameMovement)"),
                member(ClipKey.status, jsonString(c.voidReason == nil ? "ok" : "void")),
            ]
            if let reason = c.voidReason { fields.append(member(ClipKey.voidReason, jsonString(reason))) }
            fields += [
                member(ClipKey.reps, "\(c.reps)"), member(ClipKey.passingReps, "\(c.passingReps)"),
                member(ClipKey.findings, "\(c.findings)"), member(ClipKey.passes, "\(c.passes)"),
            ]
            return "{" + fields.joined(separator: ",") + "}"
        }
        let sensitivity = sensitivity.map {
            "{" + member(SensitivityKey.limb, jsonString($0.limb.name)) + ","
                + member(SensitivityKey.smallestFlaggedDegrees, jsonNumber($0.smallestFlaggedDegrees, digits: 1)) + "}"
        }
        let fields = [
            member(Key.profile, jsonString(source)), member(Key.clips, "[" + clips.joined(separator: ",") + "]"),
            member(Key.sameRepsPassing, jsonNumber(sameRepsPassing, digits: 4)),
            member(Key.differentFailing, jsonNumber(differentFailing, digits: 4)),
            member(Key.sensitivity, "[" + sensitivity.joined(separator: ",") + "]"),
        ]
        return "{" + fields.joined(separator: ",") + "}\n"
    }
}
