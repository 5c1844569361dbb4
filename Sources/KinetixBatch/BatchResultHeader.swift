import Foundation
import KinetixCore

/// The `batch` member a batch result starts with: which row it is, its cache key, the
/// engine version and the headline figures. It is the first line of
/// `results/<id>.json`, so a rerun or a merge reads a few hundred bytes of a result,
/// not the whole report, to know whether it is current and what it says.
struct BatchResultHeader {
    var id: String
    var key: String
    var kinetixVersion: String
    var figures: [(key: String, value: JSONValue)]

    /// The one member the header is: `{"batch": {…},`.
    static let member = "batch"

    /// The header's fields, written by `prefixed(to:)` and read by `init(readingFrom:)`.
    enum Key: String, JSONKeys {
        case id, key, kinetixVersion, figures
    }

    init(id: String, key: String, kinetixVersion: String, figures: [(key: String, value: JSONValue)]) {
        self.id = id
        self.key = key
        self.kinetixVersion = kinetixVersion
        self.figures = figures
    }

    /// The result: `{"batch": {…},` on the first line, then the report's own members.
    func prefixed(to report: [UInt8]) -> Data {
        let header = JSONValue.object(
            Key.allCases.map { field in
                switch field {
                case .id: (field.rawValue, .string(id))
                case .key: (field.rawValue, .string(key))
                case .kinetixVersion: (field.rawValue, .string(kinetixVersion))
                case .figures: (field.rawValue, .object(figures))
                }
            }
        ).compactText()
        let prefix = Array("{\(jsonString(Self.member)):\(header),\n".utf8)
        // The report is one JSON object: drop its opening brace (and what precedes it).
        guard let open = report.firstIndex(of: UInt8(ascii: "{")) else { return Data(prefix) }
        let rest = report[(open + 1)...]
        var data = Data(capacity: prefix.count + rest.count + 16)
        data.append(contentsOf: prefix)
        if rest.first(where: { $0 != 0x20 && $0 != 0x0A }) == UInt8(ascii: "}") {
            data.append(contentsOf: Array("\"report\":null}\n".utf8))  // an empty report
        } else {
            rest.withUnsafeBufferPointer { data.append($0) }
        }
        return data
    }

    /// The header of the result at `file`, or nil when there is none, it is not a batch
    /// result, or its first line is damaged (then the row is computed again).
    init?(readingFrom file: URL) {
        // Only a regular file is read: a FIFO put there would block the run forever.
        var status = stat()
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64 << 10), let newline = head.firstIndex(of: 0x0A) else { return nil }
        var line = Data(head[head.startIndex..<newline])
        guard line.last == UInt8(ascii: ",") else { return nil }
        line.removeLast()
        line.append(UInt8(ascii: "}"))
        guard let root = try? JSONValue.parse(line), case .object(let top) = root, top.count == 1, top[0].key == Self.member,
            case .object(let fields) = top[0].value
        else { return nil }
        func string(_ name: Key) -> String? {
            if case .string(let s)? = fields.first(where: { $0.key == name.rawValue })?.value { s } else { nil }
        }
        guard let id = string(.id), let key = string(.key), let version = string(.kinetixVersion) else { return nil }
        self.id = id
        self.key = key
        kinetixVersion = version
        if case .object(let figures)? = fields.first(where: { $0.key == Key.figures.rawValue })?.value {
            self.figures = figures
        } else {
            figures = []
        }
    }
}
