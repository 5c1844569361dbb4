import Foundation
import KinetixCore

/// Reads a folder of OpenPose `--write_json` files, one per frame.
///
/// The frame number is the last run of digits in a file's name
/// (`clip_000000000042_keypoints.json`, `cam01.0042.json`) and t = number / fps.
/// Coordinates are pixels, origin top-left; `0,0,0` is a keypoint not detected.
public enum OpenPoseConverter {
    /// The OpenPose body models, with the index of each Kinetix joint. The raw value is
    /// the stable identifier (`body25`, `body25b`, `coco18`).
    public enum Model: String, CaseIterable, Sendable {
        case body25, body25b, coco18

        /// The model a person names, as OpenPose writes it or as Kinetix does, in any
        /// case (`BODY_25`, `body25b`, `COCO18`); nil for anything else.
        public init?(name: String) {
            self.init(rawValue: name.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: ""))
        }

        var keypointCount: Int { self == .coco18 ? 18 : 25 }

        /// Kinetix joint → keypoint index; neck and root may be synthesized.
        var indices: [Joint: Int] {
            switch self {
            case .body25:
                [
                    .nose: 0, .neck: 1, .rightShoulder: 2, .rightElbow: 3, .rightWrist: 4, .leftShoulder: 5, .leftElbow: 6,
                    .leftWrist: 7, .root: 8, .rightHip: 9, .rightKnee: 10, .rightAnkle: 11, .leftHip: 12, .leftKnee: 13, .leftAnkle: 14,
                ]
            case .body25b:
                // COCO order for 0–16, 17 neck, 18 head; no mid-hip (root is synthesized).
                [
                    .nose: 0, .leftShoulder: 5, .rightShoulder: 6, .leftElbow: 7, .rightElbow: 8, .leftWrist: 9, .rightWrist: 10,
                    .leftHip: 11, .rightHip: 12, .leftKnee: 13, .rightKnee: 14, .leftAnkle: 15, .rightAnkle: 16, .neck: 17,
                ]
            case .coco18:
                [
                    .nose: 0, .neck: 1, .rightShoulder: 2, .rightElbow: 3, .rightWrist: 4, .leftShoulder: 5, .leftElbow: 6,
                    .leftWrist: 7, .rightHip: 8, .rightKnee: 9, .rightAnkle: 10, .leftHip: 11, .leftKnee: 12, .leftAnkle: 13,
                ]
            }
        }
    }

    /// Converts the folder of per-frame files at `folder`.
    ///
    /// - Throws: `KinetixError`: `.unreadable` when it is missing, `.invalidData` with each
    ///   problem located (with `options.strict`, at the first bad frame).
    public static func convert(folder: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw KinetixError(.unreadable, file: folder, "no such folder")
        }
        guard isDirectory.boolValue else {
            throw KinetixError(.invalidData, file: folder, "OpenPose writes one JSON file per frame: give the folder that holds them")
        }
        guard let fps = options.frameRate else {
            throw KinetixError(.invalidData, file: folder, "OpenPose files have no times: give the frame rate", setting: .frameRate)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
        var numbered: [(number: Int, name: String)] = []
        var warnings: [Diagnostic] = []
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                warnings.append(Diagnostic(file: path, message: "skipped: a symbolic link (only files in the folder itself are read)"))
                continue
            }
            guard let number = frameNumber(name) else {
                warnings.append(
                    Diagnostic(
                        file: (folder as NSString).appendingPathComponent(name), message: "skipped: no frame number in the file name"))
                continue
            }
            numbered.append((number, name))
        }
        numbered.sort { $0.number < $1.number }
        if let duplicate = zip(numbered, numbered.dropFirst()).first(where: { $0.number == $1.number }) {
            throw KinetixError(
                .invalidData, file: folder, "two files have frame number \(duplicate.0.number): \(duplicate.0.name) and \(duplicate.1.name)"
            )
        }
        guard !numbered.isEmpty else { throw KinetixError(.invalidData, file: folder, "no OpenPose .json files in this folder") }

        // Read every frame's people as raw keypoint lists first; the model is decided from all of them.
        var raw: [(number: Int, file: String, people: [(keypoints: [Float], id: Int?)])] = []
        var inputFiles: [String] = []
        var totalBytes = 0
        for (number, name) in numbered {
            let path = (folder as NSString).appendingPathComponent(name)
            inputFiles.append(path)
            let data = try readInput(path, limits: options.limits)
            totalBytes += data.count
            if totalBytes > options.limits.maxFileBytes {
                throw KinetixError(
                    .limitExceeded, file: folder,
                    "the folder's files are over the input limit of \(options.limits.maxFileBytes >> 20) MiB together",
                    setting: .maxInputBytes)
            }
            var people: [(keypoints: [Float], id: Int?)]
            do throws(Diagnostic) {
                people = try readPeople(data: data)
            } catch {
                if options.strict { throw KinetixError(diagnostics: [error.inFile(path)]) }
                warnings.append(error.inFile(path))
                continue
            }
            if people.count > options.maxPeople {
                // Over the limit: a bad frame, named as such, never a model question.
                let diagnostic = Diagnostic(
                    file: path, message: "\(people.count) people, more than the limit of \(options.maxPeople) per frame; frame skipped")
                if options.strict { throw KinetixError(diagnostics: [diagnostic]) }
                warnings.append(diagnostic)
                people = []
            }
            raw.append((number, path, people))
        }
        // Say what is wrong with the files before asking which model they are.
        guard !raw.isEmpty else {
            throw KinetixError(
                kind: .invalidData,
                diagnostics: [
                    Diagnostic(file: folder, message: "none of the \(numbered.count) .json files could be read as OpenPose output")
                ]
                    + warnings.filter { $0.file != folder }.prefix(5))
        }
        guard raw.contains(where: { !$0.people.isEmpty }) else {
            let skipped = raw.count < numbered.count ? " (\(numbered.count - raw.count) could not be read)" : ""
            let limited =
                warnings.contains { $0.message.contains("more than the limit of") }
                ? "; frames over the limit of \(options.maxPeople) people were skipped" : ""
            throw KinetixError(.invalidData, file: folder, "nobody was detected in any of the \(raw.count) frames read\(skipped)\(limited)")
        }
        let counts = Set(raw.flatMap { $0.people.map { $0.keypoints.count / 3 } })
        guard counts.count <= 1 else {
            throw KinetixError(
                .invalidData, file: folder,
                "people have different keypoint counts (\(counts.sorted().map(String.init).joined(separator: ", "))): mixed models?")
        }
        let model = try decideModel(
            keypointCount: counts.first ?? 25, people: raw.flatMap { $0.people.map(\.keypoints) },
            forced: options.model, folder: folder, warnings: &warnings)
        var frames: [DetectedFrame] = []
        for entry in raw {
            let people = entry.people.map { person -> DetectedPerson in
                var detected = DetectedPerson(id: person.id)
                for (joint, index) in model.indices {
                    let c = person.keypoints[3 * index + 2]
                    if c > 0 { detected.joints[joint] = (person.keypoints[3 * index], person.keypoints[3 * index + 1], c) }
                }
                return detected
            }
            frames.append(DetectedFrame(t: (Double(entry.number) / fps * 1e6).rounded() / 1e6, number: entry.number, people: people))
        }
        var options = options
        options.inputName = folder
        var source = ["detector": "OpenPose \(model.rawValue.uppercased())", "format": "openpose"]
        let size = imageSize(options, frames: frames, file: folder, warnings: &warnings, source: &source)
        let assembled = try assemble(
            frames, space: CoordinateSpace(kind: .pixels, width: size.width, height: size.height),
            source: source, options: options, warnings: &warnings)
        return ConversionResult(assembled, warnings: warnings, inputFiles: inputFiles)
    }

    /// The last run of digits in a file name, ignoring the extension.
    static func frameNumber(_ name: String) -> Int? {
        let stem = name.replacingOccurrences(of: "_keypoints", with: "").replacingOccurrences(of: ".json", with: "")
        var digits = ""
        for c in stem.reversed() {
            if c.isNumber { digits.insert(c, at: digits.startIndex) } else if !digits.isEmpty { break }
        }
        return digits.isEmpty ? nil : Int(digits)
    }

    /// The people of one file: `pose_keypoints_2d` and `person_id`.
    /// The people of one OpenPose frame file's bytes.
    public static func readPeople(data: Data) throws(Diagnostic) -> [(keypoints: [Float], id: Int?)] {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw Diagnostic(message: "not valid JSON: \(error.message)") }
        guard case .array(let people)? = root["people"] else {
            throw Diagnostic(field: "people", message: "missing (is this a file OpenPose wrote with --write_json?)")
        }
        var result: [(keypoints: [Float], id: Int?)] = []
        for (i, person) in people.enumerated() {
            guard case .array(let values)? = person["pose_keypoints_2d"] else {
                throw Diagnostic(field: "people[\(i)].pose_keypoints_2d", message: "missing")
            }
            var keypoints: [Float] = []
            for (k, value) in values.enumerated() {
                guard case .number(let v) = value, v.isFinite else {
                    throw Diagnostic(
                        field: "people[\(i)].pose_keypoints_2d[\(k)]", message: "expected a number, found \(value.kindDescription)")
                }
                keypoints.append(Float(v))
            }
            guard keypoints.count % 3 == 0, !keypoints.isEmpty else {
                throw Diagnostic(
                    field: "people[\(i)].pose_keypoints_2d",
                    message: "\(keypoints.count) numbers is not a whole number of [x, y, c] triples")
            }
            var id: Int?
            if case .array(let ids)? = person["person_id"], case .number(let v)? = ids.first, v >= 0 { id = Int(checking: v) }
            result.append((keypoints, id))
        }
        return result
    }

    /// Chooses the model: 18 keypoints is COCO-18; 25 is BODY_25 or BODY_25B, told
    /// apart by anatomy (BODY_25's keypoint 1 is the neck, midway between shoulders 2
    /// and 5; BODY_25B's neck is keypoint 17, midway between shoulders 5 and 6). A forced
    /// model that the keypoints contradict is an error, never a silent joint swap.
    @_spi(Fuzzing) public static func decideModel(
        keypointCount: Int, people: [[Float]], forced forcedModel: Model?, folder: String,
        warnings: inout [Diagnostic]
    ) throws(KinetixError) -> Model {
        if keypointCount == 18 {
            if let forcedModel, forcedModel != .coco18 {
                throw KinetixError(
                    .invalidData, file: folder,
                    "the files have 18 keypoints per person (COCO-18), not \(forcedModel.rawValue.uppercased())'s 25")
            }
            return .coco18
        }
        guard keypointCount == 25 else {
            throw KinetixError(
                .invalidData, file: folder,
                "\(keypointCount) keypoints per person is not a body model Kinetix reads (BODY_25, BODY_25B, COCO-18)")
        }
        // How well each model's anatomy fits: BODY_25's neck (1) and mid-hip (8) sit midway
        // between its shoulders (2, 5) and hips (9, 12); BODY_25B's neck (17) midway between
        // its shoulders (5, 6). On real BODY_25B output the first fits at 0.57–1.26 shoulder
        // widths and the second at 0.17–0.27; a model is taken when it fits within 0.4 and
        // at least twice as well as the other.
        let body25 = mean([midpointResidual(people, point: 1, between: 2, and: 5), midpointResidual(people, point: 8, between: 9, and: 12)])
        let body25b = midpointResidual(people, point: 17, between: 5, and: 6)
        let detected: Model? = {
            switch (body25, body25b) {
            case (let a?, let b?):
                if a < 0.4 && b > 2 * a { return .body25 }
                if b < 0.4 && a > 2 * b { return .body25b }
                return nil
            // A keypoint never detected cannot vote: BODY_25B's neck is nearly always
            // there, BODY_25's ear (its keypoint 17) often is not.
            case (let a?, nil): return a < 0.25 ? .body25 : nil
            case (nil, let b?): return b < 0.25 ? .body25b : nil
            case (nil, nil): return nil
            }
        }()
        if let forcedModel {
            if let detected, detected != forcedModel {
                throw KinetixError(
                    .invalidData, file: folder,
                    "the body model \(forcedModel.rawValue) contradicts the keypoints, which look like \(detected.rawValue.uppercased()) "
                        + "(its neck keypoint sits midway between the shoulders); converting would swap joints. Give \(detected.rawValue) or leave the model out.",
                    setting: .estimatorModel)
            }
            if detected == nil {
                warnings.append(
                    Diagnostic(
                        file: folder, message: "could not confirm the model from the keypoints; using \(forcedModel.rawValue) as given"))
            }
            return forcedModel
        }
        guard let detected else {
            let why =
                body25 == nil && body25b == nil
                ? "no person has the shoulders and a neck keypoint detected together, which is what tells them apart"
                : "the keypoints do not tell which"
            throw KinetixError(
                .invalidData, file: folder, "25 keypoints could be BODY_25 or BODY_25B and \(why); give the model (body25 or body25b)",
                setting: .estimatorModel)
        }
        return detected
    }

    static func mean(_ values: [Float?]) -> Float? {
        let present = values.compactMap { $0 }
        return present.isEmpty ? nil : present.reduce(0, +) / Float(present.count)
    }

    /// The median distance of keypoint `point` from the midpoint of `a` and `b`, in
    /// units of |a − b|, over people where all three are detected; nil with none.
    static func midpointResidual(_ people: [[Float]], point: Int, between a: Int, and b: Int) -> Float? {
        var residuals: [Float] = []
        let needed = 3 * max(point, a, b) + 3
        for k in people where k.count >= needed && k[3 * point + 2] > 0 && k[3 * a + 2] > 0 && k[3 * b + 2] > 0 {
            let mx = (k[3 * a] + k[3 * b]) / 2
            let my = (k[3 * a + 1] + k[3 * b + 1]) / 2
            let width = hypot(k[3 * a] - k[3 * b], k[3 * a + 1] - k[3 * b + 1])
            guard width > 0 else { continue }
            residuals.append(hypot(k[3 * point] - mx, k[3 * point + 1] - my) / width)
        }
        guard !residuals.isEmpty else { return nil }
        return residuals.sorted()[residuals.count / 2]
    }
}

extension Diagnostic {
    init(field: String? = nil, message: String, frame: Int? = nil) {
        self.init(file: nil, frameIndex: frame, time: nil, line: nil, column: nil, field: field, message: message)
    }
}
