import Foundation
import Testing
import KinetixCore
import KinetixFormats

/// Face Mesh on still photos (`keypoints-face-v1`), issue 56.
@Suite("face stills")
struct FaceStillsTests {
    /// A face's 468 landmarks: a small grid around (`x`, `y`), pixels.
    static func face(x: Double, y: Double, size: Double = 40) -> String {
        let points = (0..<468).map { i in "[\(x + Double(i % 22) * size / 22), \(y + Double(i / 22) * size / 22), 0]" }
        return "{\"bbox\": [\(x), \(y), \(x + size), \(y + size)], \"face468\": [\(points.joined(separator: ","))]}"
    }

    /// A file of `images`, each with the faces given.
    static func file(_ images: [(name: String, faces: [String])], width: Double = 1000) throws -> String {
        let body = images.map { "{\"image\": \"\($0.name)\", \"width\": \(width), \"height\": 800, \"faces\": [\($0.faces.joined(separator: ","))]}" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stills-\(UUID().uuidString).json")
        try Data("{\"images\": [\(body.joined(separator: ","))]}".utf8).write(to: url)
        return url.path
    }

    @Test("a face at 1e39 px (past Float's range) is refused naming the landmark, never written as [inf, inf, 1]")
    func infiniteCoordinates() throws {
        let path = try Self.file([("far.jpg", [Self.face(x: 1e39, y: 1e39)])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: KinetixError.self) { try FaceStillsConverter.convert(file: path, options: ConversionOptions()) }
        #expect(error?.kind == .invalidData && error?.description.contains("is not a finite position") == true, "\(String(describing: error))")
    }
}
