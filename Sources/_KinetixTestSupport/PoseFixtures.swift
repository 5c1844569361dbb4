import KinetixCore

/// Builds sidecars from hand-placed joints, for tests with known answers.
public struct SidecarBuilder {
    public var space: CoordinateSpace
    public var frames: [(t: Double, joints: [Joint: (Float, Float, Float)])] = []

    public init(space: CoordinateSpace = CoordinateSpace(kind: .pixels, width: 1920, height: 1080)) {
        self.space = space
    }

    /// Appends a frame; joints not named are missing.
    public mutating func addFrame(t: Double, _ joints: [Joint: (Float, Float, Float)]) {
        frames.append((t, joints))
    }

    public func build() -> Sidecar {
        var table = PointTable<Joint>(frameCount: frames.count)
        for (frame, entry) in frames.enumerated() {
            for (joint, value) in entry.joints { table[joint, frame] = value }
        }
        return Sidecar(source: ["detector": "test"], space: space, times: frames.map(\.t), joints: table)
    }
}

/// A standing pose in isotropic, y-up units with chosen elbow and knee bends, used
/// where a test needs joints whose angles are known by construction.
public enum KnownPose {
    /// Joints of an upright body (y up, arbitrary units) with the left elbow bent
    /// by `leftElbow` degrees in the image plane and everything else straight.
    public static func upright(leftElbow: Double = 0, leftKnee: Double = 0) -> [Joint: (x: Double, y: Double)] {
        func rotate(_ v: (Double, Double), by degrees: Double) -> (Double, Double) {
            let r = degrees * .pi / 180
            return (v.0 * cos(r) - v.1 * sin(r), v.0 * sin(r) + v.1 * cos(r))
        }
        var p: [Joint: (x: Double, y: Double)] = [
            .root: (0, 0), .neck: (0, 3), .nose: (0, 4),
            .leftShoulder: (1, 3), .rightShoulder: (-1, 3),
            .leftElbow: (1, 1.5), .rightElbow: (-1, 1.5), .rightWrist: (-1, 0),
            .leftHip: (0.6, 0), .rightHip: (-0.6, 0),
            .leftKnee: (0.6, -2), .rightKnee: (-0.6, -2), .rightAnkle: (-0.6, -4),
        ]
        let forearm = rotate((0, -1.5), by: leftElbow)
        p[.leftWrist] = (1 + forearm.0, 1.5 + forearm.1)
        let shank = rotate((0, -2), by: -leftKnee)
        p[.leftAnkle] = (0.6 + shank.0, -2 + shank.1)
        return p
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
