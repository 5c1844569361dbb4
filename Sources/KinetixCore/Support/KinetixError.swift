/// Why a Kinetix operation failed: a kind that programs switch on, and every problem
/// found, each located (file, frame and time, line and column, field).
///
/// Every library entry point that can fail throws this one type. Front ends choose
/// their own wording around it (the command line maps `kind` to an exit code and
/// `Diagnostic.setting` to a flag); never match on a message's text.
public struct KinetixError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: decides what a caller does (retry, fix the input, change a setting).
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// An input is missing, is not a regular file, or cannot be read.
        case unreadable
        /// A profile or other named resource was not found where it was looked for.
        case notFound
        /// An input's content is wrong (syntax, types, values, meaning).
        case invalidData
        /// An input or a requested computation is larger than a documented limit.
        case limitExceeded
        /// The input is of a kind or format this operation does not handle.
        case unsupported
        /// A setting given by the caller is out of range or malformed (a profile
        /// parameter, an option value).
        case invalidSetting
        /// An output cannot be written: refused (an input, a device, a folder) or failed
        /// (a full disk, no permission).
        case cannotWrite
    }

    /// The kind of failure.
    public var kind: Kind
    /// Every problem found, up to the input limits' cap, most general place first.
    public var diagnostics: [Diagnostic]
    /// How many more problems were found than `diagnostics` holds (they are counted,
    /// not kept, so a file of millions of bad fields costs no memory to report).
    public var omitted: Int

    /// True when more problems existed than `diagnostics` holds.
    public var truncated: Bool { omitted > 0 }

    /// An error of `kind` with its problems, and a count of those not kept.
    public init(kind: Kind = .invalidData, diagnostics: [Diagnostic], omitted: Int = 0) {
        self.kind = kind
        self.diagnostics = diagnostics
        self.omitted = omitted
    }

    /// One problem.
    public init(
        _ kind: Kind, file: String? = nil, field: String? = nil, _ message: String, setting: Setting? = nil,
        suggestion: String? = nil
    ) {
        self.init(
            kind: kind, diagnostics: [Diagnostic(file: file, field: field, message: message, setting: setting, suggestion: suggestion)])
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// A library setting a diagnostic points to: what a caller can give or change to get
/// past the problem. Front ends map each to their own control (a flag, a field).
///
/// Each library names its own settings as static members (as this module does below;
/// `KinetixBatch` adds its plan, shards and Slurm settings), so Core knows nothing of
/// the modules above it. Compare with `==` or match with `case .maxLag:`; a setting
/// with an argument (`profileParameter(_:)`) carries it in `argument`.
public struct Setting: Hashable, Sendable, CustomStringConvertible {
    /// The setting's name, unique across the libraries (`maxLag`, `batchShard`).
    public let name: String
    /// What it applies to, for a setting with an argument: the parameter's name, the shard's number.
    public let argument: String?

    /// A setting named `name`, with `argument` when it takes one.
    public init(_ name: String, argument: String? = nil) {
        self.name = name
        self.argument = argument
    }

    /// `name`, or `name(argument)`.
    public var description: String { argument.map { "\(name)(\($0))" } ?? name }
}

extension Setting {
    /// `SidecarLimits.maxFileBytes` (and the other input limits).
    public static let maxInputBytes = Setting("maxInputBytes")
    /// `ConversionOptions.imageSize`.
    public static let imageSize = Setting("imageSize")
    /// `ConversionOptions.frameRate`.
    public static let frameRate = Setting("frameRate")
    /// `ConversionOptions.model` (OpenPose's body model).
    public static let estimatorModel = Setting("estimatorModel")
    /// `ConversionOptions.person`.
    public static let person = Setting("person")
    /// `ConversionOptions.stillImage`: which photo of a set of still images.
    public static let stillImage = Setting("stillImage")
    /// The input format of a conversion.
    public static let sourceFormat = Setting("sourceFormat")
    /// `ComparisonOptions.maxLagSeconds`.
    public static let maxLag = Setting("maxLag")
    /// `ComparisonOptions.lagWindowSeconds`.
    public static let lagWindow = Setting("lagWindow")
    /// `ComparisonOptions.rate`.
    public static let analysisRate = Setting("analysisRate")
    /// The name `profileParameter(_:)` settings have.
    public static let profileParameterName = "profileParameter"
    /// A profile parameter, by name (empty: which one is not known).
    public static func profileParameter(_ name: String) -> Setting { Setting(profileParameterName, argument: name) }
    /// The profile itself (which one, or its search path).
    public static let profile = Setting("profile")
    /// Which of a demonstration's reps to draft from (`DemonstrationSurvey`).
    public static let demonstrationReps = Setting("demonstrationReps")
    /// Measuring in 2D what has depth (`Sidecar.droppingDepth()`), so a 3D clip can meet a 2D one.
    public static let planarAngles = Setting("planarAngles")
    /// `ConversionOptions.worldLandmarks`: MediaPipe's world landmarks instead of the image's.
    public static let worldLandmarks = Setting("worldLandmarks")
}

extension KinetixError.Kind {
    /// The command line's exit code for this kind of failure (sysexits.h): 66 for an
    /// input missing or not found, 65 for bad content, a limit or an unsupported input,
    /// 64 for a bad setting, 73 for an output that cannot be written. Batch runs record it per row, as the CLI would exit.
    public var exitCode: Int32 {
        switch self {
        case .unreadable, .notFound: 66
        case .invalidData, .limitExceeded, .unsupported: 65
        case .invalidSetting: 64
        case .cannotWrite: 73
        }
    }
}
