import Foundation
import KinetixCore

/// A finished batch as its index shows it: counts, each numeric figure's distribution,
/// each subject's progress and every row, with the links already made relative to the
/// page. KinetixBatch fills it (`BatchSummary.index(page:)`); this is where it becomes
/// the HTML index page and the CSV table, beside the other renderers.
public struct BatchIndex: Sendable {
    /// One numeric figure over the rows that have it: the five-number summary and the mean.
    public struct Distribution: Sendable {
        /// The figure's column.
        public var column: String
        /// Rows with a value.
        public var count: Int
        /// The five-number summary and the mean, in the figure's unit.
        public var min: Double, q1: Double, median: Double, q3: Double, max: Double, mean: Double
        /// A distribution of `count` values.
        public init(column: String, count: Int, min: Double, q1: Double, median: Double, q3: Double, max: Double, mean: Double) {
            (self.column, self.count, self.min, self.q1, self.median, self.q3, self.max, self.mean) =
                (column, count, min, q1, median, q3, max, mean)
        }
    }

    /// A subject followed over sessions.
    public struct Subject: Sendable {
        /// The subject's name, and its progress page relative to the index (nil: no page).
        public var name: String, page: String?
        /// The rows (sessions) of this subject.
        public var rows: [String]
        /// The measures improved and worse at the last session.
        public var improved: [String], worse: [String]
        /// Why no progress was followed, if so.
        public var problem: String?
        /// A subject's line.
        public init(name: String, page: String?, rows: [String], improved: [String], worse: [String], problem: String?) {
            (self.name, self.page, self.rows, self.improved, self.worse, self.problem) = (name, page, rows, improved, worse, problem)
        }
    }

    /// A headline figure's value.
    public enum Figure: Sendable {
        /// A number, in the figure's unit.
        case number(Double)
        /// Text (a limb's name, a status).
        case text(String)
        /// Yes or no.
        case flag(Bool)
    }

    /// One row of the manifest and its outcome.
    public struct Row: Sendable {
        /// The row's id and manifest line.
        public var id: String, line: Int
        /// `ok`, `cached` or `failed`, and the exit code.
        public var status: String, exitCode: Int32
        /// Its headline figures by column (numbers, text, booleans).
        public var figures: [String: Figure]
        /// Why it failed, with the file and place.
        public var error: String?
        /// The result's JSON relative to the batch folder (nil when failed), and the
        /// report the page links to relative to the page (nil when failed).
        public var result: String?, link: String?
        /// A row.
        public init(
            id: String, line: Int, status: String, exitCode: Int32, figures: [String: Figure], error: String?, result: String?,
            link: String?
        ) {
            (self.id, self.line, self.status, self.exitCode, self.figures, self.error, self.result, self.link) =
                (id, line, status, exitCode, figures, error, result, link)
        }
    }

    /// The manifest's path, the number of shards and the Kinetix version the plan ran.
    public var manifest: String, shards: Int, kinetixVersion: String
    /// Rows computed, taken from a result already there, and failed.
    public var ok: Int, cached: Int, failed: Int
    /// The figure columns, in order.
    public var columns: [String]
    /// Each numeric figure over the rows that have it, in column order.
    public var distributions: [Distribution]
    /// Each subject followed over sessions, when the manifest names subjects.
    public var subjects: [Subject]
    /// Every row, in manifest order.
    public var rows: [Row]

    /// An index of a finished batch.
    public init(
        manifest: String, shards: Int, kinetixVersion: String, ok: Int, cached: Int, failed: Int, columns: [String],
        distributions: [Distribution], subjects: [Subject], rows: [Row]
    ) {
        (self.manifest, self.shards, self.kinetixVersion, self.ok, self.cached, self.failed) =
            (manifest, shards, kinetixVersion, ok, cached, failed)
        (self.columns, self.distributions, self.subjects, self.rows) = (columns, distributions, subjects, rows)
    }

