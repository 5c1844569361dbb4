import Foundation
import KinetixBatch
import KinetixCore
import KinetixProfiles

/// Batch throughput (`kinetix-bench batch`): pairs per second through `BatchRunner` with
/// one and two threads, against the same work done bare (the library calls `kinetix
/// compare` makes: read and decode both files, compare, write the JSON report
/// atomically), one pair after another in this process. The difference per pair is the
/// batch machinery's cost: cache check, result header, shard bookkeeping.
func batchThroughput(quick: Bool) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-bench-batch-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sidecars")
    var cases: [(name: String, demo: String, learner: String, rows: Int)] = [
        (
            "bundled pair (12 s, 30 fps)", bundled.appendingPathComponent("demonstrator.json").path,
            bundled.appendingPathComponent("learner.json").path, quick ? 20 : 300
        )
    ]
    if !quick {
        let (demo, learner) = writeBenchmarkPair(frameRate: 60, seconds: 600, into: folder, prefix: "10min-")
        cases.append(("10-minute pair (60 fps)", demo.path, learner.path, 12))
    }
    print(
        "batch: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(BatchRunner.availableCores) usable; each figure the median of 3 runs"
    )
    print(
        "| pairs | rows | bare (library calls, 1 thread): ms/pair | batch run, 1 thread: ms/pair (overhead) | batch run, 2 threads: pairs/s |"
    )
    print("|---|---|---|---|---|")
    for c in cases {
        // The manifest: every row the same two files (read, hashed and decoded per row, as rows are).
        var manifest = "id\tdemonstrator\tlearner\n"
        for i in 0..<c.rows { manifest += "p\(i)\t\(c.demo)\t\(c.learner)\n" }
        let manifestFile = folder.appendingPathComponent("manifest.tsv")
        try! Data(manifest.utf8).write(to: manifestFile)
        let plan = try! BatchPlan(manifest: try! BatchManifest(contentsOf: manifestFile.path), shards: 1, library: ProfileLibrary())

        func median(_ runs: () -> Double) -> Double { [runs(), runs(), runs()].sorted()[1] }
        let bare = median {
            let out = folder.appendingPathComponent("bare")
            try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let start = DispatchTime.now().uptimeNanoseconds
            for i in 0..<c.rows {
                let d = try! ClipInput(contentsOf: c.demo, role: "demonstrator")
                let l = try! ClipInput(contentsOf: c.learner, role: "learner")
                let report = try! ComparisonReport(demonstrator: d, learner: l, options: ComparisonOptions())
                let bytes = report.jsonBytes()
                let file = out.appendingPathComponent("p\(i).json")
                // Written as the CLI writes: a temporary file, flushed, renamed.
                let temporary = out.appendingPathComponent(".p\(i).json.tmp")
                _ = FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes))
                let handle = try! FileHandle(forWritingTo: temporary)
                try! handle.synchronize()
                try! handle.close()
                rename(temporary.path, file.path)
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        func batch(threads: Int) -> Double {
            median {
                let out = folder.appendingPathComponent("batch-\(threads)")
                try? FileManager.default.removeItem(at: out)
                let start = DispatchTime.now().uptimeNanoseconds
                let outcomes = try! BatchRunner(plan: plan, threads: threads, mapsInputs: true).run(shard: 0, into: out)
                precondition(outcomes.allSatisfy { $0.status == .ok }, "every row computed")
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }
        }
        let one = batch(threads: 1)
        let two = batch(threads: 2)
        let rows = Double(c.rows)
        print(
            String(
                format: "| %@ | %d | %.1f | %.1f (%+.1f %%) | %.1f |", c.name, c.rows, bare / rows * 1000, one / rows * 1000,
                (one - bare) / bare * 100, rows / two))
    }
}
