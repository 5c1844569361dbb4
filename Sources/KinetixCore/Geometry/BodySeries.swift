import Foundation

/// A body's joints in body coordinates: isotropic, y up, origin at the hip
/// midpoint of each frame, one unit = the clip's torso length.
///
/// Body coordinates let two people of different size, at different distances from
/// their cameras, be drawn over each other. A joint is NaN where it is missing,
/// below `minConfidence`, or where the frame has no hip midpoint to place it from.
///
/// A 3D clip (`Sidecar.dimensions == .three`) is seen by a virtual camera placed by the
/// body, not by the real one: axes turned about the vertical so that x runs along the
/// hips (the clip's average facing: the right hip toward the left, as a front camera
/// sees it), y up and z forward (`BodyView.front`), or x forward and z to the body's
/// right (`BodyView.side`); `points.z` holds the third axis. So a frontal-plane
/// measure (knee valgus) or a sagittal one (trunk lean) means the same whichever way
/// the cameras stood. The scale is the 3D torso length.
public struct BodySeries: Equatable, Sendable {
    /// Where a 3D body's virtual camera stands (a 2D clip is seen as its camera saw it).
    public enum View: Equatable, Sendable {
        /// In front of the body: x along the hips toward the body's left, z forward.
        case front
        /// At the body's left side: x forward, z toward the body's right.
        case side
    }

    /// The confidence below which a joint counts as not tracked (Pose2Sim's and
    /// Sports2D's default likelihood threshold, 0.3).
    public static let defaultMinConfidence: Float = 0.3
    /// The confidence thresholds a front end accepts: a fraction.
    public static let minConfidenceRange: ClosedRange<Double> = 0...1

    /// Frame times, seconds.
    public var times: [Double]
    /// Joint positions in torso lengths; confidence copied from the sidecar.
    public var points: PointTable<Joint>
    /// The clip's torso length in isotropic image pixels; nil when neck and hips were
    /// never tracked together, and then every position is NaN.
    public var torsoLengthPixels: Float?
    /// Joints below this confidence were treated as not tracked.
    public var minConfidence: Float

    /// The number of frames.
    public var frameCount: Int { times.count }

    /// The body coordinates of `sidecar`, scaled by its clip scale (`clipScale`); a 3D
    /// clip seen from `view`.
    public init(_ sidecar: Sidecar, minConfidence: Float = defaultMinConfidence, view: View = .front) {
        self.init(sidecar, minConfidence: minConfidence, scale: nil, view: view)
    }

    /// Body coordinates with a given scale (torso length in isotropic pixels), or the
    /// clip's own (`clipScale`) when nil: a live stream knows only the frames so far.
    package init(_ sidecar: Sidecar, minConfidence: Float, scale givenScale: Float?, view: View = .front) {
        let n = sidecar.frameCount
        times = sidecar.times
        self.minConfidence = minConfidence
        points = PointTable(frameCount: n)
        points.confidence = sidecar.joints.confidence
        if sidecar.joints.hasDepth {
            self.init3D(sidecar, scale: givenScale, view: view)
            return
        }

        func position(_ joint: Joint, _ frame: Int) -> (x: Float, y: Float)? {
            sidecar.isotropicPosition(joint, frame, minConfidence: minConfidence)
        }
        func hipMidpoint(_ frame: Int) -> (x: Float, y: Float)? { sidecar.hipMidpoint(frame, minConfidence: minConfidence) }

        torsoLengthPixels = givenScale ?? Self.clipScale(of: sidecar, minConfidence: minConfidence)
        guard let scale = torsoLengthPixels, scale > 0 else {
            torsoLengthPixels = nil
            return
        }
        for frame in 0..<n {
            guard let origin = hipMidpoint(frame) else { continue }
            for joint in Joint.allCases {
                guard let p = position(joint, frame) else { continue }
                let i = points.index(joint, frame)
                points.x[i] = (p.x - origin.x) / scale
                points.y[i] = (p.y - origin.y) / scale
            }
        }
    }

