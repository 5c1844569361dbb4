import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Body coordinates")
struct BodySeriesTests {
    @Test("origin at the hip midpoint, y up, one unit per torso length")
    func coordinates() throws {
        let pose = KnownPose.upright()
        var builder = SidecarBuilder(space: CoordinateSpace(kind: .pixels, width: 1000, height: 1000))
        var joints = Dictionary(
            uniqueKeysWithValues: pose.map { ($0.key, (Float(500 + 50 * $0.value.x), Float(600 - 50 * $0.value.y), Float(1))) })
        builder.addFrame(t: 0, joints)
        joints[.root] = nil  // falls back to the midpoint of the hips
        builder.addFrame(t: 1, joints)
        let body = BodySeries(builder.build())
        #expect(body.torsoLengthPixels == 150)
        for frame in 0..<2 {
            #expect(body.points[.neck, frame]!.x == 0)
            #expect(body.points[.neck, frame]!.y == 1)
            #expect(body.points[.leftKnee, frame]!.y == Float(-2.0 / 3))
            #expect(body.points[.leftShoulder, frame]!.x == Float(1.0 / 3), "subject's left stays at +x: the image is not mirrored")
        }
    }

    @Test("the clip scale ignores bending: a squat keeps the upright torso length")
    func stableScale() {
        var upright = SynthOptions()
        upright.motion = .armRaise
        upright.noisePixels = 0
        var squat = upright
        squat.motion = .squat
        squat.squatDepth = 1
        let standing = BodySeries(Synth.sidecar(upright)).torsoLengthPixels!
        let squatting = BodySeries(Synth.sidecar(squat)).torsoLengthPixels!
        #expect(abs(standing - squatting) / standing < 0.02, "\(standing) vs \(squatting)")
        // The per-frame torso length, by contrast, shrinks by about a quarter at the bottom.
        #expect(BodySeries.clipScale([100, 100, 60, 60, 60, 60, 60, 60, 60, 100]) == 100)
        #expect(BodySeries.clipScale([]) == nil)
    }

    @Test("no torso: every position is NaN and the scale is unknown")
    func noTorso() {
        var builder = SidecarBuilder()
        builder.addFrame(t: 0, [.leftWrist: (1, 2, 0.9), .leftElbow: (3, 4, 0.9)])
        let body = BodySeries(builder.build())
        #expect(body.torsoLengthPixels == nil)
        #expect(body.points[.leftWrist, 0] == nil || body.points.x[body.points.index(.leftWrist, 0)].isNaN)
    }

    @Test("mirroring twice is the identity; once negates x and exchanges sides")
    func mirror() {
        let body = BodySeries(Synth.sidecar(SynthOptions()))
        let twice = body.mirrored().mirrored()
        #expect(twice == body, "x → −x is exact")
        let once = body.mirrored()
        #expect(once.points[.leftKnee, 5]!.x == -body.points[.rightKnee, 5]!.x)
        #expect(once.points[.root, 5]!.y == body.points[.root, 5]!.y)
    }

    @Test("a quantile by selection equals the quantile of the sorted values, duplicates and all")
    func quantileBySelection() {
        var rng = SplitMix64(seed: 9)
        for count in [1, 2, 3, 10, 101, 5000] {
            for distinct in [1, 3, 1000] {
                let values = (0..<count).map { _ in Float(rng.next() % UInt64(distinct)) + Float(rng.nextUnit()) * (distinct == 1 ? 0 : 1) }
                for q: Float in [0, 0.1, 0.5, 0.9, 1] {
                    var scratch = values
                    #expect(
                        quantile(selecting: &scratch, q) == quantile(sorted: values.sorted(), q),
                        "\(count) values, \(distinct) distinct, q \(q)")
                }
            }
        }
        var ascending = (0..<10_000).map(Float.init)
        #expect(quantile(selecting: &ascending, 0.9) == quantile(sorted: (0..<10_000).map(Float.init), 0.9))
    }
}
