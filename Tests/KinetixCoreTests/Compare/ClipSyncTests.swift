import Foundation
import KinetixCore
import Testing

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
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
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

    @Test(
        "a known offset, whole or a fraction of a frame, is found to a tenth of a frame; its sign puts the clip on the reference's clock",
        arguments: [0.0, 0.3, -0.45, 1.0 / 60, 0.51])
    func knownOffset(_ seconds: Double) throws {
        let reference = Self.camera(.front, fps: 30, noiseSeed: 1)
        let clip = Self.camera(.front, fps: 30, noiseSeed: 2).shifted(bySeconds: -seconds)  // its clock starts later
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

    @Test(
        "clips far apart on their clocks (times up to ±1e9 s are valid) are refused at once, never a grid laid over the gap",
        arguments: [1e5, 9e8, -9e8])
    func farApart(_ seconds: Double) throws {
        let reference = Self.camera(.front, fps: 30, noiseSeed: 1)
        let far = Self.camera(.front, fps: 30, noiseSeed: 2).shifted(bySeconds: seconds)
        let started = Date()
        let error = #expect(throws: KinetixError.self) { try ClipSync.offset(of: far, to: reference) }
        #expect(
            error?.kind == .unsupported && error?.description.contains("do not overlap within the search") == true,
            "\(String(describing: error))")
        #expect(Date().timeIntervalSince(started) < 2, "no grid over the gap")
    }

    @Test("a clip whose own frames lie far apart (its last at 8e8 s) is refused over the grid limit, never a grid of billions of frames")
    func farApartWithinAClip() throws {
        var reference = Self.camera(.front, fps: 30, noiseSeed: 1)
        reference.times[reference.times.count - 1] = 8e8
        let clip = Self.camera(.front, fps: 30, noiseSeed: 2)
        let started = Date()
        let error = #expect(throws: KinetixError.self) { try ClipSync.offset(of: clip, to: reference) }
        #expect(
            error?.kind == .limitExceeded && error?.description.contains("over the limit of 5000000") == true,
            "\(String(describing: error))")
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test("a search range outside 0...60 s is a setting error")
    func badRange() {
        var options = ClipSync.Options()
        options.maxOffsetSeconds = .nan
        let clip = Self.camera(.front, fps: 30, noiseSeed: 1)
        #expect(throws: KinetixError.self) { try ClipSync.offset(of: clip, to: clip, options: options) }
    }
}

/// Trust: edges, rivals, evidence and loops (issue 55).
@Suite("Clip sync trust")
struct ClipSyncTrustTests {
    @Test(
        "the best fit at the search's edge is not trusted: --max-offset 0.1 against a true offset of 0.3 s gives confidence 0 and says why")
    func edge() throws {
        let reference = ClipSyncTests.camera(.front, fps: 30, noiseSeed: 1)
        let clip = ClipSyncTests.camera(.front, fps: 30, noiseSeed: 2).shifted(bySeconds: -0.3)
        var options = ClipSync.Options()
        options.maxOffsetSeconds = 0.1
        let r = try ClipSync.offset(of: clip, to: reference, options: options)
        #expect(r.confidence == 0 && r.warnings.contains(.atSearchEdge(maxOffsetSeconds: 0.1)), "\(r)")
        options.maxOffsetSeconds = 1
        let wide = try ClipSync.offset(of: clip, to: reference, options: options)
        #expect(abs(wide.offsetSeconds - 0.3) <= 0.1 / 30 && wide.isTrusted, "\(wide)")
    }

    @Test(
        "loops of offsets must add up: the issue's cameras (01→02 −5.7, 02→04 +1.9, 01→04 −20 frames) name camera 04 once the others agree")
    func consensus() {
        let f = 1.0 / 60
        // Clips 0, 1, 2 agree on 0; every pair with clip 3 says something else.
        let pairs = [
            (0, 1, 0.2 * f, 0.9), (0, 2, -0.3 * f, 0.9), (1, 2, -0.4 * f, 0.9),
            (0, 3, -20 * f, 0.8), (1, 3, 1.9 * f, 0.8), (2, 3, 9 * f, 0.8),
        ]
        let (fit, used, dropped) = ClipSync.consensus(count: 4, tolerance: 1.5 * f, pairs: pairs)
        #expect(Set(used) == [0, 1, 2] || dropped.count >= 2, "used \(used), dropped \(dropped)")
        var count = [0, 0, 0, 0]
        for p in dropped {
            count[pairs[p].0] += 1
            count[pairs[p].1] += 1
        }
        #expect(count[3] == count.max()! && count[3] >= 2, "\(count)")
        #expect(abs((fit[1] ?? 9) - 0.2 * f) < 0.5 * f && abs((fit[2] ?? 9) + 0.3 * f) < 0.5 * f, "\(fit)")
    }

    @Test("pairs that add up are all kept")
    func consistent() {
        let f = 1.0 / 60
        let pairs = [(0, 1, 1 * f, 0.9), (0, 2, 2 * f, 0.9), (1, 2, 1.2 * f, 0.9)]
        let (fit, used, dropped) = ClipSync.consensus(count: 3, tolerance: 1.5 * f, pairs: pairs)
        #expect(dropped.isEmpty && used.count == 3 && abs(fit[2]! - 2.07 * f) < 0.1 * f, "\(fit)")
    }
}
