/// What a coach reads first: lag, errors per limb, where form broke.
public struct ComparisonSummary: Equatable, Sendable {
    /// One limb's errors over the scored frames.
    public struct LimbSummary: Equatable, Sendable {
        /// Mean absolute error over scored frames where the limb is tracked in both, degrees.
        public package(set) var meanErrorDegrees: Float?
        /// Root mean square error over the same frames, degrees.
        public package(set) var rmsErrorDegrees: Float?
        /// Scored frames where this limb is within tolerance, percent of those where it is compared.
        public package(set) var withinTolerancePercent: Double?
        /// Frames in which it was compared.
        public package(set) var comparedFrames: Int
    }

    /// A moment and the limb responsible.
    public struct Moment: Equatable, Sendable {
        /// Learner time, seconds.
        public package(set) var t: Double
        /// The limb with the largest absolute error at `t`.
        public package(set) var limb: Limb
        /// Signed error (learner − demonstrator), degrees.
        public package(set) var errorDegrees: Float
    }

    /// The first stretch where some limb stayed out of tolerance for the minimum duration.
    public struct FormBreak: Equatable, Sendable {
        /// First frame of the stretch, learner time in seconds.
        public package(set) var start: Double
        /// Last frame of the stretch, learner time in seconds.
        public package(set) var end: Double
        /// The limb out of tolerance where the stretch starts (the worst limb of its
        /// first frame): what a report's label, its time and a figure's highlight show.
        public package(set) var limb: Limb
        /// That limb's signed error at `start`, degrees.
        public package(set) var errorDegrees: Float
        /// That limb's largest signed error in the stretch, degrees.
        public package(set) var peakErrorDegrees: Float
        /// When that peak is, learner time in seconds.
        public package(set) var peakTime: Double
    }

    /// The lower and upper quartile of a distribution.
    public struct Quartiles: Equatable, Sendable {
        /// The first quartile.
        public package(set) var lower: Double
        /// The third quartile.
        public package(set) var upper: Double
    }

    /// Learner frames compared, on the analysis grid (`Comparison.frameCount`); every
    /// count and figure of the summary is over these frames: `scoredFrames +
    /// unscoredFrames == frames`.
    public package(set) var frames: Int
    /// The learner's video frames (`Comparison.learnerFrameCount`): the JSON's
    /// `frames[]` has one entry per video frame, each with the figures of the nearest
    /// grid frame. Equal to `frames` for a regular clip at the grid's rate; a learner
    /// shifted by part of a frame, or at another rate, may differ.
    public package(set) var videoFrames: Int
    /// Grid frames with enough limbs tracked in both to score.
    public package(set) var scoredFrames: Int
    /// Grid frames not scored: too few limbs tracked in both, or no demonstrator frame to match.
    public package(set) var unscoredFrames: Int
    /// The median lag of scored frames, seconds; nil when none is scored.
    public package(set) var medianLagSeconds: Double?
    /// First and third quartiles of the lag, seconds.
    public package(set) var lagQuartilesSeconds: Quartiles?
    /// The median of the scored frames' lag margins (`Comparison.lagMargins`), 0...1: how
    /// clearly the lag found beats lags more than `Comparison.lagNeighbourhoodSeconds`
    /// away; nil when no frame has one.
    public package(set) var lagConfidence: Float?
    /// Per limb, by `Limb.rawValue`.
    public package(set) var limbs: [LimbSummary]  // by Limb.rawValue
    /// The limb with the largest mean error; nil when every limb's is 0 (nothing to name).
    public package(set) var worstLimb: Limb?
    /// Scored frames whose every compared limb is within tolerance, percent.
    public package(set) var withinTolerancePercent: Double?
    /// Mean distance (weighted RMS over limbs) of scored frames, degrees.
    public package(set) var meanDistanceDegrees: Float?
    /// Where form first broke, or nil when it never did.
    public package(set) var formBreak: FormBreak?
    /// The largest absolute error of any limb in any scored frame.
    public package(set) var maxError: Moment?
    /// Scored frames where the learner matched the demonstrator's future better than
    /// any lag: the learner is ahead.
    public package(set) var aheadFrames: Int
    /// Scored frames whose τ* is at the far end of the window: the learner may be
    /// more than `maxLagSeconds` behind.
    public package(set) var framesAtMaxLag: Int

