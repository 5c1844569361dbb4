import Foundation

/// A fault of the pose estimator, as opposed to a movement of the person.
public struct EstimatorFault: Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable {
        /// The estimator exchanged the subject's left and right sides.
        case leftRightSwap = "left/right swap"
        /// The whole body moved faster than a person can: another person, or a cut.
        case personJump = "jump to another person or a cut"
        /// One joint moved faster than a limb can, relative to the body.
        case teleport = "joint teleport"
    }

    /// What went wrong.
    public var kind: Kind
    /// First and last affected frame (inclusive).
    public var frames: ClosedRange<Int>
    /// Time of the first affected frame, seconds.
    public var start: Double
    /// Time of the last affected frame, seconds.
    public var end: Double
    /// The joint, for a teleport; nil for whole-body faults.
    public var joint: Joint?

    /// The fault as JSON, as every command writes it.
    public var json: String {
        "{\"kind\": \"\(kind.rawValue)\", \"firstFrame\": \(frames.lowerBound), \"lastFrame\": \(frames.upperBound), "
            + "\"start\": \(jsonNumber(start, digits: 4)), \"end\": \(jsonNumber(end, digits: 4)), \"joint\": \(joint.map { "\"\($0.name)\"" } ?? "null")}"
    }

    public var description: String {
        let span = frames.count == 1 ? "frame \(frames.lowerBound) (t=\(String(format: "%.3f", start))s)"
            : "frames \(frames.lowerBound)–\(frames.upperBound) (t=\(String(format: "%.3f", start))–\(String(format: "%.3f", end))s)"
        return "\(span): \(kind.rawValue)" + (joint.map { " (\($0.name))" } ?? "")
    }
}

/// Finds estimator faults in a clip.
///
/// - **Left/right swaps**: the shoulders and hips together give the torso an
///   orientation (is the left shoulder at larger or smaller image x than the right?).
///   A run of frames whose orientation is clearly opposite to the clip's usual one is a
///   swap when the orientation flips into or out of it abruptly: by more than half a
///   torso length between two frames, where a person turning round passes through
///   edge-on over several frames. (MediaPipe on the project's real balancing clip swaps
///   the whole body this way.)
/// - **Person jumps**: the hip midpoint moves faster than 25 torso lengths per second
///   (about 12 m/s for an adult): another person was picked, or the shot was cut.
/// - **Teleports**: one joint moves faster than 25 torso lengths per second relative to
///   the hip midpoint, and by at least 0.3 torso lengths.
public struct EstimatorFaultDetector: Sendable {
    /// Joints below this confidence count as not tracked.
    public var minConfidence: Float = BodySeries.defaultMinConfidence
    /// Body speed above which a move is not a person's, torso lengths per second.
    public var maxSpeedTorsosPerSecond: Float = 25

    public init() {}

    /// Every fault in `sidecar`, in frame order, and per frame whether its left and right are swapped.
    public func detect(_ sidecar: Sidecar) -> (faults: [EstimatorFault], swapped: [Bool]) {
        let n = sidecar.frameCount
        let times = sidecar.times
        guard n > 1, let scale = BodySeries(sidecar, minConfidence: minConfidence).torsoLengthPixels else { return ([], Array(repeating: false, count: n)) }
        func point(_ joint: Joint, _ frame: Int) -> (x: Float, y: Float)? { sidecar.isotropicPosition(joint, frame, minConfidence: minConfidence) }
        func hipMidpoint(_ frame: Int) -> (x: Float, y: Float)? { sidecar.hipMidpoint(frame, minConfidence: minConfidence) }
        // Torso orientation: left minus right along image x, shoulders and hips, in torso lengths.
        let orientation: [Float?] = (0..<n).map { frame in
            var sum: Float = 0, count = 0
            for (l, r) in [(Joint.leftShoulder, Joint.rightShoulder), (.leftHip, .rightHip)] {
                guard let a = point(l, frame), let b = point(r, frame) else { continue }
                sum += a.x - b.x
                count += 1
            }
            return count == 0 ? nil : sum / Float(count) / scale
        }
        var faults: [EstimatorFault] = []
        var swapped = [Bool](repeating: false, count: n)
        let known = orientation.compactMap { $0 }.sorted()
        if !known.isEmpty {
            let usual: Float = known[known.count / 2] >= 0 ? 1 : -1
            let opposite = orientation.map { o in o.map { $0 * usual < -0.15 } ?? false }
            var i = 0
            while i < n {
                guard opposite[i] else { i += 1; continue }
                var j = i
                while j + 1 < n, opposite[j + 1] { j += 1 }
                func abrupt(_ a: Int, _ b: Int) -> Bool {
                    guard a >= 0, b < n, let x = orientation[a], let y = orientation[b] else { return false }
                    return abs(x - y) > 0.5
                }
                if abrupt(i - 1, i) || abrupt(j, j + 1) {
                    for k in i...j { swapped[k] = true }
                    faults.append(EstimatorFault(kind: .leftRightSwap, frames: i...j, start: times[i], end: times[j], joint: nil))
                }
                i = j + 1
            }
        }
        for frame in 1..<n {
            let dt = Float(times[frame] - times[frame - 1])
            guard dt > 0 else { continue }
            let limit = maxSpeedTorsosPerSecond * dt * scale
            guard let root = hipMidpoint(frame), let previousRoot = hipMidpoint(frame - 1) else { continue }
            if hypot(root.x - previousRoot.x, root.y - previousRoot.y) > max(limit, 0.3 * scale) {
                faults.append(EstimatorFault(kind: .personJump, frames: frame...frame, start: times[frame], end: times[frame], joint: nil))
                continue
            }
            // A swap frame moves every joint: teleports are judged on consistent labels only.
            guard swapped[frame] == swapped[frame - 1] else { continue }
            for joint in Joint.allCases where joint != .root {
                guard let p = point(joint, frame), let q = point(joint, frame - 1) else { continue }
                let dx = (p.x - root.x) - (q.x - previousRoot.x), dy = (p.y - root.y) - (q.y - previousRoot.y)
                if hypot(dx, dy) > max(limit, 0.3 * scale) {
                    faults.append(EstimatorFault(kind: .teleport, frames: frame...frame, start: times[frame], end: times[frame], joint: joint))
                }
            }
        }
        faults.sort { ($0.frames.lowerBound, $0.kind.rawValue) < ($1.frames.lowerBound, $1.kind.rawValue) }
        return (faults, swapped)
    }
}

extension Sidecar {
    /// The clip with left and right joints (and face landmarks) exchanged in the frames
    /// marked `swapped`, undoing an estimator's left/right swaps. Positions are kept.
    public func repairingSwaps(_ swapped: [Bool]) -> Sidecar {
        var result = self
        for frame in 0..<frameCount where frame < swapped.count && swapped[frame] {
            for joint in Joint.allCases where joint.mirrored.rawValue > joint.rawValue {
                let a = joints[joint, frame], b = joints[joint.mirrored, frame]
                result.joints[joint, frame] = b
                result.joints[joint.mirrored, frame] = a
            }
            if let face {
                for landmark in FaceLandmark.allCases where landmark.mirrored.rawValue > landmark.rawValue {
                    let a = face[landmark, frame], b = face[landmark.mirrored, frame]
                    result.face![landmark, frame] = b
                    result.face![landmark.mirrored, frame] = a
                }
            }
        }
        return result
    }
}
