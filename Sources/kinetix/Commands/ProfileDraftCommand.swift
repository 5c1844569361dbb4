import Foundation
import KinetixCore
import KinetixDrafting
import KinetixProfiles
import KinetixReport

/// `kinetix profile draft`: a profile from plain-English sentences and/or a demonstration.
struct ProfileDraftAction {
    static let options: [CommandSpec.Option] = [
        .init(long: "describe", valueName: "text", help: "draft: the exercise in plain English sentences."),
        .init(long: "text", valueName: "file", help: "draft: read the description from a file."),
        .init(long: "demo", valueName: "sidecar", help: "draft: a demonstration clip to learn the numbers from (or the whole movement)."),
        .init(long: "reps", valueName: "a-b", help: "draft: learn from the demonstration's reps a to b (1-based; default all)."),
        .init(
            long: "vocabulary", valueName: "file", help: "draft: more words, merged over the shipped vocabulary (repeatable).",
            repeating: true),
        .init(long: "partial", help: "draft: write the draft even when sentences are left out (they are listed)."),
    ]

    /// Descriptions and vocabularies are small text files: at most 4 MiB.
    static var textLimits: SidecarLimits {
        var limits = SidecarLimits()
        limits.maxFileBytes = 16 << 20
        return limits
    }

    let description: String?
    /// Where the description came from, for located messages ("description" or the file).
    let descriptionSource: String
    let demo: String?
    let reps: ClosedRange<Int>?
    let vocabularies: [String]
    let partial: Bool
    let output: String?
    let minConfidence: Float
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments, command: CommandSpec) throws(CommandLineError) {
        let described = arguments.string("describe")
        let file = arguments.string("text")
        if described != nil && file != nil { throw .usage("give --describe or --text, not both", command: command) }
        if let file {
            let data: Data
            do throws(KinetixError) { data = try readInput(file, limits: Self.textLimits) } catch { throw .failed(error) }
            guard let text = String(data: data, encoding: .utf8) else {
                throw .failed(KinetixError(.invalidData, file: file, "not UTF-8 text"))
            }
            description = text
            descriptionSource = file
        } else {
            description = described
            descriptionSource = "description"
        }
        demo = arguments.string("demo")
        if description?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true, demo == nil {
            throw .usage("'profile draft' needs --describe \"…\", --text FILE or --demo CLIP", command: command)
        }
        if let text = arguments.string("reps") {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard demo != nil else { throw .usage("--reps chooses reps of the demonstration: give --demo", command: command) }
            guard (1...2).contains(parts.count), let a = parts.first ?? nil, let b = parts.last ?? nil, a >= 1, b >= a else {
                throw .usage("--reps expects a-b, 1-based reps of the demonstration (e.g. 1-3), got '\(text)'", command: command)
            }
            reps = a...b
        } else {
            reps = nil
        }
        vocabularies = arguments.strings("vocabulary")
        partial = arguments.flag("partial")
        output = arguments.string("output")
        minConfidence = Float(
            try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: BodySeries.minConfidenceRange))
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        var vocabulary: DraftVocabulary
        do {
            vocabulary = try DraftVocabulary.shipped()
            for file in vocabularies { try vocabulary.merge(try readInput(file, limits: Self.textLimits), file: file) }
        } catch { throw .failed(error) }
        var drafter = ProfileDrafter(vocabulary: vocabulary)
        drafter.minConfidence = minConfidence
        let clip = try demo.map { (path) throws(CommandLineError) in try loadClip(path, role: "demonstration", limits: limits) }
        let draft: ProfileDrafter.Draft
        do {
            draft = try drafter.draft(description: description, demonstration: clip.map { .init(clip: $0, reps: reps) })
        } catch {
            // A description too long is the description file's fault: name it.
            if error.kind == .limitExceeded, descriptionSource != "description" {
                throw .failed(KinetixError(kind: error.kind, diagnostics: error.diagnostics.map { $0.inFile(descriptionSource) }))
            }
            throw .failed(error)
        }

        let toFile = output != nil && output != "-"
        let report = self.report(draft)
        let leftOut = draft.sentences.filter { $0.failure != nil }
        if !leftOut.isEmpty && !partial {
            printError(
                report + "\n\(leftOut.count) sentence\(leftOut.count == 1 ? " was" : "s were") not understood: "
                    + "reword \(leftOut.count == 1 ? "it" : "them") (or add words with --vocabulary), or write the rest with --partial. Nothing written."
            )
            return ExitCode.dataError
        }
        try emit(
            draft.text, output: output,
            inputs: [demo, descriptionSource == "description" ? nil : descriptionSource].compactMap { $0 } + vocabularies)
        let summary =
            report
            + (leftOut.isEmpty ? "" : "\n--partial: \(leftOut.count) sentence\(leftOut.count == 1 ? "" : "s") left out (listed above).")
            + (toFile
                ? "\nWrote \(output!): check it with 'kinetix profile lint \(output!)', run it with 'kinetix assess CLIP --profile \(output!)'."
                : "")
        if toFile { print(summary) } else { printError(summary) }
        return ExitCode.success
    }

    /// Every sentence and what it became, located; then the demonstration and the defaults.
    private func report(_ draft: ProfileDrafter.Draft) -> String {
        var out =
            "Draft '\(draft.profile.title)' (\(draft.profile.id)): \(draft.profile.metrics.count) metrics, "
            + "\(draft.profile.rules.count) rules, \(draft.profile.reps == nil ? "no rep counter" : "reps counted"), view \(draft.profile.requirements.view.rawValue)\n"
        for s in draft.sentences {
            let place = "\(descriptionSource):\(s.failureLine):\(s.failureColumn)"
            out += "\n\(s.failure == nil ? "  " : "✗ ")\(s.index). \"\(s.text)\"\n"
            if let failure = s.failure { out += "     \(place): not understood: \(failure)\n" }
            for line in s.became { out += "     → \(line)\n" }
            if let reason = s.notMeasurable { out += "     recognised, not measurable from body keypoints: \(reason)\n" }
            for clause in s.clausesLeftOut { out += "     clause not understood, left out: \(clause)\n" }
            if !s.unknownWords.isEmpty && s.failure == nil {
                out += "     ignored: \(s.unknownWords.joined(separator: ", "))\n"
            } else if !s.unknownWords.isEmpty {
                out += "     unknown: \(s.unknownWords.joined(separator: ", "))\n"
            }
        }
        if !draft.demonstrationNotes.isEmpty {
            out += "\nFrom the demonstration \(demo ?? ""):\n" + draft.demonstrationNotes.map { "  - \($0)\n" }.joined()
        }
        if !draft.defaultsUsed.isEmpty {
            out += "\nDefaults used (change them with --param or in the file):\n" + draft.defaultsUsed.map { "  - \($0)\n" }.joined()
        }
        return out
    }
}

