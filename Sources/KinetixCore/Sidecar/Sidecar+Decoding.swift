import Foundation

extension Sidecar {
    /// Reads, decodes and validates the sidecar at `path`.
    ///
    /// - Parameters:
    ///   - path: The file, as the user named it; messages quote it unchanged.
    /// - Throws: `KinetixError` with `.unreadable` for a missing or unreadable file,
    ///   `.invalidData` with every problem found (up to `limits.maxDiagnostics`).
    ///
    /// The file is read once, and the memory of what has been read is given back as
    /// decoding goes: the peak is about the decoded clip, not the file plus the clip.
    /// The file is read, never mapped: no signal handler, nothing process-wide.
    public static func load(contentsOf path: String, limits: SidecarLimits = .default) throws(KinetixError) -> Sidecar {
        try load(contentsOf: path, limits: limits, discardStride: ClipInput.discardStride, mapping: false)
    }

    /// `load(contentsOf:limits:)`; with `mapping`, a large file is mapped (`InputFile`),
    /// the fast path the CLI and batch runs opt into (it installs a SIGBUS guard).
    package static func load(contentsOf path: String, limits: SidecarLimits = .default, mapping: Bool) throws(KinetixError) -> Sidecar {
        try load(contentsOf: path, limits: limits, discardStride: ClipInput.discardStride, mapping: mapping)
    }

    /// `load(contentsOf:limits:)`, giving memory back every `discardStride` bytes read.
    static func load(contentsOf path: String, limits: SidecarLimits, discardStride: Int, mapping: Bool = false) throws(KinetixError)
        -> Sidecar
    {
        let file = try openInput(path, limits: limits, mapping: mapping)
        let decoded = Result { () throws(KinetixError) in
            try decode(
                file.bytes, file: path, limits: limits, discard: (file.discard(before:), discardStride),
                readAheadBytes: FramesAhead.worthwhileBytes)
        }
        try checkUnchanged(file, path: path)
        return try decoded.get()
    }

    /// Decodes and validates a sidecar from its JSON bytes.
    public static func decode(_ data: Data, file: String? = nil, limits: SidecarLimits = .default) throws(KinetixError) -> Sidecar {
        var result: Result<Sidecar, KinetixError>!
        data.withUnsafeBytes { raw in
            result = Result { () throws(KinetixError) in try decode(raw, file: file, limits: limits, discard: nil) }
        }
        return try result.get()
    }

    /// `decode(_:file:limits:)` of bytes in memory; `discard.body(offset)`, when given, is
    /// called every `discard.stride` bytes with an offset before which nothing will be read again.
    /// From `readAheadBytes` bytes on, the frames' second half is read on another thread.
    static func decode(
        _ raw: UnsafeRawBufferPointer, file: String?, limits: SidecarLimits,
        discard: (body: (Int) -> Void, stride: Int)?, readAheadBytes: Int? = nil
    ) throws(KinetixError) -> Sidecar {
        var decoder = SidecarDecoder(bytes: raw.bindMemory(to: UInt8.self), limits: limits)
        decoder.discard = discard
        decoder.readAheadBytes = readAheadBytes
        let sidecar = decoder.decode()
        var diagnostics = decoder.diagnostics
        let suppressed = decoder.suppressed
        if let sidecar {
            // Report what the values mean too, so one run lists every problem.
            diagnostics += sidecar.validate(limit: limits.maxDiagnostics + 1)
            diagnostics = diagnostics.enumerated()
                .sorted { ($0.element.frameIndex ?? -1, $0.offset) < ($1.element.frameIndex ?? -1, $1.offset) }
                .map(\.element)
        }
        guard diagnostics.isEmpty, let sidecar else {
            if let file { diagnostics = diagnostics.map { $0.inFile(file) } }
            let omitted = max(0, diagnostics.count - limits.maxDiagnostics) + suppressed
            throw KinetixError(kind: .invalidData, diagnostics: Array(diagnostics.prefix(limits.maxDiagnostics)), omitted: omitted)
        }
        return sidecar
    }
}

