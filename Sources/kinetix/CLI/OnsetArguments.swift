import KinetixCore

/// The options that choose how movement onsets are found and cues judged, shared by
/// `kinetix onset` and `kinetix compare --reaction`; defaults come from the library.
enum OnsetArguments {
    private static var defaults: OnsetOptions { .defaults }
    private static var window: ReactionWindow { .defaults }

    static let specs: [CommandSpec.Option] = [
        .init(
            long: "detector", valueName: "name", help: "Onset detector: fractionOfPeak, baselineSD or extrapolation.",
            defaultValue: defaults.detector.rawValue),
        .init(long: "limbs", valueName: "a,b,…", help: "Limbs whose speeds combine (default: all nine), e.g. leftShoulder,leftElbow."),
        .init(
            long: "cutoff", valueName: "Hz", help: "Zero-phase low-pass before differentiating.",
            defaultValue: defaultText(defaults.cutoffHertz)),
        .init(
            long: "min-peak", valueName: "deg/s", help: "A movement's peak speed must reach this.",
            defaultValue: defaultText(defaults.minPeakSpeed)),
        .init(
            long: "quiet", valueName: "seconds", help: "Quiet time required before a movement.",
            defaultValue: defaultText(defaults.quietSeconds)),
        .init(
            long: "fraction", valueName: "x", help: "fractionOfPeak: the fraction of peak speed at the onset.",
            defaultValue: defaultText(defaults.peakFraction)),
        .init(
            long: "baseline-k", valueName: "k", help: "baselineSD: standard deviations above the baseline mean.",
            defaultValue: defaultText(defaults.baselineK)),
        .init(
            long: "window", valueName: "min-max", help: "Seconds after a cue (or a demonstrator onset) in which a response counts.",
            defaultValue: "\(defaultText(window.minSeconds))-\(defaultText(window.maxSeconds))"),
        .init(
            long: "cue-offset", valueName: "seconds", help: "Added to cue times: display latency (uncalibrated).",
            defaultValue: defaultText(window.cueDisplayOffsetSeconds)),
    ]

    /// The onset options and response window the arguments give.
    static func parse(_ arguments: ParsedArguments, command: CommandSpec) throws(CommandLineError) -> (OnsetOptions, ReactionWindow) {
        var options = OnsetOptions()
        options.detector = try arguments.choice("detector", default: options.detector)
        if let text = arguments.string("limbs") {
            var limbs: [Limb] = []
            for name in text.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
                guard let limb = Limb(name: name) else {
                    let hint = Diagnostic.didYouMean(closestName(to: name, in: Limb.allCases.map(\.name)))
                    throw .usage(
                        "--limbs: unknown limb '\(name)'\(hint); limbs are \(Limb.allCases.map(\.name).joined(separator: ", "))",
                        command: command)
                }
                limbs.append(limb)
            }
            options.limbs = limbs
        }
        options.cutoffHertz = try arguments.double("cutoff", default: options.cutoffHertz, in: OnsetOptions.Ranges.cutoffHertz)
        options.minPeakSpeed = try arguments.double("min-peak", default: options.minPeakSpeed, in: OnsetOptions.Ranges.minPeakSpeed)
        options.quietSeconds = try arguments.double("quiet", default: options.quietSeconds, in: OnsetOptions.Ranges.quietSeconds)
        options.peakFraction = try arguments.double("fraction", default: options.peakFraction, in: OnsetOptions.Ranges.peakFraction)
        options.baselineK = try arguments.double("baseline-k", default: options.baselineK, in: OnsetOptions.Ranges.baselineK)
        var window = ReactionWindow()
        if let text = arguments.string("window") {
            let parts = text.split(separator: "-").compactMap { Double($0) }
            guard parts.count == 2, parts[0] >= 0, parts[0] < parts[1], parts[1] <= 60 else {
                throw .usage("--window needs MIN-MAX seconds with 0 ≤ MIN < MAX ≤ 60, e.g. 0.1-2, got '\(text)'", command: command)
            }
            (window.minSeconds, window.maxSeconds) = (parts[0], parts[1])
        }
        window.cueDisplayOffsetSeconds = try arguments.double("cue-offset", default: 0, in: ReactionWindow.cueDisplayOffsetRange)
        return (options, window)
    }
}
