import Foundation
import KinetixCore
import KinetixIO
import KinetixProfiles
import KinetixReport

/// Runs one shard of a plan: each row with the same library calls as `kinetix compare`
/// and `kinetix assess`, its result written atomically to `results/<id>.json`, and one
/// line per row in `shards/<K>-of-<N>.jsonl` (K 0-based).
///
/// Resumable: a row whose result is already there with the row's key (same inputs,
/// options, profile, parameters and engine version) is `cached`, not computed again.
/// A result is only ever complete (written to a temporary file, flushed, renamed), so a
/// run killed at any moment leaves nothing half-written that a rerun could take as done.
/// A bad row fails alone; the shard goes on.
public struct BatchRunner: Sendable {
    /// The plan whose shards it runs.
    public var plan: BatchPlan
    /// Rows run at once (each row uses up to two cores itself for large inputs).
    public var threads: Int
    /// The numbers of workers a front end asks for (`batch run --threads`).
    public static let threadsRange: ClosedRange<Double> = 1...1024
    /// Whether inputs of 1 MB or more are mapped rather than read (Linux), guarded by a
    /// process-wide `SIGBUS` handler against a file shrinking while it is read. Off by
    /// default, so a library user's process is left as it was; `kinetix batch run` turns it on.
    public var mapsInputs: Bool

    /// A runner for `plan` using `threads` workers (default: the cores this process may use).
    public init(plan: BatchPlan, threads: Int? = nil, mapsInputs: Bool = false) {
        self.plan = plan
        self.threads = max(1, threads ?? Self.availableCores)
        self.mapsInputs = mapsInputs
    }

