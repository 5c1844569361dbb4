import Foundation

/// A body's limb lengths in torso lengths over a clip: what stays the same for one
/// person from session to session, and tells two people apart.
///
/// Each limb's length is the 90th percentile over the clip's frames of its image
/// length over the torso's (neck to hip midpoint) in the same frame: a projection only
/// shortens a limb, so the longer lengths are the truer ones. Left and right are
/// averaged where both are seen.
public struct BodyProportions: Equatable, Sendable {
    /// The limbs measured, with the joints that bound them on each side.
    public static let limbs: [(name: String, sides: [(Joint, Joint)])] = [
        ("upperArm", [(.leftShoulder, .leftElbow), (.rightShoulder, .rightElbow)]),
        ("forearm", [(.leftElbow, .leftWrist), (.rightElbow, .rightWrist)]),
        ("thigh", [(.leftHip, .leftKnee), (.rightHip, .rightKnee)]),
        ("shin", [(.leftKnee, .leftAnkle), (.rightKnee, .rightAnkle)]),
    ]

    /// Per limb in `limbs`' order, torso lengths; NaN for a limb never seen.
    public var lengths: [Float]

    /// The proportions of `lengths`, in `limbs`' order.
    public init(lengths: [Float]) { self.lengths = lengths }

    /// Nil when no limb and torso were ever seen together.
    public init?(_ sidecar: Sidecar, minConfidence: Float = BodySeries.defaultMinConfidence) {
        var ratios = [[Float]](repeating: [], count: Self.limbs.count)
        for frame in 0..<sidecar.frameCount {
            guard let hip = sidecar.hipMidpoint(frame, minConfidence: minConfidence),
                let neck = sidecar.isotropicPosition(.neck, frame, minConfidence: minConfidence)
            else { continue }
            let torso = Self.distance(hip, neck)
            guard torso > 0 else { continue }
            for (k, limb) in Self.limbs.enumerated() {
                let seen = limb.sides.compactMap { a, b -> Float? in
                    guard let p = sidecar.isotropicPosition(a, frame, minConfidence: minConfidence),
                        let q = sidecar.isotropicPosition(b, frame, minConfidence: minConfidence)
                    else { return nil }
                    return Self.distance(p, q) / torso
                }
                if !seen.isEmpty { ratios[k].append(seen.reduce(0, +) / Float(seen.count)) }
            }
        }
        guard ratios.contains(where: { !$0.isEmpty }) else { return nil }
        lengths = ratios.map { values in
            var values = values
            return values.isEmpty ? .nan : quantile(selecting: &values, 0.9)
        }
    }

    /// The mean |log ratio| of the limbs both know (0.1: about 10 % apart), nil when
    /// they share none.
    public func difference(from other: BodyProportions) -> Float? {
        let pairs = zip(lengths, other.lengths).filter { $0 > 0 && $1 > 0 && $0.isFinite && $1.isFinite }
        guard !pairs.isEmpty else { return nil }
        return pairs.map { abs(log($0 / $1)) }.reduce(0, +) / Float(pairs.count)
    }

    private static func distance(_ p: (x: Float, y: Float), _ q: (x: Float, y: Float)) -> Float { planarDistance(p.x - q.x, p.y - q.y) }
}
