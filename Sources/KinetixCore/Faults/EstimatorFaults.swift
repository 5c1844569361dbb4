import Foundation

/// A half of the body, for faults that affect one: the estimator can swap the arms
/// alone, or the legs alone.
public enum BodyPart: String, Equatable, Sendable {
    /// Shoulders, elbows, wrists (and the face landmarks).
    case upper
    /// Hips, knees, ankles.
    case lower

    /// The left joints of this half (their mirrors are the right ones).
    public var leftJoints: [Joint] {
        switch self {
        case .upper: [.leftShoulder, .leftElbow, .leftWrist]
        case .lower: [.leftHip, .leftKnee, .leftAnkle]
        }
    }
}

/// A fault of the pose estimator, as opposed to a movement of the person.
public struct EstimatorFault: Equatable, Sendable, CustomStringConvertible {
    /// What went wrong. The raw value is a stable identifier (JSON's `kind`, for
    /// programs); `displayName` is the English for people.
    public enum Kind: String, CaseIterable, Sendable {
        /// The estimator exchanged the subject's left and right sides.
        case leftRightSwap
        /// The whole body moved faster than a person can: another person, or a cut.
        case personJump
        /// One joint moved faster than a limb can, relative to the body.
        case teleport

        /// The kind in English, for display: "left/right swap".
        public var displayName: String {
            switch self {
            case .leftRightSwap: "left/right swap"
            case .personJump: "jump to another person or a cut"
            case .teleport: "joint teleport"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// The half of the body a swap affects (nil: the whole body, or not a swap).
    public var bodyPart: BodyPart?
    /// First and last affected frame (inclusive).
    public var frames: ClosedRange<Int>
    /// Time of the first affected frame, seconds.
    public var start: Double
    /// Time of the last affected frame, seconds.
    public var end: Double
    /// The joint, for a teleport; nil for whole-body faults.
    public var joint: Joint?

    /// A fault with every field given.
    public init(kind: Kind, bodyPart: BodyPart? = nil, frames: ClosedRange<Int>, start: Double, end: Double, joint: Joint?) {
        self.kind = kind
        self.bodyPart = bodyPart
        self.frames = frames
        self.start = start
        self.end = end
        self.joint = joint
    }

    /// The fault as JSON, as every command writes it: `kind` is the stable identifier.
    public var json: String {
        "{\"kind\": \"\(kind.rawValue)\", \"firstFrame\": \(frames.lowerBound), \"lastFrame\": \(frames.upperBound), "
            + "\"start\": \(jsonNumber(start, digits: 4)), \"end\": \(jsonNumber(end, digits: 4)), \"joint\": \(joint.map { "\"\($0.name)\"" } ?? "null"), "
            + "\"bodyPart\": \(bodyPart.map { "\"\($0.rawValue)\"" } ?? "null")}"
    }

    public var description: String {
        let span =
            frames.count == 1
            ? "frame \(frames.lowerBound) (t=\(String(format: "%.3f", start))s)"
            : "frames \(frames.lowerBound)–\(frames.upperBound) (t=\(String(format: "%.3f", start))–\(String(format: "%.3f", end))s)"
        return "\(span): \(kind.displayName)" + (joint.map { " (\($0.name))" } ?? "") + (bodyPart.map { " (\($0.rawValue) body)" } ?? "")
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

    /// Every fault in `sidecar`, in frame order, and per frame which halves of the body
    /// have their left and right swapped.
    public func detect(_ sidecar: Sidecar) -> (faults: [EstimatorFault], swapped: SwapMask) {
        let n = sidecar.frameCount
        let times = sidecar.times
        var mask = SwapMask(frameCount: n)
        guard n > 1, let scale = BodySeries.clipScale(of: sidecar, minConfidence: minConfidence) else { return ([], mask) }
        // Each point is looked at up to ~8 times (two frames, kept and exchanged): converted once.
        let points = TrackedPoints(sidecar, minConfidence: minConfidence)
        func point(_ joint: Joint, _ frame: Int) -> (x: Float, y: Float)? { points[joint, frame] }
        func hipMidpoint(_ frame: Int) -> (x: Float, y: Float)? { points.hipMidpoint(frame) }
        // Each half's orientation: left minus right along image x (shoulders; hips), in torso lengths.
        func orientation(_ left: Joint, _ right: Joint) -> [Float?] {
            (0..<n).map { frame in
                guard let a = point(left, frame), let b = point(right, frame) else { return nil }
                return (a.x - b.x) / scale
            }
        }
        let upper = orientation(.leftShoulder, .rightShoulder)
        let lower = orientation(.leftHip, .rightHip)
        // The clip's usual facing, from both halves together.
        // The sign of the median of the known values (the element at count / 2 in order):
        // not negative exactly when at most count / 2 of them are negative.
        var known = 0
        var negative = 0
        for half in [upper, lower] {
            for value in half {
                if let value {
                    known += 1
                    if value < 0 { negative += 1 }
                }
            }
        }
        var faults: [EstimatorFault] = []
        if known > 0 {
            let usual: Float = negative <= known / 2 ? 1 : -1
            mask.upper = swappedRuns(upper, usual: usual, flip: Self.abruptFlip(upper))
            mask.lower = swappedRuns(lower, usual: usual, flip: Self.abruptFlip(lower))
            // A half whose orientation is too narrow to judge (hips seen from the side)
            // swaps with the other when, where the other's run starts, its own joints are
            // far better explained exchanged than kept.
            func flipsAt(_ part: BodyPart, _ frame: Int) -> Bool {
                guard frame > 0 else { return false }
                var kept: Float = 0
                var exchanged: Float = 0
                var pairs = 0
                for left in part.leftJoints {
                    guard let l0 = point(left, frame - 1), let r0 = point(left.mirrored, frame - 1),
                        let l1 = point(left, frame), let r1 = point(left.mirrored, frame)
                    else { continue }
                    kept += planarDistance(l1.x - l0.x, l1.y - l0.y) + planarDistance(r1.x - r0.x, r1.y - r0.y)
                    exchanged += planarDistance(l1.x - r0.x, l1.y - r0.y) + planarDistance(r1.x - l0.x, r1.y - l0.y)
                    pairs += 1
                }
                return pairs >= 2 && kept > 0.3 * scale * Float(pairs) && exchanged < 0.5 * kept
            }
            for (source, target) in [(BodyPart.upper, BodyPart.lower), (.lower, .upper)] {
                let runs = source == .upper ? mask.upper : mask.lower
                var i = 0
                while i < n {
                    guard runs[i] else {
                        i += 1
                        continue
                    }
                    var j = i
                    while j + 1 < n, runs[j + 1] { j += 1 }
                    let own = target == .upper ? mask.upper : mask.lower
                    if !own[i], flipsAt(target, i) || (j + 1 < n && flipsAt(target, j + 1)) {
                        for k in i...j { if target == .upper { mask.upper[k] = true } else { mask.lower[k] = true } }
                    }
                    i = j + 1
                }
            }
            // A half swapped alone while the other half's joints, summed over its three
            // pairs, also lie the wrong way round: the estimator exchanged the whole body
            // and the other half's own orientation was too narrow or too brief to tell
            // (MediaPipe's hips are 0.13–0.3 torso lengths apart on the real balancing
            // clip, and its knees flicker with them).
            func sideSum(_ part: BodyPart, _ frame: Int) -> Float? {
                var sum: Float = 0
                var found = false
                for left in part.leftJoints {
                    guard let l = point(left, frame), let r = point(left.mirrored, frame) else { continue }
                    sum += l.x - r.x
                    found = true
                }
                return found ? sum / scale : nil
            }
            for frame in 0..<n where mask.upper[frame] != mask.lower[frame] {
                let other: BodyPart = mask.upper[frame] ? .lower : .upper
                guard let sum = sideSum(other, frame), sum * usual < 0 else { continue }
                if other == .upper { mask.upper[frame] = true } else { mask.lower[frame] = true }
            }
            // Report runs: both halves together are a whole-body swap, else the half that is.
            var i = 0
            while i < n {
                let part: BodyPart?? =
                    mask.upper[i] && mask.lower[i] ? .some(nil) : mask.upper[i] ? .some(.upper) : mask.lower[i] ? .some(.lower) : .none
                guard let bodyPart = part else {
                    i += 1
                    continue
                }
                var j = i
                while j + 1 < n {
                    let next: BodyPart?? =
                        mask.upper[j + 1] && mask.lower[j + 1]
                        ? .some(nil) : mask.upper[j + 1] ? .some(.upper) : mask.lower[j + 1] ? .some(.lower) : .none
                    guard next == part else { break }
                    j += 1
                }
                faults.append(
                    EstimatorFault(kind: .leftRightSwap, bodyPart: bodyPart, frames: i...j, start: times[i], end: times[j], joint: nil))
                i = j + 1
            }
        }
        // Person jumps, frame by frame; then teleports joint by joint (each joint's
        // frames are contiguous in `points`), judged against each frame's hip midpoint
        // and distance limit (NaN: the frame is not judged).
        let perFrame = UnsafeMutableBufferPointer<Float>.allocate(capacity: 3 * n)  // every element written below
        defer { perFrame.deallocate() }
        let rootX = UnsafeMutableBufferPointer(rebasing: perFrame[0..<n])
        let rootY = UnsafeMutableBufferPointer(rebasing: perFrame[n..<(2 * n)])
        let reach = UnsafeMutableBufferPointer(rebasing: perFrame[(2 * n)...])
        for frame in 0..<n {
            let root = hipMidpoint(frame)
            (rootX[frame], rootY[frame]) = root ?? (.nan, .nan)
            reach[frame] = .nan
            guard frame > 0 else { continue }
            let dt = Float(times[frame] - times[frame - 1])
            guard dt > 0, let root, !rootX[frame - 1].isNaN else { continue }
            let limit = max(maxSpeedTorsosPerSecond * dt * scale, 0.3 * scale)
            if planarDistance(root.x - rootX[frame - 1], root.y - rootY[frame - 1]) > limit {
                faults.append(EstimatorFault(kind: .personJump, frames: frame...frame, start: times[frame], end: times[frame], joint: nil))
            } else {
                reach[frame] = limit
            }
        }
        // A swap moves the joints of the half it swaps: teleports are judged on consistent labels only.
        for joint in Joint.allCases where joint != .root {
            let swapped =
                BodyPart.lower.leftJoints.contains(joint) || BodyPart.lower.leftJoints.contains(joint.mirrored) ? mask.lower : mask.upper
            let first = joint.rawValue * n
            points.x.withUnsafeBufferPointer { x in
                points.y.withUnsafeBufferPointer { y in
                    for frame in 1..<n where !reach[frame].isNaN && swapped[frame] == swapped[frame - 1] {
                        let p = first + frame
                        guard !x[p].isNaN, !x[p - 1].isNaN else { continue }
                        let dx = (x[p] - rootX[frame]) - (x[p - 1] - rootX[frame - 1])
                        let dy = (y[p] - rootY[frame]) - (y[p - 1] - rootY[frame - 1])
                        if planarDistance(dx, dy, exceeds: reach[frame]) {
                            faults.append(
                                EstimatorFault(kind: .teleport, frames: frame...frame, start: times[frame], end: times[frame], joint: joint)
                            )
                        }
                    }
                }
            }
        }
        // Pair swaps: one pair of joints (wrists, elbows, knees or ankles) exchanged alone,
        // seen where exchanging the labels explains the motion far better than keeping
        // them (each jumps to where the other was), and again where they exchange back
        // within a second. Those frames are a swap of that pair, repaired by exchanging
        // it; its teleports at the two ends are explained, not reported.
        let pairs: [Joint] = [.leftElbow, .leftWrist, .leftKnee, .leftAnkle]
        for left in pairs {
            let lowerHalf = BodyPart.lower.leftJoints.contains(left)
            func exchanged(_ frame: Int) -> Bool {
                guard let l0 = point(left, frame - 1), let r0 = point(left.mirrored, frame - 1),
                    let l1 = point(left, frame), let r1 = point(left.mirrored, frame)
                else { return false }
                // Usually both moved far less than 0.3 torso lengths: a + b ≤ √(2(a² + b²))
                // settles it without square roots (with the margin of `planarDistance(_:_:exceeds:)`).
                if !planarDistance(l1.x - l0.x, l1.y - l0.y, r1.x - r0.x, r1.y - r0.y, mayExceed: 0.3 * scale) { return false }
                let kept = planarDistance(l1.x - l0.x, l1.y - l0.y) + planarDistance(r1.x - r0.x, r1.y - r0.y)
                let swapped = planarDistance(l1.x - r0.x, l1.y - r0.y) + planarDistance(r1.x - l0.x, r1.y - l0.y)
                return kept > 0.3 * scale && swapped < 0.35 * kept
            }
            var start: Int?
            for frame in 1..<n {
                let halfSwapped = lowerHalf ? (mask.lower[frame] || mask.lower[frame - 1]) : (mask.upper[frame] || mask.upper[frame - 1])
                guard !halfSwapped, exchanged(frame) else { continue }
                if let first = start, times[frame] - times[first] <= 1 {
                    mask.pairs.append(SwapMask.PairSwap(joint: left, frames: first..<frame))
                    faults.removeAll {
                        $0.kind == .teleport && ($0.joint == left || $0.joint == left.mirrored)
                            && ($0.frames.lowerBound == first || $0.frames.lowerBound == frame)
                    }
                    faults.append(
                        EstimatorFault(
                            kind: .leftRightSwap, bodyPart: lowerHalf ? .lower : .upper, frames: first...(frame - 1),
                            start: times[first], end: times[frame - 1], joint: left))
                    start = nil
                } else {
                    start = frame
                }
            }
        }
        // By frame, kind and joint (teleports were found joint by joint).
        faults.sort {
            ($0.frames.lowerBound, $0.kind.rawValue, $0.joint?.rawValue ?? -1) < (
                $1.frames.lowerBound, $1.kind.rawValue, $1.joint?.rawValue ?? -1
            )
        }
        return (faults, mask)
    }

    /// The change of a half's orientation between two frames, torso lengths, beyond which
    /// it flipped rather than turned: half a torso length, or 1.2 × the half's median
    /// width where that is less (MediaPipe's narrow hips: a flip from +0.6 to −0.6 of
    /// the width in one frame is a 74° turn of the pelvis, faster than anyone turns).
    static func abruptFlip(_ orientation: [Float?]) -> Float {
        var widths = orientation.compactMap { $0.map(abs) }
        guard !widths.isEmpty else { return 0.5 }
        return min(0.5, 1.2 * quantile(selecting: &widths, 0.5))
    }

    /// Frames of runs whose orientation is clearly opposite to `usual` (beyond 0.15
    /// torso lengths) and flips into or out of it abruptly (by over `flip` torso
    /// lengths between two frames).
    private func swappedRuns(_ orientation: [Float?], usual: Float, flip: Float) -> [Bool] {
        let n = orientation.count
        var swapped = [Bool](repeating: false, count: n)
        let opposite = orientation.map { o in o.map { $0 * usual < -0.15 } ?? false }
        var i = 0
        while i < n {
            guard opposite[i] else {
                i += 1
                continue
            }
            var j = i
            while j + 1 < n, opposite[j + 1] { j += 1 }
            func abrupt(_ a: Int, _ b: Int) -> Bool {
                guard a >= 0, b < n, let x = orientation[a], let y = orientation[b] else { return false }
                return abs(x - y) > flip
            }
            if abrupt(i - 1, i) || abrupt(j, j + 1) { for k in i...j { swapped[k] = true } }
            i = j + 1
        }
        return swapped
    }
}

