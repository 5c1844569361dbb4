/// What produced a result, so a saved result can be reproduced and checked.
public struct Provenance: Equatable, Sendable {
    public struct Input: Equatable, Sendable {
        /// `demonstrator`, `learner`, `sidecar`, `baseline`, …
        public var role: String
        /// The file as the caller named it (or a name given to in-memory data).
        public var path: String
        /// SHA-256 of the input's bytes, lowercase hex.
        public var sha256: String
        public var frames: Int

        public init(role: String, path: String, sha256: String, frames: Int) {
            self.role = role
            self.path = path
            self.sha256 = sha256
            self.frames = frames
        }
    }

    /// The profile that drove a run.
    public struct ProfileUsed: Equatable, Sendable {
        public struct Parameter: Equatable, Sendable {
            public var name: String
            /// The value as text, as it would be given to override it.
            public var value: String

            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        public var id: String
        public var version: String
        /// Every parameter with the value used (defaults included).
        public var parameters: [Parameter]
        /// Where the profile came from: a file path, or `shipped:<id>` for a profile
        /// compiled into Kinetix.
        public var source: String

        public init(id: String, version: String, parameters: [Parameter], source: String) {
            self.id = id
            self.version = version
            self.parameters = parameters
            self.source = source
        }
    }

    public var engineVersion = KinetixVersion.current
    public var inputs: [Input]
    /// The profile that drove the run, when there was one.
    public var profile: ProfileUsed?

    public init(inputs: [Input], profile: ProfileUsed? = nil) {
        self.inputs = inputs
        self.profile = profile
    }

    public var json: String {
        var out = "{\"engineVersion\": \(jsonString(engineVersion)), \"inputs\": {"
        out += inputs.map { "\(jsonString($0.role)): {\"path\": \(jsonString($0.path)), \"sha256\": \"\($0.sha256)\", \"frames\": \($0.frames)}" }
            .joined(separator: ", ")
        out += "}"
        if let profile {
            out += ", \"profile\": {\"id\": \(jsonString(profile.id)), \"version\": \(jsonString(profile.version)), "
                + "\"source\": \(jsonString(profile.source)), \"parameters\": {"
                + profile.parameters.map { "\(jsonString($0.name)): \(jsonString($0.value))" }.joined(separator: ", ") + "}}"
        }
        return out + "}"
    }
}
