import KinetixCore
import Testing
import _KinetixTestSupport

/// Feeds both clips frame by frame in time order, as two cameras would, and returns
/// every provisional and final update.
func replay(
    _ demonstrator: Sidecar, _ learner: Sidecar, options: ComparisonOptions,
    rate: Double
) throws -> (provisional: [LiveComparison.Update], finals: [LiveComparison.Update]) {
    var provisional: [LiveComparison.Update] = []
    var finals: [LiveComparison.Update] = []
    try LiveComparison.replay(demonstrator: demonstrator, learner: learner, options: options, rate: rate) { update in
        if update.isFinal { finals.append(update) } else { provisional.append(update) }
    }
    return (provisional, finals)
}

@Suite("Live comparison")
struct LiveComparisonTests {
    static let demonstrator = Synth.sidecar(BundledClips.demonstrator)
    static let learner = Synth.sidecar(BundledClips.learner)

    /// The offline comparison of the learner clip actually fed (dropped frames removed).
    func offline(_ options: ComparisonOptions, rate: Double, learner: Sidecar) throws -> Comparison {
        var options = options
        options.rate = rate
        return try Comparison(demonstrator: Self.demonstrator, learner: learner, options: options)
    }

    @Test("final updates equal the offline frames, bit for bit", arguments: KernelAgreement.liveCases.map(\.name))
    func equalsOffline(name: String) throws {
        let options = try #require(KernelAgreement.liveCases.first { $0.name == name }).options
        let rate = options.analysisRate(learner: Self.learner)
        let (provisional, finals) = try replay(Self.demonstrator, Self.learner, options: options, rate: rate)
        let live = try LiveComparison(
            options: options, rate: rate, demonstratorSpace: Self.demonstrator.space, learnerSpace: Self.learner.space)
        #expect(provisional.count == Self.learner.frameCount)
        #expect(finals.allSatisfy(\.isFinal) && !provisional.contains(where: \.isFinal))
        let differing = try KernelAgreement.liveDisagreements(options)
        #expect(!differing.countsDiffer, "as many final updates as offline frames")
        #expect(differing.frames == 0, "\(differing.frames) video frames of \(name) differ from offline")
        #expect(live.latencySeconds > 0)
    }

    @Test("dropped learner frames and a tracking gap: still equal to offline on the frames fed")
    func droppedFrames() throws {
        var learner = Self.learner
        // A 0.5 s gap where the learner's right arm is not tracked, longer than the gap bridged.
        for frame in 90..<105 { learner.joints[.rightWrist, frame] = nil }
        let dropped: Set<Int> = [17, 40, 41, 42, 200]
        let options = ComparisonOptions()
        let rate = options.analysisRate(learner: learner)
        // A dropped frame is one never fed: replay the clip without it.
        let fed = learner.selecting(frames: (0..<learner.frameCount).filter { !dropped.contains($0) })
        let (_, finals) = try replay(Self.demonstrator, fed, options: options, rate: rate)
        let comparison = try offline(options, rate: rate, learner: fed)
        #expect(finals.count == comparison.learnerFrameCount)
        let mismatches = finals.indices.filter { $0 < comparison.learnerFrameCount && finals[$0].frame != comparison.learnerFrame($0) }
        #expect(mismatches.isEmpty, "video frames differing from offline: \(mismatches.prefix(10))")
    }

    @Test("provisional updates use only the past: lag, errors, cue and a ghost in body coordinates")
    func provisional() throws {
        let options = ComparisonOptions()
        let (provisional, _) = try replay(Self.demonstrator, Self.learner, options: options, rate: 30)
        // Once the trailing window holds a whole movement (4 s), the lag is the generated 0.40 s delay.
        let settled = provisional.filter { $0.frame.t > 4 }
        #expect(!settled.isEmpty && settled.allSatisfy { $0.frame.lagSeconds.map { abs($0 - 0.4) < 0.05 } ?? false })
        #expect(settled.allSatisfy { $0.ghost?[.neck] != nil && $0.ghost?[.root] != nil })
        // The learner's deliberate right-shoulder fault shows while that arm moves (1–2.5 s), then "Good".
        let during = provisional.filter { (1...2.5).contains($0.frame.t) }
        #expect(provisional.filter { $0.frame.t > 4 }.allSatisfy { $0.cue == "Good" })
        #expect(during.contains { $0.cue?.contains("right arm") == true })
        // The ghost is in body coordinates: hip midpoint at the origin, about a torso from hip to neck.
        if let ghost = settled.first?.ghost, let neck = ghost[.neck] {
            #expect(abs((neck.x * neck.x + neck.y * neck.y).squareRoot() - 1) < 0.2)
        }
    }

