import Foundation
import KinetixCore
import KinetixFormats
import Testing
import _KinetixTestSupport

/// The known pose (left elbow 60°, left knee 30°) in metres, turned `yaw` degrees about
/// the vertical: its 3D angles stay 60° and 30° while a camera's projection shrinks them.
func knownPoseMetres(yaw: Double = 60) -> [Joint: (x: Double, y: Double, z: Double)] {
    let r = yaw * .pi / 180
    return KnownPose.upright(leftElbow: 60, leftKnee: 30).mapValues { p in
        (0.2 * p.x * cos(r), 1 + 0.2 * p.y, -2 + 0.2 * p.x * sin(r))
    }
}

/// A `.trc` of `frames` copies of `pose`, markers named by `name` (nil: left out), in `units`.
func trcText(
    _ pose: [Joint: (x: Double, y: Double, z: Double)], frames: Int = 3, units: String = "m", scale: Double = 1,
    name: (Joint) -> String? = { TRCMarkers.name(of: $0) }, extra: [String] = []
) -> String {
    let joints = Joint.allCases.filter { name($0) != nil }
    let markers = joints.map { name($0)! } + extra
    var text = "PathFileType\t4\t(X/Y/Z)\ttest.trc\n"
    text += "DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames\n"
    text += "50\t50\t\(frames)\t\(markers.count)\t\(units)\t50\t1\t\(frames)\n"
    text += "Frame#\tTime\t" + markers.map { $0 + "\t\t" }.joined(separator: "\t") + "\n"
    text += "\t\t" + markers.indices.map { "X\($0 + 1)\tY\($0 + 1)\tZ\($0 + 1)" }.joined(separator: "\t") + "\n"
    for f in 0..<frames {
        let cells =
            joints.map { j in [pose[j]!.x, pose[j]!.y, pose[j]!.z].map { String($0 * scale) }.joined(separator: "\t") }
            + extra.map { _ in "1\t2\t3" }
        text += "\(f + 1)\t\(Double(f) / 50)\t" + cells.joined(separator: "\t") + "\n"
    }
    return text
}

@Suite("3D converters: .trc, MediaPipe world landmarks, Vision 3D")
struct ThreeDConverterTests {
    func expect3DKnownAngles(_ sidecar: Sidecar, sourceLocation: SourceLocation = #_sourceLocation) {
        let angles = AngleSeries(sidecar)
        #expect(angles.dimensions == .three, sourceLocation: sourceLocation)
        #expect(abs(angles[.leftElbow, 0] - 60) < 0.05, "\(angles[.leftElbow, 0])", sourceLocation: sourceLocation)
        #expect(abs(angles[.leftKnee, 0] - 30) < 0.05, "\(angles[.leftKnee, 0])", sourceLocation: sourceLocation)
        // The projection onto x–y does not see them (the body is turned 60° from the camera).
        let flat = AngleSeries(sidecar.droppingDepth())
        #expect(abs(flat[.leftElbow, 0] - 60) > 5, sourceLocation: sourceLocation)
    }

    @Test(".trc in millimetres with Pose2Sim's names: metres, world frame, 3D angles, toes ignored")
    func trcMillimetres() throws {
        let text = trcText(knownPoseMetres(), units: "mm", scale: 1000, extra: ["LBigToe", "RHeel"])
        #expect(RecognisedInput.recognise(Data(text.utf8)) == .estimator(.trc))
        let result = try TRCConverter.convert(file: try temporaryFile(text, suffix: ".trc"), options: ConversionOptions())
        let s = result.sidecar
        #expect(s.space == .metres(.world))
        #expect(s.frameCount == 3 && s.times == [0, 0.02, 0.04])
        #expect(s.source["ignoredMarkers"] == "LBigToe,RHeel" && s.source["units"] == "mm" && s.source["fps"] == "50")
        let knee = knownPoseMetres()[.leftKnee]!
        #expect(abs(Double(s.joints.depth(.leftKnee, 1)) - knee.z) < 1e-6 && abs(Double(s.joints[.leftKnee, 1]!.y) - knee.y) < 1e-6)
        expect3DKnownAngles(s)
        #expect(s.validate().isEmpty)
    }

    @Test("other spellings (OpenCap's _study, Left/Right words), a Head for the nose, root from the hips")
    func trcSpellings() throws {
        let spelled: (Joint) -> String? = { joint in
            switch joint {
            case .nose: "Head"
            case .root: nil
            case .leftKnee: "L_knee_study"
            case .rightKnee: "RightKnee"
            default: TRCMarkers.name(of: joint)
            }
        }
        let s = try TRCConverter.convert(
            file: try temporaryFile(trcText(knownPoseMetres(), name: spelled), suffix: ".trc"),
            options: ConversionOptions()
        ).sidecar
        #expect(s.source["nose"] == "Head")
        let pose = knownPoseMetres()
        #expect(abs(Double(s.joints[.root, 0]!.x) - (pose[.leftHip]!.x + pose[.rightHip]!.x) / 2) < 1e-6)
        #expect(abs(Double(s.joints.depth(.root, 0)) - (pose[.leftHip]!.z + pose[.rightHip]!.z) / 2) < 1e-6)
        expect3DKnownAngles(s)
    }

