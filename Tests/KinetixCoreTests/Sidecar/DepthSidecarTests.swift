import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

/// Sidecars with a third coordinate: the format, the edits, and 3D angles.
@Suite("Sidecars with depth")
struct DepthSidecarTests {
    /// A synthesized body in metres (its own 3D joints, world frame, y up).
    func clip(motion: SynthOptions.Motion = .routine, seconds: Double = 8, seed: UInt64 = 1) -> Sidecar {
        var options = SynthOptions()
        options.motion = motion
        options.spaceKind = .metres
        options.durationSeconds = seconds
        options.seed = seed
        return Synth.sidecar(options)
    }

    /// `sidecar` turned about the vertical axis by `degrees` (a person facing another way).
    func turned(_ sidecar: Sidecar, degrees: Double) -> Sidecar {
        var result = sidecar
        let c = Float(cos(degrees * .pi / 180))
        let s = Float(sin(degrees * .pi / 180))
        for joint in Joint.allCases {
            for frame in 0..<sidecar.frameCount {
                guard let p = sidecar[joint, frame] else { continue }
                let z = sidecar.joints.depth(joint, frame)
                result[joint, frame] = (c * p.x + s * z, p.y, p.confidence)
                result.joints.setDepth(-s * p.x + c * z, joint, frame)
            }
        }
        return result
    }

    @Test("a 3D clip is written as version 2 with [x, y, z, confidence] and read back equal; a 2D clip stays version 1")
    func roundTrip() throws {
        let original = clip()
        #expect(original.dimensions == .three)
        let text = String(decoding: original.encoded(), as: UTF8.self)
        #expect(text.contains(#""version": 2"#))
        #expect(text.contains(#""space": {"kind": "metres", "depth": "world"}"#))
        let decoded = try Sidecar.decode(original.encoded())
        #expect(decoded == original)
        #expect(decoded.joints.z != nil)
        let planar = original.droppingDepth()
        #expect(planar.dimensions == .two)
        #expect(String(decoding: planar.encoded(), as: UTF8.self).contains(#""version": 1"#))
        #expect(try Sidecar.decode(planar.encoded()) == planar)
        // An image clip with relative depth (MediaPipe's image z) is 3D too.
        var relative = Synth.sidecar(SynthOptions())
        relative.space.depth = .relative
        relative.joints.z = relative.joints.x.map { $0.isNaN ? .nan : 0.25 * $0 }
        #expect(try Sidecar.decode(relative.encoded()) == relative)
    }

    @Test("a long 3D clip decodes the same with its second half read ahead and without")
    func readAhead() throws {
        let text = Array(clip(seconds: 300).encoded())
        try text.withUnsafeBytes { raw in
            let alone = try Sidecar.decode(raw, file: nil, limits: .default, discard: nil)
            let ahead = try Sidecar.decode(raw, file: nil, limits: .default, discard: nil, readAheadBytes: 0)
            #expect(alone == ahead)
            #expect(alone == clip(seconds: 300))
        }
    }

    @Test("edits keep depth: trimmed, resampled (z interpolated), shifted, mirrored twice, swaps repaired with their z")
    func edits() throws {
        let original = clip(seconds: 2)
        let trimmed = original.trimmed(from: 0.5, to: 1)
        #expect(trimmed.joints.depth(.leftWrist, 0) == original.joints.depth(.leftWrist, 15))
        let resampled = try original.resampled(rate: 60)
        let z0 = original.joints.depth(.leftWrist, 10)
        let z1 = original.joints.depth(.leftWrist, 11)
        #expect(abs(resampled.joints.depth(.leftWrist, 21) - (z0 + z1) / 2) < 1e-6)
        #expect(original.shifted(bySeconds: 1).joints == original.joints)
        #expect(original.mirrored().mirrored() == original)
        #expect(original.mirrored().joints.depth(.rightWrist, 10) == original.joints.depth(.leftWrist, 10))
        var mask = SwapMask(frameCount: original.frameCount)
        mask.upper[3] = true
        let repaired = original.repairingSwaps(mask)
        #expect(repaired.joints.depth(.leftWrist, 3) == original.joints.depth(.rightWrist, 3))
        #expect(repaired.joints.depth(.rightWrist, 3) == original.joints.depth(.leftWrist, 3))
        #expect(repaired.repairingSwaps(mask) == original)
        var untracked = original
        untracked[.nose, 0] = nil
        #expect(untracked.joints.depth(.nose, 0).isNaN)
    }

