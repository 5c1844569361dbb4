import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@Suite("Live stream format")
struct LiveStreamTests {
    static let header = #"{"format": "kinetix-stream", "version": 1, "space": {"kind": "pixels", "width": 1280, "height": 720}, "fps": 30}"#

    func decoder(afterHeader: Bool = true) throws -> LiveStream.Decoder {
        var decoder = LiveStream.Decoder(source: "cam")
        if afterHeader { _ = try decoder.decode(Array(Self.header.utf8)) }
        return decoder
    }

    @Test("every frame of a bundled clip reads back bit for bit, with its capture time")
    func roundTrip() throws {
        let clip = Synth.sidecar(BundledClips.learner)
        var decoder = LiveStream.Decoder(source: "s")
        let header = LiveStream.Header(space: clip.space, fps: 30, source: ["clip": "learner"])
        guard case .header(let read)? = try decoder.decode(Array(LiveStream.line(header).utf8.dropLast())) else {
            Issue.record("no header")
            return
        }
        #expect(read == header)
        for i in 0..<clip.frameCount {
            let frame = clip.poseFrame(i)
            let line = LiveStream.line(frame, captured: 1_800_000_000.123456 + Double(i))
            #expect(line.hasSuffix("}\n") && !line.dropLast().contains("\n"))
            guard case .frame(let back, let captured)? = try decoder.decode(Array(line.utf8.dropLast())) else {
                Issue.record("frame \(i)")
                return
            }
            #expect(back.time == frame.time && captured == 1_800_000_000.123456 + Double(i))
            for joint in Joint.allCases {
                let a = frame[joint]
                let b = back[joint]
                #expect(a?.x == b?.x && a?.y == b?.y && a?.confidence == b?.confidence, "frame \(i) \(joint)")
            }
        }
        guard case .end? = try decoder.decode(Array(LiveStream.endLine.utf8.dropLast())) else {
            Issue.record("no end")
            return
        }
        #expect(decoder.ended && decoder.lines == clip.frameCount + 2)
    }

    struct BadLine: CustomTestStringConvertible, Sendable {
        var name: String
        var line: String
        var header = false
        var kind = KinetixError.Kind.invalidData
        var expected: String
        var testDescription: String { name }
    }

