import Foundation
import Testing
import _KinetixCLITestSupport

/// Processes killed with SIGKILL mid-run, as a crash or an out-of-memory kill would:
/// what they leave behind, and what the next run makes of it.
@Suite("kinetix killed mid-run (SIGKILL)", .serialized)
struct KilledProcessTests {
    @Test("a process killed while writing leaves the previous file, and the next write removes its temporary file")
    func killedMidWrite() throws {
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("clip.json").path
        let previous = Data("{\"previous\": true}\n".utf8)
        var landed = 0
        for _ in 0..<5 where landed < 2 {
            try previous.write(to: URL(fileURLWithPath: target))
            let process = Process()
            process.executableURL = Kinetix.executable
            process.arguments = ["synth", "--motion", "routine", "--duration", "900", "--fps", "60", "-o", target]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the temporary file exists (.clip.json.kinetix-<scope>-<pid>-<n>.tmp): the write is under way.
            let pid = "-\(process.processIdentifier)-"
            func temporaries() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                    $0.hasPrefix(".clip.json.kinetix-") && $0.hasSuffix(".tmp") && $0.contains(pid)
                }
            }
            let deadline = Date().addingTimeInterval(60)
            while temporaries().isEmpty, process.isRunning, Date() < deadline { usleep(200) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // The kill landed during the write exactly when the temporary file is still there.
            guard !temporaries().isEmpty else {
                let check = try Kinetix.run(["validate", target])
                #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == previous || check.status == 0)
                continue
            }
            landed += 1
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == previous, "the target is untouched")
            let next = try Kinetix.run(["synth", "--duration", "1", "-o", target])
            #expect(
                next.status == 0 && next.stderr.contains("note: removed") && next.stderr.contains("interrupted kinetix run"),
                "\(next.stderr)")
            #expect(temporaries().isEmpty, "the stale temporary file was removed")
            #expect(try Kinetix.run(["validate", target]).status == 0)
        }
        #expect(landed >= 1, "at least one kill landed during the write")
    }

    @Test("killed at several moments (SIGKILL), a shard leaves only complete results, and the rerun computes only what is missing")
    func killed() throws {
        let f = try BatchFixture(count: 30, seconds: 20)
        try f.plan("plan.json", shards: 1)
        func results() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: f.path("out/results"))) ?? []).filter {
                $0.hasSuffix(".json") && !$0.hasPrefix(".")
            }.count
        }
        // Two kills at fixed moments, then one as soon as a first result is there: on a
        // loaded machine a fixed moment can land before any row is done.
        for delay in [0.1, 0.25, nil] as [Double?] {
            let process = Process()
            process.executableURL = Kinetix.executable
            process.arguments = ["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out"), "--threads", "1"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if let delay {
                Thread.sleep(forTimeInterval: delay)
            } else {
                let start = Date()
                while results() == 0, process.isRunning, Date().timeIntervalSince(start) < 120 { Thread.sleep(forTimeInterval: 0.005) }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            // Every result there is whole: it parses, and its first line names its row.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: f.path("out/results"))) ?? []
            for name in names where name.hasSuffix(".json") && !name.hasPrefix(".") {
                let data = try Data(contentsOf: URL(fileURLWithPath: f.path("out/results/\(name)")))
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name) is not whole")
                #expect((object["batch"] as? [String: Any])?["id"] as? String == String(name.dropLast(5)))
            }
        }
        let done = results()
        #expect(done > 0 && done < f.count, "the kills should land mid-shard (\(done) of \(f.count) done)")
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        let statuses = try f.statuses("out", shard: 0, of: 1)
        #expect(statuses.values.filter { $0 == "cached" }.count == done)
        #expect(statuses.values.filter { $0 == "ok" }.count == f.count - done)
        // No temporary file of a killed run is left once a run has cleaned up.
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.path("out/results")).allSatisfy { !$0.hasSuffix(".tmp") })
    }
}
