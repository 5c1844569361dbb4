/// What a subcommand accepts, for parsing and for its help text.
struct CommandSpec: Sendable {
    struct Argument: Sendable {
        var name: String
        var help: String
        var repeating = false
        var optional = false
    }

    struct Option: Sendable {
        var long: String
        var short: Character? = nil
        /// nil for a flag that takes no value.
        var valueName: String? = nil
        var help: String
        var defaultValue: String? = nil
        var repeating = false
    }

    var name: String
    var abstract: String
    var discussion: String? = nil
    var arguments: [Argument] = []
    var options: [Option] = []

    var usage: String {
        var parts = ["kinetix", name]
        if !options.isEmpty { parts.append("[<options>]") }
        for argument in arguments {
            let text = "<\(argument.name)>" + (argument.repeating ? " ..." : "")
            parts.append(argument.optional ? "[\(text)]" : text)
        }
        return parts.joined(separator: " ")
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n"
        if let discussion { text += "\n\(discussion)\n" }
        text += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += row("<\(argument.name)>", argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            var flag = option.short.map { "-\($0), " } ?? ""
            flag += "--\(option.long)"
            if let valueName = option.valueName { flag += " <\(valueName)>" }
            var help = option.help
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            text += row(flag, help)
        }
        text += row("-h, --help", "Show help information.")
        return text
    }

    private func row(_ left: String, _ right: String) -> String {
        let pad = 26
        if left.count + 2 < pad {
            return "  " + left + String(repeating: " ", count: pad - left.count - 2) + right + "\n"
        }
        return "  " + left + "\n" + String(repeating: " ", count: pad) + right + "\n"
    }
}
