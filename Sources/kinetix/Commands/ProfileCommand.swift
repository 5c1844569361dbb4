import Foundation
import KinetixCore
import KinetixProfiles

/// `kinetix profile list | show <id> | lint <file…>`.
struct ProfileCommand: Subcommand {
    static let spec = CommandSpec(
        name: "profile",
        abstract: "List, show, lint, draft and evaluate assessment profiles.",
        discussion: """
            ACTIONS:
              list              Every profile found: id, version, title, tags.
              show <id|path>    One profile: parameters, requirements, metrics, rules.
              lint <file> ...   Check profile files; every problem with its JSON path and,
                                inside an expression, its column. Exit 65 when any has one.
              draft             A new profile from plain English (--describe, --text) and/or a
                                demonstration (--demo): every sentence reported with what it
                                became; exit 65 when one is not understood (unless --partial).
              evaluate <file>   Run a profile on clips of its movement (--same) and of others
                                (--different): reps, passing reps, verdicts; --sensitivity
                                finds the smallest synthesized fault per limb it flags.

            A profile is named by path (containing '/' or ending in .json) or by id. Ids
            are looked up in the folders of $KINETIX_PROFILES (colon-separated, in order),
            then among the profiles shipped inside kinetix; never in the current
            directory. Every report names the file (or shipped:<name>) that was used.
            """,
        arguments: [
            .init(name: "action", help: "list, show, lint, draft or evaluate."),
            .init(name: "profiles", help: "Profile ids or files, for show, lint and evaluate.", repeating: true, optional: true),
        ],
        options: ProfileDraftAction.options + ProfileEvaluateAction.options + [.minConfidence, .output, .maxInput]
    )

    enum Action: String, CaseIterable { case list, show, lint, draft, evaluate }

