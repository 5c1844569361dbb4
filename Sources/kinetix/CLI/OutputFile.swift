import Foundation

/// Writes `data` to `path` atomically: into a temporary file in the same directory,
/// then renamed over the target, so a reader never sees a partial file and a killed
/// process leaves the previous file or none (a hidden `.name.kinetix-….tmp` may remain).
///
/// The path is used as named: if it is a symbolic link, the link itself is replaced,
/// never the file it points to, so nothing outside what the user named is written.
/// A path that is, or links to, one of `inputs` is refused.
func writeAtomically(_ data: Data, to path: String, inputs: [String] = []) throws(CommandLineError) {
    let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath() == resolved {
        throw .output("\(path): refusing to overwrite an input file")
    }
    let target = URL(fileURLWithPath: path).standardizedFileURL
    let directory = target.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).kinetix-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
        throw .output("\(path): cannot write (does the directory \(directory.path) exist and is it writable?)")
    }
    if rename(temporary.path, target.path) != 0 {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw .output("\(path): cannot replace the file (\(reason))")
    }
}

/// Writes `text` to the file named by `--output`, or to standard output.
func emit(_ text: String, output: String?, inputs: [String]) throws(CommandLineError) {
    if let output {
        try writeAtomically(Data(text.utf8), to: output, inputs: inputs)
    } else {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Prints a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
