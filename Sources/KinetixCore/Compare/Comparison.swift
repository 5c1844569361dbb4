/// A learner compared with a demonstrator: per-frame lag and limb errors on one
/// analysis grid, with a summary and the learner's cue track.
///
/// Errors are indexed by the **learner's** limbs, signed as learner minus
/// demonstrator, in degrees. With mirroring, the learner's left elbow is compared
/// with the demonstrator's right elbow.
public struct Comparison: Sendable {
    /// The settings the comparison ran with.
    public package(set) var options: ComparisonOptions
    /// The grid: `historyFrames` frames of demonstrator history, then one per learner frame.
    public package(set) var grid: AnalysisGrid
    /// Grid frames before the learner's first frame, searched as demonstrator history.
    public package(set) var historyFrames: Int
    /// The longest lag in grid frames.
    public package(set) var maxLagFrames: Int
    /// Angles on the whole grid; the demonstrator's already mirrored when `options.mirror`.
    public package(set) var learner: AngleSeries
    /// The demonstrator's angles on the grid, mirrored when `options.mirror`.
    public package(set) var demonstrator: AngleSeries
    /// Each grid frame's own best match, τ* (`LagSearch`).
    public package(set) var matches: LagMatches
    /// The lag errors are measured at, per learner frame, in grid frames (-1: unscored):
    /// the tracking lag (`LagTracker`), or τ* when `lagWindowSeconds` is 0.
    public package(set) var lags: [Int32]
    /// The score (weighted mean squared difference, degrees²) at `lags`, by `LagRule`:
    /// bit for bit what the lag search gives that lag. NaN when unscored.
    public package(set) var scores: [Float]
    /// The rule the scores come from (the lag search's).
    private let rule: LagRule
    /// Per learner frame, how clearly the tracking lag beats every lag more than
    /// `lagNeighbourhoodSeconds` from it over its window, 0...1 (`LagWindow.margin`):
    /// near 0 a distant lag fits as well, so the lag is not to be trusted. NaN where
    /// unscored, undefined, or when tracking is off (`lagWindowSeconds` 0).
    public package(set) var lagMargins: [Float]
    /// Signed errors (learner − demonstrator at `lags`, the tracking lag) per learner frame, degrees; NaN when
    /// unscored or when the limb is not tracked in both.
    public package(set) var errors: AngleSeries
    /// Learner frames that match the demonstrator's *future* better than any lag:
    /// the learner is ahead there. The frames are still scored at `lags` (never a future frame).
    public package(set) var ahead: [Bool]
    /// The learner's and demonstrator's original frame times (learner with the offset applied).
    public package(set) var learnerSourceTimes: [Double]
    /// The demonstrator's original frame times, seconds.
    public package(set) var demonstratorSourceTimes: [Double]

    /// Learner frames in this comparison (grid frames from `historyFrames` on).
    public var frameCount: Int { errors.frameCount }

    /// The grid frame of learner frame `k`.
    public func gridFrame(_ k: Int) -> Int { historyFrames + k }

    /// The learner frames' times on the grid, seconds.
    public var times: [Double] { errors.times }

    /// The lag learner frame `k` is measured at, in grid frames, or nil when unscored.
    public func lagFrames(_ k: Int) -> Int? { lags[k] >= 0 ? Int(lags[k]) : nil }

    /// The frame's own best match τ*, in seconds, or nil when no lag has enough shared limbs.
    public func bestMatchLagSeconds(_ k: Int) -> Double? {
        let lag = matches.lag[gridFrame(k)]
        return lag >= 0 ? Double(lag) / grid.rate : nil
    }

    /// The lag errors are measured at (`lags`: the tracking lag, or τ* when
    /// `lagWindowSeconds` is 0), seconds, or nil when unscored.
    public func lagSeconds(_ k: Int) -> Double? { lagFrames(k).map { Double($0) / grid.rate } }

    /// The weighted RMS angle difference at `lags`, degrees, or nil when unscored.
    public func distance(_ k: Int) -> Float? { lagFrames(k) == nil ? nil : scores[k].squareRoot() }

    /// Limbs the learner has tracked in learner frame `k`, weighted.
    public func learnerTrackedWeight(_ k: Int) -> Float {
        Limb.allCases.reduce(0) { $0 + (learner[$1, gridFrame(k)].isNaN ? 0 : options.weights[$1.rawValue]) }
    }

