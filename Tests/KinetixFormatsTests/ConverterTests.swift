import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixFormats

func options(fps: Double = 30, size: (Double, Double)? = (1920, 1080), model: String? = nil, person: PersonSelection = .largest)
    -> ConversionOptions
{
    var o = ConversionOptions()
    o.frameRate = fps
    o.imageSize = size.map { ImageSize(width: $0.0, height: $0.1) }
    o.model = model.map { OpenPoseConverter.Model(name: $0)! }
    o.person = person
    return o
}

/// The known pose's angles: left elbow 60°, left knee 30°, the others straight.
func expectKnownAngles(_ sidecar: Sidecar, frame: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
    let angles = AngleSeries(sidecar)
    #expect(abs(angles[.leftElbow, frame] - 60) < 0.05, sourceLocation: sourceLocation)
    #expect(abs(angles[.leftKnee, frame] - 30) < 0.05, sourceLocation: sourceLocation)
    #expect(abs(angles[.rightElbow, frame]) < 0.05, sourceLocation: sourceLocation)
    #expect(abs(angles[.rightKnee, frame]) < 0.05, sourceLocation: sourceLocation)
}

@Suite("OpenPose")
struct OpenPoseTests {
    @Test("BODY_25 and BODY_25B are detected and mapped to the right joints", arguments: ["body25", "body25b"])
    func models(_ model: String) throws {
        let folder = try openPoseFolder((0..<3).map { _ in [openPoseKeypoints(knownPosePixels(), model: model)] })
        let result = try OpenPoseConverter.convert(folder: folder, options: options())
        #expect(result.sidecar.source["detector"] == "OpenPose \(model.uppercased())")
        let expected: [Double] = [0, 0.033333, 0.066667]
        #expect(result.sidecar.times == expected)
        expectKnownAngles(result.sidecar)
        #expect(result.sidecar.joints[.root, 0] != nil, "BODY_25B has no mid-hip: it is synthesized")
    }

    @Test("a model is named by a stable identifier, or by OpenPose's own name")
    func modelNames() {
        #expect(OpenPoseConverter.Model.allCases.map(\.rawValue) == ["body25", "body25b", "coco18"])
        #expect(OpenPoseConverter.Model(name: "BODY_25") == .body25 && OpenPoseConverter.Model(name: "BODY_25B") == .body25b)
        #expect(OpenPoseConverter.Model(name: "COCO-18") == .coco18 && OpenPoseConverter.Model(name: "coco18") == .coco18)
        #expect(OpenPoseConverter.Model(name: "body") == nil && OpenPoseConverter.Model(name: "") == nil)
    }

