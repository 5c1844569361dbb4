import Foundation
import KinetixCore
import Testing

@testable @_spi(Fuzzing) import KinetixFormats

/// Inputs that once crashed a fuzz harness (Tests/Fuzz/Regressions), replayed through
/// the same entry points, each with the outcome its fix gave: an error naming the field,
/// or a result. A new input must be given its expected outcome here.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Fuzz/Regressions")

    static func inputs(_ harness: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(harness).path)) ?? []).sorted()
    }

    /// What each saved input must give: an error whose message contains the text, or a result.
    enum Outcome { case error(containing: String), result }

    static let expected: [String: Outcome] = [
        // trapped converting an image_id of 5.5e60 to an integer
        "converters/coco-huge-image-id": .error(containing: "no frames could be read"),
        "converters/openpose-mixed-keypoint-counts": .error(containing: "keypoints"),  // read out of bounds on the shorter people
        // trapped on Frame# Int.min - 1 (issue 56); the row is now named and left out
        "converters/trc-frame-int-min": .error(containing: "no frames could be read"),
        "sidecar/huge-version.json": .error(containing: "version"),  // trapped converting 1e20 to an integer
        // the version no longer traps; the first located problem is reported
        "sidecar/huge-version-fuzzed": .error(containing: "space.height: missing required field"),
        "sidecar/tiny-interval.json": .error(containing: "less than 1 µs"),  // a 1e-300 s interval: refused, never divided by
    ]

    /// The outcome of one saved input, through the harness's entry point for it.
    static func replay(_ harness: String, _ data: Data) -> Result<Void, KinetixError> {
        do {
            if harness == "sidecar" {
                let sidecar = try Sidecar.decode(data)
                _ = AngleSeries(sidecar)
                _ = SidecarSummary(sidecar)
                _ = sidecar.encoded()
                return .success(())
            }
            guard let selector = data.first else { return .success(()) }
            let body = data.dropFirst()
            var options = ConversionOptions()
            options.frameRate = 30
            options.imageSize = ImageSize(width: 1920, height: 1080)
            options.worldLandmarks = selector >= 128  // MediaPipe's mp33_world
            if selector & 0x40 != 0 { options.person = .everyone }  // everyone followed
            switch selector % 6 {
            case 0: _ = try COCO17Converter.convert(data: body, name: "fuzz.json", options: options)
            case 1: _ = try MediaPipeConverter.convert(data: body, name: "x.json", options: options)
            case 2: _ = try MediaPipeConverter.convert(data: body, name: "x.csv", options: options)
            case 3: _ = try VisionConverter.convert(data: body, name: "fuzz.json", options: options)
            case 5: _ = try TRCConverter.convert(data: body, name: "fuzz.trc", options: options)
            default:
                let people: [(keypoints: [Float], id: Int?)]
                do { people = try OpenPoseConverter.readPeople(data: Data(body)) } catch {
                    return .failure(KinetixError(.invalidData, file: "fuzz.json", error.description))
                }
                var warnings: [Diagnostic] = []
                _ = try OpenPoseConverter.decideModel(
                    keypointCount: (people.first?.keypoints.count ?? 75) / 3, people: people.map(\.keypoints),
                    forced: nil, folder: "fuzz", warnings: &warnings)
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    @Test(
        "each saved input gives the outcome its fix gave",
        arguments: inputs("converters").map { "converters/\($0)" } + inputs("sidecar").map { "sidecar/\($0)" })
    func replayed(_ name: String) throws {
        let expected = try #require(Self.expected[name], "\(name) has no expected outcome in FuzzRegressionTests.expected")
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        switch (expected, Self.replay(String(name.prefix { $0 != "/" }), data)) {
        case (.result, .success): break
        case (.error(let text), .failure(let error)): #expect(error.description.contains(text), "\(name): \(error.description)")
        case (_, let outcome): Issue.record("\(name): expected \(expected), got \(outcome)")
        }
    }

    @Test("every expected outcome has its saved input")
    func present() {
        let saved = Set(Self.inputs("converters").map { "converters/\($0)" } + Self.inputs("sidecar").map { "sidecar/\($0)" })
        #expect(Set(Self.expected.keys) == saved)
    }
}
