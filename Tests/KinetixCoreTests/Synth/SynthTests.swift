import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Synth")
struct SynthTests {
    @Test("the same options give the same bytes; another seed gives others", arguments: SynthOptions.Motion.allCases)
    func reproducible(_ motion: SynthOptions.Motion) {
        var options = SynthOptions()
        options.motion = motion
        options.durationSeconds = 3
        #expect(Synth.sidecar(options).encoded() == Synth.sidecar(options).encoded())
        var other = options
        other.seed = 2
        #expect(Synth.sidecar(other).encoded() != Synth.sidecar(options).encoded())
    }

    @Test("synthesized clips are valid in both spaces and views")
    func valid() {
        for space in CoordinateSpace.Kind.allCases {
            for view in SynthOptions.View.allCases {
                var options = SynthOptions()
                options.spaceKind = space
                options.view = view
                options.motion = .routine
                options.dropout = 0.05
                #expect(Synth.sidecar(options).validate().isEmpty)
            }
        }
    }

    @Test("a squat bends the knees; seen from the side it reaches the asked flexion")
    func squatDepth() {
        var options = SynthOptions()
        options.view = .side
        options.noisePixels = 0
        options.squatDepth = 1
        options.periodSeconds = 2
        let angles = AngleSeries(Synth.sidecar(options))
        let knee = angles.column(.leftKnee).max()!
        #expect(abs(knee - 120) < 3, "full depth is 120° of knee flexion; side view loses little: \(knee)")
        let start = angles[.leftKnee, 0]
        #expect(start < 2, "standing straight at the start")
    }

    @Test("delay shifts the motion in time; mirroring the motion exchanges sides")
    func delayAndMirror() {
        var options = SynthOptions()
        options.motion = .routine
        options.noisePixels = 0
        options.durationSeconds = 6
        let base = AngleSeries(Synth.sidecar(options))
        var late = options
        late.delaySeconds = 0.4  // 12 frames at 30 fps
        late.mirrorMotion = true
        let copy = AngleSeries(Synth.sidecar(late)).mirrored()
        for frame in 12..<base.frameCount {
            for limb in Limb.allCases {
                #expect(close(copy[limb, frame], base[limb, frame - 12], 0.05), "\(limb) at \(frame)")
            }
        }
    }

    @Test("a fault changes only its limb, only in its interval")
    func fault() {
        var options = SynthOptions()
        options.motion = .armRaise
        options.noisePixels = 0
        options.durationSeconds = 4
        var faulty = options
        faulty.faults = [.init(limb: .leftShoulder, degrees: -40, from: 1, to: 3)]
        let a = AngleSeries(Synth.sidecar(options))
        let b = AngleSeries(Synth.sidecar(faulty))
        let middle = 60  // t = 2 s, arms at the top of the raise
        #expect(abs(a[.leftShoulder, middle] - b[.leftShoulder, middle]) > 30)
        #expect(close(a[.rightShoulder, middle], b[.rightShoulder, middle]))
        #expect(close(a[.leftShoulder, 10], b[.leftShoulder, 10]))
    }
}
