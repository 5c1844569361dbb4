import Foundation
import KinetixCore
import KinetixProfiles

extension BatchPlan {
    /// The plan file's top-level fields, written by `jsonText()` and read by `init(contentsOf:)`.
    enum Key: String, JSONKeys {
        case format, formatVersion, kinetixVersion, kind, shards, options, manifest, rows
    }

    /// The fields of `options`.
    enum OptionKey: String, JSONKeys {
        case minConfidence, html, repairSwaps
    }

    /// The fields of `manifest`.
    enum ManifestKey: String, JSONKeys {
        case path, sha256
    }

    /// The fields of each row.
    enum RowKey: String, JSONKeys {
        case id, line, shard, inputs, profile, parameters, key, subject, date
    }

    /// The fields of each of a row's inputs.
    enum InputKey: String, JSONKeys {
        case role, path, sha256, bytes
    }

    /// The fields of a row's profile.
    enum ProfileKey: String, JSONKeys {
        case reference, source, sha256
    }

    /// The plan as an indented JSON document.
    public func jsonText() -> String {
        let rowValues: [JSONValue] = rows.map { row in
            var fields: [(key: String, value: JSONValue)] = [
                (RowKey.id.rawValue, .string(row.id)), (RowKey.line.rawValue, .number(Double(row.line))),
                (RowKey.shard.rawValue, .number(Double(row.shard))),
                (
                    RowKey.inputs.rawValue,
                    .array(
                        row.inputs.map { input in
                            .object([
                                (InputKey.role.rawValue, .string(input.role)), (InputKey.path.rawValue, .string(input.path)),
                                (InputKey.sha256.rawValue, .string(input.sha256)),
                                (InputKey.bytes.rawValue, .number(Double(input.bytes))),
                            ])
                        })
                ),
            ]
            if let profile = row.profile {
                fields.append(
                    (
                        RowKey.profile.rawValue,
                        .object([
                            (ProfileKey.reference.rawValue, .string(profile.reference)),
                            (ProfileKey.source.rawValue, .string(profile.source)),
                            (ProfileKey.sha256.rawValue, .string(profile.sha256)),
                        ])
                    ))
            }
            fields.append((RowKey.parameters.rawValue, .array(row.parameters.map(JSONValue.string))))
            fields.append((RowKey.key.rawValue, .string(row.key)))
            if let subject = row.subject { fields.append((RowKey.subject.rawValue, .string(subject))) }
            if let date = row.date { fields.append((RowKey.date.rawValue, .string(date))) }
            return .object(fields)
        }
        return JSONValue.object([
            (Key.format.rawValue, .string(Self.formatName)), (Key.formatVersion.rawValue, .number(1)),
            (Key.kinetixVersion.rawValue, .string(kinetixVersion)),
            (Key.kind.rawValue, .string(kind.rawValue)), (Key.shards.rawValue, .number(Double(shards))),
            (
                Key.options.rawValue,
                .object([
                    (OptionKey.minConfidence.rawValue, .number(Double(options.minConfidence))),
                    (OptionKey.html.rawValue, .bool(options.html)),
                    (OptionKey.repairSwaps.rawValue, .bool(options.repairSwaps)),
                ])
            ),
            (
                Key.manifest.rawValue,
                .object([(ManifestKey.path.rawValue, .string(manifest.path)), (ManifestKey.sha256.rawValue, .string(manifest.sha256))])
            ),
            (Key.rows.rawValue, .array(rowValues)),
        ]).indentedText()
    }

