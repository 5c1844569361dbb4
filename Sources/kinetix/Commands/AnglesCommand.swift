import Foundation
import KinetixCore
import KinetixFormats
import KinetixReport

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
            .init(
                long: "fill-gaps", valueName: "seconds",
                help: "Fill gaps in a limb's angle up to this long by linear interpolation (off by default; never used for scoring)."),
            .init(
                long: "low-pass", valueName: "hertz",
                help: "Zero-phase 2nd-order Butterworth low-pass at this cutoff, as Sports2D (off by default; 6 is usual for gait)."),
            .keepTeleports, .minConfidence, .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case csv, json, mot }

    let file: String
    let format: Format
    let mirror: Bool
    let minConfidence: Float
    let keepTeleports: Bool
    let fillGapsSeconds: Double?
    let lowPassHertz: Double?
    let output: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .csv)
        mirror = arguments.flag("mirror")
        minConfidence = Float(
            try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: BodySeries.minConfidenceRange))
        keepTeleports = arguments.flag("keep-teleports")
        fillGapsSeconds =
            arguments.string("fill-gaps") == nil
            ? nil : try arguments.double("fill-gaps", default: 0, in: AngleSeries.FilterRanges.fillGapsSeconds)
        lowPassHertz =
            arguments.string("low-pass") == nil
            ? nil : try arguments.double("low-pass", default: 6, in: AngleSeries.FilterRanges.lowPassHertz)
        output = arguments.string("output")
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let sidecar: Sidecar
        sidecar = try loadSidecar(file, limits: limits)
        let (clip, check) = sidecar.checkedForFaults(
            role: "sidecar", repairSwaps: false, maskTeleports: !keepTeleports, minConfidence: minConfidence)
        if check.maskedJointFrames > 0 {
            printError(
                "note: \(check.maskedJointFrames) teleported joint positions masked (--keep-teleports keeps them; 'kinetix inspect \(file)' lists them)"
            )
        }
        var angles = AngleSeries(clip, minConfidence: minConfidence)
        if mirror { angles = angles.mirrored() }
        if let fillGapsSeconds { angles = angles.fillingGaps(upTo: fillGapsSeconds) }
        if let lowPassHertz { angles = angles.lowPassed(cutoffHertz: lowPassHertz) }
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
