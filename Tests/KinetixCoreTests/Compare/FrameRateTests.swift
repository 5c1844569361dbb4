import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@Suite("Frame rate")
struct FrameRateTests {
    @Test(
        "rounded timestamps and dropped frames: the rate of the clip, not of its median interval",
        arguments: [(60.0, 1e-3), (29.97002997, 1e-3), (30.0, 1e-6), (59.94005994, 1e-3), (240.0, 1e-4)])
    func estimated(rate: Double, rounding: Double) {
        var times = (0..<600).map { (Double($0) / rate / rounding).rounded() * rounding }
        times.removeSubrange(100..<103)  // dropped frames
        times.remove(at: 400)
        let expected = (rate * 100).rounded() / 100
        #expect(estimatedFrameRate(times) == expected, "\(estimatedFrameRate(times) ?? 0) for \(rate) fps rounded to \(rounding) s")
    }

    @Test("a rate the source recorded is preferred, and an analysis uses it")
    func recorded() throws {
        var clip = Synth.sidecar(SynthOptions())
        #expect(clip.recordedFrameRate == nil && clip.frameRate == 30)
        clip.source["fps"] = "29.97"
        #expect(clip.frameRate == 29.97 && ComparisonOptions().analysisRate(learner: clip) == 29.97)
        clip.source["fps"] = "fast"
        #expect(clip.recordedFrameRate == nil)
    }
}
