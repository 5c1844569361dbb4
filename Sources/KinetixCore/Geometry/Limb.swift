/// One of the nine limb angles θ = ∠(b − a, c − b), in degrees.
///
/// 0° is a straight continuation (a straight knee, an arm hanging along the
/// trunk for the shoulder), 180° a full fold. The angle is unsigned, so it is the
/// same seen from the front or mirrored. The raw value is the limb's column in an
/// `AngleSeries`, and the order is the CSV column order.
public enum Limb: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case leftElbow, rightElbow
    case leftShoulder, rightShoulder
    case leftHip, rightHip
    case leftKnee, rightKnee
    case neck

    /// How many there are.
    public static let count = allCases.count

    /// The name used in sidecars, profiles and reports (lowerCamelCase).
    public var name: String { Self.names[rawValue] }

    public var description: String { name }

    /// The one with this name, or nil.
    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    /// The joints (a, b, c) whose two segments b − a and c − b make the angle.
    public var joints: (a: Joint, b: Joint, c: Joint) {
        switch self {
        case .leftElbow: (.leftShoulder, .leftElbow, .leftWrist)
        case .rightElbow: (.rightShoulder, .rightElbow, .rightWrist)
        case .leftShoulder: (.leftHip, .leftShoulder, .leftElbow)
        case .rightShoulder: (.rightHip, .rightShoulder, .rightElbow)
        case .leftHip: (.leftShoulder, .leftHip, .leftKnee)
        case .rightHip: (.rightShoulder, .rightHip, .rightKnee)
        case .leftKnee: (.leftHip, .leftKnee, .leftAnkle)
        case .rightKnee: (.rightHip, .rightKnee, .rightAnkle)
        case .neck: (.root, .neck, .nose)
        }
    }

    /// The same limb on the other side; `neck` maps to itself.
    public var mirrored: Limb {
        switch self {
        case .leftElbow: .rightElbow
        case .rightElbow: .leftElbow
        case .leftShoulder: .rightShoulder
        case .rightShoulder: .leftShoulder
        case .leftHip: .rightHip
        case .rightHip: .leftHip
        case .leftKnee: .rightKnee
        case .rightKnee: .leftKnee
        case .neck: .neck
        }
    }

    /// Words for people: "left knee".
    public var spokenName: String {
        switch self {
        case .neck: "neck"
        default:
            name.hasPrefix("left")
                ? "left " + name.dropFirst(4).lowercased()
                : "right " + name.dropFirst(5).lowercased()
        }
    }

    static let names = [
        "leftElbow", "rightElbow", "leftShoulder", "rightShoulder",
        "leftHip", "rightHip", "leftKnee", "rightKnee", "neck",
    ]
}
