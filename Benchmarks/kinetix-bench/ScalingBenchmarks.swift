import Foundation
import KinetixCore

/// `kinetix compare --format json -o FILE` on synthesized pairs from 1 minute to 2 hours
/// at 30, 60 and 240 fps, on one core (`taskset -c 0`, the whole process) and on all
/// cores: wall time per minute of input and peak memory (`/usr/bin/time`) against the
/// input's size. Linear time and memory ≤ 2× the input are the targets.
func scalingTable(kinetix: URL, rates: [Double], minutes: [Double]) {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
        return print("scaling: skipped (install /usr/bin/time, Debian package 'time')")
    }
    let taskset = which("taskset")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-bench-scaling-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let demo = folder.appendingPathComponent("demo.json").path
    let learner = folder.appendingPathComponent("learner.json").path
    let report = folder.appendingPathComponent("report.json").path
    print(
        "| fps | input | frames per clip | input MB | 1 core: s (s per input minute) | \(ProcessInfo.processInfo.activeProcessorCount) cores: s (s per input minute) | peak RSS MB (× input) |"
    )
    print("|---|---|---|---|---|---|---|")
    for rate in rates {
        for length in minutes {
            var options = SynthOptions()
            options.motion = .routine
            options.frameRate = rate
            options.durationSeconds = length * 60
            let clip = Synth.sidecar(options)
            let frames = clip.frameCount
            try! clip.encoded().write(to: URL(fileURLWithPath: demo))
            options.seed = 2
            options.delaySeconds = 0.4
            options.mirrorMotion = true
            try! Synth.sidecar(options).encoded().write(to: URL(fileURLWithPath: learner))
            let input = Double(fileSize(demo) + fileSize(learner))
            var cells: [String] = []
            var peak = 0.0
            for oneCore in [true, false] {
                let prefix = oneCore ? (taskset.map { [$0, "-c", "0"] } ?? []) : []
                guard !oneCore || taskset != nil else {
                    cells.append("(no taskset)")
                    continue
                }
                let command = prefix + [kinetix.path, "compare", demo, learner, "--format", "json", "-o", report, "--max-input-mb", "4096"]
                var output = ""
                guard timedRun("/usr/bin/time", ["-f", "%e %M"] + command, standardError: true, output: &output) != nil,
                    let line = output.split(separator: "\n").last?.split(separator: " "), line.count == 2,
                    let seconds = Double(line[0]), let kilobytes = Double(line[1])
                else {
                    cells.append("failed")
                    continue
                }
                peak = max(peak, kilobytes * 1024)
                cells.append(String(format: "%.2f (%.3f)", seconds, seconds / length))
            }
            print(
                String(
                    format: "| %g | %g min | %d | %.0f | %@ | %@ | %.0f (%.2f×) |", rate, length, frames, input / 1e6,
                    cells[0], cells[1], peak / 1e6, peak / input))
        }
    }
}

private func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}