    /// The 3D path of `init`: positions turned into the body's own axes (`View`).
    private mutating func init3D(_ sidecar: Sidecar, scale givenScale: Float?, view: View) {
        let n = sidecar.frameCount
        points = PointTable(frameCount: n, depth: true)
        points.confidence = sidecar.joints.confidence
        torsoLengthPixels = givenScale ?? Self.clipScale(of: sidecar, minConfidence: minConfidence)
        guard let scale = torsoLengthPixels, scale > 0 else {
            torsoLengthPixels = nil
            return
        }
        let across = Self.facingAxis(sidecar, minConfidence: minConfidence)
        let up = SIMD3<Float>(0, 1, 0)
        let forward = SIMD3<Float>(-across.z, 0, across.x)  // across × up
        let axes = view == .front ? (across, up, forward) : (forward, up, -across)
        for frame in 0..<n {
            guard let origin = sidecar.hipMidpoint3D(frame, minConfidence: minConfidence) else { continue }
            for joint in Joint.allCases {
                guard let p = sidecar.isotropicPosition3D(joint, frame, minConfidence: minConfidence) else { continue }
                let d = (p - origin) / scale
                let i = points.index(joint, frame)
                points.x[i] = (d * axes.0).sum()
                points.y[i] = (d * axes.1).sum()
                points.z![i] = (d * axes.2).sum()
            }
        }
    }

    /// The clip's horizontal direction from the right hip to the left (shoulders when the
    /// hips are never both tracked), averaged as unit vectors over the frames; x when
    /// neither is ever seen.
    static func facingAxis(_ sidecar: Sidecar, minConfidence: Float) -> SIMD3<Float> {
        for (left, right) in [(Joint.leftHip, Joint.rightHip), (.leftShoulder, .rightShoulder)] {
            var sum = SIMD3<Float>(0, 0, 0)
            for frame in 0..<sidecar.frameCount {
                guard let l = sidecar.isotropicPosition3D(left, frame, minConfidence: minConfidence),
                    let r = sidecar.isotropicPosition3D(right, frame, minConfidence: minConfidence)
                else { continue }
                var d = l - r
                d.y = 0
                let length = (d * d).sum().squareRoot()
                if length > 0 { sum += d / length }
            }
            let length = (sum * sum).sum().squareRoot()
            if length > 0 { return sum / length }
        }
        return SIMD3<Float>(1, 0, 0)
    }

    /// `clipScale(_:)` of the clip's torso lengths (neck to hip midpoint, isotropic
    /// pixels, or 3D when the clip has depth, in frames where both are tracked), without
    /// building the body series.
    public static func clipScale(of sidecar: Sidecar, minConfidence: Float = defaultMinConfidence) -> Float? {
        if sidecar.joints.hasDepth {
            let lengths = (0..<sidecar.frameCount).compactMap { frame -> Float? in
                guard let hip = sidecar.hipMidpoint3D(frame, minConfidence: minConfidence),
                    let neck = sidecar.isotropicPosition3D(.neck, frame, minConfidence: minConfidence)
                else { return nil }
                let d = neck - hip
                return (d * d).sum().squareRoot()
            }
            return clipScale(lengths)
        }
        var torsoLengths: [Float] = []
        torsoLengths.reserveCapacity(sidecar.frameCount)
        for frame in 0..<sidecar.frameCount {
            if let hip = sidecar.hipMidpoint(frame, minConfidence: minConfidence),
                let neck = sidecar.isotropicPosition(.neck, frame, minConfidence: minConfidence)
            {
                torsoLengths.append(planarDistance(neck.x - hip.x, neck.y - hip.y))
            }
        }
        return clipScale(torsoLengths)
    }

    /// The clip's scale from its per-frame torso lengths: the 90th percentile.
    ///
    /// A 2D torso only ever looks shorter than it is (leaning, bending toward the
    /// camera), so an upper quantile estimates the true length; the 90th rather than
    /// the maximum ignores the odd detector outlier. A squat that bends the trunk for
    /// most of the clip therefore keeps the upright scale.
    public static func clipScale(_ torsoLengths: [Float]) -> Float? {
        var finite = torsoLengths.filter { $0.isFinite && $0 > 0 }
        guard !finite.isEmpty else { return nil }
        return quantile(selecting: &finite, 0.9)
    }

    /// The body seen in a mirror: x → −x and left/right joints exchanged.
    /// Mirroring twice gives the original.
    public func mirrored() -> BodySeries {
        var result = self
        let n = frameCount
        for joint in Joint.allCases {
            let target = joint.rawValue * n
            let source = joint.mirrored.rawValue * n
            for frame in 0..<n {
                result.points.x[target + frame] = -points.x[source + frame]
                result.points.y[target + frame] = points.y[source + frame]
                result.points.z?[target + frame] = points.z![source + frame]
                result.points.confidence[target + frame] = points.confidence[source + frame]
            }
        }
        return result
    }
}

