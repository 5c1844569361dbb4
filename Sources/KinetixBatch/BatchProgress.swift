import Foundation
import KinetixCore
import KinetixProfiles

/// One subject's sessions in a batch (the manifest's `subject` column), followed as
/// `kinetix progress` follows them: the rows' results, in date order when every row has
/// a date, else in manifest order.
public struct BatchProgress: Sendable {
    /// The subject, as the manifest names it (safe as a file name).
    public var subject: String
    /// The ids of the rows followed, in the order given to the report.
    public var rows: [String]
    /// The report, when the sessions compare (nil with `problem`).
    public var report: ProgressReport?
    /// Why there is no report: too few sessions, failed rows, sessions that do not compare.
    public var problem: String?

    /// Every subject of `plan` whose rows ran into `folder`, in the order the manifest
    /// first names them. Failed rows are left out (and named in `problem` when fewer than
    /// two sessions remain); a refusal by `ProgressReport` becomes the subject's `problem`.
    public static func subjects(of plan: BatchPlan, outcomes: [BatchOutcome], folder: URL) -> [BatchProgress] {
        var order: [String] = []
        var rowsBySubject: [String: [BatchPlan.Row]] = [:]
        for row in plan.rows {
            guard let subject = row.subject else { continue }
            if rowsBySubject[subject] == nil { order.append(subject) }
            rowsBySubject[subject, default: []].append(row)
        }
        let status = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.id, $0.status) })
        return order.map { subject in
            let rows = rowsBySubject[subject]!
            let failed = rows.filter { status[$0.id] == .failed || status[$0.id] == nil }.map(\.id)
            var result = BatchProgress(subject: subject, rows: [], report: nil, problem: nil)
            do throws(KinetixError) {
                var sessions: [ProgressSession] = []
                for row in rows where !failed.contains(row.id) {
                    let file = folder.appendingPathComponent("results/\(row.id).json").path
                    let data = try readInput(file, limits: BatchSummary.shardFileLimits)
                    sessions.append(try ProgressSession(resultJSON: data, file: file, label: row.id, date: row.date))
                }
                guard sessions.count >= 2 else {
                    let why = failed.isEmpty ? "" : " (failed: \(failed.joined(separator: ", ")))"
                    result.problem =
                        "\(sessions.count) session\(sessions.count == 1 ? "" : "s") to follow\(why): progress needs two or more"
                    return result
                }
                // A pair row may have no profile: its comparisons name their settings.
                var profile: Profile?
                if let record = rows.first(where: { !failed.contains($0.id) })?.profile {
                    profile = try Profile.decode(try ProfileLibrary.bytes(of: record.source), file: record.source)
                }
                let report = try ProgressReport(sessions: sessions, profile: profile)
                result.rows = report.sessions.map(\.label)
                result.report = report
                if !failed.isEmpty { result.problem = "left out, failed: \(failed.joined(separator: ", "))" }
            } catch {
                result.problem = error.diagnostics.map(\.description).joined(separator: "; ")
            }
            return result
        }
    }

    /// The summary's files for this subject, relative to the summary's prefix:
    /// `<prefix>-progress/<subject>.txt`, `.csv`, `.json` and `.html`.
    public static func fileNames(_ subject: String) -> [String] {
        ["txt", "csv", "json", "html"].map { "\(subject).\($0)" }
    }
}
