import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// Angles are computed in Float from coordinates of a few hundred pixels; 0.01° is
/// far above that rounding and far below anything a person could see.
let angleTolerance: Float = 0.01

func close(_ a: Float, _ b: Float, _ tolerance: Float = angleTolerance) -> Bool {
    (a.isNaN && b.isNaN) || abs(a - b) <= tolerance
}

func sidecar(
    from pose: [Joint: (x: Double, y: Double)], space: CoordinateSpace,
    transform: (Double, Double) -> (Double, Double) = { ($0, $1) }
) -> Sidecar {
    var builder = SidecarBuilder(space: space)
    var joints: [Joint: (Float, Float, Float)] = [:]
    for (joint, p) in pose {
        let (x, y) = transform(p.x, p.y)
        switch space.kind {
        case .pixels: joints[joint] = (Float(x), Float(space.height - y), 0.9)
        case .normalized: joints[joint] = (Float(x / space.width), Float(y / space.height), 0.9)
        case .metres: joints[joint] = (Float(x), Float(y), 0.9)
        }
    }
    builder.addFrame(t: 0, joints)
    return builder.build()
}

/// A random plausible pose: directions per segment, lengths per segment.
func randomPose(_ rng: inout SplitMix64, lengths: [Double]? = nil) -> [Joint: (x: Double, y: Double)] {
    func direction() -> (Double, Double) {
        let a = rng.nextUnit() * 2 * .pi
        return (cos(a), sin(a))
    }
    let segments: [(from: Joint, to: Joint)] = [
        (.root, .neck), (.neck, .nose), (.neck, .leftShoulder), (.neck, .rightShoulder),
        (.leftShoulder, .leftElbow), (.rightShoulder, .rightElbow), (.leftElbow, .leftWrist), (.rightElbow, .rightWrist),
        (.root, .leftHip), (.root, .rightHip), (.leftHip, .leftKnee), (.rightHip, .rightKnee),
        (.leftKnee, .leftAnkle), (.rightKnee, .rightAnkle),
    ]
    var p: [Joint: (x: Double, y: Double)] = [.root: (0, 0)]
    for (index, segment) in segments.enumerated() {
        let d = direction()
        let length = lengths?[index] ?? (0.5 + rng.nextUnit())
        let from = p[segment.from]!
        p[segment.to] = (from.x + 100 * length * d.0, from.y + 100 * length * d.1)
    }
    return p
}

@Suite("Limb angles")
struct AngleTests {
    let pixels = CoordinateSpace(kind: .pixels, width: 1920, height: 1080)

    @Test("known angles on hand-built poses", arguments: [0.0, 30, 45, 90, 120, 179])
    func knownAngles(_ bend: Double) throws {
        let angles = AngleSeries(sidecar(from: KnownPose.upright(leftElbow: bend, leftKnee: bend / 2), space: pixels))
        #expect(close(angles[.leftElbow, 0], Float(bend)))
        #expect(close(angles[.leftKnee, 0], Float(bend / 2)))
        #expect(close(angles[.rightElbow, 0], 0))
        #expect(close(angles[.rightKnee, 0], 0))
        #expect(close(angles[.neck, 0], 0), "root, neck and nose are in a line")
        // The arm hangs straight down from a shoulder 0.4 wider than the hip, 3 above
        // it: a near-full fold, 180° − atan(0.4 / 3).
        #expect(close(angles[.rightShoulder, 0], Float(180 - atan(0.4 / 3) * 180 / .pi)))
    }

    @Test("a missing joint or a low confidence gives NaN, never 0")
    func missing() {
        var builder = SidecarBuilder()
        let pose = KnownPose.upright(leftElbow: 40)
        var joints = Dictionary(
            uniqueKeysWithValues: pose.map { ($0.key, (Float($0.value.x * 100 + 500), Float(500 - $0.value.y * 100), Float(0.9))) })
        joints[.leftWrist] = nil
        joints[.rightKnee]!.2 = 0.2
        builder.addFrame(t: 0, joints)
        let angles = AngleSeries(builder.build())
        #expect(angles[.leftElbow, 0].isNaN)
        #expect(angles[.rightKnee, 0].isNaN)
        #expect(angles[.rightHip, 0].isNaN, "the knee is below the default 0.3 confidence")
        #expect(!AngleSeries(builder.build(), minConfidence: 0.1)[.rightKnee, 0].isNaN)
        #expect(close(angles[.rightElbow, 0], 0))
    }

    @Test("coincident joints give NaN")
    func degenerate() {
        #expect(limbAngle((1, 1), (1, 1), (2, 2)).isNaN)
        #expect(close(limbAngle((0, 0), (1, 0), (2, 0)), 0))
        #expect(close(limbAngle((0, 0), (1, 0), (0, 0)), 180))
        #expect(close(limbAngle((0, 0), (1, 0), (1, 1)), 90))
    }

