import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// Angles at `rate` over `seconds`, every limb still at 90° except `limb`, which makes
/// minimum-jerk moves of `amplitude` degrees lasting `duration` from each start time.
func movingSeries(
    rate: Double, seconds: Double, limb: Limb = .leftShoulder, starts: [Double], duration: Double = 0.5,
    amplitude: Double = 60, noise: Double = 0, seed: UInt64 = 1, start: Double = 0
) -> AngleSeries {
    var rng = SplitMix64(seed: seed)
    let moves = AngleMove.outAndBack(starts: starts, durations: starts.map { _ in duration }, amplitudes: starts.map { _ in amplitude })
    return minimumJerkAngles(rate: rate, seconds: seconds, limb: limb, moves: moves, jitter: noise, rng: &rng, timeOffset: start)
}

@Suite("Movement onsets")
struct MovementOnsetTests {
    @Test("known onsets: every detector places a minimum-jerk start where its definition puts it", arguments: [30.0, 60.0])
    func knownOnsets(rate: Double) throws {
        let starts = [1.0, 3.0, 5.5]
        let series = movingSeries(rate: rate, seconds: 7.5, starts: starts)
        for detector in OnsetOptions.Detector.allCases {
            var options = OnsetOptions()
            options.detector = detector
            let found = MovementOnsets(angles: series, options: options, rate: rate).movements
            #expect(found.count == starts.count, "\(detector)")
            for (movement, start) in zip(found, starts) {
                let onset = try #require(movement.onsetSeconds)
                #expect(movement.status == .ok)
                #expect(movement.limb == .leftShoulder)
                switch detector {
                case .fractionOfPeak, .baselineSD:
                    // Threshold crossings come after the true start, within a fifth of the move.
                    #expect(onset >= start - 1 / rate && onset <= start + 0.1, "\(detector) \(onset) vs \(start)")
                case .extrapolation:
                    // A minimum-jerk flank is not straight: the line through its 25 % and 75 %
                    // crossings meets zero 7 % of the move after the start (35 ms for 0.5 s).
                    #expect(onset >= start - 1 / rate && onset <= start + 0.07 * 0.5 + 1 / rate, "\(detector) \(onset) vs \(start)")
                }
                #expect(movement.peakSeconds > onset && abs(movement.peakSeconds - (start + 0.25)) <= 1.5 / rate)
            }
        }
    }

    @Test(
        "a quiet period shorter than a frame, down to 0 s, requires no rest before a movement (it once trapped)",
        arguments: [0.0, 0.001, 0.01])
    func noQuietPeriod(quiet: Double) {
        let starts = [1.0, 3.0, 5.5]
        let series = movingSeries(rate: 30, seconds: 7.5, starts: starts)
        for detector in OnsetOptions.Detector.allCases {
            var options = OnsetOptions()
            options.detector = detector
            options.quietSeconds = quiet
            let found = MovementOnsets(angles: series, options: options, rate: 30).movements
            #expect(found.count == starts.count && found.allSatisfy { $0.status == .ok }, "\(detector) at \(quiet) s")
        }
    }

