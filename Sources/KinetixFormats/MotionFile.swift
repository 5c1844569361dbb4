import Foundation
import KinetixCore

/// Writes angles as an OpenSim motion file (`.mot`, storage version 1): a header
/// ending in `endheader`, then a tab-separated table with `time` first, degrees.
///
/// Two sets of columns. The nine Kinetix limb angles under their own names, as
/// Kinetix measures them (θ = ∠(b − a, c − b) in the image plane: 0 straight, 180
/// fully folded). Then, for the angles with an OpenSim counterpart, that coordinate's
/// name and convention (the Rajagopal/Pose2Sim models' `_r`/`_l` = the subject's
/// right/left), so OpenSim, Pose2Sim and Sports2D users can load and plot them beside
/// an IK result:
///
/// | column | from | convention |
/// |---|---|---|
/// | `knee_angle_r/l` | knee θ | flexion positive, 0 straight (as OpenSim) |
/// | `elbow_flex_r/l` | elbow θ | flexion positive, 0 straight (as OpenSim) |
/// | `hip_flexion_r/l` | hip θ | 0 with the thigh in line with the trunk; unsigned, so it equals flexion in a side view while the thigh is in front of the trunk (extension reads positive too) |
/// | `arm_flex_r/l` | 180 − shoulder θ | 0 with the arm hanging; the arm's elevation from the trunk, which is flexion in a side view and abduction in a front view |
///
/// From a 2D clip these are projections: they agree with 3D coordinates only where the
/// movement lies in a plane facing the camera. From a 3D clip (`AngleSeries.dimensions`)
/// they are the angles between the 3D segments, and the header says which. Missing
/// values are NaN, which OpenSim's Storage class and pandas both read.
public enum MotionFile {
    /// An OpenSim coordinate computed from a Kinetix angle.
    public struct OpenSimColumn: Sendable {
        /// The OpenSim coordinate's name.
        public var name: String
        /// The Kinetix angle it comes from.
        public var limb: Limb
        /// The OpenSim value from the Kinetix angle θ, degrees.
        public var value: @Sendable (Float) -> Float
    }

    /// The OpenSim columns written, in order.
    public static let openSimColumns: [OpenSimColumn] = [
        .init(name: "knee_angle_r", limb: .rightKnee) { $0 }, .init(name: "knee_angle_l", limb: .leftKnee) { $0 },
        .init(name: "elbow_flex_r", limb: .rightElbow) { $0 }, .init(name: "elbow_flex_l", limb: .leftElbow) { $0 },
        .init(name: "hip_flexion_r", limb: .rightHip) { $0 }, .init(name: "hip_flexion_l", limb: .leftHip) { $0 },
        .init(name: "arm_flex_r", limb: .rightShoulder) { 180 - $0 }, .init(name: "arm_flex_l", limb: .leftShoulder) { 180 - $0 },
    ]

    /// The angles as an OpenSim motion file (`.mot`) named `name`.
    public static func write(_ angles: AngleSeries, name: String) -> String {
        var out =
            "\(headerText(name))\nversion=1\nnRows=\(angles.frameCount)\nnColumns=\(Limb.count + openSimColumns.count + 1)\ninDegrees=yes\n\n"
        let plane = angles.dimensions == .three ? "in 3D" : "in the image plane"
        out += "Kinetix limb angles: theta = angle(b - a, c - b) \(plane), 0 = straight, 180 = fully folded; NaN = not tracked.\n"
        out +=
            "OpenSim-named columns (knee_angle, elbow_flex, hip_flexion, arm_flex) follow OpenSim's conventions"
            + (angles.dimensions == .three ? ", unsigned, from 3D markers (see README).\n" : " as 2D projections (see README).\n")
        out += "endheader\n"
        out += "time\t" + (Limb.allCases.map(\.name) + openSimColumns.map(\.name)).joined(separator: "\t") + "\n"
        func cell(_ value: Float) -> String { value.isNaN ? "NaN" : String(format: "%.4f", value) }
        for frame in 0..<angles.frameCount {
            out += String(format: "%.6f", angles.times[frame])
            for limb in Limb.allCases { out += "\t" + cell(angles[limb, frame]) }
            for column in openSimColumns { out += "\t" + cell(column.value(angles[column.limb, frame])) }
            out += "\n"
        }
        return out
    }
}
