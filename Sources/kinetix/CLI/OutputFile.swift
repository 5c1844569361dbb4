import Foundation
import KinetixCore
import KinetixIO

/// Writes `data` to the output the user named, never destroying anything else
/// (`OutputFile`: atomic replacement, devices written through, inputs refused).
func writeAtomically(_ data: Data, to path: String, inputs: [String] = []) throws(CommandLineError) {
    try writeAtomically(to: path, inputs: inputs) { write throws(CommandLineError) in
        var outcome: Result<Void, CommandLineError> = .success(())
        data.withUnsafeBytes { bytes in outcome = Result { () throws(CommandLineError) in try write(bytes) } }
        try outcome.get()
    }
}

/// `writeAtomically(_:to:inputs:)` of `parts` written one after the other (the parts of
/// a long report, never joined into one copy).
func writeAtomically(parts: [UnsafeRawBufferPointer], to path: String, inputs: [String] = []) throws(CommandLineError) {
    try writeAtomically(to: path, inputs: inputs) { write throws(CommandLineError) in
        for part in parts { try write(part) }
    }
}

/// Output made piece by piece: `produce` calls `write` with each piece, in order (the
/// bytes need to live only during the call).
typealias OutputPieces = (_ write: (UnsafeRawBufferPointer) throws(CommandLineError) -> Void) throws(CommandLineError) -> Void

/// `writeAtomically(_:to:inputs:)` of what `produce` writes, each piece written as it
/// comes (a long report goes to its temporary file while the rest is still being made).
/// The target is checked before anything is made.
func writeAtomically(to path: String, inputs: [String] = [], _ produce: OutputPieces) throws(CommandLineError) {
    let file: OutputFile
    do throws(KinetixError) { file = try OutputFile(path, inputs: inputs) } catch { throw .output(error.description) }
    for removed in file.removedTemporaries { printError("note: removed \(removed), left by an interrupted kinetix run") }
    try produce { bytes throws(CommandLineError) in
        do throws(KinetixError) { try file.write(bytes) } catch { throw .output(error.description) }
    }
    do throws(KinetixError) { try file.commit() } catch { throw .output(error.description) }
}

/// Writes `text` to the file named by `--output` (`-`: standard output), or to standard output.
func emit(_ text: String, output: String?, inputs: [String]) throws(CommandLineError) {
    if let output {
        try writeAtomically(Data(text.utf8), to: output, inputs: inputs)
    } else {
        printOut(text, terminator: "")
    }
}

/// Prints a line to standard error, its control characters escaped (`TerminalText`).
/// A standard error that cannot be written is ignored: there is nowhere left to say so.
func printError(_ text: String) {
    let bytes = Array(TerminalText.escaped(text + "\n").utf8)
    _ = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: STDERR_FILENO) }
}
