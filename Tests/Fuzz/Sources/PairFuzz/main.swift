import CFuzzerDriver
import Foundation
import KinetixCore
import KinetixProfiles
import KinetixReport

/// libFuzzer entry: pair profiles and the comparison's public API. The input is a pair
/// profile; its settings drive a comparison (offline and live) of two tiny clips, whose
/// report is written in every format and scrubbed at times taken from the input
/// (huge, negative, infinite, NaN).
func fuzzPair(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 8 else { return 0 }
    let time = Double(bitPattern: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
    let data = Data(bytes: start + 8, count: count - 8)
    guard let profile = try? Profile.decode(data),
        let options = try? ComparisonOptions(pairProfile: profile, parameters: (try? profile.parameterValues(overriding: [])) ?? [:])
    else { return 0 }
    let demonstrator = ClipInput(sidecar: PairClips.demonstrator, provenance: .init(role: "demonstrator", path: "d", sha256: "", frames: 0))
    let learner = ClipInput(sidecar: PairClips.learner, provenance: .init(role: "learner", path: "l", sha256: "", frames: 0))
    if let report = try? ComparisonReport(demonstrator: demonstrator, learner: learner, options: options) {
        _ = report.text()
        _ = report.json()
        _ = report.csv()
        _ = report.cueText()
        _ = report.momentText(at: time)
        _ = report.comparison.moment(at: time, cues: report.cues)
        _ = report.comparison.moment(at: -time)
    }
    try? LiveComparison.replay(demonstrator: PairClips.demonstrator, learner: PairClips.learner, options: options) { _ in }
    return 0
}

enum PairClips {
    static let demonstrator: Sidecar = {
        var o = SynthOptions()
        o.motion = .routine
        o.durationSeconds = 2
        return Synth.sidecar(o)
    }()
    static let learner: Sidecar = {
        var o = SynthOptions()
        o.motion = .routine
        o.durationSeconds = 2
        o.delaySeconds = 0.3
        o.mirrorMotion = true
        o.dropout = 0.1
        o.seed = 2
        return Synth.sidecar(o)
    }()
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzPair($0, count) } ?? 0 })
