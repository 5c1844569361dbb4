import Foundation
import KinetixCore
import KinetixIO
import KinetixProfiles
import KinetixReport

/// A finished batch: every row's outcome from the shards' files, checked complete, and
/// the summary: JSON with counts and distributions written here, the CSV table and the
/// HTML index rendered by KinetixReport from `index(page:)`.
public struct BatchSummary: Sendable {
    /// The plan the shards ran.
    public var plan: BatchPlan
    /// One per row, in the plan's (manifest) order.
    public var outcomes: [BatchOutcome]
    /// Where the shards wrote.
    public var folder: URL
    /// Each subject's sessions followed over time, when the manifest has a `subject` column.
    public var progress: [BatchProgress]

    /// Reads every shard's outcomes.
    ///
    /// - Throws: `KinetixError` (`.notFound`) naming each missing shard and the rows it
    ///   holds, with the command that runs it; (`.invalidData`) for a row missing from
    ///   its shard's file, an id given twice, an id the plan does not have, a line from
    ///   another plan (its key differs), or a result file that is not the one its shard
    ///   wrote (missing, cut short, edited: its SHA-256 differs).
    public init(plan: BatchPlan, folder: URL) throws(KinetixError) {
        self.plan = plan
        self.folder = folder
        var missing: [Diagnostic] = []
        var problems: [Diagnostic] = []
        var byID: [String: BatchOutcome] = [:]
        let planned = Dictionary(uniqueKeysWithValues: plan.rows.map { ($0.id, $0) })
        let rowsByShard = Dictionary(grouping: plan.rows, by: \.shard)
        for k in 0..<plan.shards {
            let rows = rowsByShard[k] ?? []
            let file = folder.appendingPathComponent(BatchRunner.shardFile(k, of: plan.shards))
            guard let data = try? readInput(file.path, limits: Self.shardFileLimits), let text = String(data: data, encoding: .utf8) else {
                if !rows.isEmpty {
                    let ids = rows.prefix(5).map(\.id).joined(separator: ", ") + (rows.count > 5 ? ", …" : "")
                    missing.append(
                        Diagnostic(
                            file: file.path,
                            message: "shard \(k) of \(plan.shards) is missing (\(rows.count) row\(rows.count == 1 ? "" : "s"): \(ids))",
                            setting: .batchShard(k)))
                }
                continue
            }
            for (n, line) in text.split(separator: "\n").enumerated() {
                func problem(_ message: String, rerun: Bool = true) {
                    problems.append(Diagnostic(file: file.path, line: n + 1, message: message, setting: rerun ? .batchShard(k) : nil))
                }
                guard let outcome = BatchOutcome(jsonLine: line) else {
                    problem("not an outcome line of this Kinetix")
                    continue
                }
                guard let row = planned[outcome.id] else {
                    problem("id '\(outcome.id)' is not in the plan", rerun: false)
                    continue
                }
                if row.shard != k { problem("id '\(outcome.id)' belongs to shard \(row.shard), not \(k)", rerun: false) }
                if byID[outcome.id] != nil { problem("id '\(outcome.id)' appears twice", rerun: false) }
                if outcome.key != row.key {
                    problem("row '\(outcome.id)' was run for another plan (other inputs, options or engine): the shard file is stale")
                } else if let why = Self.damage(of: outcome, in: folder) {
                    problem("row '\(outcome.id)': \(why); running its shard again recomputes it")
                }
                byID[outcome.id] = outcome
            }
            for row in rows where byID[row.id] == nil {
                problems.append(
                    Diagnostic(
                        file: file.path, message: "row '\(row.id)' (manifest line \(row.line)) is missing from shard \(k)'s outcomes",
                        setting: .batchShard(k)))
            }
        }
        if !missing.isEmpty { throw KinetixError(kind: .notFound, diagnostics: missing + problems) }
        if !problems.isEmpty { throw KinetixError(kind: .invalidData, diagnostics: problems) }
        outcomes = plan.rows.map { byID[$0.id]! }
        progress = BatchProgress.subjects(of: plan, outcomes: outcomes, folder: folder)
    }

