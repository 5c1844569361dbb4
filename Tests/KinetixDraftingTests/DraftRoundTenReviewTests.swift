import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting

/// Issue 54, round ten: the review's probes (helper-34, its own wording), each a draft the
/// round's first rules made confidently wrong, kept so the fixes stay.
@Suite("drafting: round ten's review probes")
struct DraftRoundTenReviewTests {
    typealias T = ProfileDraftingTests

    static func metric(_ text: String) throws -> String { try DraftSheetPhrasingTests.metric(text) }

    @Test(
        "a lean to avoid is no side bend",
        arguments: [
            "Raise both arms overhead without leaning to the side, then lower them. 10 times.",
            "Reach both arms overhead and don't let your body lean to the side. 10 times.",
        ])
    func leanAvoided(_ text: String) throws {
        #expect(try Self.metric(text).hasPrefix("armElevation"), "\(text)")
    }

    @Test("a wall, a ball or a chair leg pressed is no bar pressed by the hands")
    func pressedThings() throws {
        #expect(
            try Self.metric(
                "Stand with your back against the wall. Press your back into the wall and slide down until your knees are bent to 90 degrees. Hold 30 seconds."
            ) == "kneeFlexion")  // (a squat held is measured at the knee: round eleven)
        #expect(throws: KinetixError.self) {
            try T.draft("Lie on your back with a small ball between your knees. Press the ball between your knees and hold 5 seconds.")
        }
        #expect(throws: KinetixError.self) {
            try T.draft("Sit on a chair. Press your heel back into the chair leg as if to bend your knee. Hold 5 seconds.")
        }
        #expect(
            try Self.metric(
                "Lie on your back with knees bent. Press your lower back into the floor as you lower both legs toward the floor. 8 reps.")
                == "legElevation")
    }

    @Test("'curl up' with weights in hand is no sit-up; a short word before a name is kit only when it is kit")
    func curlsAndKit() throws {
        #expect((try? Self.metric("Stand with a dumbbell in each hand. Curl up slowly and lower. 10 reps.")) != "hipFlexion")
        #expect((try? Self.metric("3 x 12 ab curls")) != "elbowFlexion")
        #expect(try Self.metric("3 x 12 knee curls").hasPrefix("kneeFlexion"))
    }

    @Test(
        "heels lifted with the knees or a chair named first are still a calf raise",
        arguments: [
            "Standing behind a chair, lift your heels off the floor and lower them.",
            "Stand tall, knees straight, and lift your heels. 15 times.",
        ])
    func calfRaiseWithContext(_ text: String) {
        #expect(throws: KinetixError.self, "\(text)") { try T.draft(text) }
    }

    @Test("a warm-up's dose names no exercise; the exercise after it is counted")
    func warmUpDose() throws {
        #expect(
            try Self.metric(
                "Warm up with 2 x 20 jumping jacks. Then lie face down and bend your knee to bring your heel to your buttock. 10 each leg."
            )
            .hasPrefix("kneeFlexion"))
    }

    @Test("a curl with the palms turned up is still a curl")
    func curlWithPalmsTurned() throws {
        #expect(
            try Self.metric("Hold dumbbells at your sides. Curl the weights up to your shoulders, turning your palms up. 10 reps.")
                .hasPrefix("elbowFlexion"))
    }

    @Test("arm swings are the arms'; a bend forward with the hands placed after it is the trunk's")
    func swingsAndFolds() throws {
        #expect(try Self.metric("20 arm swings").hasPrefix("armElevation"))
        #expect(
            try Self.metric("Bend forward and put your hands on the floor, bringing your chest toward your knees. Hold 20 seconds.")
                == "hipFlexion")
    }
}
