import KinetixCore
import KinetixProfiles

/// A quantity the drafter can put in a profile: what a body part and a movement word
/// become, with the expression, unit, resting value and camera view it needs.
///
/// Every measure grows as the movement is performed (a raise raises the elevation, a
/// squat the knee flexion), so a rep is always a rise of the measure from rest.
struct BodyMeasure: Equatable, Hashable, Sendable {
    enum Kind: String, Sendable, CaseIterable {
        /// A segment's angle from hanging straight down, degrees: 0 hanging, 90
        /// horizontal, 180 straight up. Arm: shoulder → wrist; upper arm: shoulder → elbow;
        /// thigh: hip → knee; leg: hip → ankle.
        case armElevation, upperArmElevation, thighElevation, legElevation
        /// The limb angle θ (0 straight), degrees.
        case elbowFlexion, kneeFlexion, hipFlexion
        /// The head's limb angle (root → neck → nose), degrees.
        case headTilt
        /// Trunk (hip midpoint → neck) from vertical, degrees.
        case trunkLean
        /// Knee valgus, the frontal-plane projection angle (positive: the knee inside the hip–ankle line), degrees.
        case kneeValgus
        /// Distance between the ankles, torso lengths.
        case stanceWidth
        /// How far the hips have come down toward the knees, as a fraction of this
        /// person's standing hip height above them (the clip's rest level): 0 standing,
        /// 1 hips at knee height. A squat's depth seen from the front, where neither the
        /// knee angle nor the thigh's elevation can be read.
        case hipDrop
    }

    var kind: Kind
    /// The plane a raise was described in, if any (decides the view for an arm raise).
    var plane: MovementPlane?

    var isSided: Bool { kind != .headTilt && kind != .trunkLean && kind != .stanceWidth && kind != .hipDrop }
    var unit: String { kind == .stanceWidth ? "torso" : kind == .hipDrop ? "fraction" : "deg" }

    /// Metrics the measure's expression reads besides itself, by name: the hip height
    /// whose rest level (`rest()`) `hipDrop` is relative to, as the squat profile's depth.
    /// A raise said in a plane also reads the segment's own length (its 95th percentile
    /// in the clip: the segment seen square-on), for the length it must be seen at.
    func helperMetrics(_ side: BodySide?) -> [(name: String, json: JSONValue)] {
        if plane != nil, let segment = Self.seenSegment[kind] {
            let s = side == .right ? "right" : "left"
            return [
                (
                    lengthName(side),
                    .object([
                        ("expr", .string("distance(\(s)Shoulder, \(s)\(segment.joint))")), ("unit", .string("torso")),
                        (
                            "description",
                            .string(
                                "The \(segment.words) as seen, torso lengths; its 95th percentile is this person's \(segment.words) seen square-on."
                            )
                        ),
                        ("rest", .object([("percentile", .number(95))])),
                    ])
                )
            ]
        }
        guard kind == .hipDrop else { return [] }
        return [
            (
                "hipHeight",
                .object([
                    ("expr", .string("y(midpoint(leftHip, rightHip)) - min(y(leftKnee), y(rightKnee))")), ("unit", .string("torso")),
                    (
                        "description",
                        .string("Hip-midpoint height above the lower knee, torso lengths; its rest level is this person's standing height.")
                    ),
                    ("smooth", .object([("lowPassHertz", .number(6))])),
                    ("rest", .object([("percentile", .number(90)), ("min", .number(0.4)), ("max", .number(1.1))])),
                ])
            )
        ]
    }
    /// The value standing at rest. Feet hip-width apart are about 0.6 torso lengths from
    /// ankle to ankle (hip joints 0.19 of standing height apart, torso 0.29: Winter).
    var rest: Double { kind == .stanceWidth ? 0.6 : 0 }

    /// The metric name for one side (`armElevationLeft`), or the whole body.
    func name(_ side: BodySide?) -> String {
        guard let side else { return kind.rawValue }
        return kind.rawValue + (side == .left ? "Left" : "Right")
    }

    /// The metric a rep reads on `sides`: one side's, `armElevation` (the mean of both)
    /// or `armElevationEither` (the higher of the two).
    func repMetricName(_ sides: SideChoice) -> String {
        switch sides {
        case .none: name(nil as BodySide?)
        case .left: name(BodySide.left)
        case .right: name(BodySide.right)
        case .both: kind.rawValue
        case .either: kind.rawValue + "Either"
        }
    }