    /// How large a shard file may be (a line per row).
    static let shardFileLimits: SidecarLimits = {
        var limits = SidecarLimits()
        limits.maxFileBytes = 1 << 30
        return limits
    }()

    /// Why the result an outcome names is not the one its shard wrote (missing, cut
    /// short, edited), or nil when its SHA-256 is the recorded one.
    static func damage(of outcome: BatchOutcome, in folder: URL) -> String? {
        guard outcome.status != .failed else { return nil }
        let file = folder.appendingPathComponent("results/\(outcome.id).json")
        guard let recorded = outcome.resultSHA256 else { return "the outcome records no result" }
        guard let data = try? readInput(file.path, limits: shardFileLimits) else {
            return "results/\(outcome.id).json is missing or unreadable"
        }
        let sha = SHA256.hex(data)
        return sha == recorded
            ? nil
            : "results/\(outcome.id).json is not the file the shard wrote (SHA-256 \(sha.prefix(12))…, recorded \(recorded.prefix(12))…)"
    }

    /// How many rows have each status.
    public struct Counts: Sendable, Equatable {
        /// Computed in their run.
        public let ok: Int
        /// Taken from a result already there.
        public let cached: Int
        /// Failed.
        public let failed: Int
    }

    /// Rows by status.
    public var counts: Counts {
        func count(_ status: BatchOutcome.Status) -> Int { outcomes.filter { $0.status == status }.count }
        return Counts(ok: count(.ok), cached: count(.cached), failed: count(.failed))
    }

    /// One numeric figure over the rows that have it.
    public struct Distribution: Equatable, Sendable {
        /// The figure's column.
        public var column: String
        /// Rows with a value.
        public var count: Int
        /// The five-number summary and the mean.
        public var min: Double, q1: Double, median: Double, q3: Double, max: Double, mean: Double
    }

    /// The distribution of every numeric figure over the rows that have it, in column
    /// order: what the JSON and the HTML index both show.
    public var distributions: [Distribution] {
        BatchFigures.columns(plan.kind).compactMap { column in
            let values = outcomes.compactMap { o -> Double? in
                if case .number(let n)? = o.figures[column] { return n }
                return nil
            }.sorted()
            guard !values.isEmpty else { return nil }
            func q(_ p: Double) -> Double { quantile(sorted: values, p) }
            return Distribution(
                column: column, count: values.count, min: values[0], q1: q(0.25), median: q(0.5), q3: q(0.75),
                max: values[values.count - 1], mean: values.reduce(0, +) / Double(values.count))
        }
    }

    /// The summary JSON's `format`.
    static let formatName = "kinetix-batch-summary"

    /// The summary JSON's top-level fields, in the order `json(progressFolder:)` writes them
    /// (`progress` only when the manifest follows subjects).
    enum Key: String, JSONKeys {
        case format, formatVersion, kinetixVersion, kind, manifest, shards, counts, distributions, rows, progress
    }

    /// The fields of `counts`.
    enum CountKey: String, JSONKeys {
        case rows, ok, cached, failed
    }

    /// The fields of each figure's distribution.
    enum DistributionKey: String, JSONKeys {
        case count, min, q1, median, q3, max, mean
    }

    /// The fields of each of `rows`.
    enum RowKey: String, JSONKeys {
        case id, line, status, exitCode, figures, error, result
    }

    /// The fields of each subject in `progress` (`improved`, `worse` and `files` only
    /// when the subject has a report).
    enum ProgressKey: String, JSONKeys {
        case subject, sessions, improved, worse, files, problem
    }

