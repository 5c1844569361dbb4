/// Counts repetitions of a metric with hysteresis.
enum RepCounting {
    /// Frame ranges of the reps of `values`.
    ///
    /// With `enter > exit` a rep is a rise: it starts where the metric leaves the rest
    /// zone (at or below `exit`) on its way to `enter`, and ends where it comes back to
    /// `exit`. With `enter < exit` it is a dip, mirrored. The gap between the two
    /// thresholds keeps noise around either from counting extra reps. Reps shorter
    /// than `minSeconds` are dropped; NaN frames change nothing; a rep still open at
    /// the end of the clip is not counted.
    static func reps(in values: [Float], times: [Double], enter: Float, exit: Float, minSeconds: Double) -> [Range<Int>] {
        let rising = enter > exit
        func atRest(_ v: Float) -> Bool { rising ? v <= exit : v >= exit }
        func entered(_ v: Float) -> Bool { rising ? v >= enter : v <= enter }
        var result: [Range<Int>] = []
        var lastRest: Int?
        var start: Int?
        for (i, v) in values.enumerated() where !v.isNaN {
            if let s = start {
                if atRest(v) {
                    if times[i] - times[s] >= minSeconds { result.append(s..<(i + 1)) }
                    start = nil
                    lastRest = i
                }
            } else if atRest(v) {
                lastRest = i
            } else if entered(v), let rest = lastRest {
                start = rest + 1 < values.count ? rest + 1 : rest
            }
        }
        return result
    }
}
