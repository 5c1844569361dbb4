import Foundation
import KinetixCore

/// Reads MediaPipe Pose output (33 BlazePose landmarks per frame, optionally the
/// 468-point Face Mesh) from one of two documented layouts:
///
/// - **JSON** (`keypoints-pose-v1`): `{"video": {"fps", "width", "height"}, "frames":
///   [{"i", "t", "mp33": [[x, y, z, visibility] × 33] | null, "face468": [[x, y, z] × 468] | null}]}`
///   in pixels of the full frame, x right, y down.
/// - **CSV**: a header `frame,t,nose_x,nose_y,nose_z,nose_visibility,…` with the four
///   columns for each of the 33 landmarks under their MediaPipe names, x and y
///   normalized 0…1 with origin top-left (as MediaPipe returns them), empty fields
///   for a frame with no detection. Needs `--image-size`.
///
/// Visibility becomes confidence. Neck and root are the shoulder and hip midpoints.
///
/// With `ConversionOptions.worldLandmarks` the JSON layout's `mp33_world` rows
/// (`[X, Y, Z]`, MediaPipe's world landmarks: metres, origin between the hips, y down,
/// z away from the camera) make a 3D clip in `CoordinateSpace.metres(.root)`, turned to
/// y up and z toward the camera (x, −y, −z: still right-handed), with `mp33`'s
/// visibility as confidence.
public enum MediaPipeConverter {
    static let names = [
        "nose", "left_eye_inner", "left_eye", "left_eye_outer", "right_eye_inner", "right_eye", "right_eye_outer",
        "left_ear", "right_ear", "mouth_left", "mouth_right", "left_shoulder", "right_shoulder", "left_elbow",
        "right_elbow", "left_wrist", "right_wrist", "left_pinky", "right_pinky", "left_index", "right_index",
        "left_thumb", "right_thumb", "left_hip", "right_hip", "left_knee", "right_knee", "left_ankle", "right_ankle",
        "left_heel", "right_heel", "left_foot_index", "right_foot_index",
    ]

    /// BlazePose index of each Kinetix joint (MediaPipe's left is the subject's left).
    static let indices: [Joint: Int] = [
        .nose: 0, .leftShoulder: 11, .rightShoulder: 12, .leftElbow: 13, .rightElbow: 14, .leftWrist: 15, .rightWrist: 16,
        .leftHip: 23, .rightHip: 24, .leftKnee: 25, .rightKnee: 26, .leftAnkle: 27, .rightAnkle: 28,
    ]

    /// Face Mesh index of each face landmark (Sidecars/FORMAT.md); pupils only exist
    /// in the refined 478-point mesh.
    static let faceIndices: [FaceLandmark: Int] = [
        .leftBrowInner: 336, .leftBrowCenter: 334, .leftBrowOuter: 300, .rightBrowInner: 107, .rightBrowCenter: 105, .rightBrowOuter: 70,
        .leftEyeInner: 362, .leftEyeOuter: 263, .leftUpperLid: 386, .leftLowerLid: 374, .leftPupil: 473,
        .rightEyeInner: 133, .rightEyeOuter: 33, .rightUpperLid: 159, .rightLowerLid: 145, .rightPupil: 468,
        .noseBridge: 6, .noseTip: 1, .mouthLeft: 291, .mouthRight: 61, .upperLip: 13, .lowerLip: 14, .chin: 152,
    ]

    /// Converts the file at `file`.
    ///
    /// - Throws: `KinetixError`: `.unreadable` when it is missing, `.invalidData` with each
    ///   problem located (with `options.strict`, at the first bad frame).
    public static func convert(file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        let data = try readInput(file, limits: options.limits)
        return try convert(data: data, name: file, options: options)
    }

