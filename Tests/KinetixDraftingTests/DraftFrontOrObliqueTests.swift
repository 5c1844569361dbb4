import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54: a drafted jumping jack or lateral raise needs the front only because its arms
/// move sideways, which a moderate angle still shows; its draft asks for `frontOrOblique`,
/// so a clip filmed at an angle is counted (with a doubt on each rep) and a side view is void.
@Suite("drafting: front or oblique")
struct DraftFrontOrObliqueTests {
    typealias T = ProfileDraftingTests

    /// `clip` as a camera at an angle sees it: every x drawn toward the clip's middle by
    /// `factor` (shoulders 0.9 torso lengths apart from the front become about 0.45).
    static func atAnAngle(_ clip: Sidecar, factor: Float = 0.5) -> Sidecar {
        var clip = clip
        let xs = clip.joints.x.filter { !$0.isNaN }
        let middle = xs.reduce(0, +) / Float(max(xs.count, 1))
        for i in clip.joints.x.indices where !clip.joints.x[i].isNaN {
            clip.joints.x[i] = middle + (clip.joints.x[i] - middle) * factor
        }
        return clip
    }

    @Test("a sideways arm raise with no view in words asks for front or oblique; words or a knee's cave-in keep the front")
    func draftedView() throws {
        #expect(try T.draft("Raise both arms out to the side to shoulder height.").profile.requirements.view == .frontOrOblique)
        #expect(
            try T.draft("Film from the front. Raise both arms out to the side to shoulder height.").profile.requirements.view == .front)
        let valgus = try T.draft("Raise both arms out to the side to shoulder height. Keep the knees from caving in.")
        #expect(valgus.profile.requirements.view == .front)
        #expect(try T.draft("Raise both arms forward to shoulder height.").profile.requirements.view == .side)
    }

    @Test("front or oblique: the front and an angle are counted (the angle with a doubt), a side view is void")
    func assessed() throws {
        let draft = try T.draft("Raise both arms out to the side to shoulder height.")
        let front = try T.assess(draft, T.clip(.armRaise, view: .front))
        #expect(front.reps.count >= 4 && front.reps.allSatisfy { $0.doubt?.contains("at an angle") != true })
        let angled = Self.atAnAngle(T.clip(.armRaise, view: .front))
        let oblique = try T.assess(draft, angled)
        #expect(oblique.measuredView == .oblique)
        #expect(oblique.reps.count >= 4)
        #expect(oblique.reps.allSatisfy { $0.doubt?.contains("at an angle") == true })
        let side = Assessor(profile: draft.profile, parameters: try draft.profile.parameterValues(overriding: []))
            .assess(T.clip(.armRaise, view: .side))
        #expect(side.status == .void)
        #expect(side.voidReason?.contains("frontal or oblique") == true)
    }
}
