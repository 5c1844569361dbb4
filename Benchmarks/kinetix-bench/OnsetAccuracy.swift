import Foundation
import KinetixCore
import _KinetixTestSupport

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
                var truth = 0
                var extra = 0
                var rng = SplitMix64(seed: 7)
                for trial in 0..<(quick ? 2 : 40) {
                    let limb = Limb.allCases[trial % Limb.count]
                    var starts: [Double] = []
                    var durations: [Double] = []
                    var amplitudes: [Double] = []
                    var t = 1.0 + rng.nextUnit()
                    while t < 18 {
                        starts.append(t)
                        durations.append(0.4 + 0.4 * rng.nextUnit())
                        amplitudes.append(30 + 60 * rng.nextUnit())
                        t += durations.last! + 1.5 + rng.nextUnit()
                    }
                    let series = minimumJerkAngles(
                        rate: rate, seconds: 20, limb: limb, from: 45,
                        moves: AngleMove.outAndBack(starts: starts, durations: durations, amplitudes: amplitudes),
                        jitter: jitter, rng: &rng)
                    var options = OnsetOptions()
                    options.detector = detector
                    let found = MovementOnsets(angles: series, options: options, rate: rate).movements.compactMap(\.onsetSeconds)
                    truth += starts.count
                    var used = Set<Int>()
                    for start in starts {
                        // The found onset nearest the true start, within half a second.
                        guard
                            let (index, onset) = found.enumerated().filter({ !used.contains($0.offset) })
                                .min(by: { abs($0.element - start) < abs($1.element - start) }), abs(onset - start) < 0.5
                        else { continue }
                        used.insert(index)
                        errors.append(onset - start)
                    }
                    extra += found.count - used.count
                }
                let bias = errors.isEmpty ? 0 : errors.reduce(0, +) / Double(errors.count)
                let sd =
                    errors.count < 2 ? 0 : (errors.reduce(0) { $0 + ($1 - bias) * ($1 - bias) } / Double(errors.count - 1)).squareRoot()
                let centred = errors.map { abs($0 - bias) * rate }.sorted()
                let median = centred.isEmpty ? Double.nan : centred[centred.count / 2]
                print(
                    String(
                        format: "| %@ | %g | %g° | %d / %d | %d | %+.1f | %.1f | %.2f |", detector.rawValue, rate, jitter,
                        errors.count, truth, extra, bias * 1000, sd * 1000, median))
            }
        }
    }
}
