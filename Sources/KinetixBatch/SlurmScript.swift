import Foundation
import KinetixCore

/// A ready-to-run submission for Slurm: a job array of the plan's shards (at most
/// `maxParallel` running at once) and a merge job that runs after the whole array
/// ends, whatever its tasks' states (`afterany`), so a failed shard is named by the merge.
public struct SlurmScript: Sendable {
    /// The plan file, absolute.
    public var plan: String
    /// The folder results go to, absolute.
    public var output: String
    /// The plan's number of shards: the array's size.
    public var shards: Int
    /// Tasks of the array running at once (nil: as many as Slurm allows).
    public var maxParallel: Int?
    /// The values of `maxParallel` a front end takes.
    public static let maxParallelRange: ClosedRange<Double> = 1...100_000
    /// The partition to submit to (nil: the cluster's default).
    public var partition: String?
    /// Cores per shard (each shard uses them all).
    public var cpusPerTask: Int
    /// Cores per shard unless told otherwise: a pair's two files read at once.
    public static let defaultCPUsPerTask = 2
    /// The values of `cpusPerTask` a front end takes.
    public static let cpusPerTaskRange: ClosedRange<Double> = 1...1024
    /// Wall-time limit per shard, Slurm's format (`1:00:00`).
    public var timeLimit: String?
    /// The `kinetix` executable to run, absolute.
    public var executable: String

    /// SHA-256 of `executable` when the script was made: each task refuses to run another
    /// binary (a rebuild between submitting and running would change what queued jobs do).
    public var executableSHA256: String

    /// Slurm's default `MaxArraySize`: an array's indices are below it unless the
    /// cluster raised it.
    public static let defaultMaxArraySize = 1001

    /// A submission of `plan`'s `shards` shards into `output`, running `executable`.
    ///
    /// - Throws: `KinetixError` (`.invalidSetting`) for a path with a control character
    ///   (a newline would end a shell comment or word), a partition that is not a list of
    ///   names, or a time limit that is not Slurm's `[days-]hours:minutes:seconds` form;
    ///   (`.unreadable`) for an executable that cannot be read to hash it.
    public init(
        plan: String, output: String, shards: Int, maxParallel: Int? = nil, partition: String? = nil,
        cpusPerTask: Int = SlurmScript.defaultCPUsPerTask, timeLimit: String? = nil, executable: String
    ) throws(KinetixError) {
        var limits = SidecarLimits()
        limits.maxFileBytes = 1 << 30
        try Self.check(plan: plan, output: output, executable: executable, partition: partition, timeLimit: timeLimit)
        let hash = SHA256.hex(try readInput(executable, limits: limits))
        try self.init(
            plan: plan, output: output, shards: shards, maxParallel: maxParallel, partition: partition,
            cpusPerTask: cpusPerTask, timeLimit: timeLimit, executable: executable, executableSHA256: hash)
    }

    /// The same, with the executable's SHA-256 given rather than read (the fuzz harness
    /// writes scripts for executables that do not exist); every field checked as above.
    @_spi(Fuzzing)
    public init(
        plan: String, output: String, shards: Int, maxParallel: Int? = nil, partition: String? = nil,
        cpusPerTask: Int = 2, timeLimit: String? = nil, executable: String, executableSHA256: String
    ) throws(KinetixError) {
        try Self.check(plan: plan, output: output, executable: executable, partition: partition, timeLimit: timeLimit)
        self.executableSHA256 = executableSHA256
        self.plan = plan
        self.output = output
        self.shards = shards
        self.maxParallel = maxParallel
        self.partition = partition
        self.cpusPerTask = cpusPerTask
        self.timeLimit = timeLimit
        self.executable = executable
    }

