import Foundation
import KinetixCore
import KinetixProfiles

/// A checked, frozen batch: every row's inputs with their SHA-256, its profile, its
/// parameters, the options, the engine version, and the shard it belongs to. Made once
/// (`kinetix batch plan`), then read by every shard and by the merge; the number of
/// shards always comes from here, never from the environment.
public struct BatchPlan: Sendable {
    /// The `format` of a plan file.
    public static let formatName = "kinetix-batch-plan"
    /// The most shards a plan has (a merge looks for every shard's file).
    public static let maxShards = 100_000

    /// One row of work.
    public struct Row: Sendable, Equatable {
        /// An input file as planned.
        public struct Input: Sendable, Equatable {
            /// `demonstrator`, `learner` or `clip`.
            public var role: String
            /// Absolute path.
            public var path: String
            /// The file's SHA-256 when planned (hex).
            public var sha256: String
            /// Its size when planned.
            public var bytes: Int
        }
        /// The profile a row runs, as planned.
        public struct ProfileRecord: Sendable, Equatable {
            /// As the manifest names it.
            public var reference: String
            /// Where it was found (`shipped:squat.json` or a path).
            public var source: String
            /// The profile file's SHA-256 when planned (hex).
            public var sha256: String
        }
        /// The row's id, unique, safe as a file name.
        public var id: String
        /// Its line in the manifest.
        public var line: Int
        /// 0-based shard.
        public var shard: Int
        /// Its input files.
        public var inputs: [Input]
        /// Its profile, if any.
        public var profile: ProfileRecord?
        /// `name=value` overrides, in the manifest's column order.
        public var parameters: [String]
        /// SHA-256 of everything that decides the row's result (engine version, kind,
        /// options, inputs' and profile's SHA-256, parameters): a cached result with the
        /// same key is the same result.
        public var key: String
        /// Whose session it is and when (the manifest's `subject` and `date`); not in the
        /// key, since they do not change the result.
        public var subject: String? = nil
        /// See `subject`.
        public var date: String? = nil
    }

    /// Settings every row runs with.
    public struct Options: Sendable, Equatable {
        /// Joints below this confidence are not tracked.
        public var minConfidence: Float = BodySeries.defaultMinConfidence
        /// Also write each row's self-contained HTML report beside its JSON.
        public var html = false
        /// Undo estimator left/right swaps before scoring, as `compare` and `assess` do by default.
        public var repairSwaps = true
        public init() {}
    }

    /// Pairs or single clips.
    public var kind: BatchManifest.Kind
    /// The engine version that made the plan (the only one that runs it).
    public var kinetixVersion: String
    /// The number of shards.
    public var shards: Int
    /// Shards unless told otherwise: one, the whole manifest in one run.
    public static let defaultShards = 1
    /// The numbers of shards a front end takes.
    public static let shardsRange: ClosedRange<Double> = 1...100_000
    /// Settings every row runs with.
    public var options: Options
    /// The manifest it was made from, and its SHA-256.
    public var manifest: (path: String, sha256: String)
    /// Every row, in manifest order.
    public var rows: [Row]
    /// The plan file it was read from (nil for a plan made in memory).
    public var file: String?

    /// Every file the plan reads: the plan itself, the manifest, each row's inputs and
    /// profile files. A batch never writes over one of them.
    public var inputFiles: [String] {
        var files = [manifest.path] + (file.map { [$0] } ?? [])
        var seen = Set(files)
        for row in rows {
            for path in row.inputs.map(\.path) + (row.profile.map { [$0.source] } ?? [])
            where !path.hasPrefix("shipped:") && seen.insert(path).inserted {
                files.append(path)
            }
        }
        return files
    }

    /// The rows of shard `k` (0-based), in manifest order.
    public func rows(ofShard k: Int) -> [Row] { rows.filter { $0.shard == k } }