    static let badLines: [BadLine] = [
        .init(
            name: "first line not a header", line: #"{"t": 0, "joints": {}}"#, header: true,
            expected:
                #"cam: line 1: format: the first line must be the stream's header, {"format": "kinetix-stream", "version": 1, "space": {…}}"#
        ),
        .init(
            name: "unknown version",
            line: #"{"format": "kinetix-stream", "version": 2, "space": {"kind": "pixels", "width": 1, "height": 1}}"#, header: true,
            kind: .unsupported, expected: "cam: line 1: version: version 2 is not known; this engine reads version 1"),
        .init(
            name: "depth",
            line: #"{"format": "kinetix-stream", "version": 1, "space": {"kind": "pixels", "width": 1, "height": 1, "depth": "relative"}}"#,
            header: true,
            kind: .unsupported, expected: "cam: line 1: space: a stream carries a camera's 2D joints; metres and depth are not streamed"),
        .init(
            name: "no image size", line: #"{"format": "kinetix-stream", "version": 1, "space": {"kind": "normalized"}}"#, header: true,
            expected: "cam: line 1: space.width: expected the image's width in pixels, > 0"),
        .init(name: "not JSON", line: #"{"t": 0.1, "joints": "#, expected: "cam: line 2: not one JSON object: "),
        .init(name: "an array", line: "[1, 2]", expected: "cam: line 2: expected a JSON object, found an array"),
        .init(name: "no time", line: #"{"joints": {}}"#, expected: "cam: line 2: t: expected the frame's time in seconds"),
        .init(
            name: "misspelt joint", line: #"{"t": 0.1, "joints": {"leftKnees": [1, 2, 0.5]}}"#,
            expected: "cam: line 2: joints.leftKnees: unknown joint name (did you mean 'leftKnee'?)"),
        .init(
            name: "two numbers", line: #"{"t": 0.1, "joints": {"leftKnee": [1, 2]}}"#,
            expected: "cam: line 2: joints.leftKnee: expected [x, y, confidence]"),
        .init(
            name: "confidence over 1", line: #"{"t": 0.1, "joints": {"leftKnee": [1, 2, 1.5]}}"#,
            expected: "cam: line 2: joints.leftKnee: confidence 1.5 is outside 0...1"),
        .init(
            name: "bad capture time", line: #"{"t": 0.1, "captured": "now", "joints": {}}"#,
            expected: "cam: line 2: captured: expected the Unix time of capture in seconds"),
        .init(name: "end not true", line: #"{"end": 1}"#, expected: "cam: line 2: end: expected true"),
        .init(
            name: "too long", line: #"{"t": 0.1, "pad": ""# + String(repeating: "x", count: LiveStream.maxLineBytes) + #""}"#,
            kind: .limitExceeded, expected: "cam: line 2: the line is 65557 bytes; a stream's line is at most 65536"),
    ]

    @Test("a bad line is refused naming the source, the line and the field", arguments: badLines)
    func badLine(_ row: BadLine) throws {
        var decoder = try decoder(afterHeader: !row.header)
        let error = #expect(throws: KinetixError.self) { try decoder.decode(Array(row.line.utf8)) }
        #expect(error?.kind == row.kind)
        #expect(error?.diagnostics.first?.description.hasPrefix(row.expected) == true, "\(error?.diagnostics.first?.description ?? "")")
    }

    @Test("blank lines and a carriage return are skipped; a frame without joints has no one in it; nothing after the end line")
    func lenient() throws {
        var decoder = try decoder()
        #expect(try decoder.decode(Array("  ".utf8)) == nil)
        guard case .frame(let frame, nil)? = try decoder.decode(Array("{\"t\": 0.5, \"joints\": null}\r".utf8)) else {
            Issue.record("frame")
            return
        }
        #expect(frame.time == 0.5 && Joint.allCases.allSatisfy { frame[$0] == nil })
        _ = try decoder.decode(Array(#"{"end": true}"#.utf8))
        #expect(throws: KinetixError.self) { try decoder.decode(Array(#"{"t": 1, "joints": {}}"#.utf8)) }
    }

    @Test("refusals are named from the live clock's own reason; gaps are intervals over 1.5 frames")
    func health() throws {
        var live = try LiveClockProbe()
        var health = LiveStreamHealth(fps: 10)
        for t in [0.0, 0.1, 0.1, 0.05, 0.4, 0.5] {
            do {
                try live.take(t)
                health.took(t)
            } catch { health.refused(error) }
        }
        #expect(health.taken == 4 && health.duplicates == 1 && health.outOfOrder == 1)
        #expect(health.gaps == 1 && health.missingFrames == 2 && abs(health.longestIntervalSeconds - 0.3) < 1e-9)
    }

    @Test("the stream's JSON Schema names the joints the decoder reads, the image kinds, and version 1")
    func schemaInSync() throws {
        let root = SchemaTests.root.appendingPathComponent("Sidecars/kinetix-stream.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root)) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: [String: Any]])
        let frame = try #require(defs["frame"]?["properties"] as? [String: Any])
        let joints = try #require(((frame["joints"] as? [String: Any])?["oneOf"] as? [[String: Any]])?.last)
        let names = Set(try #require((joints["propertyNames"] as? [String: Any])?["enum"] as? [String]))
        #expect(names == Set(Joint.allCases.flatMap { [$0.name, $0.visionIdentifier] }).union(Joint.ignoredVisionNames))
        let header = try #require(defs["header"]?["properties"] as? [String: Any])
        #expect((header["version"] as? [String: Any])?["const"] as? Int == LiveStream.version)
        #expect((header["format"] as? [String: Any])?["const"] as? String == LiveStream.formatName)
        let kinds = ((header["space"] as? [String: Any])?["properties"] as? [String: Any])?["kind"] as? [String: Any]
        #expect(Set(kinds?["enum"] as? [String] ?? []) == [CoordinateSpace.Kind.pixels.rawValue, CoordinateSpace.Kind.normalized.rawValue])
    }

    @Test("latency quantiles are within 1 % of the exact ones, in bounded memory")
    func latency() {
        var stats = LatencyStatistics()
        for i in 1...10_000 { stats.record(Double(i) / 100) }  // 0.01 ... 100 ms
        #expect(stats.count == 10_000)
        #expect(abs(stats.quantile(0.5)! - 50) / 50 < 0.01)
        #expect(abs(stats.quantile(0.99)! - 99) / 99 < 0.01)
        #expect(stats.maxMilliseconds == 100)
        #expect(LatencyStatistics().quantile(0.5) == nil)
        #expect(LatencyStatistics().json == #"{"count": 0, "medianMs": null, "p99Ms": null, "maxMs": null, "meanMs": null}"#)
    }
}

/// A live comparison used only for its clock: the refusals a stream's frames get.
struct LiveClockProbe {
    var live: LiveComparison
    init() throws {
        let space = CoordinateSpace(kind: .pixels, width: 100, height: 100)
        live = try LiveComparison(rate: 10, demonstratorSpace: space, learnerSpace: space)
    }
    mutating func take(_ t: Double) throws(LiveFrameRefusal) { try live.appendDemonstrator(PoseFrame(time: t)) }
}
