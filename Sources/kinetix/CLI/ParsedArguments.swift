import KinetixCore

/// A command line split into positional arguments and options, checked against a spec.
struct ParsedArguments {
    /// Options other tools spell differently, by this tool's name for them.
    static let synonyms: [String: String] = [
        "--html": "--report", "--out": "--output", "--outfile": "--output", "--json": "--format",
        "--csv": "--format", "--lag": "--max-lag", "--fps": "--rate",
    ]

    let spec: CommandSpec
    var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    var wantsHelp = false

    /// Parses `arguments` (without the program and subcommand names).
    init(_ arguments: [String], spec: CommandSpec) throws(CommandLineError) {
        self.spec = spec
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let option: CommandSpec.Option? =
                name.hasPrefix("--")
                ? spec.options.first { "--" + $0.long == name }
                : spec.options.first { $0.short.map { "-\($0)" } == name }
            guard let option else {
                let known = spec.options.map { "--" + $0.long }
                // Words people bring from other tools, where spelling distance cannot help.
                let synonym = Self.synonyms[name].flatMap { known.contains($0) ? $0 : nil }
                let hint = Diagnostic.didYouMean(synonym ?? closestName(to: name, in: known))
                throw .usage("unknown option '\(name)'\(hint)", command: spec)
            }
            if option.valueName == nil {
                if inlineValue != nil { throw .usage("'--\(option.long)' takes no value", command: spec) }
                flags.insert(option.long)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw .usage("missing value for '--\(option.long) <\(option.valueName!)>'", command: spec)
                }
                value = arguments[index]
                index += 1
            }
            if !option.repeating, values[option.long] != nil {
                throw .usage("'--\(option.long)' given more than once", command: spec)
            }
            values[option.long, default: []].append(value)
        }
        if wantsHelp { return }
        let required = spec.arguments.filter { !$0.optional }
        if positional.count < required.count {
            throw .usage("missing <\(required[positional.count].name)>", command: spec)
        }
        if !spec.arguments.contains(where: \.repeating), positional.count > spec.arguments.count {
            throw .usage("unexpected argument '\(positional[spec.arguments.count])'", command: spec)
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func string(_ name: String) -> String? { values[name]?.last }

    func strings(_ name: String) -> [String] { values[name] ?? [] }

    /// A number option, checked against `range`.
    func double(_ name: String, default defaultValue: Double, in range: ClosedRange<Double>? = nil) throws(CommandLineError) -> Double {
        guard let text = string(name) else { return defaultValue }
        guard let value = Double(text), value.isFinite else {
            throw .usage("'--\(name)' expects a number, got '\(text)'", command: spec)
        }
        if let range, !range.contains(value) {
            throw .usage("'--\(name)' must be in \(range.lowerBound)...\(range.upperBound), got \(text)", command: spec)
        }
        return value
    }

    /// One of a fixed set of words.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default defaultValue: T) throws(CommandLineError) -> T
    where T.RawValue == String {
        guard let text = string(name) else { return defaultValue }
        guard let value = T(rawValue: text) else {
            let all = T.allCases.map(\.rawValue)
            throw .usage("'--\(name)' must be one of \(all.joined(separator: ", ")), got '\(text)'", command: spec)
        }
        return value
    }

    /// Input limits from `--max-input-mb`.
    func limits() throws(CommandLineError) -> SidecarLimits {
        var limits = SidecarLimits.default
        if string("max-input-mb") != nil {
            limits.maxFileBytes = Int(try double("max-input-mb", default: 0, in: SidecarLimits.maxFileMegabytesRange) * 1_048_576)
        }
        return limits
    }
}

extension CommandSpec.Option {
    static let minConfidence = CommandSpec.Option(
        long: "min-confidence", valueName: "x",
        help: "Joints below this confidence count as not tracked.", defaultValue: defaultText(BodySeries.defaultMinConfidence))
    static let keepTeleports = CommandSpec.Option(
        long: "keep-teleports",
        help: "Keep joints the estimator teleported (by default they are masked as not tracked; see 'kinetix inspect').")
    static let keepSwaps = CommandSpec.Option(
        long: "keep-swaps",
        help:
            "Keep the estimator's left/right swaps (by default those 'kinetix inspect' finds are undone, per half of the body, and reported)."
    )
    /// The old opt-in, now the default: accepted so scripts that pass it still run.
    static let repairSwaps = CommandSpec.Option(
        long: "repair-swaps", help: "Undo the estimator's left/right swaps: the default (kept so older scripts run).")
    static let maxInput = CommandSpec.Option(
        long: "max-input-mb", valueName: "n",
        help: "Refuse input files larger than this many MiB.", defaultValue: String(SidecarLimits.default.maxFileBytes >> 20))
    static let output = CommandSpec.Option(
        long: "output", short: "o", valueName: "file",
        help: "Write to this file (atomically; '-' is standard output) instead of standard output.")
    /// For commands whose output is a sidecar: a file is required ('-' for standard output).
    static let sidecarOutput = CommandSpec.Option(
        long: "output", short: "o", valueName: "file",
        help: "The sidecar to write (required; atomically; '-' is standard output). Never one of the inputs.")
}
