extension Int {
    /// The integer value of `value` when it is a whole number an `Int` can hold
    /// exactly, nil otherwise: `Int(_:)` traps on 1e300, and input files can say anything.
    public init?(checking value: Double) {
        guard value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        self.init(value)
    }
}
