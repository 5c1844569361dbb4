import KinetixCore
import KinetixProfiles

/// Why a command failed, and the exit code it maps to (sysexits.h).
enum CommandLineError: Error {
    /// Bad usage: unknown flag, missing argument, value out of range. Exit 64.
    case usage(String, command: CommandSpec?)
    /// A problem with input data, or a missing input file: exit 65 or 66.
    case sidecar(SidecarError)
    /// An output could not be written. Exit 73.
    case output(String)
    /// A profile problem: not found (66), invalid (65), or a bad --param (64).
    case profile(ProfileError, exitCode: Int32)

    var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .sidecar(let error): error.kind == .unreadable ? ExitCode.noInput : ExitCode.dataError
        case .output: ExitCode.cannotCreate
        case .profile(_, let code): code
        }
    }
}

/// The documented exit codes.
enum ExitCode {
    static let success: Int32 = 0
    /// EX_USAGE: the command line is wrong.
    static let usage: Int32 = 64
    /// EX_DATAERR: an input file's content is wrong.
    static let dataError: Int32 = 65
    /// EX_NOINPUT: an input file is missing or unreadable.
    static let noInput: Int32 = 66
    /// EX_CANTCREAT: an output file cannot be written.
    static let cannotCreate: Int32 = 73
}