/// A clip's joints in isotropic pixels (`Sidecar.isotropicPosition`), NaN where not
/// tracked (a tracked point with a NaN coordinate counts as not tracked), converted
/// once for the many lookups of fault detection.
private struct TrackedPoints {
    let frameCount: Int
    var x: [Float], y: [Float]

    init(_ sidecar: Sidecar, minConfidence: Float) {
        frameCount = sidecar.frameCount
        // The same point-major layout as the clip's table: one pass over its columns.
        let joints = sidecar.joints
        let space = sidecar.space
        var x = [Float](repeating: .nan, count: Joint.count * frameCount)
        var y = x
        joints.x.withUnsafeBufferPointer { sourceX in
            joints.y.withUnsafeBufferPointer { sourceY in
                joints.confidence.withUnsafeBufferPointer { confidence in
                    x.withUnsafeMutableBufferPointer { x in
                        y.withUnsafeMutableBufferPointer { y in
                            for i in 0..<confidence.count
                            where PointTable<Joint>.isTracked(confidence: confidence[i], minConfidence: minConfidence) {
                                (x[i], y[i]) = space.isotropic(x: sourceX[i], y: sourceY[i])
                            }
                        }
                    }
                }
            }
        }
        self.x = x
        self.y = y
    }

    /// The joint's position, nil where it is not tracked.
    subscript(joint: Joint, frame: Int) -> (x: Float, y: Float)? {
        let i = joint.rawValue * frameCount + frame
        return x[i].isNaN ? nil : (x[i], y[i])
    }

