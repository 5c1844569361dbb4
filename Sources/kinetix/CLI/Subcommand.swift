/// A `kinetix` subcommand: parsed and checked in `init` (validate), then run.
protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Reads and checks the arguments; throws `.usage` before any work is done.
    init(_ arguments: ParsedArguments) throws(CommandLineError)
    /// Does the work and returns the exit code.
    func run() throws(CommandLineError) -> Int32
}

/// A subcommand's spec and entry point, without existential types.
struct CommandEntry {
    let spec: CommandSpec
    let execute: (ParsedArguments) throws(CommandLineError) -> Int32

    init<Command: Subcommand>(_: Command.Type) {
        spec = Command.spec
        execute = { arguments throws(CommandLineError) in try Command(arguments).run() }
    }
}
