import Foundation
import KinetixReport
import Testing
import _KinetixCLITestSupport

@_spi(Fuzzing) @testable import KinetixBatch

/// A batch in hostile hands: paths that are shell code, outputs that are inputs, files
/// that are not files, shard and result files from elsewhere.
@Suite("kinetix batch, adversarial", .serialized)
struct BatchHardeningTests {
    /// A fake `sbatch` that runs what it is given, as Slurm would: each `--wrap` with
    /// `sh -c`, once per array index with `SLURM_ARRAY_TASK_ID` set. It logs every
    /// argument, one per line, to `$FAKE_SBATCH_LOG`.
    static let fakeSbatch = #"""
        #!/bin/bash
        array="" wrap=""
        for a in "$@"; do
          case "$a" in --array=*) array="${a#--array=}";; --wrap=*) wrap="${a#--wrap=}";; esac
          printf '%s\n' "$a" >> "$FAKE_SBATCH_LOG"
        done
        printf -- '--\n' >> "$FAKE_SBATCH_LOG"
        if [ -n "$array" ]; then
          range="${array%%\%*}"
          for ((i=${range%-*}; i<=${range#*-}; i++)); do SLURM_ARRAY_TASK_ID=$i sh -c "$wrap" >> "$FAKE_SBATCH_LOG.tasks" 2>&1 || exit 1; done
        else
          sh -c "$wrap" >> "$FAKE_SBATCH_LOG.tasks" 2>&1 || exit 1
        fi
        echo "$RANDOM;cluster"
        """#

    @Test("a plan and output folder named with quotes, $(…), backticks and % run through the script as data, never as commands")
    func hostilePaths() throws {
        let root = try Kinetix.temporaryFolder()
        let hostile = "it's $(touch PWNED) `touch PWNED2` 100% \"q\" ;x"
        let folder = root.appendingPathComponent(hostile)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        for (name, seed) in [("d.json", 1), ("l.json", 2)] {
            #expect(
                try Kinetix.run(["synth", "--motion", "routine", "--duration", "3", "--seed", "\(seed)", "-o", path(name)]).status == 0)
        }
        try Data("id,demonstrator,learner\np1,d.json,l.json\np2,d.json,l.json\n".utf8).write(to: URL(fileURLWithPath: path("m.csv")))
        #expect(try Kinetix.run(["batch", "plan", path("m.csv"), "--shards", "2", "-o", path("plan.json")]).status == 0)
        let out = path("out 50%x")
        let made = try Kinetix.run([
            "batch", "slurm", path("plan.json"), "--out", out, "--partition", "short", "--time", "0:10:00", "-o",
            root.appendingPathComponent("submit.sh").path,
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data(Self.fakeSbatch.utf8).write(to: bin.appendingPathComponent("sbatch"))
        chmod(bin.appendingPathComponent("sbatch").path, 0o755)
        let log = root.appendingPathComponent("sbatch.log").path
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FAKE_SBATCH_LOG"] = log
        let submitted = try Kinetix.run(
            ["submit.sh"], executable: URL(fileURLWithPath: "/bin/bash"), directory: root, environment: environment)
        let tasks = (try? String(contentsOfFile: log + ".tasks", encoding: .utf8)) ?? ""
        #expect(submitted.status == 0, "\(submitted.stderr)\n\(tasks)")
        #expect(submitted.stdout.contains("array ") && submitted.stdout.contains("merge "))
        // Nothing in the names ran, anywhere the script or its tasks were.
        for place in [root, folder, URL(fileURLWithPath: out), Kinetix.packageRoot] {
            for marker in ["PWNED", "PWNED2"] {
                #expect(!FileManager.default.fileExists(atPath: place.appendingPathComponent(marker).path), "\(marker) in \(place.path)")
            }
        }
        // The shards ran and merged where asked, and the log pattern keeps the folder's '%'.
        let summary = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8)
        #expect(summary.contains("p1,2,ok,0") && summary.contains("p2,3,ok,0"), "\(summary)\n\(tasks)")
        let arguments = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(arguments.contains("--output=" + out.replacingOccurrences(of: "%", with: "%%") + "/logs/%x-%A_%a.out"))
        #expect(arguments.contains("--partition=short") && arguments.contains("--time=0:10:00"))
    }

    @Test(
        "paths starting with '-' reach mkdir, exec and kinetix as paths, never options; a bare executable name is not looked up in PATH; a quote before a combining mark is escaped (fuzz finds)"
    )
    func optionLikePaths() throws {
        let script = try SlurmScript(plan: "-plan.json", output: "--wrap=x", shards: 2, executable: "kinetix", executableSHA256: "00").text
        #expect(script.contains("plan=./-plan.json\n"))
        #expect(script.contains("mkdir -p -- ./--wrap=x/logs\n"))
        #expect(script.contains("--wrap='exec ./kinetix batch run ./-plan.json --shard-from-env SLURM_ARRAY_TASK_ID --out ./--wrap=x "))
        #expect(script.contains("--output=./--wrap=x/logs/%x-%A_%a.out"))
        // A quote followed by a combining mark is one Character but still a quote to bash.
        let marked = try SlurmScript(plan: "/p/a'\u{07EF}b", output: "/o%\u{07EF}", shards: 1, executable: "/k", executableSHA256: "00")
            .text
        #expect(marked.contains("plan='/p/a'\\''\u{07EF}b'\n"))
        #expect(marked.contains("--out '\\''/o%\u{07EF}'\\''"))
        #expect(marked.contains("'--output=/o%%\u{07EF}/logs/%x-%A_%a.out'"))
        // The summary's CSV cells the same: "\r\n" is one Character, so is a quote before a mark.
        #expect(csvTextCell("a\r\nb") == "\"a\r\nb\"")
        #expect(csvTextCell("x\"\u{0301}y") == "\"x\"\"\u{0301}y\"")
        // A figure or error a spreadsheet would run is text (issue 56).
        #expect(csvTextCell("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"" && csvTextCell("@SUM(1)") == "'@SUM(1)")
    }

    @Test("a control character in a path the script holds, or shell code in --partition or --time, is refused: no script")
    func refusedWords() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 1)
        let newline = f.folder.appendingPathComponent("a\necho INJECTED")
        try FileManager.default.createDirectory(at: newline, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: f.path("plan.json"), toPath: newline.appendingPathComponent("plan.json").path)
        let script = f.path("submit.sh")
        for (arguments, message) in [
            ([newline.appendingPathComponent("plan.json").path], "the plan's path has the control character U+000A"),
            ([f.path("plan.json"), "--out", f.path("o\u{1b}[2Jx")], "the output folder has the control character U+001B"),
            ([f.path("plan.json"), "--partition", "short;touch x"], "expected partition names"),
            ([f.path("plan.json"), "--time", "$(reboot)"], "expected Slurm's time format"),
        ] {
            let result = try Kinetix.run(["batch", "slurm"] + arguments + ["-o", script])
            #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: script))
        }
    }

    @Test("a task run by another binary than the script was made with refuses to start")
    func engineCheck() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 1)
        let script = try Kinetix.run(["batch", "slurm", f.path("plan.json")]).stdout
        let sha = try #require(script.range(of: "--engine-sha256 ").map { String(script[$0.upperBound...].prefix(64)) })
        #expect(sha.count == 64 && sha.allSatisfy(\.isHexDigit))
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--engine-sha256", sha]).status == 0)
        let other = try Kinetix.run([
            "batch", "run", f.path("plan.json"), "--shard", "0", "--engine-sha256", String(repeating: "0", count: 64),
        ])
        #expect(other.status == 65 && other.stderr.contains("is not the one the script was made with"), "\(other.stderr)")
    }

    @Test(
        "batch never writes over what it was given: an input kept in results/, the manifest or plan as merge's -o, names that are not prefixes"
    )
    func outputsAreNeverInputs() throws {
        let f = try BatchFixture(count: 2)
        // pair-2's learner kept where its result would go.
        try FileManager.default.createDirectory(atPath: f.path("results"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: f.path("l2.json"), toPath: f.path("results/pair-2.json"))
        let original = try Data(contentsOf: URL(fileURLWithPath: f.path("results/pair-2.json")))
        try Data("id,demonstrator,learner\npair-1,demo-1.json,l1.json\npair-2,demo-2.json,results/pair-2.json\n".utf8)
            .write(to: URL(fileURLWithPath: f.path("sessions.csv")))
        #expect(try Kinetix.run(["batch", "plan", f.path("sessions.csv"), "-o", f.path("sessions.json")]).status == 0)
        let run = try Kinetix.run(["batch", "run", f.path("sessions.json"), "--shard", "0"])
        #expect(run.status == 73 && run.stderr.contains("results/pair-2.json: refusing to overwrite an input file"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path("results/pair-2.json"))) == original)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: f.path("sessions.csv")))
        let plan = try Data(contentsOf: URL(fileURLWithPath: f.path("sessions.json")))
        let over = try Kinetix.run(["batch", "merge", f.folder.path, "--plan", f.path("sessions.json"), "-o", f.path("sessions")])
        #expect(over.status == 73 && over.stderr.contains("refusing to overwrite an input file"), "\(over.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path("sessions.csv"))) == manifest)
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.path("sessions.json"))) == plan)
        #expect(!FileManager.default.fileExists(atPath: f.path("sessions.html")), "the set is written all or none")
        for prefix in ["", f.folder.path + "/", "-", f.path(".")] {
            let odd = try Kinetix.run(["batch", "merge", f.folder.path, "--plan", f.path("sessions.json"), "-o", prefix])
            #expect(odd.status == 64 && odd.stderr.contains("expected a file prefix"), "'\(prefix)': \(odd.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: f.folder.path + ".json"), "-o '' wrote ../<folder>.json")
    }

    @Test("a FIFO at results/<id>.json fails its row at once instead of blocking; a read-only results folder fails the run with 73")
    func notFiles() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 1)
        try FileManager.default.createDirectory(atPath: f.path("out/results"), withIntermediateDirectories: true)
        #expect(mkfifo(f.path("out/results/pair-1.json"), 0o644) == 0)
        let blocked = try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")])
        #expect(blocked.status == 73 && blocked.stderr.contains("pair-1.json: is a device or FIFO"), "\(blocked.stderr)")
        unlink(f.path("out/results/pair-1.json"))
        guard getuid() != 0 else { return }  // root writes into a read-only folder anyway
        chmod(f.path("out/results"), 0o555)
        defer { chmod(f.path("out/results"), 0o755) }
        let readOnly = try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")])
        #expect(readOnly.status == 73 && readOnly.stderr.contains("permission denied"), "\(readOnly.stderr)")
    }

    @Test(
        "merge refuses shard lines of another plan and results cut short or edited, naming the command that redoes them; a rerun recomputes the damaged row"
    )
    func staleAndDamaged() throws {
        let f = try BatchFixture(count: 3)
        try f.plan("plan.json", shards: 1)
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        let merge = ["batch", "merge", f.path("out"), "--plan", f.path("plan.json"), "-o", f.path("out/summary")]
        #expect(try Kinetix.run(merge).status == 0)
        // A result cut short.
        let result = f.path("out/results/pair-2.json")
        let whole = try Data(contentsOf: URL(fileURLWithPath: result))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: result))
        let damaged = try Kinetix.run(merge)
        #expect(
            damaged.status == 65 && damaged.stderr.contains("row 'pair-2': results/pair-2.json is not the file the shard wrote")
                && damaged.stderr.contains("kinetix batch run PLAN --shard 0"), "\(damaged.stderr)")
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        #expect(try f.statuses("out", shard: 0, of: 1)["pair-2"] == "ok")
        #expect(try Kinetix.run(merge).status == 0)
        // The plan made again with another option: the old shard file is stale.
        try f.plan("plan.json", shards: 1, extra: ["--min-confidence", "0.5"])
        let stale = try Kinetix.run(merge)
        #expect(
            stale.status == 65 && stale.stderr.contains("was run for another plan") && stale.stderr.contains("the shard file is stale"),
            "\(stale.stderr)")
    }

    @Test("shard files and plans edited to trap: huge line numbers and exit codes, 10⁷ shards, a pair row with one input")
    func editedFiles() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 1)
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")]).status == 0)
        let shard = f.path("out/shards/0-of-1.jsonl")
        let text = try String(contentsOfFile: shard, encoding: .utf8)
        let merge = ["batch", "merge", f.path("out"), "--plan", f.path("plan.json"), "-o", f.path("out/summary")]
        for (from, to) in [("\"line\":2", "\"line\":1e300"), ("\"exitCode\":0", "\"exitCode\":3e9"), ("\"line\":2", "\"line\":-1")] {
            try text.replacingOccurrences(of: from, with: to).write(toFile: shard, atomically: true, encoding: .utf8)
            let result = try Kinetix.run(merge)
            #expect(result.status == 65 && result.stderr.contains("line 1: not an outcome line"), "\(to): \(result.stderr)")
        }
        let plan = try String(contentsOfFile: f.path("plan.json"), encoding: .utf8)
        try plan.replacingOccurrences(of: "\"shards\": 1,", with: "\"shards\": 10000000,").write(
            toFile: f.path("huge.json"), atomically: true, encoding: .utf8)
        let huge = try Kinetix.run(["batch", "merge", f.path("out"), "--plan", f.path("huge.json"), "-o", f.path("out/summary")])
        #expect(huge.status == 65 && huge.stderr.contains("shards: expected 1 to 100000 shards"), "\(huge.stderr)")
        // One input left in a pair row (the key recomputed, as anyone could).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(plan.utf8)) as? [String: Any])
        var rows = try #require(object["rows"] as? [[String: Any]])
        rows[0]["inputs"] = [(rows[0]["inputs"] as! [Any])[0]]
        var edited = object
        edited["rows"] = rows
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: f.path("one-input.json")))
        let single = try Kinetix.run(["batch", "run", f.path("one-input.json"), "--shard", "0", "--out", f.path("out2")])
        #expect(
            single.status == 65 && single.stderr.contains("rows[0].inputs: a pair row has the inputs demonstrator, learner"),
            "\(single.stderr)")
    }

    @Test("CRLF manifests with a byte-order mark, as Excel writes them, are read; ids differing only in case are refused")
    func spreadsheetManifests() throws {
        let f = try BatchFixture(count: 2)
        try Data("\u{FEFF}id,demonstrator,learner\r\npair-1,demo-1.json,l1.json\r\npair-2,demo-2.json,l2.json\r\n".utf8).write(
            to: URL(fileURLWithPath: f.path("excel.csv")))
        let plan = try Kinetix.run(["batch", "plan", f.path("excel.csv"), "-o", f.path("excel.json")])
        #expect(plan.status == 0 && plan.stderr.contains("2 pairs"), "\(plan.stderr)")
        try Data("id,demonstrator,learner\nPair-1,demo-1.json,l1.json\npair-1,demo-2.json,l2.json\n".utf8).write(
            to: URL(fileURLWithPath: f.path("case.csv")))
        let folded = try Kinetix.run(["batch", "plan", f.path("case.csv"), "-o", f.path("case.json")])
        #expect(
            folded.status == 65 && folded.stderr.contains("line 3: id 'pair-1' differs from 'Pair-1' on line 2 only in case"),
            "\(folded.stderr)")
    }

    @Test("a run of a shard whose lock another process holds says so and waits; it goes on when the lock is let go")
    func shardLock() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 1)
        try FileManager.default.createDirectory(atPath: f.path("out/shards"), withIntermediateDirectories: true)
        // This test holds the lock, as a first run of the shard would.
        let lock = open(f.path("out/shards/.0-of-1.lock"), O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let second = try Kinetix.start(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")])
        let deadline = Date().addingTimeInterval(60)
        while !second.stderrSoFar.contains("is being run by another process") && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(second.stderrSoFar.contains("is being run by another process"), "\(second.stderrSoFar)")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(second.process.isRunning, "it waits while the lock is held")
        #expect(!FileManager.default.fileExists(atPath: f.path("out/shards/0-of-1.jsonl")))
        flock(lock, LOCK_UN)
        close(lock)
        let result = try second.finish()
        #expect(result.status == 0 && result.stdout.contains("2 computed"), "\(result.stdout) \(result.stderr)")
    }

    @Test("the batch index links an output folder named javascript:… as a path, never a scheme")
    func indexLinks() throws {
        let f = try BatchFixture(count: 2)
        try f.plan("plan.json", shards: 1)
        let out = f.path("javascript:alert(1)")
        #expect(try Kinetix.run(["batch", "run", f.path("plan.json"), "--shard", "0", "--out", out]).status == 0)
        #expect(try Kinetix.run(["batch", "merge", out, "--plan", f.path("plan.json"), "-o", f.path("index")]).status == 0)
        let html = try String(contentsOfFile: f.path("index.html"), encoding: .utf8)
        #expect(
            html.contains("<a href=\"javascript%3Aalert%281%29/results/pair-1.json\">pair-1</a>") && !html.contains("href=\"javascript:"),
            "\(html)")
    }
}

@Suite("control characters from input")
struct ControlCharacterTests {
    @Test("file names with ESC, right-to-left override and carriage return reach the terminal as visible \\u escapes")
    func escapedDiagnostics() throws {
        let folder = try Kinetix.temporaryFolder()
        let name = folder.appendingPathComponent("clip\u{1B}[2J\u{202E}nosj.\r.json").path
        let result = try Kinetix.run(["validate", name])
        #expect(result.status == 66)
        #expect(
            !result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x0D },
            "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("clip\\u001B[2J\\u202Enosj.\\u000D.json"), "\(result.stderr)")
    }

    @Test(
        "cues out of order are judged in time order; a cue before the first frame is 'before the clip', not 'tracking lost'; cue times beyond ±1e9 s are refused"
    )
    func cueOrder() throws {
        let folder = try Kinetix.temporaryFolder()
        let clip = folder.appendingPathComponent("c.json").path
        #expect(try Kinetix.run(["synth", "--motion", "cue-response", "--duration", "8", "--seed", "3", "-o", clip]).status == 0)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: clip))) as? [String: Any])
        let first = try #require(((object["frames"] as? [[String: Any]])?.first?["t"]) as? Double)
        object["events"] = [
            ["t": first + 5, "label": "late"], ["t": first + 1, "label": "early"], ["t": first - 3, "label": "before"],
            ["t": first + 500, "label": "after"],
        ]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: folder.appendingPathComponent("e.json").path))
        let judged = try Kinetix.run(["onset", folder.appendingPathComponent("e.json").path, "--cues"])
        #expect(judged.status == 0, "\(judged.stderr)")
        let cueLines = judged.stdout.split(separator: "\n").filter { $0.contains("cue ") }
        let labels: [String] = cueLines.map { line in
            let head = String(line.split(separator: ":").first ?? "")
            return String(head.split(separator: " ").last ?? "")
        }
        #expect(labels == ["before", "early", "late", "after"], "\(judged.stdout)")
        #expect(
            cueLines.first?.contains("not judged: before the clip starts") == true
                && cueLines.last?.contains("not judged: after the clip ends") == true, "\(judged.stdout)")
        object["events"] = [["t": 1e308, "label": "far"]]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: folder.appendingPathComponent("far.json").path))
        let far = try Kinetix.run(["onset", folder.appendingPathComponent("far.json").path, "--cues"])
        #expect(far.status == 65 && far.stderr.contains("events[0].t: 1e+308 s is beyond ±1e9 s"), "\(far.stderr)")
    }

    @Test("a learner clip much shorter than the demonstrator's is said to be a fragment")
    func fragment() throws {
        let folder = try Kinetix.temporaryFolder()
        let demo = folder.appendingPathComponent("d.json").path
        let learner = folder.appendingPathComponent("l.json").path
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "12", "--seed", "1", "-o", demo]).status == 0)
        #expect(try Kinetix.run(["synth", "--motion", "routine", "--duration", "0.02", "--seed", "2", "-o", learner]).status == 0)
        let result = try Kinetix.run(["compare", demo, learner])
        #expect(
            result.status == 0 && result.stdout.contains("note          the learner's clip spans 0.00 s of the demonstrator's 12.00 s"),
            "\(result.stdout)")
        let whole = try Kinetix.run(["compare", demo, demo])
        #expect(!whole.stdout.contains("fragment"))
    }
}