    /// Summarizes `comparison`.
    public init(_ comparison: Comparison) {
        let n = comparison.frameCount
        let tolerance = comparison.options.toleranceDegrees
        frames = n
        videoFrames = comparison.learnerFrameCount
        var lags: [Double] = []
        var margins: [Float] = []
        var distances: [Float] = []
        var within = 0
        aheadFrames = 0
        framesAtMaxLag = 0
        var sums = [Double](repeating: 0, count: Limb.count)
        var squares = sums
        var counts = [Int](repeating: 0, count: Limb.count)
        var withinCounts = counts
        var maxError: Moment?
        for k in 0..<n {
            guard let lag = comparison.lagSeconds(k) else { continue }
            lags.append(lag)
            if !comparison.lagMargins[k].isNaN { margins.append(comparison.lagMargins[k]) }
            distances.append(comparison.distance(k)!)
            if comparison.ahead[k] { aheadFrames += 1 }
            if comparison.lagFrames(k) == comparison.maxLagFrames, comparison.maxLagFrames > 0 { framesAtMaxLag += 1 }
            var allWithin = true
            for limb in Limb.allCases {
                let e = comparison.errors[limb, k]
                guard !e.isNaN else { continue }
                let i = limb.rawValue
                sums[i] += Double(abs(e))
                squares[i] += Double(e * e)
                counts[i] += 1
                if abs(e) <= tolerance { withinCounts[i] += 1 } else { allWithin = false }
                if abs(e) > abs(maxError?.errorDegrees ?? -1) { maxError = Moment(t: comparison.times[k], limb: limb, errorDegrees: e) }
            }
            if allWithin { within += 1 }
        }
        scoredFrames = lags.count
        unscoredFrames = n - lags.count
        lags.sort()
        medianLagSeconds = lags.isEmpty ? nil : quantile(sorted: lags, 0.5)
        lagQuartilesSeconds = lags.isEmpty ? nil : Quartiles(lower: quantile(sorted: lags, 0.25), upper: quantile(sorted: lags, 0.75))
        lagConfidence = margins.isEmpty ? nil : quantile(selecting: &margins, 0.5)
        limbs = (0..<Limb.count).map { i in
            counts[i] == 0
                ? LimbSummary(comparedFrames: 0)
                : LimbSummary(
                    meanErrorDegrees: Float(sums[i] / Double(counts[i])),
                    rmsErrorDegrees: Float((squares[i] / Double(counts[i])).squareRoot()),
                    withinTolerancePercent: 100 * Double(withinCounts[i]) / Double(counts[i]),
                    comparedFrames: counts[i])
        }
        worstLimb = Limb.allCases.filter { (limbs[$0.rawValue].meanErrorDegrees ?? 0) > 0 }
            .max { limbs[$0.rawValue].meanErrorDegrees! < limbs[$1.rawValue].meanErrorDegrees! }
        withinTolerancePercent = scoredFrames == 0 ? nil : 100 * Double(within) / Double(scoredFrames)
        meanDistanceDegrees = distances.isEmpty ? nil : distances.reduce(0, +) / Float(distances.count)
        self.maxError = maxError
        formBreak = Self.firstFormBreak(comparison)
    }

    /// The first run of consecutive scored frames, lasting at least
    /// `formBreakMinSeconds`, in which some limb is out of tolerance in every frame.
    static func firstFormBreak(_ comparison: Comparison) -> FormBreak? {
        let tolerance = comparison.options.toleranceDegrees
        let minFrames = max(1, Int((comparison.options.formBreakMinSeconds * comparison.grid.rate).rounded()))
        var runStart: Int?
        for k in 0...comparison.frameCount {
            let out = k < comparison.frameCount && comparison.worstLimb(k).map { abs(comparison.errors[$0, k]) > tolerance } == true
            if out {
                if runStart == nil { runStart = k }
                continue
            }
            if let start = runStart, k - start >= minFrames {
                return describe(comparison, frames: start..<k)
            }
            runStart = nil
        }
        return nil
    }

    private static func describe(_ comparison: Comparison, frames: Range<Int>) -> FormBreak {
        let first = frames.lowerBound
        // The run's frames all have a worst limb out of tolerance: the first one's names the break.
        let limb = comparison.worstLimb(first) ?? .neck
        var peak = (error: comparison.errors[limb, first], frame: first)
        for k in frames {
            let e = comparison.errors[limb, k]
            if !e.isNaN, abs(e) > abs(peak.error) { peak = (e, k) }
        }
        return FormBreak(
            start: comparison.times[first], end: comparison.times[frames.upperBound - 1], limb: limb,
            errorDegrees: comparison.errors[limb, first], peakErrorDegrees: peak.error, peakTime: comparison.times[peak.frame])
    }
}

extension ComparisonSummary {
    /// The worst limb when its mean error is at least `CueTrack.dominanceRatio` times
    /// every other limb's: the one limb the learner's cues should name first.
    public var dominantLimb: Limb? { Self.dominantLimb(meanErrors: limbs.map(\.meanErrorDegrees)) }

