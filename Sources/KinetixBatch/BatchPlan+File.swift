import Foundation
import KinetixCore
import KinetixProfiles

extension BatchPlan {
    /// The plan as an indented JSON document.
    public func jsonText() -> String {
        let rowValues: [JSONValue] = rows.map { row in
            var fields: [(key: String, value: JSONValue)] = [
                ("id", .string(row.id)), ("line", .number(Double(row.line))), ("shard", .number(Double(row.shard))),
                ("inputs", .array(row.inputs.map { input in
                    .object([("role", .string(input.role)), ("path", .string(input.path)), ("sha256", .string(input.sha256)), ("bytes", .number(Double(input.bytes)))])
                })),
            ]
            if let profile = row.profile {
                fields.append(("profile", .object([("reference", .string(profile.reference)), ("source", .string(profile.source)), ("sha256", .string(profile.sha256))])))
            }
            fields.append(("parameters", .array(row.parameters.map(JSONValue.string))))
            fields.append(("key", .string(row.key)))
            if let subject = row.subject { fields.append(("subject", .string(subject))) }
            if let date = row.date { fields.append(("date", .string(date))) }
            return .object(fields)
        }
        return JSONValue.object([
            ("format", .string(Self.formatName)), ("formatVersion", .number(1)), ("kinetixVersion", .string(kinetixVersion)),
            ("kind", .string(kind.rawValue)), ("shards", .number(Double(shards))),
            ("options", .object([("minConfidence", .number(Double(options.minConfidence))), ("html", .bool(options.html)),
                                 ("repairSwaps", .bool(options.repairSwaps))])),
            ("manifest", .object([("path", .string(manifest.path)), ("sha256", .string(manifest.sha256))])),
            ("rows", .array(rowValues)),
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
        func member(_ fields: [(key: String, value: JSONValue)], _ name: String) -> JSONValue? { fields.first { $0.key == name }?.value }
        func string(_ fields: [(key: String, value: JSONValue)], _ name: String, _ at: String) throws(KinetixError) -> String {
            guard case .string(let s)? = member(fields, name) else { throw fail(at + name, "expected a string") }
            return s
        }
        func int(_ fields: [(key: String, value: JSONValue)], _ name: String, _ at: String) throws(KinetixError) -> Int {
            guard case .number(let n)? = member(fields, name), n == n.rounded(), abs(n) < 1e12 else { throw fail(at + name, "expected an integer") }
            return Int(n)
        }
        guard member(top, "format") == .string(Self.formatName) else { throw fail("format", "not a Kinetix batch plan (format \"\(Self.formatName)\")", setting: .batchPlan) }
        guard member(top, "formatVersion") == .number(1) else { throw fail("formatVersion", "this Kinetix reads plan format 1") }
        kinetixVersion = try string(top, "kinetixVersion", "")
        guard kinetixVersion == KinetixVersion.current else {
            throw KinetixError(.unsupported, file: path, field: "kinetixVersion",
                               "the plan was made by Kinetix \(kinetixVersion) and this is \(KinetixVersion.current): plan again with this version")
        }
        guard let kind = BatchManifest.Kind(rawValue: try string(top, "kind", "")) else { throw fail("kind", "expected pairs or assessments") }
        self.kind = kind
        shards = try int(top, "shards", "")
        guard (1...Self.maxShards).contains(shards) else { throw fail("shards", "expected 1 to \(Self.maxShards) shards, as 'batch plan' makes") }
        var options = Options()
        if case .object(let o)? = member(top, "options") {
            if case .number(let c)? = member(o, "minConfidence") { options.minConfidence = Float(c) }
            if case .bool(let h)? = member(o, "html") { options.html = h }
            if case .bool(let r)? = member(o, "repairSwaps") { options.repairSwaps = r }
        }
        self.options = options
        guard case .object(let m)? = member(top, "manifest") else { throw fail("manifest", "expected an object") }
        manifest = (try string(m, "path", "manifest."), try string(m, "sha256", "manifest."))
        guard case .array(let rowValues)? = member(top, "rows") else { throw fail("rows", "expected a list") }
        var rows: [Row] = []
        var ids = Set<String>()
        for (i, value) in rowValues.enumerated() {
            let at = "rows[\(i)]."
            guard case .object(let r) = value else { throw fail("rows[\(i)]", "expected an object") }
            let id = try string(r, "id", at)
            if let why = BatchManifest.unsafeIDReason(id) { throw fail(at + "id", "id '\(id)' \(why)") }
            guard ids.insert(id).inserted else { throw fail(at + "id", "id '\(id)' appears twice") }
            let shard = try int(r, "shard", at)
            guard (0..<shards).contains(shard) else { throw fail(at + "shard", "shard \(shard) is outside 0...\(shards - 1)") }
            guard case .array(let inputValues)? = member(r, "inputs") else { throw fail(at + "inputs", "expected a list") }
            var inputs: [Row.Input] = []
            for (j, inputValue) in inputValues.enumerated() {
                guard case .object(let f) = inputValue else { throw fail(at + "inputs[\(j)]", "expected an object") }
                let where_ = at + "inputs[\(j)]."
                inputs.append(.init(role: try string(f, "role", where_), path: try string(f, "path", where_),
                                    sha256: try string(f, "sha256", where_), bytes: try int(f, "bytes", where_)))
            }
            let roles = kind == .pairs ? ["demonstrator", "learner"] : ["clip"]
            guard inputs.map(\.role) == roles else {
                throw fail(at + "inputs", "a \(kind == .pairs ? "pair" : "clip") row has the inputs \(roles.joined(separator: ", ")), in that order; found \(inputs.map(\.role))")
            }
            for (j, input) in inputs.enumerated() where input.bytes < 0 { throw fail(at + "inputs[\(j)].bytes", "expected a size of 0 or more") }
            var profile: Row.ProfileRecord?
            if case .object(let p)? = member(r, "profile") {
                profile = .init(reference: try string(p, "reference", at + "profile."), source: try string(p, "source", at + "profile."),
                                sha256: try string(p, "sha256", at + "profile."))
            }
            if kind == .assessments, profile == nil { throw fail(at + "profile", "a clip row needs its profile") }
            let line = try int(r, "line", at)
            guard (1...1_000_000_000).contains(line) else { throw fail(at + "line", "expected a manifest line, 1 or more") }
            var parameters: [String] = []
            if case .array(let list)? = member(r, "parameters") {
                for item in list { guard case .string(let s) = item else { throw fail(at + "parameters", "expected strings") }; parameters.append(s) }
            }
            var subject: String?, date: String?
            if let value = member(r, "subject") {
                guard case .string(let s) = value, BatchManifest.unsafeIDReason(s) == nil else { throw fail(at + "subject", "expected a subject safe as a file name") }
                subject = s
            }
            if let value = member(r, "date") {
                guard case .string(let s) = value, ProgressSession.isDate(s) else { throw fail(at + "date", "expected a date, YYYY-MM-DD") }
                date = s
            }
            rows.append(Row(id: id, line: line, shard: shard, inputs: inputs, profile: profile,
                            parameters: parameters, key: try string(r, "key", at), subject: subject, date: date))
        }
        self.rows = rows
        file = path
        // A plan edited by hand must not smuggle in a stale key.
        for row in self.rows where key(of: row) != row.key {
            throw fail("rows[\(self.rows.firstIndex(of: row)!)].key", "does not match the row's inputs and options: plan again rather than editing a plan")
        }
    }
}
