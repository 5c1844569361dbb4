import Foundation

/// The time offset between two recordings of one person's movement (two cameras, or
/// two estimators of one video) found from the movement itself: for clips filmed
/// without a shared clock. Not mirrored: both clips are of the same person.
///
/// Two signals are compared, each over every candidate offset within
/// ±`maxOffsetSeconds` (and, to see what lies beyond, twice as far):
/// - **keypoint speeds** (the default's first choice, as Pose2Sim syncs cameras): each
///   joint's vertical speed in torso lengths per second, low-passed at 6 Hz, averaged
///   as magnitudes over the joints tracked. Cameras share the direction of gravity, so
///   a vertical speed survives a change of viewpoint far better than a limb angle does;
///   its Pearson correlation is taken at each offset over the frames both have.
/// - **limb angles**: each angle that moves in both clips, z-scored per clip, their
///   mean squared difference turned into a correlation (2 (1 − r)).
///
/// The answer is the highest correlation, refined to a fraction of a frame by a
/// parabola. Its `confidence` (`SyncTrust`) accounts for how strong that correlation is,
/// how far it stands above the best rival peak, and whether the curve still rises at the
/// search's edge; the signal with the higher confidence is chosen, and when the other
/// one is sure of another answer the two disagree, which lowers it (`Result.warnings`).
/// Several clips are best synced together (`offsets(of:options:)`): every pair, and the
/// loops of offsets checked to add up.
public enum ClipSync {
    /// The signal an offset comes from.
    public enum Signal: String, CaseIterable, Sendable {
        /// The joints' vertical speeds (magnitudes), low-passed, Pearson-correlated.
        case keypointSpeeds
        /// The limb angles that move in both clips, z-scored per clip.
        case limbAngles
    }

    /// How to search.
    public struct Options: Equatable, Sendable {
        /// The largest offset searched either way, seconds.
        public var maxOffsetSeconds = 1.0
        /// The `maxOffsetSeconds` a front end accepts: up to a minute either way.
        public static let maxOffsetRange: ClosedRange<Double> = 0...60
        /// Joints below this confidence are not tracked.
        public var minConfidence: Float = BodySeries.defaultMinConfidence
        /// A limb is used only when its angle's standard deviation reaches this in
        /// both clips, degrees: below it the limb holds still (or is noise).
        public var minMovementDegrees: Float = 3
        /// The least time both clips must share at the chosen offset, seconds.
        public var minSharedSeconds = 1.0
        /// Undo each clip's estimator left/right swaps and mask teleported joints first,
        /// as `compare` does (an estimator's swap would otherwise read as movement).
        public var repairFaults = true
        /// The joints whose speeds are compared (and the limbs whose three joints are
        /// all among them); nil: every joint.
        public var joints: [Joint]? = nil
        /// The signals to try; the one with the higher confidence is chosen.
        public var signals: [Signal] = Signal.allCases
        /// Only the reference's frames in this span of its own times count (a stretch
        /// with one clear movement, as Pose2Sim's time range); nil: the whole clip.
        public var windowSeconds: ClosedRange<Double>? = nil
        /// The low-pass cutoff of the keypoint positions before their speeds, hertz.
        public var cutoffHertz = 6.0
        /// Search options with every default.
        public init() {}
    }

    /// Something about an offset that a reader must know before trusting it.
    public enum Warning: Equatable, Sendable {
        /// The fit still improves at the edge of the search: the true offset may lie beyond.
        case atSearchEdge(maxOffsetSeconds: Double)
        /// Another offset fits nearly as well (or better, beyond the search range).
        case rivalOffset(offsetSeconds: Double, correlation: Double)
        /// The signals correlate weakly even at the best offset.
        case weakCorrelation(Double)
        /// The other signal is sure of another offset.
        case signalsDisagree(other: Signal, offsetSeconds: Double, confidence: Double)
        /// Too few independent samples to tell the right offset from a chance match.
        case littleEvidence(independentSamples: Double)
        /// The pair's offset does not add up with the other pairs' (set sync only).
        case inconsistent(misclosureSeconds: Double)