    /// The per-frame expression, in the profile language, for one side (nil: unsided).
    func expression(_ side: BodySide?) -> String {
        let s = side == .right ? "right" : "left"
        func elevation(_ from: String, _ to: String) -> String {
            "abs(atan2(x(\(s)\(to)) - x(\(s)\(from)), y(\(s)\(from)) - y(\(s)\(to))))"
        }
        // A raise said in a plane is measured in it: an arm pointing at the camera (a raise in
        // the other plane) is seen shorter than `minSeenLength` and counts as 0, or a front
        // raise filmed from the front would pass for a lateral raise.
        func inPlane(_ to: String) -> String {
            let angle = elevation("Shoulder", to)
            guard plane != nil, let segment = Self.seenSegment[kind] else { return angle }
            return
                "if(distance(\(s)Shoulder, \(s)\(to)) >= \(Self.leastSeenFraction) * max(\(segment.floor), rest(\(lengthName(side)))), \(angle), 0)"
        }
        switch kind {
        case .armElevation: return inPlane("Wrist")
        case .upperArmElevation: return inPlane("Elbow")
        case .thighElevation: return elevation("Hip", "Knee")
        case .legElevation: return elevation("Hip", "Ankle")
        case .elbowFlexion: return "\(s)Elbow"
        case .kneeFlexion: return "\(s)Knee"
        case .hipFlexion: return "\(s)Hip"
        case .headTilt: return "neck"
        case .trunkLean: return "abs(atan2(x(neck) - x(root), y(neck) - y(root)))"
        case .kneeValgus:
            return side == .right ? "-turn(rightHip, rightKnee, rightAnkle)" : "turn(leftHip, leftKnee, leftAnkle)"
        case .stanceWidth: return "distance(leftAnkle, rightAnkle)"
        case .hipDrop: return "1 - hipHeight / rest(hipHeight)"
        }
    }

    /// A segment raised in the picture's plane is seen at least this fraction of its own
    /// length (the clip's 95th percentile of it, at least `floor` torso lengths); shorter,
    /// it points at the camera (a raise in the other plane) and its elevation in this
    /// plane is 0. Shoulder to wrist is 1.15 torso lengths by Winter's proportions (1.0
    /// hanging and 0.67–0.75 at the top of a dumbbell lateral raise, bent elbows, in the
    /// shared real MediaPipe clip demo5; an arm seen obliquely at the top, less); an arm
    /// raised at the camera looks 0.2–0.3 long at 3 m, a quarter of its length. Relative to
    /// the person's own arm, so a short or oblique arm is not taken for one at the camera
    /// (0.5 torso lengths, fixed, did: a lateral raise seen obliquely read 62° at shoulder height).
    static let leastSeenFraction = 0.35
    /// The segments a raise is seen by, the joint that ends them, and the least own length.
    static let seenSegment: [Kind: (joint: String, words: String, floor: Double)] = [
        .armElevation: ("Wrist", "arm (shoulder to wrist)", 0.9), .upperArmElevation: ("Elbow", "upper arm (shoulder to elbow)", 0.5),
    ]

    /// The name of the helper metric holding a side's segment length (`armLengthLeft`).
    func lengthName(_ side: BodySide?) -> String {
        (kind == .armElevation ? "armLength" : "upperArmLength") + (side == .right ? "Right" : "Left")
    }

    /// The joints the measure reads, for the profile's requirements.
    func joints(_ side: BodySide?) -> [String] {
        let s = side == .right ? "right" : "left"
        switch kind {
        case .armElevation: return ["\(s)Shoulder", "\(s)Wrist"]
        case .upperArmElevation: return ["\(s)Shoulder", "\(s)Elbow"]
        case .thighElevation: return ["\(s)Hip", "\(s)Knee"]
        case .legElevation: return ["\(s)Hip", "\(s)Ankle"]
        case .elbowFlexion: return ["\(s)Shoulder", "\(s)Elbow", "\(s)Wrist"]
        case .kneeFlexion, .kneeValgus: return ["\(s)Hip", "\(s)Knee", "\(s)Ankle"]
        case .hipFlexion: return ["\(s)Shoulder", "\(s)Hip", "\(s)Knee"]
        case .headTilt: return ["neck", "nose"]
        case .trunkLean: return ["neck", "leftHip", "rightHip"]
        case .stanceWidth: return ["leftAnkle", "rightAnkle"]
        case .hipDrop: return ["leftHip", "rightHip", "leftKnee", "rightKnee"]
        }
    }

    /// The camera view that sees the measure without foreshortening.
    var view: Profile.Requirements.View {
        switch kind {
        case .armElevation, .upperArmElevation: plane == .sagittal ? .side : (plane == .frontal ? .front : .any)
        case .thighElevation, .legElevation: plane == .frontal ? .front : .side
        case .kneeFlexion, .hipFlexion: .side
        // (A trunk leaned to the side is seen from the front.)
        case .trunkLean: plane == .frontal ? .front : .side
        case .kneeValgus, .stanceWidth: .front
        case .elbowFlexion, .headTilt, .hipDrop: .any
        }
    }

    /// Whether a front-view measure still reads at a moderate angle: a limb raised or a
    /// stance widened sideways keeps its direction in the picture, only shorter; a knee's
    /// cave-in or the trunk's sideways lean turns into depth.
    var readsAtAnAngle: Bool {
        switch kind {
        case .armElevation, .upperArmElevation, .thighElevation, .legElevation: plane == .frontal
        case .stanceWidth: true
        default: false
        }
    }

