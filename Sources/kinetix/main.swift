import Foundation
import KinetixCore
import KinetixIO

/// The subcommands, in the order help lists them.
let subcommands: [CommandEntry] = [
    CommandEntry(ValidateCommand.self), CommandEntry(InspectCommand.self),
    CommandEntry(CompareCommand.self), CommandEntry(OnsetCommand.self), CommandEntry(AssessCommand.self),
    CommandEntry(ProgressCommand.self), CommandEntry(ProfileCommand.self), CommandEntry(BatchCommand.self),
    CommandEntry(ConvertCommand.self), CommandEntry(ExportCommand.self), CommandEntry(AnglesCommand.self), CommandEntry(SynthCommand.self),
    CommandEntry(TrimCommand.self), CommandEntry(ResampleCommand.self), CommandEntry(MirrorCommand.self),
    CommandEntry(ShiftCommand.self), CommandEntry(MergeCommand.self), CommandEntry(SyncCommand.self), CommandEntry(StreamCommand.self),
]

let overview = """
    OVERVIEW: Kinetix \(KinetixVersion.current): pose-sidecar analysis for "watch me, now you try".

    USAGE: kinetix <subcommand> [<options>]

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
    \(subcommands.map { "  " + $0.spec.name.padding(toLength: 24, withPad: " ", startingAt: 0) + $0.spec.abstract }.joined(separator: "\n"))

      See 'kinetix help <subcommand>' for detailed help.

    """

@MainActor func runMain(_ arguments: [String]) -> Int32 {
    guard let first = arguments.first else {
        printError("Error: missing subcommand\nUsage: kinetix <subcommand> [<options>] (see 'kinetix --help')")
        return ExitCode.usage
    }
    if first == "-h" || first == "--help" {
        printOut(overview, terminator: "")
        return ExitCode.success
    }
    if first == "--version" {
        printOut(KinetixVersion.current)
        return ExitCode.success
    }
    if first == "help" {
        guard let name = arguments.dropFirst().first else {
            printOut(overview, terminator: "")
            return ExitCode.success
        }
        guard let command = subcommands.first(where: { $0.spec.name == name }) else {
            printError("Error: unknown subcommand '\(name)'\nUsage: kinetix help <subcommand>")
            return ExitCode.usage
        }
        printOut(command.spec.help, terminator: "")
        return ExitCode.success
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
        let hint = Diagnostic.didYouMean(closestName(to: first, in: subcommands.map(\.spec.name)))
        printError("Error: unknown subcommand '\(first)'\(hint)\nUsage: kinetix <subcommand> [<options>] (see 'kinetix --help')")
        return ExitCode.usage
    }
    do {
        let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
        if parsed.wantsHelp {
            printOut(command.spec.help, terminator: "")
            return ExitCode.success
        }
        return try command.execute(parsed)
    } catch {
        switch error {
        case .usage(let message, let spec):
            printError("Error: \(message)\nUsage: \(spec?.usage ?? "kinetix <subcommand>") (see 'kinetix \(first) --help')")
        case .failed(let failure):
            // Settings and not-found profiles read as usage problems; data as located diagnostics.
            let prefix = failure.kind == .invalidSetting || failure.kind == .notFound ? "Error: " : ""
            for diagnostic in failure.diagnostics { printError(prefix + commandLineText(diagnostic)) }
            if failure.truncated { printError("… and \(failure.omitted) more problems not shown") }
        case .output(let message):
            printError("Error: \(message)")
        }
        return error.exitCode
    }
}

keepFreedMemoryForReuse()
exit(runMain(Array(CommandLine.arguments.dropFirst())))
