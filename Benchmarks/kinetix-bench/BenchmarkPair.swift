import Foundation
import KinetixCore

/// The pair every end-to-end benchmark scores: the routine at `frameRate` for `seconds`,
/// and a learner copying it mirrored 0.4 s late (another seed), written as sidecar files
/// `demo.json` and `learner.json` in `folder` (or with `prefix`).
func writeBenchmarkPair(frameRate: Double, seconds: Double, into folder: URL, prefix: String = "") -> (demo: URL, learner: URL) {
    var options = SynthOptions()
    options.motion = .routine
    options.frameRate = frameRate
    options.durationSeconds = seconds
    let demo = folder.appendingPathComponent("\(prefix)demo.json")
    let learner = folder.appendingPathComponent("\(prefix)learner.json")
    try! Synth.sidecar(options).encoded().write(to: demo)
    options.seed = 2
    options.delaySeconds = 0.4
    options.mirrorMotion = true
    try! Synth.sidecar(options).encoded().write(to: learner)
    return (demo, learner)
}