    @Test("replay gives the same updates as feeding both streams by hand")
    func replayAPI() throws {
        let (provisional, finals) = try replay(Self.demonstrator, Self.learner, options: ComparisonOptions(), rate: 30)
        var live = try LiveComparison(rate: 30, demonstratorSpace: Self.demonstrator.space, learnerSpace: Self.learner.space)
        var byHand: [LiveComparison.Update] = []
        var byHandFinals: [LiveComparison.Update] = []
        // Same clock, same length: each learner frame after its demonstrator frame.
        for frame in 0..<Self.learner.frameCount {
            try live.appendDemonstrator(Self.demonstrator.poseFrame(frame))
            byHand.append(try live.appendLearner(Self.learner.poseFrame(frame)))
            byHandFinals += live.takeFinalUpdates()
        }
        live.finish()
        byHandFinals += live.takeFinalUpdates()
        #expect(byHandFinals.map(\.frame) == finals.map(\.frame))
        #expect(byHand.map(\.frame) == provisional.map(\.frame))
    }

    @Test("memory stays bounded over a long session")
    func bounded() throws {
        var options = SynthOptions()
        options.motion = .routine
        options.durationSeconds = 240
        let clip = Synth.sidecar(options)
        var live = try LiveComparison(options: ComparisonOptions(), rate: 30, demonstratorSpace: clip.space, learnerSpace: clip.space)
        var finals = 0
        for frame in 0..<clip.frameCount {
            try live.appendDemonstrator(clip.poseFrame(frame))
            try live.appendLearner(clip.poseFrame(frame))
            finals += live.takeFinalUpdates().count
            if frame == 1000 || frame == clip.frameCount - 1 { #expect(live.retainedFrames < 1200, "at frame \(frame)") }
        }
        #expect(finals > 7000)
    }

    @Test("a NaN, repeated or backwards time is refused by name and changes nothing; the stream carries on")
    func refusedTimes() throws {
        let space = Self.learner.space
        var clean = try LiveComparison(rate: 30, demonstratorSpace: space, learnerSpace: space)
        var noisy = clean
        // What a broken camera pipeline sends: a NaN first, then a repeat and a step back.
        #expect(throws: LiveFrameRefusal.nonFiniteTime(.infinity)) { try noisy.appendLearner(PoseFrame(time: .infinity)) }
        let nan = #expect(throws: LiveFrameRefusal.self) { try noisy.appendDemonstrator(PoseFrame(time: .nan)) }
        guard case .nonFiniteTime(let time) = nan, time.isNaN else {
            Issue.record("not a non-finite time: \(String(describing: nan))")
            return
        }
        var updates: [LiveComparison.Update] = []
        var noisyUpdates: [LiveComparison.Update] = []
        for frame in 0..<Self.learner.frameCount {
            try clean.appendDemonstrator(Self.demonstrator.poseFrame(frame))
            try noisy.appendDemonstrator(Self.demonstrator.poseFrame(frame))
            updates.append(try clean.appendLearner(Self.learner.poseFrame(frame)))
            noisyUpdates.append(try noisy.appendLearner(Self.learner.poseFrame(frame)))
            if frame == 10 {
                let now = Self.learner.times[frame]
                #expect(throws: LiveFrameRefusal.notAfterPrevious(time: now, previous: now)) {
                    try noisy.appendLearner(Self.learner.poseFrame(frame))
                }
                #expect(
                    throws: LiveFrameRefusal.notAfterPrevious(
                        time: Self.demonstrator.times[frame - 1], previous: Self.demonstrator.times[frame])
                ) {
                    try noisy.appendDemonstrator(Self.demonstrator.poseFrame(frame - 1))
                }
            }
            updates += clean.takeFinalUpdates()
            noisyUpdates += noisy.takeFinalUpdates()
        }
        clean.finish()
        noisy.finish()
        updates += clean.takeFinalUpdates()
        noisyUpdates += noisy.takeFinalUpdates()
        #expect(noisyUpdates.map(\.frame) == updates.map(\.frame))
        #expect(noisyUpdates.count > Self.learner.frameCount)
        #expect(throws: LiveFrameRefusal.finished) { try noisy.appendLearner(PoseFrame(time: 1e6)) }
        #expect(throws: LiveFrameRefusal.finished) { try noisy.appendDemonstrator(PoseFrame(time: 1e6)) }
    }

    @Test("settings out of range are refused")
    func badSettings() {
        var options = ComparisonOptions()
        options.maxLagSeconds = -1e300
        let space = CoordinateSpace(kind: .pixels, width: 1080, height: 1920)
        #expect(throws: KinetixError.self) { try LiveComparison(options: options, demonstratorSpace: space, learnerSpace: space) }
    }
}
