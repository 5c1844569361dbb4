import Foundation
import KinetixCore
import Testing

@testable import KinetixIO

/// `OutputFile.writeAll`: many outputs checked against many inputs (issue 56).
@Suite("Writing a set of outputs")
struct OutputSetTests {
    @Test(
        "200 outputs against 4,000 inputs: the inputs are resolved once, not once per output; an input among the outputs is still refused")
    func inputsResolvedOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = (0..<4000).map { folder.appendingPathComponent("in/\($0).json").path }
        func files(_ prefix: String) -> [(path: String, data: Data)] {
            (0..<200).map { (path: folder.appendingPathComponent("\(prefix)\($0).csv").path, data: Data("\($0)\n".utf8)) }
        }
        // The same set written without inputs and with them: the inputs add their own
        // 4,000 resolutions, not 800,000 (which took seconds).
        var started = Date()
        try OutputFile.writeAll(files("alone"), inputs: [])
        let alone = Date().timeIntervalSince(started)
        started = Date()
        try OutputFile.writeAll(files("checked"), inputs: inputs)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 2 * alone + 1.5, "\(seconds) s with the inputs, \(alone) s without")
        #expect(try String(contentsOfFile: files("checked")[199].path, encoding: .utf8) == "199\n")

        let refused = #expect(throws: KinetixError.self) {
            try OutputFile.writeAll([(folder.appendingPathComponent("x.csv").path, Data()), (inputs[17], Data())], inputs: inputs)
        }
        #expect(refused?.description.contains("refusing to overwrite an input file") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.csv").path), "all or none")
    }
}
