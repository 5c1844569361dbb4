import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport

/// `kinetix progress SESSION…`: one person's sessions with one profile, and which
/// measures changed beyond the noise.
struct ProgressCommand: Subcommand {
    static let spec = CommandSpec(
        name: "progress",
        abstract: "Follow one person's sessions: what changed beyond the measurement's noise.",
        discussion: """
            Each session is a sidecar (assessed here with --profile), the JSON of
            'kinetix assess --format json' (its profile is found by id, or given), or the
            JSON of 'kinetix compare --format json' (a learner copying a demonstrator); a
            batch's results are either. Per measure: each session's value ± its standard
            error (from the spread of its reps, of the face's baseline, or of a
            comparison's 1 s blocks), the change from the baseline session, and a verdict:
            improved or worse (the profile says which way is better; a tempo is higher or
            lower), within the noise (under MDC95 = 1.96·√(SEM₁² + SEM₂²), or under the
            measure's resolution: 1°, 1 point, one frame), or cannot tell (under 3 reps).
            Sessions are in the order given, or in date order with --dates. Sessions of
            another profile or version, comparisons with other settings, one clip twice,
            or 2D beside 3D are refused (exit 65); a changed camera view, other body
            proportions, another demonstration or a void session are noted.

            Example (three squat sessions, side view):
              kinetix progress week1.json week5.json week9.json --profile squat \\
                --param view=side --dates 2026-01-05,2026-02-02,2026-03-02 --report p.html
            """,
        arguments: [.init(name: "sessions", help: "Two or more sessions: sidecars, or assessment or comparison JSON.", repeating: true)],
        options: [
            .init(long: "profile", valueName: "id|path", help: "The profile (required for sidecars; assessment JSON names its own)."),
            .init(long: "param", valueName: "name=value", help: "Override a profile parameter for sidecars (repeatable).", repeating: true),
            .init(long: "dates", valueName: "list", help: "Each session's date, YYYY-MM-DD, comma-separated in the order given."),
            .init(long: "labels", valueName: "list", help: "Each session's name, comma-separated (default: the file's name)."),
            .init(
                long: "mdc", valueName: "measure=value",
                help:
                    "A test-retest MDC95 for a measure, in its unit (a clinic's or the literature's; repeatable): changes must reach it too.",
                repeating: true),
            .init(
                long: "baseline", valueName: "n|label", help: "The session changes are measured from (after date ordering).",
                defaultValue: "1"),
            .init(long: "format", valueName: "format", help: "text, json or csv.", defaultValue: "text"),
            .init(long: "report", valueName: "file.html", help: "Also write an HTML page with a trend chart per measure."),
            .output, .maxInput,
        ]
    )

    enum Format: String, CaseIterable { case text, json, csv }