/// Reads a whole input file after checking it exists, is a regular file and is
/// within the size limit, so a huge file is refused before any memory is spent.
package func readInput(_ path: String, limits: SidecarLimits = .default) throws(KinetixError) -> Data {
    try openInput(path, limits: limits).data
}

/// `readInput` as the file object, whose memory can be given back while it is read.
/// With `mapping`, a large file may be mapped: call `checkUnchanged` once it is read.
func openInput(_ path: String, limits: SidecarLimits, mapping: Bool = false) throws(KinetixError) -> InputFile {
    func fail(_ kind: KinetixError.Kind, _ message: String, setting: Setting? = nil) -> KinetixError {
        KinetixError(kind, file: path, message, setting: setting)
    }
    do {
        return try InputFile(path, maxBytes: limits.maxFileBytes, mapping: mapping)
    } catch {
        switch error {
        case .missing: throw fail(.unreadable, "no such file")
        case .notRegular("a directory"): throw fail(.unreadable, "is a directory, not a file")
        case .notRegular(let what):
            throw fail(.unreadable, "is \(what), not a regular file: give a file (a pipe or device could block or never end)")
        case .tooLarge(let size):
            throw fail(
                .limitExceeded, "file is \(formatBytes(size)), over the input limit of \(formatBytes(limits.maxFileBytes))",
                setting: .maxInputBytes)
        case .system(let code): throw fail(.unreadable, "cannot be read (\(String(cString: strerror(code))))")
        }
    }
}

/// Throws when `file` (opened by `openInput` with `mapping`) shrank while it was read
/// (what was read past its new end was zeros, not the file, whatever it decoded to) or
/// was written to (what was read may mix old and new bytes, and the hash another mix).
func checkUnchanged(_ file: InputFile, path: String) throws(KinetixError) {
    if file.shrank {
        throw KinetixError(
            .unreadable, file: path, "shrank while it was being read (is another program writing it?): read it again once it is complete")
    }
    if file.modified {
        throw KinetixError(
            .unreadable, file: path, "changed while it was being read (is another program writing it?): read it again once it is complete")
    }
}

package func formatBytes(_ count: Int) -> String {
    let mb = Double(count) / 1_048_576
    return mb >= 1024 ? String(format: "%.1f GB", mb / 1024) : String(format: "%.0f MB", mb)
}

/// Decodes the sidecar JSON shape, reporting where each problem is.
///
/// It checks structure and types only (shape of joints, known names, required
/// fields); what values mean is `Sidecar.validate()`'s business.
struct SidecarDecoder {
    var reader: JSONReader
    let limits: SidecarLimits
    var diagnostics: [Diagnostic] = []

    // What was read.
    var format: String?
    var version: Double?
    var source: [String: String] = [:]
    var space: CoordinateSpace?
    var spaceSeen = false
    var sawFrames = false
    var times: [Double] = []
    /// Row-major while reading (frame × point), transposed once at the end.
    var jointRows = PointRows<Joint>()
    var faceRows = PointRows<FaceLandmark>()
    var hasFace = false
    var events: [Event] = []
    var looksLikeOpenPose = false
    /// Joints' third coordinates, frame-major (15 a frame), from the first joint written
    /// with four numbers on (earlier frames backfilled with NaN); nil while none was.
    var depthRows: [Float]?
    /// The first joint written with four numbers, to check against the space's `depth`
    /// once the whole document is read (the space may come last).
    var firstDepthJoint: Diagnostic?
    /// Where `readPlainPoints` puts face points before the clip's first face is found.
    var pointScratch = [Float](repeating: 0, count: 3 * FaceLandmark.count)

    /// The frame being read, for locating problems.
    var frameIndex: Int?
    var frameTime: Double?

    /// Called with an offset into the bytes given to `init` before which nothing will be
    /// read again (the reader moves forward frame by frame), every `stride` bytes.
    var discard: (body: (Int) -> Void, stride: Int)?
    /// From this many bytes on, the second half of `frames` is read ahead on another
    /// thread (`FramesAhead`); nil: never.
    var readAheadBytes: Int?
    /// Frames taken from a `FramesAhead` rather than read here.
    private(set) var framesTakenAhead = 0
    /// Where the reader's bytes start in the bytes given to `init` (after a BOM).
    private let readerStart: Int