    @Test("shifting a clip by d seconds shifts every onset by d")
    func shiftInvariance() throws {
        let d = 0.3713
        // 1.5° of angle jitter on all nine limbs: no detector reads it as movement.
        for detector in OnsetOptions.Detector.allCases {
            var options = OnsetOptions()
            options.detector = detector
            let a = MovementOnsets(
                angles: movingSeries(rate: 60, seconds: 6, starts: [1, 3.2], noise: 1.5, seed: 3), options: options, rate: 60)
            let b = MovementOnsets(
                angles: movingSeries(rate: 60, seconds: 6, starts: [1, 3.2], noise: 1.5, seed: 3, start: d), options: options, rate: 60)
            #expect(
                a.movements.count == 2 && a.movements.count == b.movements.count,
                "\(detector) \(a.movements) noise \(a.speed.noiseDegreesPerSecond)")
            #expect(a.speed.noiseDegreesPerSecond > 0)
            for (x, y) in zip(a.movements, b.movements) {
                #expect(abs(try #require(y.onsetSeconds) - (try #require(x.onsetSeconds) + d)) < 1e-9)
                #expect(abs(y.peakSeconds - (x.peakSeconds + d)) < 1e-9)
            }
        }
    }

    @Test("no onset comes before the clip, or before the stillest moment of the rest before its rise")
    func onsetsStayInsideTheRest() {
        var rng = SplitMix64(seed: 12)
        for trial in 0..<20 {
            let starts = [0.35 + 0.3 * rng.nextUnit(), 2.5 + rng.nextUnit()]
            let series = movingSeries(
                rate: 60, seconds: 5, starts: starts, duration: 1.2, amplitude: 20 + 30 * rng.nextUnit(),
                noise: 2, seed: UInt64(trial))
            for detector in OnsetOptions.Detector.allCases {
                var options = OnsetOptions()
                options.detector = detector
                for movement in MovementOnsets(angles: series, options: options, rate: 60).movements {
                    if let onset = movement.onsetSeconds { #expect(onset >= 0 && onset < movement.peakSeconds, "\(detector) \(movement)") }
                }
            }
        }
    }

    @Test("a movement with no rest before it is a continuation; one without tracking is untracked")
    func statuses() {
        // Moving from the first frame: no quiet period.
        let moving = MovementOnsets(angles: movingSeries(rate: 30, seconds: 3, starts: [0.1]), options: .defaults, rate: 30)
        #expect(moving.movements.first?.status == .noQuietBefore)
        // Tracking lost just before the rise.
        var series = movingSeries(rate: 30, seconds: 4, starts: [2])
        for f in 45...59 { for limb in Limb.allCases { series[limb, f] = .nan } }
        let lost = MovementOnsets(angles: series, options: .defaults, rate: 30)
        #expect(lost.movements.count == 1)
        #expect(lost.movements.first?.status == .untracked)
    }

    @Test("a left/right swap by the estimator is repaired, not read as a movement")
    func swapIsNotMovement() throws {
        var builder = SidecarBuilder()
        let pose = KnownPose.upright(leftElbow: 70, leftKnee: 30)
        for f in 0..<120 {
            var joints: [Joint: (Float, Float, Float)] = [:]
            for (joint, p) in pose { joints[joint] = (Float(960 + 80 * p.x), Float(600 - 80 * p.y), 0.9) }
            builder.addFrame(t: Double(f) / 30, joints)
        }
        let still = builder.build()
        var flags = [Bool](repeating: false, count: still.frameCount)
        for f in 50..<65 { flags[f] = true }
        let swapped = still.repairingSwaps(flags)  // exchanging labels is its own inverse
        var raw = OnsetOptions()
        raw.repairFaults = false
        #expect(try MovementOnsets(clip: swapped, options: raw).movements.count > 0, "the swap reads as movement when not repaired")
        #expect(try MovementOnsets(clip: swapped).movements.isEmpty)
    }

    @Test("cues: ok, false start, moving at the cue, no response and untracked")
    func cueVerdicts() {
        var series = movingSeries(rate: 60, seconds: 14, starts: [1.4, 4.05, 7.0])
        for f in (11 * 60)...(13 * 60) { for limb in Limb.allCases { series[limb, f] = .nan } }
        let onsets = MovementOnsets(angles: series, options: .defaults, rate: 60)
        let cues = [
            Event(t: 1.0, label: "ok"), Event(t: 4.0, label: "early"), Event(t: 7.2, label: "busy"),
            Event(t: 8.5, label: "nothing"), Event(t: 11.2, label: "lost"),
        ]
        let verdicts = CueReaction.judge(cues, in: onsets)
        #expect(verdicts.map(\.status) == [.ok, .falseStart, .movingAtCue, .noResponse, .untracked])
        let first = verdicts[0]
        #expect(abs((first.reactionTimeSeconds ?? 0) - 0.4) < 0.1)
        // The display offset moves every cue later, so reactions shrink by it.
        var window = ReactionWindow()
        window.cueDisplayOffsetSeconds = 0.05
        let shifted = CueReaction.judge([cues[0]], in: onsets, window: window)[0]
        #expect(abs((shifted.reactionTimeSeconds ?? 0) - ((first.reactionTimeSeconds ?? 0) - 0.05)) < 1e-9)
    }

    /// A standing body whose left elbow bends 60° and back in minimum-jerk moves from
    /// each start time (a rest between), 60 fps, with 1 px of seeded jitter.
    func elbowClip(starts: [Double], seconds: Double, seed: UInt64) -> Sidecar {
        var builder = SidecarBuilder()
        var rng = SplitMix64(seed: seed)
        let moves = AngleMove.outAndBack(starts: starts, durations: starts.map { _ in 0.5 }, amplitudes: starts.map { _ in 60 })
        for f in 0..<Int(seconds * 60) {
            let t = Double(f) / 60
            var bend = 10.0
            for move in moves where t > move.start { bend += move.degrees * move.progress(at: t) }
            var joints: [Joint: (Float, Float, Float)] = [:]
            let pose = KnownPose.upright(leftElbow: bend)
            for joint in Joint.allCases {  // in a fixed order, so the jitter is the same every run
                guard let p = pose[joint] else { continue }
                joints[joint] = (Float(960 + 100 * p.x + rng.nextGaussian()), Float(600 - 100 * p.y + rng.nextGaussian()), 0.9)
            }
            builder.addFrame(t: t, joints)
        }
        return builder.build()
    }

    @Test("cue times far outside the clip are judged, never a crash")
    func extremeCueTimes() {
        let onsets = MovementOnsets(angles: movingSeries(rate: 30, seconds: 4, starts: [1]), options: .defaults, rate: 30)
        let cues = [-1e300, -5, 1e300, Double.greatestFiniteMagnitude, 1e18].map { Event(t: $0, label: "far") }
        let verdicts = CueReaction.judge(cues, in: onsets)
        #expect(verdicts.count == cues.count)
        #expect(verdicts.map(\.status) == [.beforeClip, .beforeClip, .afterClip, .afterClip, .afterClip])
    }

    @Test("two people facing each other: a mirrored, delayed learner answers every start after the delay")
    func mirroredLearner() throws {
        var o = SynthOptions()
        o.motion = .cueResponse
        o.durationSeconds = 20
        o.periodSeconds = 4
        o.frameRate = 60
        let demonstrator = Synth.sidecar(o)
        o.delaySeconds = 0.3
        o.mirrorMotion = true  // the demonstrator's left arm is the learner's right
        let learner = Synth.sidecar(o)
        let report = try ComparisonReport(
            demonstrator: ClipInput(decoding: demonstrator.encoded(), name: "d", role: "demonstrator"),
            learner: ClipInput(decoding: learner.encoded(), name: "l", role: "learner"), options: ComparisonOptions())
        var rightArm = OnsetOptions()
        rightArm.limbs = [.rightShoulder, .rightElbow]  // the learner's right arm; the demonstrator's left, mirrored
        for options in [OnsetOptions.defaults, rightArm] {
            let reaction = try PairReaction(report, options: options)
            #expect(reaction.latencies.count >= (options.limbs.count == 9 ? 8 : 4), "\(reaction.pairs)")
            for latency in reaction.latencies { #expect(abs(latency - 0.3) <= 1.5 / 60, "\(latency)") }
        }
    }

    @Test("two people: a learner who never moves gives no response; one who drops out of view, untracked")
    func pairStatuses() throws {
        let starts = [1.0, 3.0, 5.5, 8.0]
        let demonstrator = elbowClip(starts: starts, seconds: 10, seed: 1)
        var learner = elbowClip(starts: [1.35, 3.35], seconds: 10, seed: 2)  // answers the first two only
        for f in (5 * 60)..<(7 * 60) { for joint in Joint.allCases { learner.joints[joint, f] = nil } }  // gone for the third
        var options = ComparisonOptions()
        options.mirror = false
        let report = try ComparisonReport(
            demonstrator: ClipInput(decoding: demonstrator.encoded(), name: "d", role: "demonstrator"),
            learner: ClipInput(decoding: learner.encoded(), name: "l", role: "learner"), options: options)
        let reaction = try PairReaction(report)
        #expect(reaction.pairs.map(\.status) == [.ok, .ok, .untracked, .noResponse])
        #expect(reaction.json.contains("\"noResponse\"") && reaction.text.contains("no response"))
    }

    @Test("two people: a delayed copy answers every movement after its delay, as the lag search finds")
    func pairLatency() throws {
        let starts = [1.0, 3.0, 5.5, 8.0]
        let demonstrator = elbowClip(starts: starts, seconds: 10, seed: 1)
        let learner = elbowClip(starts: starts.map { $0 + 0.35 }, seconds: 10, seed: 2)
        var options = ComparisonOptions()
        options.mirror = false
        let report = try ComparisonReport(
            demonstrator: ClipInput(decoding: demonstrator.encoded(), name: "d", role: "demonstrator"),
            learner: ClipInput(decoding: learner.encoded(), name: "l", role: "learner"), options: options)
        let reaction = try PairReaction(report)
        #expect(reaction.pairs.count == starts.count)
        #expect(reaction.latencies.count == starts.count)
        // 1 px of jitter on a 100 px forearm: within a frame and a half of the true delay.
        for latency in reaction.latencies { #expect(abs(latency - 0.35) <= 1.5 / 60, "\(latency)") }
        for pair in reaction.pairs {
            #expect(pair.status == .ok && pair.limb == .leftElbow)
            #expect(abs((pair.trackingLagSeconds ?? 0) - 0.35) <= 2.0 / 60)
        }
        let summary = try #require(reaction.latencySummary)
        #expect(abs(summary.median - 0.35) <= 1.0 / 60)
        #expect(reaction.json.contains("\"medianLatencySeconds\""))
    }

    @Test(
        "continuous imitation: every movement of jumping jacks and of raises without a pause gets a latency, the same list as onset finds",
        arguments: [SynthOptions.Motion.jumpingJack, .lateralRaise])
    func continuousMovement(_ motion: SynthOptions.Motion) throws {
        var o = SynthOptions()
        o.motion = motion
        o.durationSeconds = 10
        o.seed = 1
        let demonstrator = Synth.sidecar(o)
        o.seed = 2
        o.delaySeconds = 0.4
        o.mirrorMotion = true
        let learner = Synth.sidecar(o)
        let report = try ComparisonReport(
            demonstrator: ClipInput(decoding: demonstrator.encoded(), name: "d", role: "demonstrator"),
            learner: ClipInput(decoding: learner.encoded(), name: "l", role: "learner"), options: ComparisonOptions())
        let reaction = try PairReaction(report)
        let onsets = try MovementOnsets(clip: demonstrator)
        #expect(reaction.pairs.count == onsets.movements.count, "the same movements as onset lists")
        #expect(reaction.pairs.contains { !$0.fromRest }, "these movements follow each other without rest")
        // Every movement but one under way as the clip begins is answered.
        let answered = reaction.pairs.filter { $0.status == .ok }
        #expect(answered.count >= reaction.pairs.count - 1, "\(reaction.pairs.map(\.status))")
        for latency in reaction.latencies { #expect(abs(latency - 0.4) <= 0.1, "\(latency)") }
        #expect(abs(try #require(reaction.latencySummary).median - 0.4) <= 1.5 / 30)
    }
}
