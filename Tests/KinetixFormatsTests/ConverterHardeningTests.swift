import Foundation
import Testing
@testable import KinetixFormats
import KinetixCore

/// Converters under bad input: one bad frame never sinks a clip, limits are named,
/// and messages give the real cause.
@Suite("Converters under bad input")
struct ConverterHardeningTests {
    static let lateralRaise = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/realdata/mediapipe/demo5_lateral_raise_mediapipe.json").standardizedFileURL

    /// The real MediaPipe clip with frame `index`'s time replaced by `time` (JSON text).
    func mediaPipe(replacingTimeOf index: Int, with time: String) throws -> Data {
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.lateralRaise)) as? [String: Any])
        var frames = try #require(root["frames"] as? [[String: Any]])
        frames[index]["t"] = "__TIME__"
        root["frames"] = frames
        let text = String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "\"__TIME__\"", with: time).utf8)
    }

    @Test("a duplicated or unusable time among 540 MediaPipe frames skips that frame, reported, and converts the rest",
          arguments: ["0.0", "1e400", "\"soon\""])
    func badTime(_ time: String) throws {
        let data = try mediaPipe(replacingTimeOf: 200, with: time)
        let result = try MediaPipeConverter.convert(data: data, name: "raise.json", options: ConversionOptions())
        #expect(result.sidecar.frameCount == 539)
        #expect(result.warnings.contains { $0.frameIndex == 200 }, "\(result.warnings.map(\.description))")
        var strict = ConversionOptions()
        strict.strict = true
        #expect(throws: KinetixError.self) { try MediaPipeConverter.convert(data: data, name: "raise.json", options: strict) }
    }

    @Test("convert has the same input limit as the sidecar reader")
    func inputLimit() throws {
        var options = ConversionOptions()
        options.limits.maxFileBytes = 1 << 20
        let error = #expect(throws: KinetixError.self) { try MediaPipeConverter.convert(file: Self.lateralRaise.path, options: options) }
        #expect(error?.kind == .limitExceeded && error?.diagnostics.first?.setting == .maxInputBytes)
    }

    @Test("OpenPose folders: nobody, nothing readable or too many people are named as such, never as a model question")
    func openPoseCauses() throws {
        let empty = try openPoseFolder(Array(repeating: [], count: 5))
        let nobody = #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: empty, options: options()) }
        #expect(nobody?.description.contains("nobody was detected in any of the 5 frames") == true, "\(nobody?.description ?? "")")
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("openpose-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        for i in 0..<3 { try Data("{not json".utf8).write(to: broken.appendingPathComponent(String(format: "c_%012d_keypoints.json", i))) }
        let unreadable = #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: broken.path, options: options()) }
        #expect(unreadable?.description.contains("none of the 3 .json files could be read") == true, "\(unreadable?.description ?? "")")
        var crowded = options()
        crowded.maxPeople = 2
        let pose = openPoseKeypoints(knownPosePixels(), model: "body25")
        let folder = try openPoseFolder(Array(repeating: Array(repeating: pose, count: 3), count: 4))
        let limited = #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: folder, options: crowded) }
        #expect(limited?.description.contains("limit of 2 people") == true, "\(limited?.description ?? "")")
    }

    @Test("a person asked for who never appears is an error, not an empty file")
    func missingPerson() throws {
        let pose = openPoseKeypoints(knownPosePixels(), model: "body25")
        let folder = try openPoseFolder(Array(repeating: [pose, pose], count: 5))
        let error = #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: folder, options: options(person: .index(5))) }
        #expect(error?.description.contains("never appears (frames have at most 2 people)") == true, "\(error?.description ?? "")")
        #expect(error?.diagnostics.first?.setting == .person)
    }
}
