import Foundation
import KinetixCore

/// Onset accuracy of each detector on synthesized movements with known starts: one limb
/// makes minimum-jerk moves (0.4–0.8 s, 30–90°, out and back with 1.5–2.5 s of rest
/// between) while all nine angles carry Gaussian jitter. Prints the error (found −
/// true) per detector, rate and jitter: bias and SD in ms, and the median absolute
/// error once the bias is removed, in frames; plus movements missed or invented.
func onsetAccuracy(quick: Bool) {
    print("| detector | fps | jitter | found / true | extra | bias ms | SD ms | median abs. error after bias, frames |")
    print("|---|---|---|---|---|---|---|---|")
    for detector in OnsetOptions.Detector.allCases {
        for rate in [30.0, 60.0] {
            for jitter in [1.0, 2.0] {
                var errors: [Double] = []
                var truth = 0, extra = 0
                var rng = SplitMix64(seed: 7)
                for trial in 0..<(quick ? 2 : 40) {
                    let limb = Limb.allCases[trial % Limb.count]
                    var starts: [Double] = [], durations: [Double] = [], amplitudes: [Double] = []
                    var t = 1.0 + rng.nextUnit()
                    while t < 18 {
                        starts.append(t)
                        durations.append(0.4 + 0.4 * rng.nextUnit())
                        amplitudes.append(30 + 60 * rng.nextUnit())
                        t += durations.last! + 1.5 + rng.nextUnit()
                    }
                    let series = movingAngles(rate: rate, seconds: 20, limb: limb, starts: starts, durations: durations,
                                              amplitudes: amplitudes, jitter: jitter, rng: &rng)
                    var options = OnsetOptions()
                    options.detector = detector
                    let found = MovementOnsets(angles: series, options: options, rate: rate).movements.compactMap(\.onsetSeconds)
                    truth += starts.count
                    var used = Set<Int>()
                    for start in starts {
                        // The found onset nearest the true start, within half a second.
                        guard let (index, onset) = found.enumerated().filter({ !used.contains($0.offset) })
                            .min(by: { abs($0.element - start) < abs($1.element - start) }), abs(onset - start) < 0.5 else { continue }
                        used.insert(index)
                        errors.append(onset - start)
                    }
                    extra += found.count - used.count
                }
                let bias = errors.isEmpty ? 0 : errors.reduce(0, +) / Double(errors.count)
                let sd = errors.count < 2 ? 0 : (errors.reduce(0) { $0 + ($1 - bias) * ($1 - bias) } / Double(errors.count - 1)).squareRoot()
                let centred = errors.map { abs($0 - bias) * rate }.sorted()
                let median = centred.isEmpty ? Double.nan : centred[centred.count / 2]
                print(String(format: "| %@ | %g | %g° | %d / %d | %d | %+.1f | %.1f | %.2f |", detector.rawValue, rate, jitter,
                             errors.count, truth, extra, bias * 1000, sd * 1000, median))
            }
        }
    }
}

/// Nine angles at `rate`, still at 90° but for `limb`'s minimum-jerk moves, plus jitter.
func movingAngles(rate: Double, seconds: Double, limb: Limb, starts: [Double], durations: [Double], amplitudes: [Double],
                  jitter: Double, rng: inout SplitMix64) -> AngleSeries {
    let n = Int(seconds * rate) + 1
    var values = [Float](repeating: 90, count: n * Limb.count)
    for f in 0..<n {
        let t = Double(f) / rate
        var angle = 45.0
        for k in starts.indices where t > starts[k] {
            let tau = min(1, (t - starts[k]) / durations[k])
            angle += (k % 2 == 0 ? 1 : -1) * amplitudes[min(k, amplitudes.count - 1) - (k % 2)] * (10 * pow(tau, 3) - 15 * pow(tau, 4) + 6 * pow(tau, 5))
        }
        for other in Limb.allCases {
            values[other.rawValue * n + f] = Float((other == limb ? angle : 90) + jitter * rng.nextGaussian())
        }
    }
    return AngleSeries(times: (0..<n).map { Double($0) / rate }, values: values)
}
