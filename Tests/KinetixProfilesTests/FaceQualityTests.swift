import Foundation
import KinetixCore
import KinetixReport
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// Facial symmetry measured against the skull, and honest about what a clip allows:
/// linear in a side's movement, silent within the noise, void on a face too small, and
/// never averaging across a shot cut or a turned head.
@Suite("Facial symmetry: linearity, noise, face size, turns and cuts")
struct FaceQualityTests {
    static func face(distance: Double = SynthOptions.faceCameraDistanceMeters, noise: Double = 1, seconds: Double = 11, seed: UInt64 = 1)
        -> Sidecar
    {
        var o = SynthOptions()
        o.motion = .face
        o.cameraDistanceMeters = distance
        o.noisePixels = noise
        o.durationSeconds = seconds
        o.seed = seed
        return Synth.sidecar(o)
    }

    static func assess(_ clip: Sidecar) throws -> Assessment {
        let profile = try shipped("facial-symmetry")
        return Assessor(profile: profile, parameters: try profile.parameterValues(overriding: [])).assess(clip)
    }

    static func movement(_ a: Assessment, _ measure: String, _ side: String) -> Float {
        let s = a.symmetry.first { $0.measure == measure }!
        return side == "left" ? s.movementLeft! : s.movementRight!
    }

    @Test("a side keeping a fraction k of its movement reads k times its own movement on every measure", arguments: [0.2, 0.4, 0.7])
    func linear(_ k: Double) throws {
        let healthy = Self.face()
        let before = try Self.assess(healthy)
        #expect(before.weakerSide == nil, "a healthy synthesized face has no weaker side")
        for side in ["left", "right"] {
            let after = try Self.assess(weakenedFace(healthy, side: side, keep: k))
            for measure in ["brow", "eyeClosure", "mouthCorner", "mouthElevation"] {
                let was = Self.movement(before, measure, side)
                let now = Self.movement(after, measure, side)
                #expect(abs(now - Float(k) * was) <= 0.06 * abs(was) + 0.003, "\(measure) \(side) k=\(k): \(was) → \(now)")
                // The other side is untouched.
                let other = side == "left" ? "right" : "left"
                #expect(abs(Self.movement(after, measure, other) - Self.movement(before, measure, other)) < 1e-4)
            }
            if k <= 0.4 { #expect(after.weakerSide?.rawValue == side) }
        }
    }

    @Test("a face doing nothing, tracked smoothly, with a 0.2-pixel drift on one side names no weaker side")
    func subPixel() throws {
        // Every frame the first frame's face (no jitter at all: the noise estimate is 0),
        // then from 3 s the right brow 0.2 px higher.
        var still = Self.face(noise: 0, seconds: 6)
        var face = try #require(still.face)
        for frame in 0..<still.frameCount {
            for landmark in FaceLandmark.allCases {
                guard var p = face[landmark, 0] else { continue }
                if landmark == .rightBrowCenter, still.times[frame] >= 3 { p.y -= 0.2 }
                face[landmark, frame] = p
            }
        }
        still.face = face
        let a = try Self.assess(still)
        #expect(a.status == .ok)
        #expect(a.weakerSide == nil, "\(a.symmetry)")
        let brow = try #require(a.symmetry.first { $0.measure == "brow" })
        #expect(!brow.measurable && brow.weakerSide == nil, "under a pixel and under 0.02 IPD: not a movement")
    }

    @Test("movements within three times the noise are not measurable: no deviation, no weaker side")
    func noise() throws {
        // A face that only keeps still: every movement is landmark jitter.
        // 2.2 s: the 2 s neutral baseline and the first instants of the brow raise.
        let still = Self.face(noise: 2, seconds: 2.2)
        let a = try Self.assess(still)
        #expect(a.status == .ok && a.weakerSide == nil)
        #expect(a.symmetry.allSatisfy { !$0.measurable && $0.deviationPercent == nil && ($0.noiseLeft ?? 0) > 0 })
        let report = AssessmentReport(a, clip: still, provenance: Provenance(inputs: [])).text()
        #expect(report.contains("not measurable (moved less than 3× the noise, or under 0.02 IPD)"), "\(report)")
    }

    @Test("a face too small in the picture is void, with its size and the minimum")
    func tooSmall() throws {
        let far = Self.face(distance: 6)
        let a = try Self.assess(far)
        #expect(a.status == .void)
        let size = try #require(a.face?.eyeDistancePixels)
        #expect(size < FaceQuality.minEyeDistancePixels)
        #expect(
            a.voidReason?.hasPrefix(String(format: "the face is %.0f px between the eye centres; at least 20 px are needed", size)) == true)
        #expect(try Self.assess(Self.face()).face!.eyeDistancePixels! > 100)
    }

    @Test("a head turned beyond the eye-width limit leaves its frames unmeasured")
    func turned() throws {
        var clip = Self.face()
        var face = clip.face!
        // From 6 to 7 s the right eye is foreshortened to half its width (the head turned to the left).
        for i in clip.times.indices where clip.times[i] >= 6 && clip.times[i] < 7 {
            guard let inner = face[.rightEyeInner, i], let outer = face[.rightEyeOuter, i] else { continue }
            face[.rightEyeOuter, i] = (inner.x + (outer.x - inner.x) * 0.5, inner.y + (outer.y - inner.y) * 0.5, outer.confidence)
        }
        clip.face = face
        let series = FaceSeries(clip)
        let turned = clip.times.indices.filter { clip.times[$0] >= 6 && clip.times[$0] < 7 }
        #expect(series.turnedFrames == turned.count)
        #expect(turned.allSatisfy { series.points[.mouthLeft, $0] == nil || series.points.x[series.points.index(.mouthLeft, $0)].isNaN })
        #expect(try Self.assess(clip).face?.turnedFrames == turned.count)
    }

    @Test("a shot cut is found, reported, and the analysis keeps to the longest stretch without one")
    func cut() throws {
        var clip = Self.face(seconds: 16)
        var face = clip.face!
        // From 11 s on, another shot: the face 300 px to the right and 20 % smaller.
        let cutIndex = try #require(clip.times.firstIndex { $0 >= 11 })
        for i in cutIndex..<clip.frameCount {
            for landmark in FaceLandmark.allCases {
                guard let p = face[landmark, i] else { continue }
                face[landmark, i] = (p.x * 0.8 + 300, p.y * 0.8, p.confidence)
            }
        }
        clip.face = face
        let a = try Self.assess(clip)
        let quality = try #require(a.face)
        #expect(quality.cuts.count == 1 && abs(quality.cuts[0] - clip.times[cutIndex]) < 1e-9)
        #expect(quality.analysed == 0..<cutIndex)
        // The same result as the clip cut there: nothing after the cut is averaged in.
        var first = clip
        first.times = Array(clip.times[..<cutIndex])
        first.joints = PointTable(frameCount: cutIndex)
        var head = PointTable<FaceLandmark>(frameCount: cutIndex)
        for landmark in FaceLandmark.allCases { for i in 0..<cutIndex { head[landmark, i] = face[landmark, i] } }
        first.face = head
        let alone = try Self.assess(first)
        #expect(zip(a.symmetry, alone.symmetry).allSatisfy { $0.movementLeft == $1.movementLeft && $0.movementRight == $1.movementRight })
        let text = AssessmentReport(a, clip: clip, provenance: Provenance(inputs: [])).text()
        #expect(text.contains(String(format: "shot cuts or tracking jumps at %.2f s (never averaged across)", clip.times[cutIndex])))
    }
}
