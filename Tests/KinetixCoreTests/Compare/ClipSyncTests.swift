import Foundation
import Testing
import KinetixCore

/// Lining up two recordings of one person from the movement (issue 39).
@Suite("Clip sync")
struct ClipSyncTests {
    /// One performance (the routine, seed 7) seen by a camera: from `view`, at `fps`,
    /// with 2 px of the camera's own noise (`noiseSeed`).
    static func camera(_ view: SynthOptions.View, fps: Double, noiseSeed: UInt64) -> Sidecar {
        var options = SynthOptions()
        options.motion = .routine
        options.durationSeconds = 10
        options.view = view
        options.frameRate = fps
        options.noisePixels = 0
        options.seed = 7
        var clip = Synth.sidecar(options)
        var state = noiseSeed &* 0x9E37_79B9_7F4A_7C15
        func noise() -> Float {  // uniform in ±2 px, from a small xorshift
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Float(Double(state % 4001) / 1000 - 2)
        }
        for joint in Joint.allCases {
            for f in 0..<clip.frameCount {
                guard let p = clip[joint, f] else { continue }
                clip[joint, f] = (p.x + noise(), p.y + noise(), p.confidence)
            }
        }
        return clip
    }

    @Test("a known offset, whole or a fraction of a frame, is found to a tenth of a frame; its sign puts the clip on the reference's clock",
          arguments: [0.0, 0.3, -0.45, 1.0 / 60, 0.51])
    func knownOffset(_ seconds: Double) throws {
        let reference = Self.camera(.front, fps: 30, noiseSeed: 1)
        let clip = Self.camera(.front, fps: 30, noiseSeed: 2).shifted(bySeconds: -seconds)   // its clock starts later
        let result = try ClipSync.offset(of: clip, to: reference)
        #expect(abs(result.offsetSeconds - seconds) <= 0.1 / 30, "found \(result.offsetSeconds) s for \(seconds) s")
        #expect(result.confidence > 0.5 && result.correlation > 0.9, "\(result)")
    }

    @Test("another view and another frame rate: a 60 fps side camera against a 30 fps front one")
    func otherViewAndRate() throws {
        let reference = Self.camera(.front, fps: 30, noiseSeed: 1)
        let clip = Self.camera(.side, fps: 60, noiseSeed: 3).shifted(bySeconds: -0.25)
        let result = try ClipSync.offset(of: clip, to: reference)
        #expect(result.rate == 60)
        // A side view's angles are another projection of the same movement: within one
        // frame of the 30 fps camera (measured: 24 ms).
        #expect(abs(result.offsetSeconds - 0.25) <= 1.0 / 30, "found \(result.offsetSeconds) s, \(result.signal)")
        #expect(result.confidence > 0.3, "\(result)")
    }

    @Test("a person standing still gives nothing to line up by: refused, saying so")
    func stillRefused() {
        var options = SynthOptions()
        options.motion = .singleLegStance
        options.durationSeconds = 4
        options.noisePixels = 0
        let still = Synth.sidecar(options)
        var standing = still
        for joint in Joint.allCases { for f in 0..<standing.frameCount { standing[joint, f] = still[joint, 0] } }
        let error = #expect(throws: KinetixError.self) { try ClipSync.offset(of: standing, to: standing) }
        #expect(error?.kind == .unsupported && error?.description.contains("barely moves") == true, "\(String(describing: error))")
    }

    @Test("a search range outside 0...60 s is a setting error")
    func badRange() {
        var options = ClipSync.Options()
        options.maxOffsetSeconds = .nan
        let clip = Self.camera(.front, fps: 30, noiseSeed: 1)
        #expect(throws: KinetixError.self) { try ClipSync.offset(of: clip, to: clip, options: options) }
    }
}
