import Foundation
import KinetixCore

/// `kinetix synth`: a deterministic synthetic sidecar.
struct SynthCommand: Subcommand {
    static let spec = CommandSpec(
        name: "synth",
        abstract: "Generate a sidecar of plausible human movement, reproducibly.",
        discussion: """
        A 3D body with standard proportions performs the motion, a phone camera films
        it, and its joints get detector-like noise and confidences from --seed. The
        same options always give the same bytes.

        Example (the bundled learner):
          kinetix synth --motion routine --duration 12 --delay 0.4 --mirror-motion \\
            --body-height 1.62 --distance 2.6 --seed 2 \\
            --fault leftShoulder:-45@6-12 -o Sidecars/learner.json
        """,
        options: [
            .init(long: "motion", valueName: "motion", help: "squat, arm-raise, march, routine or face.", defaultValue: "squat"),
            .init(long: "duration", valueName: "seconds", help: "Clip length.", defaultValue: "10"),
            .init(long: "fps", valueName: "rate", help: "Frames per second.", defaultValue: "30"),
            .init(long: "period", valueName: "seconds", help: "One movement cycle.", defaultValue: "2.5"),
            .init(long: "body-height", valueName: "metres", help: "The subject's standing height.", defaultValue: "1.75"),
            .init(long: "distance", valueName: "metres", help: "Camera distance from the subject (face: 0.45).", defaultValue: "3"),
            .init(long: "view", valueName: "view", help: "front, or side (the subject's left side).", defaultValue: "front"),
            .init(long: "space", valueName: "space", help: "pixels or normalized.", defaultValue: "pixels"),
            .init(long: "image-size", valueName: "WxH", help: "Image size in pixels.", defaultValue: "1080x1920"),
            .init(long: "noise", valueName: "pixels", help: "Detector noise, standard deviation.", defaultValue: "1"),
            .init(long: "dropout", valueName: "p", help: "Probability a joint is missing in a frame.", defaultValue: "0"),
            .init(long: "seed", valueName: "n", help: "Random seed.", defaultValue: "1"),
            .init(long: "delay", valueName: "seconds", help: "Perform the motion this much later.", defaultValue: "0"),
            .init(long: "mirror-motion", help: "Perform the motion with left and right exchanged (a learner facing the demonstrator)."),
            .init(long: "mirror", help: "Mirror the finished clip: flip x and exchange left/right joint names."),
            .init(long: "depth", valueName: "0...1", help: "Squat depth (1: about 120° knee flexion).", defaultValue: "0.8"),
            .init(long: "valgus", valueName: "cm", help: "Knees move this far toward the midline at full depth.", defaultValue: "0"),
            .init(long: "weak-side", valueName: "side", help: "Face: left or right side with weak expressions (facial palsy)."),
            .init(long: "weakness", valueName: "0...1", help: "Face: fraction of movement the weak side loses.", defaultValue: "0.6"),
            .init(long: "fault", valueName: "limb:deg@from-to", help: "Add degrees to a limb between two times (repeatable).", repeating: true),
            .output,
        ]
    )

    let options: SynthOptions
    let mirrorClip: Bool
    let output: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        var options = SynthOptions()
        options.motion = try arguments.choice("motion", default: .squat)
        options.durationSeconds = try arguments.double("duration", default: 10, in: 0...36_000)
        options.frameRate = try arguments.double("fps", default: 30, in: 1...1000)
        options.periodSeconds = try arguments.double("period", default: 2.5, in: 0.2...60)
        options.heightMeters = try arguments.double("body-height", default: 1.75, in: 0.5...2.5)
        options.cameraDistanceMeters = try arguments.double("distance", default: 3, in: 0.2...20)
        options.view = try arguments.choice("view", default: .front)
        options.spaceKind = try arguments.choice("space", default: .pixels)
        options.noisePixels = try arguments.double("noise", default: 1, in: 0...100)
        options.dropout = try arguments.double("dropout", default: 0, in: 0...1)
        options.delaySeconds = try arguments.double("delay", default: 0, in: -60...60)
        options.mirrorMotion = arguments.flag("mirror-motion")
        options.squatDepth = try arguments.double("depth", default: 0.8, in: 0...1)
        options.kneeValgusCentimeters = try arguments.double("valgus", default: 0, in: 0...30)
        if let seed = arguments.string("seed") {
            guard let value = UInt64(seed) else { throw .usage("'--seed' expects a non-negative integer, got '\(seed)'", command: Self.spec) }
            options.seed = value
        }
        if let size = arguments.string("image-size") {
            (options.imageWidth, options.imageHeight) = try parseImageSize(size, spec: Self.spec)
        }
        if arguments.string("weak-side") != nil {
            options.weakSide = try arguments.choice("weak-side", default: SynthOptions.Side.left)
            options.weakness = try arguments.double("weakness", default: 0.6, in: 0...1)
        }
        if options.motion == .face, arguments.string("distance") == nil { options.cameraDistanceMeters = 0.45 }
        options.faults = try arguments.strings("fault").map { text throws(CommandLineError) in try Self.parseFault(text) }
        guard options.durationSeconds * options.frameRate <= 5_000_000 else {
            throw .usage("--duration × --fps is over the 5,000,000-frame limit", command: Self.spec)
        }
        self.options = options
        mirrorClip = arguments.flag("mirror")
        output = arguments.string("output")
    }

    /// Parses `leftShoulder:-45@6-12`.
    static func parseFault(_ text: String) throws(CommandLineError) -> SynthOptions.Fault {
        let usage = CommandLineError.usage("'--fault' expects limb:degrees@from-to, e.g. leftShoulder:-45@6-12, got '\(text)'", command: spec)
        let parts = text.split(separator: "@", maxSplits: 1)
        guard parts.count == 2 else { throw usage }
        let head = parts[0].split(separator: ":")
        guard head.count == 2, let degrees = Double(head[1]) else { throw usage }
        guard let limb = Limb(name: String(head[0])) else {
            let hint = closestName(to: String(head[0]), in: Limb.allCases.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
            throw .usage("'--fault': unknown limb '\(head[0])'\(hint)", command: spec)
        }
        // A range "from-to" where from may itself be negative is not needed: times are ≥ 0.
        let range = parts[1].split(separator: "-")
        guard range.count == 2, let from = Double(range[0]), let to = Double(range[1]), from < to else { throw usage }
        return SynthOptions.Fault(limb: limb, degrees: degrees, from: from, to: to)
    }

    func run() throws(CommandLineError) -> Int32 {
        var sidecar = Synth.sidecar(options)
        if mirrorClip { sidecar = sidecar.mirrored() }
        let text = String(decoding: sidecar.encoded(), as: UTF8.self)
        try emit(text, output: output, inputs: [])
        return ExitCode.success
    }
}
