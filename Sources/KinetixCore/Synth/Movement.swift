import Foundation

/// The joint parameters of a body at one instant, per side, in degrees.
///
/// Sagittal pitches are measured from the vertical, positive forward; abduction
/// from the arm hanging down (90 = horizontal, 180 = overhead).
struct SkeletonPose {
    struct Arm { var abduction = 0.0, flexion = 0.0, elbowFlexion = 8.0 }
    /// `abduction`: the leg out to the side in the frontal plane, degrees.
    struct Leg { var thighPitch = 0.0, kneeFlexion = 0.0, stance = true, abduction = 0.0 }
    var leftArm = Arm(), rightArm = Arm()
    var leftLeg = Leg(), rightLeg = Leg()
    /// 0 (standing) to 1 (deep squat), moves both legs and the trunk.
    var squat = 0.0
    var trunkLean = 0.0
    var headPitch = 0.0

    /// The pose with the two sides exchanged.
    func mirrored() -> SkeletonPose {
        var pose = self
        swap(&pose.leftArm, &pose.rightArm)
        swap(&pose.leftLeg, &pose.rightLeg)
        return pose
    }

    /// Adds `degrees` to the parameter that drives `limb`.
    mutating func perturb(_ limb: Limb, by degrees: Double) {
        switch limb {
        case .leftElbow: leftArm.elbowFlexion = clampAngle(leftArm.elbowFlexion + degrees)
        case .rightElbow: rightArm.elbowFlexion = clampAngle(rightArm.elbowFlexion + degrees)
        case .leftShoulder: leftArm.abduction = clampAngle(leftArm.abduction + degrees)
        case .rightShoulder: rightArm.abduction = clampAngle(rightArm.abduction + degrees)
        case .leftHip: leftLeg.thighPitch = clampAngle(leftLeg.thighPitch + degrees)
        case .rightHip: rightLeg.thighPitch = clampAngle(rightLeg.thighPitch + degrees)
        case .leftKnee: leftLeg.kneeFlexion = clampAngle(leftLeg.kneeFlexion + degrees)
        case .rightKnee: rightLeg.kneeFlexion = clampAngle(rightLeg.kneeFlexion + degrees)
        case .neck: headPitch = max(-60, min(60, headPitch + degrees))
        }
    }
}

private func clampAngle(_ value: Double) -> Double { max(0, min(170, value)) }

/// 0 → 1 → 0 over one period, smooth at both ends (a raised cosine).
private func bump(_ phase: Double) -> Double { 0.5 - 0.5 * cos(2 * .pi * phase) }

extension SynthOptions.Motion {
    /// The pose at time `t` seconds for a movement whose cycle lasts `period` seconds.
    func pose(at t: Double, period: Double, squatDepth: Double) -> SkeletonPose {
        var pose = SkeletonPose()
        let cycles = max(t, 0) / period
        let phase = cycles - cycles.rounded(.down)
        switch self {
        case .squat:
            pose.squat = squatDepth * bump(phase)
            pose.leftArm.flexion = 70 * bump(phase)  // arms forward for balance
            pose.rightArm.flexion = pose.leftArm.flexion
        case .armRaise:
            pose.leftArm.abduction = 150 * bump(phase)
            pose.rightArm.abduction = pose.leftArm.abduction
        case .march:
            let swing = sin(2 * .pi * phase)
            pose.leftLeg = .init(thighPitch: 70 * max(swing, 0), kneeFlexion: 80 * max(swing, 0), stance: swing <= 0)
            pose.rightLeg = .init(thighPitch: 70 * max(-swing, 0), kneeFlexion: 80 * max(-swing, 0), stance: swing > 0)
            pose.leftArm.flexion = 30 * max(-swing, 0)
            pose.rightArm.flexion = 30 * max(swing, 0)
        case .lateralRaise:
            pose.leftArm.abduction = 90 * bump(phase)
            pose.rightArm.abduction = pose.leftArm.abduction
        case .frontRaise:
            pose.leftArm.flexion = 90 * bump(phase)
            pose.rightArm.flexion = pose.leftArm.flexion
        case .curl:
            pose.leftArm.elbowFlexion = 8 + 122 * bump(phase)
            pose.rightArm.elbowFlexion = pose.leftArm.elbowFlexion
        case .sitToStand:
            // Seated at the start and end of each cycle, standing in the middle.
            let seated = min(1, 1.6 * (1 - bump(phase)))
            pose.squat = 0.8 * seated
        case .lunge:
            // The left leg steps forward on even cycles, the right on odd ones.
            let b = bump(phase)
            let front = SkeletonPose.Leg(thighPitch: 80 * b, kneeFlexion: 90 * b)
            let back = SkeletonPose.Leg(thighPitch: -10 * b, kneeFlexion: 95 * b)
            let leftForward = Int(cycles.rounded(.down)) % 2 == 0
            pose.leftLeg = leftForward ? front : back
            pose.rightLeg = leftForward ? back : front
        case .jumpingJack:
            let b = bump(phase)
            pose.leftArm.abduction = 170 * b
            pose.rightArm.abduction = pose.leftArm.abduction
            pose.leftLeg.abduction = 20 * b
            pose.rightLeg.abduction = pose.leftLeg.abduction
        case .singleLegStance:
            pose.leftLeg = .init(thighPitch: 45, kneeFlexion: 60, stance: false)
            pose.trunkLean = 3 * sin(2 * .pi * phase)
        case .face:
            break  // a face clip has no body (Synth.faceSidecar)
        case .cueResponse:
            break  // trials, not a cycle: CueResponseSchedule
        case .routine:
            // Four moves of one period each: left arm sideways, right arm forward, march, squat.
            let move = Int(cycles.rounded(.down)) % 4
            switch move {
            case 0: pose.leftArm.abduction = 160 * bump(phase)
            case 1:
                pose.rightArm.flexion = 150 * bump(phase)
                pose.rightArm.elbowFlexion = 8 + 60 * bump(phase)
            case 2: pose = SynthOptions.Motion.march.pose(at: phase * period, period: period, squatDepth: squatDepth)
            default: pose = SynthOptions.Motion.squat.pose(at: phase * period, period: period, squatDepth: squatDepth)
            }
        }
        if pose.squat > 0 {
            pose.trunkLean = 40 * pose.squat
            for keyPath in [\SkeletonPose.leftLeg, \SkeletonPose.rightLeg] {
                pose[keyPath: keyPath].thighPitch = 85 * pose.squat
                pose[keyPath: keyPath].kneeFlexion = 120 * pose.squat
            }
        }
        return pose
    }
}
