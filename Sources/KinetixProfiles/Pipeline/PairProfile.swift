import KinetixCore

extension ComparisonOptions {
    /// The options a pair profile sets (mirroring, lag, tolerance, lag window, form
    /// break, limb weights), with parameter values applied; every other option keeps
    /// its default.
    ///
    /// - Throws: `KinetixError` of kind `.unsupported` when the profile is not a pair
    ///   profile; `.invalidSetting` when a setting evaluates out of its range (each
    ///   problem at the profile's field, e.g. `pair.maxLagSeconds`).
    public init(pairProfile profile: Profile, parameters: ParameterValues) throws(KinetixError) {
        guard profile.kind == .pair, let pair = profile.pair else {
            throw KinetixError(
                .unsupported, "profile '\(profile.id)' is a \(profile.kind.rawValue) profile, not a pair profile", setting: .profile)
        }
        self.init()
        mirror = pair.mirror.value(parameters) != 0
        maxLagSeconds = pair.maxLagSeconds.value(parameters)
        toleranceDegrees = Float(pair.toleranceDegrees.value(parameters))
        lagWindowSeconds = pair.lagWindowSeconds.value(parameters)
        formBreakMinSeconds = pair.formBreakSeconds.value(parameters)
        weights = Limb.allCases.map { pair.weights[$0] ?? 0 }
        minSharedWeight = min(minSharedWeight, weights.filter { $0 > 0 }.reduce(0, +))
        do { try checkSettings() } catch {
            let fields = [
                "maxLagSeconds": "pair.maxLagSeconds", "toleranceDegrees": "pair.toleranceDegrees",
                "lagWindowSeconds": "pair.lagWindowSeconds", "formBreakMinSeconds": "pair.formBreakSeconds",
                "weights": "pair.limbs", "minSharedWeight": "pair.limbs",
            ]
            var located = error
            located.diagnostics = error.diagnostics.map { diagnostic in
                var d = diagnostic
                d.field = diagnostic.field.map { fields[$0] ?? $0 }
                d.setting = nil
                return d
            }
            throw located
        }
    }
}

extension Provenance.ProfileUsed {
    /// The record of `profile` run with `parameters` (defaults filled in), loaded from `source`.
    public init(_ profile: Profile, parameters: ParameterValues, source: String) {
        self.init(
            id: profile.id, version: profile.version,
            parameters: profile.parameters.map { Parameter(name: $0.name, value: (parameters[$0.name] ?? $0.defaultValue).description) },
            source: source)
    }
}
