import KinetixCore

/// The side of the body a side-view camera cannot see, found from tracking, and what
/// it hides: a side view measures the near side, as tools in the field do.
///
/// In a side or oblique view (`CameraView`) a joint is hidden when it is tracked in fewer
/// than the profile's `minCoverage` of the frames with a body (neck or hips tracked)
/// while the same joint on the other side is tracked in at least that many: the body covers it (MediaPipe marks it with a
/// low visibility; OpenPose drops it). Metrics then read the near side where they choose
/// between sides (`CompiledExpression.seen(hiding:hiddenMetrics:)`), and requirements
/// on a hidden joint are met by its mirror. A joint missing on both sides is not
/// hidden: it is out of the picture, and the requirement fails as before.
package struct HiddenSide: Equatable, Sendable {
    /// Hidden joints with their coverage (tracked frames / frames), and the mirror's.
    package var joints: [(joint: Joint, coverage: Double, mirrorCoverage: Double)]

    /// The hidden side, when every hidden joint is on one side.
    package var side: BodySide? {
        let sides = Set(joints.map { $0.joint.name.hasPrefix("left") ? BodySide.left : .right })
        return sides.count == 1 ? sides.first : nil
    }

    package var hidden: Set<Joint> { Set(joints.map(\.joint)) }
    package var isEmpty: Bool { joints.isEmpty }

    package static func == (a: Self, b: Self) -> Bool { a.joints.map(\.joint) == b.joints.map(\.joint) }

    /// Nothing hidden.
    package static let none = HiddenSide(joints: [])

    /// The joints of `candidates` that `view` hides in `frames` of `sidecar`.
    package init(_ sidecar: Sidecar, candidates: Set<Joint>, view: CameraView?, frames: [Int], minConfidence: Float, minCoverage: Double) {
        // Frames with nobody in them (a title card, a fade) say nothing of what the body hides.
        let bodyFrames = frames.filter { f in
            [Joint.neck, .root].contains { sidecar.joints.isTracked($0, f, minConfidence: minConfidence) }
        }
        guard view == .side || view == .oblique, !bodyFrames.isEmpty else {
            joints = []
            return
        }
        func coverage(_ joint: Joint) -> Double {
            Double(bodyFrames.filter { sidecar.joints.isTracked(joint, $0, minConfidence: minConfidence) }.count) / Double(bodyFrames.count)
        }
        var found: [(Joint, Double, Double)] = []
        var cache: [Joint: Double] = [:]
        for joint in Joint.allCases where candidates.contains(joint) && joint.mirrored != joint {
            let mine = cache[joint] ?? coverage(joint)
            let theirs = cache[joint.mirrored] ?? coverage(joint.mirrored)
            cache[joint] = mine
            cache[joint.mirrored] = theirs
            if mine < minCoverage, theirs >= minCoverage { found.append((joint, mine, theirs)) }
        }
        joints = found
    }

    package init(joints: [(joint: Joint, coverage: Double, mirrorCoverage: Double)]) { self.joints = joints }

    /// "the left knee and left ankle (tracked in 39 % and 61 % of frames)".
    package var hiddenText: String {
        let names = joints.map(\.joint.spokenName)
        let list = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let percents = joints.map { String(format: "%.0f %%", 100 * $0.coverage) }
        let tracked = percents.count <= 1 ? percents.joined() : percents.dropLast().joined(separator: ", ") + " and " + percents.last!
        return "\(list) (tracked in \(tracked) of frames)"
    }

    /// What the report says: which side is measured and why.
    package var summary: String {
        let near = side.map { "the \($0.opposite.rawValue) (near) side is measured" } ?? "the near side of each joint is measured"
        return "side view: the body hides the \(hiddenText); \(near)"
    }
}
