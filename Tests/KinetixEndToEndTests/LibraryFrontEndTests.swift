import Foundation
import KinetixBatch
import KinetixCore
import KinetixProfiles
import Testing
import _KinetixCLITestSupport

/// The command line as a thin front end: defaults, errors and profiles come from the libraries.
@Suite("kinetix as a front end to the libraries", .serialized)
struct LibraryFrontEndTests {
    /// The `(default: …)` text `--help` shows for each option.
    func helpDefaults(_ command: String) throws -> [String: String] {
        let help = try Kinetix.run([command, "--help"]).stdout
        var defaults: [String: String] = [:]
        var option: String?
        for line in help.split(separator: "\n").map(String.init) {
            if let match = line.firstMatch(of: /^\s+(?:-\w, )?--([a-z-]+)/) { option = String(match.1) }
            if let option, let value = line.firstMatch(of: /\(default: ([^)]*)\)/) { defaults[option] = String(value.1) }
        }
        return defaults
    }

    @Test("every --help default is the library's value")
    func defaults() throws {
        let c = ComparisonOptions.defaults
        func text(_ v: Double) -> String { jsonNumber(v, digits: 6) }
        let compare = try helpDefaults("compare")
        #expect(compare["max-lag"] == text(c.maxLagSeconds))
        #expect(compare["lag-window"] == text(c.lagWindowSeconds))
        #expect(compare["offset"] == text(c.offsetSeconds))
        #expect(compare["max-gap"] == text(c.maxGapSeconds))
        #expect(compare["tolerance"] == text(Double(c.toleranceDegrees)))
        #expect(compare["form-break"] == text(c.formBreakMinSeconds))
        #expect(compare["min-shared"] == text(Double(c.minSharedWeight)))
        #expect(compare["min-confidence"] == text(Double(c.minConfidence)))
        #expect(compare["kernel"] == c.kernel.rawValue && compare["threads"] == String(c.threads))
        #expect(compare["max-input-mb"] == String(SidecarLimits.default.maxFileBytes >> 20))
        for command in ["assess", "inspect", "angles"] {
            #expect(try helpDefaults(command)["min-confidence"] == text(Double(AssessmentOptions.defaults.minConfidence)), "\(command)")
        }
        #expect(try helpDefaults("resample")["max-gap"] == text(Sidecar.EditDefaults.resampleMaxGapSeconds))
        #expect(try helpDefaults("merge")["tolerance"] == text(Sidecar.EditDefaults.mergeToleranceSeconds))
        #expect(try helpDefaults("validate")["max-problems"] == String(SidecarLimits.default.maxDiagnostics))
        let batch = try helpDefaults("batch")
        #expect(batch["shards"] == String(BatchPlan.defaultShards) && batch["cpus-per-task"] == String(SlurmScript.defaultCPUsPerTask))
        #expect(batch["min-confidence"] == text(Double(BatchPlan.Options().minConfidence)))
        let synth = try helpDefaults("synth")
        let s = SynthOptions()
        #expect(synth["duration"] == text(s.durationSeconds) && synth["fps"] == text(s.frameRate))
        #expect(synth["body-height"] == text(s.heightMeters) && synth["distance"] == text(s.cameraDistanceMeters))
        #expect(synth["noise"] == text(s.noisePixels) && synth["seed"] == String(s.seed))
    }

    @Test("compare's option ranges are the library's: each edge is accepted by both, and just past it refused by both")
    func ranges() throws {
        typealias R = ComparisonOptions.Ranges
        let cases: [(flag: String, range: ClosedRange<Double>, set: (inout ComparisonOptions, Double) -> Void)] = [
            ("max-lag", R.maxLagSeconds, { $0.maxLagSeconds = $1 }), ("lag-window", R.lagWindowSeconds, { $0.lagWindowSeconds = $1 }),
            ("max-gap", R.maxGapSeconds, { $0.maxGapSeconds = $1 }), ("tolerance", R.toleranceDegrees, { $0.toleranceDegrees = Float($1) }),
            ("form-break", R.formBreakMinSeconds, { $0.formBreakMinSeconds = $1 }),
            ("min-shared", R.minSharedWeight, { $0.minSharedWeight = Float($1) }),
            ("rate", R.rate, { $0.rate = $1 }),
        ]
        for c in cases {
            for (value, ok) in [(c.range.upperBound, true), (c.range.upperBound * 1.5 + 1, false)] {
                var options = ComparisonOptions()
                c.set(&options, value)
                let library = (try? options.checkSettings()) != nil
                // Usage is checked before any file is read: the CLI's verdict needs no real run.
                let cli = try Kinetix.run(["compare", "nowhere-d.json", "nowhere-l.json", "--\(c.flag)", jsonNumber(value, digits: 6)])
                let refusedByCLI = cli.status == 64 && cli.stderr.contains("'--\(c.flag)' must be in")
                #expect(library == ok && refusedByCLI == !ok, "--\(c.flag) \(value): library \(library), CLI \(cli.status) \(cli.stderr)")
            }
        }
    }

    @Test(
        "every other numeric option's range is the library's (or the command type's beside its default): each edge is accepted, just past it refused, worded as before"
    )
    func otherRanges() throws {
        let f = try BatchFixture(count: 1, seconds: 2)
        defer { try? FileManager.default.removeItem(at: f.folder) }
        try f.plan("plan.json", shards: 1)
        // Each option, the command line it is given on (files that need not exist: usage
        // is checked first, else a real plan) and the range it must take.
        typealias Case = (arguments: [String], flag: String, range: ClosedRange<Double>)
        var cases: [Case] = [
            (["shift", "nowhere.json", "-o", f.path("shifted.json")], "seconds", Sidecar.EditDefaults.shiftSecondsRange),
            (["batch", "plan", f.path("manifest.tsv"), "-o", f.path("edge-plan.json")], "shards", BatchPlan.shardsRange),
            (["batch", "run", f.path("plan.json"), "--shard", "0", "--out", f.path("out")], "threads", BatchRunner.threadsRange),
            (
                ["batch", "slurm", f.path("plan.json"), "--out", f.path("out"), "-o", f.path("job.sh")], "max-parallel",
                SlurmScript.maxParallelRange
            ),
            (
                ["batch", "slurm", f.path("plan.json"), "--out", f.path("out"), "-o", f.path("job.sh")], "cpus-per-task",
                SlurmScript.cpusPerTaskRange
            ),
        ]
        cases += [
            (["angles", "nowhere.json"], "fill-gaps", AngleSeries.FilterRanges.fillGapsSeconds),
            (["angles", "nowhere.json"], "low-pass", AngleSeries.FilterRanges.lowPassHertz),
            (["validate", "nowhere.json"], "max-problems", SidecarLimits.maxDiagnosticsRange),
            (["inspect", "nowhere.json"], "max-input-mb", SidecarLimits.maxFileMegabytesRange),
        ]
        cases += [
            (["onset", "nowhere.json"], "fraction", OnsetOptions.Ranges.peakFraction),
            (["onset", "nowhere.json"], "baseline-k", OnsetOptions.Ranges.baselineK),
            (["onset", "nowhere.json"], "cue-offset", ReactionWindow.cueDisplayOffsetRange),
        ]
        // The live timeouts and the stream's settings live beside their defaults in the
        // CLI's own types (LiveRun, StreamCommand), which a test cannot import: their edges.
        let live = ["assess", "--live", "nowhere.fifo", "--profile", "squat"]
        cases += [(live, "idle-timeout", 0.1...3600), (live, "start-timeout", 0.1...86400)]
        cases += [(["stream", "nowhere.json"], "speed", 0...1000), (["stream", "nowhere.json"], "connect-timeout", 0...3600)]
        for c in cases {
            let message = "'--\(c.flag)' must be in \(c.range.lowerBound)...\(c.range.upperBound), got "
            let step = max(abs(c.range.upperBound - c.range.lowerBound) * 0.01, 1e-3)
            for (value, ok) in [
                (c.range.upperBound, true), (c.range.lowerBound, true), (c.range.upperBound + step, false),
                (c.range.lowerBound - step, false),
            ] {
                let text = jsonNumber(value, digits: 6)
                let result = try Kinetix.run(c.arguments + ["--\(c.flag)", text])
                let refused = result.status == 64 && result.stderr.contains(message + text)
                #expect(
                    refused == !ok && result.stderr.contains("'--\(c.flag)' must be in") == !ok,
                    "\(c.arguments) --\(c.flag) \(text): \(result.status) \(result.stderr)")
            }
        }
    }

    @Test("a pair profile's settings come from the library's defaults where it is silent")
    func pairProfileDefaults() throws {
        let profile = try ProfileLibrary().resolve("copy-demonstrator").profile
        let options = try ComparisonOptions(pairProfile: profile, parameters: try profile.parameterValues(overriding: []))
        #expect(options.maxGapSeconds == ComparisonOptions.defaults.maxGapSeconds)
        #expect(options.minConfidence == ComparisonOptions.defaults.minConfidence)
    }

    @Test("exit codes follow the error's kind: the same missing file is 66 everywhere")
    func exitCodes() throws {
        for arguments in [
            ["profile", "show", "nowhere/missing.json"], ["assess", "Sidecars/squat-front.json", "--profile", "nowhere/missing.json"],
            ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--profile", "nowhere/missing.json"],
            ["profile", "lint", "nowhere/missing.json"], ["inspect", "nowhere/missing.json"],
        ] {
            let result = try Kinetix.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("nowhere/missing.json: no such file"), "\(arguments)")
        }
        // A setting out of range in a pair profile: lint says so, and compare refuses it (64), never traps.
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: Kinetix.packageRoot.appendingPathComponent("Profiles/copy-demonstrator.json"), encoding: .utf8)
        let bad = folder.appendingPathComponent("bad-pair.json")
        try source.replacingOccurrences(of: "\"lagWindowSeconds\": 5", with: "\"lagWindowSeconds\": -1e300").write(
            to: bad, atomically: true, encoding: .utf8)
        let lint = try Kinetix.run(["profile", "lint", bad.path])
        #expect(lint.status == 65 && lint.stderr.contains("pair.lagWindowSeconds: must be in 0...600 s"), "\(lint.stderr)")
        let compare = try Kinetix.run(["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--profile", bad.path])
        #expect(compare.status == 64 && compare.stderr.contains("pair.lagWindowSeconds"), "\(compare.stderr)")
    }

    @Test("an installed kinetix, run from anywhere, finds the shipped profiles and says which file it used")
    func installed() throws {
        let prefix = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let installed = bin.appendingPathComponent("kinetix")
        try FileManager.default.copyItem(at: Kinetix.executable, to: installed)
        // A folder with a planted Profiles/squat.json: it must not replace the shipped one.
        let elsewhere = prefix.appendingPathComponent("untrusted")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("Profiles"), withIntermediateDirectories: true)
        try Data("{\"format\": \"kinetix-profile\", \"formatVersion\": 1, \"id\": \"squat\"}".utf8)
            .write(to: elsewhere.appendingPathComponent("Profiles/squat.json"))
        let environment = ["PATH": "/usr/bin:/bin"]
        let list = try Kinetix.run(["profile", "list"], executable: installed, directory: elsewhere, environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        for id in ["squat", "facial-symmetry", "copy-demonstrator"] {
            #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix(id + " ") && $0.hasSuffix("shipped:\(id).json") }, "\(id)")
        }
        let clip = Kinetix.packageRoot.appendingPathComponent("Sidecars/squat-front.json").path
        let assess = try Kinetix.run(
            ["assess", clip, "--profile", "squat"], executable: installed, directory: elsewhere, environment: environment)
        #expect(assess.status == 0, "\(assess.stderr)")
        #expect(assess.stdout.contains("profile from  shipped:squat.json"))
        // A folder the user names does take precedence, and the report says so.
        let mine = prefix.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Kinetix.packageRoot.appendingPathComponent("Profiles/squat.json"), to: mine.appendingPathComponent("squat.json"))
        let own = try Kinetix.run(
            ["assess", clip, "--profile", "squat", "--format", "json"], executable: installed, directory: elsewhere,
            environment: environment.merging(["KINETIX_PROFILES": mine.path]) { $1 })
        #expect(own.stdout.contains("\"source\": \"\(mine.appendingPathComponent("squat.json").path)\""), "\(own.stderr)")
    }

    @Test("compare --live: one JSON line per update, and the final lines equal the offline frames")
    func live() throws {
        let pair = ["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json"]
        let offline = try Kinetix.run(pair + ["--format", "json"])
        let frames = (try JSONSerialization.jsonObject(with: Data(offline.stdout.utf8)) as! [String: Any])["frames"] as! [[String: Any]]
        let live = try Kinetix.run(pair + ["--live", "--format", "json"])
        #expect(live.status == 0, "\(live.stderr)")
        let lines = try live.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        var finals = lines.filter { $0["final"] as? Bool == true }
        let provisional = lines.filter { $0["final"] as? Bool == false }
        #expect(provisional.count == 361 && finals.count == frames.count)
        for index in finals.indices {
            finals[index]["final"] = nil
            finals[index]["cue"] = nil
        }
        #expect(finals.map { NSDictionary(dictionary: $0) } == frames.map { NSDictionary(dictionary: $0) })
        #expect(
            provisional.allSatisfy {
                $0["t"] is Double && $0["errors"] is [String: Any] && $0.keys.contains("cue") && $0.keys.contains("worstLimb")
            })
        let text = try Kinetix.run(pair + ["--live"])
        #expect(text.stdout.contains("Raise your right arm higher") && text.stdout.contains("361 frames final"))
    }
}