    init(bytes: UnsafeBufferPointer<UInt8>, limits: SidecarLimits) {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }  // UTF-8 BOM
        readerStart = start
        reader = JSONReader(
            bytes: UnsafeBufferPointer(rebasing: bytes[start...]),
            maxDepth: limits.maxDepth, maxStringBytes: limits.maxStringBytes)
        self.limits = limits
    }

    /// Problems found beyond the ones kept (`limits.maxDiagnostics` + 1 are kept).
    var suppressed = 0
    /// Did-you-mean hints by unknown name, so each distinct name is matched once.
    var hints: [String: String] = [:]

    mutating func report(_ field: String?, _ message: String, suggestion: String? = nil) {
        guard diagnostics.count <= limits.maxDiagnostics else {
            suppressed += 1
            return
        }
        diagnostics.append(Diagnostic(frameIndex: frameIndex, time: frameTime, field: field, message: message, suggestion: suggestion))
    }

    /// Reports an unknown name, with a did-you-mean computed once per distinct name
    /// and only while problems are still being kept.
    mutating func reportUnknown(_ key: String, what: String, among names: [String]) {
        guard diagnostics.count <= limits.maxDiagnostics else {
            suppressed += 1
            return
        }
        let suggestion: String?
        if let cached = hints[key] {
            suggestion = cached
        } else {
            suggestion = closestName(to: key, in: names)
            if hints.count < 1024 { hints[key] = suggestion }
        }
        report("\(what) '\(key)'", "unknown \(what) name", suggestion: suggestion)
    }

    var tooManyProblems: Bool { diagnostics.count > limits.maxDiagnostics }

    /// Decodes the document; nil when its structure is too broken to build a sidecar.
    mutating func decode() -> Sidecar? {
        if reader.bytes.isEmpty {
            report(nil, "the file is empty")
            return nil
        }
        do {
            try decodeDocument()
        } catch {
            let (line, column) = reader.lineAndColumn(of: error.offset)
            diagnostics.append(Diagnostic(frameIndex: frameIndex, time: frameTime, line: line, column: column, message: error.message))
            return nil
        }
        frameIndex = nil
        frameTime = nil
        // A file of another kind, then a version this reader does not know: say only that,
        // since everything else would be read against the wrong shape.
        if format != Sidecar.formatName {
            let hint = looksLikeOpenPose ? " (this looks like OpenPose output: convert it first)" : ""
            let found = format.map { "\"\($0)\"" } ?? "nothing"
            diagnostics = [
                Diagnostic(
                    field: "format", message: "expected \"\(Sidecar.formatName)\", found \(found)\(hint)",
                    setting: looksLikeOpenPose ? .sourceFormat : nil)
            ]
            return nil
        }
        if let version, !Sidecar.readableVersions.contains(where: { Double($0) == version }) {
            let shown = Int(checking: version).map(String.init) ?? String(version)
            let readable = Sidecar.readableVersions
            diagnostics = [
                Diagnostic(
                    field: "version",
                    message:
                        "version \(shown) is not supported (this Kinetix reads versions \(readable.lowerBound) to \(readable.upperBound))")
            ]
            return nil
        }
        if space?.depth != nil, version == 1 {
            report("space.depth", "depth is a version 2 field: give \"version\": 2")
        }
        if space?.depth == nil, var note = firstDepthJoint {
            if let frame = note.frameIndex, frame < times.count, times[frame].isFinite { note.time = times[frame] }
            note.message = "has four numbers [x, y, z, confidence] but the space has no depth: add \"depth\" to space, or drop z"
            diagnostics.append(note)
        }
        if version == nil { report("version", "missing required field") }
        if !spaceSeen { report("space", "missing required field (kind, width and height of the image)") }
        if !sawFrames { report("frames", "missing required field") }
        guard let space, version != nil, sawFrames else { return nil }
        var joints = jointRows.table()
        if let depth = space.depth {
            joints.z = depthColumns()
            reportJointsWithoutDepth(joints, depth: depth)
        }
        return Sidecar(
            source: source, space: space, times: times,
            joints: joints,
            face: hasFace ? faceRows.table() : nil,
            events: events)
    }

    private mutating func decodeDocument() throws(JSONSyntaxError) {
        if try reader.peekKind() != .object { throw reader.error("a sidecar is a JSON object; found another kind of value") }
        try reader.beginObject()
        var first = true
        var seen: [String] = []
        while let key = try reader.nextKey(first: &first) {
            if ["format", "version", "source", "space", "frames", "events"].contains(key) { try once(key, &seen) }
            switch key {
            case "format": format = try readString(field: "format")
            case "version": version = try readNumber(field: "version")
            case "source": try decodeSource()
            case "space":
                spaceSeen = true
                try decodeSpace()
            case "frames":
                sawFrames = true
                try decodeFrames()
            case "events": try decodeEvents()
            case "people":
                looksLikeOpenPose = true
                try reader.skipValue()
            default: try reader.skipValue()  // unknown fields are kept out of the way
            }
        }
        try reader.expectEnd()
    }

    /// Refuses a key seen before in the same object: a second `frames` would otherwise
    /// be read as more frames, where other readers keep only the last.
    private func once(_ key: String, _ seen: inout [String], in object: String? = nil) throws(JSONSyntaxError) {
        guard !seen.contains(key) else {
            throw reader.error("duplicate key \"\(key)\"\(object.map { " in \($0)" } ?? ""): a key may appear once in an object")
        }
        seen.append(key)
    }

    /// Reads a string, or reports a type problem and skips the value.
    private mutating func readString(field: String) throws(JSONSyntaxError) -> String? {
        let kind = try reader.peekKind()
        guard kind == .string else {
            report(field, "expected a string, found \(describe(kind))")
            try reader.skipValue()
            return nil
        }
        return try reader.readString()
    }

    /// Reads a number, or reports a type problem and skips the value.
    private mutating func readNumber(field: String) throws(JSONSyntaxError) -> Double? {
        let kind = try reader.peekKind()
        guard kind == .number else {
            report(field, "expected a number, found \(describe(kind))")
            try reader.skipValue()
            return nil
        }
        let value = try reader.readNumber()
        guard value.isFinite else {
            report(field, "number is too large to represent")
            return nil
        }
        return value
    }

    private func describe(_ kind: JSONReader.Kind) -> String { kind.description }

    private mutating func expectKind(_ kind: JSONReader.Kind, field: String?, what: String) throws(JSONSyntaxError) -> Bool {
        let found = try reader.peekKind()
        if found == kind { return true }
        report(field, "expected \(what), found \(describe(found))")
        try reader.skipValue()
        return false
    }

    private mutating func decodeSource() throws(JSONSyntaxError) {
        guard try expectKind(.object, field: "source", what: "an object of strings") else { return }
        try reader.beginObject()
        var first = true
        while let key = try reader.nextKey(first: &first) {
            if source[key] != nil { throw reader.error("duplicate key \"\(key)\" in source: a key may appear once in an object") }
            if try reader.peekKind() == .string { source[key] = try reader.readString() } else { try reader.skipValue() }
        }
    }

    private mutating func decodeSpace() throws(JSONSyntaxError) {
        guard try expectKind(.object, field: "space", what: "an object with kind, width and height") else { return }
        try reader.beginObject()
        var kind: CoordinateSpace.Kind?
        var width: Double?
        var height: Double?
        var depth: CoordinateSpace.Depth?
        var sawKind = false
        var sawDepth = false
        var first = true
        var seen: [String] = []
        while let key = try reader.nextKey(first: &first) {
            if ["kind", "width", "height", "depth"].contains(key) { try once(key, &seen, in: "space") }
            switch key {
            case "kind":
                sawKind = true
                guard let name = try readString(field: "space.kind") else { continue }
                kind = CoordinateSpace.Kind(rawValue: name)
                if kind == nil {
                    report(
                        "space.kind", "unknown kind '\(name)'; expected 'normalized', 'pixels' or 'metres'",
                        suggestion: closestName(to: name, in: CoordinateSpace.Kind.allCases.map(\.rawValue)))
                }
            case "width": width = try readNumber(field: "space.width")
            case "height": height = try readNumber(field: "space.height")
            case "depth":
                sawDepth = true
                guard let name = try readString(field: "space.depth") else { continue }
                depth = CoordinateSpace.Depth(rawValue: name)
                if depth == nil {
                    report(
                        "space.depth", "unknown depth '\(name)'; expected 'relative' (image kinds), 'world' or 'root' (metres)",
                        suggestion: closestName(to: name, in: CoordinateSpace.Depth.allCases.map(\.rawValue)))
                }
            default: try reader.skipValue()
            }
        }
        if !sawKind { report("space.kind", "missing required field ('normalized', 'pixels' or 'metres')") }
        if kind == .metres {
            // Metres have no image: a size is not needed, and not used.
            if depth == .relative { report("space.depth", "'relative' is an image depth; metres are in a 'world' or 'root' frame") }
            if !sawDepth || (depth != nil && depth != .relative) {
                space = CoordinateSpace(kind: .metres, width: 0, height: 0, depth: depth)
            }
            return
        }
        if depth == .world || depth == .root {
            report("space.depth", "'\(depth!.rawValue)' depth is in metres: give \"kind\": \"metres\" (an image kind takes 'relative')")
        }
        if width == nil, !diagnostics.contains(where: { $0.field == "space.width" }) {
            report("space.width", "missing required field (image width in pixels)")
        }
        if height == nil, !diagnostics.contains(where: { $0.field == "space.height" }) {
            report("space.height", "missing required field (image height in pixels)")
        }
        if let kind, let width, let height, !sawDepth || depth == .relative {
            space = CoordinateSpace(kind: kind, width: width, height: height, depth: depth)
        }
    }

    private mutating func decodeFrames() throws(JSONSyntaxError) {
        guard try expectKind(.array, field: "frames", what: "an array of frames") else { return }
        try reader.beginArray()
        // The second half of a long array is read on another thread meanwhile, taken
        // over if this reading arrives where it began (see FramesAhead).
        var ahead = readAheadBytes.flatMap { reader.bytes.count >= $0 ? FramesAhead.start(in: reader.bytes, from: reader.offset) : nil }
        defer {
            ahead?.cancel()
            ahead?.finish()
        }  // its thread reads these bytes until then
        var first = true
        while try reader.nextElement(first: &first) {
            if let pending = ahead, reader.offset >= pending.start {
                ahead = nil
                if reader.offset > pending.start { pending.cancel() }
                pending.finish()
                if reader.offset == pending.start, adopt(pending) {
                    forgetRead()
                    continue
                }
            }
            let index = times.count
            if index >= limits.maxFrames {
                report("frames", "more than the limit of \(limits.maxFrames) frames")
                throw reader.error("stopped reading at the frame limit")
            }
            frameIndex = index
            frameTime = nil
            times.append(.nan)
            jointRows.appendEmptyFrames()
            // Face rows exist only from the first face on (backfilled): most clips have none.
            if hasFace { appendEmptyFaceRows(frames: 1) }
            // Almost every frame is {"t": …, "joints": {…}} written plainly: read in one pass.
            if jointRows.withNewestRow({ reader.readPlainFrame(Self.jointOrder, time: &times[index], into: $0) }) == nil {
                try decodeFrame(index)
            }
            frameIndex = nil
            frameTime = nil
            forgetRead()
        }
    }

    /// Gives back what has been read, every `discard.stride` bytes. The reader forgets
    /// (counts the lines of) what it has read more often, every `lineCountBytes`, while
    /// those bytes are still in the cache.
    private mutating func forgetRead() {
        guard let discard else { return }
        if reader.offset - reader.forgottenBytes >= min(discard.stride, Self.lineCountBytes) { reader.forget(upTo: reader.offset) }
        // (Frames taken from ahead are forgotten as they are taken, and given back here.)
        if reader.forgottenBytes - discardedBytes >= discard.stride {
            discard.body(readerStart + reader.forgottenBytes)
            discardedBytes = reader.forgottenBytes
        }
    }

    /// How often the lines read are counted: 256 KB, within a core's L2 cache.
    private static var lineCountBytes: Int { 1 << 18 }
    /// The reader's bytes before this offset have been given back.
    private var discardedBytes = 0

    /// Appends the frames `ahead` read (it has finished), whose first one is the next
    /// element, and moves past them; false, with nothing taken, when there are none or
    /// they would pass the frame limit (the frames are then read here, and the limit
    /// reported where it is reached).
    private mutating func adopt(_ ahead: FramesAhead) -> Bool {
        let (aheadTimes, aheadJoints) = ahead.takeFrames()
        guard !aheadTimes.isEmpty, times.count + aheadTimes.count <= limits.maxFrames else { return false }
        times += aheadTimes
        framesTakenAhead += aheadTimes.count
        jointRows.append(aheadJoints)
        if hasFace { appendEmptyFaceRows(frames: aheadTimes.count) }
        reader.skip(to: ahead.end, counted: ahead.endPosition)
        return true
    }

    /// Reads frame `index`, whose time (NaN) and empty rows are already appended.
    private mutating func decodeFrame(_ index: Int) throws(JSONSyntaxError) {
        let firstDiagnostic = diagnostics.count
        guard try expectKind(.object, field: nil, what: "a frame object {\"t\": …, \"joints\": {…}}") else { return }
        try reader.beginObject()
        var sawTime = false
        var first = true
        var seen: UInt8 = 0  // t, joints, face
        while let keyBytes = try reader.nextKeyBytes(first: &first) {
            let known = Self.frameKeys.value(for: keyBytes)
            if let known {
                guard seen & (1 << known) == 0 else {
                    throw reader.error("duplicate key \"\(reader.keyString(keyBytes))\" in this frame: a key may appear once in an object")
                }
                seen |= 1 << known
            }
            switch known {
            case 0:
                sawTime = true
                if let t = try readNumber(field: "t") { times[index] = t }
            case 1:
                try decodePoints(Joint.self, frame: index, what: "joint", ignoring: Joint.ignoredVisionNames)
            case 2:
                try decodePoints(FaceLandmark.self, frame: index, what: "face landmark", ignoring: [])
            default:
                try reader.skipValue()
            }
        }
        if !sawTime { report("t", "missing required field (the frame's time in seconds)") }
        // Joints may come before "t": date every problem of this frame once it is known.
        if times[index].isFinite {
            frameTime = times[index]
            for i in firstDiagnostic..<diagnostics.count { diagnostics[i].time = times[index] }
        }
    }

    private mutating func decodePoints<Name: PointName>(
        _: Name.Type, frame: Int, what: String, ignoring: Set<String>
    ) throws(JSONSyntaxError) {
        if readPlainPoints(Name.self, frame: frame) { return }
        // The general path: any spelling, Vision identifiers, null, problems reported.
        if try reader.readNullIfPresent() { return }
        let container = what == "joint" ? "joints" : "face"
        guard try expectKind(.object, field: container, what: "an object of named points") else { return }
        try reader.beginObject()
        var seen: UInt64 = 0  // one bit per point name
        var first = true
        let table = Name.self == Joint.self ? Self.jointKeys : Self.landmarkKeys
        while let keyBytes = try reader.nextKeyBytes(first: &first) {
            guard let rawValue = table.value(for: keyBytes), let name = Name(rawValue: rawValue) else {
                let key = reader.keyString(keyBytes)
                if !ignoring.contains(key) { reportUnknown(key, what: what, among: Name.allCases.map(\.name)) }
                try reader.skipValue()
                continue
            }
            let bit: UInt64 = 1 << UInt64(name.rawValue)
            if seen & bit != 0 {
                report("\(what) '\(name.name)'", "appears twice in this frame (a name and its Vision identifier count as one)")
                try reader.skipValue()
                continue
            }
            seen |= bit
            if try reader.readNullIfPresent() { continue }
            guard try reader.peekKind() == .array else {
                _ = try expectKind(.array, field: "\(what) '\(name.name)'", what: "[x, y, confidence]")
                continue
            }
            var values: (Float, Float, Float, Float) = (.nan, .nan, 1, 1)
            var count = 0
            var broken = false
            try reader.beginArray()
            var firstElement = true
            while try reader.nextElement(first: &firstElement) {
                count += 1
                let kind = try reader.peekKind()
                guard kind == .number else {
                    if !broken { report("\(what) '\(name.name)'", "element \(count - 1) must be a number, found \(describe(kind))") }
                    broken = true
                    try reader.skipValue()
                    continue
                }
                let number = try reader.readNumber()
                guard abs(number) <= Double(Float.greatestFiniteMagnitude) else {
                    if !broken { report("\(what) '\(name.name)'", "value \(number) is out of range") }
                    broken = true
                    continue
                }
                switch count {
                case 1: values.0 = Float(number)
                case 2: values.1 = Float(number)
                case 3: values.2 = Float(number)
                case 4: values.3 = Float(number)
                default: break
                }
            }
            let isJoint = Name.self == Joint.self
            if !broken, count != 3, !(!isJoint && count == 2), !(isJoint && count == 4) {
                report(
                    "\(what) '\(name.name)'",
                    isJoint
                        ? "expected [x, y, confidence], found \(count) number\(count == 1 ? "" : "s") ([x, y, z, confidence] when the space has depth)"
                        : "expected [x, y, confidence] or [x, y], found \(count) number\(count == 1 ? "" : "s")")
                broken = true
            }
            if broken { continue }
            if count == 4, firstDepthJoint == nil {
                firstDepthJoint = Diagnostic(frameIndex: frameIndex, time: frameTime, field: "joint '\(name.name)'", message: "")
            }
            if count == 4 {
                if values.3 == 0 { continue }
                store(name, (values.0, values.1, values.3), frame: frame)
                storeDepth(values.2, point: name.rawValue, frame: frame)
                continue
            }
            if values.2 == 0 { continue }  // confidence 0 means not detected
            store(name, (values.0, values.1, values.2), frame: frame)
        }
    }

    /// Reads the points of the newest frame (`frame`) when they are written plainly, into
    /// its row; false, with nothing read, otherwise. Face points before the clip's first
    /// face go through `pointScratch`: its face rows are made only if one is found.
    private mutating func readPlainPoints<Name: PointName>(_: Name.Type, frame: Int) -> Bool {
        if Name.self == Joint.self {
            return jointRows.withNewestRow { reader.readPlainPoints(Self.jointOrder, into: $0) } != nil
        }
        if hasFace {
            return faceRows.withNewestRow { reader.readPlainPoints(Self.landmarkOrder, into: $0) } != nil
        }
        let n = Name.count
        guard
            let found = pointScratch.withUnsafeMutableBufferPointer({ scratch in
                let x = scratch.baseAddress!
                return reader.readPlainPoints(Self.landmarkOrder, into: (x, x + n, x + 2 * n))
            })
        else { return false }
        var remaining = found
        while remaining != 0 {
            let p = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            store(Name(rawValue: p)!, (pointScratch[p], pointScratch[n + p], pointScratch[2 * n + p]), frame: frame)
        }
        return true
    }

    /// Records a detected point (x, y, confidence) of the newest frame.
    @inline(__always)
    private mutating func store<Name: PointName>(_ name: Name, _ values: (Float, Float, Float), frame: Int) {
        if Name.self == Joint.self {
            jointRows.setNewest(point: name.rawValue, values)
        } else {
            if !hasFace {
                hasFace = true
                appendEmptyFaceRows(frames: frame + 1)
            }
            faceRows.setNewest(point: name.rawValue, values)
        }
    }

    /// Stores a joint's third coordinate in the newest frame (`frame`).
    private mutating func storeDepth(_ z: Float, point: Int, frame: Int) {
        let needed = (frame + 1) * Joint.count
        if depthRows == nil { depthRows = [] }
        if depthRows!.count < needed { depthRows!.append(contentsOf: repeatElement(Float.nan, count: needed - depthRows!.count)) }
        depthRows![frame * Joint.count + point] = z
    }

    /// Reports the first tracked joint written with three numbers in a sidecar whose
    /// space has depth (every joint then has a third coordinate).
    private mutating func reportJointsWithoutDepth(_ joints: PointTable<Joint>, depth: CoordinateSpace.Depth) {
        guard let z = joints.z else { return }
        let n = joints.frameCount
        for frame in 0..<n {
            for joint in Joint.allCases {
                let i = joints.index(joint, frame)
                guard joints.confidence[i] > 0, z[i].isNaN else { continue }
                diagnostics.append(
                    Diagnostic(
                        frameIndex: frame, time: times[frame], field: "joint '\(joint.name)'",
                        message:
                            "expected [x, y, z, confidence]: the space has '\(depth.rawValue)' depth, so every joint has a third coordinate"
                    ))
                return
            }
        }
    }

    /// The third coordinates as the table's point-major column (NaN where none was read).
    private func depthColumns() -> [Float] {
        let frames = times.count
        var column = [Float](repeating: .nan, count: frames * Joint.count)
        guard let rows = depthRows else { return column }
        for f in 0..<min(frames, rows.count / Joint.count) {
            for p in 0..<Joint.count { column[p * frames + f] = rows[f * Joint.count + p] }
        }
        return column
    }

    static let frameKeys = KeyTable<Int>([("t", 0), ("joints", 1), ("face", 2)])

    /// Joint names and Vision identifiers, and face landmark names, by their bytes.
    static let jointKeys = KeyTable<Int>(Joint.allCases.flatMap { [($0.name, $0.rawValue), ($0.visionIdentifier, $0.rawValue)] })
    static let landmarkKeys = KeyTable<Int>(FaceLandmark.allCases.map { ($0.name, $0.rawValue) })
    static let jointOrder = OrderedNames(Joint.allCases.map(\.name))
    static let landmarkOrder = OrderedNames(FaceLandmark.allCases.map(\.name))

    private mutating func decodeEvents() throws(JSONSyntaxError) {
        guard try expectKind(.array, field: "events", what: "an array of {\"t\", \"label\"}") else { return }
        try reader.beginArray()
        var first = true
        var index = 0
        while try reader.nextElement(first: &first) {
            defer { index += 1 }
            if index >= limits.maxEvents {
                report("events", "more than the limit of \(limits.maxEvents) events")
                throw reader.error("stopped reading at the event limit")
            }
            let path = "events[\(index)]"
            guard try expectKind(.object, field: path, what: "an object {\"t\", \"label\"}") else { continue }
            try reader.beginObject()
            var t: Double?
            var label: String?
            var action: String?
            var simonSays: Bool?
            var firstKey = true
            var seen: [String] = []
            while let key = try reader.nextKey(first: &firstKey) {
                if ["t", "label", "action", "simonSays"].contains(key) { try once(key, &seen, in: path) }
                switch key {
                case "t": t = try readNumber(field: "\(path).t")
                case "label": label = try readString(field: "\(path).label")
                case "action": action = try readString(field: "\(path).action")
                case "simonSays":
                    let kind = try reader.peekKind()
                    if kind == .bool {
                        simonSays = try reader.readBool()
                    } else {
                        report("\(path).simonSays", "expected true or false, found \(describe(kind))")
                        try reader.skipValue()
                    }
                default: try reader.skipValue()
                }
            }
            if let t, let label {
                events.append(Event(t: t, label: label, action: action, simonSays: simonSays))
            } else {
                if t == nil, !diagnostics.contains(where: { $0.field == "\(path).t" }) { report("\(path).t", "missing required field") }
                if label == nil, !diagnostics.contains(where: { $0.field == "\(path).label" }) {
                    report("\(path).label", "missing required field")
                }
            }
        }
    }

    /// Appends face rows with nothing tracked (NaN positions, confidence 0).
    private mutating func appendEmptyFaceRows(frames: Int) {
        faceRows.appendEmptyFrames(frames)
    }

}
