import Foundation
import KinetixCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output the user (or a batch) named, opened so that writing it never destroys
/// anything else: the one way the CLI and batch runs write files.
///
/// - `-` is standard output (when `devices` is `.writeThrough`).
/// - A regular file (or a new name) is written atomically: into a hidden temporary file
///   in the same directory (`.<name>.kinetix-<scope>-<pid>-<n>.tmp`), flushed, then
///   renamed over the target by `commit()`, so a reader sees the previous file or the
///   complete new one. An existing file's permissions (and, as root, its owner) are kept.
///   Temporary files of this naming left by a process of this host and PID namespace
///   that no longer runs are removed first (`removedTemporaries` names them); another
///   host's or another container's are left alone, as their process ids are not ours.
/// - A character device or a FIFO (`/dev/null`, a pipe) is written through, never
///   renamed over, or refused (`devices: .refuse`, for files a batch owns); a block
///   device, a socket or a directory is refused. So is a symbolic link to one of those,
///   and a link to an open descriptor (`/dev/stdout`, `/dev/fd/3`) is that descriptor.
/// - Otherwise the path is used as named: a symbolic link is itself replaced, never
///   written through. A path that is, or resolves to, one of `inputs` is refused.
///
/// Every failure is a `KinetixError` of kind `.cannotWrite` naming the path.
package final class OutputFile {
    /// What to do with an output that is a character device or a FIFO.
    package enum DevicePolicy: Sendable { case writeThrough, refuse }

    private enum Destination {
        case descriptor(Int32, close: Bool)
        case replacement(AtomicFile.Writer, target: String)
    }

    /// The path as named.
    package let path: String
    /// Temporaries of killed runs removed before writing.
    package private(set) var removedTemporaries: [String] = []
    private var destination: Destination?

    /// Checks `path` and opens it for writing (nothing is made visible before `commit()`).
    package convenience init(_ path: String, inputs: [String] = [], devices: DevicePolicy = .writeThrough) throws(KinetixError) {
        try self.init(path, resolvedInputs: Self.resolved(inputs), devices: devices)
    }

    /// `inputs` as the paths they lead to, for `init(_:resolvedInputs:devices:)`: resolved
    /// once for a set of outputs, not once per output (a merge of 2,000 subjects spent
    /// its time resolving every input for every file).
    package static func resolved(_ inputs: [String]) -> Set<URL> {
        Set(inputs.map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath() })
    }

    /// `init(_:inputs:devices:)` with the inputs already resolved (`resolved(_:)`).
    /// `removesStaleTemporaries: false` when the caller has already removed those of its
    /// directory (`removeStaleTemporaries(in:)`) for a set of outputs: listing a folder of
    /// thousands of results once per result made a batch quadratic.
    package init(
        _ path: String, resolvedInputs: Set<URL>, devices: DevicePolicy = .writeThrough,
        removesStaleTemporaries: Bool = true
    ) throws(KinetixError) {
        self.path = path
        if path.isEmpty { throw Self.refusal(path, "an empty name: name a file") }
        if path == "-" {
            guard devices == .writeThrough else { throw Self.refusal(path, "'-' (standard output) is not a file name here: name a file") }
            destination = .descriptor(STDOUT_FILENO, close: false)
            return
        }
        if path.hasSuffix("/") { throw Self.refusal(path, "ends with '/': name a file, not a folder") }
        if resolvedInputs.contains(URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()) {
            throw Self.refusal(path, "refusing to overwrite an input file")
        }
        var status = stat()
        let exists = lstat(path, &status) == 0
        if exists {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFCHR, S_IFIFO:
                try openThrough(devices)
                return
            case S_IFLNK:
                if let descriptor = Self.descriptorLink(path) {
                    guard devices == .writeThrough else {
                        throw Self.refusal(path, "leads to an open descriptor, not a file; refusing to write to it")
                    }
                    destination = .descriptor(descriptor, close: false)
                    return
                }
                var target = stat()
                if stat(path, &target) == 0 {
                    switch target.st_mode & S_IFMT {
                    case S_IFCHR, S_IFIFO:
                        try openThrough(devices)
                        return
                    case S_IFBLK, S_IFSOCK: throw Self.refusal(path, "leads to a device or socket, not a file; refusing to write to it")
                    default: break
                    }
                }
            case S_IFDIR: throw Self.refusal(path, "is a directory; name a file")
            default: throw Self.refusal(path, "is a device or socket, not a file; refusing to write to it")
            }
        }
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let directory = target.deletingLastPathComponent()
        if removesStaleTemporaries { removedTemporaries = Self.removeStaleTemporaries(in: directory, of: target.lastPathComponent) }
        let temporary = directory.appendingPathComponent(
            ".\(target.lastPathComponent).kinetix-\(Self.scope)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        let keepMode = exists && (status.st_mode & S_IFMT) == S_IFREG
        let writer: AtomicFile.Writer
        do throws(AtomicFile.Failure) {
            writer = try AtomicFile.Writer(temporary: temporary.path, mode: keepMode ? status.st_mode & 0o7777 : 0o666)
        } catch {
            throw failure(error, directory: directory.path)
        }
        if keepMode {
            // open() applied the umask: set the old file's mode exactly, and its owner when we may.
            _ = fchmod(writer.descriptor, status.st_mode & 0o7777)
            if getuid() == 0 { _ = fchown(writer.descriptor, status.st_uid, status.st_gid) }
        }
        destination = .replacement(writer, target: target.path)
    }

    /// Appends `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(KinetixError) {
        switch destination {
        case .descriptor(let descriptor, _)?:
            let code = AtomicFile.writeAll(bytes, to: descriptor)
            if code != 0 { throw Self.cannotWrite(path, "cannot write: \(Self.reason(code, directory: nil))") }
        case .replacement(let writer, let target)?:
            do throws(AtomicFile.Failure) { try writer.append(bytes) } catch {
                throw failure(error, directory: URL(fileURLWithPath: target).deletingLastPathComponent().path)
            }
        case nil:
            throw Self.cannotWrite(path, "already committed")
        }
    }

    /// Appends the bytes of `data`.
    package func write(_ data: Data) throws(KinetixError) {
        var outcome: Result<Void, KinetixError> = .success(())
        data.withUnsafeBytes { bytes in outcome = Result { () throws(KinetixError) in try write(bytes) } }
        try outcome.get()
    }

    /// Makes what was written the file: flushed, then renamed over the target (or the
    /// descriptor closed). Without it the temporary file is removed when this goes.
    package func commit() throws(KinetixError) {
        defer { destination = nil }
        switch destination {
        case .descriptor(let descriptor, let owned)?:
            if owned { _ = close(descriptor) }
        case .replacement(let writer, let target)?:
            do throws(AtomicFile.Failure) { try writer.commit(replacing: target) } catch {
                throw failure(error, directory: URL(fileURLWithPath: target).deletingLastPathComponent().path)
            }
        case nil:
            break
        }
    }

    deinit {
        if case .descriptor(let descriptor, true)? = destination { _ = close(descriptor) }
    }

    /// Writes `data` to `path` at once: `init`, `write`, `commit`.
    package static func write(_ data: Data, to path: String, inputs: [String] = [], devices: DevicePolicy = .writeThrough)
        throws(KinetixError)
    {
        try write(data, to: path, resolvedInputs: resolved(inputs), devices: devices)
    }

    /// `write(_:to:inputs:devices:)` for one of many outputs: the inputs resolved once
    /// (`resolved(_:)`), the stale temporaries of the folder removed once by the caller.
    package static func write(
        _ data: Data, to path: String, resolvedInputs: Set<URL>, devices: DevicePolicy = .writeThrough,
        removesStaleTemporaries: Bool = true
    ) throws(KinetixError) {
        let file = try OutputFile(path, resolvedInputs: resolvedInputs, devices: devices, removesStaleTemporaries: removesStaleTemporaries)
        try file.write(data)
        try file.commit()
    }

    /// Writes each of `files` (path, bytes) or none: every temporary file is written,
    /// flushed and closed (one open at a time) before the first is renamed, so a full
    /// disk or a refused path leaves every target as it was. (A rename failing midway,
    /// which needs the directory to change under the writer, can still leave the set
    /// mixed.)
    package static func writeAll(_ files: [(path: String, data: Data)], inputs: [String] = []) throws(KinetixError) {
        var opened: [OutputFile] = []
        let resolvedInputs = resolved(inputs)
        // Each folder's stale temporaries removed once for the set, not once per file.
        var cleaned: Set<String> = []
        for (path, data) in files {
            let directory = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
            if cleaned.insert(directory.path).inserted { _ = removeStaleTemporaries(in: directory) }
            let file = try OutputFile(path, resolvedInputs: resolvedInputs, devices: .refuse, removesStaleTemporaries: false)
            try file.write(data)
            // Flushed and closed at once: one descriptor open at a time, however many files.
            if case .replacement(let writer, _)? = file.destination {
                do throws(AtomicFile.Failure) { try writer.seal() } catch { throw file.failure(error, directory: nil) }
            }
            opened.append(file)
        }
        for file in opened { try file.commit() }
    }

    private func openThrough(_ devices: DevicePolicy) throws(KinetixError) {
        guard devices == .writeThrough else { throw Self.refusal(path, "is a device or FIFO, not a regular file; refusing to write to it") }
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.cannotWrite(path, "cannot open for writing: \(Self.reason(errno, directory: nil))") }
        destination = .descriptor(descriptor, close: true)
    }

    private func failure(_ error: AtomicFile.Failure, directory: String?) -> KinetixError {
        switch error {
        case .write(let code): Self.cannotWrite(path, "cannot write: \(Self.reason(code, directory: directory))")
        case .replace(let code): Self.cannotWrite(path, "cannot replace the file: \(Self.reason(code, directory: directory))")
        }
    }

    private static func refusal(_ path: String, _ message: String) -> KinetixError { cannotWrite(path, message) }

    private static func cannotWrite(_ path: String, _ message: String) -> KinetixError {
        KinetixError(.cannotWrite, file: path.isEmpty ? "\"\"" : path, message)
    }

    /// What went wrong, in words a user can act on.
    package static func reason(_ code: Int32, directory: String?) -> String {
        switch code {
        case ENOSPC: "the disk is full (ENOSPC)"
        case EDQUOT: "the disk quota is exceeded (EDQUOT)"
        case EROFS: "the file system is read-only (EROFS)"
        case EACCES, EPERM: "permission denied\(directory.map { " in \($0)" } ?? "")"
        case ENOENT, ENOTDIR: "the directory \(directory ?? "") does not exist"
        default: String(cString: strerror(code))
        }
    }

    /// The descriptor a link like /dev/stdout, /dev/fd/N or /proc/self/fd/N stands for
    /// (following links to such a path), or nil.
    private static func descriptorLink(_ path: String) -> Int32? {
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
            current =
                destination.hasPrefix("/")
                ? destination
                : (URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL.path)
        }
        return nil
    }

    // MARK: - Temporaries of killed runs

    /// This host and PID namespace, as 8 hex digits: a process id means something only
    /// within both (shards on several hosts, or in containers, share one folder).
    package static let scope: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count)
        var identity = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        identity += "\n" + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid")) ?? "")
        return String(SHA256.hex(Array(identity.utf8)).prefix(8))
    }()

    /// True when the run of process `pid` (on this host, `scope`) has ended: not this
    /// process, and no process of that id is running. A file of a run still going is left.
    package static func hasEnded(_ pid: pid_t) -> Bool {
        pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes `.<name>.kinetix-<scope>-<pid>-<n>.tmp` files in `directory` (of `name`,
    /// or of every name when nil) left by a process of this scope that no longer runs,
    /// and returns their paths.
    @discardableResult
    package static func removeStaleTemporaries(in directory: URL, of name: String? = nil) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var removed: [String] = []
        for entry in names where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            guard let marker = entry.range(of: ".kinetix-", options: .backwards) else { continue }
            if let name, entry[entry.index(after: entry.startIndex)..<marker.lowerBound] != name { continue }
            let parts = entry[marker.upperBound...].dropLast(".tmp".count).split(separator: "-")
            guard parts.count == 3, parts[0] == scope, let pid = pid_t(parts[1]), hasEnded(pid) else { continue }
            let path = directory.appendingPathComponent(entry).path
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }
}