    /// Words for people: "arm elevation".
    var label: String {
        switch kind {
        case .armElevation: "arm elevation"
        case .upperArmElevation: "upper-arm elevation"
        case .thighElevation: "thigh elevation"
        case .legElevation: "leg elevation"
        case .elbowFlexion: "elbow flexion"
        case .kneeFlexion: "knee flexion"
        case .hipFlexion: "hip flexion"
        case .headTilt: "head tilt"
        case .trunkLean: "trunk lean"
        case .kneeValgus: "knee valgus"
        case .stanceWidth: "stance width"
        case .hipDrop: "hip drop"
        }
    }

    /// The label with its scale: "arm elevation (0° hanging, 90° at shoulder height, 180° overhead)".
    var explained: String {
        switch kind {
        case .armElevation: "arm elevation (0° hanging, 90° at shoulder height, 180° overhead)"
        case .upperArmElevation: "upper-arm elevation (0° hanging, 90° with the elbow at shoulder height)"
        case .thighElevation: "thigh elevation (0° hanging, 90° with the knee at hip height)"
        case .legElevation: "leg elevation (0° hanging, 90° horizontal)"
        case .elbowFlexion: "elbow flexion (0° straight)"
        case .kneeFlexion: "knee flexion (0° straight)"
        case .hipFlexion: "hip flexion (0° standing straight)"
        case .headTilt: "head tilt (0° in line with the trunk)"
        case .trunkLean: "trunk lean from vertical (0° upright)"
        case .kneeValgus: "knee valgus (frontal-plane projection angle; positive: the knee inside the hip–ankle line)"
        case .stanceWidth: "stance width (ankle to ankle, torso lengths)"
        case .hipDrop:
            "hip drop (0 standing, 1 with the hips at knee height, as a fraction of this person's standing hip height above the knees)"
        }
    }

    /// The measure a body part and a movement word describe, or nil when the pair
    /// makes no sense ("straighten the trunk" is a `trunkLean` stillness, handled by
    /// the caller; "cave in the elbow" is nil).
    static func described(part: DraftBodyPart?, movement: DraftMovement?, hasPosition: Bool) -> BodyMeasure.Kind? {
        switch (movement, part) {
        case (.squat?, _): return hasPosition ? .thighElevation : .kneeFlexion
        case (.lunge?, _): return .kneeFlexion
        case (.stepUp?, _): return .thighElevation
        case (.caveIn?, .knee?), (.caveIn?, .leg?), (.caveIn?, .thigh?), (.caveIn?, nil): return .kneeValgus
        case (.caveIn?, _): return nil
        // (A head turned is a rotation the keypoints barely show: no measure. A nod bends it.)
        case (.lean?, .head?): return .headTilt
        case (.lean?, _), (.turn?, .trunk?): return .trunkLean
        case (.step?, _): return .stanceWidth
        // "Pull your chest up to the bar": the body is pulled by bending the arms.
        case (.pull?, .arm?), (.pull?, .elbow?), (.pull?, .upperArm?), (.pull?, .trunk?): return .elbowFlexion
        // (A heel pulled in bends the knee, a leg pulled up raises it: "pull" the leg says neither.)
        case (.pull?, .knee?), (.pull?, .thigh?): return .thighElevation
        case (.pull?, .head?): return .headTilt
        // (An arm turned is a rotation about its own length, no raise: no measure.)
        case (.raise?, .arm?), (.lower?, .arm?): return .armElevation
        case (.raise?, .elbow?), (.lower?, .elbow?), (.raise?, .upperArm?), (.lower?, .upperArm?):
            return .upperArmElevation
        case (.bend?, .upperArm?), (.straighten?, .upperArm?): return .elbowFlexion
        case (.raise?, .knee?), (.raise?, .thigh?), (.lower?, .knee?), (.lower?, .thigh?): return .thighElevation
        case (.raise?, .leg?), (.lower?, .leg?): return .legElevation
        case (.lower?, .hip?): return hasPosition ? .thighElevation : .kneeFlexion
        // "Lift your hips up" (lying): a bridge straightens the hips (`DraftBuilder` counts it as the hip raise).
        case (.raise?, .hip?): return .hipFlexion
        case (.bend?, .elbow?), (.straighten?, .elbow?), (.bend?, .arm?), (.straighten?, .arm?): return .elbowFlexion
        case (.bend?, .knee?), (.straighten?, .knee?), (.bend?, .leg?), (.straighten?, .leg?): return .kneeFlexion
        case (.bend?, .hip?), (.straighten?, .hip?), (.bend?, .trunk?), (.bend?, .thigh?): return .hipFlexion
        case (.straighten?, .trunk?): return .trunkLean
        case (.bend?, .head?), (.straighten?, .head?), (.raise?, .head?), (.lower?, .head?): return .headTilt
        case (.raise?, .trunk?), (.lower?, .trunk?): return .trunkLean
        case (nil, .trunk?): return .trunkLean
        case (nil, .head?): return .headTilt
        default: return nil
        }
    }
}
