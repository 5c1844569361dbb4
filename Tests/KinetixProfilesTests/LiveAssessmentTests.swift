import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// Runs `clip` through a live assessment frame by frame.
func assessLive(_ profile: Profile, _ clip: Sidecar, _ overrides: [String] = []) throws -> (
    updates: [LiveAssessment.Update], tail: [Assessment.Finding], live: LiveAssessment
) {
    var live = try LiveAssessment(
        profile: profile, parameters: try profile.parameterValues(overriding: overrides),
        space: clip.space, rate: clip.frameRate ?? 30)
    var updates: [LiveAssessment.Update] = []
    for frame in 0..<clip.frameCount { updates.append(try live.append(clip.poseFrame(frame))) }
    let tail = live.finish()
    return (updates, tail, live)
}

@Suite("Live assessment")
struct LiveAssessmentTests {
    @Test("live rep counting equals the offline count, rep by rep", arguments: [SynthOptions.View.front, .side])
    func reps(view: SynthOptions.View) throws {
        let profile = try shipped("squat")
        let clip = squatClip(view: view)
        let overrides = ["view=\(view.rawValue)"]
        let offline = try assess(profile, clip, overrides)
        let (updates, _, _) = try assessLive(profile, clip, overrides)
        let completed = updates.compactMap(\.completedRep)
        #expect(completed.count == offline.reps.count && completed.count == 4)
        #expect(updates.last?.reps == 4)
        for (live, offline) in zip(completed, offline.reps) {
            // Reps start and reach their far end within a few frames (the causal filter lags);
            // live ends a rep once it is back three quarters of its range, offline where it
            // is back at rest, which is later.
            #expect(abs(live.start - offline.start) < 0.15 && abs(live.extreme! - offline.extreme!) < 0.15)
            #expect(live.end <= offline.end + 0.15 && live.end > live.extreme!)
            let liveDepth = live.values.first { $0.name == "depth" }!.value
            let offlineDepth = offline.values.first { $0.name == "depth" }!.value
            // Within 0.05 torso lengths (about 2.5 cm): the one-pass filter attenuates the
            // bottom less than the zero-phase one, and the live scale is a running peak.
            #expect(abs(liveDepth - offlineDepth) < 0.05, "lowest depth in torso lengths")
        }
        // Reps complete as they happen, never all at the end.
        #expect(updates.firstIndex { $0.completedRep != nil }! < clip.frameCount / 3)
    }

    @Test("knees caving in: the cue shows while it happens, and each rep's findings come at its end")
    func cues() throws {
        let profile = try shipped("squat")
        let (updates, tail, _) = try assessLive(profile, squatClip(view: .front, valgus: 6))
        let findings = updates.flatMap(\.findings) + tail
        #expect(findings.filter { $0.rule == "kneeValgusLeft" }.count == 4)
        #expect(findings.filter { $0.rule == "kneeValgusRight" }.count == 4)
        #expect(updates.contains { $0.cue == "Push your knees out" })
        let clean = try assessLive(profile, squatClip(view: .front, valgus: 0))
        #expect(!clean.updates.contains { $0.cue == "Push your knees out" })
    }

    @Test("a NaN or backwards time is refused and changes nothing; after finish every frame is refused")
    func refusedTimes() throws {
        let profile = try shipped("squat")
        let clip = squatClip(view: .side, valgus: 0)
        let parameters = try profile.parameterValues(overriding: [])
        var live = try LiveAssessment(profile: profile, parameters: parameters, space: clip.space, rate: 30)
        #expect(throws: LiveFrameRefusal.self) { try live.append(PoseFrame(time: .nan)) }
        var reps: [Int] = []
        for frame in 0..<clip.frameCount {
            reps.append(try live.append(clip.poseFrame(frame)).reps)
            if frame > 0 {
                #expect(throws: LiveFrameRefusal.notAfterPrevious(time: clip.times[frame - 1], previous: clip.times[frame])) {
                    try live.append(clip.poseFrame(frame - 1))
                }
            }
        }
        _ = live.finish()
        #expect(reps == (try assessLive(profile, clip)).updates.map(\.reps))
        #expect(reps.last! > 0)
        #expect(throws: LiveFrameRefusal.finished) { try live.append(PoseFrame(time: 1e6)) }
    }

    @Test("face profiles and baselines are refused; memory stays bounded over a long session")
    func limits() throws {
        let face = try shipped("facial-symmetry")
        let space = CoordinateSpace(kind: .pixels, width: 1080, height: 1920)
        let error = #expect(throws: KinetixError.self) {
            try LiveAssessment(profile: face, parameters: try face.parameterValues(overriding: []), space: space, rate: 30)
        }
        #expect(error?.kind == .unsupported)
        var options = SynthOptions()
        options.motion = .squat
        options.durationSeconds = 180
        let (updates, _, live) = try assessLive(try shipped("squat"), Synth.sidecar(options))
        #expect(updates.last!.reps >= 70)
        #expect(live.retainedFrames < 3000, "\(live.retainedFrames) frames kept after 3 minutes")
    }
}
