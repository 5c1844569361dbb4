import Foundation
import KinetixCore

/// Picks one person per frame and keeps following the same one.
///
/// The order in which an estimator lists people is arbitrary, so a person is
/// followed by position: in each frame the candidate nearest to the last chosen
/// pose (mean distance over the joints both have, relative to body size) is taken,
/// when it is within half a body size. Otherwise the frame has nobody, and after a
/// second without a match the largest person is chosen again; both are reported.
struct PersonTracker {
    var selection: PersonSelection

    /// Seconds without a match after which the person is considered gone for good.
    static let reacquireSeconds = 1.0

    func follow(_ frames: [DetectedFrame], warnings: inout [Diagnostic], file: String) -> [DetectedPerson?] {
        if case .id(let id) = selection {
            return frames.map { frame in frame.people.first { $0.id == id } }
        }
        var result = [DetectedPerson?](repeating: nil, count: frames.count)
        var last: (person: DetectedPerson, t: Double)?
        var lostSince: Int?
        func report(_ i: Int, _ message: String) {
            warnings.append(Diagnostic(file: file, frameIndex: i, time: frames[i].t, message: message))
        }
        for (i, frame) in frames.enumerated() {
            let people = frame.people.filter { $0.size > 0 }
            guard let previous = last else {
                guard !people.isEmpty else { continue }
                switch selection {
                case .index(let n):
                    guard n < frame.people.count else { continue }
                    result[i] = frame.people[n]
                default:
                    result[i] = people.max { $0.size < $1.size }
                }
                if let chosen = result[i] { last = (chosen, frame.t) }
                continue
            }
            let scored = people.map { ($0, Self.distance(previous.person, $0)) }.filter { !$0.1.isNaN }
            if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 0.5 {
                if let start = lostSince {
                    report(
                        start,
                        "the chosen person was lost until frame \(i) (t=\(String(format: "%.3f", frame.t))s): nobody near their last position"
                    )
                    lostSince = nil
                }
                result[i] = best.0
                last = (best.0, frame.t)
            } else if frame.t - previous.t > Self.reacquireSeconds, let largest = people.max(by: { $0.size < $1.size }) {
                report(i, "switched to another person: the chosen one was gone for \(String(format: "%.1f", frame.t - previous.t)) s")
                lostSince = nil
                result[i] = largest
                last = (largest, frame.t)
            } else if lostSince == nil {
                lostSince = i
            }
        }
        if let start = lostSince { report(start, "the chosen person was lost until the end of the clip") }
        return result
    }

    /// Mean distance between the joints two detections share, in units of the
    /// first one's size; NaN when they share fewer than 3.
    static func distance(_ a: DetectedPerson, _ b: DetectedPerson) -> Float {
        var sum: Float = 0
        var count = 0
        for (joint, p) in a.joints where p.confidence > 0 {
            guard let q = b.joints[joint], q.confidence > 0 else { continue }
            sum += hypot(p.x - q.x, p.y - q.y)
            count += 1
        }
        if count < 3 {  // a face without a body is followed by its landmarks
            for (landmark, p) in a.face where p.confidence > 0 {
                guard let q = b.face[landmark], q.confidence > 0 else { continue }
                sum += hypot(p.x - q.x, p.y - q.y)
                count += 1
            }
        }
        let size = a.size
        return count >= 3 && size > 0 ? sum / Float(count) / size : .nan
    }
}