        /// In words, for a report.
        public var text: String {
            switch self {
            case .atSearchEdge(let s):
                return
                    "the fit still improves at the search's edge (±\(jsonNumber(s, digits: 3)) s): the offset may lie beyond it; search further"
            case .rivalOffset(let o, let r):
                return
                    "another offset fits almost as well (\(String(format: "%+.4f", o)) s, r = \(String(format: "%.2f", r))): a repetitive or small movement; check it by eye"
            case .weakCorrelation(let r):
                return
                    "the movement correlates weakly even at this offset (r = \(String(format: "%.2f", r))): different movements, views that hide it, or too little of it"
            case .signalsDisagree(let signal, let o, let c):
                return
                    "\(signal == .limbAngles ? "limb angles" : "keypoint speeds") put it at \(String(format: "%+.4f", o)) s (confidence \(String(format: "%.2f", c)))"
            case .littleEvidence(let n):
                return
                    "too little movement shared to tell this offset from a chance match (about \(Int(n.rounded())) independent samples; \(Int(SyncTrust.fullEvidenceSamples)) give full confidence): sync a longer stretch of movement"
            case .inconsistent(let m):
                return "does not add up with the other clips' offsets (a loop misses by \(String(format: "%.4f", m)) s)"
            }
        }
    }

    /// One clip's offset against the reference.
    public struct Result: Equatable, Sendable {
        /// Seconds to add to the clip's times to put it on the reference's clock
        /// (positive: the clip's clock runs behind the reference's).
        public let offsetSeconds: Double
        /// The grid's rate, frames per second (the faster clip's).
        public let rate: Double
        /// How sure the offset is, 0...1 (`SyncTrust`): the correlation's strength, its
        /// margin over the best rival peak, its distance from the search's edges, and
        /// agreement between the signals. Below `trustedConfidence` it is not to be used
        /// without a look.
        public let confidence: Double
        /// The correlation of the chosen signal at the offset, −1...1.
        public let correlation: Double
        /// The signal the offset comes from.
        public let signal: Signal
        /// The limbs whose angles were compared (those moving in both clips).
        public let limbs: [Limb]
        /// The joints whose speeds were compared.
        public let joints: [Joint]
        /// The time both clips share at the offset, seconds.
        public let sharedSeconds: Double
        /// The best rival peak (more than `neighbourhoodSeconds` away, searched to twice the
        /// range): its offset and correlation; nil when the curve has none.
        public let rival: Rival?
        /// What lowers the confidence, in order of weight.
        public let warnings: [Warning]
        /// The other signal's answer, when it was tried.
        public let alternative: Alternative?
        /// How far the offset moves with another choice of joints, seconds: 1.96 × the
        /// jackknife standard error over the joints left out one at a time (keypoint
        /// speeds with three joints or more; nil otherwise). A cross-check of precision,
        /// apart from `confidence` (which says whether this is the right valley at all).
        public let precisionSeconds: Double?
        /// Bartlett's effective number of independent samples the correlation rests on
        /// (`SyncTrust`): 1.6 s of a smooth movement is about 10, however many frames.
        public let independentSamples: Double
        /// The confidence from the curve's shape alone (strength × margin, 0 at an edge),
        /// before the evidence of its length: what a set of clips checks around its loops.
        public let shapeConfidence: Double

        /// A rival peak of the correlation curve.
        public struct Rival: Equatable, Sendable {
            /// Its offset, seconds.
            public let offsetSeconds: Double
            /// Its correlation.
            public let correlation: Double
        }

        /// Another signal's answer.
        public struct Alternative: Equatable, Sendable {
            /// Which signal.
            public let signal: Signal
            /// Its offset, seconds.
            public let offsetSeconds: Double
            /// Its own confidence.
            public let confidence: Double
        }

        /// Whether the offset may be used without a look (`confidence` ≥ `trustedConfidence`).
        public var isTrusted: Bool { confidence >= ClipSync.trustedConfidence }

        /// What was compared, in words.
        public var signalText: String {
            switch signal {
            case .keypointSpeeds: return "vertical keypoint speeds (\(joints.map(\.name).joined(separator: ", ")))"
            case .limbAngles: return "z-scored limb angles (\(limbs.map(\.name).joined(separator: ", ")))"
            }
        }
    }

    /// The most frames the grid both clips are laid on may have (compare's limit too).
    public static let maxGridFrames = 5_000_000