/// Linear-interpolated quantile `q` in 0...1 of sorted, non-empty values.
/// `quantile(sorted:_:)` of `values` in any order (NaN-free), which are reordered: the
/// two order statistics it needs are selected (Hoare's quickselect, expected linear
/// time) instead of sorting everything.
package func quantile<T: BinaryFloatingPoint>(selecting values: inout [T], _ q: T) -> T {
    precondition(!values.isEmpty)
    let position = q * T(values.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, values.count - 1)
    let fraction = position - T(lower)
    let low = select(&values, lower)
    // After selecting `lower`, everything above it is no smaller: the next order
    // statistic is the least of those.
    let high = upper == lower ? low : values[(lower + 1)...].min()!
    return low + (high - low) * fraction
}

/// Puts the `k`-th smallest of `values` at index `k`, no larger ones before it and no
/// smaller ones after, and returns it.
private func select<T: Comparable>(_ values: inout [T], _ k: Int) -> T {
    var low = 0
    var high = values.count - 1
    while low < high {
        // Median of three as the pivot, so sorted or constant input stays linear.
        let middle = low + (high - low) / 2
        if values[middle] < values[low] { values.swapAt(middle, low) }
        if values[high] < values[low] { values.swapAt(high, low) }
        if values[high] < values[middle] { values.swapAt(high, middle) }
        let pivot = values[middle]
        var i = low
        var j = high
        while i <= j {
            while values[i] < pivot { i += 1 }
            while pivot < values[j] { j -= 1 }
            if i <= j {
                values.swapAt(i, j)
                i += 1
                j -= 1
            }
        }
        if k <= j { high = j } else if k >= i { low = i } else { break }
    }
    return values[k]
}

package func quantile<T: BinaryFloatingPoint>(sorted values: [T], _ q: T) -> T {
    precondition(!values.isEmpty)
    let position = q * T(values.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, values.count - 1)
    let fraction = position - T(lower)
    return values[lower] + (values[upper] - values[lower]) * fraction
}

extension Sidecar {
    /// A joint in isotropic image coordinates (pixels, y up), or nil when it is not
    /// tracked at `minConfidence`.
    @inlinable
    public func isotropicPosition(_ joint: Joint, _ frame: Int, minConfidence: Float) -> (x: Float, y: Float)? {
        guard joints.isTracked(joint, frame, minConfidence: minConfidence) else { return nil }
        let i = joints.index(joint, frame)
        return space.isotropic(x: joints.x[i], y: joints.y[i])
    }

    /// The hip midpoint in isotropic coordinates: `root`, or the midpoint of the hips.
    public func hipMidpoint(_ frame: Int, minConfidence: Float) -> (x: Float, y: Float)? {
        Self.hipMidpoint { isotropicPosition($0, frame, minConfidence: minConfidence) }
    }

    /// A joint in right-handed isotropic 3D coordinates, y up (image kinds: pixels, z
    /// toward the camera), or nil when it is not tracked or the clip has no depth.
    public func isotropicPosition3D(_ joint: Joint, _ frame: Int, minConfidence: Float) -> SIMD3<Float>? {
        guard let z = joints.z, let p = isotropicPosition(joint, frame, minConfidence: minConfidence) else { return nil }
        let depth = space.isotropicDepth(z[joints.index(joint, frame)])
        // Relative depth grows away from the camera; metres are right-handed already.
        return SIMD3(p.x, p.y, space.kind == .metres ? depth : -depth)
    }

    /// `hipMidpoint` in 3D (`isotropicPosition3D`).
    public func hipMidpoint3D(_ frame: Int, minConfidence: Float) -> SIMD3<Float>? {
        if let root = isotropicPosition3D(.root, frame, minConfidence: minConfidence) { return root }
        guard let l = isotropicPosition3D(.leftHip, frame, minConfidence: minConfidence),
            let r = isotropicPosition3D(.rightHip, frame, minConfidence: minConfidence)
        else { return nil }
        return (l + r) / 2
    }

    /// The hip midpoint from any lookup of one frame's points (nil: not tracked).
    @inline(__always)
    static func hipMidpoint(_ position: (Joint) -> (x: Float, y: Float)?) -> (x: Float, y: Float)? {
        if let root = position(.root) { return root }
        guard let l = position(.leftHip), let r = position(.rightHip) else { return nil }
        return ((l.x + r.x) / 2, (l.y + r.y) / 2)
    }
}
