import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Comparison")
struct ComparisonTests {
    static let demonstrator = Synth.sidecar(BundledClips.demonstrator)
    static let learner = Synth.sidecar(BundledClips.learner)

    @Test("the bundled pair recovers its 0.4 s delay and names the faulty limb")
    func bundledPair() throws {
        let comparison = try Comparison(demonstrator: Self.demonstrator, learner: Self.learner)
        let summary = ComparisonSummary(comparison)
        let frame = 1 / comparison.grid.rate
        #expect(abs(summary.medianLagSeconds! - 0.4) <= frame)
        #expect(summary.worstLimb == .rightShoulder)
        #expect(summary.formBreak?.limb == .rightShoulder)
        let formBreak = summary.formBreak!
        #expect(formBreak.start > 0.4 && formBreak.start < 1.5, "the fault starts with the learner's first raise")
        // Every scored frame sits within one frame of the generated delay.
        for k in 0..<comparison.frameCount {
            if let lag = comparison.lagSeconds(k) { #expect(abs(lag - 0.4) <= frame + 1e-9) }
        }
        // The first 0.4 s of the learner have no demonstrator frame to match: unscored.
        #expect(summary.unscoredFrames == 12)
    }

    @Test("a mirrored, rescaled, translated and delayed copy: near-zero error and the delay")
    func selfCopy() throws {
        var options = BundledClips.demonstrator
        options.noisePixels = 0
        let clip = Synth.sidecar(options)
        let copy = clip.mirrored()
            .transformingPoints { (0.6 * $0 + 150, 0.6 * $1 + 300) }
            .shifted(bySeconds: 0.5)
        let comparison = try Comparison(demonstrator: clip, learner: copy)
        let summary = ComparisonSummary(comparison)
        #expect(summary.medianLagSeconds == 0.5)
        for limb in Limb.allCases {
            #expect(summary.limbs[limb.rawValue].meanErrorDegrees! < 0.05, "\(limb)")
        }
        #expect(summary.withinTolerancePercent == 100)
        #expect(summary.formBreak == nil)

        var sideBySide = ComparisonOptions()
        sideBySide.mirror = false
        let unmirrored = try ComparisonSummary(Comparison(demonstrator: clip, learner: copy, options: sideBySide))
        #expect(unmirrored.limbs[Limb.leftShoulder.rawValue].meanErrorDegrees! > 20, "left compared with left is wrong")
        #expect(unmirrored.formBreak != nil)
    }

    @Test("different frame rates on the two sides")
    func frameRates() throws {
        var demo = BundledClips.demonstrator
        demo.frameRate = 60
        demo.noisePixels = 0
        var learner = demo
        learner.frameRate = 25
        learner.delaySeconds = 0.4
        learner.mirrorMotion = true
        let comparison = try Comparison(demonstrator: Synth.sidecar(demo), learner: Synth.sidecar(learner))
        #expect(comparison.grid.rate == 25, "the grid runs at the learner's rate")
        let summary = ComparisonSummary(comparison)
        #expect(abs(summary.medianLagSeconds! - 0.4) <= 0.04)
        #expect(summary.limbs.allSatisfy { $0.meanErrorDegrees! < 3 })
    }

    @Test("a learner ahead of the demonstrator is flagged, matched at lag 0, never in the future")
    func learnerAhead() throws {
        var demo = BundledClips.demonstrator
        demo.noisePixels = 0
        var learner = demo
        learner.delaySeconds = -0.3
        learner.mirrorMotion = true
        let comparison = try Comparison(demonstrator: Synth.sidecar(demo), learner: Synth.sidecar(learner))
        let summary = ComparisonSummary(comparison)
        #expect(summary.medianLagSeconds == 0)
        #expect(summary.aheadFrames > summary.scoredFrames / 2)
        let cues = CueTrack(comparison).cues.map(\.text)
        #expect(cues.contains("Slow down") || cues.contains { $0.hasPrefix("Raise") || $0.hasPrefix("Lower") || $0.hasPrefix("Bend") })
    }

    @Test("a demonstrator shorter than the learner: later frames are unscored")
    func shortDemonstrator() throws {
        let demo = Self.demonstrator.trimmed(from: 0, to: 6)
        let comparison = try Comparison(demonstrator: demo, learner: Self.learner)
        for k in 0..<comparison.frameCount {
            let t = comparison.times[k]
            if t > 6 + 1.0 + 1e-6 { #expect(comparison.lagFrames(k) == nil, "t=\(t): no demonstrator within the window") }
            if t > 1, t < 6 { #expect(comparison.lagFrames(k) != nil) }
        }
    }

    @Test("gaps: short ones are bridged, long ones stay unscored")
    func gaps() throws {
        var clip = Self.learner
        for frame in 0..<clip.frameCount
        where (clip.times[frame] > 8 && clip.times[frame] < 8.2) || (clip.times[frame] > 9 && clip.times[frame] < 10) {
            for joint in Joint.allCases { clip.joints[joint, frame] = nil }
        }
        let comparison = try Comparison(demonstrator: Self.demonstrator, learner: clip)
        let scored = { (t: Double) in comparison.lagFrames(comparison.grid.nearestIndex(to: t) - comparison.historyFrames) != nil }
        #expect(scored(8.1), "a 0.2 s gap is bridged")
        #expect(!scored(9.5), "a 1 s gap is not")
        let cues = CueTrack(comparison)
        #expect(cues.cue(at: 9.7)?.text == "Step into view")
    }

    @Test("a frame's reported score is the lag search's score of its lag, bit for bit (one LagRule)")
    func oneScoreRule() throws {
        var options = ComparisonOptions()
        options.weights = [1, 2, 1, 1, 0.5, 0.5, 1, 1, 3]
        let comparison = try Comparison(demonstrator: Self.demonstrator, learner: Self.learner, options: options)
        var same = 0
        var naiveDiffers = 0
        for k in 0..<comparison.frameCount {
            let g = comparison.gridFrame(k)
            let lag = comparison.lags[k]
            guard lag >= 0, lag == comparison.matches.lag[g] else { continue }
            same += 1
            #expect(comparison.scores[k].bitPattern == comparison.matches.score[g].bitPattern, "frame \(k)")
            // The expression the report once used on its own: w·(l − d)² in plain rounding.
            var s: Float = 0
            var c: Float = 0
            for limb in Limb.allCases {
                let l = comparison.learner[limb, g]
                let d = comparison.demonstrator[limb, g - Int(lag)]
                guard !l.isNaN, !d.isNaN else { continue }
                s += options.weights[limb.rawValue] * (l - d) * (l - d)
                c += options.weights[limb.rawValue]
            }
            if (s / c).bitPattern != comparison.scores[k].bitPattern { naiveDiffers += 1 }
        }
        #expect(same > 50)
        #expect(naiveDiffers > 10, "a second expression must round differently somewhere, or this tests nothing")
    }

    @Test("the summary counts grid frames and names the video frames: a 30 fps learner on a 24 fps grid, shifted")
    func frameCounts() throws {
        var options = ComparisonOptions()
        options.offsetSeconds = 0.5 / 30
        options.rate = 24
        let comparison = try Comparison(demonstrator: Self.demonstrator, learner: Self.learner, options: options)
        let summary = ComparisonSummary(comparison)
        #expect(summary.scoredFrames + summary.unscoredFrames == summary.frames)
        #expect(summary.frames == comparison.frameCount)
        #expect(summary.videoFrames == Self.learner.frameCount)
        #expect(summary.frames != summary.videoFrames, "the grid must make the two counts differ, or this tests nothing")
        let report = ComparisonReport(
            comparison, demonstrator: Self.demonstrator, learner: Self.learner, provenance: Provenance(inputs: []))
        let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as! [String: Any]
        let jsonSummary = json["summary"] as! [String: Any]
        #expect((json["frames"] as! [Any]).count == jsonSummary["videoFrames"] as? Int)
        #expect(jsonSummary["frames"] as? Int == summary.frames)
    }

    @Test("all kernels give the same comparison")
    func kernels() throws {
        var results: [[Int32]] = []
        for kernel in [LagSearch.Kernel.scalar, .simd, .blas] {
            var options = ComparisonOptions()
            options.kernel = kernel
            let comparison = try Comparison(demonstrator: Self.demonstrator, learner: Self.learner, options: options)
            results.append(comparison.matches.lag + comparison.lags)
        }
        #expect(results[0] == results[1] && results[0] == results[2])
    }

    @Test("cues: words only, one at a time, held, naming the learner's own side")
    func cues() throws {
        let comparison = try Comparison(demonstrator: Self.demonstrator, learner: Self.learner)
        let track = CueTrack(comparison)
        #expect(track.cues.first { $0.text.contains("arm") }?.text == "Raise your right arm higher")
        for (a, b) in zip(track.cues, track.cues.dropFirst()) { #expect(a.end <= b.start + 1e-9) }
        for cue in track.cues.dropLast() { #expect(cue.end - cue.start >= CueTrack.minHoldSeconds - 1e-9) }
        let anyDigit = track.cues.contains { $0.text.contains { $0.isNumber } }
        #expect(!anyDigit)
        #expect(CueTrack.correction(for: .leftKnee, error: -20) == "Bend your left knee more")
        #expect(CueTrack.correction(for: .rightElbow, error: 20) == "Straighten your right arm")
    }

    @Test("scrubbing steps both clips together")
    func scrub() throws {
        let comparison = try Comparison(demonstrator: Self.demonstrator, learner: Self.learner)
        let moment = try #require(comparison.moment(at: 1.5))
        #expect(moment.learnerTime == comparison.times[moment.frame])
        #expect(abs(moment.learnerTime - 1.5) < 1e-6)
        #expect(abs(moment.demonstratorTime! - 1.1) < 1e-6)
        #expect(moment.learnerSourceFrame == 45 && moment.demonstratorSourceFrame == 33)
        #expect(moment.errors[Limb.rightShoulder.rawValue] > 15)
        let next = try #require(comparison.moment(at: 1.5 + 1 / 30))
        #expect(next.frame == moment.frame + 1)
        #expect(comparison.moment(at: -5)?.frame == 0 && comparison.moment(at: 99)?.frame == comparison.frameCount - 1)
        // Any time is accepted, never a trap: far past the end, infinities, NaN.
        #expect(comparison.moment(at: 1e19)?.frame == comparison.frameCount - 1)
        #expect(comparison.moment(at: -.infinity)?.frame == 0 && comparison.moment(at: .infinity)?.frame == comparison.frameCount - 1)
        #expect(comparison.moment(at: .nan)?.frame == 0)
    }

    @Test("settings and resource bounds are checked before anything is allocated")
    func resources() throws {
        try ComparisonOptions().check(learner: Self.learner)
        var options = ComparisonOptions()
        options.rate = 1000
        options.maxLagSeconds = 30
        let error = #expect(throws: KinetixError.self) { try options.check(learner: Self.learner) }
        #expect(error?.kind == .limitExceeded)
        #expect(
            error?.diagnostics.contains {
                $0.field == "maxLagSeconds" && $0.setting == .maxLag && $0.message.hasPrefix("the lag search would cover 30000 frames")
            } == true)
        #expect(error?.diagnostics.contains { $0.setting == .lagWindow } == true)
        for bad in [-1e300, .nan, .infinity, 31] {
            var options = ComparisonOptions()
            options.maxLagSeconds = bad
            let error = #expect(throws: KinetixError.self) { try options.check(learner: Self.learner) }
            #expect(error?.kind == .invalidSetting && error?.diagnostics.first?.field == "maxLagSeconds")
        }
    }
}
