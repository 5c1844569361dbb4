import Foundation
import KinetixCore

// kinetix-bench [--quick] [filter…]
//   swift run -c release kinetix-bench            all cases, full sizes
//   swift run -c release kinetix-bench decode     cases whose name contains "decode"
//   --quick: tiny sizes, one sample: a smoke test that checksums agree, not a measurement.
//   peers: Kinetix against ../shared/peers side by side ("peers compare", "peers kernel").
//   lag threads: the SIMD kernel on two threads against one, interleaved rounds.
//   scaling: the CLI from 1 minute to 2 hours at 30/60/240 fps, one core and all (only when asked).
//   onset: onset accuracy of each detector on synthesized movements with known starts.
//   corpus: profile draft on the 873 free-exercise-db descriptions (../shared/corpora), per sentence and entry.
//   cases: profile draft on Benchmarks/drafting-cases (labels, sheets, clip descriptions written before the rules).
//   realclips: rep counting on the real exercise clips (../shared/realdata/exercises) against their labels.
//   agreement: the unit tests' bit-for-bit kernel and live checks, in this build (CI: release; only when asked).

#if DEBUG
    print(
        """
        ************************************************************
        *  DEBUG BUILD: numbers are meaningless. Use:              *
        *     swift run -c release kinetix-bench                   *
        ************************************************************
        """)
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
arguments.removeAll { $0 == "--quick" }
var harness = Harness(samples: quick ? 1 : 5, filters: arguments)

print("kinetix-bench \(KinetixVersion.current), BLAS: \(BLAS.backend)\(quick ? ", quick sizes" : "")")
print("machine: \(machineDescription())")

// MARK: - Sidecar decoding

var options = SynthOptions()
options.motion = .routine
options.frameRate = 60
options.durationSeconds = quick ? 2 : 600  // a 10-minute 60 fps clip
let clip = Synth.sidecar(options)
let bytes = clip.encoded()
let megabytes = Double(bytes.count) / 1e6
print(String(format: "sidecar: %d frames, %.1f MB", clip.frameCount, megabytes))

harness.measure(
    BenchmarkCase(name: "decode sidecar, Kinetix reader", unit: "MB", units: megabytes) {
        let sidecar = try! Sidecar.decode(bytes)
        return Double(sidecar.frameCount) + Double(sidecar.joints.x[1000 % sidecar.joints.x.count])
    })
harness.measure(
    BenchmarkCase(name: "parse sidecar, Foundation JSONSerialization", unit: "MB", units: megabytes) {
        let object = try! JSONSerialization.jsonObject(with: bytes) as! [String: Any]
        return Double((object["frames"] as! [Any]).count)
    })
harness.ratio("decode sidecar, Kinetix reader", over: "parse sidecar, Foundation JSONSerialization")

// MARK: - Geometry

harness.measure(
    BenchmarkCase(name: "nine limb angles", unit: "frames", units: Double(clip.frameCount)) {
        let angles = AngleSeries(clip)
        return Double(angles.values.reduce(0) { $0 + ($1.isNaN ? 0 : $1) })
    })
// The same routine as the body's own 3D joints (metres): the 3D path against the 2D one.
let clip3D: Sidecar = {
    var o = options
    o.spaceKind = .metres
    return Synth.sidecar(o)
}()
harness.measure(
    BenchmarkCase(name: "nine limb angles, 3D", unit: "frames", units: Double(clip3D.frameCount)) {
        let angles = AngleSeries(clip3D)
        return Double(angles.values.reduce(0) { $0 + ($1.isNaN ? 0 : $1) })
    })
harness.ratio("nine limb angles, 3D", over: "nine limb angles")
let bytes3D = clip3D.encoded()
harness.measure(
    BenchmarkCase(name: "decode sidecar, 3D", unit: "MB", units: Double(bytes3D.count) / 1e6) {
        let sidecar = try! Sidecar.decode(bytes3D)
        return Double(sidecar.frameCount) + Double(sidecar.joints.z![1000 % sidecar.joints.x.count])
    })
harness.ratio("decode sidecar, 3D", over: "decode sidecar, Kinetix reader")
harness.measure(
    BenchmarkCase(name: "body coordinates", unit: "frames", units: Double(clip.frameCount)) {
        Double(BodySeries(clip).torsoLengthPixels ?? 0)
    })

