import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// A minimal valid document with `frames` spliced in.
func document(space: String = #"{"kind": "pixels", "width": 1920, "height": 1080}"#, frames: String, extra: String = "") -> String {
    // A space with depth is version 2's.
    #"{"format": "kinetix-sidecar", "version": \#(space.contains("depth") ? 2 : 1), "space": \#(space), "frames": [\#(frames)]\#(extra)}"#
}

func decode(_ text: String, file: String = "clip.json", limits: SidecarLimits = .default) throws(KinetixError) -> Sidecar {
    try Sidecar.decode(Data(text.utf8), file: file, limits: limits)
}

func messages(_ text: String, limits: SidecarLimits = .default) -> [String] {
    do {
        _ = try decode(text, limits: limits)
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Suite("Sidecar decoding")
struct SidecarDecodingTests {
    @Test("the issue's example decodes")
    func example() throws {
        let text = """
            {
              "format": "kinetix-sidecar",
              "version": 1,
              "source": {"clip": "learner.mov", "detector": "VNDetectHumanBodyPoseRequest"},
              "space": {"kind": "normalized", "width": 1920, "height": 1080},
              "frames": [
                {"t": 0.000, "joints": {"nose": [0.51, 0.83, 0.92], "neck": [0.50, 0.76, 0.88], "leftKnee": [0.47, 0.31, 0.0]}},
                {"t": 0.033, "joints": {}}
              ],
              "events": [{"t": 1.25, "label": "cue"}]
            }
            """
        let sidecar = try decode(text)
        #expect(sidecar.frameCount == 2)
        #expect(sidecar.source["clip"] == "learner.mov")
        #expect(sidecar.space == CoordinateSpace(kind: .normalized, width: 1920, height: 1080))
        #expect(sidecar.joints[.nose, 0]! == (0.51, 0.83, 0.92))
        #expect(sidecar.joints[.leftKnee, 0] == nil, "confidence 0 means not detected")
        #expect(sidecar.joints[.nose, 1] == nil)
        #expect(sidecar.events == [Event(t: 1.25, label: "cue")])
        #expect(sidecar.face == nil)
    }

    @Test("Vision's raw identifiers are accepted; eyes and ears are ignored")
    func visionNames() throws {
        let sidecar = try decode(
            document(
                frames:
                    #"{"t": 0, "joints": {"head_joint": [1, 2, 0.5], "left_forearm_joint": [3, 4, 0.6], "right_upLeg_joint": [5, 6, 0.7], "left_eye_joint": [0, 0, 1]}}"#
            ))
        #expect(sidecar.joints[.nose, 0]! == (1, 2, 0.5))
        #expect(sidecar.joints[.leftElbow, 0]! == (3, 4, 0.6))
        #expect(sidecar.joints[.rightHip, 0]! == (5, 6, 0.7))
        for joint in Joint.allCases { #expect(Joint(name: joint.visionIdentifier) == joint) }
    }

    @Test("null joints, unknown fields and face landmarks")
    func optionalParts() throws {
        let frames =
            #"{"t": 0, "joints": {"nose": null}, "face": {"mouthLeft": [10, 20], "chin": [11, 30, 0.9]}, "extra": {"deep": [1, [2]]}}, {"t": 0.5, "joints": null}"#
        let sidecar = try decode(document(frames: frames, extra: #", "unknownTop": {"x": [1, 2, {"y": null}]}"#))
        #expect(sidecar.joints[.nose, 0] == nil)
        #expect(sidecar.face![.mouthLeft, 0]! == (10, 20, 1))
        #expect(sidecar.face![.chin, 0]! == (11, 30, 0.9))
        #expect(sidecar.face![.chin, 1] == nil)
    }

    @Test("a UTF-8 byte-order mark is skipped")
    func byteOrderMark() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(document(frames: #"{"t": 0, "joints": {}}"#).utf8))
        #expect(try Sidecar.decode(data).frameCount == 1)
    }

    /// One row per class of bad input: the text and the message expected for it.
    static let badInputs: [(name: String, text: String, expected: String)] = [
        ("empty file", "", "clip.json: the file is empty"),
        ("truncated JSON", String(document(frames: #"{"t": 0, "joints": {}}"#).dropLast(8)), "truncated"),
        (
            "OpenPose file with its own version", #"{"version": 1.3, "people": [{"pose_keypoints_2d": []}]}"#,
            "this looks like OpenPose output"
        ),
        ("NaN literal", document(frames: #"{"t": 0, "joints": {"nose": [NaN, 1, 1]}}"#), "expected a value, found 'N'"),
        ("Infinity literal", document(frames: #"{"t": Infinity, "joints": {}}"#), "expected a value, found 'I'"),
        (
            "1e300 coordinate", document(frames: #"{"t": 0, "joints": {"nose": [1e300, 1, 1]}}"#),
            "clip.json: frame 0 (t=0.000s): joint 'nose': value 1e+300 is out of range"
        ),
        ("time overflow", document(frames: #"{"t": 1e999, "joints": {}}"#), "clip.json: frame 0: t: number is too large to represent"),
        (
            "string for a number", document(frames: #"{"t": 0, "joints": {"nose": ["1", 1, 1]}}"#),
            "joint 'nose': element 0 must be a number, found a string"
        ),
        ("string for t", document(frames: #"{"t": "0", "joints": {}}"#), "clip.json: frame 0: t: expected a number, found a string"),
        ("zero frames", document(frames: ""), "clip.json: frames: the sidecar has no frames"),
        (
            "times go backwards", document(frames: #"{"t": 1, "joints": {}}, {"t": 0.5, "joints": {}}"#),
            "clip.json: frame 1 (t=0.500s): t: time goes backwards from the previous frame's t=1.000s"
        ),
        (
            "duplicate times", document(frames: #"{"t": 1, "joints": {}}, {"t": 1, "joints": {}}"#),
            "clip.json: frame 1 (t=1.000s): t: duplicate time"
        ),
        (
            "joint with 2 numbers", document(frames: #"{"t": 0, "joints": {"nose": [1, 2]}}"#),
            "clip.json: frame 0 (t=0.000s): joint 'nose': expected [x, y, confidence], found 2 numbers"
        ),
        (
            "joint with 4 numbers", document(frames: #"{"t": 0, "joints": {"nose": [1, 2, 0.5, 9]}}"#),
            "clip.json: frame 0 (t=0.000s): joint 'nose': has four numbers [x, y, z, confidence] but the space has no depth"
        ),
        (
            "joint with 5 numbers", document(frames: #"{"t": 0, "joints": {"nose": [1, 2, 0.5, 9, 1]}}"#),
            "joint 'nose': expected [x, y, confidence], found 5 numbers"
        ),
        (
            "3D sidecar, a joint without z",
            document(
                space: #"{"kind": "metres", "depth": "world"}"#,
                frames: #"{"t": 0, "joints": {"nose": [0, 1.6, 0.1, 1]}}, {"t": 0.5, "joints": {"neck": [0, 1.4, 0.9]}}"#),
            "clip.json: frame 1 (t=0.500s): joint 'neck': expected [x, y, z, confidence]: the space has 'world' depth"
        ),
        (
            "metres depth in an image",
            document(space: #"{"kind": "pixels", "width": 10, "height": 5, "depth": "world"}"#, frames: #"{"t": 0, "joints": {}}"#),
            "space.depth: 'world' depth is in metres: give \"kind\": \"metres\""
        ),
        (
            "relative depth in metres", document(space: #"{"kind": "metres", "depth": "relative"}"#, frames: #"{"t": 0, "joints": {}}"#),
            "space.depth: 'relative' is an image depth"
        ),
        (
            "depth in version 1",
            #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "metres", "depth": "world"}, "frames": [{"t": 0, "joints": {}}]}"#,
            "clip.json: space.depth: depth is a version 2 field: give \"version\": 2"
        ),
        (
            "unknown depth", document(space: #"{"kind": "metres", "depth": "wrold"}"#, frames: #"{"t": 0, "joints": {}}"#),
            "space.depth: unknown depth 'wrold' (did you mean 'world'?)"
        ),
        (
            "millimetres read as metres",
            document(space: #"{"kind": "metres", "depth": "world"}"#, frames: #"{"t": 0, "joints": {"nose": [12, 1604, 87, 1]}}"#),
            "clip.json: frame 0 (t=0.000s): joint 'nose': (12.0, 1604.0, 87.0) is more than 1,000 m from the origin (are the units millimetres?)"
        ),
        (
            "confidence above 1", document(frames: #"{"t": 0, "joints": {}}, {"t": 7.067, "joints": {"leftKnee": [1, 2, 1.7]}}"#),
            "clip.json: frame 1 (t=7.067s): joint 'leftKnee': confidence 1.7 is outside 0...1"
        ),
        ("negative confidence", document(frames: #"{"t": 0, "joints": {"leftKnee": [1, 2, -0.2]}}"#), "confidence -0.2 is outside 0...1"),
        (
            "missing space", #"{"format": "kinetix-sidecar", "version": 1, "frames": [{"t": 0, "joints": {}}]}"#,
            "clip.json: space: missing required field"
        ),
        (
            "zero width", document(space: #"{"kind": "pixels", "width": 0, "height": 1080}"#, frames: #"{"t": 0, "joints": {}}"#),
            "clip.json: space.width: must be a positive number of pixels, found 0.0"
        ),
        (
            "negative height", document(space: #"{"kind": "pixels", "width": 10, "height": -5}"#, frames: #"{"t": 0, "joints": {}}"#),
            "space.height: must be a positive number of pixels, found -5.0"
        ),
        (
            "unknown space kind", document(space: #"{"kind": "pixel", "width": 10, "height": 5}"#, frames: #"{"t": 0, "joints": {}}"#),
            "space.kind: unknown kind 'pixel' (did you mean 'pixels'?)"
        ),
        (
            "unknown joint", document(frames: #"{"t": 0.5, "joints": {"leftKnees": [1, 2, 0.5]}}"#),
            "clip.json: frame 0 (t=0.500s): joint 'leftKnees': unknown joint name (did you mean 'leftKnee'?)"
        ),
        (
            "joint twice", document(frames: #"{"t": 0, "joints": {"nose": [1, 2, 0.5], "head_joint": [1, 2, 0.5]}}"#),
            "joint 'nose': appears twice"
        ),
        ("missing t", document(frames: #"{"joints": {}}"#), "clip.json: frame 0: t: missing required field"),
        ("frame not an object", document(frames: "[0, 1]"), "clip.json: frame 0: expected a frame object"),
        (
            "unsupported version", #"{"format": "kinetix-sidecar", "version": 3, "frames": "anything"}"#,
            "clip.json: version: version 3 is not supported (this Kinetix reads versions 1 to 2)"
        ),
        (
            "OpenPose file", #"{"version": 1.3, "people": []}"#,
            "clip.json: format: expected \"kinetix-sidecar\", found nothing (this looks like OpenPose output"
        ),
        ("not an object", "[1, 2, 3]", "a sidecar is a JSON object"),
        ("trailing garbage", document(frames: #"{"t": 0, "joints": {}}"#) + " }", "after the end of the document"),
        (
            "normalized out of range",
            document(
                space: #"{"kind": "normalized", "width": 10, "height": 5}"#, frames: #"{"t": 0, "joints": {"nose": [640, 300, 0.9]}}"#),
            "is space.kind 'pixels'?"
        ),
        (
            "deep nesting in an unknown field",
            document(
                frames: #"{"t": 0, "joints": {}}"#,
                extra: #", "x": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
            "nesting deeper than the limit of 64 levels"
        ),
        ("control character in a string", "{\"format\": \"kinetix\u{01}\"}", "control character inside a string"),
    ]

    @Test("every class of bad input gets its message", arguments: badInputs.indices)
    func badInput(_ row: Int) {
        let (name, text, expected) = Self.badInputs[row]
        let found = messages(text)
        #expect(found.contains { $0.contains(expected) }, "\(name): \(found)")
    }

    @Test("every problem is reported, up to the cap")
    func manyProblems() {
        let frames = (0..<200).map { #"{"t": \#($0), "joints": {"nose": [1, 2, 3]}}"# }.joined(separator: ", ")
        var limits = SidecarLimits.default
        limits.maxDiagnostics = 10
        do {
            _ = try decode(document(frames: frames), limits: limits)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.count == 10)
            #expect(error.truncated)
            #expect(error.kind == .invalidData)
        }
    }

    @Test("the frame limit stops reading with a clear message")
    func frameLimit() {
        var limits = SidecarLimits.default
        limits.maxFrames = 3
        let frames = (0..<5).map { #"{"t": \#($0), "joints": {}}"# }.joined(separator: ", ")
        #expect(messages(document(frames: frames), limits: limits).contains { $0.contains("more than the limit of 3 frames") })
    }

    @Test("a file over the size limit is refused before it is read")
    func sizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-big-\(getpid()).json").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 1 << 30)  // sparse: 1 GiB on paper, nothing on disk
        try handle.close()
        #expect(throws: KinetixError(.limitExceeded, file: path, "file is 1.0 GB, over the input limit of 512 MB", setting: .maxInputBytes))
        {
            try Sidecar.load(contentsOf: path)
        }
    }

    @Test("a missing file is .unreadable")
    func missingFile() {
        #expect(throws: KinetixError(kind: .unreadable, diagnostics: [Diagnostic(file: "/nonexistent/x.json", message: "no such file")])) {
            try Sidecar.load(contentsOf: "/nonexistent/x.json")
        }
    }

    @Test("seeded corruptions of a valid sidecar never crash the decoder")
    func corruptions() {
        let valid = Array(
            Synth.sidecar(
                {
                    var o = SynthOptions()
                    o.durationSeconds = 0.5
                    return o
                }()
            ).encoded())
        var rng = SplitMix64(seed: 99)
        let alphabet = Array(#"{}[],:"0123456789.-eE nulltruefalse\"#.utf8)
        var decoded = 0
        for _ in 0..<1500 {
            var bytes = valid
            switch rng.next() % 4 {
            case 0: bytes = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            case 1:
                for _ in 0..<(1 + rng.next() % 4) {
                    bytes[Int(rng.next() % UInt64(bytes.count))] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
            case 2: bytes.remove(at: Int(rng.next() % UInt64(bytes.count)))
            default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: Int(rng.next() % UInt64(bytes.count)))
            }
            if (try? Sidecar.decode(Data(bytes))) != nil { decoded += 1 }
        }
        #expect(decoded < 1500, "some corruptions must be caught")
    }

    @Test(
        "the one-pass reader of plain frames and the general path decode the same clip",
        arguments: [
            SynthOptions.Motion.routine, .face,
        ])
    func plainAndGeneralPathsAgree(_ motion: SynthOptions.Motion) throws {
        var options = SynthOptions()
        options.motion = motion
        options.durationSeconds = 3
        options.dropout = 0.1
        let plain = String(decoding: Synth.sidecar(options).encoded(), as: UTF8.self)
        // Every number with an exponent: the one-pass readers refuse it, the general path reads it.
        let pattern = try NSRegularExpression(pattern: #"(-?[0-9]+(\.[0-9]+)?)(?=\s*[,\]}])"#)
        let general = pattern.stringByReplacingMatches(in: plain, range: NSRange(plain.startIndex..., in: plain), withTemplate: "$1e0")
        #expect(general.count > plain.count + 1000)
        #expect(try decode(general) == decode(plain))
        // Points in reverse order and "t" after "joints" (frames with faces as they are):
        // still the one-pass reader's shape.
        let reordered = plain.split(separator: "\n").map { line -> String in
            guard !line.contains(#""face""#), let open = line.range(of: #"{"t": "#), let joints = line.range(of: #", "joints": {"#),
                let close = line.range(of: "}}")
            else { return String(line) }
            let points = line[joints.upperBound..<close.lowerBound].components(separatedBy: "], ").reversed()
                .map { $0.hasSuffix("]") ? $0 : $0 + "]" }.joined(separator: ", ")
            return String(line[..<open.lowerBound]) + #"{"joints": {"# + points + #"}, "t": "#
                + line[open.upperBound..<joints.lowerBound] + "}" + line[close.upperBound...]
        }.joined(separator: "\n")
        #expect(reordered != plain)
        #expect(try decode(reordered) == decode(plain))
    }

    @Test("encoding then decoding gives the same sidecar")
    func roundTrip() throws {
        var options = SynthOptions()
        options.durationSeconds = 2
        options.dropout = 0.1
        let sidecar = Synth.sidecar(options)
        let decoded = try Sidecar.decode(sidecar.encoded())
        #expect(decoded == sidecar)
    }
}