    @Test("invariant to translation, uniform scale, y-flip and mirroring", arguments: 0..<20)
    func invariance(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let pose = randomPose(&rng)
        let reference = AngleSeries(sidecar(from: pose, space: pixels, transform: { ($0 + 900, $1 + 500) }))
        let dx = rng.nextUnit() * 400
        let dy = rng.nextUnit() * 200
        let s = 0.3 + rng.nextUnit() * 2
        let variants = [
            sidecar(from: pose, space: pixels, transform: { ($0 * s + 900 + dx, $1 * s + 500 + dy) }),
            sidecar(from: pose, space: pixels, transform: { ($0 + 900, 500 - $1) }),
            sidecar(from: pose, space: pixels, transform: { (900 - $0, $1 + 500) }),
        ]
        for variant in variants {
            let angles = AngleSeries(variant)
            for limb in Limb.allCases { #expect(close(angles[limb, 0], reference[limb, 0], 0.02), "\(limb)") }
        }
    }

    @Test(
        "normalized and pixel coordinates of one pose give the same angles, at any aspect ratio",
        arguments: [(1920.0, 1080.0), (1080, 1920), (640, 480), (1000, 1000)])
    func spaces(_ size: (Double, Double)) {
        var rng = SplitMix64(seed: UInt64(size.0 + size.1))
        for _ in 0..<10 {
            let pose = randomPose(&rng)
            let place: (Double, Double) -> (Double, Double) = { ($0 * 0.3 + size.0 / 2, $1 * 0.3 + size.1 / 2) }
            let inPixels = AngleSeries(
                sidecar(from: pose, space: CoordinateSpace(kind: .pixels, width: size.0, height: size.1), transform: place))
            let normalized = AngleSeries(
                sidecar(from: pose, space: CoordinateSpace(kind: .normalized, width: size.0, height: size.1), transform: place))
            for limb in Limb.allCases { #expect(close(inPixels[limb, 0], normalized[limb, 0], 0.02), "\(limb)") }
        }
    }

    /// Elbow and knee angles are between two bones, so bone lengths cannot change
    /// them. Shoulder, hip and neck angles are measured against the trunk line
    /// (hip → shoulder, root → neck), so trunk proportions are part of what they
    /// measure; those are covered by the uniform-scale test above.
    @Test("invariant to body proportions: bone lengths do not change elbow and knee angles", arguments: 0..<10)
    func proportions(_ seed: Int) {
        var shape = SplitMix64(seed: UInt64(seed))
        var shape2 = shape
        let short = randomPose(&shape, lengths: Array(repeating: 0.6, count: 14))
        let tall = randomPose(&shape2, lengths: (0..<14).map { 0.6 + Double($0 % 5) * 0.3 })
        let a = AngleSeries(sidecar(from: short, space: pixels, transform: { ($0 + 900, $1 + 500) }))
        let b = AngleSeries(sidecar(from: tall, space: pixels, transform: { ($0 + 900, $1 + 500) }))
        for limb in [Limb.leftElbow, .rightElbow, .leftKnee, .rightKnee] {
            #expect(close(a[limb, 0], b[limb, 0], 0.02), "\(limb)")
        }
    }

    @Test("mirroring twice is the identity; once exchanges left and right")
    func mirror() {
        let angles = AngleSeries(Synth.sidecar(SynthOptions()))
        let twice = angles.mirrored().mirrored()
        #expect(twice == angles)
        let once = angles.mirrored()
        #expect(Array(once.column(.leftKnee)) == Array(angles.column(.rightKnee)))
        #expect(sameValues(Array(once.column(.neck)), Array(angles.column(.neck))))
    }

    @Test("a mirrored clip has mirrored angles")
    func mirroredClip() {
        var options = SynthOptions()
        options.motion = .routine
        options.durationSeconds = 3
        let clip = Synth.sidecar(options)
        let fromClip = AngleSeries(clip.mirrored())
        let fromAngles = AngleSeries(clip).mirrored()
        for limb in Limb.allCases {
            for frame in 0..<clip.frameCount { #expect(close(fromClip[limb, frame], fromAngles[limb, frame], 0.02)) }
        }
        // Pixels flip as width − x, exact in Float up to rounding near x = 0.
        let twice = clip.mirrored().mirrored()
        #expect(twice.joints.confidence == clip.joints.confidence)
        #expect(zip(twice.joints.x, clip.joints.x).allSatisfy { abs($0 - $1) <= 1e-3 || ($0.isNaN && $1.isNaN) })
        #expect(sameValues(twice.joints.y, clip.joints.y))
    }
}
