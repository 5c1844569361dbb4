/// Resource limits applied while reading input, each with a clear error when exceeded.
///
/// The defaults cover a 10-minute 240 fps clip with room to spare; raise them
/// deliberately (`--max-input-mb`) rather than letting a bad file exhaust memory.
public struct SidecarLimits: Equatable, Sendable {
    /// The largest file read, in bytes (default 512 MiB).
    public var maxFileBytes: Int = 512 << 20
    /// The most frames a sidecar may hold.
    public var maxFrames: Int = 5_000_000
    /// The most events a sidecar may hold.
    public var maxEvents: Int = 1_000_000
    /// The deepest JSON nesting accepted in skipped, unknown fields.
    public var maxDepth: Int = 64
    /// The longest JSON string accepted, in bytes.
    public var maxStringBytes: Int = 1 << 16
    /// The most problems reported for one file before the rest are counted only.
    public var maxDiagnostics: Int = 50

    /// The values of `maxDiagnostics` a front end takes (`validate --max-problems`).
    public static let maxDiagnosticsRange: ClosedRange<Double> = 1...100_000
    /// The values of `maxFileBytes` a front end takes, in MiB (`--max-input-mb`).
    public static let maxFileMegabytesRange: ClosedRange<Double> = 1...65536

    public init() {}

    /// The documented limits (README, "Limits").
    public static let `default` = SidecarLimits()
}