    let files: [String]
    let profileReference: String?
    let overrides: [String]
    let dates: [String]?
    let labels: [String]?
    let baseline: String
    let suppliedMDC: [String: Float]
    let format: Format
    let report: String?
    let output: String?
    let limits: SidecarLimits

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        files = arguments.positional
        guard files.count >= 2 else { throw .usage("give at least two sessions to compare", command: Self.spec) }
        profileReference = arguments.string("profile")
        overrides = arguments.strings("param")
        let dated = try Self.list("dates", arguments, count: files.count)
        dates = dated
        for date in dated ?? [] where !ProgressSession.isDate(date) {
            throw .usage("--dates: '\(date)' is not a date (YYYY-MM-DD)", command: Self.spec)
        }
        labels = try Self.list("labels", arguments, count: files.count)
        baseline = arguments.string("baseline") ?? "1"
        var supplied: [String: Float] = [:]
        for item in arguments.strings("mdc") {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let value = Float(parts[1]), value.isFinite, value > 0 else {
                throw .usage("--mdc: '\(item)' is not measure=value with a positive value (e.g. --mdc brow=8)", command: Self.spec)
            }
            supplied[parts[0]] = value
        }
        suppliedMDC = supplied
        format = try arguments.choice("format", default: .text)
        report = arguments.string("report")
        output = arguments.string("output")
        limits = try arguments.limits()
    }

    /// A comma-separated option with one entry per session, or nil when not given.
    static func list(_ name: String, _ arguments: ParsedArguments, count: Int) throws(CommandLineError) -> [String]? {
        guard let text = arguments.string(name) else { return nil }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard items.count == count, !items.contains("") else {
            throw .usage("--\(name) needs one entry per session (\(count)), comma-separated; found \(items.count)", command: spec)
        }
        return items
    }

    func run() throws(CommandLineError) -> Int32 {
        var profile: (resolved: ProfileLibrary.Resolved, parameters: ParameterValues)?
        if let profileReference { profile = try loadProfile(profileReference, overrides: overrides) }
        var sessions: [ProgressSession] = []
        for (k, file) in files.enumerated() {
            let label = labels?[k] ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let date = dates?[k]
            let data: Data
            do { data = try readInput(file, limits: limits) } catch { throw .failed(error) }
            if Self.isResultJSON(data) {
                do { sessions.append(try ProgressSession(resultJSON: data, file: file, label: label, date: date)) } catch {
                    throw .failed(error)
                }
                // A comparison made without a pair profile names none to load.
                if profile == nil, sessions[k].kind == .assessment || sessions[k].profileID != ProgressSession.noProfileID {
                    profile = try loadProfile(sessions[k].profileID, overrides: overrides)
                }
                continue
            }
            guard let (resolved, parameters) = profile else {
                throw .usage(
                    "'\(file)' is a sidecar: give --profile <id|path> to assess it (or pass 'kinetix assess --format json' results)",
                    command: Self.spec)
            }
            // Decoded from the bytes already read for the check above, not read again.
            let clip: ClipInput
            do { clip = try ClipInput(decoding: data, name: file, role: "sidecar", limits: limits) } catch {
                throw .failed(explainingFormat(error, path: file, limits: limits))
            }
            do {
                let assessed = try AssessmentReport(clip: clip, profile: resolved.profile, parameters: parameters, source: resolved.source)
                sessions.append(ProgressSession(assessed, label: label, date: date))
            } catch { throw .failed(error) }
        }
        let baselineIndex = try baselineIndex(sessions)
        let progress: ProgressReport
        do {
            progress = try ProgressReport(
                sessions: sessions, profile: profile?.resolved.profile, baseline: baselineIndex, suppliedMDC: suppliedMDC)
        } catch { throw .failed(error) }
        if let unknown = suppliedMDC.keys.sorted().first(where: { name in !progress.measures.contains { $0.name == name } }) {
            throw .usage(
                "--mdc: no measure '\(unknown)' in these sessions; they have \(progress.measures.map(\.name).joined(separator: ", "))",
                command: Self.spec)
        }
        let inputs = files + (profile.map { [$0.resolved.source] } ?? [])
        if let path = report { try writeAtomically(Data(ProgressHTMLReport.html(progress).utf8), to: path, inputs: inputs) }
        let text =
            switch format {
            case .text: progress.text()
            case .json: progress.json()
            case .csv: progress.csv()
            }
        try emit(text, output: output, inputs: inputs)
        return ExitCode.success
    }

    /// `--baseline`: a 1-based position after date ordering, or a session's label.
    func baselineIndex(_ sessions: [ProgressSession]) throws(CommandLineError) -> Int {
        let ordered = ProgressReport.ordered(sessions)
        if let label = ordered.firstIndex(where: { $0.label == baseline }) { return label }
        guard let n = Int(baseline), (1...sessions.count).contains(n) else {
            throw .usage("--baseline: '\(baseline)' is neither a session's label nor 1 to \(sessions.count)", command: Self.spec)
        }
        return n - 1
    }

    /// True for the JSON `kinetix assess` and `kinetix compare` write (it opens with
    /// `"kind": "assessment"` or `"comparison"`), and for a batch's results (they open
    /// with `{"batch":`); also for one re-saved by another tool, with its keys sorted or
    /// a byte order mark before it: a file that does not open so, and is small enough to
    /// be a result, is parsed and its top-level `kind` (or `batch`) looked at.
    static func isResultJSON(_ data: Data) -> Bool {
        let data = ProgressSession.withoutByteOrderMark(data)
        let head = String(decoding: data.prefix(256), as: UTF8.self)
        if head.range(of: #"^\s*\{\s*"(kind"\s*:\s*"(assessment|comparison)"|batch"\s*:)"#, options: .regularExpression) != nil {
            return true
        }
        guard data.count <= largestResultBytes, head.range(of: #"^\s*\{"#, options: .regularExpression) != nil,
            let top = try? JSONValue.parse(data)
        else { return false }
        if case .string(let kind)? = top["kind"], kind == "assessment" || kind == "comparison" { return true }
        return top["batch"] != nil && top["batch"] != .null
    }

    /// The largest file looked into for a top-level `kind` when it does not open with
    /// one: results are kilobytes; a sidecar (megabytes) is not parsed twice.
    static let largestResultBytes = 8 << 20
}
