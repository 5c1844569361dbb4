import Foundation
import KinetixCore

/// Reads COCO-format keypoint results as MMPose, RTMPose and AlphaPose write them:
/// a JSON array of `{"image_id": …, "keypoints": [x, y, score] × 17, "score": …}`,
/// one entry per person per image, in pixels with origin top-left.
///
/// The frame is `image_id` (a number, or the last digits of a file name such as
/// `"000042.jpg"`), or `frame_index`/`frame` when present; t = frame / fps. A track id
/// (`track_id`, or AlphaPose's `idx`) lets `--person id:N` follow one person. COCO has
/// no neck or root: both are the midpoints of the shoulders and hips, with the smaller
/// of the two confidences.
public enum COCO17Converter {
    /// COCO's order: 0 nose, 1–4 eyes and ears, 5/6 shoulders, 7/8 elbows, 9/10 wrists,
    /// 11/12 hips, 13/14 knees, 15/16 ankles (left before right).
    static let indices: [Joint: Int] = [
        .nose: 0, .leftShoulder: 5, .rightShoulder: 6, .leftElbow: 7, .rightElbow: 8, .leftWrist: 9, .rightWrist: 10,
        .leftHip: 11, .rightHip: 12, .leftKnee: 13, .rightKnee: 14, .leftAnkle: 15, .rightAnkle: 16,
    ]

    /// Converts the file at `file`.
    ///
    /// - Throws: `KinetixError`: `.unreadable` when it is missing, `.invalidData` with each
    ///   problem located (with `options.strict`, at the first bad frame).
    public static func convert(file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        let data = try readInput(file, limits: options.limits)
        return try convert(data: data, name: file, options: options)
    }

    /// Converts COCO results already in memory; `name` is used in messages.
    public static func convert(data: Data, name file: String, options: ConversionOptions) throws(KinetixError) -> ConversionResult {
        guard let fps = options.frameRate else {
            throw KinetixError(.invalidData, file: file, "COCO results have no times: give the frame rate", setting: .frameRate)
        }
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch { throw KinetixError(.invalidData, file: file, "not valid JSON: \(error.message)") }
        let entries: [JSONValue]
        switch root {
        case .array(let items): entries = items
        case .object: if case .array(let items)? = root["annotations"] { entries = items } else { fallthrough }
        default:
            throw KinetixError(.invalidData, file: file, "expected a JSON array of keypoint results (or an object with \"annotations\")")
        }
        var byFrame: [Int: [DetectedPerson]] = [:]
        var warnings: [Diagnostic] = []
        for (i, entry) in entries.enumerated() {
            do {
                let (frame, person) = try read(entry)
                byFrame[frame, default: []].append(person)
            } catch {
                var diagnostic = error
                diagnostic.field = "[\(i)]" + (diagnostic.field.map { ".\($0)" } ?? "")
                if options.strict { throw KinetixError(diagnostics: [diagnostic.inFile(file)]) }
                warnings.append(diagnostic.inFile(file))
            }
        }
        let frames = byFrame.keys.sorted().map { number in
            DetectedFrame(t: (Double(number) / fps * 1e6).rounded() / 1e6, number: number, people: byFrame[number]!)
        }
        var options = options
        options.inputName = file
        var source = ["detector": "COCO-17 keypoints", "format": "coco17"]
        let size = imageSize(options, frames: frames, file: file, warnings: &warnings, source: &source)
        let assembled = try assemble(
            frames, space: CoordinateSpace(kind: .pixels, width: size.width, height: size.height),
            source: source, options: options, warnings: &warnings)
        return ConversionResult(assembled, warnings: warnings, inputFiles: [file])
    }

    static func read(_ entry: JSONValue) throws(Diagnostic) -> (Int, DetectedPerson) {
        var frame: Int?
        for key in ["frame_index", "frame", "image_id"] {
            switch entry[key] {
            case .number(let v)?: frame = Int(checking: v)
            case .string(let s)?: frame = OpenPoseConverter.frameNumber(s)
            default: continue
            }
            if frame != nil { break }
        }
        guard let frame, frame >= 0 else { throw Diagnostic(field: "image_id", message: "missing, or no frame number in it") }
        guard case .array(let values)? = entry["keypoints"] else { throw Diagnostic(field: "keypoints", message: "missing") }
        guard values.count == 51 else {
            throw Diagnostic(
                field: "keypoints",
                message:
                    "\(values.count) numbers; COCO-17 has 51 ([x, y, score] × 17)\(values.count == 75 ? ": this looks like OpenPose BODY_25" : "")",
                setting: values.count == 75 ? .sourceFormat : nil)
        }
        var k: [Float] = []
        for (i, value) in values.enumerated() {
            guard case .number(let v) = value, v.isFinite else {
                throw Diagnostic(field: "keypoints[\(i)]", message: "expected a number, found \(value.kindDescription)")
            }
            k.append(Float(v))
        }
        var person = DetectedPerson()
        for key in ["track_id", "idx"] {
            if case .number(let v)? = entry[key] {
                person.id = Int(checking: v)
                break
            }
        }
        for (joint, index) in indices where k[3 * index + 2] > 0 {
            person.joints[joint] = (k[3 * index], k[3 * index + 1], min(1, k[3 * index + 2]))
        }
        return (frame, person)
    }
}
