import Foundation
import KinetixCore
import Testing
import _KinetixCLITestSupport

@Suite("kinetix batch", .serialized)
struct BatchCLITests {
    @Test("four shards run by a plain loop equal one shard row by row; reruns are cached; the merge names a missing shard")
    func shardsByLoop() throws {
        let f = try BatchFixture()
        try f.plan("plan4.json", shards: 4)
        try f.plan("plan1.json", shards: 1)
        for k in [0, 1, 3] {
            let run = try Kinetix.run(["batch", "run", f.path("plan4.json"), "--shard", "\(k)", "--out", f.path("out4")])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let incomplete = try Kinetix.run(["batch", "merge", f.path("out4"), "--plan", f.path("plan4.json"), "-o", f.path("out4/summary")])
        #expect(incomplete.status == 66)
        #expect(
            incomplete.stderr.contains("shard 2 of 4 is missing")
                && incomplete.stderr.contains("[run it again: kinetix batch run PLAN --shard 2]"), "\(incomplete.stderr)")
        #expect(!FileManager.default.fileExists(atPath: f.path("out4/summary.csv")))
        // The missing shard by environment variable, as a job array runs it.
        let fromEnvironment = try Kinetix.run(
            ["batch", "run", f.path("plan4.json"), "--shard-from-env", "SLURM_ARRAY_TASK_ID", "--out", f.path("out4")],
            environment: ProcessInfo.processInfo.environment.merging(["SLURM_ARRAY_TASK_ID": "2"]) { $1 })
        #expect(fromEnvironment.status == 0 && fromEnvironment.stdout.hasPrefix("shard 2 of 4"), "\(fromEnvironment.stderr)")
        #expect(
            try Kinetix.run(["batch", "merge", f.path("out4"), "--plan", f.path("plan4.json"), "-o", f.path("out4/summary")]).status == 0)
        #expect(try Kinetix.run(["batch", "run", f.path("plan1.json"), "--shard", "0", "--out", f.path("out1")]).status == 0)
        #expect(
            try Kinetix.run(["batch", "merge", f.path("out1"), "--plan", f.path("plan1.json"), "-o", f.path("out1/summary")]).status == 0)
        let four = try f.summary("out4/summary")
        let one = try f.summary("out1/summary")
        #expect(four.count == f.count + 1 && BatchFixture.sameRows(four, one))
        #expect(four["broken"]?["status"] as? String == "failed" && four["broken"]?["exitCode"] as? Int == 65)
        #expect((four["broken"]?["error"] as? String)?.contains("broken.json") == true)
        // The summary and the index.
        let csv = try String(contentsOfFile: f.path("out4/summary.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("id,line,status,exitCode,lagSeconds,worstLimb,meanErrorDegrees") && csv.contains("pair-1,2,ok,0,0.3,"))
        let html = try String(contentsOfFile: f.path("out4/summary.html"), encoding: .utf8)
        #expect(html.contains("<a href=\"results/pair-1.json\">pair-1</a>"))
        // The index shows the distributions the JSON has, figure by figure, with the same medians.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: f.path("out4/summary.json")))) as? [String: Any])
        let distributions = try #require(json["distributions"] as? [String: [String: Any]])
        #expect(!distributions.isEmpty && html.contains("id=\"distributions\""))
        for (figure, d) in distributions {
            let median = try #require(d["median"] as? Double)
            #expect(html.contains("<tr><td>\(figure)</td><td class=\"num\">\(d["count"] as! Int)</td>"), "\(figure) row")
            #expect(html.contains("<td class=\"num\">\(jsonNumber(median, digits: 2))</td>"), "\(figure) median \(median)")
        }
        // A rerun computes nothing that is done.
        let again = try Kinetix.run(["batch", "run", f.path("plan4.json"), "--shard", "1", "--out", f.path("out4")])
        let statuses = try f.statuses("out4", shard: 1, of: 4)
        #expect(again.status == 0 && statuses.values.allSatisfy { $0 == "cached" || $0 == "failed" } && statuses.values.contains("cached"))
    }

    @Test("a changed input fails its row until planned again; then only that row is computed; a changed option recomputes every row")
    func invalidation() throws {
        let f = try BatchFixture(count: 6)
        try f.plan("plan.json", shards: 1)
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        // pair-2's learner changes.
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "6", "--seed", "99", "-o", f.path("l2.json")]).status == 0)
        let stale = try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")])
        #expect(
            stale.stderr.contains("pair-2 (manifest line 3): failed, exit 65") && stale.stderr.contains("changed since the plan"),
            "\(stale.stderr)")
        try f.plan("plan.json", shards: 1)
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        let statuses = try f.statuses("out", shard: 0, of: 1)
        #expect(statuses["pair-2"] == "ok" && statuses.filter { $0.value == "ok" }.count == 1 && statuses["pair-1"] == "cached")
        try f.plan("plan.json", shards: 1, extra: ["--min-confidence", "0.5"])
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        #expect(try f.statuses("out", shard: 0, of: 1).values.allSatisfy { $0 == "ok" || $0 == "failed" })
    }

    @Test("bad manifests and plans are refused with located messages")
    func refusals() throws {
        let f = try BatchFixture(count: 2)
        let manifest =
            "id,demonstrator,learner\npair-1,demo-1.json,l1.json\npair-1,demo-1.json,l2.json\n../x,demo-1.json,l1.json\nok,demo-1.json,missing.json\nshort,demo-1.json\n"
        try Data(manifest.utf8).write(to: f.folder.appendingPathComponent("bad.csv"))
        let bad = try Kinetix.run(["batch", "plan", f.path("bad.csv"), "-o", f.path("x.json")])
        #expect(bad.status == 65 && !FileManager.default.fileExists(atPath: f.path("x.json")))
        for message in [
            "bad.csv: line 3: id 'pair-1' is also on line 2: ids are unique",
            "bad.csv: line 4: id '../x' starts with '.'",
            "bad.csv: line 5: learner 'missing.json': no such file",
            "bad.csv: line 6: 2 cells for 3 columns",
        ] {
            #expect(bad.stderr.contains(message), "\(message) in \(bad.stderr)")
        }
        try f.plan("plan.json", shards: 2)
        let text = try String(contentsOfFile: f.path("plan.json"), encoding: .utf8)
        try text.replacingOccurrences(of: "\"kinetixVersion\": \"", with: "\"kinetixVersion\": \"9.").write(
            toFile: f.path("old.json"), atomically: true, encoding: .utf8)
        let old = try Kinetix.run(["batch", "run", f.path("old.json"), "--shard", "0"])
        #expect(
            old.status == 65 && old.stderr.contains("the plan was made by Kinetix 9.") && old.stderr.contains("plan again"), "\(old.stderr)"
        )
        try text.replacingOccurrences(of: "\"parameters\": [],", with: "\"parameters\": [\"x=1\"],").write(
            toFile: f.path("edited.json"), atomically: true, encoding: .utf8)
        let edited = try Kinetix.run(["batch", "run", f.path("edited.json"), "--shard", "0"])
        #expect(edited.status == 65 && edited.stderr.contains("does not match the row's inputs and options"), "\(edited.stderr)")
        let outOfRange = try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "2"])
        #expect(outOfRange.status == 64 && outOfRange.stderr.contains("shard 2 does not exist: the plan has 2 shards"))
        let noVariable = try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard-from-env", "NO_SUCH_VARIABLE_X"])
        #expect(noVariable.status == 64 && noVariable.stderr.contains("NO_SUCH_VARIABLE_X is not set"))
    }

    @Test("the Slurm script: an array of the plan's shards at most M at once, and a merge after any end")
    func slurmScript() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 5)
        let script = try Kinetix.run([
            "batch", "slurm", f.path("plan.json"), "--max-parallel", "2", "--partition", "short", "--time", "0:30:00", "--out",
            f.path("out"),
        ])
        #expect(script.status == 0)
        let text = script.stdout
        #expect(
            text.hasPrefix("#!/usr/bin/env bash\n") && text.contains("--array=0-4%2") && text.contains("--partition=short")
                && text.contains("--time=0:30:00"))
        #expect(text.contains("batch run \(f.path("plan.json")) --shard-from-env SLURM_ARRAY_TASK_ID --out \(f.path("out"))"))
        #expect(
            text.contains("--dependency=afterany:$array") && text.contains("batch merge \(f.path("out")) --plan \(f.path("plan.json"))"))
        let syntax = try Kinetix.run(["-n", "-c", text], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(syntax.status == 0, "bash -n: \(syntax.stderr)")
    }

    @Test("the batch guide's Kubernetes Indexed Job runs the shards from JOB_COMPLETION_INDEX")
    func kubernetesExample() throws {
        let readme = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Documentation/Batch.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```yaml\napiVersion: batch/v1\nkind: Job\n"))
        let yaml = String(readme[start.lowerBound...].dropFirst(8).prefix { $0 != "`" })
        for line in [
            "completionMode: Indexed", "completions: 4", "parallelism: 2", "backoffLimitPerIndex: 3", "restartPolicy: Never",
            "\"batch\", \"run\", \"/data/plan.json\", \"--shard-from-env\", \"JOB_COMPLETION_INDEX\", \"--out\", \"/data/out\"",
        ] {
            #expect(yaml.contains(line), "\(line)")
        }
        // The number of completions is the plan's shard count, as `batch run` checks.
        #expect(yaml.contains("--shards 4"))
    }
}

@Suite("inputs that are not files")
struct NotAFileTests {
    @Test("a device or a FIFO as an input is refused at once, by name, never read")
    func devices() throws {
        let folder = try Kinetix.temporaryFolder()
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", fifo] {
            let result = try Kinetix.run(["validate", path])
            #expect(result.status == 66 && result.stderr.contains("not a regular file"), "\(path): \(result.stderr)")
        }
        let manifest = folder.appendingPathComponent("m.tsv")
        try Data("id\tdemonstrator\tlearner\nz\t/dev/zero\tpipe\n".utf8).write(to: manifest)
        let plan = try Kinetix.run(["batch", "plan", manifest.path, "-o", folder.appendingPathComponent("plan.json").path])
        #expect(plan.status == 65 && plan.stderr.contains("line 2: z: demonstrator: is a device, not a regular file"), "\(plan.stderr)")
    }
}
