import CFuzzerDriver
import Foundation
import KinetixCore
import KinetixReport

/// libFuzzer entry: the sidecar decoder and validator, and everything that reads a
/// decoded clip (geometry, fault detection and repair, every writer), must never
/// crash, trap or hang.
func fuzzSidecar(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var limits = SidecarLimits()
    limits.maxFrames = 10_000  // keep each run small; the limit path is exercised too
    if let sidecar = try? Sidecar.decode(Data(bytes: start, count: count), limits: limits) {
        let angles = AngleSeries(sidecar)
        _ = BodySeries(sidecar).mirrored()
        _ = sidecar.encoded()
        let (repaired, check) = sidecar.checkedForFaults(role: "sidecar", repairSwaps: true, minConfidence: 0.3)
        _ = repaired.validate()
        _ = check.countsText
        let inspect = InspectReport(sidecar, file: "fuzz.json")
        _ = inspect.text()
        _ = inspect.json()
        _ = AngleTable.csv(angles)
        _ = AngleTable.json(angles, file: "fuzz.json", mirrored: false, minConfidence: 0.3)
        _ = try? sidecar.resampled(rate: 30)
        // Movement onsets and cue verdicts read the same clip (events are cues).
        if let onsets = try? MovementOnsets(clip: sidecar) {
            let cues = CueReaction.judge(sidecar.events, in: onsets)
            _ = onsets.json(
                source: Provenance.Input(role: "clip", path: "fuzz.json", sha256: "", frames: sidecar.frameCount),
                cues: cues, window: .defaults)
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzSidecar($0, count) } ?? 0 })
