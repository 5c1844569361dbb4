import Foundation

/// The Kinetix streaming format (`kinetix-stream`, version 1): one JSON object per
/// line, as a camera pipeline delivers poses (`Sidecars/STREAM.md`).
///
/// The first line is the header (`{"format": "kinetix-stream", "version": 1, "space":
/// {…}}`, optionally `fps` and `source`), then one line per frame, the sidecar's frame
/// object (`{"t": seconds, "joints": {"nose": [x, y, confidence], …}}`) with, optionally,
/// `captured`: the Unix time in seconds at which the camera captured the frame, for
/// latency. A last line `{"end": true}` says the stream ended on purpose; a stream that
/// stops without it was cut off. Frames are 2D: a live API reads a camera's joints.
public enum LiveStream {
    /// The format's name, the header's `format`.
    public static let formatName = "kinetix-stream"
    /// The version this engine reads and writes.
    public static let version = 1
    /// The longest line read, in bytes: a frame of 15 joints is about 1 kB.
    public static let maxLineBytes = 64 * 1024

    /// A stream's first line.
    public struct Header: Equatable, Sendable {
        /// The frames' coordinate space (an image kind, 2D).
        public var space: CoordinateSpace
        /// The camera's frame rate, frames per second, when the producer knows it.
        public var fps: Double?
        /// Free-form provenance strings (camera, video, detector, …).
        public var source: [String: String]

        /// A header for frames in `space`.
        public init(space: CoordinateSpace, fps: Double? = nil, source: [String: String] = [:]) {
            self.space = space
            self.fps = fps
            self.source = source
        }
    }

    /// One line of a stream, decoded.
    public enum Line: Sendable {
        /// The header.
        case header(Header)
        /// A frame, and the Unix time (seconds) its camera captured it, when given.
        case frame(PoseFrame, captured: Double?)
        /// The producer ended the stream on purpose.
        case end
    }

    // MARK: - Writing

