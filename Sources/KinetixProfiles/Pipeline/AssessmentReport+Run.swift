import KinetixCore

/// Settings of an assessment beyond the profile's own parameters.
public struct AssessmentOptions: Equatable, Sendable {
    /// Joints below this confidence count as not tracked.
    public var minConfidence: Float = BodySeries.defaultMinConfidence
    /// Undo the clip's estimator left/right swaps before assessing. On by default.
    public var repairSwaps = true
    /// Mask joints the estimator teleported (`Sidecar.maskingTeleports`). On by default.
    public var maskTeleports = true

    public init() {}

    /// Every default in one place: front ends show these values in their help.
    public static let defaults = AssessmentOptions()
}

extension AssessmentReport {
    /// The whole of `kinetix assess`: finds (and when asked, undoes) estimator faults,
    /// runs a body or face profile, and records provenance.
    ///
    /// - Parameters:
    ///   - clip: The clip to assess.
    ///   - baseline: A separate baseline clip (a neutral face), or nil for the
    ///     profile's own baseline segment.
    ///   - profile: A body or face profile, with `parameters` from
    ///     `Profile.parameterValues(overriding:)`; `source` is where it was found
    ///     (`ProfileLibrary.Resolved.source`).
    /// - Throws: `KinetixError` of kind `.unsupported` for a pair profile (run those
    ///   with `ComparisonReport`). A clip that does not meet the profile's requirements
    ///   is not an error: the assessment is *void*, with the reason.
    public init(
        clip: ClipInput, baseline: ClipInput? = nil, profile: Profile, parameters: ParameterValues,
        source: String, options: AssessmentOptions = AssessmentOptions()
    ) throws(KinetixError) {
        guard profile.kind != .pair else {
            throw KinetixError(
                .unsupported, "profile '\(profile.id)' compares two people; it runs as a comparison, not an assessment", setting: .profile)
        }
        let (checked, faults) = clip.sidecar.checkedForFaults(
            role: clip.provenance.role, repairSwaps: options.repairSwaps,
            maskTeleports: options.maskTeleports, minConfidence: options.minConfidence)
        var assessment = Assessor(profile: profile, parameters: parameters, minConfidence: options.minConfidence)
            .assess(checked, baseline: baseline?.sidecar, baselineName: baseline?.provenance.path)
        assessment.markTrackingDoubts(faults, profile: profile)
        let inputs = [clip.provenance] + (baseline.map { [$0.provenance] } ?? [])
        self.init(
            assessment, clip: checked,
            provenance: Provenance(inputs: inputs, profile: Provenance.ProfileUsed(profile, parameters: parameters, source: source)))
        hasRepCounter = profile.reps != nil
        self.faults = faults.faults
        repairedSwaps = faults.repairedSwaps
        maskedJointFrames = faults.maskedJointFrames
    }
}