    /// `dominantLimb` from per-limb mean errors (by `Limb.rawValue`, nil: not compared).
    package static func dominantLimb(meanErrors: [Float?]) -> Limb? {
        var best: (limb: Limb, mean: Float)?
        var second: Float = 0
        for limb in Limb.allCases {
            guard let mean = meanErrors[limb.rawValue], mean > 0 else { continue }
            if mean > best?.mean ?? 0 {
                second = best?.mean ?? 0
                best = (limb, mean)
            } else {
                second = max(second, mean)
            }
        }
        guard let best, best.mean >= CueTrack.dominanceRatio * second else { return nil }
        return best.limb
    }

    /// Below this lag confidence, with fewer than `uncertainWithinPercent` of frames
    /// within tolerance, the lag is called uncertain. Measured: right lags gave 0.30
    /// (a frontal squat: smooth, few limbs move) to 0.98; two cameras of one person, 0.20 s
    /// apart, gave 0.01–0.49 with 0–11 % of frames within tolerance and lags off by up to 0.75 s.
    public static let uncertainLagConfidence: Float = 0.3
    /// See `uncertainLagConfidence`, percent.
    public static let uncertainWithinPercent = 50.0
    /// Below this share of frames within tolerance the poses rarely match, percent.
    public static let fewMatchesPercent = 15.0

    /// Why the figures should not be trusted as they stand.
    public enum Doubt: String, Sendable {
        /// Lags far from the one found fit nearly as well, and few frames match.
        case uncertainLag
        /// The poses rarely match at all.
        case fewMatches
    }

    /// The doubt on these figures, if any (`reliabilityWarning` says it in words).
    public var doubt: Doubt? {
        guard let within = withinTolerancePercent else { return nil }
        if let confidence = lagConfidence, confidence < Self.uncertainLagConfidence, within < Self.uncertainWithinPercent {
            return .uncertainLag
        }
        return within < Self.fewMatchesPercent ? .fewMatches : nil
    }

    /// A plain warning when the figures should not be trusted as they stand, else nil:
    /// a lag that distant lags fit nearly as well, on a pair that rarely matches (two
    /// different views, different movements, or a very poor copy), or poses that rarely
    /// match at all.
    public var reliabilityWarning: String? {
        guard let doubt, let within = withinTolerancePercent else { return nil }
        if doubt == .uncertainLag, let confidence = lagConfidence {
            return String(
                format:
                    "the lag is uncertain (confidence %.2f: lags more than %.1f s away fit nearly as well) and few frames match (%.0f %% within tolerance): "
                    + "the clips may show different views or different movements, or the copy is very poor; the lag and the limb errors may be wrong",
                confidence, Comparison.lagNeighbourhoodSeconds, within)
        }
        if doubt == .fewMatches {
            let head = String(
                format: "few frames match (%.0f %% within tolerance%@)", within,
                meanDistanceDegrees.map { String(format: ", mean distance %.0f°", $0) } ?? "")
            // One limb far off while the rest match is not a matter of views: say so.
            if let limb = soleLimbOff, let error = limbs[limb.rawValue].meanErrorDegrees {
                return head
                    + String(
                        format:
                            ": one limb is off, the %@ (mean error %.0f°), while every other limb is within tolerance in at least %.0f %% of frames: the learner's %@ differs, or the estimator lost it; the views agree",
                        limb.spokenName, error, Self.otherLimbsMatchPercent, limb.spokenName)
            }
            return head
                + ": several limbs differ; if the learner did copy the movement, check that both clips show it from comparable views"
        }
        return nil
    }

    /// Every other scored limb is within tolerance in at least this share of frames
    /// for `soleLimbOff` to name one limb as the cause, percent.
    public static let otherLimbsMatchPercent = 90.0

    /// The one limb out of tolerance in most frames (under half) while every other
    /// scored limb is within it in `otherLimbsMatchPercent` of frames or more; nil when
    /// several limbs differ (different views or movements look like that).
    public var soleLimbOff: Limb? {
        let scored = Limb.allCases.filter { limbs[$0.rawValue].withinTolerancePercent != nil }
        let off = scored.filter { limbs[$0.rawValue].withinTolerancePercent! < 50 }
        guard off.count == 1, scored.count >= 3,
            scored.allSatisfy({ $0 == off[0] || limbs[$0.rawValue].withinTolerancePercent! >= Self.otherLimbsMatchPercent })
        else { return nil }
        return off[0]
    }
}

extension ComparisonSummary.LimbSummary {
    init(comparedFrames: Int) {
        self.init(meanErrorDegrees: nil, rmsErrorDegrees: nil, withinTolerancePercent: nil, comparedFrames: comparedFrames)
    }
}
