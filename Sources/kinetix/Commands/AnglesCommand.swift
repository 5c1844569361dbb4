import Foundation
import KinetixCore
import KinetixFormats

/// `kinetix angles <file>`: the nine limb angles per frame, as CSV or JSON.
struct AnglesCommand: Subcommand {
    static let spec = CommandSpec(
        name: "angles",
        abstract: "Print the nine limb angles of every frame, in degrees.",
        discussion: """
        θ = ∠(b − a, c − b): 0° is a straight continuation, 180° a full fold. A limb
        with a joint missing or below --min-confidence is empty in CSV and null in JSON.
        """,
        arguments: [.init(name: "file", help: "A sidecar JSON file.")],
        options: [
            .init(long: "format", valueName: "format", help: "csv, json, or mot (OpenSim motion file).", defaultValue: "csv"),
            .init(long: "mirror", help: "Exchange left and right limbs (as seen by someone facing the subject)."),
            .minConfidence, .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case csv, json, mot }

    let file: String
    let format: Format
    let mirror: Bool
    let minConfidence: Float
    let output: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .csv)
        mirror = arguments.flag("mirror")
        minConfidence = Float(try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: 0...1))
        output = arguments.string("output")
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let sidecar: Sidecar
        do { sidecar = try Sidecar.load(contentsOf: file, limits: limits) } catch { throw .sidecar(error) }
        var angles = AngleSeries(sidecar, minConfidence: minConfidence)
        if mirror { angles = angles.mirrored() }
        let text: String
        switch format {
        case .csv: text = AngleTable.csv(angles)
        case .json: text = AngleTable.json(angles, file: file, mirrored: mirror, minConfidence: minConfidence)
        case .mot: text = MotionFile.write(angles, name: (file as NSString).lastPathComponent)
        }
        try emit(text, output: output, inputs: [file])
        return ExitCode.success
    }
}

/// Renders an `AngleSeries` as text tables.
enum AngleTable {
    /// `t` then the nine limbs; NaN as an empty field; degrees with two decimals.
    static func csv(_ angles: AngleSeries) -> String {
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

    static func json(_ angles: AngleSeries, file: String, mirrored: Bool, minConfidence: Float) -> String {
        var out = "{\n  \"file\": \(jsonString(file)),\n  \"units\": \"degrees\",\n"
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