    /// Plans `manifest` in `shards` shards: hashes every input, resolves and checks
    /// every profile and parameter, and balances the shards by input size (largest
    /// first, each to the lightest shard so far).
    ///
    /// - Throws: `KinetixError` listing every bad row by its manifest line (an
    ///   unreadable input, an unknown profile, a bad parameter, a profile of the wrong
    ///   kind); `.invalidSetting` for `shards` < 1.
    public init(manifest: BatchManifest, shards: Int, options: Options = Options(), library: ProfileLibrary) throws(KinetixError) {
        guard (1...Self.maxShards).contains(shards) else {
            throw KinetixError(.invalidSetting, "the number of shards is 1 to \(Self.maxShards), got \(shards)")
        }
        kind = manifest.kind
        kinetixVersion = KinetixVersion.current
        self.shards = shards
        self.options = options
        self.manifest = (manifest.path, manifest.sha256)
        var problems: [Diagnostic] = []
        var hashes: [String: (String, Int)] = [:]  // a file named by many rows is hashed once
        var profiles: [String: (Row.ProfileRecord, Profile)] = [:]
        var rows: [Row] = []
        for row in manifest.rows {
            func problem(_ message: String) {
                problems.append(Diagnostic(file: manifest.path, line: row.line, message: "\(row.id): \(message)"))
            }
            var inputs: [Row.Input] = []
            for input in row.inputs {
                if let (sha, bytes) = hashes[input.path] {
                    inputs.append(.init(role: input.role, path: input.path, sha256: sha, bytes: bytes))
                    continue
                }
                do {
                    let (sha, bytes) = try Self.hash(input.path)
                    hashes[input.path] = (sha, bytes)
                    inputs.append(.init(role: input.role, path: input.path, sha256: sha, bytes: bytes))
                } catch {
                    problem("\(input.role): \(error.diagnostics.first?.message ?? error.description)")
                }
            }
            var record: Row.ProfileRecord?
            if let reference = row.profile {
                do {
                    let (found, profile): (Row.ProfileRecord, Profile)
                    if let cached = profiles[reference] {
                        (found, profile) = cached
                    } else {
                        let resolved = try library.resolve(reference)
                        found = .init(
                            reference: reference, source: resolved.source, sha256: SHA256.hex(try ProfileLibrary.bytes(of: resolved.source))
                        )
                        profile = resolved.profile
                        profiles[reference] = (found, profile)
                    }
                    if kind == .pairs, profile.kind != .pair {
                        problem("profile '\(profile.id)' is a \(profile.kind.rawValue) profile; a pair needs a pair profile")
                    } else if kind == .assessments, profile.kind == .pair || profile.kind == .challenge {
                        problem("profile '\(profile.id)' is a \(profile.kind.rawValue) profile; a single clip needs a body or face profile")
                    }
                    _ = try profile.parameterValues(overriding: row.parameters.map { "\($0.name)=\($0.value)" })
                    record = found
                } catch {
                    problem(error.diagnostics.first?.message ?? error.description)
                }
            }
            let parameters = row.parameters.map { "\($0.name)=\($0.value)" }
            rows.append(
                Row(
                    id: row.id, line: row.line, shard: 0, inputs: inputs, profile: record, parameters: parameters, key: "",
                    subject: row.subject, date: row.date))
        }
        guard problems.isEmpty else { throw KinetixError(kind: .invalidData, diagnostics: problems) }
        // Largest first, each to the lightest shard (ties: the lower shard, the earlier row).
        var load = [Int](repeating: 0, count: shards)
        for index in rows.indices.sorted(by: {
            (rows[$0].inputs.reduce(0) { $0 + $1.bytes }, -$0) > (rows[$1].inputs.reduce(0) { $0 + $1.bytes }, -$1)
        }) {
            let lightest = load.indices.min { (load[$0], $0) < (load[$1], $1) }!
            rows[index].shard = lightest
            load[lightest] += rows[index].inputs.reduce(0) { $0 + $1.bytes }
        }
        self.rows = rows
        for i in self.rows.indices { self.rows[i].key = key(of: self.rows[i]) }
    }

    /// SHA-256 and size of a file.
    static func hash(_ path: String) throws(KinetixError) -> (String, Int) {
        let data = try readInput(path, limits: .default)
        return (SHA256.hex(data), data.count)
    }

    /// The row's cache key (see `Row.key`).
    func key(of row: Row) -> String {
        var text =
            "kinetix-batch-row 1\n\(kinetixVersion)\n\(kind.rawValue)\nminConfidence=\(jsonNumber(Double(options.minConfidence), digits: 6))\nhtml=\(options.html)\n"
            + (options.repairSwaps ? "" : "keepSwaps\n")
        for input in row.inputs { text += "\(input.role) \(input.sha256)\n" }
        if let profile = row.profile { text += "profile \(profile.sha256)\n" }
        for parameter in row.parameters { text += "param \(parameter)\n" }
        return SHA256.hex(Array(text.utf8))
    }
}
