import Foundation
import KinetixCore
import KinetixDrafting
import KinetixProfiles
import Testing
import _KinetixRealClips

/// Issue 54: a profile drafted from a coach's words (written before the rules, as in
/// `Benchmarks/drafting-cases/clip-descriptions.json`) assesses the real clip of the
/// exercise described and counts its reps as counted by eye in `labels.json`.
@Suite(
    "Drafts from a description counting real clips (../shared/realdata/exercises)",
    .enabled(if: RealClips.available, "../shared/realdata/exercises is not beside this checkout"))
struct DescribedRealClipTests {
    @Test(
        "push-ups, a glute bridge and sit-ups described in words: exact counts on their real clips",
        arguments: [
            ("pushup_side_floor", "Push-up: lower your chest to the floor and push back up."),
            (
                "pushup_side_decline",
                "Decline push-up. Put your feet on a step and your hands on the floor. Keep your body straight. Bend your elbows and lower your face toward the floor, then push back up until your arms are fully extended."
            ),
            ("glute_bridge_side", "Glute bridge: lying on your back, lift your hips, hold, and lower."),
            (
                "situp_side",
                "Sit-up. Lie on your back with your knees bent and your feet flat on the floor. Curl your trunk up until you are sitting upright, then lower yourself back down."
            ),
            // Round four (written before the press rule): presses start with the hands at the
            // shoulders; a squat described with no view, filmed from the front.
            (
                "press_standing_barbell",
                "Overhead press. Push the bar up from your shoulders until your arms are straight above your head, then bring it back down."
            ),
            (
                "press_seated_dumbbell",
                "Seated dumbbell press: push the dumbbells up from your shoulders until your arms are straight, then lower them."
            ),
            (
                "squat_front_goblet",
                "Goblet squat: hold a dumbbell at your chest, sit down between your heels as low as you can, then stand up."
            ),
            // A deadlift starts with the bar on the floor: each rep stands up from there and goes back down.
            ("deadlift_side", "Deadlift. Grip the bar on the floor, stand up straight with it, then put it back on the floor."),
        ])
    func describedClip(_ name: String, _ text: String) throws {
        let clip = try RealClips.clip(name)
        let draft = try ProfileDrafter(vocabulary: try DraftVocabulary.shipped()).draft(description: text, demonstration: nil)
        let report = try AssessmentReport(
            clip: clip.clip(), profile: draft.profile, parameters: try draft.profile.parameterValues(overriding: []),
            source: draft.profile.id)
        let score = RepScore(report.assessment, clip: clip)
        #expect(
            score.count == clip.trueReps,
            "\(name): \(draft.profile.reps?.metric ?? "no reps") counted \(score.count.map(String.init) ?? "void"), \(clip.trueReps) by eye"
        )
    }

    @Test("words and a demonstration that disagree say so: push-ups described, a sit-up shown")
    func wordsAndClipDisagree() throws {
        let clip = try RealClips.clip("situp_side")
        let draft = try ProfileDrafter(vocabulary: try DraftVocabulary.shipped())
            .draft(description: "Push-up: lower your chest to the floor and push back up.", demonstration: .init(clip: clip.clip()))
        #expect(draft.profile.reps?.metric.hasPrefix("elbowFlexion") == true)
        #expect(
            draft.demonstrationNotes.contains { $0.hasPrefix("check: the words count elbow flexion") && $0.contains("disagree") },
            "\(draft.demonstrationNotes)")
        let agreeing = try ProfileDrafter(vocabulary: try DraftVocabulary.shipped())
            .draft(
                description: "Sit-up: curl your trunk up until you are sitting, then lie back down.",
                demonstration: .init(clip: clip.clip()))
        #expect(!agreeing.demonstrationNotes.contains { $0.contains("disagree") }, "\(agreeing.demonstrationNotes)")
    }
}
