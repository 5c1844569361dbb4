import Foundation
import KinetixCore
import KinetixFormats
import Testing

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
        let body = images.map {
            "{\"image\": \"\($0.name)\", \"width\": \(width), \"height\": 800, \"faces\": [\($0.faces.joined(separator: ","))]}"
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stills-\(UUID().uuidString).json")
        try Data("{\"images\": [\(body.joined(separator: ","))]}".utf8).write(to: url)
        return url.path
    }

    @Test("a face at 1e39 px (past Float's range) is refused naming the landmark, never written as [inf, inf, 1]")
    func infiniteCoordinates() throws {
        let path = try Self.file([("far.jpg", [Self.face(x: 1e39, y: 1e39)])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: KinetixError.self) { try FaceStillsConverter.convert(file: path, options: ConversionOptions()) }
        #expect(
            error?.kind == .invalidData && error?.description.contains("is not a finite position") == true, "\(String(describing: error))")
    }

    @Test("--person N counts faces left to right across the image, whatever the file's order")
    func personLeftToRight() throws {
        // In the file: the right face first, then the left one, then the middle one.
        let path = try Self.file([("three.jpg", [Self.face(x: 800, y: 100), Self.face(x: 100, y: 100), Self.face(x: 450, y: 100)])])
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (k, expected) in [(0, 100.0), (1, 450.0), (2, 800.0)] {
            var options = ConversionOptions()
            options.person = .index(k)
            let s = try FaceStillsConverter.convert(file: path, options: options).sidecar
            let xs = FaceLandmark.allCases.compactMap { s.face?[$0, 0]?.x }
            #expect(
                xs.min().map { abs(Double($0) - expected) < 1 } == true,
                "--person \(k): leftmost landmark at \(String(describing: xs.min()))")
        }
    }

    @Test("a missing --image lists the first ten images and a count, not every name (20,000 images made 409 KB of message)")
    func missingImageListShort() throws {
        let path = try Self.file((0..<2000).map { ("photo\($0).jpg", []) })
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = ConversionOptions()
        options.stillImage = "nobody.jpg"
        let error = #expect(throws: KinetixError.self) { try FaceStillsConverter.convert(file: path, options: options) }
        let text = error?.description ?? ""
        #expect(
            text.contains("no image 'nobody.jpg': the file holds 0 photo0.jpg, 1 photo1.jpg")
                && text.contains("9 photo9.jpg … and 1990 more (0…1999)"), "\(text.prefix(300))")
        #expect(!text.contains("photo10.jpg") && text.utf8.count < 500)
    }
}
