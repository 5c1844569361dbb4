import Foundation
import KinetixCore
import _KinetixTestSupport

/// A pose with known angles (left elbow 60°, left knee 30°, everything else straight)
/// placed in an image, in pixels with y down, scaled by `scale` and moved by `dx`.
func knownPosePixels(scale: Double = 60, dx: Double = 0, height: Double = 1080) -> [Joint: (x: Double, y: Double)] {
    KnownPose.upright(leftElbow: 60, leftKnee: 30).mapValues { p in (960 + dx + scale * p.x, height / 2 - scale * p.y) }
}

/// Keypoints of a pose as an OpenPose model lays them out (0,0,0 where absent).
func openPoseKeypoints(_ pose: [Joint: (x: Double, y: Double)], model: String, missing: Set<Joint> = []) -> [Double] {
    let order: [Joint?]
    if model == "body25" {
        order =
            [
                .nose, .neck, .rightShoulder, .rightElbow, .rightWrist, .leftShoulder, .leftElbow, .leftWrist, .root,
                .rightHip, .rightKnee, .rightAnkle, .leftHip, .leftKnee, .leftAnkle,
            ] + Array(repeating: nil, count: 10)
    } else {
        order =
            [
                .nose, nil, nil, nil, nil, .leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist, .rightWrist,
                .leftHip, .rightHip, .leftKnee, .rightKnee, .leftAnkle, .rightAnkle, .neck,
            ] + Array(repeating: nil, count: 7)
    }
    return order.flatMap { joint -> [Double] in
        guard let joint, !missing.contains(joint), let p = pose[joint] else { return [0, 0, 0] }
        return [p.x, p.y, 0.9]
    }
}

/// A folder of OpenPose files, one per frame; each frame lists `people` (keypoint arrays).
func openPoseFolder(_ frames: [[[Double]]], name: (Int) -> String = { String(format: "clip_%012d_keypoints.json", $0) }) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openpose-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (i, people) in frames.enumerated() {
        let entries = people.map { "{\"person_id\": [-1], \"pose_keypoints_2d\": [\($0.map { String($0) }.joined(separator: ", "))]}" }
        let text = "{\"version\": 1.3, \"people\": [\(entries.joined(separator: ", "))]}"
        try text.write(to: folder.appendingPathComponent(name(i)), atomically: true, encoding: .utf8)
    }
    return folder.path
}

func temporaryFile(_ text: String, suffix: String = ".json") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString)\(suffix)")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}
