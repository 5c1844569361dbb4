import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

@Suite("Smoothing and reps")
struct SignalTests {
    @Test("low-pass keeps a constant and a slow sine, removes fast noise, and never fills gaps")
    func lowPass() {
        let constant = Smoothing.lowPass([Float](repeating: 7, count: 100), cutoffHertz: 6, sampleRate: 60)
        #expect(constant.allSatisfy { abs($0 - 7) < 1e-4 })
        let slow = (0..<300).map { Float(sin(2 * .pi * 1 * Double($0) / 60)) }
        let filtered = Smoothing.lowPass(slow, cutoffHertz: 6, sampleRate: 60)
        #expect(zip(slow, filtered).dropFirst(20).dropLast(20).allSatisfy { abs($0 - $1) < 0.01 }, "1 Hz passes a 6 Hz filter with no lag")
        let fast = (0..<300).map { Float(sin(2 * .pi * 20 * Double($0) / 60)) }
        let cut = Smoothing.lowPass(fast, cutoffHertz: 6, sampleRate: 60)
        #expect(cut.dropFirst(20).dropLast(20).allSatisfy { abs($0) < 0.1 })
        var gapped = slow
        gapped[100] = .nan
        #expect(Smoothing.lowPass(gapped, cutoffHertz: 6, sampleRate: 60)[100].isNaN)
    }

    @Test("low-pass of an angle at its limits never leaves the angle's own range (no knee flexion below 0°, no elevation past 180°)")
    func noOvershoot() {
        // A knee that snaps straight: 40° down to exactly 0° in two frames, held at 0°; an
        // arm that snaps to 180°. The zero-phase filter rings past both ends unclamped.
        let knee: [Float] = Array(repeating: 40, count: 30) + Array(repeating: 0, count: 60)
        let arm: [Float] = Array(repeating: 90, count: 30) + Array(repeating: 180, count: 60)
        let ringing = Smoothing.lowPass(knee, cutoffHertz: 6, sampleRate: 30)
        #expect(ringing.min()! < 0, "the unclamped filter overshoots (the effect guarded against)")
        for signal in [knee, arm] {
            let smoothed = Smoothing.lowPass(signal, cutoffHertz: 6, sampleRate: 30, clampToRange: true)
            #expect(smoothed.allSatisfy { $0 >= signal.min()! && $0 <= signal.max()! })
        }
    }

    @Test("moving median removes a spike")
    func median() {
        var values = [Float](repeating: 1, count: 20)
        values[10] = 100
        #expect(Smoothing.movingMedian(values, window: 5)[10] == 1)
    }

    @Test("hysteresis: noise around one threshold does not count extra reps")
    func hysteresis() {
        var rng = SplitMix64(seed: 3)
        let times = (0..<600).map { Double($0) / 60 }
        let values = times.map { t in Float(50 + 45 * sin(2 * .pi * t / 2.5 - .pi / 2) + rng.nextGaussian() * 4) }
        let reps = RepCounting.reps(in: values, times: times, enter: 80, exit: 20, minSeconds: 0.5)
        #expect(reps.count == 4)
        let falling = RepCounting.reps(in: values.map { 100 - $0 }, times: times, enter: 20, exit: 80, minSeconds: 0.5)
        #expect(falling == reps, "dips count like rises")
        #expect(RepCounting.reps(in: values, times: times, enter: 80, exit: 20, minSeconds: 5).isEmpty)
    }
}
