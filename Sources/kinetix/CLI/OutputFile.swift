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
/// - A character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe) is written
///   through, never renamed over; a block device, a socket or a directory is refused.
/// - The path is used as named: a symbolic link is itself replaced, never written
///   through, so nothing outside what the user named is written. A path that is, or
///   resolves to, one of `inputs` is refused.
func writeAtomically(_ data: Data, to path: String, inputs: [String] = []) throws(CommandLineError) {
    if path == "-" {
        FileHandle.standardOutput.write(data)
        return
    }
    let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath() == resolved {
        throw .output("\(path): refusing to overwrite an input file")
    }
    var status = stat()
    let exists = lstat(path, &status) == 0
    if exists {
        switch status.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO:
            return try writeThrough(data, to: path)
        case S_IFREG, S_IFLNK:
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
    do throws(AtomicFile.Failure) {
        try AtomicFile.replace(target.path, with: data, temporary: temporary.path, mode: mode) { descriptor in
            guard keepMode else { return }
            // open() applied the umask: set the old file's mode exactly, and its owner when we may.
            _ = fchmod(descriptor, status.st_mode & 0o7777)
            if getuid() == 0 { _ = fchown(descriptor, status.st_uid, status.st_gid) }
        }
    } catch {
        switch error {
        case .write(let code): throw .output("\(path): cannot write: \(reason(code, directory: directory.path))")
        case .replace(let code): throw .output("\(path): cannot replace the file: \(reason(code, directory: directory.path))")
        }
    }
}

/// Writes into an existing character device or FIFO as it is.
private func writeThrough(_ data: Data, to path: String) throws(CommandLineError) {
    guard let handle = FileHandle(forWritingAtPath: path) else {
        throw .output("\(path): cannot open for writing: \(reason(errno, directory: nil))")
    }
    do {
        try handle.write(contentsOf: data)
        try handle.close()
    } catch {
        throw .output("\(path): cannot write: \(error.localizedDescription)")
    }
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

/// Writes `bytes` as `emit(_:output:inputs:)` writes text, without copying them.
func emit(_ bytes: [UInt8], output: String?, inputs: [String]) throws(CommandLineError) {
    try bytes.withUnsafeBufferPointer { bytes throws(CommandLineError) in try emit(bytes, output: output, inputs: inputs) }
}

/// Writes `bytes` (valid during the call) as `emit(_:output:inputs:)` writes text, without copying them.
func emit(_ bytes: UnsafeBufferPointer<UInt8>, output: String?, inputs: [String]) throws(CommandLineError) {
    let data = bytes.isEmpty ? Data()
        : Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count, deallocator: .none)
    if let output { try writeAtomically(data, to: output, inputs: inputs) } else { FileHandle.standardOutput.write(data) }
}

/// Prints a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
