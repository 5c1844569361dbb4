/// A named face landmark a sidecar may carry per frame.
///
/// `left` and `right` are the subject's own sides. The set covers what facial
/// symmetry measures need: brows, eye corners, eyelids, pupils, the nose (for the
/// midline), mouth corners, lips and chin. docs/sidecar-format.md maps Apple Vision's
/// face regions and MediaPipe's 468-point mesh onto these names.
public enum FaceLandmark: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible, PointName {
    case leftBrowInner, leftBrowCenter, leftBrowOuter
    case rightBrowInner, rightBrowCenter, rightBrowOuter
    case leftEyeInner, leftEyeOuter, leftUpperLid, leftLowerLid, leftPupil
    case rightEyeInner, rightEyeOuter, rightUpperLid, rightLowerLid, rightPupil
    case noseBridge, noseTip
    case mouthLeft, mouthRight, upperLip, lowerLip
    case chin

    /// How many there are.
    public static let count = allCases.count

    /// The name used in sidecars, profiles and reports (lowerCamelCase).
    public var name: String { Self.names[rawValue] }

    public var description: String { name }

    /// The one with this name, or nil.
    public init?(name: String) {
        guard let landmark = Self.byName[name] else { return nil }
        self = landmark
    }

    /// The same landmark on the other side of the face; midline points map to themselves.
    public var mirrored: FaceLandmark {
        let name = self.name
        if name.hasPrefix("left") { return FaceLandmark(name: "right" + name.dropFirst(4))! }
        if name.hasPrefix("right") { return FaceLandmark(name: "left" + name.dropFirst(5))! }
        if self == .mouthLeft { return .mouthRight }
        if self == .mouthRight { return .mouthLeft }
        return self
    }

    static let names = [
        "leftBrowInner", "leftBrowCenter", "leftBrowOuter",
        "rightBrowInner", "rightBrowCenter", "rightBrowOuter",
        "leftEyeInner", "leftEyeOuter", "leftUpperLid", "leftLowerLid", "leftPupil",
        "rightEyeInner", "rightEyeOuter", "rightUpperLid", "rightLowerLid", "rightPupil",
        "noseBridge", "noseTip",
        "mouthLeft", "mouthRight", "upperLip", "lowerLip",
        "chin",
    ]

    private static let byName: [String: FaceLandmark] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}
