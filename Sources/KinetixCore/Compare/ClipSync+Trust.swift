import Foundation

/// A signal pair's correlation at every candidate offset.
struct SyncCurve {
    struct Settings {
        /// The search range either way, grid frames.
        var reach: Int
        /// How far the curve is computed, to see rivals and whether it still rises past the range.
        var extendedReach: Int
        /// The least shared frames an offset needs.
        var minShared: Int
        /// Grid frames per second.
        var rate: Double
    }

    /// `correlation[k + extendedReach]`: the reference at frame i against the clip at
    /// i − k (the clip shifted k frames later); NaN where too few frames are shared.
    var correlation: [Double]
    /// Frames both clips have at each offset.
    var shared: [Int]
    var extendedReach: Int

    func value(_ k: Int) -> Double {
        let i = k + extendedReach
        return i >= 0 && i < correlation.count ? correlation[i] : .nan
    }

    /// Pearson's correlation of one channel at offset `k` (the clip shifted k frames
    /// later) over the frames both have; NaN with fewer than `minShared`.
    static func pearson(_ a: [Float], _ b: [Float], at k: Int, minShared: Int) -> Double {
        let n = min(a.count, b.count)
        var sums = PearsonSums()
        for i in max(0, k)..<max(max(0, k), min(n, n + k)) { sums.add(a[i], b[i - k]) }
        guard sums.count >= max(3, minShared) else { return .nan }
        return sums.correlation ?? .nan
    }

    /// Bartlett's effective number of independent samples of two signals over the
    /// frames they share at offset `k`: N / (1 + 2 Σ ρa(j) ρb(j)), the autocorrelations
    /// summed over lags up to 5 s (or a quarter of the frames). A smooth or periodic
    /// signal has far fewer independent samples than frames: a correlation over them
    /// is weaker evidence.
    static func effectiveSamples(_ a: [Float], _ b: [Float], at k: Int, rate: Double) -> Double {
        let n = min(a.count, b.count)
        var x: [Double] = []
        var y: [Double] = []
        for i in max(0, k)..<max(max(0, k), min(n, n + k)) where a[i].isFinite && b[i - k].isFinite {
            x.append(Double(a[i]))
            y.append(Double(b[i - k]))
        }
        let m = x.count
        guard m >= 4 else { return Double(m) }
        let mx = x.reduce(0, +) / Double(m)
        let my = y.reduce(0, +) / Double(m)
        for i in 0..<m {
            x[i] -= mx
            y[i] -= my
        }
        let vx = x.reduce(0) { $0 + $1 * $1 }
        let vy = y.reduce(0) { $0 + $1 * $1 }
        guard vx > 0, vy > 0 else { return Double(m) }
        var sum = 0.0
        for lag in 1..<max(1, min(m / 4, Int(5 * rate))) {
            var ax = 0.0
            var ay = 0.0
            for i in 0..<(m - lag) {
                ax += x[i] * x[i + lag]
                ay += y[i] * y[i + lag]
            }
            sum += (ax / vx) * (ay / vy) * Double(m - lag) / Double(m)
        }
        return max(2, min(Double(m), Double(m) / max(1, 1 + 2 * sum)))
    }