    @Test("3D angles do not depend on which way the person faces; a camera's 2D angles do")
    func viewIndependent() throws {
        let body = clip(seconds: 6)
        let front = AngleSeries(body)
        #expect(front.dimensions == .three)
        for degrees in [37.0, 90, 200] {
            let other = AngleSeries(turned(body, degrees: degrees))
            let worst = zip(front.values, other.values).map { abs($0 - $1) }.filter { !$0.isNaN }.max() ?? .infinity
            #expect(worst < 0.02, "turned \(degrees)°: \(worst)°")
        }
        // The x-y projections of the same turns (2D angles) differ by tens of degrees.
        let planarFront = AngleSeries(body.droppingDepth())
        let planarSide = AngleSeries(turned(body, degrees: 90).droppingDepth())
        #expect(planarFront.dimensions == .two)
        let worst = zip(planarFront.values, planarSide.values).map { abs($0 - $1) }.filter { !$0.isNaN }.max() ?? 0
        #expect(worst > 20)
    }

    @Test("limbAngle of 3D points: 0 straight, 90 square, 180 folded, NaN for a zero segment; the 2D formula on the z = 0 plane")
    func limbAngle3D() {
        let o = SIMD3<Float>(0, 0, 0)
        #expect(limbAngle(o, SIMD3(0, 0, 1), SIMD3(0, 0, 2)) == 0)
        #expect(abs(limbAngle(o, SIMD3(0, 0, 1), SIMD3(0, 1, 1)) - 90) < 1e-5)
        #expect(abs(limbAngle(o, SIMD3(0, 0, 1), SIMD3(0, 0, 0.5)) - 180) < 1e-5)
        #expect(limbAngle(o, o, SIMD3(1, 0, 0)).isNaN)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<100 {
            let p = (0..<3).map { _ in (x: Float(rng.nextUnit() * 2 - 1), y: Float(rng.nextUnit() * 2 - 1)) }
            let flat = limbAngle(p[0], p[1], p[2])
            let spatial = limbAngle(SIMD3(p[0].x, p[0].y, 0), SIMD3(p[1].x, p[1].y, 0), SIMD3(p[2].x, p[2].y, 0))
            #expect(abs(flat - spatial) < 1e-3)
        }
    }

    @Test("a 3D clip against a 2D one is refused with the reason and the way out; two 3D clips compare, view-independent")
    func comparisonDimensions() throws {
        let demonstrator = clip(seconds: 10)
        let learner = turned(clip(seconds: 10, seed: 2).shifted(bySeconds: 0.3), degrees: 60)
        #expect(throws: KinetixError.self) { try Comparison(demonstrator: demonstrator.droppingDepth(), learner: learner) }
        do {
            _ = try Comparison(demonstrator: demonstrator.droppingDepth(), learner: learner)
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.diagnostics[0].message.contains("the demonstrator is 2D and the learner 3D"))
            #expect(error.diagnostics[0].setting == .planarAngles)
        }
        var options = ComparisonOptions()
        options.mirror = false
        let comparison = try Comparison(demonstrator: demonstrator, learner: learner, options: options)
        #expect(comparison.dimensions == .three)
        let summary = ComparisonSummary(comparison)
        #expect(abs((summary.medianLagSeconds ?? 0) - 0.3) < 0.05)
        #expect((summary.withinTolerancePercent ?? 0) > 95)
    }

    @Test("a relative depth of ±1e20 px (more than ten image widths) is refused naming the joint and frame; a body's own depth passes")
    func relativeDepthLimit() throws {
        var clip = Synth.sidecar(SynthOptions())
        clip.space.depth = .relative
        clip.joints.z = clip.joints.x.map { $0.isNaN ? .nan : 0.25 * $0 }
        #expect(clip.validate().isEmpty)
        for far: Float in [1e20, -1e20] {
            var deep = clip
            deep.joints.z![deep.joints.index(.leftKnee, 3)] = far
            let problems = deep.validate()
            #expect(
                problems.contains { $0.frameIndex == 3 && $0.field == "joint 'leftKnee'" && $0.message.contains("relative depth") },
                "\(problems)")
            #expect(throws: KinetixError.self) { try Sidecar.decode(deep.encoded()) }
        }
    }
}
