import Foundation
import KinetixCore

/// Writes angles as an OpenSim motion file (`.mot`, storage version 1): a header
/// ending in `endheader`, then a tab-separated table with `time` first, degrees.
///
/// OpenSim reads it (File ▸ Load Motion for a model with these coordinate names is not
/// expected: the columns are Kinetix's limb angles, for plotting and comparison with
/// an IK `.mot`), and so do Sports2D users' plotting scripts. Missing values are NaN,
/// which OpenSim's Storage class and pandas both read.
public enum MotionFile {
    /// The angles as an OpenSim motion file (`.mot`) named `name`.
    public static func write(_ angles: AngleSeries, name: String) -> String {
        var out = "\(name)\nversion=1\nnRows=\(angles.frameCount)\nnColumns=\(Limb.count + 1)\ninDegrees=yes\n\n"
        out += "Kinetix limb angles: theta = angle(b - a, c - b), 0 = straight, 180 = fully folded; NaN = not tracked.\n"
        out += "endheader\n"
        out += "time\t" + Limb.allCases.map(\.name).joined(separator: "\t") + "\n"
        for frame in 0..<angles.frameCount {
            out += String(format: "%.6f", angles.times[frame])
            for limb in Limb.allCases {
                let value = angles[limb, frame]
                out += "\t" + (value.isNaN ? "NaN" : String(format: "%.4f", value))
            }
            out += "\n"
        }
        return out
    }
}
