import Foundation
import Testing
import KinetixCore
@testable import KinetixProfiles

/// Descriptions as physiotherapists, coaches and exercise sheets write them, written for
/// issue 36 *before* the drafter's rules or vocabulary were extended for it, and kept as
/// they were written. Each names the measure its main movement must be counted on and the
/// view that sees it. A case the drafter gets wrong today is marked `failsToday`: it runs
/// as a known issue, so the day it passes the test fails until the mark is removed (a
/// ratchet; the count of marks is the figure to report).
@Suite("drafting: descriptions as people write them")
struct DraftPhrasingCases {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        /// The reps' metric starts with one of these.
        var measures: [String]
        var view: Profile.Requirements.View?
        var failsToday = false
        var testDescription: String { String(text.prefix(50)) }
    }

    static let cases: [Case] = [
        // Written expecting knee flexion; thigh elevation 90° is "thighs parallel to the floor"
        // word for word (and equals the knee angle in a wall sit, shins vertical), so both count.
        Case(text: "Wall sits: slide down the wall until your thighs are parallel to the floor and hold for 30 seconds.", measures: ["kneeFlexion", "thighElevation"], view: .side),
        Case(text: "Step-ups – step up onto the box with one leg, then step down. Repeat on the other side.", measures: ["kneeFlexion", "thighElevation"], view: .side),
        Case(text: "Raise the arms out to the side, then lower them. Every lift counts once.", measures: ["armElevation"], view: .front),
        Case(text: "Take the leg out to the side and bring it back. Do ten on each side.", measures: ["thighElevation", "legElevation"], view: .front),
        Case(text: "Flex the elbow to bring the hand to the shoulder, then lower it slowly.", measures: ["elbowFlexion"], view: nil),
        // From the front neither the knee angle nor the thigh's elevation can be seen; it needs
        // a depth measure a front camera sees (the hips' drop), which is issue 37's squat work.
        Case(text: "Squat facing the camera. Bend the knees until the thighs are parallel to the floor. Do not let the knees collapse inwards.", measures: ["kneeFlexion"], view: .front, failsToday: true),
        Case(text: "Arms up high above the head, then back down by your sides.", measures: ["armElevation"], view: nil),
        Case(text: "Shoulder abduction: lift the arm sideways through its full range of motion.", measures: ["armElevation"], view: .front),
        Case(text: "Front raise, side-on to the camera. Lift both arms forward to shoulder height.", measures: ["armElevation"], view: .side),
        Case(text: "Biceps curl. Keep the upper arms still by your sides and bend the elbows to lift the weights. Breathe out as you lift.", measures: ["elbowFlexion"], view: nil),
        Case(text: "Sit-to-stand: from sitting on a chair, stand up fully, then sit back down. Repeat ten times.", measures: ["kneeFlexion", "hipFlexion"], view: .side),
        Case(text: "Overhead press: push both arms up overhead until the elbows are straight.", measures: ["armElevation"], view: nil),
        Case(text: "Stand with your side to the camera and march on the spot, lifting each knee to hip height.", measures: ["thighElevation"], view: .side),
        Case(text: "Lunge. Step forward with one leg and bend both knees to about 90 degrees, then push back. Alternate legs.", measures: ["kneeFlexion"], view: .side),
        Case(text: "Hip flexion in standing: lift the knee towards the chest and lower it again, three sets of ten.", measures: ["thighElevation", "hipFlexion"], view: .side),
        Case(text: "Lateral raise with light dumbbells. Raise the arms to shoulder height without shrugging, then lower.", measures: ["armElevation"], view: .front),
        Case(text: "Knee extension, seated: straighten the knee fully, hold for five seconds, then bend it again.", measures: ["kneeFlexion"], view: .side),
        Case(text: "Jumping jacks: jump the feet apart while raising the arms overhead, then return.", measures: ["armElevation"], view: .front),
    ]

    /// What is wrong with the draft of `c` (empty: nothing).
    static func problems(_ c: Case) -> [String] {
        let draft: ProfileDrafter.Draft
        do { draft = try ProfileDraftingTests.draft(c.text) } catch {
            return ["refused: \(error)"]
        }
        var problems = draft.sentences.compactMap { s in s.failure.map { "sentence \(s.index) not used: \($0)" } }
        let metric = draft.profile.reps?.metric ?? "(no reps)"
        if !c.measures.contains(where: metric.hasPrefix) { problems.append("reps counted on \(metric), expected \(c.measures.joined(separator: " or "))") }
        if let view = c.view, draft.profile.requirements.view != view {
            problems.append("view \(draft.profile.requirements.view), expected \(view)")
        }
        return problems
    }

    @Test("each description drafts its main movement, every sentence used, seen from the right view", arguments: cases)
    func drafted(_ c: Case) {
        if c.failsToday {
            withKnownIssue { #expect(Self.problems(c).isEmpty) }
        } else {
            let problems = Self.problems(c)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
