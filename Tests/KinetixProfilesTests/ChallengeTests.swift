import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

@Suite("Challenges")
struct ChallengeTests {
    /// The bundled game: cues every 4 s, "Simon says" except every third (withheld) and
    /// every fifth (performed anyway).
    func game() throws -> Sidecar {
        var o = SynthOptions()
        o.motion = .cueResponse
        o.durationSeconds = 28
        o.periodSeconds = 4
        o.simonSays = true
        o.noResponseEvery = 3
        o.wrongEvery = 5
        o.seed = 6
        return Synth.sidecar(o)
    }

    func judge(_ clip: Sidecar) throws -> [ChallengeVerdict] {
        let profile = try shipped("simon-says")
        return ChallengeJudge(profile: profile, parameters: try profile.parameterValues(overriding: [])).judge(clip)
    }

    @Test("every verdict: performed with its reaction time, correctly withheld, wrongly performed")
    func verdicts() throws {
        let verdicts = try judge(try game())
        #expect(
            verdicts.map(\.outcome) == [
                .performed, .performed, .correctlyWithheld, .performed, .wronglyPerformed, .correctlyWithheld, .performed,
            ])
        for v in verdicts where v.outcome == .performed {
            let reaction = try #require(v.reactionTimeSeconds)
            #expect(reaction > 0.2 && reaction < 0.55, "the synthesized reactions are 0.35 s ± 0.04 s")
            #expect(try #require(v.achievedSeconds) > v.t + reaction)
        }
        // What was judged travels with the verdict.
        let judged = try #require(verdicts[0].judged)
        #expect(judged.when.contains("leftShoulder") && judged.version == "1" && judged.holdSeconds == 0.3)
        #expect(judged.minSeconds == 0.1 && judged.maxSeconds == 2)
    }

    @Test("the catalogue's actions fire on the motions they name, and not on others")
    func catalogue() throws {
        func clip(_ motion: SynthOptions.Motion, view: SynthOptions.View = .front, events: [String]) -> Sidecar {
            var o = SynthOptions()
            o.motion = motion
            o.view = view
            o.durationSeconds = 3
            var clip = Synth.sidecar(o)
            clip.events = events.map { Event(t: 0.2, label: $0) }
            return clip
        }
        let squat = try judge(clip(.squat, events: ["squatDown", "raiseLeftArm", "step"])).map(\.outcome)
        #expect(squat == [.performed, .notPerformed, .notPerformed])
        let raise = try judge(clip(.armRaise, events: ["raiseLeftArm", "raiseRightArm", "squatDown", "touchHead"])).map(\.outcome)
        #expect(raise == [.performed, .performed, .notPerformed, .notPerformed])
        for view in [SynthOptions.View.front, .side] {
            #expect(try judge(clip(.squat, view: view, events: ["squatDown"])).map(\.outcome) == [.performed], "\(view)")
            #expect(
                try judge(clip(.march, view: view, events: ["step", "squatDown"])).map(\.outcome) == [.performed, .notPerformed], "\(view)")
        }
    }

    @Test("a face challenge: landmark actions on a face-only clip, judged, and void when the face is lost")
    func faceChallenge() throws {
        let text =
            #"{"format": "kinetix-profile", "formatVersion": 1, "id": "faces", "version": "1", "title": "Faces", "kind": "challenge", "challenge": {"actions": {"smile": {"version": "1", "title": "Smile", "when": "distance(mouthLeft, mouthRight) > 0.88", "holdSeconds": 0.2}}}}"#
        let profile = try Profile.decode(Data(text.utf8), file: "faces.json")
        var clip = try Sidecar.load(contentsOf: packageRoot.appendingPathComponent("Sidecars/face-weak-left.json").path)
        // The clip's own cues: "smile" at 8 s is an action; the others are not in this catalogue.
        let judge = ChallengeJudge(profile: profile, parameters: [:])
        let verdicts = judge.judge(clip)
        #expect(verdicts.first { $0.label == "smile" }?.outcome == .performed)
        #expect(verdicts.filter { $0.label != "smile" }.allSatisfy { $0.outcome == .void })
        // Asked at 2 s (raise brows), the smile is not there.
        clip.events = [Event(t: 2, label: "smile"), Event(t: 8, label: "smile")]
        for f in 0..<clip.frameCount where clip.times[f] >= 8 { clip.face![.mouthLeft, f] = nil }
        let second = judge.judge(clip)
        #expect(second[0].outcome == .notPerformed)
        #expect(second[1].outcome == .void && second[1].voidReason?.contains("mouth") == true, "\(second[1].voidReason ?? "")")
    }

    @Test("a plain cue not answered is not performed; tracking lost or an unknown action is void, never a failure")
    func voidAndNotPerformed() throws {
        var clip = try game()
        // Trial 1 (cue 1 s): the left wrist vanishes for the whole response window.
        for f in 30...95 { clip.joints[.leftWrist, f] = nil }
        // Trial 2 (cue 5 s) asks for an action the catalogue lacks; trial 4 (13 s) becomes a
        // plain instruction for an arm the subject never raises.
        clip.events[1].action = "rightArmUot"
        clip.events[3] = Event(t: 13, label: "touch your head", action: "touchHead")
        let verdicts = try judge(clip)
        #expect(verdicts[0].outcome == .void)
        #expect(verdicts[0].voidReason?.contains("left wrist tracked in 0 %") == true, "\(verdicts[0].voidReason ?? "")")
        #expect(verdicts[1].outcome == .void && verdicts[1].voidReason?.contains("did you mean 'rightArmOut'") == true)
        #expect(verdicts[3].outcome == .notPerformed)
        let report = ChallengeReport(verdicts: verdicts, provenance: Provenance(inputs: []), title: "test")
        #expect(report.score.judged == verdicts.count - 2, "void verdicts are not counted")
    }

    @Test("the person leaving the frame voids the cue")
    func leftTheFrame() throws {
        var clip = try game()
        for f in 120...200 { for joint in Joint.allCases { clip.joints[joint, f] = nil } }
        let verdict = try judge(clip)[1]
        #expect(verdict.outcome == .void && verdict.voidReason?.contains("out of the frame") == true)
    }

    @Test("cue events keep their action and Simon-says flag through a file; a bad flag is located")
    func eventsRoundTrip() throws {
        let clip = try game()
        let decoded = try Sidecar.decode(clip.encoded())
        #expect(decoded.events == clip.events)
        #expect(decoded.events[2].simonSays == false && decoded.events[0].action == "leftArmOut")
        let text = String(decoding: clip.encoded(), as: UTF8.self).replacingOccurrences(
            of: "\"simonSays\": true", with: "\"simonSays\": \"yes\"")
        #expect(throws: KinetixError.self) { try Sidecar.decode(Data(text.utf8)) }
        do { _ = try Sidecar.decode(Data(text.utf8)) } catch { #expect(error.description.contains("events[0].simonSays")) }
    }

    @Test("a challenge profile's mistakes are lint errors with their place")
    func lint() throws {
        func problems(_ body: String) -> String {
            let text =
                #"{"format": "kinetix-profile", "formatVersion": 1, "id": "c", "version": "1", "title": "C", "kind": "challenge""# + body
                + "}"
            do {
                _ = try Profile.decode(Data(text.utf8), file: "c.json")
                return ""
            } catch { return error.description }
        }
        #expect(problems("").contains("challenge: a challenge profile needs"))
        #expect(
            problems(#", "challenge": {"actions": {"up": {"version": "1", "title": "Up", "when": "y(leftWrst) > 1"}}}"#)
                .contains("challenge.actions.up.when"))
        #expect(
            problems(#", "challenge": {"actions": {"up": {"version": "1", "title": "Up", "when": "leftKnee + 1"}}}"#)
                .contains("challenge.actions.up.when"))
        #expect(problems(#", "challenge": {"actions": {}, "window": {"minSeconds": 3, "maxSeconds": 2}}"#).contains("challenge.window"))
    }
}
