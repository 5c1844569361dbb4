import Foundation
import KinetixReport
import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// What a comparison says about its own trustworthiness: the lag's confidence, the
/// facing model checked, and cues that neither go blank on a poor copy nor name a
/// different limb than the summary.
@Suite("Comparison: confidence, facing check, cues")
struct ComparisonTrustTests {
    static func routine(seed: UInt64, delay: Double = 0, facing: Bool, faults: [SynthOptions.Fault] = []) -> Sidecar {
        var o = SynthOptions()
        o.motion = .routine
        o.durationSeconds = 12
        o.seed = seed
        o.delaySeconds = delay
        o.mirrorMotion = facing
        o.heightMeters = seed == 1 ? 1.75 : 1.62
        o.faults = faults
        return Synth.sidecar(o)
    }

    static func report(_ d: Sidecar, _ l: Sidecar, mirror: Bool = true) throws -> ComparisonReport {
        var options = ComparisonOptions()
        options.mirror = mirror
        return try ComparisonReport(demonstrator: Self.input(d, "demonstrator"), learner: Self.input(l, "learner"), options: options)
    }

    static func input(_ clip: Sidecar, _ role: String) throws -> ClipInput {
        try ClipInput(decoding: clip.encoded(), name: role + ".json", role: role)
    }

    @Test("a right lag is confident and draws no warning; the other facing model does not fit better")
    func rightAnswer() throws {
        let r = try Self.report(Synth.sidecar(BundledClips.demonstrator), Synth.sidecar(BundledClips.learner))
        #expect((r.summary.lagConfidence ?? 0) > 0.9, "\(String(describing: r.summary.lagConfidence))")
        #expect(r.summary.reliabilityWarning == nil)
        #expect(r.facing?.otherFitsBetter == false)
        #expect(r.facingWarning == nil)
        #expect(r.comparison.lagMargins.allSatisfy { $0.isNaN || (0...1).contains($0) })
    }

    @Test("people side by side compared mirrored: the unmirrored model fits better, and the warning says so and gives its lag")
    func sideBySide() throws {
        let d = Self.routine(seed: 1, facing: false)
        let l = Self.routine(seed: 2, delay: 0.3, facing: false)
        let wrong = try Self.report(d, l)
        let facing = try #require(wrong.facing)
        #expect(facing.otherFitsBetter)
        #expect(facing.other.mirror == false)
        #expect(abs((facing.other.medianLagSeconds ?? 0) - 0.3) <= 0.1, "the unmirrored model finds the true lag")
        #expect(wrong.facingWarning?.contains("side by side, not facing each other") == true)
        #expect(wrong.text().contains("compare them side by side, unmirrored"))
        // Compared the right way, no warning (and the mirrored model does not fit better).
        let right = try Self.report(d, l, mirror: false)
        #expect(right.facing?.otherFitsBetter == false)
        #expect(abs(right.summary.medianLagSeconds! - 0.3) <= 1 / right.comparison.grid.rate)
    }

    @Test("without a facing check (an app that knows its cameras), nothing extra is computed")
    func checkOff() throws {
        var options = ComparisonOptions()
        options.checkFacing = false
        let r = try ComparisonReport(
            demonstrator: Self.input(Synth.sidecar(BundledClips.demonstrator), "demonstrator"),
            learner: Self.input(Synth.sidecar(BundledClips.learner), "learner"), options: options)
        #expect(r.facing == nil)
    }

    @Test("a limb that dominates the errors is the one the cues name, even while another is briefly worse")
    func dominantLimb() throws {
        let d = Self.routine(seed: 1, facing: false)
        let l = Self.routine(
            seed: 2, delay: 0.4, facing: true,
            faults: [
                .init(limb: .leftShoulder, degrees: 35, from: 0, to: 12),
                .init(limb: .rightElbow, degrees: 60, from: 2, to: 3.5), .init(limb: .rightElbow, degrees: 60, from: 6, to: 7.5),
            ])
        let r = try Self.report(d, l)
        #expect(r.summary.worstLimb == .leftShoulder && r.summary.dominantLimb == .leftShoulder)
        let texts = r.cues.cues.map(\.text)
        #expect(!texts.isEmpty && texts.allSatisfy { $0.contains("left arm") }, "\(texts)")
    }

    @Test("errors in words agree with the cue's direction, for every limb and sign")
    func errorWords() {
        #expect(CueTrack.difference(for: .leftShoulder, error: 76) == "left arm 76° lower than the demonstrator's")
        #expect(CueTrack.difference(for: .rightElbow, error: -20.4) == "right elbow 20° straighter than the demonstrator's")
        #expect(CueTrack.difference(for: .neck, error: 12) == "head 12° lower than the demonstrator's")
        for limb in Limb.allCases {
            for error: Float in [-30, 30] {
                let words = CueTrack.difference(for: limb, error: error)
                let cue = CueTrack.correction(for: limb, error: error)
                // "lower" arm → "Raise … higher"; "more bent" → "Straighten"; and so on.
                let pairs = [("lower", ["Raise", "Lift"]), ("higher", ["Lower"]), ("more bent", ["Straighten"]), ("straighter", ["Bend"])]
                let expected = pairs.first { words.contains(" \($0.0) than") }!.1
                #expect(expected.contains { cue.hasPrefix($0) }, "\(limb) \(error): \(words) / \(cue)")
            }
        }
    }

    @Test("corrections of changing limbs (a poor copy) still show one cue: the most frequent", arguments: [0.3, 0.5])
    func flickeringCorrections(_ period: Double) {
        var machine = CueTrack.Machine()
        let cues = ["Straighten your right arm", "Lower your left arm", "Straighten your right arm", "Bend your left knee more"]
        var t = 0.0
        var i = 0
        while t < 3 {
            // Each proposal lasts under the onset, so none persists on its own.
            machine.step(t: t, proposal: cues[(Int(t / (period / 3))) % cues.count])
            t += 1.0 / 30
            i += 1
        }
        let shown = machine.finish(end: 3)
        #expect(!shown.isEmpty)
        #expect(shown.allSatisfy { cues.contains($0.text) })
        if period == 0.3 {
            // The first full window holds right, left, right (0.1 s each): right, twice as often.
            #expect(shown.first?.text == "Straighten your right arm")
        }
        // A steady "Good" is never displaced by the rule.
        var steady = CueTrack.Machine()
        for k in 0..<90 { steady.step(t: Double(k) / 30, proposal: "Good") }
        #expect(steady.finish(end: 3).map(\.text) == ["Good"])
    }
}
