import Foundation
import KinetixCore
import KinetixProfiles

/// A batch's list of work, as people write it: a TSV or CSV file with a header.
///
/// Pairs: `id`, `demonstrator`, `learner` (and optionally `profile`, a pair profile).
/// Single clips: `id`, `clip`, `profile`. Either may have `subject` (who the clip, or
/// the learner, is: the summary follows each subject's sessions, as `ProgressReport`)
/// and `date` (`YYYY-MM-DD`, the session's order). Every other column is a profile parameter
/// for that row (an empty cell keeps the profile's default). Paths are relative to the
/// manifest's folder. Lines starting with `#` and blank lines are skipped.
public struct BatchManifest: Sendable {
    /// What each row scores.
    public enum Kind: String, Sendable {
        /// A demonstrator and a learner, as `kinetix compare`.
        case pairs
        /// One clip with a profile, as `kinetix assess`.
        case assessments

        /// The manifest's file columns, in order: each row's inputs have these roles in
        /// its plan.
        var fileColumns: [String] { self == .pairs ? ["demonstrator", "learner"] : ["clip"] }
    }

    /// One line of work.
    public struct Row: Sendable, Equatable {
        /// One input file of a row.
        public struct Input: Sendable, Equatable {
            /// `demonstrator`, `learner` or `clip`: the column it came from.
            public let role: String
            /// The file, an absolute path.
            public let path: String
            /// An input of `role` at `path`.
            public init(role: String, path: String) { (self.role, self.path) = (role, path) }
        }
        /// One profile parameter given in a row.
        public struct Parameter: Sendable, Equatable {
            /// The column's name: the parameter's.
            public let name: String
            /// The cell, as written.
            public let value: String
            /// Parameter `name` set to `value`.
            public init(name: String, value: String) { (self.name, self.value) = (name, value) }
        }

        /// Unique in the manifest, safe as a file name.
        public let id: String
        /// 1-based line in the manifest file.
        public let line: Int
        /// Input files by role, in the header's order.
        public let inputs: [Input]
        /// The profile reference as written (an id or a path resolved to absolute), if any.
        public let profile: String?
        /// Profile parameters given in this row, in the header's order.
        public let parameters: [Parameter]
        /// Whose session it is (safe as a file name), when the manifest has a `subject` column.
        public var subject: String? = nil
        /// The session's date, `YYYY-MM-DD`, when the manifest has a `date` column.
        public var date: String? = nil
    }

    /// Columns that describe a row rather than set a parameter: who and when.
    public static let sessionColumns = ["subject", "date"]

    /// Pairs or single clips, from the header.
    public var kind: Kind
    /// Every row, in file order.
    public var rows: [Row]
    /// The manifest file as given.
    public var path: String
    /// Its SHA-256 (hex).
    public var sha256: String

