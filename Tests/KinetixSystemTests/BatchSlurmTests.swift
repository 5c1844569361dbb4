import Foundation
import Testing
import _KinetixCLITestSupport

/// Why a Slurm cluster cannot be started here (what `.ci/slurm-local` needs), or nil.
let slurmMissing: String? = {
    let tools = ["munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "scancel", "sinfo"]
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/sbin").split(separator: ":")
    let absent = tools.filter { tool in !path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") } }
    if !absent.isEmpty {
        return "Slurm is not installed (no \(absent.joined(separator: ", ")); apt-get install slurm-wlm munge, as .ci/setup does)"
    }
    if getuid() != 0 { return "the Slurm daemons need root here (slurmd runs jobs as their users)" }
    return nil
}()

/// Batch scoring on a real single-node Slurm, started by `.ci/slurm-local` (installed by
/// `.ci/setup`). Skipped, saying why, where Slurm is not installed or the daemons need
/// root; installed but failing to start is a failure. `BatchCLITests` makes the same
/// checks with shards run by a plain loop, always.
@Suite(
    "kinetix batch on a real Slurm", .serialized,
    .enabled(if: slurmMissing == nil, "\(slurmMissing ?? "")"))
struct BatchSlurmTests {

    /// The running cluster's environment (`SLURM_CONF`), or why there is none.
    static func startSlurm(_ state: URL) throws -> Result<[String: String], SlurmUnavailable> {
        let start = try Kinetix.run([".ci/slurm-local", "start", state.path], executable: URL(fileURLWithPath: "/bin/bash"))
        guard start.status == 0, let line = start.stdout.split(separator: "\n").first(where: { $0.hasPrefix("export SLURM_CONF=") }) else {
            return .failure(SlurmUnavailable(reason: start.stderr.isEmpty ? "exit \(start.status)" : start.stderr))
        }
        return .success(
            ProcessInfo.processInfo.environment.merging(["SLURM_CONF": String(line.dropFirst("export SLURM_CONF=".count))]) { $1 })
    }

    struct SlurmUnavailable: Error { var reason: String }

    /// Waits until none of `jobs` is in the queue.
    static func wait(for jobs: [String], environment: [String: String], seconds: Double = 300) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let queue = try Kinetix.run(
                ["-h", "-o", "%i", "-j", jobs.joined(separator: ",")], executable: URL(fileURLWithPath: "/usr/bin/squeue"),
                environment: environment)
            if queue.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return }
            Thread.sleep(forTimeInterval: 0.5)
        }
        Issue.record("jobs \(jobs) still queued after \(seconds) s")
    }

    /// Submits the generated script; returns the array's and the merge's job ids.
    static func submit(_ script: String, environment: [String: String]) throws -> (array: String, merge: String) {
        let run = try Kinetix.run([script], executable: URL(fileURLWithPath: "/bin/bash"), environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let ids = Dictionary(
            uniqueKeysWithValues: run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: " ")
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
        return (try #require(ids["array"]), try #require(ids["merge"]))
    }

    @Test(
        "a 4-shard job array and its merge equal one shard row by row; a cancelled task is named by the merge, and resubmitting it computes only its rows"
    )
    func jobArray() throws {
        let state = URL(fileURLWithPath: "/tmp/kinetix-slurm-\(getpid())")
        defer {
            _ = try? Kinetix.run([".ci/slurm-local", "stop", state.path], executable: URL(fileURLWithPath: "/bin/bash"))
            try? FileManager.default.removeItem(at: state)
        }
        let environment: [String: String]
        switch try Self.startSlurm(state) {
        case .success(let started): environment = started
        case .failure(let unavailable):
            Issue.record("Slurm is installed but did not start: \(unavailable.reason)")
            return
        }
        let f = try BatchFixture(count: 24)
        try f.plan("plan4.json", shards: 4)
        try f.plan("plan1.json", shards: 1)
        #expect(try Kinetix.run(["batch", "run", f.path("plan1.json"), "--shard", "0", "--out", f.path("one")]).status == 0)
        #expect(
            try Kinetix.run(["batch", "merge", f.path("one"), "--plan", f.path("plan1.json"), "-o", f.path("one/summary")]).status == 0)

        // The whole batch through Slurm.
        let script = try Kinetix.run([
            "batch", "slurm", f.path("plan4.json"), "--max-parallel", "2", "--out", f.path("slurm"), "-o", f.path("submit.sh"),
        ])
        #expect(script.status == 0)
        let (array, merge) = try Self.submit(f.path("submit.sh"), environment: environment)
        try Self.wait(for: [array, merge], environment: environment)
        #expect(
            FileManager.default.fileExists(atPath: f.path("slurm/summary.json")),
            "the merge job wrote no summary; logs in \(f.path("slurm/logs"))")
        #expect(BatchFixture.sameRows(try f.summary("slurm/summary"), try f.summary("one/summary")))

        // One task cancelled before it runs: the merge (afterany) names its shard.
        let throttled = try Kinetix.run([
            "batch", "slurm", f.path("plan4.json"), "--max-parallel", "1", "--out", f.path("cancel"), "-o", f.path("submit1.sh"),
        ])
        #expect(throttled.status == 0)
        let (array2, merge2) = try Self.submit(f.path("submit1.sh"), environment: environment)
        let cancel = try Kinetix.run(["\(array2)_3"], executable: URL(fileURLWithPath: "/usr/bin/scancel"), environment: environment)
        #expect(cancel.status == 0, "\(cancel.stderr)")
        try Self.wait(for: [array2, merge2], environment: environment)
        #expect(!FileManager.default.fileExists(atPath: f.path("cancel/summary.json")))
        let logs = try FileManager.default.contentsOfDirectory(atPath: f.path("cancel/logs")).filter { $0.contains("merge") }
        let mergeLog = try String(contentsOfFile: f.path("cancel/logs/\(try #require(logs.first))"), encoding: .utf8)
        #expect(mergeLog.contains("shard 3 of 4 is missing"), "\(mergeLog)")
        let others = try FileManager.default.contentsOfDirectory(atPath: f.path("cancel/results"))
        let before = try Dictionary(
            uniqueKeysWithValues: others.map {
                ($0, try FileManager.default.attributesOfItem(atPath: f.path("cancel/results/\($0)"))[.modificationDate] as! Date)
            })

        // Resubmit that task alone.
        let resubmit = try Kinetix.run(
            [
                "--parsable", "--array=3", "--output=\(f.path("cancel/logs"))/resubmit-%A_%a.out",
                "--wrap=exec \(Kinetix.executable.path) batch run \(f.path("plan4.json")) --shard-from-env SLURM_ARRAY_TASK_ID --out \(f.path("cancel"))",
            ],
            executable: URL(fileURLWithPath: "/usr/bin/sbatch"), environment: environment)
        #expect(resubmit.status == 0, "\(resubmit.stderr)")
        try Self.wait(for: [resubmit.stdout.trimmingCharacters(in: .whitespacesAndNewlines)], environment: environment)
        let merged = try Kinetix.run(["batch", "merge", f.path("cancel"), "--plan", f.path("plan4.json"), "-o", f.path("cancel/summary")])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(BatchFixture.sameRows(try f.summary("cancel/summary"), try f.summary("one/summary")))
        #expect(try f.statuses("cancel", shard: 3, of: 4).values.allSatisfy { $0 == "ok" || $0 == "failed" })
        for (name, date) in before {
            #expect(
                try FileManager.default.attributesOfItem(atPath: f.path("cancel/results/\(name)"))[.modificationDate] as? Date == date,
                "\(name) was recomputed")
        }
    }
}
