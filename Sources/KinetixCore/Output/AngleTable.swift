import Foundation

/// An `AngleSeries` as a table: JSON here, CSV in KinetixReport.
public enum AngleTable {

    /// Every frame as JSON; NaN as null.
    public static func json(_ angles: AngleSeries, file: String, mirrored: Bool, minConfidence: Float) -> String {
        var out = "{\n  \"file\": \(jsonString(file)),\n  \"units\": \"degrees\",\n  \"dimensions\": \"\(angles.dimensions)\",\n"
        out += "  \"mirrored\": \(mirrored),\n  \"minConfidence\": \(jsonNumber(Double(minConfidence), digits: 4)),\n"
        out += "  \"limbs\": [" + Limb.allCases.map { "\"\($0.name)\"" }.joined(separator: ", ") + "],\n"
        out += "  \"frames\": [\n"
        for frame in 0..<angles.frameCount {
            let values = Limb.allCases.map { limb -> String in
                let value = angles[limb, frame]
                return "\"\(limb.name)\": " + (value.isNaN ? "null" : String(format: "%.2f", value))
            }
            out += "    {\"t\": \(jsonNumber(angles.times[frame], digits: 6)), \"angles\": {\(values.joined(separator: ", "))}}"
            out += frame == angles.frameCount - 1 ? "\n" : ",\n"
        }
        return out + "  ]\n}\n"
    }
}