    @Test("a file of one model converted as the other fails loudly", arguments: [("body25", "body25b"), ("body25b", "body25")])
    func wrongModel(_ written: String, _ forced: String) throws {
        let folder = try openPoseFolder((0..<3).map { _ in [openPoseKeypoints(knownPosePixels(), model: written)] })
        #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: folder, options: options(model: forced)) }
        do { _ = try OpenPoseConverter.convert(folder: folder, options: options(model: forced)) } catch {
            #expect(
                error.description.contains("the body model \(forced) contradicts the keypoints, which look like \(written.uppercased())"))
        }
    }

    @Test("frame numbers come from file names, gaps in numbering are kept")
    func frameNumbers() throws {
        let numbers = [3, 4, 7]
        let folder = try openPoseFolder(
            numbers.map { _ in [openPoseKeypoints(knownPosePixels(), model: "body25")] },
            name: { "cam01.\(String(format: "%04d", numbers[$0])).json" })
        let sidecar = try OpenPoseConverter.convert(folder: folder, options: options(fps: 60)).sidecar
        #expect(sidecar.times == [0.05, 0.066667, 0.116667])
    }

    @Test("0,0,0 is not detected; a bad file is reported and skipped, or fatal with --strict")
    func missingAndBad() throws {
        var frames = (0..<4).map { _ in [openPoseKeypoints(knownPosePixels(), model: "body25", missing: [.leftWrist])] }
        frames[2] = [[1, 2]]  // not a whole number of triples
        let folder = try openPoseFolder(frames)
        let result = try OpenPoseConverter.convert(folder: folder, options: options())
        #expect(result.sidecar.frameCount == 3)
        #expect(result.sidecar.joints[.leftWrist, 0] == nil)
        #expect(AngleSeries(result.sidecar)[.leftElbow, 0].isNaN)
        #expect(
            result.warnings.contains {
                $0.description.contains("_000000000002_keypoints.json: people[0].pose_keypoints_2d: 2 numbers is not a whole number")
            })
        var strict = options()
        strict.strict = true
        #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: folder, options: strict) }
    }

    @Test("fps is required, an image size not recorded is inferred; a missing folder is unreadable")
    func required() throws {
        let folder = try openPoseFolder([[openPoseKeypoints(knownPosePixels(), model: "body25")]])
        #expect(throws: KinetixError(.invalidData, file: folder, "OpenPose files have no times: give the frame rate", setting: .frameRate))
        {
            try OpenPoseConverter.convert(folder: folder, options: ConversionOptions())
        }
        do { _ = try OpenPoseConverter.convert(folder: "/nonexistent", options: options()) } catch { #expect(error.kind == .unreadable) }
        var noSize = ConversionOptions()
        noSize.frameRate = 30
        let inferred = try OpenPoseConverter.convert(folder: folder, options: noSize)
        #expect(inferred.sidecar.source["imageSize"] == "inferred" && inferred.warnings.contains { $0.setting == .imageSize })
        let given = try OpenPoseConverter.convert(folder: folder, options: options())
        #expect(AngleSeries(inferred.sidecar) == AngleSeries(given.sidecar), "angles do not depend on the image size")
    }
}

@Suite("Person selection")
struct PersonSelectionTests {
    /// Two people, the big one on the left and a small one on the right, listed in an
    /// order that changes every frame.
    func twoPeople(frames: Int = 6) -> [[[Double]]] {
        (0..<frames).map { i in
            let big = openPoseKeypoints(knownPosePixels(scale: 60, dx: -400 + Double(i) * 5), model: "body25")
            let small = openPoseKeypoints(knownPosePixels(scale: 30, dx: 400), model: "body25")
            return i % 2 == 0 ? [big, small] : [small, big]
        }
    }

    @Test("the largest person is chosen and followed, whatever the listing order")
    func largest() throws {
        let sidecar = try OpenPoseConverter.convert(folder: try openPoseFolder(twoPeople()), options: options()).sidecar
        for frame in 0..<sidecar.frameCount {
            #expect(sidecar.joints[.root, frame]!.x < 960, "frame \(frame) stays on the big person at the left")
        }
    }

    @Test("--person 1 picks the second person of the first frame and follows them")
    func index() throws {
        let sidecar = try OpenPoseConverter.convert(folder: try openPoseFolder(twoPeople()), options: options(person: .index(1))).sidecar
        for frame in 0..<sidecar.frameCount { #expect(sidecar.joints[.root, frame]!.x > 960) }
    }

    @Test("a frame with more people than the limit is reported and left empty")
    func tooManyPeople() throws {
        var o = options()
        o.maxPeople = 1
        var frames = twoPeople(frames: 3)
        frames[1] = [frames[1][0]]
        let result = try OpenPoseConverter.convert(folder: try openPoseFolder(frames), options: o)
        #expect(result.warnings.contains { $0.description.contains("2 people, more than the limit of 1") })
        #expect(result.sidecar.joints[.root, 0] == nil && result.sidecar.joints[.root, 1] != nil)
        // With every frame over the limit, the error names the limit.
        #expect(throws: KinetixError.self) { try OpenPoseConverter.convert(folder: try openPoseFolder(twoPeople(frames: 3)), options: o) }
    }

    @Test("a lost person is reported, and not replaced by someone else at once")
    func lost() throws {
        var frames = twoPeople(frames: 8)
        frames[3] = [openPoseKeypoints(knownPosePixels(scale: 30, dx: 400), model: "body25")]  // only the small one
        let result = try OpenPoseConverter.convert(folder: try openPoseFolder(frames), options: options())
        #expect(result.sidecar.joints[.root, 3] == nil)
        #expect(
            result.warnings.contains {
                $0.description.contains("frame 3") && $0.description.contains("the chosen person was lost until frame 4")
            })
        #expect(result.sidecar.joints[.root, 4]!.x < 960)
    }
}

