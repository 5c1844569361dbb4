import Foundation
import KinetixCore

extension Sidecar {
    /// A squat put onto a clip of someone standing, keeping the real body's proportions
    /// and the estimator's noise: at each frame the thighs tilt `thighDegrees(t)` from
    /// vertical and the shins half as much, with the ankles fixed; each knee then sits
    /// at cos(shin tilt) of its standing height above the ankle, each hip at cos(thigh
    /// tilt) of its standing height above the knee (the projection a camera in front or
    /// at the side sees), and everything above the hips moves down with them.
    ///
    /// A model of the vertical extents only (no forward hip shift, no trunk lean), in
    /// the sidecar's own coordinates: good for depth and rep counting, not for angles.
    public func squatting(thighDegrees: (Double) -> Double) -> Sidecar {
        var result = self
        let upper: [Joint] = [.nose, .neck, .leftShoulder, .rightShoulder, .leftElbow, .rightElbow, .leftWrist, .rightWrist, .root]
        let sides: [(hip: Joint, knee: Joint, ankle: Joint)] = [(.leftHip, .leftKnee, .leftAnkle), (.rightHip, .rightKnee, .rightAnkle)]
        for frame in 0..<frameCount {
            let alpha = thighDegrees(times[frame]) * .pi / 180
            let thigh = Float(cos(alpha))
            let shin = Float(cos(alpha / 2))
            var shift: (x: Float, y: Float) = (0, 0)
            var shifted = 0
            for side in sides {
                guard let hip = joints[side.hip, frame], let knee = joints[side.knee, frame], let ankle = joints[side.ankle, frame] else {
                    continue
                }
                let newKnee = (x: ankle.x + (knee.x - ankle.x) * shin, y: ankle.y + (knee.y - ankle.y) * shin)
                let newHip = (x: newKnee.x + (hip.x - knee.x) * thigh, y: newKnee.y + (hip.y - knee.y) * thigh)
                result.joints[side.knee, frame] = (newKnee.x, newKnee.y, knee.confidence)
                result.joints[side.hip, frame] = (newHip.x, newHip.y, hip.confidence)
                shift.x += newHip.x - hip.x
                shift.y += newHip.y - hip.y
                shifted += 1
            }
            guard shifted > 0 else { continue }
            shift = (shift.x / Float(shifted), shift.y / Float(shifted))
            for joint in upper {
                if let p = joints[joint, frame] { result.joints[joint, frame] = (p.x + shift.x, p.y + shift.y, p.confidence) }
            }
        }
        return result
    }

    /// `squatting(thighDegrees:)` with `reps` smooth squats to `depthDegrees`, each
    /// `seconds` long, spread evenly over the clip with standing between them.
    public func squatting(reps: Int, depthDegrees: Double, seconds: Double = 2) -> Sidecar {
        squatting(depthsDegrees: Array(repeating: depthDegrees, count: reps), seconds: seconds)
    }

    /// `squatting(reps:depthDegrees:seconds:)` with each rep to its own depth, in order.
    public func squatting(depthsDegrees: [Double], seconds: Double = 2) -> Sidecar {
        let start = times.first ?? 0
        let period = duration / Double(max(depthsDegrees.count, 1))
        return squatting { t in
            let rep = Int((t - start) / period)
            let phase = (t - start).truncatingRemainder(dividingBy: period) - (period - seconds) / 2
            guard phase > 0, phase < seconds, depthsDegrees.indices.contains(rep) else { return 0 }
            return depthsDegrees[rep] * (1 - cos(2 * .pi * phase / seconds)) / 2
        }
    }
}
