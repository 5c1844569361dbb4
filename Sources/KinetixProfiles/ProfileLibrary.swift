import Foundation
import KinetixCore

/// Finds profiles: by path, in the caller's folders, and among the profiles shipped
/// with Kinetix (compiled into this library from the repository's `Profiles/`).
///
/// The search order is explicit and never depends on the current directory:
/// 1. a reference that contains `/` or ends in `.json` is a file path, used as named;
/// 2. otherwise `<id>.json` in each of `folders`, in order, then a file there whose
///    `id` field matches;
/// 3. otherwise the shipped profile with that id (`includesShipped`).
/// A file in a folder therefore overrides a shipped profile of the same id only when
/// the caller listed that folder.
public struct ProfileLibrary: Sendable {
    /// A profile that was found, and where.
    public struct Entry: Sendable {
        /// `shipped:<file name>` for a profile compiled into Kinetix, else a file path.
        public var source: String
        /// Loads and checks it.
        public func load() throws(KinetixError) -> Profile {
            if let name = source.shippedName, let data = ProfileLibrary.shippedData(name) {
                return try Profile.decode(data, file: source)
            }
            return try Profile.load(contentsOf: source)
        }
    }

    /// A profile and where it came from.
    public struct Resolved: Sendable {
        /// The profile, loaded and checked.
        public var profile: Profile
        /// As `Entry.source`.
        public var source: String
    }

    /// Folders searched by id, in order, before the shipped profiles.
    public var folders: [String]
    /// Whether the profiles compiled into Kinetix are searched last.
    public var includesShipped: Bool

    /// A library of `folders` (and the shipped profiles unless told otherwise).
    public init(folders: [String] = [], includesShipped: Bool = true) {
        self.folders = folders
        self.includesShipped = includesShipped
    }

    /// The file names of the shipped profiles, sorted (the drafting vocabulary, also
    /// shipped from `Profiles/`, is not a profile).
    public static var shippedNames: [String] { ShippedProfileFiles.all.map(\.name).filter(isProfileFileName) }

    /// Whether a file name in a profiles folder names a profile: `*.json` but JSON
    /// Schemas and vocabularies (`*.schema.json`, `*.vocabulary.json`).
    static func isProfileFileName(_ name: String) -> Bool {
        name.hasSuffix(".json") && !name.hasSuffix(".schema.json") && !name.hasSuffix(".vocabulary.json")
    }

    /// Loads the profile found at `source` (`shipped:<name>` or a path), as recorded in
    /// results and plans.
    ///
    /// - Throws: `KinetixError` as `Profile.decode` and `bytes(of:)`.
    public static func load(source: String) throws(KinetixError) -> Profile {
        try Profile.decode(try bytes(of: source), file: source)
    }

    /// The bytes of a profile found at `source` (`shipped:<name>` or a path), for
    /// recording what was run (its SHA-256).
    ///
    /// - Throws: `KinetixError` (`.notFound`, `.unreadable`).
    public static func bytes(of source: String) throws(KinetixError) -> Data {
        if let name = source.shippedName {
            guard let data = shippedData(name) else { throw KinetixError(.notFound, "no shipped profile \(name) in this build") }
            return data
        }
        return try readInput(source, limits: SidecarLimits())
    }

    package static func shippedData(_ name: String) -> Data? {
        ShippedProfileFiles.all.first { $0.name == name }.flatMap { Data(base64Encoded: $0.base64) }
    }

    /// Every profile the library can see, in search order: each folder's `*.json`
    /// files but JSON Schemas (sorted by name), then the shipped ones. A file name
    /// seen earlier hides a later one of the same name.
    public func entries() -> [Entry] {
        var seen = Set<String>()
        var result: [Entry] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where Self.isProfileFileName(name) && !seen.contains(name) {
                seen.insert(name)
                result.append(Entry(source: (folder as NSString).appendingPathComponent(name)))
            }
        }
        if includesShipped {
            for name in Self.shippedNames where !seen.contains(name) {
                result.append(Entry(source: "shipped:" + name))
            }
        }
        return result
    }

    /// The profile named by `reference` (see the search order above).
    ///
    /// - Throws: `KinetixError` of kind `.notFound` naming what was searched, with a
    ///   did-you-mean; `.unreadable` or `.invalidData` when the file found is bad.
    public func resolve(_ reference: String) throws(KinetixError) -> Resolved {
        if reference.hasSuffix(".json") || reference.contains("/") {
            return Resolved(profile: try Profile.load(contentsOf: reference), source: reference)
        }
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(reference + ".json")
            if FileManager.default.fileExists(atPath: path) { return Resolved(profile: try Profile.load(contentsOf: path), source: path) }
        }
        let all = entries()
        var ids: [String] = []
        for entry in all {
            guard let profile = try? entry.load() else { continue }
            if profile.id == reference { return Resolved(profile: profile, source: entry.source) }
            ids.append(profile.id)
        }
        let suggestion = closestName(to: reference, in: ids)
        var searched = folders
        if includesShipped { searched.append("the shipped profiles") }
        throw KinetixError(
            .notFound, "no profile '\(reference)'; searched \(searched.isEmpty ? "nothing" : searched.joined(separator: ", "))",
            setting: .profile, suggestion: suggestion)
    }
}

extension String {
    /// The file name of a `shipped:<name>` source.
    var shippedName: String? { hasPrefix("shipped:") ? String(dropFirst("shipped:".count)) : nil }
}
