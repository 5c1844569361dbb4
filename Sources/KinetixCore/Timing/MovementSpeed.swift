import Foundation

/// How fast a body moves, frame by frame: s(t) = sqrt(Σ wᵢ θ̇ᵢ²) in degrees per second
/// over the chosen limbs, on a regular grid.
///
/// Each angle is resampled onto the grid (gaps up to `maxGapSeconds` bridged), low-passed
/// by a zero-phase Butterworth filter (no lag, so onsets are not delayed), and
/// differentiated by central differences. A frame where less than half of the chosen
/// limbs' weight is tracked has no speed (NaN): a limb dropping out must not read as a
/// movement.
public struct MovementSpeed: Sendable {
    /// The grid the speeds are on.
    public var grid: AnalysisGrid
    /// s per grid frame, degrees per second; NaN where too little is tracked.
    public var speed: [Double]
    /// |θ̇ᵢ| per limb and grid frame, degrees per second, limb-major (`Limb.rawValue ×
    /// grid.count + frame`); NaN where that limb is not tracked or not among the chosen limbs.
    public var limbSpeeds: [Float]
    /// The RMS speed that the estimator's jitter alone produces, degrees per second.
    ///
    /// Each chosen angle's jitter σᵢ is estimated from its second differences, which a
    /// smooth movement barely changes (σ = median |Δ²θ| / 0.6745 / √6); white jitter
    /// low-passed at f꜀ and differentiated has variance σ²·(2f꜀/rate)·(2πf꜀)²/3, so
    /// s_noise = sqrt(Σ wᵢ σᵢ² · (2f꜀/rate) · (2πf꜀)² / 3). Thresholds never go below a
    /// few times it, so jitter is never read as a movement.
    public var noiseDegreesPerSecond: Double

    /// The speeds of `angles` on a grid at `rate` over the clip's own span.
    public init(angles: AngleSeries, options: OnsetOptions, rate: Double) {
        let first = angles.times.first ?? 0
        let last = angles.times.last ?? 0
        grid = AnalysisGrid(from: first, through: last, rate: rate)
        let n = grid.count
        let resampled = angles.resampled(at: grid.times, maxGapSeconds: options.maxGapSeconds)
        limbSpeeds = [Float](repeating: .nan, count: n * Limb.count)
        var sum = [Double](repeating: 0, count: n)
        var tracked = [Double](repeating: 0, count: n)
        var totalWeight = 0.0
        var noiseVariance = 0.0
        let cutoff = min(options.cutoffHertz, rate / 2)
        // The chosen limbs, each once, in a fixed order (sums come out the same every run);
        // the others are never read and stay NaN.
        let chosen = Set(options.limbs)
        for limb in Limb.allCases where chosen.contains(limb) {
            let raw = Array(resampled.column(limb))
            let filtered = Smoothing.lowPass(raw, cutoffHertz: options.cutoffHertz, sampleRate: rate)
            let weight = Double(options.weights[limb.rawValue])
            totalWeight += weight
            let sigma = Self.jitter(raw)
            noiseVariance += weight * sigma * sigma * (2 * cutoff / rate) * pow(2 * .pi * cutoff, 2) / 3
            for i in 0..<n {
                let derivative = Self.derivative(filtered, at: i, rate: rate)
                guard derivative.isFinite else { continue }
                limbSpeeds[limb.rawValue * n + i] = Float(abs(derivative))
                sum[i] += weight * derivative * derivative
                tracked[i] += weight
            }
        }
        speed = (0..<n).map { i in tracked[i] * 2 >= totalWeight && tracked[i] > 0 ? sum[i].squareRoot() : .nan }
        noiseDegreesPerSecond = noiseVariance.squareRoot()
    }

    /// The standard deviation of an angle's frame-to-frame jitter, degrees, from the median
    /// absolute second difference (robust to movement and outliers); 0 with too few samples.
    static func jitter(_ values: [Float]) -> Double {
        var differences: [Double] = []
        differences.reserveCapacity(values.count)
        for i in 1..<max(1, values.count - 1) {
            let d = Double(values[i + 1]) - 2 * Double(values[i]) + Double(values[i - 1])
            if d.isFinite { differences.append(abs(d)) }
        }
        guard differences.count >= 5 else { return 0 }
        differences.sort()
        return differences[differences.count / 2] / 0.6745 / 6.0.squareRoot()
    }

    /// dθ/dt at frame i, degrees per second: central where both neighbours are tracked,
    /// one-sided at the edge of a run, NaN for an isolated or untracked frame.
    static func derivative(_ values: [Float], at i: Int, rate: Double) -> Double {
        let here = Double(values[i])
        guard here.isFinite else { return .nan }
        let before = i > 0 ? Double(values[i - 1]) : .nan
        let after = i + 1 < values.count ? Double(values[i + 1]) : .nan
        switch (before.isFinite, after.isFinite) {
        case (true, true): return (after - before) * rate / 2
        case (false, true): return (after - here) * rate
        case (true, false): return (here - before) * rate
        case (false, false): return .nan
        }
    }

    /// The speed at shared-clock time `t` by linear interpolation, NaN off the grid or untracked.
    public func speed(at t: Double) -> Double {
        let position = (t - grid.start) * grid.rate
        guard position >= 0, position <= Double(grid.count - 1) else { return .nan }
        let i = Int(position)
        let fraction = position - Double(i)
        guard i + 1 < grid.count else { return speed[i] }
        return speed[i] + (speed[i + 1] - speed[i]) * fraction
    }
}