    /// Refuses what a script cannot hold safely.
    private static func check(
        plan: String, output: String, executable: String, partition: String?,
        timeLimit: String?
    ) throws(KinetixError) {
        for (what, path) in [("the plan's path", plan), ("the output folder", output), ("the kinetix executable's path", executable)] {
            if path.isEmpty { throw KinetixError(.invalidSetting, "\(what) is empty") }
            if let bad = path.unicodeScalars.first(where: Self.isControl) {
                throw KinetixError(
                    .invalidSetting, file: path.debugDescription,
                    "\(what) has the control character U+\(String(format: "%04X", bad.value)): a submission script cannot hold it safely; rename it"
                )
            }
        }
        if let partition, partition.isEmpty || !partition.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.,".contains($0)) })
        {
            throw KinetixError(
                .invalidSetting,
                "partition \(partition.debugDescription): expected partition names (letters, digits, '_', '-', '.'), comma-separated",
                setting: .slurmPartition)
        }
        if let timeLimit, timeLimit.isEmpty || !timeLimit.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == "-") }) {
            throw KinetixError(
                .invalidSetting,
                "time limit \(timeLimit.debugDescription): expected Slurm's time format, such as 30, 1:00:00 or 2-00:00:00",
                setting: .slurmTimeLimit)
        }
    }

    /// The script: run it with `bash`; it prints the array's and the merge's job ids.
    public var text: String {
        let q = Self.quoted
        let plan = Self.pathWord(plan)
        let output = Self.pathWord(output)
        let executable = Self.pathWord(executable, isCommand: true)
        // sbatch expands '%' in --output ('%%' is one '%'); the folder's own are doubled.
        let logs = output.replacingScalars { $0 == "%" ? "%%" : nil } + "/logs"
        var common = ["--parsable", "--job-name=kinetix-batch"]
        if let partition { common.append("--partition=\(partition)") }
        var array =
            common + [
                "--output=\(logs)/%x-%A_%a.out", "--array=0-\(shards - 1)" + (maxParallel.map { "%\($0)" } ?? ""),
                "--cpus-per-task=\(cpusPerTask)",
            ]
        if let timeLimit { array.append("--time=\(timeLimit)") }
        let merge = common + ["--output=\(logs)/%x-merge-%j.out", "--cpus-per-task=1"]
        return """
            #!/usr/bin/env bash
            # Generated by 'kinetix batch slurm': \(shards) shard\(shards == 1 ? "" : "s") of the plan named below.
            # Submit with: bash THIS_FILE   (each shard's rows are cached, so resubmitting
            # reruns only what is missing; the merge names any shard that did not finish).
            # Every task checks that it runs the kinetix this was made with (its SHA-256).
            set -euo pipefail
            plan=\(q(plan))
            \(shards > Self.defaultMaxArraySize ? Self.arraySizeCheck(shards) : "")
            mkdir -p -- \(q(output + "/logs"))
            array=$(sbatch \(array.map(q).joined(separator: " ")) \\
              --wrap=\(q("exec " + q(executable) + " batch run " + q(plan) + " --shard-from-env SLURM_ARRAY_TASK_ID --out " + q(output)
                       + " --engine-sha256 " + executableSHA256)))
            array=${array%%;*}
            merge=$(sbatch \(merge.map(q).joined(separator: " ")) --dependency=afterany:$array \\
              --wrap=\(q("exec " + q(executable) + " batch merge " + q(output) + " --plan " + q(plan) + " -o " + q(output + "/summary")
                       + " --engine-sha256 " + executableSHA256)))
            merge=${merge%%;*}
            echo "array $array"
            echo "merge $merge"

            """
    }

    /// A check, before submitting, that the cluster takes an array of `shards` tasks.
    static func arraySizeCheck(_ shards: Int) -> String {
        """
        # \(shards) tasks: more than Slurm's default MaxArraySize (\(defaultMaxArraySize)) allows.
        max=$(scontrol show config 2>/dev/null | sed -n 's/^MaxArraySize *= *//p')
        if [ -n "$max" ] && [ "$max" -le \(shards - 1) ]; then
          echo "this cluster's MaxArraySize is $max: an array of \(shards) tasks is refused; plan again with at most $max shards" >&2
          exit 1
        fi
        """
    }

    /// True for a character a script must not carry raw: C0 and C1 controls, DEL, and
    /// the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// A path as a command's argument: "./" before one starting with '-' (else `mkdir`,
    /// `exec` or kinetix would read it as an option) and, for the command itself, before
    /// one without a '/' (else the shell would search `PATH` for it).
    static func pathWord(_ path: String, isCommand: Bool = false) -> String {
        path.hasPrefix("-") || (isCommand && !path.contains("/")) ? "./" + path : path
    }

    /// A word for the shell, single-quoted when it needs to be (bare only when every
    /// scalar is an ASCII letter, digit or one of `-_./=:%,@+`).
    static func quoted(_ word: String) -> String {
        let bare = word.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./=:%,@+".unicodeScalars.contains($0))
        }
        if !word.isEmpty, bare { return word }
        return "'" + word.replacingScalars { $0 == "'" ? "'\\''" : nil } + "'"
    }
}