    /// The limb with the largest absolute error in learner frame `k` (nil: none compared, or all 0°).
    public func worstLimb(_ k: Int) -> Limb? { Self.worstLimb { errors[$0, k] } }

    /// The limb whose error (`error(limb)`, degrees, NaN when not compared) is largest
    /// in absolute value; the first in limb order on a tie; nil when every error is 0.
    package static func worstLimb(_ error: (Limb) -> Float) -> Limb? {
        var worst: (Limb, Float)?
        for limb in Limb.allCases {
            let e = abs(error(limb))
            if !e.isNaN, e > (worst?.1 ?? 0) { worst = (limb, e) }
        }
        return worst?.0
    }

    /// Grid learner frame `k` as a result row (`t` is the grid time).
    public func frame(_ k: Int) -> ComparisonFrame {
        var row = ComparisonFrame(
            t: times[k], gridT: times[k], lagSeconds: lagSeconds(k), bestMatchLagSeconds: bestMatchLagSeconds(k),
            distanceDegrees: distance(k), worstLimb: worstLimb(k), ahead: ahead[k],
            errors: Limb.allCases.map { errors[$0, k] })
        row.lagConfidence = lagMargins[k].isNaN ? nil : lagMargins[k]
        return row
    }

    /// The learner's own (video) frames: `learnerSourceTimes.count`.
    public var learnerFrameCount: Int { learnerSourceTimes.count }

    /// 2D or 3D: what both clips' angles were measured in.
    public var dimensions: Dimensions { learner.dimensions }

    /// Refuses a 2D clip against a 3D one, saying why and what to do.
    static func checkDimensions(demonstrator: Sidecar, learner: Sidecar) throws(KinetixError) {
        guard demonstrator.dimensions != learner.dimensions else { return }
        throw KinetixError(
            .unsupported, field: "space.depth",
            "the demonstrator is \(demonstrator.dimensions) and the learner \(learner.dimensions): a 3D angle and a camera's 2D view of it differ (by 8-28° RMS for one real knee), so the two are not compared; give two 2D or two 3D clips, or compare the 3D clip's x-y projection",
            setting: .planarAngles)
    }

    /// The grid learner frame nearest to shared-clock time `t` (clamped to the clip).
    public func nearestFrame(to t: Double) -> Int {
        // The learner's frames as a grid of their own (from the first learner frame, as
        // `LiveComparison` places its video frames), and the grids' one rule.
        guard frameCount > 0 else { return 0 }
        return AnalysisGrid(start: times[0], rate: grid.rate, count: frameCount).nearestIndex(to: t)
    }

    /// The learner's video frame `i` as a result row, what `--format json` writes in
    /// `frames[i]`: its own time `t` (the learner's clock) and frame number, with the
    /// figures of the nearest analysis-grid frame (`gridT`, on the shared clock). With
    /// the default grid (the learner's own rate) the two coincide for a regular clip.
    public func learnerFrame(_ i: Int) -> ComparisonFrame {
        let shared = learnerSourceTimes[i]
        var row = frame(nearestFrame(to: shared))
        row.t = shared - options.offsetSeconds
        row.sourceFrame = i
        return row
    }