    /// Reads and checks a manifest. Every problem is reported with its line: a missing
    /// or unknown header, a row with the wrong number of cells, a duplicate id, an id
    /// that is not safe as a file name, a file that does not exist.
    ///
    /// - Throws: `KinetixError` (`.unreadable` for the manifest itself, `.invalidData`
    ///   listing every bad row).
    public init(contentsOf path: String) throws(KinetixError) {
        var limits = SidecarLimits()
        limits.maxFileBytes = 256 << 20
        let data = try readInput(path, limits: limits)
        guard let text = String(data: data, encoding: .utf8) else { throw KinetixError(.invalidData, file: path, "not UTF-8 text") }
        self.path = path
        sha256 = SHA256.hex(data)
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        var problems: [Diagnostic] = []
        func problem(_ line: Int, _ message: String) { problems.append(Diagnostic(file: path, line: line, message: message)) }

        // Lines end in LF, CRLF (as Excel writes them; one Character in Swift) or CR; a
        // UTF-8 byte-order mark, which Excel also writes, is not part of the header.
        let body = text.hasPrefix("\u{FEFF}") ? Substring(text.dropFirst()) : Substring(text)
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let headerIndex = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }) else {
            throw KinetixError(
                .invalidData, file: path, "no header: the first line names the columns (id, demonstrator, learner or id, clip, profile)")
        }
        let separator: Character = lines[headerIndex].contains("\t") ? "\t" : ","
        let header = Self.cells(lines[headerIndex], separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
        let columns = Set(header)
        if columns.contains("demonstrator") || columns.contains("learner") {
            kind = .pairs
        } else if columns.contains("clip") {
            kind = .assessments
        } else {
            throw KinetixError(
                kind: .invalidData,
                diagnostics: [
                    Diagnostic(
                        file: path, line: headerIndex + 1,
                        message:
                            "the header needs id, demonstrator, learner (pairs) or id, clip, profile (single clips); found \(header.joined(separator: ", "))"
                    )
                ])
        }
        let required = kind == .pairs ? ["id", "demonstrator", "learner"] : ["id", "clip", "profile"]
        for name in required where !columns.contains(name) { problem(headerIndex + 1, "the header has no '\(name)' column") }
        if header.count != columns.count { problem(headerIndex + 1, "a column name appears twice") }
        if let empty = header.firstIndex(of: "") { problem(headerIndex + 1, "column \(empty + 1) has no name") }
        guard problems.isEmpty else { throw KinetixError(kind: .invalidData, diagnostics: problems) }
        let fileColumns = kind.fileColumns
        let parameterColumns = header.filter { !(required + ["profile"] + Self.sessionColumns).contains($0) }
        if kind == .pairs, !parameterColumns.isEmpty, !columns.contains("profile") {
            problem(headerIndex + 1, "columns \(parameterColumns.joined(separator: ", ")) are profile parameters: add a 'profile' column")
        }

        var rows: [Row] = []
        var seen: [String: Int] = [:]
        var seenFolded: [String: (id: String, line: Int)] = [:]
        for index in (headerIndex + 1)..<lines.count {
            let line = index + 1
            let raw = lines[index]
            if raw.trimmingCharacters(in: .whitespaces).isEmpty || raw.hasPrefix("#") { continue }
            let cells = Self.cells(raw, separator: separator)
            guard cells.count == header.count else {
                problem(
                    line,
                    "\(cells.count) cells for \(header.count) columns (\(header.joined(separator: separator == "\t" ? " TAB " : ", ")))")
                continue
            }
            let row = Dictionary(uniqueKeysWithValues: zip(header, cells.map { $0.trimmingCharacters(in: .whitespaces) }))
            let id = row["id"] ?? ""
            if let why = Self.unsafeIDReason(id) { problem(line, "id '\(id)' \(why)") }
            if let first = seen[id] {
                problem(line, "id '\(id)' is also on line \(first): ids are unique")
            } else if let other = seenFolded[id.lowercased()] {
                problem(
                    line,
                    "id '\(id)' differs from '\(other.id)' on line \(other.line) only in case: their result files would be one file on macOS and Windows"
                )
            } else {
                seen[id] = line
                seenFolded[id.lowercased()] = (id, line)
            }
            var inputs: [Row.Input] = []
            for column in fileColumns {
                let value = row[column] ?? ""
                guard !value.isEmpty else {
                    problem(line, "no \(column) file")
                    continue
                }
                let absolute = value.hasPrefix("/") ? URL(fileURLWithPath: value) : folder.appendingPathComponent(value)
                let file = absolute.standardizedFileURL.path
                var isFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) {
                    problem(line, "\(column) '\(value)': no such file (looked for \(file))")
                } else if isFolder.boolValue {
                    problem(line, "\(column) '\(value)': is a folder, not a sidecar file")
                }
                inputs.append(Row.Input(role: column, path: file))
            }
            var profile = row["profile"].flatMap { $0.isEmpty ? nil : $0 }
            if kind == .assessments, profile == nil { problem(line, "no profile (an id such as squat, or a file)") }
            if let reference = profile, reference.hasSuffix(".json") || reference.contains("/") {
                profile =
                    (reference.hasPrefix("/") ? URL(fileURLWithPath: reference) : folder.appendingPathComponent(reference))
                    .standardizedFileURL.path
            }
            let parameters = parameterColumns.compactMap { name in
                row[name].flatMap { $0.isEmpty ? nil : Row.Parameter(name: name, value: $0) }
            }
            if profile == nil, !parameters.isEmpty {
                problem(line, "parameters \(parameters.map(\.name).joined(separator: ", ")) need a profile")
            }
            var item = Row(id: id, line: line, inputs: inputs, profile: profile, parameters: parameters)
            if let subject = row["subject"], !subject.isEmpty {
                if let why = Self.unsafeIDReason(subject, what: "subjects") { problem(line, "subject '\(subject)' \(why)") }
                item.subject = subject
            }
            if let date = row["date"], !date.isEmpty {
                if !ProgressSession.isDate(date) { problem(line, "date '\(date)' is not a date (YYYY-MM-DD)") }
                item.date = date
            }
            rows.append(item)
        }
        if rows.isEmpty && problems.isEmpty { problem(headerIndex + 1, "no rows after the header") }
        guard problems.isEmpty else { throw KinetixError(kind: .invalidData, diagnostics: problems) }
        self.rows = rows
    }

    /// Why an id (or a subject: `what` names which) cannot name result files, or nil:
    /// letters, digits, `.`, `-`, `_`; not starting with `.` or `-`; at most 128 characters.
    public static func unsafeIDReason(_ id: String, what: String = "ids") -> String? {
        if id.isEmpty { return "is empty" }
        if id.count > 128 { return "is longer than 128 characters" }
        if id.first == "." || id.first == "-" {
            return "starts with '\(id.first!)': \(what) name files and must not be hidden or look like options"
        }
        if let bad = id.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_")) }) {
            return "has '\(bad)': \(what) name files, so only letters, digits, '.', '-' and '_'"
        }
        return nil
    }

    /// The cells of one line: tab-separated as is; comma-separated with RFC 4180
    /// quotes (`"a, b"`, `""` for a quote).
    static func cells(_ line: Substring, separator: Character) -> [String] {
        guard separator == "," else { return line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var characters = line.makeIterator()
        while let c = characters.next() {
            if quoted {
                if c == "\"" {
                    if let next = characters.next() {
                        if next == "\"" {
                            cell.append("\"")
                        } else {
                            quoted = false
                            if next == "," {
                                cells.append(cell)
                                cell = ""
                            } else {
                                cell.append(next)
                            }
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(c)
                }
            } else if c == "\"" && cell.isEmpty {
                quoted = true
            } else if c == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(c)
            }
        }
        cells.append(cell)
        return cells
    }
}
