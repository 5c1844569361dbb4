import Foundation
import Testing

/// Every public declaration of the libraries carries a doc comment (its contract and
/// units), so an app developer reading the API never meets a bare name.
@Suite("Public API documentation")
struct PublicAPIDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("every public declaration in the libraries has a doc comment")
    func documented() throws {
        var undocumented: [String] = []
        var declarations = 0
        let sources = Self.root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = url.path.dropFirst(sources.path.count + 1)
            guard url.pathExtension == "swift", relative.hasPrefix("Kinetix") else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.range(of: #"^(@\w+\s+)*public\s"#, options: .regularExpression) != nil,
                    text.range(
                        of: #"static func ==|var description: String|public extension|^public init\(\) \{\}"#, options: .regularExpression)
                        == nil
                else { continue }
                declarations += 1
                var previous = index - 1
                while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                if previous < 0 || !lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    undocumented.append("\(relative):\(index + 1): \(text.prefix(80))")
                }
            }
        }
        #expect(declarations > 300, "the scan found the public API")
        #expect(undocumented.isEmpty, "undocumented:\n\(undocumented.joined(separator: "\n"))")
    }
}