// MARK: - Lag search

lagSearchBenchmarks(&harness, quick: quick)
if harness.filters.isEmpty || harness.filters.contains(where: { "lag threads".contains($0) }) {
    threadScaling(frames: quick ? 20_000 : 1_000_000, windows: [31, 241], rounds: quick ? 1 : 7)
}

// MARK: - Live

liveBenchmarks(&harness, quick: quick)

// MARK: - Following everyone

trackingBenchmarks(&harness, quick: quick)
trackingJoinBenchmarks(&harness, quick: quick)

// MARK: - End to end

let learnerOptions: SynthOptions = {
    var o = options
    o.seed = 2
    o.delaySeconds = 0.4
    o.mirrorMotion = true
    return o
}()
let learnerBytes = Synth.sidecar(learnerOptions).encoded()
harness.measure(
    BenchmarkCase(
        name: "compare end to end in memory (decode + SHA-256 both, faults, compare, JSON)", unit: "MB",
        units: Double(bytes.count + learnerBytes.count) / 1e6
    ) {
        let report = try! ComparisonReport(
            demonstrator: ClipInput(decoding: bytes, name: "demonstrator", role: "demonstrator"),
            learner: ClipInput(decoding: learnerBytes, name: "learner", role: "learner"),
            options: ComparisonOptions())
        return Double(report.json().utf8.count)
    })
let benchReport = try! ComparisonReport(
    demonstrator: ClipInput(decoding: bytes, name: "demonstrator", role: "demonstrator"),
    learner: ClipInput(decoding: learnerBytes, name: "learner", role: "learner"),
    options: ComparisonOptions())
let reportMegabytes = Double(benchReport.jsonBytes().count) / 1e6
harness.measure(
    BenchmarkCase(name: "comparison JSON report, written in memory", unit: "MB", units: reportMegabytes) {
        var bytes = 0
        benchReport.writeJSON { bytes += $0.count }
        return Double(bytes)
    })
harness.measure(
    BenchmarkCase(name: "compare only (angles, grid, search, tracker)", unit: "frames", units: Double(clip.frameCount)) {
        let learner = try! Sidecar.decode(learnerBytes)
        return ComparisonSummary(try! Comparison(demonstrator: clip, learner: learner)).medianLagSeconds ?? -1
    })

// MARK: - Foundation's JSONDecoder, the usual Swift way to read JSON

/// The sidecar shape as a Codable model, decoded the way most Swift code would.
struct CodableSidecar: Decodable {
    struct Frame: Decodable {
        var t: Double
        var joints: [String: [Double]?]?
    }
    var format: String
    var version: Int
    var frames: [Frame]
}

harness.measure(
    BenchmarkCase(name: "decode sidecar, Foundation JSONDecoder (Codable)", unit: "MB", units: megabytes) {
        let decoded = try! JSONDecoder().decode(CodableSidecar.self, from: bytes)
        return Double(decoded.frames.count)
    })
harness.ratio("decode sidecar, Kinetix reader", over: "decode sidecar, Foundation JSONDecoder (Codable)")

// MARK: - End to end through the command line, files to report

let kinetix = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetix")
if FileManager.default.isExecutableFile(atPath: kinetix.path) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-bench-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let demoPath = folder.appendingPathComponent("demonstrator.json").path
    let learnerPath = folder.appendingPathComponent("learner.json").path
    _ = FileManager.default.createFile(atPath: demoPath, contents: bytes)
    _ = FileManager.default.createFile(atPath: learnerPath, contents: learnerBytes)
    let reportPath = folder.appendingPathComponent("report.json").path
    harness.measure(
        BenchmarkCase(
            name: "kinetix compare --format json, two files to a file", unit: "MB", units: Double(bytes.count + learnerBytes.count) / 1e6
        ) {
            var ignored = ""
            precondition(
                timedRun(kinetix.path, ["compare", demoPath, learnerPath, "--format", "json", "-o", reportPath], output: &ignored) != nil,
                "kinetix compare failed")
            return Double((try? FileManager.default.attributesOfItem(atPath: reportPath)[.size] as? Int) ?? 0)
        })
    // The child's own peak, from /usr/bin/time: getrusage(RUSAGE_CHILDREN) would also
    // count the pages a forked child shares with this process before it execs.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/time") {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", kinetix.path, "compare", demoPath, learnerPath, "--format", "json", "-o", reportPath]
        let pipe = Pipe()
        process.standardError = pipe
        try! process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if let kilobytes = output.split(separator: "\n").last.flatMap({ Double($0) }) {
            let input = Double(bytes.count + learnerBytes.count)
            print(
                String(
                    format: "  peak memory of kinetix compare: %.1f MB for %.1f MB of input (%.1f×)", kilobytes / 1024, input / 1e6,
                    kilobytes * 1024 / input))
        }
    } else {
        print("  (install /usr/bin/time, Debian package 'time', to measure kinetix compare's peak memory)")
    }
    try? FileManager.default.removeItem(at: folder)
} else {
    print("(kinetix not built beside kinetix-bench: 'swift build -c release' builds both; end-to-end CLI case skipped)")
}

