import KinetixCore

/// `kinetix validate <files…>`: one OK line per good file, every problem of a bad one.
struct ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check sidecar files against the sidecar format.",
        discussion: """
            Prints one OK line per valid file, or each problem found (file, frame, time,
            field). Exit status: 0 when all are valid, 66 when a file is missing or
            unreadable, otherwise 65 when any file has problems.
            """,
        arguments: [.init(name: "files", help: "Sidecar JSON files.", repeating: true)],
        options: [
            .maxInput,
            .init(
                long: "max-problems", valueName: "n", help: "Problems listed per file.",
                defaultValue: String(SidecarLimits.default.maxDiagnostics)),
        ]
    )

    let files: [String]
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        files = arguments.positional
        var limits = try arguments.limits()
        limits.maxDiagnostics = Int(
            try arguments.double(
                "max-problems", default: Double(SidecarLimits.default.maxDiagnostics), in: SidecarLimits.maxDiagnosticsRange))
        self.limits = limits
    }

    func run() throws(CommandLineError) -> Int32 {
        var status = ExitCode.success
        for file in files {
            do {
                let sidecar = try Sidecar.load(contentsOf: file, limits: limits, mapping: true)
                printOut(
                    "\(file): OK (\(sidecar.frameCount) frames, \(formatSeconds(sidecar.duration)), \(spaceWords(sidecar.space)), \(sidecar.dimensions))"
                )
            } catch {
                let error = explainingFormat(error, path: file, limits: limits)
                for diagnostic in error.diagnostics { printError(commandLineText(diagnostic)) }
                if error.truncated { printError("\(file): … and \(error.omitted) more problems not shown [--max-problems]") }
                let code = error.kind == .unreadable ? ExitCode.noInput : ExitCode.dataError
                status = status == ExitCode.noInput ? status : code
            }
        }
        return status
    }
}

/// The space in a validate line: "pixels 1080×1920", "pixels 1080×1920 + relative depth", "metres (world frame)".
private func spaceWords(_ space: CoordinateSpace) -> String {
    guard space.kind != .metres else { return space.summary }
    return "\(space.kind.rawValue) \(jsonNumber(space.width, digits: 1))×\(jsonNumber(space.height, digits: 1))"
        + (space.depth == .relative ? " + relative depth" : "")
}
