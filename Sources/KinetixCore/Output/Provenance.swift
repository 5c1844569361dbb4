/// What produced a result, so a saved result can be reproduced and checked.
public struct Provenance: Equatable, Sendable {
    /// One input: its role, name, digest and frame count.
    public struct Input: Equatable, Sendable {
        /// `demonstrator`, `learner`, `sidecar`, `baseline`, …
        public var role: String
        /// The file as the caller named it (or a name given to in-memory data).
        public var path: String
        /// SHA-256 of the input's bytes, lowercase hex.
        public var sha256: String
        /// The number of frames decoded.
        public var frames: Int

        /// A record with every field given.
        public init(role: String, path: String, sha256: String, frames: Int) {
            self.role = role
            self.path = path
            self.sha256 = sha256
            self.frames = frames
        }
    }

    /// The profile that drove a run.
    public struct ProfileUsed: Equatable, Sendable {
        /// A parameter and its value.
        public struct Parameter: Equatable, Sendable {
            /// The parameter's name.
            public var name: String
            /// The value as text, as it would be given to override it.
            public var value: String

            /// A parameter record.
            public init(name: String, value: String) {
                self.name = name
                self.value = value
            }
        }

        /// The profile's id.
        public var id: String
        /// The profile's version.
        public var version: String
        /// Every parameter with the value used (defaults included).
        public var parameters: [Parameter]
        /// Where the profile came from: a file path, or `shipped:<id>` for a profile
        /// compiled into Kinetix.
        public var source: String

        /// A record with every field given.
        public init(id: String, version: String, parameters: [Parameter], source: String) {
            self.id = id
            self.version = version
            self.parameters = parameters
            self.source = source
        }
    }

    /// The Kinetix version that produced the result.
    public var engineVersion = KinetixVersion.current
    /// Every input, in the order the result names them.
    public var inputs: [Input]
    /// The profile that drove the run, when there was one.
    public var profile: ProfileUsed?

    /// A record of `inputs`, and the profile when one drove the run.
    public init(inputs: [Input], profile: ProfileUsed? = nil) {
        self.inputs = inputs
        self.profile = profile
    }

    /// The record's JSON fields (`json`), as its readers look them up.
    package enum Key: String, JSONKeys {
        case engineVersion, inputs, profile
    }

    /// The fields of each input in `inputs` (keyed by its role).
    package enum InputKey: String, JSONKeys {
        case path, sha256, frames
    }

    /// The fields of `profile`.
    package enum ProfileKey: String, JSONKeys {
        case id, version, source, parameters
    }

    /// The record as a JSON object, as every command writes it.
    public var json: String {
        typealias I = InputKey
        typealias P = ProfileKey
        var out = "{\(Key.engineVersion.quoted): \(jsonString(engineVersion)), \(Key.inputs.quoted): {"
        out += inputs.map {
            "\(jsonString($0.role)): {\(I.path.quoted): \(jsonString($0.path)), \(I.sha256.quoted): \"\($0.sha256)\", \(I.frames.quoted): \($0.frames)}"
        }
        .joined(separator: ", ")
        out += "}"
        if let profile {
            out +=
                ", \(Key.profile.quoted): {\(P.id.quoted): \(jsonString(profile.id)), \(P.version.quoted): \(jsonString(profile.version)), "
                + "\(P.source.quoted): \(jsonString(profile.source)), \(P.parameters.quoted): {"
                + profile.parameters.map { "\(jsonString($0.name)): \(jsonString($0.value))" }.joined(separator: ", ") + "}}"
        }
        return out + "}"
    }
}