    /// `Sidecar.hipMidpoint` of these points.
    func hipMidpoint(_ frame: Int) -> (x: Float, y: Float)? { Sidecar.hipMidpoint { self[$0, frame] } }
}

/// Which halves of the body have their left and right swapped, per frame.
public struct SwapMask: Equatable, Sendable {
    /// Per frame: shoulders, elbows, wrists (and face landmarks) swapped.
    public var upper: [Bool]
    /// Per frame: hips, knees, ankles swapped.
    public var lower: [Bool]
    /// One pair of joints exchanged alone over some frames.
    public struct PairSwap: Equatable, Sendable {
        /// The left joint of the pair.
        public var joint: Joint
        /// The frames swapped.
        public var frames: Range<Int>
    }
    /// Pairs of joints swapped alone (not as part of a half).
    public var pairs: [PairSwap] = []

    /// No swap in `frameCount` frames.
    public init(frameCount: Int) {
        upper = Array(repeating: false, count: frameCount)
        lower = upper
    }

    /// The whole body swapped in the frames marked.
    public init(wholeBody: [Bool]) {
        upper = wholeBody
        lower = wholeBody
    }

    /// True when any half (or pair) is swapped in `frame`.
    public subscript(frame: Int) -> Bool { upper[frame] || lower[frame] || pairs.contains { $0.frames.contains(frame) } }
}

