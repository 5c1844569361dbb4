import Foundation
import KinetixCore

// Kinetix side by side with the peers in ../shared/peers (measuring sticks, run from
// there, never copied): the hand-written C lag-search kernel and the json+numpy
// `compare`. Each round runs both, interleaved, so drift on a shared machine hits both;
// the figure is the ratio per round, reported as median and range.

/// The machine a figure was measured on: CPU model, cores, load average.
func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(load), SIMD kernel \(LagSearch.InstructionSet.active)"
}

/// Per-round ratios (peer time / Kinetix time: above 1, Kinetix is faster).
struct RoundRatios {
    var name: String
    /// How the report names the two sides.
    var fastLabel = "Kinetix", slowLabel = "peer"
    var kinetix: [Double] = []
    var peer: [Double] = []

    var ratios: [Double] { zip(peer, kinetix).map { $0 / $1 } }

    func report() {
        guard !ratios.isEmpty else { return }
        let sorted = ratios.sorted()
        let median = sorted[sorted.count / 2]
        let kinetixMedian = kinetix.sorted()[kinetix.count / 2]
        let peerMedian = peer.sorted()[peer.count / 2]
        print(
            String(
                format: "%@: %@ %.4f s, %@ %.4f s (medians of %d rounds); ratio %.2f× (range %.2f–%.2f; per round %@)",
                name, fastLabel, kinetixMedian, slowLabel, peerMedian, ratios.count, median, sorted.first!, sorted.last!,
                ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")))
    }
}

/// Where the peers live: `$KINETIX_PEERS`, else `../shared/peers` beside the checkout.
func peersDirectory() -> URL? {
    let candidates = [
        ProcessInfo.processInfo.environment["KINETIX_PEERS"],
        FileManager.default.currentDirectoryPath + "/../shared/peers",
    ].compactMap { $0 }
    return candidates.map { URL(fileURLWithPath: $0).standardized }
        .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("README.md").path) }
}

