import Foundation
import KinetixCore
import KinetixIO

/// A folder that is not there yet, filled under a temporary name beside it and renamed
/// into place once every file is in it: a refused or failed set leaves nothing behind,
/// neither the folder nor parents made for it. The temporary name carries this host's
/// scope and the process id (`.NAME.kinetix-people-SCOPE-PID-RANDOM`), so one left by a
/// killed run is removed by the next run that writes NAME there.
struct NewFolder {
    /// The folder as the user named it.
    let path: String
    /// Where the files go until `putInPlace()`.
    let building: String
    /// Parents made for it, deepest first (removed again by `discard()`).
    private let madeParents: [String]

    /// Makes the temporary folder (and any missing parent) for `path`, which must not exist.
    init(_ path: String) throws(KinetixError) {
        self.path = path
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        var missing: [String] = []
        var folder = parent
        while !FileManager.default.fileExists(atPath: folder.path), folder.path != "/" {
            missing.append(folder.path)
            folder = folder.deletingLastPathComponent()
        }
        madeParents = missing
        let prefix = ".\(target.lastPathComponent).kinetix-people-\(OutputFile.scope)-"
        Self.removeStale(in: parent.path, prefix: prefix)
        building = parent.appendingPathComponent("\(prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        do { try FileManager.default.createDirectory(atPath: building, withIntermediateDirectories: true) } catch {
            discard()
            throw KinetixError(.cannotWrite, file: path, "cannot create the folder: \(error.localizedDescription)")
        }
    }

    /// Renames the filled folder to `path`; refused when something took the name meanwhile.
    func putInPlace() throws(KinetixError) {
        if FileManager.default.fileExists(atPath: path) {
            throw KinetixError(.cannotWrite, file: path, "cannot put the files in place: it was made by another program meanwhile")
        }
        guard rename(building, path) == 0 else {
            let reason = OutputFile.reason(errno, directory: nil)
            throw KinetixError(.cannotWrite, file: path, "cannot put the files in place: \(reason)")
        }
    }

    /// Removes the temporary folder and the parents made for it (when empty).
    func discard() {
        try? FileManager.default.removeItem(atPath: building)
        for parent in madeParents { _ = rmdir(parent) }
    }

    /// `error` with the temporary folder's path, wherever it appears, put back as `path`.
    func namingTheUsersPath(_ error: KinetixError) -> KinetixError {
        var error = error
        for k in error.diagnostics.indices {
            error.diagnostics[k].file = error.diagnostics[k].file?.replacingOccurrences(of: building, with: path)
            error.diagnostics[k].message = error.diagnostics[k].message.replacingOccurrences(of: building, with: path)
        }
        return error
    }

    /// Removes folders of killed runs named `prefix` + a process id that no longer runs.
    private static func removeStale(in directory: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), OutputFile.hasEnded(pid) else { continue }
            try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }
}
