import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

/// From a video to a verdict with the extractor beside the engine, and live streams of
/// real and hour-long clips: the built `kinetix` with real components.
@Suite("Live streams and the video extractor", .serialized)
struct LiveStreamSystemTests {
    /// The extractor's environment (`Sources/kinetix-extract/install.sh`).
    static let venv =
        ProcessInfo.processInfo.environment["KINETIX_EXTRACT_VENV"]
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/kinetix/extract-venv").path
    static let extractor = venv + "/bin/kinetix-extract"
    static let demoVideo = venv + "/demo/Sports2D/Demo/demo.mp4"
    static let hasExtractor = FileManager.default.isExecutableFile(atPath: extractor) && FileManager.default.fileExists(atPath: demoVideo)
    static let extractorMissing: Comment =
        "the extractor's environment is not installed: bash Sources/kinetix-extract/install.sh --demo-videos"

    static func shell(_ script: String) throws -> Kinetix.Result {
        let environment = ProcessInfo.processInfo.environment.merging(["K": Kinetix.executable.path, "X": extractor]) { $1 }
        return try Kinetix.run(["-c", script], executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
    }

    static func summary(_ text: String) throws -> [String: Any] {
        let line = try #require(text.split(separator: "\n").last { $0.hasPrefix("{\"summary\"") })
        return try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["summary"] as? [String: Any])
    }

    @Test(
        "a public video filmed by others (Sports2D's demo) → keypoints → sidecar → assess, offline",
        .enabled(if: hasExtractor, extractorMissing))
    func videoToVerdict() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell(
            """
            cd "\(folder.path)" && "$X" "\(Self.demoVideo)" -o demo.keypoints.json --quiet && "$K" convert demo.keypoints.json -o demo.json \
              && "$K" assess demo.json --profile squat --format json > verdict.json
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("kinetix-extract: 230 frames in "), "\(result.stderr)")
        let keypoints =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("demo.keypoints.json"))) as? [String: Any]
        let video = try #require(keypoints?["video"] as? [String: Any])
        #expect(
            video["fps"] as? Double == 30 && video["width"] as? Int == 1768 && video["height"] as? Int == 994
                && video["n_frames"] as? Int == 230)
        let extractor = try #require(keypoints?["extractor"] as? [String: Any])
        #expect(extractor["mediapipe"] as? String == "0.10.21")
        #expect((extractor["frames_with_person"] as? Int ?? 0) >= 180, "\(extractor)")
        let sidecar = try Sidecar.load(contentsOf: folder.appendingPathComponent("demo.json").path)
        #expect(sidecar.frameCount == 230 && sidecar.space.width == 1768)
        let verdict =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("verdict.json"))) as? [String: Any]
        #expect(verdict?["status"] != nil)
    }

    @Test(
        "the extractor streams a video at its real rate into assess --live: every frame taken, latency from capture",
        .enabled(if: hasExtractor, extractorMissing))
    func extractorStreams() throws {
        let video = Self.venv + "/demo/Pose2Sim/Demo_SinglePerson/videos/cam01.mp4"
        let result = try Self.shell(#""$X" "\#(video)" --stream --quiet | "$K" assess --live - --profile squat --format json"#)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try Self.summary(result.stdout)
        let source = try #require((summary["sources"] as? [[String: Any]])?.first)
        #expect(source["taken"] as? Int == 100 && source["ended"] as? String == "endLine" && source["gaps"] as? Int == 0, "\(source)")
        let frames = try #require(((summary["latency"] as? [String: Any])?["frames"] as? [String: Any])?["fromCapture"] as? [String: Any])
        #expect(frames["count"] as? Int == 100)
        #expect(result.stderr.contains("the estimator's time per frame: median"))
    }

    @Test(
        "a real clip streamed at its real rate over TCP, and on standard input, gives the offline live replay's reps and cues",
        .enabled(if: Kinetix.hasRealData, "../shared/realdata is not beside the checkout"))
    func realClipStreamed() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("squat.json").path
        let input = Kinetix.realData.appendingPathComponent("exercises/squat_front_goblet_mediapipe.json").path
        #expect(try Kinetix.run(["convert", "--from", "mediapipe", input, "-o", clip]).status == 0)
        let replay = try Kinetix.run(["assess", clip, "--profile", "squat", "--live", "--format", "json"])
        #expect(replay.status == 0)
        func strip(_ text: String) -> [String] {
            text.split(separator: "\n").filter { !$0.hasPrefix("{\"summary\"") }.map { line in
                line.range(of: ", \"latency\": ").map { String(line[..<$0.lowerBound]) + "}" } ?? String(line)
            }
        }
        let tcp = try Self.shell(
            #""$K" assess --live tcp:0 --profile squat --format json > "\#(folder.path)/out.jsonl" 2> "\#(folder.path)/err" & pid=$!; "#
                + #"for i in $(seq 100); do port=$(grep -o 'tcp:127.0.0.1:[0-9]*' "\#(folder.path)/err" | cut -d: -f3); [ -n "$port" ] && break; sleep 0.05; done; "#
                + #""$K" stream "\#(clip)" --to tcp:$port; wait $pid"#)
        #expect(tcp.status == 0, "\(tcp.stderr)")
        let streamed = try String(contentsOfFile: folder.appendingPathComponent("out.jsonl").path, encoding: .utf8)
        #expect(strip(streamed) == replay.stdout.split(separator: "\n").map(String.init))
        let summary = try Self.summary(streamed)
        let frames = try #require((summary["latency"] as? [String: Any])?["frames"] as? [String: Any])
        let fromArrival = try #require(frames["fromArrival"] as? [String: Any])
        #expect(fromArrival["count"] as? Int == 365)
        let stdin = try Self.shell(#""$K" stream "\#(clip)" --speed 4 | "$K" assess --live - --profile squat --format json"#)
        #expect(strip(stdin.stdout) == replay.stdout.split(separator: "\n").map(String.init))
    }

    @Test("an hour-long stream keeps memory flat: the resident size at 15 minutes and at the end differ by under 8 MB")
    func hourLong() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.shell(
            """
            cd "\(folder.path)" && "$K" synth --motion squat --view front --duration 3600 -o hour.json 2>/dev/null || exit 90
            "$K" stream hour.json --speed 0 | "$K" assess --live - --profile squat --format json > out.jsonl & pid=$!
            while kill -0 $pid 2>/dev/null; do grep VmRSS /proc/$pid/status 2>/dev/null | awk '{print $2}' >> rss; sleep 0.5; done
            wait $pid
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let out = try String(contentsOfFile: folder.appendingPathComponent("out.jsonl").path, encoding: .utf8)
        let summary = try Self.summary(out)
        #expect(summary["lastT"] as? Double == 3600)
        #expect((summary["reps"] as? Int ?? 0) > 1000)
        let rss = try String(contentsOfFile: folder.appendingPathComponent("rss").path, encoding: .utf8).split(separator: "\n").compactMap {
            Int($0)
        }
        try #require(rss.count >= 8, "too few samples: \(rss)")
        let quarter = rss[rss.count / 4]
        let last = rss[rss.count - 2]
        #expect(last - quarter < 8 * 1024, "resident kB over the run: \(rss)")
        print("hour-long stream: resident size \(quarter / 1024) MB at a quarter, \(last / 1024) MB near the end (\(rss.count) samples)")
    }
}