    /// Counts, the distribution of every numeric figure over the rows that have it,
    /// every row, and each subject's progress (its files named inside `progressFolder`,
    /// relative to the summary, when given).
    public func json(progressFolder: String? = nil) -> String {
        let (ok, cached, failed) = (counts.ok, counts.cached, counts.failed)
        let distributions: [(key: String, value: JSONValue)] = self.distributions.map { d in
            (
                d.column,
                .object(
                    DistributionKey.allCases.map { field in
                        let value: Double =
                            switch field {
                            case .count: Double(d.count)
                            case .min: d.min
                            case .q1: d.q1
                            case .median: d.median
                            case .q3: d.q3
                            case .max: d.max
                            case .mean: d.mean
                            }
                        return (field.rawValue, .number(value))
                    })
            )
        }
        let rows: [JSONValue] = outcomes.map { o in
            .object(
                RowKey.allCases.map { field in
                    let value: JSONValue =
                        switch field {
                        case .id: .string(o.id)
                        case .line: .number(Double(o.line))
                        case .status: .string(o.status.rawValue)
                        case .exitCode: .number(Double(o.exitCode))
                        case .figures: .object(o.figures.fields)
                        case .error: o.error.map(JSONValue.string) ?? .null
                        case .result: o.status == .failed ? .null : .string("results/\(o.id).json")
                        }
                    return (field.rawValue, value)
                })
        }
        let counts: [(key: String, value: JSONValue)] = [
            (CountKey.rows.rawValue, .number(Double(outcomes.count))), (CountKey.ok.rawValue, .number(Double(ok))),
            (CountKey.cached.rawValue, .number(Double(cached))), (CountKey.failed.rawValue, .number(Double(failed))),
        ]
        return JSONValue.object(
            Key.allCases.compactMap { field -> (key: String, value: JSONValue)? in
                let value: JSONValue? =
                    switch field {
                    case .format: .string(Self.formatName)
                    case .formatVersion: .number(1)
                    case .kinetixVersion: .string(plan.kinetixVersion)
                    case .kind: .string(plan.kind.rawValue)
                    case .manifest: .string(plan.manifest.path)
                    case .shards: .number(Double(plan.shards))
                    case .counts: .object(counts)
                    case .distributions: .object(distributions)
                    case .rows: .array(rows)
                    case .progress: progress.isEmpty ? nil : .array(progress.map { Self.progressJSON($0, folder: progressFolder) })
                    }
                return value.map { (field.rawValue, $0) }
            }
        ).indentedText(digits: 4)
    }

