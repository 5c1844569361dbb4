import Foundation
import KinetixCore
import KinetixFormats
import KinetixProfiles

/// The yardstick for counting: real exercise videos filmed by others
/// (`../shared/realdata/exercises`: MediaPipe keypoints, every rep's frames counted by
/// eye in `labels.json`), read where they are, never copied into the repository. The
/// benchmark (`kinetix-bench realclips`) and the system tests score against the same
/// labels with the same rules.
public struct RealClip: Sendable {
    /// One labelled rep, in the video's frame numbers.
    public struct LabelledRep: Sendable {
        /// Where it leaves rest, reaches its far end (bottom or top), and is back.
        public var start: Int, extreme: Int, end: Int
    }

    /// The clip's name (`squat_front_goblet`).
    public var name: String
    /// The exercise (`squat`, `lunge`, `push-up`, `biceps curl`, …).
    public var exercise: String
    /// The view, as labelled (`front`, `side (the person faces right)`, …).
    public var view: String
    /// Full reps inside the clip.
    public var trueReps: Int
    /// Counts also accepted: where a rep is cut by the clip, or one arm counted alone.
    public var acceptable: [Int]
    /// The reps, in frame numbers of the video.
    public var reps: [LabelledRep]
    /// The video's frame rate.
    public var fps: Double
    /// The keypoint file.
    public var keypoints: URL

    /// True when `count` is the true count or an accepted one.
    public func accepts(_ count: Int) -> Bool { count == trueReps || acceptable.contains(count) }

    /// The clip as a user has it: converted as `kinetix convert --from mediapipe`
    /// converts it, written as a sidecar and read back.
    public func clip() throws -> ClipInput {
        var options = ConversionOptions()
        options.inputName = keypoints.path
        let converted = try MediaPipeConverter.convert(file: keypoints.path, options: options).checkedForFaults(repairSwaps: false)
        return try ClipInput(decoding: converted.result.sidecar.encoded(), name: name + ".json", role: "sidecar")
    }
}

public enum RealClips {
    /// `$KINETIX_EXERCISES`, else `../shared/realdata/exercises` beside the package (or the
    /// working directory); nil when neither exists.
    public static var folder: URL? {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["KINETIX_EXERCISES"],
            package.deletingLastPathComponent().appendingPathComponent("shared/realdata/exercises").path,
            FileManager.default.currentDirectoryPath + "/../shared/realdata/exercises",
        ]
        for case let path? in candidates where FileManager.default.fileExists(atPath: path + "/labels.json") {
            return URL(fileURLWithPath: path)
        }
        return nil
    }

    /// Whether the clips are there (a trait's condition: tests that read them are skipped without them).
    public static var available: Bool { folder != nil }

    /// Every labelled clip, in the labels' order.
    public static func load() throws -> [RealClip] {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        let data = try Data(contentsOf: folder.appendingPathComponent("labels.json"))
        guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let clips = top["clips"] as? [String: Any]
        else { throw CocoaError(.fileReadCorruptFile) }
        // JSONSerialization loses the file's order: the clips are read in its text order.
        let text = String(decoding: data, as: UTF8.self)
        let names = clips.keys.sorted {
            (text.range(of: "\"\($0)\": {")?.lowerBound ?? text.endIndex) < (text.range(of: "\"\($1)\": {")?.lowerBound ?? text.endIndex)
        }
        return names.compactMap { name -> RealClip? in
            guard let c = clips[name] as? [String: Any], let file = c["keypoints_file"] as? String,
                let video = c["video"] as? [String: Any], let fps = video["fps"] as? Double
            else { return nil }
            let reps = (c["reps"] as? [[String: Any]] ?? []).compactMap { r -> RealClip.LabelledRep? in
                guard let start = r["start"] as? Int, let end = r["end"] as? Int, let key = (r["bottom"] ?? r["top"]) as? Int else {
                    return nil
                }
                return RealClip.LabelledRep(start: start, extreme: key, end: end)
            }
            return RealClip(
                name: name, exercise: c["exercise"] as? String ?? "", view: c["view"] as? String ?? "",
                trueReps: c["true_reps"] as? Int ?? reps.count, acceptable: c["acceptable_counts"] as? [Int] ?? [],
                reps: reps, fps: fps, keypoints: folder.appendingPathComponent(file))
        }
    }

    /// The clip named `name`.
    public static func clip(_ name: String) throws -> RealClip {
        guard let clip = try load().first(where: { $0.name == name }) else { throw CocoaError(.fileNoSuchFile) }
        return clip
    }

    /// The clips set aside before the counter was written (the benchmark reports them
    /// apart): one of each exercise with two clips, and the three exercises with one. The
    /// first complete demonstration survey counted all nine right; its later rules were
    /// tuned looking at all 18 clips.
    public static let heldOut: Set<String> = [
        "squat_oblique_bodyweight", "squat_side_barbell_front", "lunge_side_static_bodyweight", "pushup_side_decline",
        "curl_side_alternating", "press_seated_dumbbell", "situp_side", "jumping_jacks_front_outdoor", "deadlift_side",
    ]
}

/// How a count of reps compares with a clip's labels.
public struct RepScore: Sendable {
    /// Reps counted (nil: the result was void).
    public var count: Int?
    /// The true count and the accepted ones.
    public var clip: RealClip
    /// For each labelled rep matched by a counted one (the counted rep whose far end lies
    /// inside it, nearest its labelled far end): the errors in frames of start, far end, end.
    public var boundaryErrors: [(start: Int, extreme: Int, end: Int)]

    /// Counted exactly the true number, or an accepted one.
    public var isRight: Bool { count.map(clip.accepts) ?? false }
    /// Within one of the true number (or of an accepted one).
    public var isOffByAtMostOne: Bool {
        guard let count else { return false }
        return ([clip.trueReps] + clip.acceptable).contains { abs($0 - count) <= 1 }
    }

    /// Scores reps given as times (seconds: start, far end, end) on `clip`.
    public init(reps: [(start: Double, extreme: Double, end: Double)]?, clip: RealClip) {
        self.clip = clip
        count = reps?.count
        var errors: [(Int, Int, Int)] = []
        for label in clip.reps {
            let candidates = (reps ?? []).filter {
                $0.extreme * clip.fps >= Double(label.start) - 0.5 && $0.extreme * clip.fps <= Double(label.end) + 0.5
            }
            guard
                let best = candidates.min(by: {
                    abs($0.extreme * clip.fps - Double(label.extreme)) < abs($1.extreme * clip.fps - Double(label.extreme))
                })
            else { continue }
            func frames(_ t: Double, _ f: Int) -> Int { Int((t * clip.fps - Double(f)).rounded()) }
            errors.append((frames(best.start, label.start), frames(best.extreme, label.extreme), frames(best.end, label.end)))
        }
        boundaryErrors = errors
    }

    /// Scores an assessment's reps.
    public init(_ assessment: Assessment, clip: RealClip) {
        self.init(
            reps: assessment.status == .void ? nil : assessment.reps.map { ($0.start, $0.extreme ?? ($0.start + $0.end) / 2, $0.end) },
            clip: clip)
    }
}