/// `kinetix profile evaluate PROFILE --same CLIPS --different CLIPS [--sensitivity MOTION]`.
struct ProfileEvaluateAction {
    static let options: [CommandSpec.Option] = [
        .init(long: "same", valueName: "sidecar", help: "evaluate: a clip of the profile's own movement (repeatable).", repeating: true),
        .init(long: "different", valueName: "sidecar", help: "evaluate: a clip of another movement (repeatable).", repeating: true),
        .init(
            long: "sensitivity", valueName: "motion",
            help: "evaluate: also find the smallest fault per limb flagged on a synthesized motion (squat, arm-raise, march)."),
        .init(long: "format", valueName: "format", help: "evaluate: text or json.", defaultValue: "text"),
    ]
    enum Format: String, CaseIterable { case text, json }

    let profileReference: String
    let same: [String]
    let different: [String]
    let motion: SynthOptions.Motion?
    let format: Format
    let output: String?
    let minConfidence: Float
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments, references: [String], command: CommandSpec) throws(CommandLineError) {
        guard references.count == 1 else { throw .usage("'profile evaluate' takes one profile", command: command) }
        profileReference = references[0]
        same = arguments.strings("same")
        different = arguments.strings("different")
        if let text = arguments.string("sensitivity") {
            guard let motion = SynthOptions.Motion(rawValue: text), [.squat, .armRaise, .march].contains(motion) else {
                throw .usage("--sensitivity expects squat, arm-raise or march, got '\(text)'", command: command)
            }
            self.motion = motion
        } else {
            motion = nil
        }
        if same.isEmpty && different.isEmpty && motion == nil {
            throw .usage("'profile evaluate' needs clips (--same, --different) or --sensitivity MOTION", command: command)
        }
        format = try arguments.choice("format", default: .text)
        output = arguments.string("output")
        minConfidence = Float(
            try arguments.double("min-confidence", default: Double(BodySeries.defaultMinConfidence), in: BodySeries.minConfidenceRange))
        limits = try arguments.limits()
    }

    func run() throws(CommandLineError) -> Int32 {
        let resolved: ProfileLibrary.Resolved
        do { resolved = try profileLibrary().resolve(profileReference) } catch { throw .failed(error) }
        guard resolved.profile.kind == .body else {
            throw .failed(
                KinetixError(
                    .unsupported, "'profile evaluate' runs body profiles; \(resolved.source) is a \(resolved.profile.kind.rawValue) profile"
                ))
        }
        var sameClips: [ClipInput] = []
        var differentClips: [ClipInput] = []
        for path in same { sameClips.append(try loadClip(path, role: "same", limits: limits)) }
        for path in different { differentClips.append(try loadClip(path, role: "different", limits: limits)) }
        var evaluation = DraftEvaluation(
            profile: resolved.profile, same: sameClips, different: differentClips, minConfidence: minConfidence)
        if let motion {
            var options = SynthOptions()
            options.motion = motion
            evaluation.sensitivity = DraftEvaluation.sensitivity(of: resolved.profile, motion: options, minConfidence: minConfidence)
        }
        let text = format == .json ? evaluation.json(profile: resolved.source) : evaluation.text(profile: resolved.source)
        try emit(text, output: output, inputs: same + different + [resolved.source])
        return ExitCode.success
    }

}
