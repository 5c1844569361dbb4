import Foundation
import KinetixCore
import KinetixFormats

/// `kinetix export <sidecar> --format trc`: the joints as markers for another tool.
struct ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a sidecar's joints as OpenSim / Pose2Sim markers (.trc).",
        discussion: """
            Markers are named as Pose2Sim names them (Nose, Neck, LShoulder, ..., Hip for the
            root). A 3D sidecar (metres) is written as it is, Units m; a 2D one in isotropic
            pixels, y up, Z 0, Units px (for plotting; scale it before inverse kinematics;
            'kinetix convert' reads it back). The angles go to OpenSim with 'kinetix angles
            --format mot'.
            """,
        arguments: [.init(name: "sidecar", help: "The sidecar to read (never modified).")],
        options: [
            .init(long: "format", valueName: "format", help: "trc (OpenSim marker file).", defaultValue: "trc"),
            .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case trc }

    let file: String
    let format: Format
    let output: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .trc)
        output = arguments.string("output")
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let sidecar = try loadSidecar(file, limits: limits)
        let name =
            output.map { ($0 as NSString).lastPathComponent } ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            + ".trc"
        try emit(TRCFile.write(sidecar, name: name), output: output, inputs: [file])
        return ExitCode.success
    }
}
