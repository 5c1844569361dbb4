extension AngleSeries {
    /// The range each filter setting accepts from a front end (`kinetix angles`), beside
    /// the filters: the CLI reads these.
    public enum FilterRanges {
        /// `fillingGaps(upTo:)`'s longest gap filled, seconds.
        public static let fillGapsSeconds: ClosedRange<Double> = 0...10
        /// `lowPassed(cutoffHertz:)`'s cut-off, hertz.
        public static let lowPassHertz: ClosedRange<Double> = 0.1...100
    }

    /// The series with gaps of at most `seconds` between two tracked samples filled by
    /// linear interpolation (as Sports2D and Pose2Sim fill short gaps); longer gaps and
    /// the clip's ends stay missing.
    public func fillingGaps(upTo seconds: Double) -> AngleSeries {
        resampled(at: times, maxGapSeconds: seconds)
    }

    /// The series low-passed by a zero-phase 2nd-order Butterworth filter (run forward
    /// and backward: 4th order, no lag) at `cutoffHertz`, as Sports2D and Pose2Sim
    /// filter; runs of tracked samples are filtered separately and gaps never filled.
    /// The frame rate is the clip's (`estimatedFrameRate`).
    public func lowPassed(cutoffHertz: Double) -> AngleSeries {
        guard let rate = estimatedFrameRate(times) else { return self }
        var result = self
        for limb in Limb.allCases {
            let filtered = Smoothing.lowPass(Array(column(limb)), cutoffHertz: cutoffHertz, sampleRate: rate, clampToRange: true)
            result.values.replaceSubrange(limb.rawValue * frameCount..<(limb.rawValue + 1) * frameCount, with: filtered)
        }
        return result
    }
}
