import Foundation

/// How plausible a 3D clip's depth is: a body's limbs keep their lengths, and a joint's
/// depth moves as smoothly as its place in the image. One camera's 3D (MediaPipe's world
/// landmarks, Vision 3D) estimates depth from one view; these figures say when that
/// estimate is unsteady, which a clean-looking 2D track does not show.
///
/// Measured on real clips (a calibration of the limits, on these six): Pose2Sim's
/// triangulated four-camera trial, limb lengths vary by up to 8.5 % (coefficient of
/// variation of the worst segment), depth jitter 0.005 torso lengths; MediaPipe world
/// landmarks of four real clips (lateral raises, walking, jumping jacks, a squat),
/// 7.2–7.9 % and 0.014–0.043; of the balancing trial's cam02 (left and right swapped in
/// 33 frames), 26.6 % and 0.18.
public struct DepthPlausibility: Equatable, Sendable {
    /// The segment whose length varies most, and by how much: its standard deviation
    /// over its median, percent (a rigid body: 0).
    public let worstSegment: String
    /// See `worstSegment`.
    public let worstSegmentSpreadPercent: Double
    /// The RMS second difference of root-relative depth, torso lengths per frame.
    public let depthJitterTorsos: Double
    /// The same in the image plane (x and y), for comparison.
    public let planeJitterTorsos: Double

    /// Above this spread a limb is not the same length from frame to frame, percent.
    public static let maxSpreadPercent = 15.0
    /// Above this the depth jumps between frames, torso lengths.
    public static let maxDepthJitterTorsos = 0.06

    /// Whether both figures are within the limits.
    public var isPlausible: Bool { worstSegmentSpreadPercent <= Self.maxSpreadPercent && depthJitterTorsos <= Self.maxDepthJitterTorsos }

    /// What is not plausible, in words; empty when nothing is.
    public var problems: [String] {
        var out: [String] = []
        if worstSegmentSpreadPercent > Self.maxSpreadPercent {
            out.append(
                String(
                    format: "the %@ changes length by %.0f %% (SD over median; four triangulated cameras: 8.5 %%)", worstSegment,
                    worstSegmentSpreadPercent))
        }
        if depthJitterTorsos > Self.maxDepthJitterTorsos {
            out.append(
                String(
                    format: "depth jumps %.3f torso lengths between frames (in the image %.3f; four triangulated cameras: 0.005)",
                    depthJitterTorsos, planeJitterTorsos))
        }
        return out
    }

    /// The figures of a 3D clip; nil for a 2D one, or one whose torso is never seen.
    public init?(_ clip: Sidecar, minConfidence: Float = BodySeries.defaultMinConfidence) {
        guard clip.joints.hasDepth, clip.frameCount >= 3 else { return nil }
        func p(_ joint: Joint, _ f: Int) -> SIMD3<Float>? { clip.isotropicPosition3D(joint, f, minConfidence: minConfidence) }
        var torsos: [Float] = []
        for f in 0..<clip.frameCount {
            if let neck = p(.neck, f), let root = p(.root, f) { torsos.append(((neck - root) * (neck - root)).sum().squareRoot()) }
        }
        guard !torsos.isEmpty else { return nil }
        let torso = Double(quantile(selecting: &torsos, 0.5))
        guard torso > 0 else { return nil }
        var worst = ("", 0.0)
        // `BodyProportions.limbs` (upper arms, forearms, thighs, shins), each side apart.
        let segments = BodyProportions.limbs.flatMap { limb in
            limb.sides.enumerated().map {
                (
                    ($0.offset == 0 ? "left " : "right ") + limb.name.replacingOccurrences(of: "upperArm", with: "upper arm"), $0.element.0,
                    $0.element.1
                )
            }
        }
        for (name, a, b) in segments {
            var lengths: [Double] = []
            for f in 0..<clip.frameCount {
                if let u = p(a, f), let v = p(b, f) { lengths.append(Double(((u - v) * (u - v)).sum().squareRoot())) }
            }
            guard lengths.count >= 3 else { continue }
            let sorted = lengths.sorted()
            let median = sorted[sorted.count / 2]
            guard median > 0 else { continue }
            let mean = lengths.reduce(0, +) / Double(lengths.count)
            let sd = (lengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(lengths.count)).squareRoot()
            if 100 * sd / median > worst.1 { worst = (name, 100 * sd / median) }
        }
        var depth = 0.0
        var plane = 0.0
        var count = 0
        for joint in Joint.allCases where joint != .root {
            for f in 1..<(clip.frameCount - 1) {
                guard let a = p(joint, f - 1), let b = p(joint, f), let c = p(joint, f + 1),
                    let ra = p(.root, f - 1), let rb = p(.root, f), let rc = p(.root, f + 1)
                else { continue }
                let d = (a - ra) - 2 * (b - rb) + (c - rc)
                depth += Double(d.z * d.z)
                plane += Double(d.x * d.x + d.y * d.y) / 2
                count += 1
            }
        }
        worstSegment = worst.0
        worstSegmentSpreadPercent = worst.1
        depthJitterTorsos = count > 0 ? (depth / Double(count)).squareRoot() / torso : 0
        planeJitterTorsos = count > 0 ? (plane / Double(count)).squareRoot() / torso : 0
    }
}
