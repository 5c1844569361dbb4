import Foundation
import KinetixCore

/// Writes a sidecar's joints as an OpenSim marker file (`.trc`, `PathFileType 4`), so a
/// clip goes into OpenSim or Pose2Sim as markers, beside `MotionFile`'s angles.
///
/// Markers are named as Pose2Sim names them (`TRCMarkers`); rows are frames (`Frame#`
/// from 1) at the sidecar's own times; a joint not tracked leaves its three fields
/// empty, which OpenSim reads as missing.
///
/// | sidecar | X, Y, Z | Units |
/// |---|---|---|
/// | metres (3D) | as they are (the sidecar's world or root frame) | `m` |
/// | image with relative depth | isotropic pixels, y up; Z = −depth (toward the camera, right-handed) | `px` |
/// | image, 2D | isotropic pixels, y up, origin lower-left; Z = 0 | `px` |
///
/// Pixels are not a unit OpenSim scales: a 2D file is for plotting and for tools that
/// take image markers; scale it to metres before inverse kinematics.
public enum TRCFile {
    /// The file's text; `name` goes on its first line.
    public static func write(_ sidecar: Sidecar, name: String) -> String {
        let space = sidecar.space
        let n = sidecar.frameCount
        let units = space.kind == .metres ? "m" : "px"
        let rate = sidecar.frameRate.map { jsonNumber($0, digits: 6) } ?? "NaN"
        var out = "PathFileType\t4\t(X/Y/Z)\t\(headerText(name))\n"
        out += "DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames\n"
        out += "\(rate)\t\(rate)\t\(n)\t\(Joint.count)\t\(units)\t\(rate)\t1\t\(n)\n"
        out += "Frame#\tTime\t" + Joint.allCases.map { TRCMarkers.name(of: $0) + "\t\t" }.joined(separator: "\t") + "\n"
        out += "\t\t" + (1...Joint.count).map { "X\($0)\tY\($0)\tZ\($0)" }.joined(separator: "\t") + "\n"
        out += "\n"
        let joints = sidecar.joints
        for frame in 0..<n {
            out += "\(frame + 1)\t" + String(format: "%.6f", sidecar.times[frame])
            for joint in Joint.allCases {
                guard let p = joints[joint, frame] else {
                    out += "\t\t\t"
                    continue
                }
                let (x, y) = space.isotropic(x: p.x, y: p.y)
                var z: Float = 0
                if joints.hasDepth {
                    z = space.kind == .metres ? joints.depth(joint, frame) : -space.isotropicDepth(joints.depth(joint, frame))
                }
                out += "\t" + cell(x) + "\t" + cell(y) + "\t" + cell(z)
            }
            out += "\n"
        }
        return out
    }

    private static func cell(_ value: Float) -> String { String(format: "%.6f", value) }
}

/// `name` as one field of a header line: a tab, a line break or any other control
/// character (a file name may hold them) becomes `_`, so the name cannot add fields or
/// lines that shift the header a reader expects.
func headerText(_ name: String) -> String {
    String(
        String.UnicodeScalarView(
            name.unicodeScalars.map { scalar in
                switch scalar.value {
                case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: "_"
                default: scalar
                }
            }))
}
