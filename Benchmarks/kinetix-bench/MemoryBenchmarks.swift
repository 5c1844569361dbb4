import Foundation
import KinetixCore

/// Peak memory of `kinetix validate` on adversarial and ordinary inputs, measured by
/// `/usr/bin/time` on the child process, against fixed bounds: a check, not a timing.
/// Returns the number of bounds exceeded.
func memoryChecks(kinetix: URL, quick: Bool) -> Int {
    #if DEBUG
        print("memory: checks skipped in a debug build (its allocations are not the product's); run the release build")
        return 0
    #else
        return measuredMemoryChecks(kinetix: kinetix, quick: quick)
    #endif
}

private func measuredMemoryChecks(kinetix: URL, quick: Bool) -> Int {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
        print("  (install /usr/bin/time, Debian package 'time', for the memory checks)")
        return 0
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-memory-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let header = #"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 100, "height": 100}, "frames": ["#
    let scale = quick ? 1 : 10

    // Empty frames: the most frames per byte a file can hold.
    let frames = 200_000 * scale
    var empty = Data(header.utf8)
    empty.append(contentsOf: (0..<frames).map { #"{"t":\#($0)}"# }.joined(separator: ",").utf8)
    empty.append(contentsOf: "]}".utf8)
    // One frame with a great many unknown joint names (each a problem, counted not kept).
    let keys = 300_000 * scale
    var unknown = Data((header + #"{"t": 0, "joints": {"#).utf8)
    unknown.append(contentsOf: (0..<keys).map { #""k\#($0)": [1, 2, 1]"# }.joined(separator: ",").utf8)
    unknown.append(contentsOf: "}}]}".utf8)
    // An ordinary clip: the routine, 60 fps.
    var options = SynthOptions()
    options.motion = .routine
    options.frameRate = 60
    options.durationSeconds = quick ? 60 : 600
    let ordinary = Synth.sidecar(options).encoded()

    var failures = 0
    for (name, data, bound, unit) in [
        ("empty frames", empty, 40e6 + 450.0 * Double(frames), "\(frames) frames, at most 40 MB + 450 B a frame"),
        ("unknown joint names", unknown, 2.0 * Double(unknown.count) + 40e6, "\(keys) names, at most 2× the file + 40 MB"),
        ("ordinary clip", ordinary, 1.5 * Double(ordinary.count) + 40e6, "at most 1.5× the file + 40 MB"),
    ] {
        let path = folder.appendingPathComponent("\(name).json").path
        _ = FileManager.default.createFile(atPath: path, contents: data)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%M", kinetix.path, "validate", path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try! process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let kilobytes = output.split(separator: "\n").last.flatMap({ Double($0) }) else { continue }
        let peak = kilobytes * 1024
        let ok = peak <= bound
        if !ok { failures += 1 }
        print(
            String(
                format: "memory: validate %@ (%.1f MB file): peak %.1f MB, %.0f B a frame or %.2f× the file; bound %@: %@",
                name, Double(data.count) / 1e6, peak / 1e6, name == "empty frames" ? peak / Double(frames) : .nan,
                peak / Double(data.count), unit, ok ? "ok" : "EXCEEDED"))
    }
    return failures
}
