import Foundation
import KinetixCore

/// Reads a dump of Apple Vision body-pose observations, made on a Mac or iPhone:
///
///     {"format": "vision-body-pose", "width": 1920, "height": 1080,
///      "frames": [{"t": 0.0, "observations": [{"left_forearm_joint": [x, y, confidence], …}]}]}
///
/// Joints use Vision's raw identifiers (`VNHumanBodyPoseObservation.JointName` raw
/// values) or their Swift names, normalized 0…1 with origin lower-left, as Vision
/// reports them. Eye and ear joints are dropped. Several observations in a frame are
/// several people.
///
/// A 3D dump (`VNDetectHumanBodyPose3DRequest`, iOS 17 / macOS 14) has the format
/// `vision-body-pose-3d` and each joint as `[x, y, z]`: the translation of
/// `recognizedPoint(name).position` (metres, relative to the root joint, y up), under
/// `VNHumanBodyPose3DObservation.JointName`'s Swift names:
///
///     {"format": "vision-body-pose-3d",
///      "frames": [{"t": 0.0, "observations": [{"root": [0, 0, 0], "leftKnee": [0.09, -0.45, 0.02], …}]}]}
///
/// `centerShoulder` becomes the neck and `centerHead` stands in for the nose (Vision 3D
/// has none; recorded as `source["nose"]`); `spine` and `topHead` are dropped. Every
/// joint given has confidence 1 (the 3D request gives none per joint). The sidecar's
/// space is `CoordinateSpace.metres(.root)`.
public enum VisionConverter {
    /// The `format` of a 3D dump.
    public static let format3D = "vision-body-pose-3d"

    /// The joint of each `VNHumanBodyPose3DObservation.JointName` that is not a Kinetix
    /// joint's own name.
    static let names3D: [String: Joint] = ["centerShoulder": .neck, "centerHead": .nose]
    /// Vision 3D joints without a Kinetix counterpart: accepted and dropped.
    static let ignored3D: Set<String> = ["spine", "topHead"]

    /// Converts the file at `file`.
    ///
    /// - Throws: `KinetixError`: `.unreadable` when it is missing, `.invalidData` with each
    ///   problem located (with `options.strict`, at the first bad frame).
    public static func convert(file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        let data = try readInput(file, limits: options.limits)
        return try convert(data: data, name: file, options: options)
    }

    /// Converts a Vision dump already in memory; `name` is used in messages.
    public static func convert(data: Data, name file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        let root: JSONValue
        do { root = try JSONValue.parse(data, maxDepth: 16) } catch {
            throw KinetixError(.invalidData, file: file, "not valid JSON: \(error.message)")
        }
        let is3D: Bool
        if case .string(let format)? = root["format"] { is3D = format == format3D } else { is3D = false }
        var width = options.imageSize?.width
        var height = options.imageSize?.height
        if case .number(let w)? = root["width"], case .number(let h)? = root["height"] {
            width = width ?? w
            height = height ?? h
        }
        if is3D { (width, height) = (0, 0) }
        guard let width, let height else {
            throw KinetixError(.invalidData, file: file, "no width/height in the dump: give the image size", setting: .imageSize)
        }
        guard case .array(let items)? = root["frames"] else { throw KinetixError(.invalidData, file: file, "missing \"frames\"") }
        var frames: [DetectedFrame] = []
        var warnings: [Diagnostic] = []
        for (i, item) in items.enumerated() {
            var t: Double?
            if case .number(let v)? = item["t"] { t = v } else if let fps = options.frameRate { t = Double(i) / fps }
            guard let t else {
                let d = Diagnostic(
                    file: file, frameIndex: i, field: "t", message: "missing, and no frame rate given to compute it", setting: .frameRate)
                if options.strict { throw KinetixError(diagnostics: [d]) }
                warnings.append(d)
                continue
            }
            var people: [DetectedPerson] = []
            if case .array(let observations)? = item["observations"] {
                for observation in observations {
                    guard case .object(let members) = observation else { continue }
                    var person = DetectedPerson()
                    for (name, value) in members {
                        guard let joint = is3D ? names3D[name] ?? Joint(name: name) : Joint(name: name) else {
                            if Joint.ignoredVisionNames.contains(name) || (is3D && ignored3D.contains(name)) { continue }
                            let d = Diagnostic(
                                file: file, frameIndex: i, time: t, field: "joint '\(name)'", message: "unknown Vision joint")
                            if options.strict { throw KinetixError(diagnostics: [d]) }
                            warnings.append(d)
                            continue
                        }
                        guard case .array(let p) = value, p.count == 3, case .number(let x) = p[0], case .number(let y) = p[1],
                            case .number(let third) = p[2]
                        else {
                            let d = Diagnostic(
                                file: file, frameIndex: i, time: t, field: "joint '\(name)'",
                                message: is3D ? "expected [x, y, z] in metres" : "expected [x, y, confidence]")
                            if options.strict { throw KinetixError(diagnostics: [d]) }
                            warnings.append(d)
                            continue
                        }
                        if is3D {
                            person.joints[joint] = (Float(x), Float(y), 1)
                            person.depth[joint] = Float(third)
                        } else if third > 0 {
                            person.joints[joint] = (Float(x), Float(y), Float(min(1, third)))
                        }
                    }
                    people.append(person)
                }
            }
            frames.append(DetectedFrame(t: t, number: i, people: people))
        }
        var options = options
        options.inputName = file
        let space = is3D ? CoordinateSpace.metres(.root) : CoordinateSpace(kind: .normalized, width: width, height: height)
        var source = ["detector": is3D ? "VNDetectHumanBodyPose3DRequest" : "VNDetectHumanBodyPoseRequest", "format": "vision"]
        if is3D { source["nose"] = "centerHead" }
        let assembled = try assemble(frames, space: space, source: source, options: options, warnings: &warnings)
        return ConversionResult(assembled, warnings: warnings, inputFiles: [file])
    }
}
