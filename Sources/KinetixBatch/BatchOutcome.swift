import Foundation
import KinetixCore

/// What happened to one row in a shard: one line of `shards/K-of-N.jsonl`.
public struct BatchOutcome: Sendable, Equatable {
    /// Computed now, taken from a result already there, or failed.
    public enum Status: String, Sendable { case ok, cached, failed }

    /// A row's headline figures (`BatchFigures`), in their order: read them with
    /// `BatchOutcome.number(_:)` and `text(_:)`.
    package struct Figures: Sendable, Equatable {
        /// Each figure's name and value.
        package var fields: [(key: String, value: JSONValue)]

        package init(_ fields: [(key: String, value: JSONValue)]) { self.fields = fields }

        /// The figure `name`, nil when absent.
        package subscript(name: String) -> JSONValue? { fields.first { $0.key == name }?.value }

        /// Equal when every name and value is, in order.
        package static func == (a: Figures, b: Figures) -> Bool { JSONValue.object(a.fields) == JSONValue.object(b.fields) }
    }

    /// The row's id.
    public private(set) var id: String
    /// The row's manifest line.
    public private(set) var line: Int
    /// The row's cache key when it ran (`BatchPlan.Row.key`): an outcome of another
    /// plan's row (other inputs or options) has another key.
    public private(set) var key: String
    /// SHA-256 of `results/<id>.json` as written or found (nil when failed): the merge
    /// checks the file is still that one.
    public private(set) var resultSHA256: String?
    /// Computed, cached or failed.
    public private(set) var status: Status
    /// As `kinetix compare`/`assess` would exit for this row: 0, or the error kind's code.
    public private(set) var exitCode: Int32
    /// Wall time spent on the row in this run, seconds (0 when cached).
    public private(set) var seconds: Double
    /// The headline figures (`BatchFigures`), empty when failed: read them with
    /// `number(_:)` and `text(_:)`.
    package var figures: Figures

    /// A numeric figure (`lagSeconds`, `reps`, …), nil when absent or missing.
    public func number(_ name: String) -> Double? {
        if case .number(let n)? = figures[name] { return n }
        return nil
    }

    /// A text figure (`worstLimb`, `status`, …), nil when absent or missing.
    public func text(_ name: String) -> String? {
        if case .string(let s)? = figures[name] { return s }
        return nil
    }
    /// Why it failed, with the file and place.
    public private(set) var error: String?

    /// True when `other` is the same outcome apart from the time it took (`seconds`):
    /// a shard run again, or read back from its line.
    public func isSameOutcome(as other: BatchOutcome) -> Bool {
        var timed = other
        timed.seconds = seconds
        return self == timed
    }

    /// The fields of `jsonLine`, in its order: written and read back by these names.
    enum Key: String, JSONKeys {
        case id, line, key, status, exitCode, seconds, figures, result, error
    }

    /// The one field of `result`.
    static let sha256Key = "sha256"

    /// The JSON line (no newline).
    public var jsonLine: String {
        JSONValue.object(
            Key.allCases.map { field in
                let value: JSONValue =
                    switch field {
                    case .id: .string(id)
                    case .line: .number(Double(line))
                    case .key: .string(key)
                    case .status: .string(status.rawValue)
                    case .exitCode: .number(Double(exitCode))
                    case .seconds: .number((seconds * 1000).rounded() / 1000)
                    case .figures: .object(figures.fields)
                    case .result: resultSHA256.map { .object([(Self.sha256Key, .string($0))]) } ?? .null
                    case .error: error.map(JSONValue.string) ?? .null
                    }
                return (field.rawValue, value)
            }
        ).compactText()
    }

    /// Reads a line written by `jsonLine`; nil for anything else (a line number outside
    /// 1...10⁹ or an exit code outside 0...255 included).
    public init?(jsonLine: Substring) {
        guard let root = try? JSONValue.parse(Data(jsonLine.utf8)), case .object(let f) = root else { return nil }
        func member(_ name: Key) -> JSONValue? { f.first { $0.key == name.rawValue }?.value }
        guard case .string(let id)? = member(.id), case .number(let line)? = member(.line), case .string(let key)? = member(.key),
            case .string(let s)? = member(.status),
            let status = Status(rawValue: s), case .number(let code)? = member(.exitCode),
            line == line.rounded(), (1...1e9).contains(line), code == code.rounded(), (0...255).contains(code)
        else { return nil }
        self.id = id
        self.line = Int(line)
        self.key = key
        self.status = status
        exitCode = Int32(code)
        if case .number(let t)? = member(.seconds), t.isFinite, t >= 0 { seconds = t } else { seconds = 0 }
        if case .object(let figures)? = member(.figures) { self.figures = Figures(figures) } else { figures = Figures([]) }
        if case .string(let e)? = member(.error) { error = e } else { error = nil }
        if case .object(let result)? = member(.result), case .string(let sha)? = result.first(where: { $0.key == Self.sha256Key })?.value {
            resultSHA256 = sha
        } else {
            resultSHA256 = nil
        }
    }

    init(
        row: BatchPlan.Row, status: Status, exitCode: Int32, seconds: Double, figures: [(key: String, value: JSONValue)],
        resultSHA256: String?, error: String?
    ) {
        self.id = row.id
        self.line = row.line
        self.key = row.key
        self.resultSHA256 = resultSHA256
        self.status = status
        self.exitCode = exitCode
        self.seconds = seconds
        self.figures = Figures(figures)
        self.error = error
    }
}
