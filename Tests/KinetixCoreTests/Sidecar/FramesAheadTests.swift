import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Reading frames ahead")
struct FramesAheadTests {
    /// A synthesized clip's text (one frame per line, as Kinetix writes it) with `edit`
    /// applied to each frame's line, by frame index.
    func clipText(frames: Int = 600, motion: SynthOptions.Motion = .routine, edit: (Int, String) -> String = { $1 }) -> String {
        var options = SynthOptions()
        options.motion = motion
        options.frameRate = 30
        options.durationSeconds = Double(frames - 1) / 30
        let text = String(decoding: Synth.sidecar(options).encoded(), as: UTF8.self)
        var frame = 0
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix(#"    {"t""#) else { return String(line) }
            defer { frame += 1 }
            return edit(frame, String(line))
        }.joined(separator: "\n")
    }

    /// Decodes `text` with the second half read ahead and without; both must give the
    /// same sidecar or the same problems. Returns how many frames were taken from ahead.
    @discardableResult
    func decodesTheSame(_ text: String, limits: SidecarLimits = .default, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        Array(text.utf8).withUnsafeBytes { raw in
            let alone = Result { () throws(KinetixError) in try Sidecar.decode(raw, file: "clip.json", limits: limits, discard: nil) }
            let ahead = Result { () throws(KinetixError) in
                try Sidecar.decode(raw, file: "clip.json", limits: limits, discard: nil, readAheadBytes: 0)
            }
            switch (alone, ahead) {
            case (.success(let a), .success(let b)): #expect(a == b, sourceLocation: sourceLocation)
            case (.failure(let a), .failure(let b)):
                // Dumped, since a problem's time may be NaN, which equals nothing.
                var (x, y) = ("", "")
                dump(a, to: &x)
                dump(b, to: &y)
                #expect(x == y, sourceLocation: sourceLocation)
            default: Issue.record("one way decoded, the other did not: \(alone), \(ahead)", sourceLocation: sourceLocation)
            }
            var decoder = SidecarDecoder(bytes: raw.bindMemory(to: UInt8.self), limits: limits)
            decoder.readAheadBytes = 0
            _ = decoder.decode()
            return decoder.framesTakenAhead
        }
    }

    @Test("a plain clip: the second half is taken from ahead, and the clip is the same")
    func plainClip() {
        let taken = decodesTheSame(clipText())
        #expect(taken > 200 && taken < 400)
    }

    @Test("a frame that is not plain in the second half stops reading ahead there; the rest is read as usual")
    func notPlainAhead() {
        // A null joint, an unknown member, and a problem (a string time) after the middle.
        let taken = decodesTheSame(
            clipText { frame, line in
                switch frame {
                case 450: line.replacingOccurrences(of: #""nose": ["#, with: #""nose": null, "x": ["#)
                case 500: line.replacingOccurrences(of: #"{"t""#, with: #"{"note": "re-take", "t""#)
                case 550: line.replacingOccurrences(of: #"{"t": "#, with: #"{"t": "1", "u": "#)
                default: line
                }
            })
        #expect(taken > 100 && taken < 150)
    }

    @Test("a face found before the middle gives the frames taken from ahead empty face rows")
    func faceBeforeTheMiddle() {
        let face = clipText(frames: 20, motion: .face).split(separator: "\n").first { $0.contains(#", "face": "#) }!
        let faceMember = face[face.range(of: #", "face": "#)!.lowerBound...].dropLast(2)
        let taken = decodesTheSame(clipText { frame, line in frame == 10 ? String(line.dropLast(2)) + faceMember + "}," : line })
        #expect(taken > 200)
    }

    @Test("no frame start near the middle, or one outside the frames: read alone, the same")
    func noStartOrElsewhere() {
        // The middle of the file inside a long array of events: their objects are not frames.
        let events = (0..<4000).map { #"    {"t": \#($0), "label": "rep"}"# }.joined(separator: ",\n")
        let text = clipText(frames: 60).replacingOccurrences(of: #""events": ["#, with: "\"events\": [\n\(events),")
        #expect(decodesTheSame(text) == 0)
        // No frame start near the middle: one frame holding a megabyte of unknown member.
        let long = clipText(frames: 40).replacingOccurrences(
            of: #"{"t": 0.033333"#, with: #"{"notes": "\#(String(repeating: "x", count: 3 << 20))", "t": 0.033333"#)
        #expect(decodesTheSame(long) == 0)
    }

    @Test("a file written on one line, as json.dumps writes it, is read ahead too")
    func oneLine() {
        #expect(decodesTheSame(clipText().replacingOccurrences(of: "\n", with: "")) > 200)
    }

    @Test("the frame limit is reported where it is reached, with or without reading ahead")
    func frameLimit() {
        var limits = SidecarLimits.default
        limits.maxFrames = 450
        #expect(decodesTheSame(clipText(), limits: limits) == 0)
        limits.maxFrames = 600
        #expect(decodesTheSame(clipText(), limits: limits) > 0)
    }

    @Test("a file cut short or broken in the second half fails the same way, at the same line and column")
    func truncated() {
        // The frames before the cut are taken from ahead (their lines counted there); the
        // cut is then found here. On one line, the column counts the frames taken.
        for text in [clipText(), clipText().replacingOccurrences(of: "\n", with: "")] {
            #expect(decodesTheSame(String(text.prefix(text.utf8.count * 3 / 4))) > 0)
        }
        // A semicolon for the comma after frame 450: found on the line of the last frame taken.
        let broken = clipText { frame, line in frame == 450 ? line.replacingOccurrences(of: "},", with: "} ;") : line }
        #expect(decodesTheSame(broken) > 0)
    }

    @Test("the bytes of the frames taken from ahead are given back as they are taken")
    func discardsTakenFrames() {
        let text = Array(clipText().utf8)
        text.withUnsafeBufferPointer { bytes in
            var givenBack = 0
            var decoder = SidecarDecoder(bytes: bytes, limits: .default)
            decoder.readAheadBytes = 0
            decoder.discard = ({ givenBack = max(givenBack, $0) }, 4096)
            #expect(decoder.decode() != nil)
            #expect(decoder.framesTakenAhead > 200)
            // Everything up to the last frame (the clip's end, which the helper read).
            #expect(givenBack > bytes.count - 1000)
        }
    }

    @Test("a frame start is a { after a comma")
    func frameStart() {
        func start(_ text: String, after offset: Int) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { FramesAhead.frameStart(in: $0, after: offset) }
        }
        let text = "[1,\n  {\"a\": 1},\n  2,\n {}]"
        #expect(start(text, after: 0) == 3)  // right after `1,`
        #expect(start(text, after: 4) == 20)  // the comma before the first `{` lies before offset 4: right after `2,`
        #expect(start("[\n {}]", after: 0) == nil)  // no comma before it
        #expect(start(#"{"a": {}}"#, after: 0) == nil)  // a colon
        #expect(start("[1, {}]", after: 0) == 3)  // on one line
    }
}
