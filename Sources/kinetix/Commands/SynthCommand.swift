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
            .init(
                long: "motion", valueName: "motion", help: SynthOptions.Motion.allCases.map(\.rawValue).joined(separator: ", ") + ".",
                defaultValue: defaults.motion.rawValue),
            .init(long: "duration", valueName: "seconds", help: "Clip length.", defaultValue: defaultText(defaults.durationSeconds)),
            .init(long: "fps", valueName: "rate", help: "Frames per second.", defaultValue: defaultText(defaults.frameRate)),
            .init(long: "period", valueName: "seconds", help: "One movement cycle.", defaultValue: defaultText(defaults.periodSeconds)),
            .init(
                long: "body-height", valueName: "metres", help: "The subject's standing height.",
                defaultValue: defaultText(defaults.heightMeters)),
            .init(
                long: "distance", valueName: "metres",
                help: "Camera distance from the subject (face: \(defaultText(SynthOptions.faceCameraDistanceMeters))).",
                defaultValue: defaultText(defaults.cameraDistanceMeters)),
            .init(long: "view", valueName: "view", help: "front, or side (the subject's left side).", defaultValue: defaults.view.rawValue),
            .init(
                long: "space", valueName: "space", help: "pixels, normalized, or metres (3D: the body's own joints, y up, world frame).",
                defaultValue: defaults.spaceKind.rawValue),
            .init(
                long: "image-size", valueName: "WxH", help: "Image size in pixels.",
                defaultValue: "\(Int(defaults.imageWidth))x\(Int(defaults.imageHeight))"),
            .init(
                long: "noise", valueName: "pixels", help: "Detector noise, standard deviation.",
                defaultValue: defaultText(defaults.noisePixels)),
            .init(
                long: "dropout", valueName: "p", help: "Probability a joint is missing in a frame.",
                defaultValue: defaultText(defaults.dropout)),
            .init(long: "seed", valueName: "n", help: "Random seed.", defaultValue: String(defaults.seed)),
            .init(
                long: "delay", valueName: "seconds", help: "Perform the motion this much later.",
                defaultValue: defaultText(defaults.delaySeconds)),
            .init(long: "mirror-motion", help: "Perform the motion with left and right exchanged (a learner facing the demonstrator)."),
            .init(long: "mirror", help: "Mirror the finished clip: flip x and exchange left/right joint names."),
            .init(
                long: "depth", valueName: "0...1", help: "Squat depth (1: about 120° knee flexion).",
                defaultValue: defaultText(defaults.squatDepth)),
            .init(
                long: "rep-variation", valueName: "fraction",
                help: "Rep-to-rep variation of the squat depth (standard deviation, as a fraction of it).",
                defaultValue: defaultText(defaults.repVariation)),
            .init(
                long: "valgus", valueName: "cm", help: "Knees move this far toward the midline at full depth.",
                defaultValue: defaultText(defaults.kneeValgusCentimeters)),
            .init(long: "weak-side", valueName: "side", help: "Face: left or right side with weak expressions (facial palsy)."),
            .init(
                long: "weakness", valueName: "0...1", help: "Face: fraction of movement the weak side loses.",
                defaultValue: defaultText(SynthOptions.defaultWeakness)),
            .init(
                long: "fault", valueName: "limb:deg@from-to", help: "Add degrees to a limb between two times (repeatable).", repeating: true
            ),
            .init(
                long: "reaction", valueName: "seconds", help: "cue-response: cue to movement start.",
                defaultValue: defaultText(defaults.reactionSeconds)),
            .init(
                long: "reaction-jitter", valueName: "seconds", help: "cue-response: trial-to-trial SD of the reaction time.",
                defaultValue: defaultText(defaults.reactionJitterSeconds)),
            .init(
                long: "false-start-every", valueName: "n", help: "cue-response: every n-th trial starts 0.05 s after its cue (0: never).",
                defaultValue: String(defaults.falseStartEvery)),
            .init(
                long: "no-response-every", valueName: "n", help: "cue-response: every n-th trial has no movement (0: never).",
                defaultValue: String(defaults.noResponseEvery)),
            .init(long: "simon-says", help: "cue-response: cues say \"Simon says\" or not (a trial without movement is one without it)."),
            .init(
                long: "wrong-every", valueName: "n",
                help: "cue-response --simon-says: every n-th cue lacks \"Simon says\" and is performed anyway (0: never).",
                defaultValue: String(defaults.wrongEvery)),
            .output,
        ]
    )

    private static var defaults: SynthOptions { .defaults }

    let options: SynthOptions
    let mirrorClip: Bool
    let output: String?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        var options = SynthOptions()
        options.motion = try arguments.choice("motion", default: options.motion)
        options.durationSeconds = try arguments.double(
            "duration", default: options.durationSeconds, in: SynthOptions.Ranges.durationSeconds)
        options.frameRate = try arguments.double("fps", default: options.frameRate, in: SynthOptions.Ranges.frameRate)
        options.periodSeconds = try arguments.double("period", default: options.periodSeconds, in: SynthOptions.Ranges.periodSeconds)
        options.heightMeters = try arguments.double("body-height", default: options.heightMeters, in: SynthOptions.Ranges.heightMeters)
        options.cameraDistanceMeters = try arguments.double(
            "distance", default: options.cameraDistanceMeters, in: SynthOptions.Ranges.cameraDistanceMeters)
        options.view = try arguments.choice("view", default: options.view)
        options.spaceKind = try arguments.choice("space", default: options.spaceKind)
        options.noisePixels = try arguments.double("noise", default: options.noisePixels, in: SynthOptions.Ranges.noisePixels)
        options.dropout = try arguments.double("dropout", default: options.dropout, in: SynthOptions.Ranges.dropout)
        options.delaySeconds = try arguments.double("delay", default: options.delaySeconds, in: SynthOptions.Ranges.delaySeconds)
        options.mirrorMotion = arguments.flag("mirror-motion")
        options.squatDepth = try arguments.double("depth", default: options.squatDepth, in: SynthOptions.Ranges.squatDepth)
        options.repVariation = try arguments.double("rep-variation", default: options.repVariation, in: SynthOptions.Ranges.repVariation)
        options.kneeValgusCentimeters = try arguments.double(
            "valgus", default: options.kneeValgusCentimeters, in: SynthOptions.Ranges.kneeValgusCentimeters)
        options.reactionSeconds = try arguments.double(
            "reaction", default: options.reactionSeconds, in: SynthOptions.Ranges.reactionSeconds)
        options.reactionJitterSeconds = try arguments.double(
            "reaction-jitter", default: options.reactionJitterSeconds, in: SynthOptions.Ranges.reactionJitterSeconds)
        options.falseStartEvery = Int(
            try arguments.double("false-start-every", default: Double(options.falseStartEvery), in: SynthOptions.Ranges.everyNthCue))
        options.noResponseEvery = Int(
            try arguments.double("no-response-every", default: Double(options.noResponseEvery), in: SynthOptions.Ranges.everyNthCue))
        options.simonSays = arguments.flag("simon-says")
        options.wrongEvery = Int(
            try arguments.double("wrong-every", default: Double(options.wrongEvery), in: SynthOptions.Ranges.everyNthCue))
        if let seed = arguments.string("seed") {
            guard let value = UInt64(seed) else {
                throw .usage("'--seed' expects a non-negative integer, got '\(seed)'", command: Self.spec)
            }
            options.seed = value
        }
        if let size = arguments.string("image-size") {
            let parsed = try parseImageSize(size, spec: Self.spec)
            (options.imageWidth, options.imageHeight) = (parsed.width, parsed.height)
        }
        if arguments.string("weak-side") != nil {
            options.weakSide = try arguments.choice("weak-side", default: SynthOptions.Side.left)
            options.weakness = try arguments.double("weakness", default: SynthOptions.defaultWeakness, in: SynthOptions.Ranges.weakness)
        }
        if options.motion == .face, arguments.string("distance") == nil {
            options.cameraDistanceMeters = SynthOptions.faceCameraDistanceMeters
        }
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
        let usage = CommandLineError.usage(
            "'--fault' expects limb:degrees@from-to, e.g. leftShoulder:-45@6-12, got '\(text)'", command: spec)
        let parts = text.split(separator: "@", maxSplits: 1)
        guard parts.count == 2 else { throw usage }
        let head = parts[0].split(separator: ":")
        guard head.count == 2, let degrees = Double(head[1]) else { throw usage }
        guard let limb = Limb(name: String(head[0])) else {
            let hint = Diagnostic.didYouMean(closestName(to: String(head[0]), in: Limb.allCases.map(\.name)))
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