    /// Compares a learner with a demonstrator.
    ///
    /// Both sidecars' times are on one clock (the learner's shifted by
    /// `offsetSeconds`). The analysis grid runs at `rate` (default: the learner's
    /// median frame rate) from `maxLagSeconds` before the learner's first frame to its
    /// last, so the learner's first frames can match earlier demonstrator frames. Angles
    /// are interpolated across gaps up to `maxGapSeconds`; longer gaps stay missing.
    /// A demonstrator that ends before the learner leaves the learner's later frames
    /// with no history to match once it is more than `maxLagSeconds` behind: unscored.
    ///
    /// Both clips must have the same `dimensions`: the angles of a 3D clip are of the
    /// body, a 2D clip's of its projection in one camera, and the two differ by tens
    /// of degrees for the same knee.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` or `.limitExceeded` when the
    ///   options are out of range or the job too large (`ComparisonOptions.check`),
    ///   `.unsupported` for a 2D clip against a 3D one.
    public init(
        demonstrator demonstratorClip: Sidecar, learner learnerClip: Sidecar,
        options: ComparisonOptions = ComparisonOptions()
    ) throws(KinetixError) {
        try Self.checkDimensions(demonstrator: demonstratorClip, learner: learnerClip)
        try options.check(learner: learnerClip)
        self.options = options
        let (learnerAngles, demonstratorAngles) = bothAtOnce(
            { AngleSeries(learnerClip, minConfidence: options.minConfidence).shifted(by: options.offsetSeconds) },
            { AngleSeries(demonstratorClip, minConfidence: options.minConfidence) })
        learnerSourceTimes = learnerAngles.times
        demonstratorSourceTimes = demonstratorAngles.times
        let rate = options.analysisRate(learner: learnerClip)
        maxLagFrames = max(0, Int((options.maxLagSeconds * rate).rounded()))
        historyFrames = maxLagFrames
        let first = learnerAngles.times.first ?? 0
        let last = learnerAngles.times.last ?? 0
        let learnerGrid = AnalysisGrid(from: first, through: last, rate: rate)
        grid = AnalysisGrid(start: first - Double(historyFrames) / rate, rate: rate, count: learnerGrid.count + historyFrames)
        let times = grid.times
        let (resampledLearner, resampledDemonstrator) = bothAtOnce(
            { learnerAngles.resampled(at: times, maxGapSeconds: options.maxGapSeconds) },
            { demonstratorAngles.resampled(at: times, maxGapSeconds: options.maxGapSeconds) })
        learner = resampledLearner
        // Learner frames exist only from its first frame on, even where interpolation could reach.
        for limb in Limb.allCases { for g in 0..<historyFrames { learner[limb, g] = .nan } }
        demonstrator = options.mirror ? resampledDemonstrator.mirrored() : resampledDemonstrator
        let search = LagSearch(
            maxLag: maxLagFrames, weights: options.weights, minSharedWeight: options.minSharedWeight,
            kernel: options.kernel, threads: options.threads)
        matches = search.run(learner: learner, demonstrator: demonstrator)
        rule = search.rule

        let frames = learnerGrid.count
        let tracked =
            options.lagWindowSeconds > 0
            ? LagTracker(
                search: search, halfWindow: max(1, Int((options.lagWindowSeconds * rate / 2).rounded())),
                separation: max(1, Int((Self.lagNeighbourhoodSeconds * rate).rounded()))
            )
            .runWithMargins(learner: learner, demonstrator: demonstrator)
            : nil
        let gridLags = tracked?.lags ?? matches.lag
        lagMargins = [Float](repeating: .nan, count: frames)
        errors = AngleSeries(times: Array(times[historyFrames...]))
        ahead = [Bool](repeating: false, count: frames)
        lags = [Int32](repeating: -1, count: frames)
        scores = [Float](repeating: .nan, count: frames)
        // Each frame's score and errors at its lag, read and written through the
        // limb-major columns directly (the subscripts checked uniqueness per value).
        let gridCount = grid.count
        let history = historyFrames
        let limbCount = Limb.count
        let rule = search.rule
        var aheadFrames: [(k: Int, g: Int, lag: Int, score: Float)] = []
        learner.values.withUnsafeBufferPointer { l in
            demonstrator.values.withUnsafeBufferPointer { d in
                errors.values.withUnsafeMutableBufferPointer { e in
                    lags.withUnsafeMutableBufferPointer { lags in
                        lagMargins.withUnsafeMutableBufferPointer { margins in
                            scores.withUnsafeMutableBufferPointer { scores in
                                for k in 0..<frames {
                                    let g = history + k
                                    let lag = Int(gridLags[g])
                                    guard lag >= 0, lag <= g,
                                        let score = rule.score(
                                            learner: { l[$0 * gridCount + g] }, demonstrator: { d[$0 * gridCount + g - lag] })
                                    else { continue }
                                    lags[k] = Int32(lag)
                                    scores[k] = score
                                    if let tracked { margins[k] = tracked.margins[g] }
                                    for limb in 0..<limbCount {
                                        e[limb * frames + k] = l[limb * gridCount + g] - d[limb * gridCount + g - lag]
                                    }
                                    if lag <= 1 { aheadFrames.append((k, g, lag, score)) }
                                }
                            }
                        }
                    }
                }
            }
        }
        for frame in aheadFrames {
            ahead[frame.k] = isAhead(gridFrame: frame.g, lag: frame.lag, score: frame.score)
        }
    }

    /// A lag's neighbourhood for its margin (`lagMargins`): lags closer than this are
    /// the same answer, seconds.
    public static let lagNeighbourhoodSeconds = 0.2

