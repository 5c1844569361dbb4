/// The engine version, recorded in every result's provenance.
public enum KinetixVersion {
    /// The engine version, recorded in every result's provenance.
    public static let current = "0.1.0"
}
