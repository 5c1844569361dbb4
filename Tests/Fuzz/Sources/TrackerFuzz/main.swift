import CFuzzerDriver
import Foundation
import KinetixCore
import KinetixFormats

/// libFuzzer entry: `PeopleTracker` on scenes the bytes describe, read directly rather
/// than through a file format, so the fuzzer spends its time in the tracker: crossings,
/// returns, flicker, missing joints, NaN and huge coordinates, times that jump.
///
/// Bytes, read in order until they run out: a frame is one byte of time step (0: the same
/// time; 255: a jump of 1,000 s; else step/30 s) and one of people (count % 6); a person
/// is x, y (two bytes each, 0…65,535 px, or NaN and ±1e30 at three marker values), a size
/// byte (torso 0…255 px) and a byte of joints left out (bit k drops joint group k).
/// After tracking, the invariants a reader relies on are checked, and a broken one traps:
/// a detection belongs to at most one track, every index names a person of its frame,
/// tracks are numbered 0… left to right, uncertain ranges lie inside the clip.
func fuzzTracker(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var bytes = UnsafeBufferPointer(start: start, count: count).makeIterator()
    func coordinate() -> Float? {
        guard let high = bytes.next(), let low = bytes.next() else { return nil }
        switch (high, low) {
        case (255, 255): return .nan
        case (255, 254): return 1e30
        case (255, 253): return -1e30
        default: return Float(UInt16(high) << 8 | UInt16(low))
        }
    }
    let groups: [[Joint]] = [
        [.nose], [.neck], [.leftShoulder, .rightShoulder], [.leftElbow, .rightElbow, .leftWrist, .rightWrist],
        [.leftHip, .rightHip], [.root], [.leftKnee, .rightKnee], [.leftAnkle, .rightAnkle],
    ]
    let layout: [Joint: (Float, Float)] = [
        .nose: (0, -1.4), .neck: (0, -1), .leftShoulder: (0.4, -1), .rightShoulder: (-0.4, -1),
        .leftElbow: (0.5, -0.5), .rightElbow: (-0.5, -0.5), .leftWrist: (0.55, 0), .rightWrist: (-0.55, 0),
        .leftHip: (0.2, 0), .rightHip: (-0.2, 0), .root: (0, 0), .leftKnee: (0.2, 1), .rightKnee: (-0.2, 1),
        .leftAnkle: (0.2, 2), .rightAnkle: (-0.2, 2),
    ]
    var frames: [DetectedFrame] = []
    var t = 0.0
    frameLoop: while frames.count < 2_000, let step = bytes.next(), let people = bytes.next() {
        t += step == 255 ? 1_000 : Double(step) / 30
        var detected: [DetectedPerson] = []
        for _ in 0..<Int(people % 6) {
            guard let x = coordinate(), let y = coordinate(), let size = bytes.next(), let dropped = bytes.next() else { break frameLoop }
            var person = DetectedPerson()
            for (k, group) in groups.enumerated() where dropped & (1 << k) == 0 {
                for joint in group {
                    let (dx, dy) = layout[joint]!
                    person.joints[joint] = (x + Float(size) * dx, y + Float(size) * dy, 0.9)
                }
            }
            detected.append(person)
        }
        frames.append(DetectedFrame(t: t, number: frames.count, people: detected))
    }
    guard !frames.isEmpty else { return 0 }
    let tracking = PeopleTracker().track(frames)
    var owner: [[Int?]] = frames.map { [Int?](repeating: nil, count: $0.people.count) }
    for (k, track) in tracking.tracks.enumerated() {
        precondition(track.id == k, "track \(k) numbered \(track.id)")
        precondition(track.people.count == frames.count, "track \(k) covers \(track.people.count) of \(frames.count) frames")
        for (f, person) in track.people.enumerated() {
            guard let person else { continue }
            precondition(
                frames[f].people.indices.contains(person), "track \(k) names person \(person) of \(frames[f].people.count) in frame \(f)")
            precondition(owner[f][person] == nil, "frame \(f) person \(person) in tracks \(owner[f][person]!) and \(k)")
            owner[f][person] = k
        }
        for range in track.uncertain { precondition(range.lowerBound >= 0 && range.upperBound < frames.count, "uncertain \(range)") }
        if k > 0 {
            let before = tracking.tracks[k - 1].medianX
            precondition(before.isNaN || track.medianX.isNaN || before <= track.medianX, "tracks \(k - 1) and \(k) not left to right")
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzTracker($0, count) } ?? 0 })