    /// One subject's line in the summary JSON: its sessions, what improved or got worse
    /// at the last one, and its files (or why there are none).
    static func progressJSON(_ p: BatchProgress, folder: String?) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            (ProgressKey.subject.rawValue, .string(p.subject)), (ProgressKey.sessions.rawValue, .array(p.rows.map(JSONValue.string))),
        ]
        if let report = p.report {
            let last = report.sessions.count - 1
            func named(_ verdict: ProgressReport.Verdict) -> JSONValue {
                .array(report.measureNames(verdict, at: last).map(JSONValue.string))
            }
            fields += [
                (ProgressKey.improved.rawValue, named(.improved)), (ProgressKey.worse.rawValue, named(.worse)),
                (
                    ProgressKey.files.rawValue,
                    .array(BatchProgress.fileNames(p.subject).map { .string((folder.map { $0 + "/" } ?? "") + $0) })
                ),
            ]
        }
        fields.append((ProgressKey.problem.rawValue, p.problem.map(JSONValue.string) ?? .null))
        return .object(fields)
    }

    /// The folder beside the summary's files that holds each subject's progress:
    /// `out/summary` → `out/summary-progress/`.
    static func progressFolder(_ base: URL) -> URL {
        base.deletingLastPathComponent().appendingPathComponent(base.lastPathComponent + "-progress")
    }

    /// The batch as its index shows it, with links relative to `page`'s folder: each
    /// row's `results/<id>.html` when written, else its JSON; each subject's progress page.
    public func index(page: URL) -> BatchIndex {
        let here = page.deletingLastPathComponent()
        let results = Self.relativePath(from: here, to: folder.appendingPathComponent("results"))
        let pages = Self.relativePath(from: here, to: Self.progressFolder(page.deletingPathExtension()))
        let subjects = progress.map { p in
            func named(_ verdict: ProgressReport.Verdict) -> [String] {
                p.report.map { $0.measureNames(verdict, at: $0.sessions.count - 1) } ?? []
            }
            return BatchIndex.Subject(
                name: p.subject, page: p.report == nil ? nil : pages + "/" + p.subject + ".html", rows: p.rows, improved: named(.improved),
                worse: named(.worse), problem: p.problem)
        }
        let rows = outcomes.map { o in
            let failed = o.status == .failed
            let report =
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("results/\(o.id).html").path)
                ? "\(o.id).html" : "\(o.id).json"
            return BatchIndex.Row(
                id: o.id, line: o.line, status: o.status.rawValue, exitCode: o.exitCode,
                figures: Self.indexFigures(o.figures), error: o.error,
                result: failed ? nil : "results/\(o.id).json", link: failed ? nil : results + "/" + report)
        }
        let distributions = self.distributions.map {
            BatchIndex.Distribution(
                column: $0.column, count: $0.count, min: $0.min, q1: $0.q1, median: $0.median, q3: $0.q3, max: $0.max, mean: $0.mean)
        }
        let counts = self.counts
        return BatchIndex(
            manifest: plan.manifest.path, shards: plan.shards, kinetixVersion: plan.kinetixVersion, ok: counts.ok, cached: counts.cached,
            failed: counts.failed, columns: BatchFigures.columns(plan.kind), distributions: distributions, subjects: subjects, rows: rows)
    }

    /// A row's figures for the index: numbers, text and flags (nulls are left out).
    static func indexFigures(_ figures: BatchOutcome.Figures) -> [String: BatchIndex.Figure] {
        var out: [String: BatchIndex.Figure] = [:]
        for (key, value) in figures.fields where out[key] == nil {
            switch value {
            case .number(let n): out[key] = .number(n)
            case .string(let s): out[key] = .text(s)
            case .bool(let b): out[key] = .flag(b)
            default: break
            }
        }
        return out
    }

    /// Writes `<prefix>.csv`, `<prefix>.json` and `<prefix>.html` as one set: all three
    /// or none (each is written and flushed before any is renamed into place). None may be
    /// an input of the plan, the plan itself or a shard file.
    ///
    /// - Throws: `KinetixError` (`.invalidSetting`) for a prefix that names no file (empty,
    ///   a folder, `-`); (`.cannotWrite`) for a target refused or a write that failed.
    public func write(prefix: String) throws(KinetixError) {
        let name = URL(fileURLWithPath: prefix).lastPathComponent
        guard !prefix.isEmpty, !prefix.hasSuffix("/"), prefix != "-", name != ".", name != ".." else {
            throw KinetixError(
                .invalidSetting, "-o '\(prefix)': expected a file prefix such as out/summary (writes summary.csv, .json, .html)")
        }
        let base = URL(fileURLWithPath: prefix).standardizedFileURL
        let page = base.appendingPathExtension("html")
        let shardFiles = (0..<plan.shards).map { folder.appendingPathComponent(BatchRunner.shardFile($0, of: plan.shards)).path }
        let index = index(page: page)
        var files = [
            (base.appendingPathExtension("csv").path, Data(index.csv().utf8)),
            (base.appendingPathExtension("json").path, Data(json(progressFolder: Self.progressFolder(base).lastPathComponent).utf8)),
            (page.path, Data(index.html().utf8)),
        ]
        let followed = progress.compactMap { p in p.report.map { (p.subject, $0) } }
        if !followed.isEmpty {
            let subjects = Self.progressFolder(base)
            do { try FileManager.default.createDirectory(at: subjects, withIntermediateDirectories: true) } catch {
                throw KinetixError(.cannotWrite, file: subjects.path, "cannot create the folder (\(String(cString: strerror(errno))))")
            }
            for (subject, report) in followed {
                let texts = [report.text(), report.csv(), report.json(), ProgressHTMLReport.html(report)]
                for (name, text) in zip(BatchProgress.fileNames(subject), texts) {
                    files.append((subjects.appendingPathComponent(name).path, Data(text.utf8)))
                }
            }
        }
        try OutputFile.writeAll(files, inputs: plan.inputFiles + shardFiles)
    }

    /// `to` relative to the folder `from` (both absolute).
    static func relativePath(from: URL, to: URL) -> String {
        let a = from.standardizedFileURL.pathComponents
        let b = to.standardizedFileURL.pathComponents
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        let parts = Array(repeating: "..", count: a.count - common) + b[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