    /// The score of learner grid frame `learnerFrame` against demonstrator grid frame
    /// `demonstratorFrame`, or nil when too few limbs are shared or it is off the grid.
    private func score(learnerFrame: Int, demonstratorFrame: Int) -> Float? {
        guard demonstratorFrame >= 0, demonstratorFrame < grid.count else { return nil }
        let n = grid.count
        return rule.score(
            learner: { learner.values[$0 * n + learnerFrame] }, demonstrator: { demonstrator.values[$0 * n + demonstratorFrame] })
    }

    /// True when the learner is ahead here: the demonstrator's *next* frames (up to
    /// `maxLag`) hold a match at least 20 % better (lower mean squared difference) than
    /// the lag being measured, which can only happen near lag 0.
    private func isAhead(gridFrame g: Int, lag: Int, score: Float) -> Bool {
        Self.isAhead(lag: lag, score: score, maxLagFrames: maxLagFrames) { self.score(learnerFrame: g, demonstratorFrame: g + $0) }
    }

    /// `isAhead` over any storage: `futureScore(j)` scores the learner frame against
    /// the demonstrator `j` frames later (nil when not a candidate or off the grid).
    package static func isAhead(lag: Int, score: Float, maxLagFrames: Int, futureScore: (Int) -> Float?) -> Bool {
        guard lag <= 1, maxLagFrames > 0 else { return false }
        let best = (1...maxLagFrames).compactMap(futureScore).min() ?? .infinity
        return best < score * 0.8
    }
}

/// One learner frame of a comparison: the row `frames[]` holds, offline or live.
public struct ComparisonFrame: Equatable, Sendable {
    /// The learner's video frame number, for rows of video frames (`learnerFrame(_:)`).
    public var sourceFrame: Int?
    /// The frame's time, seconds: the learner's own clock for a video frame, the
    /// shared clock for a grid frame.
    public var t: Double
    /// The analysis-grid frame the figures come from, shared clock, seconds.
    public var gridT: Double
    /// The lag errors are measured at (the tracking lag), seconds; nil when unscored.
    public var lagSeconds: Double?
    /// The frame's own best match τ*, seconds; nil when no lag has enough shared limbs.
    public var bestMatchLagSeconds: Double?
    /// Weighted RMS angle difference at `lagSeconds`, degrees.
    public var distanceDegrees: Float?
    /// The limb with the largest absolute error, nil when unscored.
    public var worstLimb: Limb?
    /// The learner matches the demonstrator's future better than any lag.
    public var ahead: Bool
    /// Signed errors (learner − demonstrator) by `Limb.rawValue`, degrees; NaN where not compared.
    public var errors: [Float]
    /// How clearly the tracking lag beats lags more than `Comparison.lagNeighbourhoodSeconds`
    /// away over this frame's window, 0...1 (`Comparison.lagMargins`); nil when undefined.
    public var lagConfidence: Float? = nil

    /// A row from its figures.
    public init(
        sourceFrame: Int? = nil, t: Double, gridT: Double, lagSeconds: Double?, bestMatchLagSeconds: Double?,
        distanceDegrees: Float?, worstLimb: Limb?, ahead: Bool, errors: [Float]
    ) {
        self.sourceFrame = sourceFrame
        self.t = t
        self.gridT = gridT
        self.lagSeconds = lagSeconds
        self.bestMatchLagSeconds = bestMatchLagSeconds
        self.distanceDegrees = distanceDegrees
        self.worstLimb = worstLimb
        self.ahead = ahead
        self.errors = errors
    }

    /// The matched demonstrator time on the shared clock, seconds.
    public var demonstratorT: Double? { lagSeconds.map { gridT - $0 } }

    /// Equal when every field is, NaN errors equal to NaN.
    public static func == (a: Self, b: Self) -> Bool {
        a.sourceFrame == b.sourceFrame && a.t == b.t && a.gridT == b.gridT && a.lagSeconds == b.lagSeconds
            && a.bestMatchLagSeconds == b.bestMatchLagSeconds
            && a.distanceDegrees == b.distanceDegrees && a.worstLimb == b.worstLimb && a.ahead == b.ahead
            && sameValues(a.errors, b.errors) && a.lagConfidence == b.lagConfidence
    }

    /// The JSON object members (without braces), as `frames[]` writes them.
    public var jsonMembers: String {
        var writer = JSONWriter(capacity: 640)
        writeMembers(into: &writer)
        return writer.text
    }

    /// Appends the JSON object members (without braces) to `out`.
    package func writeMembers(into out: inout JSONWriter) {
        out.withCursor(reserving: Self.maxMemberBytes) { writeMembers(into: &$0) }
    }

