import KinetixCore

/// The result of running a profile on a clip: one value that every writer renders.
public struct Assessment: Sendable {
    public enum Status: String, Sendable { case ok, void }

    public struct MetricSeries: Sendable {
        public var name: String
        public var unit: String?
        /// Per frame; relative to the baseline when the metric says so.
        public var values: [Float]
        /// The baseline's median, when there is a baseline.
        public var baseline: Float?
        public var relativeToBaseline: Bool
    }

    public struct Rep: Sendable {
        public var start: Double
        public var end: Double
        /// Summary values in the profile's order.
        public var values: [(name: String, value: Float)]
    }

    public struct Finding: Sendable {
        public var rule: String
        public var start: Double
        public var end: Double
        public var severity: Profile.Rule.Severity
        public var cue: String
        public var detail: String
    }

    public struct SymmetryResult: Sendable {
        public var measure: String
        /// Movement from the baseline at the moments of greatest movement, per side.
        public var movementLeft: Float?
        public var movementRight: Float?
        /// 100 × (larger − smaller) / larger movement; nil when neither side moved.
        public var deviationPercent: Float?
        public var weakerSide: String?
    }

    public var profileID: String
    public var profileVersion: String
    public var profileTitle: String
    public var parameters: [(name: String, value: ParameterValue)]
    public var status: Status
    public var voidReason: String?
    public var times: [Double]
    public var metrics: [MetricSeries]
    public var reps: [Rep]
    public var findings: [Finding]
    public var symmetry: [SymmetryResult]
    /// The side weaker in most measures whose deviation reaches the threshold; nil when none does.
    public var weakerSide: String?
    /// Shoulder width over torso length: about 0.9 seen from the front, under 0.3 from the side.
    public var shoulderWidthRatio: Float?
    /// Coverage of each required joint or landmark, 0...1.
    public var coverage: [(name: String, fraction: Double)]
    public var baselineSource: String?
}