@Suite("COCO-17, MediaPipe and Vision")
struct OtherFormatTests {
    @Test("COCO-17: frame from image_id, neck and root synthesized with the smaller confidence")
    func coco() throws {
        let pose = knownPosePixels()
        let order: [Joint?] = [
            .nose, nil, nil, nil, nil, .leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist,
            .rightWrist, .leftHip, .rightHip, .leftKnee, .rightKnee, .leftAnkle, .rightAnkle,
        ]
        func keypoints(_ confidenceOfLeftShoulder: Double) -> String {
            order.map { joint -> String in
                guard let joint, let p = pose[joint] else { return "0, 0, 0" }
                return "\(p.x), \(p.y), \(joint == .leftShoulder ? confidenceOfLeftShoulder : 0.9)"
            }.joined(separator: ", ")
        }
        let text =
            "[{\"image_id\": \"000002.jpg\", \"category_id\": 1, \"keypoints\": [\(keypoints(0.5))], \"score\": 0.9},"
            + " {\"image_id\": \"000001.jpg\", \"category_id\": 1, \"keypoints\": [\(keypoints(0.8))], \"score\": 0.9}]"
        let sidecar = try COCO17Converter.convert(file: try temporaryFile(text), options: options(fps: 25)).sidecar
        #expect(sidecar.times == [0.04, 0.08])
        expectKnownAngles(sidecar)
        #expect(sidecar.joints[.neck, 1]!.confidence == 0.5)
        #expect(sidecar.joints[.neck, 0]!.y == Float(pose[.leftShoulder]!.y))
    }

    @Test("MediaPipe JSON (keypoints-pose-v1) with the face mesh, and the CSV layout")
    func mediapipe() throws {
        let pose = knownPosePixels(height: 720)
        var mp33 = Array(repeating: "[0, 0, 0, 0]", count: 33)
        for (joint, index) in MediaPipeConverter.indices { if let p = pose[joint] { mp33[index] = "[\(p.x), \(p.y), -10, 0.95]" } }
        var mesh = Array(repeating: "[0, 0, 0]", count: 468)
        mesh[291] = "[1000, 400, 0]"
        mesh[61] = "[920, 401, 0]"
        let json =
            "{\"format\": \"keypoints-pose-v1\", \"video\": {\"fps\": 30, \"width\": 1920, \"height\": 720}, \"frames\": ["
            + "{\"i\": 0, \"t\": 0.0, \"mp33\": [\(mp33.joined(separator: ", "))], \"face468\": [\(mesh.joined(separator: ", "))]},"
            + "{\"i\": 1, \"t\": 0.0333, \"mp33\": null, \"face468\": null}]}"
        let sidecar = try MediaPipeConverter.convert(file: try temporaryFile(json), options: ConversionOptions()).sidecar
        #expect(sidecar.space == CoordinateSpace(kind: .pixels, width: 1920, height: 720))
        expectKnownAngles(sidecar)
        #expect(sidecar.face?[.mouthLeft, 0]?.x == 1000 && sidecar.face?[.mouthRight, 0]?.x == 920)
        #expect(sidecar.joints[.nose, 1] == nil, "a frame with no detection is kept, with nobody in it")

        let names = MediaPipeConverter.names
        var header = ["frame", "t"]
        for name in names { header += ["\(name)_x", "\(name)_y", "\(name)_z", "\(name)_visibility"] }
        var row = ["0", "0.0"]
        for index in 0..<33 {
            let joint = MediaPipeConverter.indices.first { $0.value == index }?.key
            if let joint, let p = pose[joint] { row += ["\(p.x / 1920)", "\(p.y / 720)", "0", "0.9"] } else { row += ["", "", "", ""] }
        }
        let csv = header.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n"
        let fromCSV = try MediaPipeConverter.convert(file: try temporaryFile(csv, suffix: ".csv"), options: options(size: (1920, 720)))
            .sidecar
        expectKnownAngles(fromCSV)
    }

