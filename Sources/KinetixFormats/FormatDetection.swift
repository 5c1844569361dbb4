import Foundation
import KinetixCore

/// What an input file or folder is, recognised by its content (never by its name alone).
public enum RecognisedInput: Equatable, Sendable, CustomStringConvertible {
    /// Output of an estimator `kinetix convert` reads.
    case estimator(SourceFormat)
    /// Already a Kinetix sidecar.
    case sidecar
    /// A single OpenPose frame file (the converter takes the folder of them).
    case openPoseFrameFile
    /// An OpenSim motion file (`.mot`), such as `kinetix angles --format mot` writes.
    case openSimMotion
    /// Nothing Kinetix reads.
    case unknown

    /// In words, for messages: "MediaPipe output", "an OpenSim motion file (.mot)".
    public var description: String {
        switch self {
        case .estimator(.openpose): "a folder of OpenPose frame files"
        case .estimator(.coco17): "COCO-17 keypoint results (MMPose, RTMPose, AlphaPose)"
        case .estimator(.mediapipe): "MediaPipe output"
        case .estimator(.vision): "an Apple Vision body-pose dump"
        case .estimator(.faceStills): "MediaPipe Face Mesh on still images"
        case .estimator(.trc): "an OpenSim marker file (.trc)"
        case .sidecar: "a Kinetix sidecar"
        case .openPoseFrameFile: "a single OpenPose frame file"
        case .openSimMotion: "an OpenSim motion file (.mot)"
        case .unknown: "not a format Kinetix reads"
        }
    }

    /// Recognises the file or folder at `path` (reading at most `limits.maxFileBytes`).
    public static func recognise(_ path: String, limits: SidecarLimits = .default) -> RecognisedInput {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .unknown }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard let first = names.filter({ $0.hasSuffix(".json") }).sorted().first,
                let data = try? readInput((path as NSString).appendingPathComponent(first), limits: limits)
            else { return .unknown }
            return recognise(data) == .openPoseFrameFile ? .estimator(.openpose) : .unknown
        }
        guard let data = try? readInput(path, limits: limits) else { return .unknown }
        return recognise(data)
    }

    /// Recognises a file's bytes.
    public static func recognise(_ data: Data) -> RecognisedInput {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = trimmed.first else { return .unknown }
        if first != "{" && first != "[" {
            if trimmed.hasPrefix("PathFileType") { return .estimator(.trc) }
            if head.contains("endheader") { return .openSimMotion }
            let header = trimmed.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
            if header.contains("frame") && header.contains("_x") { return .estimator(.mediapipe) }
            return .unknown
        }
        // A streaming look at the top-level keys and the first frame's: constant memory,
        // whatever the file holds (a full parse of a hostile file could take gigabytes).
        guard let shape = try? JSONShape.read(data) else { return .unknown }
        if shape.isArray {
            return shape.firstItemKeys.contains("keypoints") && shape.firstItemKeys.contains("image_id") ? .estimator(.coco17) : .unknown
        }
        if let format = shape.format {
            if format == Sidecar.formatName { return .sidecar }
            if format.hasPrefix("keypoints-face") { return .estimator(.faceStills) }
            if format.hasPrefix("keypoints-pose") { return .estimator(.mediapipe) }
            if format.hasPrefix("vision-body-pose") { return .estimator(.vision) }
        }
        if shape.keys.contains("people") { return .openPoseFrameFile }
        if shape.keys.contains("annotations") { return .estimator(.coco17) }
        if shape.firstItemKeys.contains("mp33") || shape.firstItemKeys.contains("face468") { return .estimator(.mediapipe) }
        if shape.firstItemKeys.contains("observations") { return .estimator(.vision) }
        return .unknown
    }
}

/// The top-level keys of a JSON document and those of its first frames (or first array
/// items), read with the streaming reader without building the document.
struct JSONShape {
    var isArray = false
    var keys: Set<String> = []
    var format: String?
    /// The keys of the first `itemsLooked` frames together: a dump's first frames may have
    /// nobody in them (`{"i": 0, "t": 0}`) and so none of the keys that name the estimator.
    var firstItemKeys: Set<String> = []
    /// How many frames are looked at.
    static let itemsLooked = 64

    static func read(_ data: Data) throws(JSONSyntaxError) -> JSONShape {
        var shape = JSONShape()
        var failure: JSONSyntaxError?
        data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONSyntaxError) {
                switch try reader.peekKind() {
                case .array:
                    shape.isArray = true
                    shape.firstItemKeys = try firstObjectKeys(&reader)
                case .object:
                    try reader.beginObject()
                    var first = true
                    while shape.keys.count < 64, let key = try reader.nextKey(first: &first) {
                        shape.keys.insert(key)
                        if key == "format", try reader.peekKind() == .string {
                            shape.format = try reader.readString()
                        } else if key == "frames", try reader.peekKind() == .array {
                            shape.firstItemKeys = try firstObjectKeys(&reader)
                            return  // enough to tell
                        } else {
                            try reader.skipValue()
                        }
                    }
                default:
                    break
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return shape
    }

    /// The keys of the first `itemsLooked` elements of the array at the reader that are
    /// objects, together (at most 64 keys an element).
    private static func firstObjectKeys(_ reader: inout JSONReader) throws(JSONSyntaxError) -> Set<String> {
        try reader.beginArray()
        var first = true
        var keys: Set<String> = []
        for _ in 0..<itemsLooked {
            do throws(JSONSyntaxError) {
                guard try reader.nextElement(first: &first) else { break }
                guard try reader.peekKind() == .object else {
                    try reader.skipValue()
                    continue
                }
                try reader.beginObject()
                var firstKey = true
                var count = 0
                while let key = try reader.nextKey(first: &firstKey) {
                    if count < 64 { keys.insert(key) }
                    count += 1
                    try reader.skipValue()
                }
            } catch {
                // A later frame broken (a truncated file): what was read still tells the
                // format, and the converter then names the fault with its place.
                if keys.isEmpty { throw error }
                break
            }
        }
        return keys
    }
}