extension Sidecar {
    /// The clip with left and right joints (and face landmarks) exchanged in the frames
    /// marked `swapped`, undoing an estimator's whole-body left/right swaps.
    public func repairingSwaps(_ swapped: [Bool]) -> Sidecar {
        repairingSwaps(SwapMask(wholeBody: swapped))
    }

    /// The clip with each half's left and right joints exchanged where `mask` marks it
    /// (face landmarks with the upper half). Positions are kept; exchanging is its own inverse.
    public func repairingSwaps(_ mask: SwapMask) -> Sidecar {
        var result = self
        // Each left joint's frames to exchange: its pair's and its half's, once each.
        var exchanged = [[Bool]](repeating: [Bool](repeating: false, count: frameCount), count: Joint.count)
        for pair in mask.pairs {
            let left = pair.joint.name.hasPrefix("left") ? pair.joint : pair.joint.mirrored
            for frame in pair.frames where frame >= 0 && frame < frameCount { exchanged[left.rawValue][frame] = true }
        }
        for part in [BodyPart.upper, .lower] {
            let swapped = part == .upper ? mask.upper : mask.lower
            for frame in 0..<min(frameCount, swapped.count) where swapped[frame] {
                for joint in part.leftJoints { exchanged[joint.rawValue][frame] = true }
                if part == .upper, face != nil {
                    for landmark in FaceLandmark.allCases where landmark.mirrored.rawValue > landmark.rawValue {
                        result.face!.exchange(landmark, landmark.mirrored, frame: frame)
                    }
                }
            }
        }
        for joint in Joint.allCases {
            for frame in 0..<frameCount where exchanged[joint.rawValue][frame] {
                result.joints.exchange(joint, joint.mirrored, frame: frame)
            }
        }
        return result
    }

}
