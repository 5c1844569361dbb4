import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport

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
            printOut(
                resolved.profile.text(source: resolved.source, parameterHint: "override with --param name=value"), terminator: "")
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
}
