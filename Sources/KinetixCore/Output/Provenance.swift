/// What produced a result, so a saved result can be reproduced and checked.
public struct Provenance: Equatable, Sendable {
    public struct Input: Equatable, Sendable {
        /// `demonstrator`, `learner`, `sidecar`, `baseline`, …
        public var role: String
        public var path: String
        /// SHA-256 of the file's bytes, hex.
        public var sha256: String
        public var frames: Int

        public init(role: String, path: String, sha256: String, frames: Int) {
            self.role = role
            self.path = path
            self.sha256 = sha256
            self.frames = frames
        }
    }

    public var engineVersion = KinetixVersion.current
    public var inputs: [Input]
    /// The profile that drove the run, `id` and `version`, when there was one.
    public var profile: (id: String, version: String, parameters: [(name: String, value: String)])?

    public init(inputs: [Input]) { self.inputs = inputs }

    public static func == (a: Provenance, b: Provenance) -> Bool {
        a.engineVersion == b.engineVersion && a.inputs == b.inputs && a.profile?.id == b.profile?.id && a.profile?.version == b.profile?.version
    }

    public var json: String {
        var out = "{\"engineVersion\": \(jsonString(engineVersion)), \"inputs\": {"
        out += inputs.map { "\(jsonString($0.role)): {\"path\": \(jsonString($0.path)), \"sha256\": \"\($0.sha256)\", \"frames\": \($0.frames)}" }
            .joined(separator: ", ")
        out += "}"
        if let profile {
            out += ", \"profile\": {\"id\": \(jsonString(profile.id)), \"version\": \(jsonString(profile.version)), \"parameters\": {"
                + profile.parameters.map { "\(jsonString($0.name)): \(jsonString($0.value))" }.joined(separator: ", ") + "}}"
        }
        return out + "}"
    }
}
