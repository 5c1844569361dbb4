import Foundation
import KinetixCore

/// One smooth move of a synthesized angle: from `start` seconds, `degrees` (signed) over
/// `duration` seconds with a minimum-jerk profile.
public struct AngleMove: Sendable {
    public var start: Double, duration: Double, degrees: Double

    public init(start: Double, duration: Double, degrees: Double) {
        (self.start, self.duration, self.degrees) = (start, duration, degrees)
    }

    /// Moves out and back: the even ones by `+degrees`, the odd ones by `-degrees` of the one before.
    public static func outAndBack(starts: [Double], durations: [Double], amplitudes: [Double]) -> [AngleMove] {
        starts.indices.map { k in
            AngleMove(start: starts[k], duration: durations[k], degrees: (k % 2 == 0 ? 1 : -1) * amplitudes[k - k % 2])
        }
    }

    /// How far along the move is at `t`: 0 before it, 1 after, 10τ³ − 15τ⁴ + 6τ⁵ between.
    public func progress(at t: Double) -> Double {
        guard t > start else { return 0 }
        let tau = min(1, (t - start) / duration)
        return 10 * pow(tau, 3) - 15 * pow(tau, 4) + 6 * pow(tau, 5)
    }
}

/// Nine angles at `rate` over `seconds`, every limb at 90° but `limb`, which starts at
/// `from` degrees and makes `moves`; each angle gets Gaussian jitter of `jitter` degrees
/// when positive (drawn frame by frame, limb by limb, from `rng`). Times start at `timeOffset`.
package func minimumJerkAngles(
    rate: Double, seconds: Double, limb: Limb, from: Double = 90, moves: [AngleMove],
    jitter: Double = 0, rng: inout SplitMix64, timeOffset: Double = 0
) -> AngleSeries {
    let n = Int(seconds * rate) + 1
    var values = [Float](repeating: 90, count: n * Limb.count)
    for f in 0..<n {
        let t = Double(f) / rate
        var angle = from
        for move in moves where t > move.start { angle += move.degrees * move.progress(at: t) }
        for other in Limb.allCases {
            let value = other == limb ? angle : 90
            values[other.rawValue * n + f] = Float(value + (jitter > 0 ? jitter * rng.nextGaussian() : 0))
        }
    }
    return AngleSeries(times: (0..<n).map { timeOffset + Double($0) / rate }, values: values)
}