    /// The most bytes `writeMembers` writes: keys and punctuation, 24 numbers and a limb name.
    private static let maxMemberBytes = 2048

    /// The fields of a row of `frames[]`, in the order `writeMembers` writes them
    /// (`frame` only for a video frame); `ProgressSession` reads a saved comparison's
    /// frames through these.
    package enum Key: String, JSONKeys {
        case frame, t, gridT, lagSeconds, bestMatchLagSeconds, lagConfidence, demonstratorT, distanceDegrees, worstLimb, ahead, errors,
            signedErrors

        /// `"<key>": `, as the writer appends it: a constant, since a long report writes
        /// millions of them (`ResultSchemaTests` checks each is `quoted + ": "`).
        package var member: StaticString {
            switch self {
            case .frame: "\"frame\": "
            case .t: "\"t\": "
            case .gridT: "\"gridT\": "
            case .lagSeconds: "\"lagSeconds\": "
            case .bestMatchLagSeconds: "\"bestMatchLagSeconds\": "
            case .lagConfidence: "\"lagConfidence\": "
            case .demonstratorT: "\"demonstratorT\": "
            case .distanceDegrees: "\"distanceDegrees\": "
            case .worstLimb: "\"worstLimb\": "
            case .ahead: "\"ahead\": "
            case .errors: "\"errors\": "
            case .signedErrors: "\"signedErrors\": "
            }
        }
    }

    /// `writeMembers(into:)` through a cursor, whose reservation the row fits.
    private func writeMembers(into out: inout JSONCursor) {
        if let sourceFrame {
            out.raw(Key.frame.member)
            out.integer(sourceFrame)
            out.raw(", ")
        }
        out.raw(Key.t.member)
        out.number(t, digits: 6)
        out.raw(", ")
        out.raw(Key.gridT.member)
        out.number(gridT, digits: 6)
        out.raw(", ")
        out.raw(Key.lagSeconds.member)
        out.number(lagSeconds, digits: 6)
        out.raw(", ")
        out.raw(Key.bestMatchLagSeconds.member)
        out.number(bestMatchLagSeconds, digits: 6)
        out.raw(", ")
        out.raw(Key.lagConfidence.member)
        out.number(lagConfidence, digits: 3)
        out.raw(", ")
        out.raw(Key.demonstratorT.member)
        out.number(demonstratorT, digits: 6)
        out.raw(", ")
        out.raw(Key.distanceDegrees.member)
        out.number(distanceDegrees, digits: 3)
        out.raw(", ")
        out.raw(Key.worstLimb.member)
        if let worstLimb {  // its key without ": " is its name as a JSON string
            Self.limbKeys.withUnsafeBufferPointer { keys in
                out.raw(
                    UnsafeBufferPointer(
                        rebasing: keys[Self.limbKeyStarts[worstLimb.rawValue]..<(Self.limbKeyStarts[worstLimb.rawValue + 1] - 2)]))
            }
        } else {
            out.raw("null")
        }
        out.raw(", ")
        out.raw(Key.ahead.member)
        out.bool(ahead)
        out.raw(", ")
        out.raw(Key.errors.member)
        out.raw("{")
        writeLimbs(into: &out) { abs($0) }
        out.raw("}, ")
        out.raw(Key.signedErrors.member)
        out.raw("{")
        writeLimbs(into: &out) { $0 }
        out.raw("}")
    }

    private func writeLimbs(into out: inout JSONCursor, _ value: (Float) -> Float) {
        Self.limbKeys.withUnsafeBufferPointer { keys in
            for limb in Limb.allCases {
                if limb.rawValue > 0 { out.raw(", ") }
                out.raw(UnsafeBufferPointer(rebasing: keys[Self.limbKeyStarts[limb.rawValue]..<Self.limbKeyStarts[limb.rawValue + 1]]))
                out.number(Double(value(errors[limb.rawValue])), digits: 2)
            }
        }
    }

    /// `"<limb name>": ` for every limb, encoded once, one after another.
    private static let limbKeys: [UInt8] = Limb.allCases.flatMap { Array((jsonString($0.name) + ": ").utf8) }
    /// Where each limb's key starts in `limbKeys` (and, last, its end).
    private static let limbKeyStarts: [Int] = Limb.allCases.reduce(into: [0]) { $0.append($0.last! + jsonString($1.name).utf8.count + 2) }
}
