extension Int {
    /// The integer value of `value` when it is a whole number an `Int` can hold
    /// exactly, nil otherwise: `Int(_:)` traps on 1e300, and input files can say anything.
    public init?(checking value: Double) {
        guard value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        self.init(value)
    }

    /// `value` rounded toward zero and clamped to ±2⁵³ (NaN gives 0): for values
    /// computed from checked settings where the clamp can only matter to an adversary,
    /// so no input can trap a conversion.
    package init(saturating value: Double) {
        guard !value.isNaN else {
            self = 0
            return
        }
        self.init(Swift.max(-9_007_199_254_740_992, Swift.min(9_007_199_254_740_992, value)).rounded(.towardZero))
    }
}