    /// The header as one line (with its line feed).
    public static func line(_ header: Header) -> String {
        var out =
            "{\"format\": \"\(formatName)\", \"version\": \(version), \"space\": {\"kind\": \"\(header.space.kind.rawValue)\", "
            + "\"width\": \(header.space.width.description), \"height\": \(header.space.height.description)}"
        if let fps = header.fps { out += ", \"fps\": \(fps.description)" }
        if !header.source.isEmpty {
            out +=
                ", \"source\": {"
                + header.source.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)): \(jsonString($0.value))" }.joined(separator: ", ")
                + "}"
        }
        return out + "}\n"
    }

    /// A frame as one line (with its line feed). Numbers are written with every digit
    /// they need, so the frame reads back bit for bit.
    public static func line(_ frame: PoseFrame, captured: Double? = nil) -> String {
        var out = "{\"t\": \(frame.time.description)"
        if let captured { out += ", \"captured\": \(captured.description)" }
        out += ", \"joints\": {"
        var first = true
        for joint in Joint.allCases {
            guard let p = frame[joint] else { continue }
            out += (first ? "" : ", ") + "\"\(joint.name)\": [\(p.x.description), \(p.y.description), \(p.confidence.description)]"
            first = false
        }
        return out + "}}\n"
    }

    /// The end line (with its line feed).
    public static let endLine = "{\"end\": true}\n"

    // MARK: - Reading

    /// Reads a stream's lines in order: the header first, then frames, then at most an
    /// end line. Each call decodes one line; errors are located by `source` and line.
    public struct Decoder: Sendable {
        /// The source's name as the user gave it, for diagnostics.
        public let source: String
        /// The header, once read.
        public private(set) var header: Header?
        /// Lines read so far (the next line's number is `lines + 1`).
        public private(set) var lines = 0
        /// True once the end line was read.
        public private(set) var ended = false

        /// A decoder of the stream called `source`.
        public init(source: String) { self.source = source }

        /// Decodes the next line (without its line feed; a carriage return before it is
        /// ignored). An empty line is skipped and returns nil.
        /// - Throws: `KinetixError` of kind `.invalidData` naming the source, the line
        ///   and the field: a line that is not one JSON object, a first line that is not
        ///   a header, a frame without a finite `t`, an unknown joint or a bad point,
        ///   anything after the end line; `.limitExceeded` for a line over `maxLineBytes`;
        ///   `.unsupported` for another version or a space with depth.
        public mutating func decode(_ bytes: some Collection<UInt8>) throws(KinetixError) -> Line? {
            lines += 1
            var data = Data(bytes)
            if data.last == UInt8(ascii: "\r") { data.removeLast() }
            guard data.count <= LiveStream.maxLineBytes else {
                throw fail(.limitExceeded, nil, "the line is \(data.count) bytes; a stream's line is at most \(LiveStream.maxLineBytes)")
            }
            if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
            guard !ended else { throw fail(.invalidData, nil, "a line after the end line") }
            let value: JSONValue
            do { value = try JSONValue.parse(data, maxDepth: 8) } catch {
                throw fail(.invalidData, nil, "not one JSON object: \(error.message)")
            }
            guard case .object = value else { throw fail(.invalidData, nil, "expected a JSON object, found \(value.kindDescription)") }
            guard let header else {
                let decoded = try decodeHeader(value)
                self.header = decoded
                return .header(decoded)
            }
            if value["end"] != nil {
                guard value["end"] == .bool(true) else { throw fail(.invalidData, "end", "expected true") }
                ended = true
                return .end
            }
            return try decodeFrame(value, space: header.space)
        }

        private func decodeHeader(_ value: JSONValue) throws(KinetixError) -> Header {
            guard value["format"] == .string(LiveStream.formatName) else {
                throw fail(
                    .invalidData, "format",
                    "the first line must be the stream's header, {\"format\": \"\(LiveStream.formatName)\", \"version\": 1, \"space\": {…}}"
                )
            }
            guard case .number(let version)? = value["version"] else {
                throw fail(.invalidData, "version", "missing; this engine reads version \(LiveStream.version)")
            }
            guard version == Double(LiveStream.version) else {
                throw fail(
                    .unsupported, "version",
                    "version \(jsonNumber(version, digits: 6)) is not known; this engine reads version \(LiveStream.version)")
            }
            guard let space = value["space"] else { throw fail(.invalidData, "space", "missing") }
            guard case .string(let kindName)? = space["kind"], let kind = CoordinateSpace.Kind(rawValue: kindName) else {
                throw fail(.invalidData, "space.kind", "expected \"pixels\" or \"normalized\"")
            }
            guard kind != .metres, space["depth"] == nil else {
                throw fail(.unsupported, "space", "a stream carries a camera's 2D joints; metres and depth are not streamed")
            }
            var size: [Double] = []
            for name in ["width", "height"] {
                guard case .number(let v)? = space[name], v.isFinite, v > 0 else {
                    throw fail(.invalidData, "space.\(name)", "expected the image's \(name) in pixels, > 0")
                }
                size.append(v)
            }
            var fps: Double?
            switch value["fps"] {
            case nil, .null?: break
            case .number(let v)? where v.isFinite && v >= 1 && v <= 1000: fps = v
            default: throw fail(.invalidData, "fps", "expected frames per second in 1...1000")
            }
            var source: [String: String] = [:]
            if case .object(let members)? = value["source"] {
                for member in members { if case .string(let s) = member.value { source[member.key] = s } }
            }
            return Header(space: CoordinateSpace(kind: kind, width: size[0], height: size[1]), fps: fps, source: source)
        }

        private func decodeFrame(_ value: JSONValue, space: CoordinateSpace) throws(KinetixError) -> Line {
            guard case .number(let t)? = value["t"] else { throw fail(.invalidData, "t", "expected the frame's time in seconds") }
            guard t.isFinite else { throw fail(.invalidData, "t", "must be finite") }
            var captured: Double?
            switch value["captured"] {
            case nil, .null?: break
            case .number(let v)? where v.isFinite: captured = v
            default: throw fail(.invalidData, "captured", "expected the Unix time of capture in seconds")
            }
            var frame = PoseFrame(time: t)
            switch value["joints"] {
            case nil, .null?: break  // no person in this frame
            case .object(let members)?:
                for member in members where !Joint.ignoredVisionNames.contains(member.key) {
                    guard let joint = Joint(name: member.key) else {
                        throw KinetixError(
                            kind: .invalidData,
                            diagnostics: [
                                Diagnostic(
                                    file: source, line: lines, field: "joints.\(member.key)", message: "unknown joint name",
                                    suggestion: closestName(to: member.key, in: Joint.allCases.map(\.name)))
                            ])
                    }
                    guard case .array(let p) = member.value, p.count == 3,
                        case .number(let x) = p[0], case .number(let y) = p[1], case .number(let c) = p[2]
                    else {
                        throw fail(.invalidData, "joints.\(member.key)", "expected [x, y, confidence]")
                    }
                    guard c >= 0, c <= 1 else {
                        throw fail(.invalidData, "joints.\(member.key)", "confidence \(jsonNumber(c, digits: 6)) is outside 0...1")
                    }
                    guard c == 0 || (x.isFinite && y.isFinite) else {
                        throw fail(.invalidData, "joints.\(member.key)", "a tracked joint's x and y must be finite")
                    }
                    frame[joint] = (Float(x), Float(y), Float(c))
                }
            case let other?: throw fail(.invalidData, "joints", "expected an object of joints, found \(other.kindDescription)")
            }
            return .frame(frame, captured: captured)
        }

        private func fail(_ kind: KinetixError.Kind, _ field: String?, _ message: String) -> KinetixError {
            KinetixError(kind: kind, diagnostics: [Diagnostic(file: source, line: lines, field: field, message: message)])
        }
    }
}
