import Foundation
import KinetixCore

/// Writes `data` to the output the user named, never destroying anything else.
///
/// - `-` is standard output.
/// - A regular file (or a new name) is written atomically: into a hidden temporary file
///   in the same directory (`.<name>.kinetix-<pid>-<random>.tmp`), flushed, then renamed
///   over the target, so a reader sees the previous file or the complete new one. An
///   existing file's permissions (and, as root, its owner) are kept. Temporary files of
///   this naming left by a process that no longer runs (a killed run) are removed first,
///   and the removal is reported.
/// - A character device or a FIFO (`/dev/null`, a pipe) is written through, never
///   renamed over; a block device, a socket or a directory is refused. So is a symbolic
///   link to one of those, and a link to an open descriptor (`/dev/stdout`, `/dev/fd/3`,
///   `/proc/self/fd/1`) is written to that descriptor.
/// - Otherwise the path is used as named: a symbolic link is itself replaced, never
///   written through, so nothing outside what the user named is written. A path that
///   is, or resolves to, one of `inputs` is refused.
func writeAtomically(_ data: Data, to path: String, inputs: [String] = []) throws(CommandLineError) {
    var outcome: Result<Void, CommandLineError> = .success(())
    data.withUnsafeBytes { bytes in
        outcome = Result { () throws(CommandLineError) in try writeAtomically(parts: [bytes], to: path, inputs: inputs) }
    }
    try outcome.get()
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
    if path == "-" { return try writeAll(produce, to: STDOUT_FILENO, path: "standard output") }
    let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath() == resolved {
        throw .output("\(path): refusing to overwrite an input file")
    }
    var status = stat()
    let exists = lstat(path, &status) == 0
    if exists {
        switch status.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO:
            return try writeThrough(produce, to: path)
        case S_IFLNK:
            // A link to an open descriptor (/dev/stdout, /dev/fd/3, /proc/self/fd/1) is that
            // descriptor; a link to a device or FIFO is written through. Replacing either
            // would destroy the link (as root, the system's /dev/stdout).
            if let descriptor = descriptorLink(path) { return try writeAll(produce, to: descriptor, path: path) }
            var target = stat()
            if stat(path, &target) == 0 {
                switch target.st_mode & S_IFMT {
                case S_IFCHR, S_IFIFO: return try writeThrough(produce, to: path)
                case S_IFBLK, S_IFSOCK: throw .output("\(path): leads to a device or socket, not a file; refusing to write to it")
                default: break
                }
            }
        case S_IFREG:
            break
        case S_IFDIR:
            throw .output("\(path): is a directory; name a file")
        default:
            throw .output("\(path): is a device or socket, not a file; refusing to write to it")
        }
    }
    let target = URL(fileURLWithPath: path).standardizedFileURL
    let directory = target.deletingLastPathComponent()
    removeStaleTemporaries(of: target)
    let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).kinetix-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    let keepMode = exists && (status.st_mode & S_IFMT) == S_IFREG
    let mode: mode_t = keepMode ? status.st_mode & 0o7777 : 0o666
    let writer: AtomicFile.Writer
    do throws(AtomicFile.Failure) {
        writer = try AtomicFile.Writer(temporary: temporary.path, mode: mode)
    } catch {
        throw failure(error, path: path, directory: directory.path)
    }
    if keepMode {
        // open() applied the umask: set the old file's mode exactly, and its owner when we may.
        _ = fchmod(writer.descriptor, status.st_mode & 0o7777)
        if getuid() == 0 { _ = fchown(writer.descriptor, status.st_uid, status.st_gid) }
    }
    try produce { bytes throws(CommandLineError) in
        do throws(AtomicFile.Failure) { try writer.append(bytes) } catch { throw failure(error, path: path, directory: directory.path) }
    }
    do throws(AtomicFile.Failure) {
        try writer.commit(replacing: target.path)
    } catch {
        throw failure(error, path: path, directory: directory.path)
    }
}

/// An atomic write's failure as the message for `path`.
private func failure(_ error: AtomicFile.Failure, path: String, directory: String) -> CommandLineError {
    switch error {
    case .write(let code): .output("\(path): cannot write: \(reason(code, directory: directory))")
    case .replace(let code): .output("\(path): cannot replace the file: \(reason(code, directory: directory))")
    }
}

/// The descriptor a link like /dev/stdout, /dev/fd/N or /proc/self/fd/N stands for
/// (following links to such a path), or nil.
private func descriptorLink(_ path: String) -> Int32? {
    var current = path
    for _ in 0..<8 {
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where current.hasPrefix(prefix) {
            if let number = Int32(current.dropFirst(prefix.count)) { return number }
        }
        switch current {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return nil }
        current = destination.hasPrefix("/") ? destination
            : (URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL.path)
    }
    return nil
}

/// Writes what `produce` makes to an open descriptor, as it comes.
private func writeAll(_ produce: OutputPieces, to descriptor: Int32, path: String) throws(CommandLineError) {
    try produce { part throws(CommandLineError) in
        let code = AtomicFile.writeAll(part, to: descriptor)
        if code != 0 { throw .output("\(path): cannot write: \(reason(code, directory: nil))") }
    }
}

/// Writes into an existing character device or FIFO as it is.
private func writeThrough(_ produce: OutputPieces, to path: String) throws(CommandLineError) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .output("\(path): cannot open for writing: \(reason(errno, directory: nil))") }
    defer { close(descriptor) }
    try writeAll(produce, to: descriptor, path: path)
}

/// What went wrong, in words a user can act on.
private func reason(_ code: Int32, directory: String?) -> String {
    switch code {
    case ENOSPC: "the disk is full (ENOSPC)"
    case EDQUOT: "the disk quota is exceeded (EDQUOT)"
    case EROFS: "the file system is read-only (EROFS)"
    case EACCES, EPERM: "permission denied\(directory.map { " in \($0)" } ?? "")"
    case ENOENT, ENOTDIR: "the directory \(directory ?? "") does not exist"
    default: String(cString: strerror(code))
    }
}

/// Removes `.<name>.kinetix-<pid>-<n>.tmp` files beside `target` whose process is gone
/// (a run killed mid-write), and says so.
private func removeStaleTemporaries(of target: URL) {
    let directory = target.deletingLastPathComponent()
    let prefix = ".\(target.lastPathComponent).kinetix-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
        let middle = name.dropFirst(prefix.count).dropLast(".tmp".count)
        guard let pidText = middle.split(separator: "-").first, let pid = pid_t(pidText), pid != getpid() else { continue }
        guard kill(pid, 0) != 0, errno == ESRCH else { continue }  // still running (or not ours to know): leave it
        let path = directory.appendingPathComponent(name).path
        if unlink(path) == 0 { printError("note: removed \(path), left by an interrupted kinetix run (process \(pid))") }
    }
}

/// Writes `text` to the file named by `--output` (`-`: standard output), or to standard output.
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