    /// The jackknife standard error of the peak's offset, frames: the peak found again
    /// near `near` with each joint left out in turn (`leaveOneOut`); nil without them.
    static func jackknife(_ pair: SyncSignal.Pair, near: Int, minShared: Int) -> Double? {
        guard pair.leaveOneOut.count >= 3 else { return nil }
        var estimates: [Double] = []
        for (a, b) in pair.leaveOneOut {
            let values = (near - 4...near + 4).map { pearson(a, b, at: $0, minShared: minShared) }
            guard let i = (1..<(values.count - 1)).filter({ values[$0].isFinite }).max(by: { values[$0] < values[$1] }) else { continue }
            var fraction = 0.0
            let (l, c, h) = (values[i - 1], values[i], values[i + 1])
            if l.isFinite, h.isFinite, 2 * c - l - h > 0 { fraction = max(-0.5, min(0.5, 0.5 * (h - l) / (2 * c - l - h))) }
            estimates.append(Double(near - 4 + i) + fraction)
        }
        guard estimates.count >= 3 else { return nil }
        let n = Double(estimates.count)
        let mean = estimates.reduce(0, +) / n
        return ((n - 1) / n * estimates.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }).squareRoot()
    }

    /// Pearson's correlation of each channel over the frames both have, averaged over
    /// channels weighted by those frames.
    static func pearson(_ pair: SyncSignal.Pair, _ settings: Settings) -> SyncCurve {
        curve(pair, settings) { a, b, k, n in
            var total = 0.0
            var weight = 0
            var frames = Set<Int>()
            for c in a.indices {
                var sums = PearsonSums()
                for i in max(0, k)..<min(n, n + k) {
                    if sums.add(a[c][i], b[c][i - k]), a.count > 1 { frames.insert(i) }
                }
                guard let r = sums.correlation else { continue }
                total += r * Double(sums.count)
                weight += sums.count
            }
            return (weight > 0 ? total / Double(weight) : .nan, a.count > 1 ? frames.count : weight)
        }
    }

    /// 1 − the mean squared difference of z-scores / 2 (their correlation, for
    /// z-scored signals), pooled over channels.
    static func zScoreMismatch(_ pair: SyncSignal.Pair, _ settings: Settings) -> SyncCurve {
        curve(pair, settings) { a, b, k, n in
            var sum = 0.0
            var count = 0
            var frames = 0
            for i in max(0, k)..<min(n, n + k) {
                var here = false
                for c in a.indices {
                    let d = a[c][i] - b[c][i - k]
                    guard !d.isNaN else { continue }
                    sum += Double(d * d)
                    count += 1
                    here = true
                }
                if here { frames += 1 }
            }
            return (count > 0 ? max(-1, min(1, 1 - sum / Double(count) / 2)) : .nan, frames)
        }
    }

    private static func curve(
        _ pair: SyncSignal.Pair, _ settings: Settings,
        _ score: ([[Float]], [[Float]], Int, Int) -> (Double, Int)
    ) -> SyncCurve {
        let e = settings.extendedReach
        let n = pair.reference.first?.count ?? 0
        var correlation = [Double](repeating: .nan, count: 2 * e + 1)
        var shared = [Int](repeating: 0, count: 2 * e + 1)
        for k in -e...e where abs(k) < n {
            let (r, frames) = score(pair.reference, pair.clip, k, n)
            shared[k + e] = frames
            if frames >= settings.minShared, r.isFinite { correlation[k + e] = r }
        }
        return SyncCurve(correlation: correlation, shared: shared, extendedReach: e)
    }
}

/// How sure an offset is, from its correlation curve: the one rule of `ClipSync`'s
/// confidence.
///
/// confidence = strength × margin × evidence, or 0 when the curve still rises at the
/// search's edge:
/// - strength = (r − 0.55) / 0.3 within 0...1: a synced pair of real cameras of one
///   trial correlates at 0.81–0.92 in its keypoint speeds, unrelated real clips at most
///   0.72 (and mostly below 0.55);
/// - margin = (r − r₂) / (1 − r₂) within 0...1, r₂ the best rival peak more than
///   `ClipSync.neighbourhoodSeconds` away, looked for to twice the search range (so a
///   repetitive movement's next cycle, or a better fit just past the range, counts);
///   1 with no rival;
/// - evidence = (N − 5) / 25 within 0...1, N Bartlett's effective number of independent
///   samples (`SyncCurve.effectiveSamples`).
/// The cut-offs were set on the shared four-camera OpenPose trial and 206 pairs of
/// unrelated real clips (a calibration: the README says which figures are held out).
struct SyncTrust {
    /// The offset, grid frames (refined to a fraction).
    let offsetFrames: Double
    let correlation: Double
    let sharedFrames: Int
    let rival: (frames: Double, correlation: Double)?
    let atEdge: Bool
    let strength: Double
    let margin: Double
    /// Set by `ClipSync` once known (`SyncCurve.effectiveSamples`).
    var independentSamples = Self.fullEvidenceSamples
    var shapeConfidence: Double { atEdge ? 0 : strength * margin }
    var evidence: Double {
        max(0, min(1, (independentSamples - Self.noEvidenceSamples) / (Self.fullEvidenceSamples - Self.noEvidenceSamples)))
    }
    var confidence: Double { shapeConfidence * evidence }