// MARK: - Peers side by side (../shared/peers)

// Filters: "peers" runs both, "peers compare" or "peers kernel" one.
let wantsPeers = { (name: String) in harness.filters.isEmpty || harness.filters.contains { name.contains($0) } }
if wantsPeers("peers compare") || wantsPeers("peers kernel") {
    if let peers = peersDirectory() {
        if wantsPeers("peers compare"), FileManager.default.isExecutableFile(atPath: kinetix.path) {
            compareAgainstNumpy(
                kinetix: kinetix, peers: peers, rates: quick ? [60] : [60, 240], minutes: quick ? 0.1 : 10, rounds: quick ? 1 : 7)
        }
        if wantsPeers("peers kernel") {
            kernelAgainstC(peers: peers, frames: quick ? 20_000 : 1_000_000, windows: [31, 241], rounds: quick ? 1 : 5)
        }
    } else {
        print("peers: skipped (../shared/peers not found; set KINETIX_PEERS to its path)")
    }
}

// MARK: - Drafting on text nobody here wrote (../shared/corpora/free-exercise-db)

if (harness.filters.isEmpty && !quick) || harness.filters.contains(where: { "corpus drafting".contains($0) }) {
    corpusDrafting()
}
if (harness.filters.isEmpty && !quick) || harness.filters.contains(where: { "drafting cases".contains($0) }) {
    draftingCases()
}

// MARK: - Rep counting on real exercise videos filmed by others (../shared/realdata/exercises)

if (harness.filters.isEmpty && !quick) || harness.filters.contains(where: { "realclips".contains($0) }) {
    realClipCounting()
}

// MARK: - Onset accuracy on synthesized movements with known starts

if harness.filters.isEmpty || harness.filters.contains(where: { "onset accuracy".contains($0) }) {
    onsetAccuracy(quick: quick)
}

// MARK: - Scaling: 1 minute to 2 hours, 30 to 240 fps, one core and all ("scaling" only; minutes)

if harness.filters.contains(where: { "scaling".contains($0) }), FileManager.default.isExecutableFile(atPath: kinetix.path) {
    scalingTable(kinetix: kinetix, rates: quick ? [30] : [30, 60, 240], minutes: quick ? [0.1, 0.2] : [1, 10, 60, 120])
}

// MARK: - Batch: pairs per second, and the machinery's cost per pair ("batch" only)

if harness.filters.contains(where: { "batch".contains($0) }) {
    batchThroughput(quick: quick)
}

// MARK: - The unit tests' bit-for-bit checks in this build ("agreement" only; CI runs it in release)

var agreementFailures = 0
if harness.filters.contains(where: { "agreement".contains($0) }) {
    agreementFailures = agreementCheck()
}

var memoryFailures = 0
if FileManager.default.isExecutableFile(atPath: kinetix.path),
    harness.filters.isEmpty || harness.filters.contains(where: { "memory".contains($0) })
{
    memoryFailures = memoryChecks(kinetix: kinetix, quick: quick)
}
if memoryFailures > 0 {
    print("FAILED: \(memoryFailures) memory bound(s) exceeded")
    exit(1)
}

if agreementFailures > 0 {
    print("FAILED: \(agreementFailures) disagreement(s) with the scalar kernel or offline")
    exit(1)
}

if harness.mismatches > 0 {
    print("FAILED: \(harness.mismatches) checksum mismatch(es) between kernels")
    exit(1)
}
