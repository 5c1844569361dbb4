import Foundation
import KinetixCore
import Testing

@testable import KinetixIO

@Suite("Atomic file replacement")
struct AtomicFileTests {
    /// Runs `body` in a new folder holding `out.json` ("old"), with the target and a
    /// temporary file's path beside it; the folder is removed afterwards.
    private func inFolder(_ body: (_ directory: URL, _ target: URL, _ temporary: URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("out.json")
        try Data("old".utf8).write(to: target)
        try body(directory, target, directory.appendingPathComponent(".out.tmp"))
    }

    @Test("a committed writer replaces the target with every piece; nothing else is left")
    func commit() throws {
        try inFolder { directory, target, temporary in
            let writer = try AtomicFile.Writer(temporary: temporary.path, mode: 0o644)
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 700_000)  // past the writeback threshold
            for _ in 0..<3 { try piece.withUnsafeBytes { try writer.append($0) } }
            #expect(try Data(contentsOf: target) == Data("old".utf8), "the target is untouched until the commit")
            try writer.commit(replacing: target.path)
            #expect(try Data(contentsOf: target).count == 2_100_000)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
        }
    }

    @Test("a writer dropped before its commit leaves the target as it was and removes its temporary file")
    func abandon() throws {
        try inFolder { _, target, temporary in
            do {
                let writer = try AtomicFile.Writer(temporary: temporary.path, mode: 0o644)
                try Array("half a report".utf8).withUnsafeBytes { try writer.append($0) }
                #expect(FileManager.default.fileExists(atPath: temporary.path))
            }
            #expect(!FileManager.default.fileExists(atPath: temporary.path))
            #expect(try Data(contentsOf: target) == Data("old".utf8))
        }
    }
}
