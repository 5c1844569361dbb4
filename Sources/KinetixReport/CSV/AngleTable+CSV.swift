import Foundation
import KinetixCore

extension AngleTable {
    /// `t` then the nine limbs; NaN as an empty field; degrees with two decimals.
    public static func csv(_ angles: AngleSeries) -> String {
        var out = "t," + Limb.allCases.map(\.name).joined(separator: ",") + "\n"
        out.reserveCapacity(angles.frameCount * 70)
        for frame in 0..<angles.frameCount {
            out += jsonNumber(angles.times[frame], digits: 6)
            for limb in Limb.allCases {
                let value = angles[limb, frame]
                out += value.isNaN ? "," : "," + String(format: "%.2f", value)
            }
            out += "\n"
        }
        return out
    }
}
