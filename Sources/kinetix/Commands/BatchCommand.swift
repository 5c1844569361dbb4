import Foundation
import KinetixBatch
import KinetixCore
import KinetixProfiles

/// `kinetix batch plan | run | merge | slurm`: many pairs or clips, resumable, in shards.
struct BatchCommand: Subcommand {
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Score many pairs or clips from a manifest, in resumable shards (Slurm job arrays too).",
        discussion: """
            ACTIONS:
              plan <manifest>   Check a TSV/CSV manifest (id, demonstrator, learner — or id, clip,
                                profile — optionally subject and date, plus profile-parameter
                                columns), hash every input, and fix each row's shard (balanced
                                by input size): -o plan.json.
              run <plan>        Run one shard (--shard K, or --shard-from-env VAR): results/<id>.json
                                and shards/K-of-N.jsonl in --out. Rows already done with the same
                                inputs, options and engine are cached; a bad row fails alone.
              merge <dir>       Check every shard is there and every row once (--plan), then write
                                -o PREFIX.csv, PREFIX.json (counts, distributions) and PREFIX.html;
                                with a subject column, each subject's progress over its sessions
                                in PREFIX-progress/<subject>.txt, .csv, .json, .html.
              slurm <plan>      Print a script that submits the shards as a Slurm job array
                                (--max-parallel, --partition, --time) and the merge after it.

            Exit codes: 0 done (rows that failed are listed, each with its own exit code);
            64 usage; 65 a bad manifest, plan, shard or result file; 66 a missing input or
            shard; 73 an output that cannot be written (a row's result, a shard file, the
            summary set, which is written all or none).
            """,
        arguments: [
            .init(name: "action", help: "plan, run, merge or slurm."),
            .init(name: "file", help: "The manifest (plan), the plan (run, slurm) or the output folder (merge)."),
        ],
        options: [
            .init(long: "shards", valueName: "n", help: "plan: the number of shards.", defaultValue: String(BatchPlan.defaultShards)),
            .init(long: "html", help: "plan: also write each row's HTML report (results/<id>.html)."),
            .init(long: "shard", valueName: "k", help: "run: the shard to run, 0-based."),
            .init(
                long: "shard-from-env", valueName: "variable",
                help: "run: read the shard from this variable (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX)."),
            .init(long: "out", valueName: "dir", help: "run, slurm: where results go (default: the plan's folder)."),
            .init(long: "threads", valueName: "n", help: "run: rows at once (default: every core this process may use)."),
            .init(long: "plan", valueName: "file", help: "merge: the plan the shards ran."),
            .init(long: "max-parallel", valueName: "m", help: "slurm: array tasks running at once."),
            .init(long: "partition", valueName: "name", help: "slurm: the partition to submit to."),
            .init(long: "time", valueName: "limit", help: "slurm: wall-time limit per shard (Slurm's format, 1:00:00)."),
            .init(
                long: "cpus-per-task", valueName: "n", help: "slurm: cores per shard.", defaultValue: String(SlurmScript.defaultCPUsPerTask)
            ),
            .init(
                long: "engine-sha256", valueName: "hex",
                help: "run, merge: refuse to run unless this kinetix has this SHA-256 (the Slurm script passes it)."),
            .init(
                long: "keep-swaps",
                help: "plan: keep the estimator's left/right swaps (by default they are undone, as compare and assess do)."),
            .minConfidence, .output,
        ]
    )

    enum Action: String, CaseIterable { case plan, run, merge, slurm }

    let action: Action
    let file: String
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        guard let action = Action(rawValue: arguments.positional[0]) else {
            let hint = Diagnostic.didYouMean(closestName(to: arguments.positional[0], in: Action.allCases.map(\.rawValue)))
            throw .usage("unknown action '\(arguments.positional[0])'\(hint); expected plan, run, merge or slurm", command: Self.spec)
        }
        self.action = action
        file = arguments.positional[1]
        self.arguments = arguments
    }

    func run() throws(CommandLineError) -> Int32 {
        switch action {
        case .plan: return try plan()
        case .run: return try runShard()
        case .merge: return try merge()
        case .slurm: return try slurm()
        }
    }

    private func plan() throws(CommandLineError) -> Int32 {
        guard let output = arguments.string("output") else { throw .usage("'batch plan' needs -o plan.json", command: Self.spec) }
        let shards = Int(try arguments.double("shards", default: Double(BatchPlan.defaultShards), in: BatchPlan.shardsRange))
        var options = BatchPlan.Options()
        options.minConfidence = Float(
            try arguments.double("min-confidence", default: Double(options.minConfidence), in: BodySeries.minConfidenceRange))
        options.html = arguments.flag("html")
        options.repairSwaps = !arguments.flag("keep-swaps")
        let plan: BatchPlan
        do {
            plan = try BatchPlan(manifest: try BatchManifest(contentsOf: file), shards: shards, options: options, library: profileLibrary())
        } catch { throw .failed(error) }
        try emit(plan.jsonText(), output: output, inputs: [file] + plan.rows.flatMap { $0.inputs.map(\.path) })
        let bytes = plan.rows.reduce(0) { $0 + $1.inputs.reduce(0) { $0 + $1.bytes } }
        var sizes = [Int](repeating: 0, count: shards)
        for row in plan.rows { sizes[row.shard] += row.inputs.reduce(0) { $0 + $1.bytes } }
        printError(
            "\(output): \(plan.rows.count) \(plan.kind == .pairs ? "pairs" : "clips") (\(formatBytes(bytes))) in \(shards) shard\(shards == 1 ? "" : "s") "
                + "of \(formatBytes(sizes.min() ?? 0))–\(formatBytes(sizes.max() ?? 0))")
        return ExitCode.success
    }

    private func loadPlan(_ path: String) throws(CommandLineError) -> BatchPlan {
        do { return try BatchPlan(contentsOf: path) } catch { throw .failed(error) }
    }

    private func outputFolder() -> URL {
        URL(fileURLWithPath: arguments.string("out") ?? URL(fileURLWithPath: file).deletingLastPathComponent().path).standardizedFileURL
    }

    /// This executable, resolved.
    private static var executable: String {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath().path
    }

    /// Refuses to go on when `--engine-sha256` names another binary than this one.
    private func checkEngine() throws(CommandLineError) {
        guard let expected = arguments.string("engine-sha256") else { return }
        var limits = SidecarLimits()
        limits.maxFileBytes = 1 << 30
        let actual: String
        do { actual = SHA256.hex(try readInput(Self.executable, limits: limits)) } catch { throw .failed(error) }
        guard actual == expected.lowercased() else {
            throw .failed(
                KinetixError(
                    .unsupported, file: Self.executable,
                    "this kinetix (SHA-256 \(actual.prefix(12))…) is not the one the script was made with (\(expected.prefix(12))…): it was rebuilt since; "
                        + "make the script again with 'kinetix batch slurm' and submit it"))
        }
    }

    private func runShard() throws(CommandLineError) -> Int32 {
        try checkEngine()
        let plan = try loadPlan(file)
        let shard: Int
        if let text = arguments.string("shard") {
            guard arguments.string("shard-from-env") == nil else {
                throw .usage("give --shard or --shard-from-env, not both", command: Self.spec)
            }
            guard let k = Int(text) else { throw .usage("--shard expects a number, got '\(text)'", command: Self.spec) }
            shard = k
        } else if let variable = arguments.string("shard-from-env") {
            guard let value = ProcessInfo.processInfo.environment[variable] else {
                throw .usage("\(variable) is not set: run inside a job array, or give --shard", command: Self.spec)
            }
            guard let k = Int(value) else { throw .usage("\(variable)='\(value)' is not a shard number", command: Self.spec) }
            shard = k
        } else {
            throw .usage("'batch run' needs --shard K or --shard-from-env VARIABLE", command: Self.spec)
        }
        let threads =
            arguments.string("threads") == nil ? nil : Int(try arguments.double("threads", default: 1, in: BatchRunner.threadsRange))
        let runner = BatchRunner(plan: plan, threads: threads, mapsInputs: true)
        let outcomes: [BatchOutcome]
        do {
            outcomes = try runner.run(shard: shard, into: outputFolder()) {
                printError("shard \(shard) is being run by another process into \(outputFolder().path): waiting for it to finish")
            }
        } catch { throw .failed(error) }
        let ok = outcomes.filter { $0.status == .ok }.count
        let cached = outcomes.filter { $0.status == .cached }.count
        let failed = outcomes.filter { $0.status == .failed }
        printOut(
            "shard \(shard) of \(plan.shards): \(outcomes.count) rows, \(ok) computed, \(cached) cached, \(failed.count) failed ("
                + "\(runner.threads) thread\(runner.threads == 1 ? "" : "s")) → \(outputFolder().appendingPathComponent(BatchRunner.shardFile(shard, of: plan.shards)).path)"
        )
        for outcome in failed {
            printError("\(outcome.id) (manifest line \(outcome.line)): failed, exit \(outcome.exitCode): \(outcome.error ?? "")")
        }
        // A row's own failure is its outcome; results that could not be written are the run's.
        if failed.contains(where: { $0.exitCode == ExitCode.cannotCreate }) {
            printError("error: results could not be written (exit 73 above): the shard is not done")
            return ExitCode.cannotCreate
        }
        return ExitCode.success
    }

    private func merge() throws(CommandLineError) -> Int32 {
        guard let planPath = arguments.string("plan") else { throw .usage("'batch merge' needs --plan plan.json", command: Self.spec) }
        guard let output = arguments.string("output") else {
            throw .usage("'batch merge' needs -o PREFIX (writes PREFIX.csv, .json, .html)", command: Self.spec)
        }
        try checkEngine()
        let plan = try loadPlan(planPath)
        let folder = URL(fileURLWithPath: file).standardizedFileURL
        let summary: BatchSummary
        do {
            summary = try BatchSummary(plan: plan, folder: folder)
            try summary.write(prefix: output)
        } catch { throw .failed(error) }
        let counts = summary.counts
        let (ok, cached, failed) = (counts.ok, counts.cached, counts.failed)
        printOut(
            "\(summary.outcomes.count) rows from \(plan.shards) shard\(plan.shards == 1 ? "" : "s"): \(ok) computed, \(cached) cached, \(failed) failed → \(output).csv, \(output).json, \(output).html"
        )
        if !summary.progress.isEmpty {
            let followed = summary.progress.filter { $0.report != nil }.count
            printOut(
                "progress: \(followed) of \(summary.progress.count) subject\(summary.progress.count == 1 ? "" : "s") followed → \(output)-progress/<subject>.txt, .csv, .json, .html"
            )
            for p in summary.progress { if let problem = p.problem { printOut("  \(p.subject): \(problem)") } }
        }
        return ExitCode.success
    }

    private func slurm() throws(CommandLineError) -> Int32 {
        let plan = try loadPlan(file)
        let maxParallel =
            arguments.string("max-parallel") == nil
            ? nil : Int(try arguments.double("max-parallel", default: 1, in: SlurmScript.maxParallelRange))
        let cpus = Int(
            try arguments.double("cpus-per-task", default: Double(SlurmScript.defaultCPUsPerTask), in: SlurmScript.cpusPerTaskRange))
        let script: SlurmScript
        do {
            script = try SlurmScript(
                plan: URL(fileURLWithPath: file).standardizedFileURL.path, output: outputFolder().path, shards: plan.shards,
                maxParallel: maxParallel, partition: arguments.string("partition"), cpusPerTask: cpus,
                timeLimit: arguments.string("time"), executable: Self.executable)
        } catch { throw .failed(error) }
        if plan.shards > SlurmScript.defaultMaxArraySize {
            printError(
                "note: \(plan.shards) shards is more than Slurm's default MaxArraySize (\(SlurmScript.defaultMaxArraySize)); "
                    + "the script checks the cluster's limit before submitting ('scontrol show config | grep MaxArraySize')")
        }
        try emit(script.text, output: arguments.string("output"), inputs: [file])
        return ExitCode.success
    }
}
