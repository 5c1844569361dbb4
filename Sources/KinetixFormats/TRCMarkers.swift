import KinetixCore

/// How `.trc` marker names map to the 15 joints, both ways.
///
/// Written: Pose2Sim's names (`Nose`, `Neck`, `LShoulder`, `RShoulder`, `LElbow`,
/// `RElbow`, `LWrist`, `RWrist`, `Hip` for the root, `LHip`, `RHip`, `LKnee`, `RKnee`,
/// `LAnkle`, `RAnkle`), so a Kinetix `.trc` loads where a Pose2Sim one does.
///
/// Read, ignoring case, `_`, `-`, spaces and an OpenCap `_study` suffix: a side
/// (`L`/`Left`, `R`/`Right`) then `Shoulder`, `Elbow`, `Wrist`, `Hip`, `Knee` or
/// `Ankle` (or the mocap abbreviations `SHO`, `ELB`, `WRI`, `KNE`, `ANK`); `Nose`;
/// `Neck`, `Thorax` or `CShoulder` for the neck; `Hip`, `CHip`, `MidHip`, `Pelvis` or
/// `Root` for the root. A `Head` marker stands in for a missing nose (recorded as
/// `source["nose"]`). A missing neck or root becomes the shoulder or hip midpoint.
public enum TRCMarkers {
    /// The marker name written for each joint, in `Joint` order.
    public static func name(of joint: Joint) -> String { written[joint.rawValue] }

    /// The joint a marker name stands for, or nil.
    public static func joint(named marker: String) -> Joint? {
        let key = normalized(marker)
        if let joint = centre[key] { return joint }
        for (prefix, isLeft) in [("left", true), ("right", false), ("l", true), ("r", false)] where key.hasPrefix(prefix) {
            if let part = parts[String(key.dropFirst(prefix.count))] { return isLeft ? part.left : part.right }
        }
        return nil
    }

    /// The marker's name when it is a head marker (top or centre of the head).
    static func headName(_ marker: String) -> String? {
        ["head", "tophead", "centerhead", "centrehead", "headtop"].contains(normalized(marker)) ? marker : nil
    }

    static let written = [
        "Nose", "Neck", "LShoulder", "RShoulder", "LElbow", "RElbow", "LWrist", "RWrist",
        "Hip", "LHip", "RHip", "LKnee", "RKnee", "LAnkle", "RAnkle",
    ]

    static func normalized(_ marker: String) -> String {
        var key = marker.lowercased().filter { $0.isLetter || $0.isNumber }
        if key.hasSuffix("study") { key.removeLast(5) }
        return key
    }

    static let centre: [String: Joint] = [
        "nose": .nose, "neck": .neck, "thorax": .neck, "cshoulder": .neck, "centershoulder": .neck,
        "hip": .root, "chip": .root, "midhip": .root, "pelvis": .root, "root": .root,
    ]

    static let parts: [String: (left: Joint, right: Joint)] = [
        "shoulder": (.leftShoulder, .rightShoulder), "sho": (.leftShoulder, .rightShoulder),
        "elbow": (.leftElbow, .rightElbow), "elb": (.leftElbow, .rightElbow),
        "wrist": (.leftWrist, .rightWrist), "wri": (.leftWrist, .rightWrist),
        "hip": (.leftHip, .rightHip),
        "knee": (.leftKnee, .rightKnee), "kne": (.leftKnee, .rightKnee),
        "ankle": (.leftAnkle, .rightAnkle), "ank": (.leftAnkle, .rightAnkle),
    ]
}