    /// Converts MediaPipe output already in memory; a `name` ending in `.csv` selects the CSV layout.
    public static func convert(data: Data, name file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        var options = options
        options.inputName = file
        var warnings: [Diagnostic] = []
        let frames: [DetectedFrame]
        let space: CoordinateSpace
        if file.lowercased().hasSuffix(".csv") {
            if options.worldLandmarks {
                throw KinetixError(
                    .unsupported, file: file, "the CSV layout has no world landmarks: use the JSON layout's mp33_world",
                    setting: .worldLandmarks)
            }
            guard let size = options.imageSize else {
                throw KinetixError(
                    .invalidData, file: file, "the CSV layout has normalized coordinates: give the image size", setting: .imageSize)
            }
            space = CoordinateSpace(kind: .pixels, width: size.width, height: size.height)
            frames = try readCSV(
                String(decoding: data, as: UTF8.self), size: size, fps: options.frameRate, file: file, strict: options.strict,
                warnings: &warnings)
        } else {
            let root: JSONValue
            do { root = try JSONValue.parse(data, maxDepth: 16) } catch {
                throw KinetixError(.invalidData, file: file, "not valid JSON: \(error.message)")
            }
            var width = options.imageSize?.width
            var height = options.imageSize?.height
            if case .number(let w)? = root["video"]?["width"], case .number(let h)? = root["video"]?["height"] {
                width = width ?? w
                height = height ?? h
            }
            guard let width, let height else {
                throw KinetixError(.invalidData, file: file, "no video.width/height in the file: give the image size", setting: .imageSize)
            }
            var fps = options.frameRate
            if fps == nil, case .number(let f)? = root["video"]?["fps"], f.isFinite, f > 0 { fps = f }
            options.frameRate = fps  // recorded in the sidecar's source
            space = options.worldLandmarks ? .metres(.root) : CoordinateSpace(kind: .pixels, width: width, height: height)
            guard case .array(let items)? = root["frames"] else {
                throw KinetixError(.invalidData, file: file, "missing \"frames\" (expected the keypoints-pose-v1 layout)")
            }
            var result: [DetectedFrame] = []
            for (i, item) in items.enumerated() {
                do {
                    result.append(try readFrame(item, index: i, fps: fps, world: options.worldLandmarks))
                } catch {
                    var diagnostic = error
                    diagnostic.frameIndex = i
                    if options.strict { throw KinetixError(diagnostics: [diagnostic.inFile(file)]) }
                    warnings.append(diagnostic.inFile(file))
                }
            }
            frames = result
        }
        // Frames are in recording order. One frame with a wrong time is skipped later, as
        // any bad frame; but two frames running on before the latest time reached are times
        // that restart (two recordings joined), which sorting by time would interleave into
        // one clip. Refused, naming where.
        let timed = frames.filter { $0.t.isFinite }
        var latest = 0
        for k in timed.indices.dropFirst() {
            if timed[k].t > timed[latest].t {
                latest = k
                continue
            }
            guard k + 1 < timed.count, timed[k + 1].t > timed[k].t, timed[k + 1].t < timed[latest].t else { continue }
            throw KinetixError(diagnostics: [
                Diagnostic(
                    file: file, frameIndex: timed[k].number, time: timed[k].t, field: "t",
                    message:
                        "the time goes back from \(jsonNumber(timed[latest].t, digits: 6)) s (frame \(timed[latest].number)) to \(jsonNumber(timed[k].t, digits: 6)) s and runs on from there: the times restart, as when two recordings are joined; split the file there"
                )
            ])
        }
        if options.worldLandmarks, !frames.contains(where: { !$0.people.isEmpty }) {
            throw KinetixError(.invalidData, file: file, "no frame has world landmarks (mp33_world)", setting: .worldLandmarks)
        }
        var source = ["detector": "MediaPipe Pose", "format": "mediapipe"]
        if options.worldLandmarks { source["landmarks"] = "world" }
        let assembled = try assemble(frames, space: space, source: source, options: options, warnings: &warnings)
        return ConversionResult(assembled, warnings: warnings, inputFiles: [file])
    }