    /// One line per row: id, line, status, exit code, the figures (numbers with 3
    /// decimals), the error and the result's path. Text cells are never formulas (`csvTextCell`).
    public func csv() -> String {
        var out = (["id", "line", "status", "exitCode"] + columns + ["error", "result"]).joined(separator: ",") + "\n"
        for row in rows {
            var cells = [row.id, String(row.line), row.status, String(row.exitCode)]
            for column in columns {
                switch row.figures[column] {
                case .number(let n)?: cells.append(jsonNumber(n, digits: 3))
                case .text(let s)?: cells.append(csvTextCell(s))
                case .flag(let b)?: cells.append(String(b))
                case nil: cells.append("")
                }
            }
            cells.append(csvTextCell(row.error ?? ""))
            cells.append(row.result ?? "")
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    /// The index page: counts, distributions with a box plot on each figure's own scale,
    /// progress per subject, and every row linked to its report.
    public func html() -> String {
        let escape = HTMLPage.escape
        var out = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Kinetix batch: \(escape(manifest))</title>"
        out +=
            "<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left}"
        out += ".failed{color:#b00020}.num{text-align:right;font-variant-numeric:tabular-nums}</style></head><body>"
        out += "<h1>Kinetix batch</h1><p>\(escape(manifest)): \(rows.count) rows in \(shards) shards; "
        out += "\(ok) computed, \(cached) cached, \(failed) failed. Kinetix \(escape(kinetixVersion)).</p>"
        if !distributions.isEmpty {
            out +=
                "<h2>Distributions</h2><table id=\"distributions\"><thead><tr><th>figure</th><th class=\"num\">rows</th><th class=\"num\">min</th><th class=\"num\">q1</th>"
                + "<th class=\"num\">median</th><th class=\"num\">q3</th><th class=\"num\">max</th><th class=\"num\">mean</th><th>min → max</th></tr></thead><tbody>"
            for d in distributions {
                let span = Swift.max(d.max - d.min, 1e-12)
                func x(_ v: Double) -> String { String(format: "%.1f", 4 + 152 * (v - d.min) / span) }
                let box =
                    "<svg width=\"160\" height=\"16\"><line x1=\"\(x(d.min))\" x2=\"\(x(d.max))\" y1=\"8\" y2=\"8\" stroke=\"#8a93a3\"/>"
                    + "<rect x=\"\(x(d.q1))\" y=\"3\" width=\"\(String(format: "%.1f", Swift.max(1, 152 * (d.q3 - d.q1) / span)))\" height=\"10\" fill=\"#dbe6fb\" stroke=\"#2d6cdf\"/>"
                    + "<line x1=\"\(x(d.median))\" x2=\"\(x(d.median))\" y1=\"2\" y2=\"14\" stroke=\"#1d2430\" stroke-width=\"2\"/></svg>"
                out +=
                    "<tr><td>\(escape(d.column))</td><td class=\"num\">\(d.count)</td>"
                    + [d.min, d.q1, d.median, d.q3, d.max, d.mean].map { "<td class=\"num\">\(jsonNumber($0, digits: 2))</td>" }.joined()
                    + "<td>\(box)</td></tr>"
            }
            out += "</tbody></table>"
        }
        if !subjects.isEmpty {
            out +=
                "<h2>Progress per subject</h2><table id=\"progress\"><thead><tr><th>subject</th><th>sessions</th><th>improved at the last</th><th>worse at the last</th><th>problem</th></tr></thead><tbody>"
            for s in subjects {
                let name = s.page.map { "<a href=\"\(escape(Self.href($0)))\">\(escape(s.name))</a>" } ?? escape(s.name)
                out +=
                    "<tr><td>\(name)</td><td>\(escape(s.rows.joined(separator: ", ")))</td><td>\(escape(s.improved.joined(separator: ", ")))</td>"
                    + "<td>\(escape(s.worse.joined(separator: ", ")))</td><td>\(escape(s.problem ?? ""))</td></tr>"
            }
            out += "</tbody></table>"
        }
        if !distributions.isEmpty || !subjects.isEmpty { out += "<h2>Rows</h2>" }
        out += "<table><thead><tr><th>id</th><th>status</th>"
        out += columns.map { "<th>\(escape($0))</th>" }.joined() + "<th>error</th></tr></thead><tbody>"
        for row in rows {
            let id = row.link.map { "<a href=\"\(escape(Self.href($0)))\">\(escape(row.id))</a>" } ?? escape(row.id)
            out += "<tr class=\"\(row.status)\"><td>\(id)</td><td>\(row.status)</td>"
            for column in columns {
                switch row.figures[column] {
                case .number(let n)?: out += "<td class=\"num\">\(jsonNumber(n, digits: 2))</td>"
                case .text(let s)?: out += "<td>\(escape(s))</td>"
                case .flag?, nil: out += "<td></td>"
                }
            }
            out += "<td>\(escape(row.error ?? ""))</td></tr>"
        }
        return out + "</tbody></table></body></html>\n"
    }

    /// A relative path as a link: every segment percent-encoded but for RFC 3986's
    /// unreserved characters, so a folder named `javascript:…` (or holding `?`, `#`, `%`)
    /// is a path, never a scheme, query or fragment.
    public static func href(_ relative: String) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return relative.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }.joined(separator: "/")
    }
}
