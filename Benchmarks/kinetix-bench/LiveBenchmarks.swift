import Foundation
import KinetixCore

/// The streaming comparison's cost per learner frame at 30, 60 and 240 fps with the
/// default options (1 s lag search, 5 s lag window): both cameras' frames fed one by
/// one in time order, provisional and final updates taken, as an app would.
func liveBenchmarks(_ harness: inout Harness, quick: Bool) {
    for rate in [30.0, 60, 240] {
        var options = SynthOptions()
        options.motion = .routine
        options.frameRate = rate
        options.durationSeconds = quick ? 4 : 60
        let demonstrator = Synth.sidecar(options)
        options.seed = 2
        options.delaySeconds = 0.4
        options.mirrorMotion = true
        let learner = Synth.sidecar(options)
        let name = String(format: "live compare, %.0f fps, per learner frame", rate)
        harness.measure(
            BenchmarkCase(name: name, unit: "frames", units: Double(learner.frameCount)) {
                var checksum = 0.0
                try! LiveComparison.replay(demonstrator: demonstrator, learner: learner, options: ComparisonOptions(), rate: rate) {
                    update in
                    checksum += update.frame.lagSeconds ?? 0
                }
                return checksum
            })
        if let seconds = harness.medians[name] {
            let perFrame = seconds / Double(learner.frameCount)
            print(
                String(
                    format: "  %.1f µs per learner frame (with its demonstrator frame): %.2f %% of the %.1f ms between frames",
                    perFrame * 1e6, 100 * perFrame * rate, 1000 / rate))
        }
    }
}
