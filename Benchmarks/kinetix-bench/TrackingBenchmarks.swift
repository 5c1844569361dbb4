import Foundation
import KinetixCore
import KinetixFormats

/// A standing person's joints: (joint, across, up) in torso lengths from the hips.
let standingLayout: [(Joint, Float, Float)] = [
    (.nose, 0, 1.4), (.neck, 0, 1), (.leftShoulder, 0.4, 1), (.rightShoulder, -0.4, 1),
    (.leftElbow, 0.5, 0.5), (.rightElbow, -0.5, 0.5), (.leftWrist, 0.55, 0), (.rightWrist, -0.55, 0),
    (.leftHip, 0.2, 0), (.rightHip, -0.2, 0), (.leftKnee, 0.2, -1), (.rightKnee, -0.2, -1),
    (.leftAnkle, 0.2, -2), (.rightAnkle, -0.2, -2),
]

/// Following everyone (`PeopleTracker`) in a 60 s, 30 fps scene of 2, 5 and 20 people
/// walking about, listed in a new order every frame: the cost per frame.
func trackingBenchmarks(_ harness: inout Harness, quick: Bool) {
    let frameCount = quick ? 60 : 1_800
    for people in [2, 5, 20] {
        var rng = SplitMix64(seed: UInt64(people))
        var positions = (0..<people).map { k in SIMD2<Float>(Float(100 + 1700 * k / max(1, people - 1)), 540) }
        let velocities = (0..<people).map { _ in SIMD2<Float>(Float.random(in: -3...3, using: &rng), Float.random(in: -1...1, using: &rng))
        }
        var frames: [DetectedFrame] = []
        frames.reserveCapacity(frameCount)
        for f in 0..<frameCount {
            var detected: [DetectedPerson] = []
            for k in 0..<people {
                positions[k] += velocities[k]
                var person = DetectedPerson()
                let c = positions[k]
                let s: Float = 40 + Float(k % 3) * 5
                for (joint, dx, dy) in standingLayout {
                    person.joints[joint] = (
                        c.x + s * dx + Float.random(in: -1...1, using: &rng), c.y - s * dy + Float.random(in: -1...1, using: &rng), 0.9
                    )
                }
                detected.append(person)
            }
            detected.shuffle(using: &rng)
            frames.append(DetectedFrame(t: Double(f) / 30, number: f, people: detected))
        }
        harness.measure(
            BenchmarkCase(name: "follow everyone, \(people) people", unit: "frames", units: Double(frameCount)) {
                Double(PeopleTracker().track(frames).tracks.count)
            })
    }
}

/// The tracker's join of one person seen once every 1.2 s (a new track each time, all
/// joined into one) over 4,000 and 40,000 tracks: the sizes issue 56 measured at 112 s
/// for 4,000, and ten times that. Near-linear: the second costs about ten times the first.
func trackingJoinBenchmarks(_ harness: inout Harness, quick: Bool) {
    for tracks in quick ? [40, 400] : [4_000, 40_000] {
        var person = DetectedPerson()
        for (joint, dx, dy) in standingLayout { person.joints[joint] = (960 + 60 * dx, 540 - 60 * dy, 0.9) }
        let frames = (0..<tracks).map { DetectedFrame(t: 1.2 * Double($0), number: $0, people: [person]) }
        harness.measure(
            BenchmarkCase(
                name: "follow everyone, one person back every 1.2 s, \(tracks) tracks joined", unit: "tracks", units: Double(tracks)
            ) {
                Double(PeopleTracker().track(frames).tracks[0].trackedFrames)
            })
    }
}