    let action: Action
    let references: [String]
    let draft: ProfileDraftAction?
    let evaluate: ProfileEvaluateAction?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard let action = Action(rawValue: arguments.positional[0]) else {
            let hint = Diagnostic.didYouMean(closestName(to: arguments.positional[0], in: Action.allCases.map(\.rawValue)))
            throw .usage(
                "unknown action '\(arguments.positional[0])'\(hint); expected list, show, lint, draft or evaluate", command: Self.spec)
        }
        self.action = action
        references = Array(arguments.positional.dropFirst())
        draft = action == .draft ? try ProfileDraftAction(arguments, command: Self.spec) : nil
        evaluate = action == .evaluate ? try ProfileEvaluateAction(arguments, references: references, command: Self.spec) : nil
        if action == .draft, !references.isEmpty {
            throw .usage("'profile draft' takes no profile: it writes one (-o FILE)", command: Self.spec)
        }
        if action != .list, action != .draft, references.isEmpty {
            throw .usage("'profile \(action.rawValue)' needs a profile", command: Self.spec)
        }
        if action == .show, references.count > 1 { throw .usage("'profile show' takes one profile", command: Self.spec) }
    }

    func run() throws(CommandLineError) -> Int32 {
        switch action {
        case .draft: return try draft!.run()
        case .evaluate: return try evaluate!.run()
        case .list:
            let library = profileLibrary()
            var rows: [[String]] = [["id", "version", "kind", "title", "tags", "source"]]
            var status = ExitCode.success
            for entry in library.entries() {
                do {
                    let p = try entry.load()
                    rows.append([p.id, p.version, p.kind.rawValue, p.title, p.tags.joined(separator: ", "), entry.source])
                } catch {
                    printError("\(entry.source): does not load (run 'kinetix profile lint \(entry.source)')")
                    status = ExitCode.dataError
                }
            }
            let widths = (0..<6).map { c in rows.map { $0[c].count }.max()! + 2 }
            for row in rows {
                printOut(
                    row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined().trimmingCharacters(
                        in: .whitespaces))
            }
            if rows.count == 1 { printError("no profiles found") }
            return status
        case .show:
            let resolved: ProfileLibrary.Resolved
            do { resolved = try profileLibrary().resolve(references[0]) } catch { throw .failed(error) }
            printOut(describe(resolved.profile, path: resolved.source), terminator: "")
            return ExitCode.success
        case .lint:
            var status = ExitCode.success
            for file in references {
                do {
                    let profile = try Profile.load(contentsOf: file)
                    if profile.kind == .pair {
                        // Settings are checked with the parameters' defaults, as a run without --param uses them.
                        _ = try ComparisonOptions(pairProfile: profile, parameters: try profile.parameterValues(overriding: []))
                    }
                    printOut(
                        "\(file): OK (\(profile.id) \(profile.version), \(profile.metrics.count) metrics, \(profile.rules.count) rules)")
                } catch {
                    for diagnostic in error.diagnostics {
                        printError(commandLineText(diagnostic.file == nil ? diagnostic.inFile(file) : diagnostic))
                    }
                    let code = error.kind == .unreadable ? ExitCode.noInput : ExitCode.dataError
                    status = status == ExitCode.noInput ? status : code
                }
            }
            return status
        }
    }

    private func describe(_ p: Profile, path: String) -> String {
        var out = "\(p.title) — \(p.id) \(p.version) (\(p.kind.rawValue) profile, \(path))\n"
        if !p.description.isEmpty { out += "\n\(p.description)\n" }
        if !p.tags.isEmpty { out += "\ntags: \(p.tags.joined(separator: ", "))\n" }
        if !p.parameters.isEmpty {
            out += "\nPARAMETERS (override with --param name=value):\n"
            for parameter in p.parameters {
                var range = ""
                if parameter.type == .choice { range = " one of " + parameter.choices.joined(separator: ", ") }
                if let min = parameter.minimum, let max = parameter.maximum {
                    range = " in \(jsonNumber(min, digits: 6))...\(jsonNumber(max, digits: 6))"
                }
                out += "  \(parameter.name) = \(parameter.defaultValue) (\(parameter.type.rawValue)\(range))"
                out += parameter.description.map { ": \($0)" } ?? ""
                out += "\n"
            }
        }
        let r = p.requirements
        if p.kind != .pair {
            out += "\nREQUIRES: view \(r.view.rawValue)"
            let points = r.joints.map(\.name) + r.landmarks.map(\.name)
            if !points.isEmpty {
                out += "; \(points.joined(separator: ", ")) tracked in \(jsonNumber(r.minCoverage * 100, digits: 0)) % of frames"
            }
            out += "\n"
        }
        if let baseline = p.baseline { out += "BASELINE: first \(jsonNumber(baseline.seconds, digits: 3)) s (or --baseline FILE)\n" }
        if !p.metrics.isEmpty {
            out += "\nMETRICS:\n"
            for m in p.metrics {
                out += "  \(m.name)\(m.unit.map { " [\($0)]" } ?? "") = \(m.expression)"
                var notes: [String] = []
                if let s = m.medianSeconds { notes.append("median \(jsonNumber(s, digits: 3)) s") }
                if let h = m.lowPassHertz { notes.append("low-pass \(jsonNumber(h, digits: 3)) Hz") }
                if m.relativeToBaseline { notes.append("from baseline") }
                out += notes.isEmpty ? "\n" : "  (\(notes.joined(separator: ", ")))\n"
            }
        }
        if let reps = p.reps {
            out += "\nREPS: \(reps.thresholdsText)\n"
            for s in reps.summaryExpressions { out += "  \(s.name) = \(s.expression)\n" }
        }
        if !p.rules.isEmpty {
            out += "\nRULES:\n"
            for rule in p.rules {
                out += "  \(rule.id) [\(rule.severity.rawValue)] when \(rule.when)"
                out += rule.scope == .reps ? " (each rep)" : (rule.minSeconds > 0 ? " for \(jsonNumber(rule.minSeconds, digits: 3)) s" : "")
                out += "\n    cue: \(rule.cue)\n    detail: \(rule.detail)\n"
            }
        }
        if let symmetry = p.symmetry {
            out += "\nSYMMETRY (weaker side named at \(symmetry.thresholdPercent.text) % deviation):\n"
            for m in symmetry.measures { out += "  \(m.name): \(m.left) vs \(m.right)\n" }
        }
        if let pair = p.pair {
            out +=
                "\nPAIR: mirror \(pair.mirror.text), max lag \(pair.maxLagSeconds.text) s, tolerance \(pair.toleranceDegrees.text)°, lag window \(pair.lagWindowSeconds.text) s\n"
            out +=
                "  limbs: "
                + Limb.allCases.filter { (pair.weights[$0] ?? 0) > 0 }.map { "\($0.name)×\(jsonNumber(pair.weights[$0]!, digits: 3))" }
                .joined(separator: ", ") + "\n"
        }
        if let challenge = p.challenge {
            out +=
                "\nACTIONS (response window \(jsonNumber(challenge.minSeconds, digits: 3))–\(jsonNumber(challenge.maxSeconds, digits: 3)) s after the cue; "
                + "void below \(Int((challenge.minTracked * 100).rounded())) % tracked):\n"
            for a in challenge.actions {
                out += "  \(a.id) (v\(a.version), hold \(jsonNumber(a.holdSeconds, digits: 3)) s): \(a.title)\n      when \(a.when)\n"
            }
        }
        return out
    }
}