    /// Reads a plan file.
    ///
    /// - Throws: `KinetixError`: `.unreadable`; `.invalidData` naming the field for a
    ///   file that is not a plan; `.unsupported` for a plan made by another engine version
    ///   (its cache keys and results would not be this engine's: plan again).
    public init(contentsOf path: String) throws(KinetixError) {
        var limits = SidecarLimits()
        limits.maxFileBytes = 1 << 30
        let data = try readInput(path, limits: limits)
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw KinetixError(.invalidData, file: path, "not JSON: \(error.message) at byte \(error.offset)")
        }
        func fail(_ field: String, _ message: String, setting: Setting? = nil) -> KinetixError {
            KinetixError(.invalidData, file: path, field: field, message, setting: setting)
        }
        guard case .object(let top) = root else { throw fail("", "a plan is a JSON object") }
        func member<K: JSONKeys>(_ fields: [(key: String, value: JSONValue)], _ name: K) -> JSONValue? {
            fields.first { $0.key == name.rawValue }?.value
        }
        func string<K: JSONKeys>(_ fields: [(key: String, value: JSONValue)], _ name: K, _ at: String) throws(KinetixError) -> String {
            guard case .string(let s)? = member(fields, name) else { throw fail(at + name.rawValue, "expected a string") }
            return s
        }
        func int<K: JSONKeys>(_ fields: [(key: String, value: JSONValue)], _ name: K, _ at: String) throws(KinetixError) -> Int {
            guard case .number(let n)? = member(fields, name), n == n.rounded(), abs(n) < 1e12 else {
                throw fail(at + name.rawValue, "expected an integer")
            }
            return Int(n)
        }
        guard member(top, Key.format) == .string(Self.formatName) else {
            throw fail(Key.format.rawValue, "not a Kinetix batch plan (format \"\(Self.formatName)\")", setting: .batchPlan)
        }
        guard member(top, Key.formatVersion) == .number(1) else {
            throw fail(Key.formatVersion.rawValue, "this Kinetix reads plan format 1")
        }
        kinetixVersion = try string(top, Key.kinetixVersion, "")
        guard kinetixVersion == KinetixVersion.current else {
            throw KinetixError(
                .unsupported, file: path, field: Key.kinetixVersion.rawValue,
                "the plan was made by Kinetix \(kinetixVersion) and this is \(KinetixVersion.current): plan again with this version")
        }
        guard let kind = BatchManifest.Kind(rawValue: try string(top, Key.kind, "")) else {
            throw fail(Key.kind.rawValue, "expected pairs or assessments")
        }
        self.kind = kind
        shards = try int(top, Key.shards, "")
        guard (1...Self.maxShards).contains(shards) else {
            throw fail(Key.shards.rawValue, "expected 1 to \(Self.maxShards) shards, as 'batch plan' makes")
        }
        var options = Options()
        if case .object(let o)? = member(top, Key.options) {
            if case .number(let c)? = member(o, OptionKey.minConfidence) { options.minConfidence = Float(c) }
            if case .bool(let h)? = member(o, OptionKey.html) { options.html = h }
            if case .bool(let r)? = member(o, OptionKey.repairSwaps) { options.repairSwaps = r }
        }
        self.options = options
        guard case .object(let m)? = member(top, Key.manifest) else { throw fail(Key.manifest.rawValue, "expected an object") }
        manifest = (
            try string(m, ManifestKey.path, Key.manifest.rawValue + "."), try string(m, ManifestKey.sha256, Key.manifest.rawValue + ".")
        )
        guard case .array(let rowValues)? = member(top, Key.rows) else { throw fail(Key.rows.rawValue, "expected a list") }
        var rows: [Row] = []
        var ids = Set<String>()
        for (i, value) in rowValues.enumerated() {
            let at = "\(Key.rows.rawValue)[\(i)]."
            guard case .object(let r) = value else { throw fail("\(Key.rows.rawValue)[\(i)]", "expected an object") }
            let id = try string(r, RowKey.id, at)
            if let why = BatchManifest.unsafeIDReason(id) { throw fail(at + RowKey.id.rawValue, "id '\(id)' \(why)") }
            guard ids.insert(id).inserted else { throw fail(at + RowKey.id.rawValue, "id '\(id)' appears twice") }
            let shard = try int(r, RowKey.shard, at)
            guard (0..<shards).contains(shard) else {
                throw fail(at + RowKey.shard.rawValue, "shard \(shard) is outside 0...\(shards - 1)")
            }
            guard case .array(let inputValues)? = member(r, RowKey.inputs) else {
                throw fail(at + RowKey.inputs.rawValue, "expected a list")
            }
            var inputs: [Row.Input] = []
            for (j, inputValue) in inputValues.enumerated() {
                guard case .object(let f) = inputValue else { throw fail(at + "\(RowKey.inputs.rawValue)[\(j)]", "expected an object") }
                let place = at + "\(RowKey.inputs.rawValue)[\(j)]."
                inputs.append(
                    .init(
                        role: try string(f, InputKey.role, place), path: try string(f, InputKey.path, place),
                        sha256: try string(f, InputKey.sha256, place), bytes: try int(f, InputKey.bytes, place)))
            }
            let roles = kind.fileColumns
            guard inputs.map(\.role) == roles else {
                throw fail(
                    at + RowKey.inputs.rawValue,
                    "a \(kind == .pairs ? "pair" : "clip") row has the inputs \(roles.joined(separator: ", ")), in that order; found \(inputs.map(\.role))"
                )
            }
            for (j, input) in inputs.enumerated() where input.bytes < 0 {
                throw fail(at + "\(RowKey.inputs.rawValue)[\(j)].\(InputKey.bytes.rawValue)", "expected a size of 0 or more")
            }
            var profile: Row.ProfileRecord?
            if case .object(let p)? = member(r, RowKey.profile) {
                profile = .init(
                    reference: try string(p, ProfileKey.reference, at + RowKey.profile.rawValue + "."),
                    source: try string(p, ProfileKey.source, at + RowKey.profile.rawValue + "."),
                    sha256: try string(p, ProfileKey.sha256, at + RowKey.profile.rawValue + "."))
            }
            if kind == .assessments, profile == nil { throw fail(at + RowKey.profile.rawValue, "a clip row needs its profile") }
            let line = try int(r, RowKey.line, at)
            guard (1...1_000_000_000).contains(line) else { throw fail(at + RowKey.line.rawValue, "expected a manifest line, 1 or more") }
            var parameters: [String] = []
            if case .array(let list)? = member(r, RowKey.parameters) {
                for item in list {
                    guard case .string(let s) = item else { throw fail(at + RowKey.parameters.rawValue, "expected strings") }
                    parameters.append(s)
                }
            }
            var subject: String?
            var date: String?
            if let value = member(r, RowKey.subject) {
                guard case .string(let s) = value, BatchManifest.unsafeIDReason(s) == nil else {
                    throw fail(at + RowKey.subject.rawValue, "expected a subject safe as a file name")
                }
                subject = s
            }
            if let value = member(r, RowKey.date) {
                guard case .string(let s) = value, ProgressSession.isDate(s) else {
                    throw fail(at + RowKey.date.rawValue, "expected a date, YYYY-MM-DD")
                }
                date = s
            }
            rows.append(
                Row(
                    id: id, line: line, shard: shard, inputs: inputs, profile: profile,
                    parameters: parameters, key: try string(r, RowKey.key, at), subject: subject, date: date))
        }
        self.rows = rows
        file = path
        // A plan edited by hand must not smuggle in a stale key.
        for row in self.rows where key(of: row) != row.key {
            throw fail(
                "\(Key.rows.rawValue)[\(self.rows.firstIndex(of: row)!)].\(RowKey.key.rawValue)",
                "does not match the row's inputs and options: plan again rather than editing a plan")
        }
    }
}