    static func readFrame(_ item: JSONValue, index: Int, fps: Double?, world: Bool = false) throws(Diagnostic) -> DetectedFrame {
        var t: Double?
        switch item["t"] {
        case .number(let v)?: t = v
        case nil, .null?: break
        case let other?: throw Diagnostic(field: "t", message: "expected a number of seconds, found \(other.kindDescription)")
        }
        var number = index
        if case .number(let v)? = item["i"], let i = Int(checking: v) { number = i }
        if t == nil, let fps { t = Double(number) / fps }
        guard let t else { throw Diagnostic(field: "t", message: "missing, and no fps to compute it") }
        var person = DetectedPerson()
        if case .array(let landmarks)? = item["mp33"] {
            guard landmarks.count == 33 else { throw Diagnostic(field: "mp33", message: "\(landmarks.count) landmarks; BlazePose has 33") }
            var worldRows: [JSONValue] = []
            if world, case .array(let rows)? = item["mp33_world"] {
                guard rows.count == 33 else { throw Diagnostic(field: "mp33_world", message: "\(rows.count) landmarks; BlazePose has 33") }
                worldRows = rows
            }
            for (joint, i) in indices {
                guard case .array(let p) = landmarks[i], p.count >= 2, case .number(let x) = p[0], case .number(let y) = p[1] else {
                    continue
                }
                var c = 1.0
                if p.count >= 4, case .number(let v) = p[3] { c = v }
                guard c > 0 else { continue }
                if world {
                    guard !worldRows.isEmpty else { break }
                    guard case .array(let w) = worldRows[i], w.count >= 3, case .number(let wx) = w[0], case .number(let wy) = w[1],
                        case .number(let wz) = w[2]
                    else {
                        throw Diagnostic(field: "mp33_world[\(i)]", message: "expected [X, Y, Z] in metres")
                    }
                    person.joints[joint] = (Float(wx), Float(-wy), Float(min(1, c)))
                    person.depth[joint] = Float(-wz)
                } else {
                    person.joints[joint] = (Float(x), Float(y), Float(min(1, c)))
                }
            }
        }
        if !world, case .array(let mesh)? = item["face468"], mesh.count >= 468 {
            for (landmark, i) in faceIndices where i < mesh.count {
                guard case .array(let p) = mesh[i], p.count >= 2, case .number(let x) = p[0], case .number(let y) = p[1] else { continue }
                person.face[landmark] = (Float(x), Float(y), 1)
            }
        }
        let people = person.joints.isEmpty && person.face.isEmpty ? [] : [person]
        return DetectedFrame(t: t, number: number, people: people)
    }

    static func readCSV(
        _ text: String, size: ImageSize, fps: Double?, file: String, strict: Bool,
        warnings: inout [Diagnostic]
    ) throws(KinetixError) -> [DetectedFrame] {
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard !lines.isEmpty else { throw KinetixError(.invalidData, file: file, "the file is empty") }
        let header = lines.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let frameColumn = header.firstIndex(of: "frame") else {
            throw KinetixError(.invalidData, file: file, "line 1: the header needs a 'frame' column")
        }
        let timeColumn = header.firstIndex(of: "t")
        if timeColumn == nil, fps == nil {
            throw KinetixError(.invalidData, file: file, "line 1: no 't' column: give the frame rate", setting: .frameRate)
        }
        var columns: [Joint: (x: Int, y: Int, v: Int?)] = [:]
        for (joint, i) in indices {
            let name = names[i]
            guard let x = header.firstIndex(of: "\(name)_x"), let y = header.firstIndex(of: "\(name)_y") else {
                throw KinetixError(.invalidData, file: file, "line 1: missing columns \(name)_x and \(name)_y")
            }
            columns[joint] = (x, y, header.firstIndex(of: "\(name)_visibility"))
        }
        var frames: [DetectedFrame] = []
        for (offset, line) in lines.enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let lineNumber = offset + 2
            guard fields.count == header.count else {
                let diagnostic = Diagnostic(
                    file: file, line: lineNumber, column: 1, message: "\(fields.count) fields, the header has \(header.count)")
                if strict { throw KinetixError(diagnostics: [diagnostic]) }
                warnings.append(diagnostic)
                continue
            }
            guard let number = Int(fields[frameColumn]) else {
                let diagnostic = Diagnostic(
                    file: file, line: lineNumber, column: 1, field: "frame", message: "'\(fields[frameColumn])' is not a frame number")
                if strict { throw KinetixError(diagnostics: [diagnostic]) }
                warnings.append(diagnostic)
                continue
            }
            let t = timeColumn.flatMap { Double(fields[$0]) } ?? Double(number) / (fps ?? Sidecar.fallbackFrameRate)
            var person = DetectedPerson()
            for (joint, c) in columns {
                guard let x = Double(fields[c.x]), let y = Double(fields[c.y]), x.isFinite, y.isFinite else { continue }
                let visibility = c.v.flatMap { Double(fields[$0]) } ?? 1
                if visibility > 0 { person.joints[joint] = (Float(x * size.width), Float(y * size.height), Float(min(1, visibility))) }
            }
            frames.append(DetectedFrame(t: t, number: number, people: person.joints.isEmpty ? [] : [person]))
        }
        return frames
    }
}
