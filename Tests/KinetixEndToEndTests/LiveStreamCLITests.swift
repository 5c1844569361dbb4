import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport
import _KinetixTestSupport

/// `--live` on streams: standard input, a FIFO, TCP and UDP on the loopback address,
/// with `kinetix stream` as the camera.
@Suite("kinetix --live on streams", .serialized)
struct LiveStreamCLITests {
    static let k = Kinetix.executable.path

    /// Runs `script` in a shell at the package root; `$K` is the built kinetix.
    static func shell(_ script: String) throws -> Kinetix.Result {
        try Kinetix.run(
            ["-c", script], executable: URL(fileURLWithPath: "/bin/sh"),
            environment: ProcessInfo.processInfo.environment.merging(["K": k]) { $1 })
    }

    /// The JSON lines of a stream run with their latency taken out, without the summary.
    static func withoutLatency(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix("{\"summary\"") }.map { line in
            guard let range = line.range(of: ", \"latency\": ") else { return String(line) }
            return String(line[..<range.lowerBound]) + "}"
        }
    }

    /// The summary line's object.
    static func summary(_ text: String) throws -> [String: Any] {
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("{\"summary\"") })
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return try #require(object?["summary"] as? [String: Any])
    }

    /// The port a run announced on standard error that it listens on for `kind` (tcp or
    /// udp): two sources are set up at once, so they are announced in either order.
    static func port(of running: Kinetix.Running, kind: String) throws -> String {
        for _ in 0..<200 {
            let ports = running.stderrSoFar.split(separator: "\n").compactMap { line in
                line.range(of: "listening on \(kind):") != nil ? line.split(separator: ":").last.map(String.init) : nil
            }
            if let port = ports.first { return port }
            usleep(50_000)
        }
        throw CocoaError(.fileReadUnknown)
    }

    @Test("assess: a clip streamed on standard input gives the offline live replay's every line, and a summary")
    func standardInputEqualsReplay() throws {
        let replay = try Kinetix.run(["assess", "Sidecars/squat-front.json", "--profile", "squat", "--live", "--format", "json"])
        let streamed = try Self.shell(
            #""$K" stream Sidecars/squat-front.json --speed 0 | "$K" assess --live - --profile squat --format json"#)
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(Self.withoutLatency(streamed.stdout) == replay.stdout.split(separator: "\n").map(String.init))
        let summary = try Self.summary(streamed.stdout)
        #expect(summary["reps"] as? Int == 4)
        let source = try #require((summary["sources"] as? [[String: Any]])?.first)
        #expect(source["taken"] as? Int == 301 && source["ended"] as? String == "endLine" && source["gaps"] as? Int == 0)
        let frames = try #require((summary["latency"] as? [String: Any])?["frames"] as? [String: Any])
        #expect((frames["fromCapture"] as? [String: Any])?["count"] as? Int == 301)
    }

    @Test("compare: two cameras over TCP and UDP give the offline live replay's final lines")
    func twoSocketsEqualReplay() throws {
        let replay = try Kinetix.run(["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--live", "--format", "json"])
        let running = try Kinetix.start([
            "compare", "tcp:0", "udp:0", "--live", "--format", "json", "--start-timeout", "60", "--idle-timeout", "20",
        ])
        let tcp = try Self.port(of: running, kind: "tcp")
        let udp = try Self.port(of: running, kind: "udp")
        // Each sender's own status: a bare `wait` would hide the first one's failure.
        let senders = try Self.shell(
            #""$K" stream Sidecars/demonstrator.json --to tcp:\#(tcp) --speed 8 & first=$!; "$K" stream Sidecars/learner.json --to udp:\#(udp) --speed 8 && wait $first"#
        )
        #expect(senders.status == 0, "\(senders.stderr)")
        let result = try running.finish()
        #expect(result.status == 0, "\(result.stderr)")
        let finals = Self.withoutLatency(result.stdout).filter { $0.contains("\"final\": true") }
        #expect(finals == replay.stdout.split(separator: "\n").map(String.init).filter { $0.contains("\"final\": true") })
        #expect(try Self.summary(result.stdout)["finalFrames"] as? Int == 361)
    }

    @Test("dropped, duplicated and reordered frames through a FIFO are skipped, counted and named; the rest is assessed")
    func impairedStream() throws {
        let clip = try Sidecar.load(contentsOf: Kinetix.packageRoot.appendingPathComponent("Sidecars/squat-front.json").path)
        var lines = [LiveStream.line(LiveStream.Header(space: clip.space, fps: 30))]
        var order = Array(0..<clip.frameCount).filter { !(50...52).contains($0) }  // 3 dropped
        order.insert(100, at: order.firstIndex(of: 100)!)  // 100 twice
        order.swapAt(order.firstIndex(of: 150)!, order.firstIndex(of: 151)!)  // 151 before 150
        lines += order.map { LiveStream.line(clip.poseFrame($0), captured: 1) }
        lines.append("{\"t\": 9.9, \"joints\": {\"leftKnees\": [1, 2, 0.5]}}\n")  // unreadable
        lines.append(LiveStream.endLine)
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("cam").path
        let file = folder.appendingPathComponent("frames.ndjson")
        try Data(lines.joined().utf8).write(to: file)
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try Self.shell(
            #"cat "\#(file.path)" > "\#(fifo)" & "$K" assess --live "\#(fifo)" --profile squat --format json; status=$?; wait; exit $status"#
        )
        #expect(result.status == 0, "\(result.stderr)")
        let source = try #require((try Self.summary(result.stdout)["sources"] as? [[String: Any]])?.first)
        #expect(source["duplicates"] as? Int == 1 && source["outOfOrder"] as? Int == 1 && source["malformed"] as? Int == 1)
        #expect(source["taken"] as? Int == clip.frameCount - 3 - 1)
        #expect((source["gaps"] as? Int ?? 0) >= 1 && (source["missingFrames"] as? Int ?? 0) >= 3)
        #expect(
            result.stderr.contains("line 100: frame at t=3.333333") && result.stderr.contains("skipped, a duplicate"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped, out of order"))
        #expect(result.stderr.contains("/cam: skipped: line 301: joints.leftKnees: unknown joint name (did you mean 'leftKnee'?)"))
        #expect(result.stderr.contains("line 52: a gap of 0.133 s before t=1.766667 s"), "\(result.stderr)")
        #expect(try Self.summary(result.stdout)["reps"] as? Int == 4)
    }

    @Test("a source that never starts is given up after --start-timeout: exit 66, naming it, never a hang")
    func neverStarts() throws {
        let result = try Kinetix.run(["assess", "--live", "tcp:0", "--profile", "squat", "--start-timeout", "0.5"])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.contains("no header line within 0.5 s: the source never started"), "\(result.stderr)")
    }

    @Test("a sender killed mid-stream is noticed: results so far, the summary, exit 69")
    func killedSource() throws {
        let running = try Kinetix.start(["assess", "--live", "tcp:0", "--profile", "squat"])
        let port = try Self.port(of: running, kind: "tcp")
        let sender = try Kinetix.start(["stream", "Sidecars/squat-front.json", "--to", "tcp:\(port)"])
        usleep(1_500_000)
        kill(sender.process.processIdentifier, SIGKILL)
        _ = try sender.finish()
        let result = try running.finish()
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("the stream closed without its end line: the source stopped"))
        #expect(result.stdout.contains("STOPPED: closed without its end line"))
        #expect(result.stdout.contains("cue: Push your knees out"), "frames before the kill were assessed")
    }

    @Test("a source that falls silent is noticed after --idle-timeout (exit 69)")
    func silentSource() throws {
        let lines =
            #"{"format": "kinetix-stream", "version": 1, "space": {"kind": "pixels", "width": 10, "height": 10}}\n{"t": 0, "joints": {}}\n"#
        let result = try Self.shell(
            #"(printf '\#(lines)'; sleep 3) | "$K" assess --live - --profile squat --idle-timeout 0.5 --format json"#)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("no frame for 0.5 s: the source stopped (idle)"))
        #expect((try Self.summary(result.stdout)["sources"] as? [[String: Any]])?.first?["ended"] as? String == "idle")
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var script: String
        var status: Int32
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        .init(
            name: "no header", script: #"echo '{"t": 0, "joints": {}}' | "$K" assess --live - --profile squat"#, status: 65,
            message: "-: line 1: format: the first line must be the stream's header"),
        .init(
            name: "closed before its header", script: #""$K" assess --live - --profile squat < /dev/null"#, status: 66,
            message: "-: the stream closed before its header line"),
        .init(
            name: "a stream without --live", script: #""$K" assess - --profile squat"#, status: 64,
            message: "Error: '-' is a stream: read it with --live"),
        .init(
            name: "both on standard input", script: #""$K" compare --live - -"#, status: 64,
            message: "Error: only one input can be standard input"),
        .init(
            name: "a bad port", script: #""$K" assess --live tcp:http --profile squat"#, status: 64,
            message: "Error: 'tcp:http': expected a port number in 0...65535"),
        .init(
            name: "stream to a file", script: #""$K" stream Sidecars/squat-front.json --to /tmp/x.ndjson"#, status: 64,
            message: "Error: --to expects -, a FIFO"),
        .init(
            name: "3D clip streamed",
            script:
                #""$K" synth --motion squat --duration 1 --space metres -o /dev/stdout 2>/dev/null > /tmp/kinetix-3d-$$.json; "$K" stream /tmp/kinetix-3d-$$.json; s=$?; rm -f /tmp/kinetix-3d-$$.json; exit $s"#,
            status: 65, message: "space: a stream carries a camera's 2D joints"),
    ]

    @Test("a bad stream or command line is refused with its exit code, naming the source and line", arguments: refusals)
    func refused(_ row: Refusal) throws {
        let result = try Self.shell(row.script)
        #expect(result.status == row.status, "\(result.stderr)")
        #expect(result.stderr.contains(row.message), "\(result.stderr)")
    }
}
