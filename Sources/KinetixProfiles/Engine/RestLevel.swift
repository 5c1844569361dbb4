import KinetixCore

extension Assessment {
    /// A metric's rest level as found in this clip (`Profile.RestLevelSpec`).
    public struct RestLevel: Equatable, Sendable {
        /// The metric's name in the profile.
        public var metric: String
        /// Its unit, as the profile declares it.
        public var unit: String?
        /// The percentile taken as rest, 0...100.
        public var percentile: Double
        /// The level found: that percentile of the tracked frames; nil with none tracked.
        public var found: Float?
        /// The plausible range the profile gives, if any.
        public var plausible: ClosedRange<Double>?
        /// The number of frames it was found from.
        public var frames: Int

        /// The level `rest()` reads: `found` when it is plausible, else nil (the clip
        /// never reached rest, so nothing relative to rest is measured).
        public var level: Float? {
            guard let found else { return nil }
            if let plausible, !plausible.contains(Double(found)) { return nil }
            return found
        }

        /// Why there is no level, in words; nil when there is one.
        public var problem: String? {
            guard level == nil else { return nil }
            guard let found else { return "\(spoken(metric)) is never measured, so its rest level is unknown" }
            let unitText = unit.map { " \($0)" } ?? ""
            let range =
                plausible.map { " (the profile expects \(formatted($0.lowerBound))–\(formatted($0.upperBound))\(unitText) at rest)" } ?? ""
            return
                "\(spoken(metric)) never reaches its rest level: its \(ordinal(percentile)) percentile is \(formatted(Double(found)))\(unitText)\(range), so the clip holds no rest to measure from"
        }

        private func formatted(_ v: Double) -> String { jsonNumber(v, digits: 2) }

        /// The level found in words, or why there is none: what every report shows.
        public var summary: String {
            if let problem { return "none: \(problem)" }
            return String(
                format: "%@ %.2f%@, the %@ percentile of %d tracked frames (this person's own rest)",
                metric, level ?? .nan, unit.map { " " + $0 } ?? "", ordinal(percentile), frames)
        }
    }
}

/// Finds a metric's rest level from its own column.
enum RestLevelFinder {
    /// The live tracker's window: rest is found from the last this many seconds.
    static let liveWindowSeconds = 10.0
    /// Fewer tracked frames than this give no rest level.
    static let minFrames = 5

    /// The `spec.percentile` of the finite values in `frames` of `column`.
    static func find(_ spec: Profile.RestLevelSpec, metric: Profile.Metric, column: [Float], frames: Range<Int>) -> Assessment.RestLevel {
        var finite = column[frames].filter(\.isFinite)
        let found: Float? = finite.count < minFrames ? nil : quantile(selecting: &finite, Float(spec.percentile / 100))
        return Assessment.RestLevel(
            metric: metric.name, unit: metric.unit, percentile: spec.percentile, found: found,
            plausible: spec.plausible, frames: finite.count)
    }
}

/// "90th", "1st", "22nd", "13th".
func ordinal(_ value: Double) -> String {
    let n = Int(value.rounded())
    guard Double(n) == value else { return jsonNumber(value, digits: 2) + "th" }
    let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
    return "\(n)\(suffix)"
}
