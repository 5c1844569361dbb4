import KinetixCore
import KinetixProfiles

/// How good a (drafted) profile is: on clips of the same movement its reps should be
/// counted and pass; on clips of other movements it should fail; and it should flag
/// faults of a known size (`kinetix profile evaluate`).
public struct DraftEvaluation: Sendable {
    /// One clip's result.
    public struct ClipResult: Equatable, Sendable {
        /// As given.
        public var name: String
        /// True for a clip of the profile's own movement.
        public var isSameMovement: Bool
        /// Void with the reason, or scored.
        public var voidReason: String?
        /// Reps counted.
        public var reps: Int
        /// Reps with no finding during them.
        public var passingReps: Int
        /// Findings of any rule.
        public var findings: Int
        /// A clip passes when it is scored, has a rep, and at least half its reps pass.
        public var passes: Bool { voidReason == nil && reps > 0 && 2 * passingReps >= reps }
    }

    /// The smallest synthesized fault on one limb that the profile flags.
    public struct Sensitivity: Equatable, Sendable {
        /// The limb whose driving angle was changed.
        public var limb: Limb
        /// Degrees added to (or taken from) the limb's driving angle for the whole clip;
        /// nil when no fault up to `DraftEvaluation.faultSizes.last` is flagged.
        public var smallestFlaggedDegrees: Double?
    }

    /// Every clip's result: the same movement's first, in the order given.
    public var clips: [ClipResult]
    /// Fraction of the same-movement clips' reps that pass (nil without reps).
    public var sameRepsPassing: Double? {
        let same = clips.filter(\.isSameMovement)
        let reps = same.reduce(0) { $0 + $1.reps }
        return reps == 0 ? nil : Double(same.reduce(0) { $0 + $1.passingReps }) / Double(reps)
    }
    /// Fraction of the other movements' clips that fail (nil without any).
    public var differentFailing: Double? {
        let different = clips.filter { !$0.isSameMovement }
        return different.isEmpty ? nil : Double(different.filter { !$0.passes }.count) / Double(different.count)
    }
    /// The smallest fault flagged per limb, when measured (`sensitivity(of:motion:)`).
    public var sensitivity: [Sensitivity] = []

    /// The fault sizes tried, degrees.
    public static let faultSizes: [Double] = [5, 10, 15, 20, 25, 30, 40, 50, 60]

    /// Runs `profile` (with its defaults) on every clip.
    public init(profile: Profile, same: [ClipInput], different: [ClipInput], minConfidence: Float = BodySeries.defaultMinConfidence) {
        let assessor = Assessor(
            profile: profile, parameters: (try? profile.parameterValues(overriding: [])) ?? [:], minConfidence: minConfidence)
        clips =
            same.map { Self.result(assessor.assess($0.sidecar), name: $0.provenance.path, same: true) }
            + different.map { Self.result(assessor.assess($0.sidecar), name: $0.provenance.path, same: false) }
    }

    static func result(_ assessment: Assessment, name: String, same: Bool) -> ClipResult {
        let passing = assessment.reps.filter { rep in
            !assessment.findings.contains { $0.start <= rep.end && $0.end >= rep.start }
        }.count
        return ClipResult(
            name: name, isSameMovement: same, voidReason: assessment.status == .void ? assessment.voidReason : nil,
            reps: assessment.reps.count, passingReps: passing, findings: assessment.findings.count)
    }

    /// For each limb, the smallest fault (either sign, held over the whole clip) on a
    /// synthesized performance of `motion` that adds a finding the unfaulted clip does
    /// not have. The clip is filmed from the profile's required view.
    public static func sensitivity(of profile: Profile, motion: SynthOptions, minConfidence: Float = BodySeries.defaultMinConfidence)
        -> [Sensitivity]
    {
        let parameters = (try? profile.parameterValues(overriding: [])) ?? [:]
        let assessor = Assessor(profile: profile, parameters: parameters, minConfidence: minConfidence)
        var options = motion
        switch profile.requirements.view(parameters) {
        case .front, .frontOrOblique: options.view = .front
        case .side: options.view = .side
        case .any, .oblique, .auto: break
        }
        let baseline = findingsByRule(assessor.assess(Synth.sidecar(options)))
        return Limb.allCases.map { limb in
            for size in faultSizes {
                for sign in [1.0, -1.0] {
                    var faulted = options
                    faulted.faults = [SynthOptions.Fault(limb: limb, degrees: sign * size, from: 0, to: options.durationSeconds)]
                    let found = findingsByRule(assessor.assess(Synth.sidecar(faulted)))
                    if found.contains(where: { $0.value > (baseline[$0.key] ?? 0) + 0.25 }) {
                        return Sensitivity(limb: limb, smallestFlaggedDegrees: size)
                    }
                }
            }
            return Sensitivity(limb: limb, smallestFlaggedDegrees: nil)
        }
    }

    /// Seconds of findings per rule (a void result counts as one finding of "void").
    private static func findingsByRule(_ assessment: Assessment) -> [String: Double] {
        guard assessment.status == .ok else { return ["void": 1] }
        var seconds: [String: Double] = [:]
        for finding in assessment.findings { seconds[finding.rule, default: 0] += max(finding.end - finding.start, 1e-3) }
        return seconds
    }
}
