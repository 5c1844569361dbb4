import Foundation
import KinetixCore

/// Finds profiles by id in a list of folders, or by path.
public struct ProfileLibrary: Sendable {
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    /// Every `*.json` file in the folders but JSON Schemas (`*.schema.json`), sorted by
    /// name, first folder first.
    public func files() -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") && !name.hasSuffix(".schema.json") && !seen.contains(name) {
                seen.insert(name)
                result.append((folder as NSString).appendingPathComponent(name))
            }
        }
        return result
    }

    /// The profile named by `reference`: a path to a file, or an id looked up as
    /// `<id>.json` in the folders (and, failing that, by the `id` inside each file).
    public func resolve(_ reference: String) throws(ProfileError) -> (profile: Profile, path: String) {
        if reference.hasSuffix(".json") || reference.contains("/") {
            return (try Profile.load(contentsOf: reference), reference)
        }
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(reference + ".json")
            if FileManager.default.fileExists(atPath: path) { return (try Profile.load(contentsOf: path), path) }
        }
        for path in files() {
            if let profile = try? Profile.load(contentsOf: path), profile.id == reference { return (profile, path) }
        }
        let ids = files().compactMap { try? Profile.load(contentsOf: $0).id }
        let hint = closestName(to: reference, in: ids).map { " (did you mean '\($0)'?)" } ?? ""
        let searched = folders.isEmpty ? "no profile folder found" : "searched \(folders.joined(separator: ", "))"
        throw ProfileError(message: "no profile '\(reference)'\(hint); \(searched); 'kinetix profile list' shows what there is")
    }
}
