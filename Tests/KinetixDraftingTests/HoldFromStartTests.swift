import Foundation
import KinetixCore
import Testing

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Issue 54: a hold clip that starts already in the position (a plank filmed once the
/// person is in it) is timed: a drafted hold's counter says its reps are holds, and the
/// counter then takes a clip whose first values stay at the far end, then fall back to
/// rest, as a hold cut by the clip rather than a partial rep.
@Suite("drafting: a hold from the clip's start")
struct HoldFromStartTests {
    /// 30 fps: `held` seconds at 90, a 0.5 s fall to 0, then `rest` seconds at 0 (a rise
    /// from rest: arm elevation), with a little alternating jitter.
    static func values(held: Double = 3, rest: Double = 3) -> (values: [Float], times: [Double]) {
        let rate = 30.0
        var values: [Float] = []
        for i in 0..<Int(held * rate) { values.append(90 + (i % 2 == 0 ? 0.3 : -0.3)) }
        let fall = Int(0.5 * rate)
        for i in 0..<fall { values.append(90 * (1 - Float(i + 1) / Float(fall))) }
        for i in 0..<Int(rest * rate) { values.append(i % 2 == 0 ? 0.3 : -0.3) }
        return (values, values.indices.map { Double($0) / rate })
    }

    @Test("a hold the clip starts in is counted from the first frame, less sure; without 'holds' it stays a partial")
    func segmenter() {
        let (values, times) = Self.values()
        let held = RepSegmenter.segment(values, times: times, settings: .init(movement: .rise, minRange: 36, heldFromStart: true))
        #expect(held.reps.count == 1)
        #expect(held.reps.first?.start == 0 && held.reps.first?.cutByClip == true)
        #expect((held.reps.first?.confidence ?? 1) < 1)
        let plain = RepSegmenter.segment(values, times: times, settings: .init(movement: .rise, minRange: 36))
        #expect(plain.reps.isEmpty && plain.partials.count == 1)
    }

    @Test("a drafted hold writes 'holds': true, which the profile reads back; a drafted movement does not")
    func draftedHolds() throws {
        let hold = try ProfileDraftingTests.draft("Raise both arms out to the side to shoulder height and hold for 10 seconds.")
        #expect(hold.text.contains("\"holds\": true"))
        #expect(hold.profile.reps?.holds == true)
        let reps = try ProfileDraftingTests.draft("Raise both arms out to the side to shoulder height.")
        #expect(reps.profile.reps?.holds == false)
    }
}
