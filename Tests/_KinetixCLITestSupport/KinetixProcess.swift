import Foundation

/// Runs the built `kinetix` executable, as a user would (for the end-to-end and system tiers).
package enum Kinetix {
    /// The package root, found from this file's location.
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/realdata` beside the checkout: real estimator output, not copied into the repository.
    package static let realData = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realdata")

    /// Whether `../shared/realdata` is there (a trait's condition: tests that read it are skipped without it).
    package static let hasRealData = FileManager.default.fileExists(atPath: realData.path)

    /// The executable beside the test bundle (`swift build` puts both in one folder).
    package static let executable: URL = {
        let candidates =
            [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in candidates {
            let url = folder.appendingPathComponent("kinetix")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/kinetix")
    }()

    package struct Result {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// Runs `kinetix arguments…` (or another `executable`) in `directory` (default:
    /// the package root) and waits for it.
    package static func run(
        _ arguments: [String], executable: URL = executable, directory: URL = packageRoot,
        environment: [String: String]? = nil
    ) throws -> Result {
        try start(arguments, executable: executable, directory: directory, environment: environment).finish()
    }

    /// A process started by `start`, its output going to files.
    package final class Running {
        package let process: Process
        private let folder: URL
        private let out: FileHandle, err: FileHandle

        init(process: Process, folder: URL, out: FileHandle, err: FileHandle) {
            self.process = process
            self.folder = folder
            self.out = out
            self.err = err
        }

        /// What it has written to standard error so far.
        package var stderrSoFar: String {
            String(decoding: (try? Data(contentsOf: folder.appendingPathComponent("stderr"))) ?? Data(), as: UTF8.self)
        }

        /// Waits for it to end.
        package func finish() throws -> Result {
            process.waitUntilExit()
            try out.close()
            try err.close()
            let stdout = try Data(contentsOf: folder.appendingPathComponent("stdout"))
            let stderr = try Data(contentsOf: folder.appendingPathComponent("stderr"))
            try? FileManager.default.removeItem(at: folder)
            return Result(
                status: process.terminationStatus,
                stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Starts `kinetix arguments…` (as `run`) without waiting for it.
    package static func start(
        _ arguments: [String], executable: URL = executable, directory: URL = packageRoot,
        environment: [String: String]? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        // Files rather than pipes: a large output can never block the child.
        let folder = try temporaryFolder()
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Running(process: process, folder: folder, out: out, err: err)
    }

    /// A fresh temporary folder.
    package static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
