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
    /// MediaPipe Face Mesh on still images (`keypoints-face-v1`): no time axis.
    case stillImages
    /// Nothing Kinetix reads.
    case unknown

    /// In words, for messages: "MediaPipe output", "an OpenSim motion file (.mot)".
    public var description: String {
        switch self {
        case .estimator(.openpose): "a folder of OpenPose frame files"
        case .estimator(.coco17): "COCO-17 keypoint results (MMPose, RTMPose, AlphaPose)"
        case .estimator(.mediapipe): "MediaPipe output"
        case .estimator(.vision): "an Apple Vision body-pose dump"
        case .sidecar: "a Kinetix sidecar"
        case .openPoseFrameFile: "a single OpenPose frame file"
        case .openSimMotion: "an OpenSim motion file (.mot)"
        case .stillImages: "MediaPipe Face Mesh on still images (no frames over time)"
        case .unknown: "not a format Kinetix reads"
        }
    }

    /// What to do with it, for messages.
    public var advice: String {
        switch self {
        case .estimator(let format): "convert it first: kinetix convert --from \(format.rawValue) <input> -o sidecar.json"
        case .sidecar: "it needs no conversion: use it as it is"
        case .openPoseFrameFile: "give the folder that holds all the frame files"
        case .openSimMotion: "it holds angles, not keypoints; Kinetix reads keypoint sidecars"
        case .stillImages: "Kinetix analyses clips over time"
        case .unknown: "the formats are listed by 'kinetix convert --help'"
        }
    }

    /// Recognises the file or folder at `path` (reading at most `limits.maxFileBytes`).
    public static func recognise(_ path: String, limits: SidecarLimits = .default) -> RecognisedInput {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .unknown }
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard let first = names.filter({ $0.hasSuffix(".json") }).sorted().first,
                  let data = try? readInput((path as NSString).appendingPathComponent(first), limits: limits) else { return .unknown }
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
            if head.contains("endheader") { return .openSimMotion }
            let header = trimmed.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
            if header.contains("frame") && header.contains("_x") { return .estimator(.mediapipe) }
            return .unknown
        }
        guard let root = try? JSONValue.parse(data) else { return .unknown }
        switch root {
        case .object:
            if case .string(let format)? = root["format"] {
                if format == Sidecar.formatName { return .sidecar }
                if format.hasPrefix("keypoints-face") { return .stillImages }
                if format.hasPrefix("keypoints-pose") { return .estimator(.mediapipe) }
            }
            if root["people"] != nil { return .openPoseFrameFile }
            if root["annotations"] != nil { return .estimator(.coco17) }
            if case .array(let frames)? = root["frames"], let frame = frames.first {
                if frame["mp33"] != nil || frame["face468"] != nil { return .estimator(.mediapipe) }
                if frame["observations"] != nil { return .estimator(.vision) }
            }
            return .unknown
        case .array(let items):
            if let item = items.first, item["keypoints"] != nil, item["image_id"] != nil { return .estimator(.coco17) }
            return .unknown
        default:
            return .unknown
        }
    }
}
