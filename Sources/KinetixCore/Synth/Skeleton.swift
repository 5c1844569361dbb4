import Foundation

/// A point in the synthetic world: metres, x toward the subject's left, y up,
/// z forward from the subject (toward a frontal camera).
struct Point3: Sendable {
    var x, y, z: Double
    static func + (a: Point3, b: Point3) -> Point3 { Point3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func - (a: Point3, b: Point3) -> Point3 { Point3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func * (s: Double, a: Point3) -> Point3 { Point3(x: s * a.x, y: s * a.y, z: s * a.z) }
    func dot(_ b: Point3) -> Double { x * b.x + y * b.y + z * b.z }
    var normalized: Point3 {
        let n = dot(self).squareRoot()
        return (1 / n) * self
    }
}

/// Segment lengths as fractions of standing height (Winter, *Biomechanics and Motor
/// Control of Human Movement*, 4th ed., fig. 4.1, after Drillis & Contini).
struct Skeleton {
    let height: Double
    var ankleHeight: Double { 0.039 * height }
    var shank: Double { 0.246 * height }
    var thigh: Double { 0.245 * height }
    var hipHalfWidth: Double { 0.085 * height }
    var torso: Double { 0.288 * height }
    var shoulderHalfWidth: Double { 0.129 * height }
    var upperArm: Double { 0.186 * height }
    var forearm: Double { 0.146 * height }

    /// The 15 joints in world coordinates, indexed by `Joint.rawValue`.
    func joints(for pose: SkeletonPose, kneeValgus: Double) -> [Point3] {
        var p = [Point3](repeating: Point3(x: 0, y: 0, z: 0), count: Joint.count)
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

        // Legs relative to the hip midpoint at the origin.
        func leg(_ leg: SkeletonPose.Leg, side: Double) -> (hip: Point3, knee: Point3, ankle: Point3) {
            let hip = Point3(x: side * hipHalfWidth, y: 0, z: 0)
            let thighPitch = radians(leg.thighPitch)
            let shankPitch = radians(leg.thighPitch - leg.kneeFlexion)
            var knee = hip + thigh * Point3(x: 0, y: -cos(thighPitch), z: sin(thighPitch))
            knee.x -= side * kneeValgus * pose.squat
            var ankle = knee + shank * Point3(x: 0, y: -cos(shankPitch), z: sin(shankPitch))
            ankle.x = side * hipHalfWidth * 1.1
            if leg.abduction != 0 {
                // Out to the side in the frontal plane, about the hip.
                let a = radians(leg.abduction)
                knee = Point3(x: hip.x + side * sin(a) * (hip.y - knee.y), y: hip.y - cos(a) * (hip.y - knee.y), z: knee.z)
                ankle = Point3(x: ankle.x + side * sin(a) * (hip.y - ankle.y), y: hip.y - cos(a) * (hip.y - ankle.y), z: ankle.z)
            }
            return (hip, knee, ankle)
        }
        let left = leg(pose.leftLeg, side: 1)
        let right = leg(pose.rightLeg, side: -1)
        // Stand on the stance feet: they touch the ground under the body.
        let stance = [(pose.leftLeg.stance, left.ankle), (pose.rightLeg.stance, right.ankle)].filter(\.0).map(\.1)
        let feet = stance.isEmpty ? [left.ankle, right.ankle] : stance
        let lowest = feet.map(\.y).min()!
        let shift = Point3(x: 0, y: ankleHeight - lowest, z: -feet.map(\.z).reduce(0, +) / Double(feet.count))
        p[Joint.leftHip.rawValue] = left.hip + shift
        p[Joint.leftKnee.rawValue] = left.knee + shift
        p[Joint.leftAnkle.rawValue] = left.ankle + shift
        p[Joint.rightHip.rawValue] = right.hip + shift
        p[Joint.rightKnee.rawValue] = right.knee + shift
        p[Joint.rightAnkle.rawValue] = right.ankle + shift
        let root = shift
        p[Joint.root.rawValue] = root

        let lean = radians(pose.trunkLean)
        let neck = root + torso * Point3(x: 0, y: cos(lean), z: sin(lean))
        p[Joint.neck.rawValue] = neck
        let head = lean + radians(pose.headPitch)
        p[Joint.nose.rawValue] =
            neck + height * Point3(x: 0, y: 0.10 * cos(head) - 0.05 * sin(head), z: 0.10 * sin(head) + 0.05 * cos(head))

        func arm(_ arm: SkeletonPose.Arm, side: Double) -> (shoulder: Point3, elbow: Point3, wrist: Point3) {
            let shoulder = neck + Point3(x: side * shoulderHalfWidth, y: 0, z: 0)
            let abduction = radians(arm.abduction)
            let flexion = radians(arm.flexion)
            let d = Point3(x: side * sin(abduction), y: -cos(abduction) * cos(flexion), z: cos(abduction) * sin(flexion)).normalized
            // The elbow bends toward up when the arm is out to the side, forward when it hangs.
            let up = Point3(x: 0, y: 1, z: 0)
            let bend = abs(d.y) > 0.98 ? Point3(x: 0, y: 0, z: 1) : (up - d.dot(up) * d).normalized
            let elbowFlexion = radians(arm.elbowFlexion)
            let forearmDirection = cos(elbowFlexion) * d + sin(elbowFlexion) * bend
            let elbow = shoulder + upperArm * d
            return (shoulder, elbow, elbow + forearm * forearmDirection)
        }
        let leftArm = arm(pose.leftArm, side: 1)
        let rightArm = arm(pose.rightArm, side: -1)
        p[Joint.leftShoulder.rawValue] = leftArm.shoulder
        p[Joint.leftElbow.rawValue] = leftArm.elbow
        p[Joint.leftWrist.rawValue] = leftArm.wrist
        p[Joint.rightShoulder.rawValue] = rightArm.shoulder
        p[Joint.rightElbow.rawValue] = rightArm.elbow
        p[Joint.rightWrist.rawValue] = rightArm.wrist
        return p
    }
}

/// A pinhole camera 1 m above the floor looking horizontally at the subject.
struct PinholeCamera {
    let position: Point3
    let forward: Point3
    let right: Point3
    let focalPixels: Double
    let width: Double, height: Double

    /// - Parameters:
    ///   - yawDegrees: 0 films the subject from the front, 90 from their left side.
    ///   - verticalFieldOfViewDegrees: Across the longer image side (65°: a phone's main camera).
    init(distance: Double, yawDegrees: Double, width: Double, height: Double, fieldOfViewDegrees: Double = 65) {
        let yaw = yawDegrees * .pi / 180
        position = Point3(x: distance * sin(yaw), y: 1.0, z: distance * cos(yaw))
        forward = Point3(x: -sin(yaw), y: 0, z: -cos(yaw))
        right = Point3(x: cos(yaw), y: 0, z: -sin(yaw))
        focalPixels = max(width, height) / (2 * tan(fieldOfViewDegrees * .pi / 360))
        self.width = width
        self.height = height
    }

    /// Pixel coordinates, origin top-left, y down.
    func project(_ point: Point3) -> (x: Double, y: Double) {
        let relative = point - position
        let depth = relative.dot(forward)
        return (
            width / 2 + focalPixels * relative.dot(right) / depth,
            height / 2 - focalPixels * relative.y / depth
        )
    }
}
