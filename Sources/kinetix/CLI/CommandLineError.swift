import KinetixCore

/// Why a command failed, and the exit code it maps to (sysexits.h).
enum CommandLineError: Error {
    /// Bad usage: unknown flag, missing argument, value out of range. Exit 64.
    case usage(String, command: CommandSpec?)
    /// A library error; its kind decides the exit code (`ExitCode.of`).
    case failed(KinetixError)
    /// An output could not be written. Exit 73.
    case output(String)

    var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .failed(let error): ExitCode.of(error.kind)
        case .output: ExitCode.cannotCreate
        }
    }
}

/// The documented exit codes.
enum ExitCode {
    static let success: Int32 = 0
    /// EX_USAGE: the command line is wrong, or a setting given on it is out of range.
    static let usage: Int32 = 64
    /// EX_DATAERR: an input's content is wrong, over a limit, or of an unsupported kind.
    static let dataError: Int32 = 65
    /// EX_NOINPUT: an input file, or a profile named by id, is missing or unreadable.
    static let noInput: Int32 = 66
    /// EX_CANTCREAT: an output file cannot be written.
    static let cannotCreate: Int32 = 73

    /// The exit code of a library error, by kind: never by its message (`KinetixError.Kind.exitCode`,
    /// which batch runs record per row).
    static func of(_ kind: KinetixError.Kind) -> Int32 { kind.exitCode }
}

/// The command-line control for a library setting, for hints after a message; nil for
/// a setting the command line has no control for (`OneHomeTests` checks every setting
/// the libraries name has one here).
func flag(for setting: Setting) -> String? {
    switch setting.name {
    case Setting.profileParameterName:
        let name = setting.argument ?? ""
        return name.isEmpty ? "--param name=value" : "--param \(name)=…"
    case Setting.batchShardName: return "run it again: kinetix batch run PLAN --shard \(setting.argument ?? "K")"
    default: break
    }
    return switch setting {
    case .maxInputBytes: "--max-input-mb"
    case .imageSize: "--image-size WxH"
    case .frameRate: "--fps"
    case .estimatorModel: "--model"
    case .person: "--person"
    case .stillImage: "--image"
    case .sourceFormat: "--from"
    case .maxLag: "--max-lag"
    case .lagWindow: "--lag-window"
    case .analysisRate: "--rate"
    case .profile: "--profile; 'kinetix profile list' shows them"
    case .demonstrationReps: "--reps FIRST-LAST"
    case .batchOutput: "--out FOLDER"
    case .batchPlan: "make one with 'kinetix batch plan'"
    case .slurmPartition: "--partition"
    case .slurmTimeLimit: "--time"
    case .planarAngles: "--2d"
    case .worldLandmarks: "--world"
    default: nil
    }
}

/// A diagnostic as the command line prints it: the library's text, then the flag
/// that would help, when there is one.
func commandLineText(_ diagnostic: Diagnostic) -> String {
    diagnostic.description + (diagnostic.setting.flatMap { flag(for: $0) }.map { " [\($0)]" } ?? "")
}
