import Foundation
import KinetixCore
import Testing

@testable import KinetixFormats

/// Converters under bad input: one bad frame never sinks a clip, limits are named,
/// and messages give the real cause.
@Suite("Converters under bad input")
struct ConverterHardeningTests {
    static let lateralRaise = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
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

    @Test(
        "a duplicated or unusable time among 540 MediaPipe frames skips that frame, reported, and converts the rest",
        .enabled(if: FileManager.default.fileExists(atPath: lateralRaise.path), "../shared/realdata is absent"),
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

    @Test(
        "convert has the same input limit as the sidecar reader",
        .enabled(if: FileManager.default.fileExists(atPath: lateralRaise.path), "../shared/realdata is absent"))
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
        let error = #expect(throws: KinetixError.self) {
            try OpenPoseConverter.convert(folder: folder, options: options(person: .index(5)))
        }
        #expect(error?.description.contains("never appears (frames have at most 2 people)") == true, "\(error?.description ?? "")")
        #expect(error?.diagnostics.first?.setting == .person)
    }
}

@Suite("Formats recognised by content")
struct FormatRecognitionTests {
    static let realData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("../shared/realdata").standardizedFileURL

    @Test(
        "every real file, the bundled sidecars, a .mot and garbage are told apart",
        .enabled(if: FileManager.default.fileExists(atPath: realData.path), "../shared/realdata is absent"))
    func recognise() throws {
        let r = Self.realData
        #expect(RecognisedInput.recognise(r.appendingPathComponent("openpose_body25b/balancing_cam01").path) == .estimator(.openpose))
        let frameFile = try FileManager.default.contentsOfDirectory(
            atPath: r.appendingPathComponent("openpose_body25b/balancing_cam01").path
        ).first { $0.hasSuffix(".json") }!
        #expect(
            RecognisedInput.recognise(r.appendingPathComponent("openpose_body25b/balancing_cam01/\(frameFile)").path) == .openPoseFrameFile)
        for name in ["balancing_cam02_mediapipe.json", "demo4_walking_mediapipe.json", "hamilton_clip_face_pose_mediapipe.json"] {
            #expect(RecognisedInput.recognise(r.appendingPathComponent("mediapipe/\(name)").path) == .estimator(.mediapipe), "\(name)")
        }
        #expect(RecognisedInput.recognise(r.appendingPathComponent("mediapipe/face_images_mediapipe.json").path) == .estimator(.faceStills))
        #expect(
            RecognisedInput.recognise(Data(#"{"width": 640, "height": 480, "frames": [{"t": 0, "observations": []}]}"#.utf8))
                == .estimator(.vision))
        #expect(RecognisedInput.recognise(Data(#"[{"image_id": 1, "keypoints": [1, 2, 1]}]"#.utf8)) == .estimator(.coco17))
        #expect(RecognisedInput.recognise(Data("frame,t,nose_x,nose_y\n0,0,1,2\n".utf8)) == .estimator(.mediapipe))
        #expect(RecognisedInput.recognise(Data("Coordinates\nversion=1\nendheader\ntime\tleftElbow\n".utf8)) == .openSimMotion)
        #expect(RecognisedInput.recognise(Data(#"{"format": "kinetix-sidecar", "version": 1}"#.utf8)) == .sidecar)
        #expect(RecognisedInput.recognise(Data("hello".utf8)) == .unknown)
    }

