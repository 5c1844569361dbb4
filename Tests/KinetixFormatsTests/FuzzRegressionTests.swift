import Foundation
import Testing
@testable import KinetixFormats
import KinetixCore

/// Inputs that once crashed a fuzz harness (Tests/Fuzz/Regressions), replayed through
/// the same entry points. Each must now finish, with a result or an error.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Regressions")

    static func inputs(_ harness: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(harness).path)) ?? []).sorted()
    }

    @Test("converter inputs", arguments: inputs("converters"))
    func converters(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("converters/\(name)"))
        guard let selector = data.first else { return }
        let body = data.dropFirst()
        var options = ConversionOptions()
        options.frameRate = 30
        options.imageSize = (1920, 1080)
        switch selector % 5 {
        case 0: _ = try? COCO17Converter.convert(data: body, name: name, options: options)
        case 1: _ = try? MediaPipeConverter.convert(data: body, name: "x.json", options: options)
        case 2: _ = try? MediaPipeConverter.convert(data: body, name: "x.csv", options: options)
        case 3: _ = try? VisionConverter.convert(data: body, name: name, options: options)
        default:
            if let people = try? OpenPoseConverter.readPeople(data: Data(body)) {
                var warnings: [Diagnostic] = []
                _ = try? OpenPoseConverter.decideModel(keypointCount: (people.first?.keypoints.count ?? 75) / 3, people: people.map(\.keypoints),
                                                       forced: nil, folder: name, warnings: &warnings)
            }
        }
    }

    @Test("sidecar inputs", arguments: inputs("sidecar"))
    func sidecars(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("sidecar/\(name)"))
        if let sidecar = try? Sidecar.decode(data) { _ = AngleSeries(sidecar); _ = SidecarSummary(sidecar); _ = sidecar.encoded() }
    }

    @Test("there is a regression input for each crash fixed")
    func present() { #expect(!Self.inputs("converters").isEmpty) }
}
