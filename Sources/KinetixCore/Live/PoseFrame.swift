/// One frame of one person, as a camera pipeline delivers it: the 15 body joints in
/// the stream's coordinate space, with confidences. Fixed-size (no allocation), for
/// feeding `LiveComparison` frame by frame.
public struct PoseFrame: Sendable {
    /// The frame's time in seconds, on the clock both streams share.
    public var time: Double
    /// By `Joint.rawValue` (lanes 15 and up unused). A joint not tracked has confidence 0.
    public var x: SIMD16<Float>
    /// By `Joint.rawValue`, in the stream's coordinate space.
    public var y: SIMD16<Float>
    /// By `Joint.rawValue`, 0...1; 0 when not tracked.
    public var confidence: SIMD16<Float>

    /// A frame with nothing tracked.
    public init(time: Double) {
        self.time = time
        x = SIMD16(repeating: .nan)
        y = SIMD16(repeating: .nan)
        confidence = SIMD16(repeating: 0)
    }

    /// One joint: nil when not tracked. Setting nil, or a confidence of 0, untracks it.
    public subscript(joint: Joint) -> (x: Float, y: Float, confidence: Float)? {
        get { confidence[joint.rawValue] > 0 ? (x[joint.rawValue], y[joint.rawValue], confidence[joint.rawValue]) : nil }
        set {
            let i = joint.rawValue
            if let newValue, newValue.confidence > 0 {
                (x[i], y[i], confidence[i]) = newValue
            } else {
                (x[i], y[i], confidence[i]) = (.nan, .nan, 0)
            }
        }
    }

    /// The nine limb angles (degrees, by `Limb.rawValue`; NaN when a joint is missing
    /// or below `minConfidence`), exactly as `AngleSeries` computes them.
    public func angles(in space: CoordinateSpace, minConfidence: Float) -> SIMD16<Float> {
        var result = SIMD16<Float>(repeating: .nan)
        for limb in Limb.allCases {
            let (a, b, c) = limb.joints
            guard let pa = position(a, space, minConfidence), let pb = position(b, space, minConfidence),
                let pc = position(c, space, minConfidence)
            else { continue }
            result[limb.rawValue] = limbAngle(pa, pb, pc)
        }
        return result
    }

    /// The joint in isotropic image coordinates (pixels, y up), nil when not tracked.
    func position(_ joint: Joint, _ space: CoordinateSpace, _ minConfidence: Float) -> (x: Float, y: Float)? {
        let c = confidence[joint.rawValue]
        guard c > 0, c >= minConfidence else { return nil }
        return space.isotropic(x: x[joint.rawValue], y: y[joint.rawValue])
    }
}

extension Sidecar {
    /// Frame `index` as a `PoseFrame`, for replaying a recording through a live API.
    public func poseFrame(_ index: Int) -> PoseFrame {
        var frame = PoseFrame(time: times[index])
        for joint in Joint.allCases { frame[joint] = joints[joint, index] }
        return frame
    }
}

/// A body pose in body coordinates: origin at the hip midpoint, y up, one unit a
/// torso length. By `Joint.rawValue`; NaN where not tracked.
public struct BodyPose: Equatable, Sendable {
    /// Torso lengths right of the hip midpoint (image right), by `Joint.rawValue`.
    public var x: SIMD16<Float>
    /// Torso lengths above the hip midpoint, by `Joint.rawValue`.
    public var y: SIMD16<Float>

    /// The joint's position, or nil when it is not known.
    public subscript(joint: Joint) -> (x: Float, y: Float)? {
        x[joint.rawValue].isNaN ? nil : (x[joint.rawValue], y[joint.rawValue])
    }

    public static func == (a: Self, b: Self) -> Bool {
        sameValues(Array(0..<16).map { a.x[$0] }, Array(0..<16).map { b.x[$0] })
            && sameValues(Array(0..<16).map { a.y[$0] }, Array(0..<16).map { b.y[$0] })
    }
}
