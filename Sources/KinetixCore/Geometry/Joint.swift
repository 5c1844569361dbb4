/// One of the 15 body joints a sidecar carries: Apple Vision's 19 body joints
/// without the eyes and ears.
///
/// `left` and `right` are the subject's own sides, never the viewer's.
/// The raw value is the joint's column in every structure-of-arrays table.
public enum Joint: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case nose, neck
    case leftShoulder, rightShoulder
    case leftElbow, rightElbow
    case leftWrist, rightWrist
    case root
    case leftHip, rightHip
    case leftKnee, rightKnee
    case leftAnkle, rightAnkle

    /// The number of joints, the row count of a joint table.
    public static let count = allCases.count

    /// The sidecar name, Vision's `VNHumanBodyPoseObservation.JointName` spelled in Swift.
    public var name: String { Self.names[rawValue] }

    public var description: String { name }

    /// Words for people: "left knee", "root (hip midpoint)".
    public var spokenName: String {
        self == .root
            ? "root (hip midpoint)" : name.reduce(into: "") { text, c in text += c.isUppercase ? " " + c.lowercased() : String(c) }
    }

    /// Vision's raw joint identifier (`left_forearm_joint` for the left elbow).
    public var visionIdentifier: String { Self.visionIdentifiers[rawValue] }

    /// The same joint on the other side of the body; `nose`, `neck` and `root` map to themselves.
    public var mirrored: Joint { Self.mirrorTable[rawValue] }

    /// Looks up a joint by its sidecar name or by Vision's raw identifier.
    public init?(name: String) {
        guard let joint = Self.byName[name] else { return nil }
        self = joint
    }

    /// Vision's eye and ear identifiers and names: accepted on input and ignored,
    /// so a raw Vision dump decodes without edits.
    public static let ignoredVisionNames: Set<String> = [
        "leftEye", "rightEye", "leftEar", "rightEar",
        "left_eye_joint", "right_eye_joint", "left_ear_joint", "right_ear_joint",
    ]

    static let names = [
        "nose", "neck", "leftShoulder", "rightShoulder", "leftElbow", "rightElbow",
        "leftWrist", "rightWrist", "root", "leftHip", "rightHip", "leftKnee",
        "rightKnee", "leftAnkle", "rightAnkle",
    ]

    static let visionIdentifiers = [
        "head_joint", "neck_1_joint", "left_shoulder_1_joint", "right_shoulder_1_joint",
        "left_forearm_joint", "right_forearm_joint", "left_hand_joint", "right_hand_joint",
        "root", "left_upLeg_joint", "right_upLeg_joint", "left_leg_joint",
        "right_leg_joint", "left_foot_joint", "right_foot_joint",
    ]

    private static let mirrorTable: [Joint] = allCases.map { joint in
        let name = joint.name
        if name.hasPrefix("left") { return Joint(name: "right" + name.dropFirst(4))! }
        if name.hasPrefix("right") { return Joint(name: "left" + name.dropFirst(5))! }
        return joint
    }

    private static let byName: [String: Joint] = {
        var table: [String: Joint] = [:]
        for joint in allCases {
            table[names[joint.rawValue]] = joint
            table[visionIdentifiers[joint.rawValue]] = joint
        }
        return table
    }()
}
