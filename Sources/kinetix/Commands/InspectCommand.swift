import Foundation
import KinetixCore

/// `kinetix inspect <file>`: timing, coverage and extras of one clip.
struct InspectCommand: Subcommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "Summarize a sidecar: frames, frame rate, jitter, tracking coverage, gaps.",
        arguments: [.init(name: "file", help: "A sidecar JSON file.")],
        options: [
            .init(long: "format", valueName: "format", help: "text or json.", defaultValue: "text"),
            .minConfidence, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json }

    let file: String
    let format: Format
    let minConfidence: Float
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        file = arguments.positional[0]
        format = try arguments.choice("format", default: .text)
        minConfidence = Float(try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: 0...1))
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let sidecar: Sidecar
        do { sidecar = try Sidecar.load(contentsOf: file, limits: limits) } catch { throw .sidecar(error) }
        let summary = SidecarSummary(sidecar, minConfidence: minConfidence)
        var detector = EstimatorFaultDetector()
        detector.minConfidence = minConfidence
        let faults = detector.detect(sidecar).faults
        print(format == .json ? json(sidecar, summary, faults: faults) : text(sidecar, summary, faults: faults), terminator: "")
        return ExitCode.success
    }

    private func text(_ sidecar: Sidecar, _ s: SidecarSummary, faults: [EstimatorFault]) -> String {
        var out = "\(file)\n"
        let source = sidecar.source.keys.sorted().map { "\($0)=\(sidecar.source[$0]!)" }.joined(separator: ", ")
        out += field("source", source.isEmpty ? "—" : source)
        out += field("space", "\(sidecar.space.kind.rawValue), \(Int(sidecar.space.width)) × \(Int(sidecar.space.height)) px")
        var timing = "\(s.frameCount) over \(formatSeconds(s.durationSeconds))"
        if let rate = s.frameRate, let jitter = s.intervalJitterSeconds, let longest = s.longestIntervalSeconds {
            timing += String(format: ", %.2f fps (interval jitter %.1f ms, longest interval %.1f ms)", rate, jitter * 1000, longest * 1000)
        }
        out += field("frames", timing)
        out += field("no person", "\(s.emptyFrames) frame\(s.emptyFrames == 1 ? "" : "s")")
        out += field("torso length", s.torsoLengthPixels.map { String(format: "%.1f px (clip scale: 90th percentile)", $0) } ?? "unknown (neck and hips never tracked together)")
        out += field("face", s.faceFrames > 0 ? "landmarks in \(s.faceFrames) frames" : "none")
        out += field("events", s.eventCount > 0 ? "\(s.eventCount): " + sidecar.events.prefix(6).map { "\(formatSeconds($0.t)) \($0.label)" }.joined(separator: ", ") + (s.eventCount > 6 ? ", …" : "") : "none")
        out += "\n" + "joint".padding(toLength: 15, withPad: " ", startingAt: 0) + "  tracked   longest gap"
        out += String(format: "   (tracked: confidence ≥ %.2f)\n", minConfidence)
        for joint in Joint.allCases { out += coverageRow(joint.name, s.joints[joint.rawValue]) }
        out += "\n" + "limb angle".padding(toLength: 15, withPad: " ", startingAt: 0) + "  defined   longest gap\n"
        for limb in Limb.allCases { out += coverageRow(limb.name, s.limbs[limb.rawValue]) }
        out += "\nestimator faults: " + (faults.isEmpty ? "none found\n" : "\(faults.count)\n")
        for fault in faults.prefix(30) { out += "  \(fault)\n" }
        if faults.count > 30 { out += "  … \(faults.count - 30) more (--format json lists all)\n" }
        if faults.contains(where: { $0.kind == .leftRightSwap }) { out += "  left/right swaps can be undone with --repair-swaps (convert, compare, assess)\n" }
        return out
    }

    private func field(_ name: String, _ value: String) -> String {
        name.padding(toLength: 14, withPad: " ", startingAt: 0) + value + "\n"
    }

    private func coverageRow(_ name: String, _ coverage: SidecarSummary.Coverage) -> String {
        name.padding(toLength: 15, withPad: " ", startingAt: 0)
            + String(format: "  %5.1f %%  %9.3f s\n", coverage.fraction * 100, coverage.longestGapSeconds)
    }

    private func json(_ sidecar: Sidecar, _ s: SidecarSummary, faults: [EstimatorFault]) -> String {
        func coverage(_ c: SidecarSummary.Coverage) -> String {
            "{\"fraction\": \(jsonNumber(c.fraction, digits: 4)), \"longestGapSeconds\": \(jsonNumber(c.longestGapSeconds, digits: 4))}"
        }
        func optional(_ value: Double?) -> String { value.map { jsonNumber($0, digits: 6) } ?? "null" }
        var out = "{\n"
        out += "  \"file\": \(jsonString(file)),\n"
        out += "  \"space\": {\"kind\": \"\(sidecar.space.kind.rawValue)\", \"width\": \(sidecar.space.width), \"height\": \(sidecar.space.height)},\n"
        out += "  \"frames\": \(s.frameCount),\n  \"durationSeconds\": \(jsonNumber(s.durationSeconds, digits: 6)),\n"
        out += "  \"frameRate\": \(optional(s.frameRate)),\n  \"intervalJitterSeconds\": \(optional(s.intervalJitterSeconds)),\n"
        out += "  \"longestIntervalSeconds\": \(optional(s.longestIntervalSeconds)),\n  \"emptyFrames\": \(s.emptyFrames),\n"
        out += "  \"torsoLengthPixels\": \(optional(s.torsoLengthPixels.map(Double.init))),\n"
        out += "  \"minConfidence\": \(jsonNumber(Double(s.minConfidence), digits: 4)),\n"
        out += "  \"faceFrames\": \(s.faceFrames),\n  \"events\": \(s.eventCount),\n"
        out += "  \"joints\": {" + Joint.allCases.map { "\"\($0.name)\": \(coverage(s.joints[$0.rawValue]))" }.joined(separator: ", ") + "},\n"
        out += "  \"limbs\": {" + Limb.allCases.map { "\"\($0.name)\": \(coverage(s.limbs[$0.rawValue]))" }.joined(separator: ", ") + "},\n"
        out += "  \"faults\": [" + faults.map(\.json).joined(separator: ", ") + "]\n"
        return out + "}\n"
    }
}
