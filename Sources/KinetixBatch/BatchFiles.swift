import Foundation
import KinetixCore

/// Writing the files a batch owns (results, shard lines, summaries) so that a reader
/// sees the old file or the complete new one, never a part, even when the process is
/// killed; several processes (shards) may write into one folder, even on several hosts.
enum BatchFiles {
    /// Writes `data` to a temporary file beside `target` (named with this host and
    /// process), flushes it, and renames it over `target`.
    static func writeAtomically(_ data: Data, to target: URL) throws(KinetixError) {
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(host).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(target.path, with: data, temporary: temporary.path, mode: 0o644)
        } catch {
            switch error {
            case .write(let code), .replace(let code): throw failure(target, code)
            }
        }
    }

    /// Removes temporary files in `folder` left by a process of this host that no longer
    /// runs (a killed shard). Another live process's, or another host's, are kept.
    static func removeStaleTemporaries(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.split(separator: ".")
            // .<file>.<host>.<pid>.<random>.tmp: the host and pid are the 3rd and 2nd from the end of the dotted parts.
            guard parts.count >= 5, String(parts[parts.count - 4]) == host, let pid = Int32(parts[parts.count - 3]) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder.appendingPathComponent(name).path) }
        }
    }

    /// This host's short name, without dots.
    static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self).split(separator: ".").first.map(String.init) ?? "host"
        return name.isEmpty ? "host" : name
    }()

    private static func failure(_ target: URL, _ code: Int32) -> KinetixError {
        KinetixError(.unreadable, file: target.path, "cannot write: \(String(cString: strerror(code)))")
    }
}
