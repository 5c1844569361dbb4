import Foundation
import KinetixCore
import Testing

@testable import KinetixProfiles

/// A profile written for this test alone: no Swift changes, only data.
let armRaiseProfile = #"""
    {
      "format": "kinetix-profile", "formatVersion": 1,
      "id": "arm-raise-counter", "version": "0.1", "title": "Lateral raise counter", "kind": "body",
      "parameters": {"top": {"type": "number", "default": 100, "min": 10, "max": 180}},
      "requirements": {"view": "front", "joints": ["leftShoulder", "rightShoulder", "leftElbow", "rightElbow", "leftHip", "rightHip"]},
      "metrics": {
        "lift": {"expr": "180 - (leftShoulder + rightShoulder) / 2", "unit": "deg", "smooth": {"lowPassHertz": 5}},
        "lopsided": {"expr": "abs(leftShoulder - rightShoulder)", "unit": "deg"}
      },
      "reps": {"metric": "lift", "enter": "$top", "exit": 40, "minSeconds": 0.5,
               "summary": {"height": "highest(lift)", "seconds": "duration()"}},
      "rules": [{"id": "uneven", "when": "lopsided > 20", "minSeconds": 0.2, "severity": "info",
                 "cue": "Raise both arms together", "detail": "Arms differ by {lopsided:.0f}°"}]
    }
    """#

@Suite("A profile written as data")
struct ArmRaiseProfileTests {
    @Test("counts lateral raises with no Swift change")
    func counts() throws {
        let profile = try Profile.decode(Data(armRaiseProfile.utf8))
        var options = SynthOptions()
        options.motion = .armRaise
        options.durationSeconds = 10
        let a = try assess(profile, Synth.sidecar(options))
        #expect(a.status == .ok)
        #expect(a.reps.count == 4)
        for rep in a.reps {
            #expect(rep.values[0].value > 120, "the arms go well above shoulder height")
            #expect(rep.values[1].value > 0.8 && rep.values[1].value < 2.5)
        }
        #expect(a.findings.isEmpty, "both arms move together")
        // Raising the threshold above what the arms reach counts nothing.
        #expect(try assess(profile, Synth.sidecar(options), ["top=175"]).reps.isEmpty)
    }

    @Test("an uneven raise is found")
    func uneven() throws {
        let profile = try Profile.decode(Data(armRaiseProfile.utf8))
        var options = SynthOptions()
        options.motion = .armRaise
        options.durationSeconds = 10
        options.faults = [.init(limb: .leftShoulder, degrees: -60, from: 2.5, to: 5)]
        let a = try assess(profile, Synth.sidecar(options))
        let uneven = a.findings.filter { $0.rule == "uneven" }
        #expect(uneven.count == 1)
        #expect(uneven[0].start > 2.5 && uneven[0].end < 5)
        #expect(uneven[0].cue == "Raise both arms together")
    }
}