    @Test("Vision dump: raw identifiers, normalized lower-left on a 16:9 image, eyes dropped")
    func vision() throws {
        let pose = knownPosePixels()
        let joints = pose.map { joint, p in "\"\(joint.visionIdentifier)\": [\(p.x / 1920), \(1 - p.y / 1080), 0.8]" }
        let text =
            "{\"format\": \"vision-body-pose\", \"width\": 1920, \"height\": 1080, \"frames\": [{\"t\": 0.5, \"observations\": [{"
            + joints.joined(separator: ", ") + ", \"left_eye_joint\": [0.5, 0.5, 0.9]}]}]}"
        let sidecar = try VisionConverter.convert(file: try temporaryFile(text), options: ConversionOptions()).sidecar
        #expect(sidecar.space.kind == .normalized)
        expectKnownAngles(sidecar)
    }
}

@Suite("Clip operations")
struct ClipOperationTests {
    let clip: Sidecar = {
        var o = SynthOptions()
        o.motion = .routine
        o.durationSeconds = 4
        o.dropout = 0.05
        return Synth.sidecar(o)
    }()

    @Test("round trips: mirror twice, shift there and back, trim keeps what it keeps")
    func roundTrips() {
        let twice = clip.mirrored().mirrored()
        #expect(twice.joints.confidence == clip.joints.confidence)
        let back = clip.shifted(bySeconds: 2.5).shifted(bySeconds: -2.5)
        #expect(zip(back.times, clip.times).allSatisfy { abs($0 - $1) < 1e-9 })
        let trimmed = clip.trimmed(from: 1, to: 2)
        #expect(trimmed.times.first! >= 1 && trimmed.times.last! <= 2)
        #expect(trimmed.frameCount == 31)
        let first = clip.times.firstIndex { $0 >= 1 }!
        #expect(trimmed.joints[.leftKnee, 0]! == clip.joints[.leftKnee, first]!)
        #expect(trimmed.validate().isEmpty && back.validate().isEmpty && twice.validate().isEmpty)
    }

    @Test("resample to a new rate keeps the motion and the clip's span")
    func resample() throws {
        let resampled = try clip.resampled(rate: 60)
        #expect(resampled.frameCount == 241)
        #expect(resampled.validate().isEmpty)
        let a = AngleSeries(clip)
        let b = AngleSeries(resampled)
        // Every other frame of the 60 fps clip is a 30 fps frame: same angles.
        #expect(abs(a[.leftShoulder, 30] - b[.leftShoulder, 60]) < 1e-3 || (a[.leftShoulder, 30].isNaN && b[.leftShoulder, 60].isNaN))
    }

    @Test("merge adds face landmarks where times match")
    func merge() {
        var face = SynthOptions()
        face.motion = .face
        face.durationSeconds = 4
        face.cameraDistanceMeters = 0.45
        let (merged, matched) = clip.mergingFace(from: Synth.sidecar(face))
        #expect(matched == clip.frameCount)
        #expect(merged.face != nil && merged.validate().isEmpty)
        #expect(merged.joints == clip.joints)
    }

    @Test("OpenSim .mot export: header, time column, degrees, NaN for missing")
    func mot() {
        let text = MotionFile.write(AngleSeries(clip), name: "clip.json")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "clip.json" && lines.contains("inDegrees=yes") && lines.contains("endheader"))
        let header = lines.firstIndex(of: "endheader")! + 1
        #expect(
            lines[header].hasPrefix(
                "time\tleftElbow\trightElbow\tleftShoulder\trightShoulder\tleftHip\trightHip\tleftKnee\trightKnee\tneck\tknee_angle_r"))
        #expect(lines[header + 1].hasPrefix("0.000000\t"))
        #expect(text.contains("NaN"), "5 % dropout leaves some limbs missing")
        #expect(lines.contains("nRows=\(clip.frameCount)"))
    }
}
