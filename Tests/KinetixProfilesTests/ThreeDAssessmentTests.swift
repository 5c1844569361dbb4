import Foundation
import KinetixCore
import KinetixReport
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// A synthesized squat as the body's own 3D joints (metres, world frame, y up).
func squatClip3D(valgus: Double = 6) -> Sidecar {
    var options = SynthOptions()
    options.motion = .squat
    options.spaceKind = .metres
    options.squatDepth = 0.9
    options.kneeValgusCentimeters = valgus
    options.durationSeconds = 10
    options.seed = 4
    return Synth.sidecar(options)
}

/// `clip` turned `degrees` about the vertical through (1, 0, −2): the same movement as a
/// room frame with its axes elsewhere (another camera's, another lab's) records it.
func yawed(_ clip: Sidecar, degrees: Double) -> Sidecar {
    var result = clip
    let c = Float(cos(degrees * .pi / 180))
    let s = Float(sin(degrees * .pi / 180))
    var joints = clip.joints
    for i in joints.x.indices where joints.confidence[i] > 0 {
        let x = joints.x[i] - 1
        let z = joints.z![i] + 2
        joints.x[i] = 1 + c * x - s * z
        joints.z![i] = -2 + s * x + c * z
    }
    result.joints = joints
    return result
}

@Suite("Assessing 3D clips")
struct ThreeDAssessmentTests {
    func repValues(_ a: Assessment) -> [[String: Float]] {
        a.reps.map { Dictionary(uniqueKeysWithValues: $0.values.map { ($0.name, $0.value) }) }
    }

    @Test(
        "a 3D squat scores the same whichever way the room's axes point (front and side measures)", arguments: ["view=front", "view=side"])
    func viewIndependent(_ view: String) throws {
        let clip = squatClip3D()
        let a = try assess(try shipped("squat"), clip, [view])
        #expect(a.status == .ok, "\(a.voidReason ?? "")")
        #expect(a.reps.count == 4)
        for degrees in [35.0, 90, 200] {
            let b = try assess(try shipped("squat"), yawed(clip, degrees: degrees), [view])
            #expect(b.status == .ok && b.reps.count == a.reps.count, "\(degrees)°: \(b.voidReason ?? "")")
            for (x, y) in zip(repValues(a), repValues(b)) {
                for (name, value) in x where !value.isNaN {
                    #expect(abs(value - y[name]!) < 0.01, "\(degrees)° \(name): \(value) vs \(y[name]!)")
                }
            }
        }
    }

    @Test("one 3D clip meets a front-view and a side-view profile: valgus from the front, trunk lean and knee flexion from the side")
    func bothViews() throws {
        let clip = squatClip3D()
        let front = repValues(try assess(try shipped("squat"), clip, ["view=front"]))
        let side = repValues(try assess(try shipped("squat"), clip, ["view=side"]))
        #expect(front.allSatisfy { $0["peakValgusLeft"]! > 10 && $0["peakKneeFlexion"]!.isNaN })
        // Depth 0.9 asks for 108° of knee flexion: in 3D it is read without projection.
        #expect(side.allSatisfy { abs($0["peakKneeFlexion"]! - 108) < 2 && $0["peakValgusLeft"]!.isNaN }, "\(side)")
        // Without valgus the front view finds little: 2.3° without noise (the thigh seen end-on
        // at the bottom magnifies the synthesized knee's small inward path), 3.5–4° with it.
        let straight = repValues(try assess(try shipped("squat"), squatClip3D(valgus: 0), ["view=front"]))
        #expect(straight.allSatisfy { abs($0["peakValgusLeft"]!) < 6 }, "\(straight)")
    }

    @Test("z() is forward in 3D and missing in 2D; distance() and angle() use all three axes")
    func threeDExpressions() throws {
        let clip = squatClip3D()
        let forward = try evaluate("z(leftKnee) - z(leftHip)", on: clip)
        // The knees go forward of the hips as the body sits down.
        #expect(forward.max()! > 0.3)
        #expect(try evaluate("z(leftKnee)", on: squatClip(view: .front)).allSatisfy(\.isNaN))
        // A thigh keeps its length in 3D while the front camera sees it shorten.
        let thigh = try evaluate("distance(leftHip, leftKnee)", on: clip).filter { !$0.isNaN }
        #expect(thigh.max()! - thigh.min()! < 0.05, "\(thigh.min()!)–\(thigh.max()!)")
        let flat = try evaluate("distance(leftHip, leftKnee)", on: squatClip(view: .front)).filter { !$0.isNaN }
        #expect(flat.max()! - flat.min()! > 0.2)
        // angle() of three joints is the named limb angle.
        let named = try evaluate("leftKnee", on: clip)
        let points = try evaluate("angle(leftHip, leftKnee, leftAnkle)", on: clip)
        #expect(zip(named, points).allSatisfy { $0.isNaN || abs($0 - $1) < 0.01 })
    }

    @Test("live assessment refuses a 3D space: its frames are a camera's 2D joints")
    func liveRefuses3D() throws {
        #expect(throws: KinetixError.self) {
            try LiveAssessment(
                profile: try shipped("squat"), parameters: try shipped("squat").parameterValues(overriding: []), space: .metres(.world),
                rate: 30)
        }
    }

    @Test("the report says 3D")
    func reportSays3D() throws {
        let clip = squatClip3D()
        let report = AssessmentReport(try assess(try shipped("squat"), clip), clip: clip, provenance: Provenance(inputs: []))
        #expect(report.json().contains(#""dimensions": "3D""#))
        #expect(report.text().contains("measured      3D:"))
    }
}