    @Test("bad .trc: units, no known marker, a row with a marker missing")
    func trcBadInput() throws {
        func error(_ text: String) -> String {
            do {
                _ = try TRCConverter.convert(data: Data(text.utf8), name: "bad.trc", options: ConversionOptions())
                return ""
            } catch { return error.description }
        }
        #expect(
            error(trcText(knownPoseMetres(), units: "furlong")).contains("bad.trc: line 3, column 1: Units: 'furlong' is not a length unit")
        )
        #expect(error(trcText(knownPoseMetres(), name: { _ in nil }, extra: ["LBigToe"])).contains("none of the markers (LBigToe)"))
        #expect(error("Frame#\tTime\n").contains("first line should start with PathFileType"))
        // A row with the knee's fields empty: the knee is not tracked there, the rest is.
        var lines = trcText(knownPoseMetres()).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var cells = lines[6].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let column = 2 + 3 * Joint.leftKnee.rawValue
        cells[column] = ""
        cells[column + 1] = "NaN"
        lines[6] = cells.joined(separator: "\t")
        let s = try TRCConverter.convert(data: Data(lines.joined(separator: "\n").utf8), name: "gap.trc", options: ConversionOptions())
            .sidecar
        #expect(s.joints[.leftKnee, 1] == nil && s.joints[.leftKnee, 0] != nil && s.joints[.leftHip, 1] != nil)
        #expect(s.joints.depth(.leftKnee, 1).isNaN)
    }

    @Test(".trc export round-trips a 3D clip to a micrometre; a 2D clip is written in pixels, y up")
    func trcExport() throws {
        var o = SynthOptions()
        o.spaceKind = .metres
        o.durationSeconds = 1
        o.dropout = 0.05
        let clip = Synth.sidecar(o)
        let text = TRCFile.write(clip, name: "clip.trc")
        let back = try TRCConverter.convert(data: Data(text.utf8), name: "clip.trc", options: ConversionOptions()).sidecar
        #expect(back.frameCount == clip.frameCount && back.space == clip.space)
        // Tracked where the clip was; a missing neck or root comes back as the shoulders' or hips' midpoint.
        for joint in Joint.allCases where joint != .neck && joint != .root {
            #expect((0..<clip.frameCount).allSatisfy { (back.joints[joint, $0] == nil) == (clip.joints[joint, $0] == nil) }, "\(joint)")
        }
        for i in clip.joints.x.indices where clip.joints.confidence[i] > 0 && back.joints.confidence[i] > 0 {
            #expect(abs(back.joints.x[i] - clip.joints.x[i]) < 1e-6 && abs(back.joints.z![i] - clip.joints.z![i]) < 1e-6)
        }
        #expect(zip(back.times, clip.times).allSatisfy { abs($0 - $1) < 1e-6 })

        var flat = SynthOptions()
        flat.durationSeconds = 0.2
        let pixels = Synth.sidecar(flat)
        let rows = TRCFile.write(pixels, name: "flat.trc").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        #expect(rows[2][4] == "px")
        let nose = pixels.joints[.nose, 0]!
        #expect(
            Float(rows[5][2])! == nose.x && abs(Float(rows[5][3])! - (Float(pixels.space.height) - nose.y)) < 1e-3
                && rows[5][4] == "0.000000")
        // Read back (every file Kinetix writes, Kinetix reads): the same 2D pixel clip, given
        // its image size; without it, the markers' extent, said, and the same angles.
        var sized = ConversionOptions()
        sized.imageSize = ImageSize(width: pixels.space.width, height: pixels.space.height)
        let back2D = try TRCConverter.convert(data: Data(TRCFile.write(pixels, name: "f").utf8), name: "f.trc", options: sized)
        #expect(back2D.sidecar.space == pixels.space && back2D.sidecar.frameCount == pixels.frameCount)
        for i in pixels.joints.x.indices where pixels.joints.confidence[i] > 0 {
            #expect(
                abs(back2D.sidecar.joints.x[i] - pixels.joints.x[i]) < 1e-3 && abs(back2D.sidecar.joints.y[i] - pixels.joints.y[i]) < 1e-3)
        }
        let unsized = try TRCConverter.convert(
            data: Data(TRCFile.write(pixels, name: "f").utf8), name: "f.trc", options: ConversionOptions())
        #expect(unsized.warnings.contains { $0.message.contains("inferred") } && unsized.sidecar.source["imageSize"] == "inferred")
        let (a, b) = (AngleSeries(pixels), AngleSeries(unsized.sidecar))
        #expect(zip(a.values, b.values).allSatisfy { $0.isNaN ? $1.isNaN : abs($0 - $1) < 0.01 })
        // A unit that is no length and no image unit is still refused, naming it.
        let inches = TRCFile.write(pixels, name: "f").replacingOccurrences(of: "\tpx\t", with: "\tin\t")
        #expect(throws: KinetixError.self) {
            try TRCConverter.convert(data: Data(inches.utf8), name: "f.trc", options: ConversionOptions())
        }
    }

    @Test("MediaPipe world landmarks: y and z turned to y up, z toward the camera, root frame")
    func mediaPipeWorld() throws {
        let pose = knownPoseMetres()
        var image = Array(repeating: "[0, 0, 0, 0]", count: 33)
        var world = Array(repeating: "[0, 0, 0]", count: 33)
        for (joint, i) in [
            Joint.nose: 0, .leftShoulder: 11, .rightShoulder: 12, .leftElbow: 13, .rightElbow: 14, .leftWrist: 15, .rightWrist: 16,
            .leftHip: 23, .rightHip: 24, .leftKnee: 25, .rightKnee: 26, .leftAnkle: 27, .rightAnkle: 28,
        ] {
            let p = pose[joint]!
            image[i] = "[\(500 + 100 * p.x), \(500 - 100 * p.y), 0, 0.9]"
            world[i] = "[\(p.x), \(-p.y), \(-p.z)]"
        }
        let text =
            #"{"format": "keypoints-pose-v1", "video": {"fps": 30, "width": 1080, "height": 1920}, "frames": [{"i": 0, "t": 0, "mp33": ["#
            + image.joined(separator: ", ") + #"], "mp33_world": ["# + world.joined(separator: ", ") + "]}]}"
        var options = ConversionOptions()
        options.worldLandmarks = true
        let s = try MediaPipeConverter.convert(data: Data(text.utf8), name: "mp.json", options: options).sidecar
        #expect(s.space == .metres(.root) && s.source["landmarks"] == "world")
        #expect(
            abs(Double(s.joints[.leftKnee, 0]!.y) - pose[.leftKnee]!.y) < 1e-6
                && abs(Double(s.joints.depth(.leftKnee, 0)) - pose[.leftKnee]!.z) < 1e-6)
        #expect(s.joints[.leftKnee, 0]!.confidence == 0.9)
        expect3DKnownAngles(s)
        // Without --world the same file is 2D pixels; the CSV layout has no world landmarks.
        #expect(
            try MediaPipeConverter.convert(data: Data(text.utf8), name: "mp.json", options: ConversionOptions()).sidecar.space.kind
                == .pixels)
        #expect(throws: KinetixError.self) {
            try MediaPipeConverter.convert(data: Data("frame,t\n".utf8), name: "mp.csv", options: options)
        }
    }

    @Test("Vision 3D dump: Swift joint names, centerShoulder the neck, centerHead the nose, spine dropped")
    func vision3D() throws {
        var pose = knownPoseMetres()
        let neck = pose.removeValue(forKey: .neck)!
        let nose = pose.removeValue(forKey: .nose)!
        var joints = pose.map { joint, p in "\"\(joint.name)\": [\(p.x), \(p.y), \(p.z)]" }
        joints += [
            "\"centerShoulder\": [\(neck.x), \(neck.y), \(neck.z)]", "\"centerHead\": [\(nose.x), \(nose.y), \(nose.z)]",
            "\"spine\": [0, 1.2, -2]", "\"topHead\": [0, 2, -2]",
        ]
        let text = #"{"format": "vision-body-pose-3d", "frames": [{"t": 0, "observations": [{"# + joints.joined(separator: ", ") + "}]}]}"
        #expect(RecognisedInput.recognise(Data(text.utf8)) == .estimator(.vision))
        let result = try VisionConverter.convert(data: Data(text.utf8), name: "v3d.json", options: ConversionOptions())
        let s = result.sidecar
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(s.space == .metres(.root) && s.source["nose"] == "centerHead" && s.source["detector"] == "VNDetectHumanBodyPose3DRequest")
        #expect(abs(Double(s.joints[.neck, 0]!.y) - neck.y) < 1e-6)
        expect3DKnownAngles(s)
        // A joint with two numbers is named with its frame.
        let bad = text.replacingOccurrences(
            of: "\"centerHead\": [\(nose.x), \(nose.y), \(nose.z)]", with: "\"centerHead\": [\(nose.x), \(nose.y)]")
        #expect(bad != text)
        var strict = ConversionOptions()
        strict.strict = true
        #expect(throws: KinetixError.self) { try VisionConverter.convert(data: Data(bad.utf8), name: "v3d.json", options: strict) }
    }
}