    /// Evidence grows from none at 5 independent samples to full at 30: 1.65 s of real
    /// balancing has 9–12, and so has that stretch matched by chance inside an
    /// unrelated 10 s clip at r = 0.89–0.91 (measured); a pair alone cannot tell them apart.
    static let noEvidenceSamples = 5.0, fullEvidenceSamples = 30.0

    static let weakCorrelation = 0.55, strongCorrelation = 0.85

    init?(curve: SyncCurve, settings: SyncCurve.Settings) {
        let reach = settings.reach
        guard let best = (-reach...reach).filter({ curve.value($0).isFinite }).max(by: { curve.value($0) < curve.value($1) }) else {
            return nil
        }
        let r = curve.value(best)
        correlation = r
        sharedFrames = curve.shared[best + curve.extendedReach]
        var fraction = 0.0
        let (l, c, h) = (curve.value(best - 1), r, curve.value(best + 1))
        if l.isFinite, h.isFinite {
            let curvature = 2 * c - l - h
            if curvature > 0 { fraction = max(-0.5, min(0.5, 0.5 * (h - l) / curvature)) }
        }
        offsetFrames = Double(best) + fraction
        // At the edge, the curve beyond decides: rising (or unknown) means the answer may lie past it.
        if abs(best) == reach {
            let beyond = curve.value(best + (best >= 0 ? 1 : -1))
            atEdge = !(beyond.isFinite && beyond < r)
        } else {
            atEdge = false
        }
        let separation = max(1, Int((ClipSync.neighbourhoodSeconds * settings.rate).rounded()))
        let e = curve.extendedReach
        var rival: (Double, Double)?
        for k in -e...e where abs(k - best) > separation {
            let v = curve.value(k)
            guard v.isFinite else { continue }
            let left = curve.value(k - 1)
            let right = curve.value(k + 1)
            guard !(left.isFinite && left > v), !(right.isFinite && right > v) else { continue }
            if rival == nil || v > rival!.1 { rival = (Double(k), v) }
        }
        self.rival = rival
        strength = max(0, min(1, (r - Self.weakCorrelation) / (Self.strongCorrelation - Self.weakCorrelation)))
        if let rival {
            margin = rival.1 >= 1 ? 0 : max(0, min(1, (r - rival.1) / (1 - rival.1)))
        } else {
            margin = 1
        }
    }

    /// The warnings this curve gives, weightiest first.
    func warnings(maxOffsetSeconds: Double, rate: Double) -> [ClipSync.Warning] {
        var out: [ClipSync.Warning] = []
        if atEdge { out.append(.atSearchEdge(maxOffsetSeconds: maxOffsetSeconds)) }
        if let rival, margin < 0.5 {
            out.append(.rivalOffset(offsetSeconds: rival.frames / rate, correlation: rival.correlation))
        }
        if correlation < 0.7 { out.append(.weakCorrelation(correlation)) }
        if evidence < 1 { out.append(.littleEvidence(independentSamples: independentSamples)) }
        return out
    }
}

/// Running sums for Pearson's correlation of paired samples, in doubles; a pair with a
/// non-finite value is skipped.
struct PearsonSums {
    private var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
    /// Pairs added.
    private(set) var count = 0

    /// Adds the pair (x, y); false (nothing added) when either is not finite.
    @inline(__always) @discardableResult
    mutating func add(_ x: Float, _ y: Float) -> Bool {
        guard x.isFinite, y.isFinite else { return false }
        let (dx, dy) = (Double(x), Double(y))
        sx += dx
        sy += dy
        sxx += dx * dx
        syy += dy * dy
        sxy += dx * dy
        count += 1
        return true
    }

    /// Pearson's r, or nil for fewer than 3 pairs or a side with no variance.
    var correlation: Double? {
        guard count >= 3 else { return nil }
        let m = Double(count)
        let vx = sxx - sx * sx / m
        let vy = syy - sy * sy / m
        return vx > 0 && vy > 0 ? (sxy - sx * sy / m) / (vx * vy).squareRoot() : nil
    }
}