/// Runs a program to the end; its wall time in seconds, or nil when it failed. `output`
/// gets its standard output (or, with `standardError`, its standard error) unless
/// standard output goes to the file `standardOutput`.
///
/// Timed from just before `posix_spawn` to `waitpid` returning: Foundation's `Process`
/// noticed a child's exit only after a delay that added tens of milliseconds to every
/// run, which weighed most on the faster program of a pair.
@discardableResult
func timedRun(
    _ executable: String, _ arguments: [String], standardOutput: URL? = nil, standardError: Bool = false,
    output: inout String
) -> Double? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return nil }
    let capture = standardOutput == nil || standardError
    var outputFile: Int32 = -1
    if let standardOutput {
        // Truncated here, before the clock starts.
        outputFile = open(standardOutput.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard outputFile >= 0 else { return nil }
        posix_spawn_file_actions_adddup2(&actions, outputFile, STDOUT_FILENO)
    } else if standardError {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    } else {
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    }
    if standardError {
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDERR_FILENO)
    } else {
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(pipeEnds[1])
    if outputFile >= 0 { close(outputFile) }
    guard spawned == 0 else {
        close(pipeEnds[0])
        return nil
    }
    var captured = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(pipeEnds[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        if capture { captured.append(contentsOf: buffer[0..<count]) }
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if capture { output = String(decoding: captured, as: UTF8.self) }
    // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, spelled out: they are C macros).
    return status & 0x7f == 0 && (status >> 8) & 0xff == 0 ? seconds : nil
}

func which(_ program: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

// MARK: - compare end to end against json + numpy

/// `kinetix compare --format json -o FILE` against `python3 compare_numpy.py … --format json > FILE`,
/// whole processes, interleaved, on synthesized pairs of `minutes` at each rate.
func compareAgainstNumpy(kinetix: URL, peers: URL, rates: [Double], minutes: Double, rounds: Int) {
    guard let python = which("python3"),
        (try? Process.run(URL(fileURLWithPath: python), arguments: ["-c", "import numpy"]))
            .map({
                $0.waitUntilExit()
                return $0.terminationStatus == 0
            }) == true
    else { return print("compare vs json+numpy: skipped (python3 with numpy not found; pip install numpy)") }
    let script = peers.appendingPathComponent("python/compare_numpy.py").path
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-bench-peers-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for rate in rates {
        let (demo, learner) = writeBenchmarkPair(frameRate: rate, seconds: minutes * 60, into: folder)
        let megabytes = Double(((try? Data(contentsOf: demo).count) ?? 0) + ((try? Data(contentsOf: learner).count) ?? 0)) / 1e6
        var result = RoundRatios(
            name: String(
                format: "compare end to end, %g min at %g fps (%.1f MB of JSON in), kinetix vs json+numpy", minutes, rate, megabytes))
        let ours = folder.appendingPathComponent("kinetix.json")
        let theirs = folder.appendingPathComponent("numpy.json")
        var ignored = ""
        for round in 0..<rounds {
            // Alternate who goes first, so neither always runs on a warm page cache.
            for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                if side == 0 {
                    // As the peer's output is truncated before its clock starts, Kinetix's
                    // previous output is removed before its own: neither pays for freeing
                    // the last round's file (on this disk, ~20 ms for 20 MB).
                    unlink(ours.path)
                    guard
                        let t = timedRun(
                            kinetix.path, ["compare", demo.path, learner.path, "--format", "json", "-o", ours.path], output: &ignored)
                    else { return print("compare vs json+numpy: kinetix compare failed") }
                    result.kinetix.append(t)
                } else {
                    guard
                        let t = timedRun(
                            python, [script, demo.path, learner.path, "--format", "json"], standardOutput: theirs, output: &ignored)
                    else { return print("compare vs json+numpy: the peer failed") }
                    result.peer.append(t)
                }
            }
        }
        result.report()
        let lag = { (url: URL) -> Double? in
            guard let data = try? Data(contentsOf: url), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let summary = object["summary"] as? [String: Any]
            else { return nil }
            return summary["medianLagSeconds"] as? Double
        }
        print("  median lag: kinetix \(lag(ours).map { String($0) } ?? "none") s, json+numpy \(lag(theirs).map { String($0) } ?? "none") s")
    }
}

// MARK: - the lag kernel against the C reference

/// The C reference (`lagsearch.c`, built with its README's command) and Kinetix's kernel on
/// the same (N, 9) arrays, one core, interleaved rounds. Both time arrays in → lags and
/// scores out, by the same protocol: in each round a warm-up run, then the median of 3.
/// The C program times its own transpose + kernel + outputs (and per-limb errors);
/// Kinetix times `LagSearch.run(…, into:)` (layout + kernel; output arrays reused from the
/// warm-up, as the C program allocates its outputs once).
func kernelAgainstC(peers: URL, frames: Int, windows: [Int], rounds: Int) {
    guard let gcc = which("gcc") ?? which("cc") else { return print("kernel vs C: skipped (no C compiler; apt-get install gcc)") }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-bench-c-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let program = folder.appendingPathComponent("lagsearch").path
    var output = ""
    let avx512 = LagSearch.InstructionSet.best == .avx512
    // The reference's kernels are written in AVX-512 intrinsics, so its README's command
    // (-march=native) builds it only where the CPU has AVX-512: say so rather than fail.
    guard avx512 else {
        return print(
            "kernel vs C: skipped (the C reference is written in AVX-512 intrinsics and this CPU, \(machineDescription()), has no AVX-512; "
                + "Kinetix's own kernels are timed by the \"lag\" cases)")
    }
    guard
        timedRun(
            gcc, ["-O3", "-march=native", "-fopenmp", "-o", program, peers.appendingPathComponent("c/lagsearch.c").path, "-lm"],
            standardError: true, output: &output) != nil
    else {
        return print(
            "kernel vs C: skipped (the C reference did not build: \(output.split(separator: "\n").first { $0.contains("error") } ?? "gcc failed"))"
        )
    }
    // Two kinds of data: independent random walks (no lag stands out) and the reference's
    // own (its gen_data.py: the learner is the demonstrator delayed by a lag varying over
    // 1–239 frames, plus noise, 5 % NaN and a few whole-NaN frames), when numpy is there.
    let generated =
        which("python3").flatMap { python in
            timedRun(
                python, [peers.appendingPathComponent("python/gen_data.py").path, folder.path, String(frames)],
                standardError: true, output: &output)
        } != nil
    if !generated { print("kernel vs C: the reference's own data skipped (python3 with numpy runs its gen_data.py)") }
    for (data, masked) in [("random walks", false), ("random walks", true)] + (generated ? [("copying", false), ("copying", true)] : []) {
        let paths: [String]
        let demo: AngleSeries
        let learner: AngleSeries
        if data == "copying" {
            paths = ["D", "L"].map { folder.appendingPathComponent("\($0)\(masked ? "nan" : "")_\(frames).f32").path }
            (demo, learner) = (anglesFromRows(paths[0], frames: frames), anglesFromRows(paths[1], frames: frames))
        } else {
            demo = syntheticAngles(frames: frames, nanFraction: masked ? 0.05 : 0, seed: 1)
            learner = syntheticAngles(frames: frames, nanFraction: masked ? 0.05 : 0, seed: 2)
            paths = [("D", demo), ("L", learner)].map { name, series -> String in
                let path = folder.appendingPathComponent("\(name).f32").path
                var rows = [Float](repeating: 0, count: frames * Limb.count)  // (N, 9) row-major, as the C program reads
                for f in 0..<frames { for limb in 0..<Limb.count { rows[f * Limb.count + limb] = series.values[limb * frames + f] } }
                _ = FileManager.default.createFile(atPath: path, contents: rows.withUnsafeBytes { Data($0) })
                return path
            }
        }
        let variant = (avx512 ? "avx512_seg" : "avx2") + (masked ? "_masked" : "")
        for window in windows {
            // The C program's window W searches lags 0..W−1; masked, a candidate needs one shared angle.
            let search = LagSearch(maxLag: window - 1, minSharedWeight: masked ? 1 : 4, kernel: .simd, threads: 1)
            var result = RoundRatios(
                name: "lag kernel n=\(frames) W=\(window)\(masked ? " masked" : ""), \(data), 1 core, kinetix vs C \(variant)")
            var matches = LagMatches()
            for _ in 0..<rounds {
                // The peer's protocol on both sides: a warm-up, then the median of 3 runs.
                result.kinetix.append(medianOfThree(search, learner: learner, demonstrator: demo, into: &matches))
                guard
                    timedRun(
                        program, [variant, paths[0], paths[1], String(window), "3", folder.appendingPathComponent("out.bin").path],
                        output: &output) != nil,
                    let line = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any],
                    let seconds = line["median_s"] as? Double
                else { return print("kernel vs C: the C reference failed (\(variant))") }
                result.peer.append(seconds)
            }
            result.report()
            let theirs =
                (try? Data(contentsOf: folder.appendingPathComponent("out.bin")))?.prefix(frames * 4)
                .withUnsafeBytes { Array($0.bindMemory(to: Int32.self)) } ?? []
            let same = zip(matches.lag, theirs).filter { $0 == $1 }.count
            let pairs = Double((0..<frames).reduce(0) { $0 + min(window, $1 + 1) })
            print(
                String(
                    format:
                        "  %.2f G pairs/s vs %.2f G; same lag on %.3f %% of frames (rounding of different sum orders can flip near-ties)",
                    pairs / result.kinetix.sorted()[rounds / 2] / 1e9, pairs / result.peer.sorted()[rounds / 2] / 1e9,
                    100 * Double(same) / Double(max(1, frames))))
        }
    }
}

/// An (N, 9) row-major float32 file, as the C reference reads it, as an angle series.
private func anglesFromRows(_ path: String, frames: Int) -> AngleSeries {
    let rows =
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { data in
            data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        } ?? []
    precondition(rows.count == frames * Limb.count, "\(path): expected \(frames) rows of 9 floats")
    var values = [Float](repeating: 0, count: frames * Limb.count)
    for f in 0..<frames { for limb in 0..<Limb.count { values[limb * frames + f] = rows[f * Limb.count + limb] } }
    return AngleSeries(times: (0..<frames).map { Double($0) / 30 }, values: values)
}