    /// Offsets closer than this to the best are the same answer, seconds.
    public static let neighbourhoodSeconds = 0.2

    /// Rivals are looked for to twice the search range, and at least this far either
    /// way, seconds: a narrow search (0.1 s) must still see that a
    /// movement repeats, or fits as well elsewhere.
    public static let rivalSearchSeconds = 2.0

    /// Below this confidence an offset is reported with a warning and not trusted
    /// (`Result.isTrusted`): on 206 pairs of unrelated real clips (different people,
    /// movements and days) the highest is 0.12, on 90 more (the balancing cameras
    /// against them) 0.15 (see the README).
    public static let trustedConfidence = 0.3

    /// The offset of `clip` against `reference`.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for a search range outside
    ///   0...60 s, or an empty window or joint list; `.unsupported` when no signal moves
    ///   in both clips (nothing to line up) or the clips share less than
    ///   `minSharedSeconds` at every offset (and, without laying a grid over the gap,
    ///   when the clips lie further apart than any offset looked at).
    public static func offset(of clip: Sidecar, to reference: Sidecar, options: Options = Options()) throws(KinetixError) -> Result {
        guard options.maxOffsetSeconds.isFinite, (0...60).contains(options.maxOffsetSeconds) else {
            throw KinetixError(.invalidSetting, field: "maxOffsetSeconds", "must be in 0...60 s, got \(options.maxOffsetSeconds)")
        }
        if let joints = options.joints, joints.isEmpty {
            throw KinetixError(.invalidSetting, field: "joints", "name at least one joint")
        }
        if let w = options.windowSeconds, !(w.lowerBound.isFinite && w.upperBound.isFinite) {
            throw KinetixError(.invalidSetting, field: "windowSeconds", "the window's ends must be finite")
        }
        guard !options.signals.isEmpty else { throw KinetixError(.invalidSetting, field: "signals", "name at least one signal") }
        guard let referenceStart = reference.times.first, let referenceEnd = reference.times.last,
            let clipStart = clip.times.first, let clipEnd = clip.times.last
        else {
            throw KinetixError(.unsupported, "a clip has no frames: nothing to line up")
        }
        let (reference, clip) =
            options.repairFaults
            ? (
                reference.checkedForFaults(role: "reference", repairSwaps: true, maskTeleports: true, minConfidence: options.minConfidence)
                    .clip,
                clip.checkedForFaults(role: "clip", repairSwaps: true, maskTeleports: true, minConfidence: options.minConfidence).clip
            )
            : (reference, clip)
        let rate = min(240, max(reference.analysisFrameRate, clip.analysisFrameRate))
        let reach = Int((options.maxOffsetSeconds * rate).rounded(.up))
        let minShared = max(2, Int((options.minSharedSeconds * rate).rounded()))
        let curveOptions = SyncCurve.Settings(
            reach: reach,
            extendedReach: max(
                2 * reach + max(1, Int((neighbourhoodSeconds * rate).rounded())), Int((rivalSearchSeconds * rate).rounded())),
            minShared: minShared, rate: rate)
        // Clips further apart than the widest offset looked at share no frame at any of
        // them: said before a grid is laid over the gap (clips 9e8 s apart would need
        // hundreds of gigabytes for it).
        let gapSeconds = max(referenceStart, clipStart) - min(referenceEnd, clipEnd)
        if gapSeconds > Double(curveOptions.extendedReach) / rate {
            throw KinetixError(
                .unsupported,
                "the clips do not overlap within the search: \(jsonNumber(gapSeconds, digits: 3)) s lie between them, beyond ±\(jsonNumber(options.maxOffsetSeconds, digits: 3)) s (put them on one clock first, e.g. with 'kinetix shift')"
            )
        }
        // One absolute grid covering both clips; each clip NaN outside its own span. A clip
        // whose own frames lie far apart (one at 0 s, the next at 8e8 s) would still make it
        // unbounded: over compare's grid limit it is refused.
        let gridFrames = (max(referenceEnd, clipEnd) - min(referenceStart, clipStart)) * rate
        guard gridFrames <= Double(maxGridFrames) else {
            throw KinetixError(
                .limitExceeded,
                "the clips span \(jsonNumber(max(referenceEnd, clipEnd) - min(referenceStart, clipStart), digits: 3)) s at \(jsonNumber(rate, digits: 3)) frames per second: a grid of \(jsonNumber(gridFrames, digits: 0)) frames, over the limit of \(maxGridFrames) (a long pause inside a clip counts; trim it first)"
            )
        }
        let grid = AnalysisGrid(from: min(referenceStart, clipStart), through: max(referenceEnd, clipEnd), rate: rate)
        let times = grid.times

        var answers: [(Signal, SyncTrust, joints: [Joint], limbs: [Limb], spread: Double?)] = []
        var refusals: [String] = []
        for signal in options.signals {
            let pair: SyncSignal.Pair?
            switch signal {
            case .keypointSpeeds: pair = SyncSignal.keypointSpeeds(reference: reference, clip: clip, at: times, options: options)
            case .limbAngles: pair = SyncSignal.limbAngles(reference: reference, clip: clip, at: times, options: options)
            }
            guard var pair else {
                refusals.append(signal.rawValue)
                continue
            }
            if let window = options.windowSeconds { pair.keepReference(within: window, times: times) }
            let curve = signal == .keypointSpeeds ? SyncCurve.pearson(pair, curveOptions) : SyncCurve.zScoreMismatch(pair, curveOptions)
            guard var trust = SyncTrust(curve: curve, settings: curveOptions) else { continue }
            let spread = SyncCurve.jackknife(pair, near: Int(trust.offsetFrames.rounded()), minShared: minShared)
            // Channels move together: their mean count, not their sum.
            let samples =
                pair.reference.indices.map {
                    SyncCurve.effectiveSamples(pair.reference[$0], pair.clip[$0], at: Int(trust.offsetFrames.rounded()), rate: rate)
                }.reduce(0, +) / Double(pair.reference.count)
            trust.independentSamples = samples
            answers.append((signal, trust, pair.joints, pair.limbs, spread))
        }
        guard refusals.count < options.signals.count else {
            throw KinetixError(
                .unsupported,
                "nothing moves by \(jsonNumber(Double(options.minMovementDegrees), digits: 2))° or more in both clips: the person barely moves, so there is nothing to line the clips up by"
            )
        }
        guard let chosen = answers.max(by: { $0.1.confidence < $1.1.confidence }) else {
            throw KinetixError(
                .unsupported,
                "the clips share less than \(jsonNumber(options.minSharedSeconds, digits: 3)) s of tracked movement at every offset within ±\(jsonNumber(options.maxOffsetSeconds, digits: 3)) s"
            )
        }
        var confidence = chosen.1.confidence
        var shapeConfidence = chosen.1.shapeConfidence
        var warnings = chosen.1.warnings(maxOffsetSeconds: options.maxOffsetSeconds, rate: rate)
        // 95 % of the answers with other joints lie within 1.96 jackknife errors.
        let precision = chosen.spread.map { 1.96 * $0 / rate }
        var alternative: Result.Alternative?
        if let other = answers.first(where: { $0.0 != chosen.0 }) {
            alternative = .init(signal: other.0, offsetSeconds: other.1.offsetFrames / rate, confidence: other.1.confidence)
            // Two signals sure of two answers more than a frame and a half apart: the
            // chosen one is only as sure as it is surer than the other.
            if abs(other.1.offsetFrames - chosen.1.offsetFrames) > 1.5, other.1.confidence >= trustedConfidence {
                confidence = max(0, confidence - other.1.confidence)
                shapeConfidence = max(0, shapeConfidence - other.1.shapeConfidence)
                warnings.insert(
                    .signalsDisagree(other: other.0, offsetSeconds: other.1.offsetFrames / rate, confidence: other.1.confidence), at: 0)
            }
        }
        return Result(
            offsetSeconds: chosen.1.offsetFrames / rate, rate: rate, confidence: confidence,
            correlation: chosen.1.correlation, signal: chosen.0, limbs: chosen.limbs, joints: chosen.joints,
            sharedSeconds: Double(chosen.1.sharedFrames) / rate,
            rival: chosen.1.rival.map { .init(offsetSeconds: $0.frames / rate, correlation: $0.correlation) },
            warnings: warnings, alternative: alternative, precisionSeconds: precision,
            independentSamples: chosen.1.independentSamples, shapeConfidence: shapeConfidence)
    }
}
