import Foundation
import KinetixCore
import KinetixIO

/// Text from input files (paths, labels, titles, ids) on its way to a terminal: the
/// characters a terminal acts on rather than shows (C0 and C1 controls but tab and
/// newline, DEL, and the bidirectional overrides and isolates that reorder what is
/// shown, as in a "Trojan Source" file name) become visible `\uXXXX` escapes, which
/// inside a JSON string also read back as the same character.
enum TerminalText {
    /// `text` with every such character escaped.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHazard) else { return text }
        return text.replacingScalars { isHazard($0) ? String(format: "\\u%04X", $0.value) : nil }
    }

    /// True for a character a terminal acts on instead of showing.
    static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether standard output is a terminal (then what is printed there is escaped).
    static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1
}

/// Prints to standard output, escaped when it is a terminal (`TerminalText`).
///
/// When standard output cannot be written (a full disk, a closed pipe with SIGPIPE
/// ignored), the command cannot deliver its answer: it says so on standard error and
/// exits 73 (`ExitCode.cannotCreate`), as `-o` onto a full disk does, instead of trapping.
func printOut(_ text: String, terminator: String = "\n") {
    let line = text + terminator
    let bytes = Array((TerminalText.standardOutputIsTerminal ? TerminalText.escaped(line) : line).utf8)
    let code = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: STDOUT_FILENO) }
    guard code == 0 else {
        printError("Error: standard output: cannot write: \(OutputFile.reason(code, directory: nil))")
        exit(ExitCode.cannotCreate)
    }
}
