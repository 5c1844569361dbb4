import Foundation

/// A frontal face for synthesis: landmark positions in millimetres, x toward the
/// subject's left, y up, origin between the pupils (an adult with a 63 mm
/// interpupillary distance), and the expressions a facial-palsy exercise asks for.
enum FaceModel {
    static let neutral: [FaceLandmark: (x: Double, y: Double)] = [
        .leftPupil: (31.5, 0), .rightPupil: (-31.5, 0),
        .leftEyeInner: (15, 0), .rightEyeInner: (-15, 0), .leftEyeOuter: (46, 1.5), .rightEyeOuter: (-46, 1.5),
        .leftUpperLid: (31.5, 5), .rightUpperLid: (-31.5, 5), .leftLowerLid: (31.5, -5), .rightLowerLid: (-31.5, -5),
        .leftBrowInner: (16, 15), .rightBrowInner: (-16, 15), .leftBrowCenter: (32, 19), .rightBrowCenter: (-32, 19),
        .leftBrowOuter: (48, 16), .rightBrowOuter: (-48, 16),
        .noseBridge: (0, 4), .noseTip: (0, -36),
        .mouthLeft: (25, -62), .mouthRight: (-25, -62), .upperLip: (0, -57), .lowerLip: (0, -68),
        .chin: (0, -105),
    ]

    /// What each segment of the routine asks for.
    enum Expression: String, CaseIterable {
        case neutral = "neutral", raiseBrows = "raise brows", closeEyes = "close eyes", smile = "smile"
    }

    /// The routine: (expression, seconds), 11 s in all; the first 2 s are the neutral baseline.
    static let routine: [(Expression, Double)] = [
        (.neutral, 2), (.raiseBrows, 2), (.neutral, 1), (.closeEyes, 2), (.neutral, 1), (.smile, 2), (.neutral, 1),
    ]

    /// The expression and its strength (0...1, a smooth bump over the segment) at `t`.
    static func expression(at t: Double) -> (Expression, Double) {
        let total = routine.reduce(0) { $0 + $1.1 }
        var local = (t.truncatingRemainder(dividingBy: total) + total).truncatingRemainder(dividingBy: total)
        for (expression, seconds) in routine {
            if local < seconds { return (expression, expression == .neutral ? 0 : 0.5 - 0.5 * cos(2 * .pi * local / seconds)) }
            local -= seconds
        }
        return (.neutral, 0)
    }

    /// Landmarks at time `t`, the weak side moving `1 − weakness` as far and drooping at rest.
    static func landmarks(at t: Double, weakSide: SynthOptions.Side?, weakness: Double) -> [FaceLandmark: (x: Double, y: Double)] {
        let (expression, amount) = expression(at: t)
        var p = neutral
        for side in SynthOptions.Side.allCases {
            let weak = side == weakSide
            let gain = amount * (weak ? 1 - weakness : 1)
            let droop = weak ? 3 * weakness : 0
            let sign = side == .left ? 1.0 : -1.0
            func move(_ landmark: FaceLandmark, dx: Double = 0, dy: Double) {
                p[landmark] = (p[landmark]!.x + sign * dx, p[landmark]!.y + dy)
            }
            let (browInner, browCenter, browOuter, upperLid, lowerLid, corner):
                (FaceLandmark, FaceLandmark, FaceLandmark, FaceLandmark, FaceLandmark, FaceLandmark) =
                    side == .left
                    ? (.leftBrowInner, .leftBrowCenter, .leftBrowOuter, .leftUpperLid, .leftLowerLid, .mouthLeft)
                    : (.rightBrowInner, .rightBrowCenter, .rightBrowOuter, .rightUpperLid, .rightLowerLid, .mouthRight)
            for brow in [browInner, browCenter, browOuter] { move(brow, dy: -droop) }
            move(corner, dy: -droop)
            switch expression {
            case .raiseBrows: for brow in [browInner, browCenter, browOuter] { move(brow, dy: 8 * gain) }
            case .closeEyes:
                move(upperLid, dy: -9 * gain)
                move(lowerLid, dy: 0.8 * gain)
            case .smile: move(corner, dx: 6 * gain, dy: 7 * gain)
            case .neutral: break
            }
        }
        if expression == .smile { p[.lowerLip]!.y -= 2 * amount }
        return p
    }
}