    @Test("a dump whose first frames have nobody in them is still recognised (issue 37); a truncated later frame does not hide the format")
    func emptyFirstFrames() {
        let empty = Array(repeating: #"{"i": 0, "t": 0.0}"#, count: 20).joined(separator: ", ")
        #expect(
            RecognisedInput.recognise(
                Data(#"{"video": {"fps": 30}, "frames": [\#(empty), {"i": 20, "t": 0.66, "mp33": [[1, 2, 0, 0.9]]}]}"#.utf8))
                == .estimator(.mediapipe))
        #expect(
            RecognisedInput.recognise(Data(#"{"width": 640, "frames": [{"t": 0}, {"t": 0.1, "observations": []}]}"#.utf8))
                == .estimator(.vision))
        #expect(
            RecognisedInput.recognise(Data(#"{"frames": [{"i": 0, "mp33": [[1, 2, 0, 0.9]]}, {"i": 1, "mp33": [[1, 2"#.utf8))
                == .estimator(.mediapipe))
        let beyond = Array(repeating: #"{"i": 0}"#, count: JSONShape.itemsLooked).joined(separator: ", ")
        #expect(
            RecognisedInput.recognise(Data(#"{"frames": [\#(beyond), {"mp33": []}]}"#.utf8)) == .unknown,
            "only the first 64 frames are looked at")
    }

    @Test("a MediaPipe face-only dump keeps its faces")
    func faceOnly() throws {
        var frames: [String] = []
        for i in 0..<20 {
            let mesh = (0..<468).map { k in "[\(300 + Double(k % 20) * 5 + Double(i) * 0.1), \(400 + Double(k / 20) * 5)]" }.joined(
                separator: ", ")
            frames.append(#"{"i": \#(i), "t": \#(Double(i) / 30), "face468": [\#(mesh)]}"#)
        }
        let text =
            #"{"format": "keypoints-pose-v1", "video": {"fps": 30, "width": 1280, "height": 720}, "frames": [\#(frames.joined(separator: ", "))]}"#
        let result = try MediaPipeConverter.convert(data: Data(text.utf8), name: "face.json", options: ConversionOptions())
        #expect(result.sidecar.face != nil && result.sidecar.frameCount == 20)
    }
}

@Suite("OpenSim export")
struct MotionExportTests {
    @Test("OpenSim-named columns follow OpenSim's conventions beside the nine Kinetix angles")
    func columns() throws {
        var options = SynthOptions()
        options.motion = .squat
        options.view = .side
        let angles = AngleSeries(Synth.sidecar(options))
        let lines = MotionFile.write(angles, name: "squat.mot").split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex(of: "endheader"))
        let names = lines[header + 1].split(separator: "\t").map(String.init)
        #expect(
            names == ["time"] + Limb.allCases.map(\.name) + [
                "knee_angle_r", "knee_angle_l", "elbow_flex_r", "elbow_flex_l",
                "hip_flexion_r", "hip_flexion_l", "arm_flex_r", "arm_flex_l",
            ])
        let row = lines[header + 1 + 40].split(separator: "\t").map { Float($0) ?? .nan }
        func value(_ name: String) -> Float { row[names.firstIndex(of: name)!] }
        #expect(value("knee_angle_r") == value("rightKnee") && value("elbow_flex_l") == value("leftElbow"))
        #expect(abs(value("arm_flex_r") - (180 - value("rightShoulder"))) < 1e-3, "0 with the arm hanging")
    }

    @Test("gap filling bridges short gaps only; the low-pass keeps a slow movement and never fills")
    func filtering() {
        var options = SynthOptions()
        options.motion = .squat
        options.noisePixels = 3
        var angles = AngleSeries(Synth.sidecar(options))
        for f in 100..<103 { angles[.leftKnee, f] = .nan }  // 0.1 s
        for f in 200..<230 { angles[.leftKnee, f] = .nan }  // 1 s
        let filled = angles.fillingGaps(upTo: 0.2)
        #expect(!(100..<103).contains { filled[.leftKnee, $0].isNaN } && (200..<230).allSatisfy { filled[.leftKnee, $0].isNaN })
        let smooth = angles.lowPassed(cutoffHertz: 6)
        #expect((200..<230).allSatisfy { smooth[.leftKnee, $0].isNaN })
        // Smoother: frame-to-frame differences shrink.
        func roughness(_ a: AngleSeries) -> Float { (1..<90).map { abs(a[.rightKnee, $0] - a[.rightKnee, $0 - 1]) }.reduce(0, +) }
        #expect(roughness(smooth) < roughness(angles))
    }
}