    /// The cores this process may run on: Linux's `Cpus_allowed_list` (which a Slurm
    /// allocation, a cpuset or `taskset` narrows), else all of them.
    public static var availableCores: Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
        {
            var count = 0
            for range in line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces).split(separator: ",") {
                let ends = range.split(separator: "-").compactMap { Int($0) }
                if ends.count == 2, ends[1] >= ends[0] { count += ends[1] - ends[0] + 1 } else if ends.count == 1 { count += 1 }
            }
            if count > 0 { return count }
        }
        return ProcessInfo.processInfo.activeProcessorCount
    }

    /// The shard's file of outcomes, relative to the output folder.
    public static func shardFile(_ k: Int, of n: Int) -> String { "shards/\(k)-of-\(n).jsonl" }

    /// Runs shard `k` (0-based) into `folder`, and returns the outcomes in manifest order.
    /// While another process runs the same shard into the same folder, it waits for it
    /// (calling `onWait` once first), then runs, finding that run's rows cached.
    ///
    /// - Throws: `KinetixError` only when the shard cannot run at all (`k` out of range,
    ///   the folder cannot be written); a row's own failure is its outcome.
    public func run(shard k: Int, into folder: URL, onWait: () -> Void = {}) throws(KinetixError) -> [BatchOutcome] {
        guard (0..<plan.shards).contains(k) else {
            throw KinetixError(
                .invalidSetting,
                "shard \(k) does not exist: the plan has \(plan.shards) shard\(plan.shards == 1 ? "" : "s"), 0 to \(plan.shards - 1)")
        }
        let results = folder.appendingPathComponent("results")
        let shards = folder.appendingPathComponent("shards")
        for directory in [folder, results, shards] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw KinetixError(
                        .unreadable, file: directory.path, "exists and is not a folder: the batch's output is a folder",
                        setting: .batchOutput)
                }
                continue
            }
            do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
                throw KinetixError(.unreadable, file: directory.path, "cannot create the folder (\(String(cString: strerror(errno))))")
            }
        }
        // One run of a shard at a time: a second waits, then finds the first's rows cached.
        let lock = try ShardLock(folder.appendingPathComponent("shards/.\(k)-of-\(plan.shards).lock"), waiting: onWait)
        defer { lock.release() }
        OutputFile.removeStaleTemporaries(in: results)
        let resolvedInputs = OutputFile.resolved(plan.inputFiles)  // once a run, not once a result
        let rows = plan.rows(ofShard: k)
        let outcomes = Outcomes(count: rows.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: min(threads, max(rows.count, 1))) { _ in
            while let i = next.take(below: rows.count) {
                outcomes.set(i, self.outcome(of: rows[i], results: results, resolvedInputs: resolvedInputs))
            }
        }
        let list = outcomes.all
        let text = list.map { $0.jsonLine + "\n" }.joined()
        try OutputFile.write(
            Data(text.utf8), to: folder.appendingPathComponent(Self.shardFile(k, of: plan.shards)).path, inputs: plan.inputFiles,
            devices: .refuse)
        return list
    }

    /// One row: cached when its result is there, whole, with its key; else computed.
    /// `resolvedInputs`: the plan's inputs as `OutputFile.resolved(_:)` gives them.
    func outcome(of row: BatchPlan.Row, results: URL, resolvedInputs: Set<URL>) -> BatchOutcome {
        let file = results.appendingPathComponent("\(row.id).json")
        let start = DispatchTime.now().uptimeNanoseconds
        func failed(_ error: KinetixError) -> BatchOutcome {
            BatchOutcome(
                row: row, status: .failed, exitCode: error.kind.exitCode,
                seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                figures: [], resultSHA256: nil, error: error.diagnostics.map(\.description).joined(separator: "; "))
        }
        if let header = BatchResultHeader(readingFrom: file), header.key == row.key, let sha = Self.wholeResultSHA256(file) {
            // A result is current only while its inputs are still what the plan hashed.
            do {
                try checkUnchanged(row)
                return BatchOutcome(
                    row: row, status: .cached, exitCode: 0, seconds: 0, figures: header.figures, resultSHA256: sha, error: nil)
            } catch {
                return failed(error)
            }
        }
        do {
            let (json, html, figures) = try compute(row)
            let header = BatchResultHeader(id: row.id, key: row.key, kinetixVersion: plan.kinetixVersion, figures: figures)
            if let html {
                try OutputFile.write(
                    Data(html.utf8), to: results.appendingPathComponent("\(row.id).html").path, resolvedInputs: resolvedInputs,
                    devices: .refuse, removesStaleTemporaries: false)
            }
            let result = header.prefixed(to: json)
            try OutputFile.write(result, to: file.path, resolvedInputs: resolvedInputs, devices: .refuse, removesStaleTemporaries: false)
            return BatchOutcome(
                row: row, status: .ok, exitCode: 0, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                figures: figures, resultSHA256: SHA256.hex(result), error: nil)
        } catch {
            return failed(error)
        }
    }

    /// The SHA-256 of a result file that is one whole JSON document, else nil (a file cut
    /// short or edited is computed again, not taken as done).
    static func wholeResultSHA256(_ file: URL) -> String? {
        var limits = SidecarLimits()
        limits.maxFileBytes = 1 << 30
        guard let data = try? readInput(file.path, limits: limits), (try? JSONValue.parse(data)) != nil else { return nil }
        return SHA256.hex(data)
    }

    /// Throws when an input or the profile no longer has the SHA-256 the plan recorded.
    func checkUnchanged(_ row: BatchPlan.Row) throws(KinetixError) {
        for input in row.inputs {
            let (sha, _) = try BatchPlan.hash(input.path)
            guard sha == input.sha256 else { throw Self.changed(input.path, now: sha, planned: input.sha256) }
        }
        if let record = row.profile {
            let sha = SHA256.hex(try ProfileLibrary.bytes(of: record.source))
            guard sha == record.sha256 else { throw Self.changed(record.source, now: sha, planned: record.sha256) }
        }
    }

    static func changed(_ path: String, now: String, planned: String) -> KinetixError {
        KinetixError(
            .invalidData, file: path, "changed since the plan (SHA-256 \(now.prefix(12))…, planned \(planned.prefix(12))…): plan again")
    }

    /// The row's result JSON (as the CLI writes it), its HTML report if asked, and its figures.
    func compute(_ row: BatchPlan.Row) throws(KinetixError) -> (json: [UInt8], html: String?, figures: [(key: String, value: JSONValue)]) {
        var clips: [ClipInput] = []
        for input in row.inputs {
            let clip = try ClipInput(contentsOf: input.path, role: input.role, mapping: mapsInputs)
            guard clip.provenance.sha256 == input.sha256 else {
                throw Self.changed(input.path, now: clip.provenance.sha256, planned: input.sha256)
            }
            clips.append(clip)
        }
        var profile: (Profile, ParameterValues, String)?
        if let record = row.profile {
            let bytes = try ProfileLibrary.bytes(of: record.source)
            guard SHA256.hex(bytes) == record.sha256 else {
                throw Self.changed(record.source, now: SHA256.hex(bytes), planned: record.sha256)
            }
            let loaded = try Profile.decode(bytes, file: record.source)
            profile = (loaded, try loaded.parameterValues(overriding: row.parameters), record.source)
        }
        switch plan.kind {
        case .pairs:
            var options = ComparisonOptions()
            var used: Provenance.ProfileUsed?
            if let (p, values, source) = profile {
                options = try ComparisonOptions(pairProfile: p, parameters: values)
                used = Provenance.ProfileUsed(p, parameters: values, source: source)
            }
            options.minConfidence = plan.options.minConfidence
            options.repairSwaps = plan.options.repairSwaps
            let report = try ComparisonReport(demonstrator: clips[0], learner: clips[1], options: options, profile: used)
            return (report.jsonBytes(), plan.options.html ? CompareHTMLReport.html(report) : nil, BatchFigures.of(report))
        case .assessments:
            guard let (p, values, source) = profile else { throw KinetixError(.invalidData, "no profile") }
            var options = AssessmentOptions()
            options.minConfidence = plan.options.minConfidence
            options.repairSwaps = plan.options.repairSwaps
            let report = try AssessmentReport(clip: clips[0], profile: p, parameters: values, source: source, options: options)
            return (
                Array(report.json().utf8), plan.options.html ? AssessmentHTMLReport.html(report, profile: p) : nil, BatchFigures.of(report)
            )
        }
    }
}

/// Outcomes filled in by several workers.
private final class Outcomes: @unchecked Sendable {
    private var slots: [BatchOutcome?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ outcome: BatchOutcome) {
        lock.lock()
        slots[i] = outcome
        lock.unlock()
    }
    var all: [BatchOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

/// Hands out row indices to workers.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
