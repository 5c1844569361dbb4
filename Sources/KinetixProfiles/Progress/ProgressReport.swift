import Foundation
import KinetixCore

/// One person's sessions with one profile, measure by measure: each session's value
/// with its standard error, the change from the baseline session, and whether that
/// change is beyond the measurement's own noise.
///
/// The noise comes from the data. A rep measure's session value is the mean over its
/// reps, its standard error of measurement SEM = SD / √reps (the rep-to-rep spread,
/// at least `minReps` reps). A symmetry measure's deviation
/// D = 100 (L − S) / L (L the larger side's movement, S the smaller) gets
/// SEM = 100 √(σ_S² + (S/L)² σ_L²) / L from each side's noise over the baseline
/// segment, not reduced for the peak's frame count (neighbouring frames are not
/// independent). A change is beyond the noise when it reaches
/// MDC95 = 1.96 √(SEM_baseline² + SEM_session²), which is 1.96 · √2 · SEM when the two
/// sessions' SEMs are equal. The noise is within a session: a camera placed differently
/// on another day adds to it, which is why a changed view is flagged.
///
/// A comparison with a demonstrator has no reps: its scored frames are cut into blocks of
/// `ProgressSession.blockSeconds` of the demonstrator's time, and each figure's session
/// value is the mean over the blocks, its SEM from successive differences between blocks
/// (neighbouring frames are not independent; the plain SD would count how the movement
/// changes from block to block as noise). A change from the baseline is judged on the
/// paired differences of the two sessions' blocks (same demonstration, same blocks), so
/// what the demonstration does cancels; a fault confined to part of it is a step in
/// those differences, which successive differences do not count as noise.
///
/// Every change must also reach the measure's resolution (`resolution(unit:frameRate:)`).
public struct ProgressReport: Sendable {
    /// A session's value for one measure.
    public struct Estimate: Equatable, Sendable {
        /// The session's value in the measure's unit; nil when not measured.
        public var value: Float?
        /// Its standard error of measurement; nil when it cannot be estimated.
        public var standardError: Float?
        /// Reps (or blocks) the value averages (1 for a symmetry measure).
        public var count: Int
        /// Why the value or its noise is missing, in words.
        public var note: String?
    }

    /// What a change is, beyond the noise or not.
    public enum Verdict: String, Sendable {
        /// Beyond the noise, the better way (the profile says which way is better).
        case improved
        /// Beyond the noise, the worse way.
        case worse
        /// Beyond the noise, up, for a measure without a better way.
        case higher
        /// Beyond the noise, down, for a measure without a better way.
        case lower
        /// Smaller than the minimal detectable change.
        case withinNoise = "within the noise"
        /// One of the two sessions has no noise estimate (too few reps).
        case cannotTell = "cannot tell"
    }

    /// A session's change from the baseline session.
    public struct Change: Equatable, Sendable {
        /// Session value − baseline value, in the measure's unit.
        public var difference: Float
        /// The minimal detectable change for this pair of sessions; nil when either SEM is unknown.
        public var mdc95: Float?
        /// The verdict.
        public var verdict: Verdict
    }

    /// Which way a measure improves.
    public enum Better: String, Sendable {
        /// Larger values are better.
        case higher
        /// Smaller values are better.
        case lower
        /// Values nearer zero are better (a left − right difference).
        case towardZero = "toward zero"
    }

    /// The direction over all sessions: a weighted least-squares line through the
    /// values against session order, weights 1/SEM².
    public struct Trend: Equatable, Sendable {
        /// Change per session, in the measure's unit.
        public var slopePerSession: Float
        /// The slope's standard error.
        public var slopeStandardError: Float
        /// True when |slope| ≥ 1.96 × its standard error.
        public var beyondNoise: Bool
        /// True when every session moved the same way as the slope.
        public var monotonic: Bool
        /// `improved`, `worse`, `higher`, `lower` (beyond the noise) or `withinNoise`.
        public var verdict: Verdict
    }

    /// One measure over the sessions.
    public struct Measure: Sendable {
        /// What kind of measure it is.
        public enum Kind: String, Sendable {
            /// A rep summary's mean over the session's reps.
            case rep
            /// A left summary minus its right twin, per rep, averaged.
            case leftRight = "left-right"
            /// A symmetry measure's deviation between the sides, percent.
            case deviation
            /// A comparison's figure, the mean over the session's blocks.
            case block
        }

        /// The summary's or symmetry measure's name (`depthRatio`, `peakValgus left−right`, `brow`).
        public var name: String
        /// The kind.
        public var kind: Kind
        /// The unit (`deg`, `torso`, `%`, …), when known.
        public var unit: String?
        /// Which way is better, when the profile says.
        public var better: Better?
        /// Per session, in `sessions`' order.
        public var values: [Estimate]
        /// Per session, the change from the baseline; nil for the baseline and where either is missing.
        public var changes: [Change?]
        /// Over all sessions, when at least three have a value and a SEM.
        public var trend: Trend?
        /// For a symmetry measure, each session's weaker side for it.
        public var weakerSides: [BodySide?] = []
        /// For a comparison figure, each session's block values by block (the block's
        /// start in the demonstrator's time / `ProgressSession.blockSeconds`); nil for a
        /// session that copies another demonstration than the baseline's. A change from
        /// the baseline is then judged on the blocks' paired differences.
        public var blocks: [[Int: Float]?] = []
        /// The smallest change the measure resolves (`ProgressReport.resolution`): a change
        /// below it is within the noise however small the SEMs are.
        public var resolution: Float = 0
        /// Noise between sessions, when known: an MDC95 from session-to-session
        /// repeatability (sessions on one day, `ProgressReport.retestMDC`) or supplied (a
        /// profile's or a clinic's test-retest MDC). A change must reach it as well as
        /// the within-session MDC95; with it, sessions too short to know their own noise
        /// can still be judged.
        public var betweenSessionMDC: Float?
        /// Which noise a change is judged against, in words.
        public var noiseSource: String = "within-session noise only"

        /// The heading of a table's per-session column: the weaker side for a deviation,
        /// else what the value averages (reps or blocks).
        public var countHeading: String {
            switch kind {
            case .deviation: "weaker"
            case .block: "blocks"
            case .rep, .leftRight: "reps"
            }
        }
    }

    /// A problem with the sessions that does not stop the report.
    public struct Flag: Equatable, Sendable {
        /// The session's index, when one session is concerned.
        public var session: Int?
        /// In words.
        public var problem: String
    }

    /// A session needs this many reps to estimate a rep measure's noise.
    public static let minReps = 3
    /// Mean |log ratio| of limb lengths beyond which two sessions may not be one person.
    /// On real clips (`ProportionsRealTests`) one man seen by four cameras and two
    /// estimators differs by 0.015–0.149 (never over it) and two different adults by
    /// 0.020–0.154 (1 pair in 18 over it): 2D limb lengths catch a very different body
    /// (a child, a wrong clip), not one adult from another.
    public static let differentPersonLimit: Float = 0.15
    /// The z of a 95 % two-sided interval.
    static let z95: Float = 1.96

    /// The smallest change worth calling in `unit`, whatever the statistics say: 1° for an
    /// angle (what 2D keypoints resolve; reports print whole degrees and a tenth), one
    /// percentage point for a percentage, one frame at `frameRate` for a time (a lag or a
    /// tempo is counted in frames); 0 for other units.
    public static func resolution(unit: String?, frameRate: Double) -> Float {
        switch unit {
        case "deg", "degrees", "%": 1
        case "s": Float(1 / max(frameRate, 1))
        default: 0
        }
    }

    /// The profile's id, version and title.
    public package(set) var profileID: String
    /// See `profileID`.
    public package(set) var profileVersion: String
    /// See `profileID`.
    public package(set) var profileTitle: String
    /// In date order when every session has a date, else in the order given.
    public package(set) var sessions: [ProgressSession]
    /// The index of the session changes are measured from.
    public package(set) var baseline: Int
    /// Rep measures, then left−right differences, then symmetry deviations.
    public package(set) var measures: [Measure]
    /// Things to know before reading the changes (a changed view, another person, a void session).
    public package(set) var flags: [Flag]

    /// - Parameters:
    ///   - sessions: At least two sessions of one person: assessments with `profile`, or
    ///     comparisons (with `profile` their pair profile, or nil: the sessions name it).
    ///   - profile: A body or face profile for assessments; a pair profile or nil for comparisons.
    ///   - baseline: The index (after date ordering) of the session to measure changes from.
    /// - Throws: `KinetixError` (`.invalidData`) for sessions of another profile or
    ///   profile version, comparisons made with other settings, the same clip twice, 2D
    ///   mixed with 3D, assessments mixed with comparisons, or fewer than two sessions;
    ///   `.unsupported` for a profile of the wrong kind; `.invalidSetting` for a baseline
    ///   out of range.
    /// - Parameter suppliedMDC: A test-retest MDC95 per measure name (a profile's or a
    ///   clinic's, in the measure's unit): changes must reach it too.
    public init(sessions given: [ProgressSession], profile: Profile?, baseline: Int = 0, suppliedMDC: [String: Float] = [:])
        throws(KinetixError)
    {
        guard given.count >= 2 else { throw KinetixError(.invalidData, "progress needs at least two sessions (given \(given.count))") }
        let sessions = Self.ordered(given)
        if let other = sessions.first(where: { $0.kind != sessions[0].kind }) {
            throw KinetixError(
                .invalidData, file: other.file,
                "session '\(other.label)' is \(other.kind == .comparison ? "a comparison" : "an assessment") and '\(sessions[0].label)' is not: progress follows one kind of result"
            )
        }
        // The profile whose reps and symmetry assessments are followed; nil for comparisons.
        let assessed: Profile?
        if sessions[0].kind == .comparison {
            if let profile, profile.kind != .pair {
                throw KinetixError(
                    .unsupported,
                    "comparison sessions are followed with their pair profile; '\(profile.id)' is a \(profile.kind.rawValue) profile",
                    setting: .profile)
            }
            assessed = nil
        } else {
            guard let profile else {
                throw KinetixError(.invalidSetting, "assessment sessions need the profile that measured them", setting: .profile)
            }
            guard profile.kind == .body || profile.kind == .face else {
                throw KinetixError(
                    .unsupported,
                    "progress follows assessments with body and face profiles; '\(profile.id)' is a \(profile.kind.rawValue) profile",
                    setting: .profile)
            }
            assessed = profile
        }
        let id = profile?.id ?? sessions[0].profileID
        let version = profile?.version ?? sessions[0].profileVersion
        try Self.checkSameMeasurement(sessions, id: id, version: version)
        guard sessions.indices.contains(baseline) else {
            throw KinetixError(.invalidSetting, "the baseline session must be 1 to \(sessions.count) (given \(baseline + 1))")
        }
        profileID = id
        profileVersion = version
        profileTitle = profile?.title ?? (id == ProgressSession.noProfileID ? "Copy the demonstrator" : id)
        self.sessions = sessions
        self.baseline = baseline
        flags = Self.flags(sessions, baseline: baseline)
        measures =
            assessed.map { Self.repMeasures(sessions, profile: $0) + Self.deviationMeasures(sessions, profile: $0) }
            ?? Self.blockMeasures(sessions, baseline: baseline)
        let frameRate = sessions.compactMap(\.frameRate).min() ?? Sidecar.fallbackFrameRate
        for k in measures.indices {
            measures[k].resolution = Self.resolution(unit: measures[k].unit, frameRate: frameRate)
            let retest = Self.retestMDC(measures[k], sessions: sessions)
            let supplied = suppliedMDC[measures[k].name]
            switch (retest, supplied) {
            case (let r?, let s?):
                measures[k].betweenSessionMDC = max(r.mdc, s)
                measures[k].noiseSource =
                    "within-session noise, sessions on one day (\(r.pairs) pair\(r.pairs == 1 ? "" : "s"): MDC95 \(Self.format(r.mdc, unit: measures[k].unit))) and the test-retest MDC95 given (\(Self.format(s, unit: measures[k].unit)))"
            case (let r?, nil):
                measures[k].betweenSessionMDC = r.mdc
                measures[k].noiseSource =
                    "within-session noise and sessions on one day (\(r.pairs) pair\(r.pairs == 1 ? "" : "s"): MDC95 \(Self.format(r.mdc, unit: measures[k].unit)))"
            case (nil, let s?):
                measures[k].betweenSessionMDC = s
                measures[k].noiseSource = "within-session noise and the test-retest MDC95 given (\(Self.format(s, unit: measures[k].unit)))"
            case (nil, nil):
                break
            }
            measures[k].finish(baseline: baseline)
        }
        // A session assessed with other parameter values than the baseline cannot tell a
        // change of the body from a change of the setting (a rep threshold of 0.3 against
        // 0.5 made one recording's depth 0.559 → 0.352, "improved"): flagged, and each of
        // its changes is "cannot tell".
        for k in sessions.indices where Self.otherParameters(sessions[k], baseline: sessions[baseline]) != nil {
            for m in measures.indices {
                if let c = measures[m].changes[k] {
                    measures[m].changes[k] = Change(difference: c.difference, mdc95: c.mdc95, verdict: .cannotTell)
                }
            }
        }
    }

    /// Session-to-session repeatability from sessions recorded on one day (the same
    /// date: a test and its retest, where the body cannot have changed): SEM =
    /// √(mean d² / 2) over the pairs' differences d, MDC95 = t · √2 · SEM (the clinical
    /// test-retest MDC, with Student's t for the pairs' degrees of freedom). Nil without
    /// such a pair.
    static func retestMDC(_ measure: Measure, sessions: [ProgressSession]) -> (mdc: Float, pairs: Int)? {
        var squares: Float = 0
        var pairs = 0
        for i in sessions.indices {
            for j in (i + 1)..<sessions.count {
                guard let a = sessions[i].date, a == sessions[j].date,
                    let x = measure.values[i].value, let y = measure.values[j].value
                else { continue }
                squares += (x - y) * (x - y)
                pairs += 1
            }
        }
        guard pairs > 0 else { return nil }
        let sem = (squares / Float(pairs) / 2).squareRoot()
        // Few pairs estimate the noise poorly: Student's t for their degrees of freedom
        // in place of 1.96 (one pair: 12.7), so a lucky small retest difference does not
        // make a small MDC.
        return (t975(degreesOfFreedom: pairs) * Float(2).squareRoot() * sem, pairs)
    }

    /// Student's t, two-sided 95 % (the 97.5th percentile), for `degreesOfFreedom`; 1.96
    /// beyond 30.
    static func t975(degreesOfFreedom n: Int) -> Float {
        let table: [Float] = [
            12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
        ]
        return n >= 1 && n <= table.count ? table[n - 1] : z95
    }

    /// The parameter values `session` was assessed with that differ from the baseline's
    /// ("valgusLimit=15 against valgusLimit=10"); nil when they agree or are unknown.
    static func otherParameters(_ session: ProgressSession, baseline: ProgressSession) -> String? {
        guard let mine = baseline.assessmentParameters, let theirs = session.assessmentParameters, mine != theirs else { return nil }
        let a = Set(mine.split(separator: " "))
        let b = Set(theirs.split(separator: " "))
        return b.subtracting(a).sorted().joined(separator: ", ") + " against " + a.subtracting(b).sorted().joined(separator: ", ")
    }

    /// `sessions` in date order when every one has a date (ties kept in the order
    /// given), else as given: the order a report lists them in.
    public static func ordered(_ sessions: [ProgressSession]) -> [ProgressSession] {
        guard sessions.allSatisfy({ $0.date != nil }) else { return sessions }
        return sessions.enumerated().sorted { ($0.element.date!, $0.offset) < ($1.element.date!, $1.offset) }.map(\.element)
    }

    /// Refuses what cannot be compared: another profile or version, other comparison
    /// settings, one clip twice, 2D beside 3D.
    private static func checkSameMeasurement(_ sessions: [ProgressSession], id: String, version: String) throws(KinetixError) {
        for s in sessions where s.profileID != id || s.profileVersion != version {
            throw KinetixError(
                .invalidData, file: s.file, field: "profile",
                "session '\(s.label)' was measured with \(ProgressSession.profileText(id: s.profileID, version: s.profileVersion)), not \(ProgressSession.profileText(id: id, version: version)): "
                    + "sessions compare only when one profile version measured them all (\(s.kind == .comparison ? "compare" : "assess") the clips again with one)"
            )
        }
        if let settings = sessions[0].comparisonSettings, let s = sessions.first(where: { $0.comparisonSettings != settings }) {
            let mine = Set(settings.split(separator: " "))
            let theirs = Set((s.comparisonSettings ?? "").split(separator: " "))
            throw KinetixError(
                .invalidData, file: s.file, field: "parameters",
                "session '\(s.label)' was compared with other settings than '\(sessions[0].label)' (\(theirs.subtracting(mine).sorted().joined(separator: ", ")) against \(mine.subtracting(theirs).sorted().joined(separator: ", "))): its figures do not compare"
            )
        }
        var seen: [String: String] = [:]
        for s in sessions {
            guard let sha = s.clipSHA256 else { continue }
            if let first = seen[sha] {
                throw KinetixError(
                    .invalidData, file: s.file,
                    "sessions '\(first)' and '\(s.label)' are the same clip (SHA-256 \(sha.prefix(12))…): a session given twice")
            }
            seen[sha] = s.label
        }
        if Set(sessions.map(\.dimensions)).count > 1 {
            let three = sessions.filter { $0.dimensions == .three }.map(\.label)
            throw KinetixError(
                .invalidData, file: sessions.first { $0.dimensions == .three }?.file,
                "sessions \(three.joined(separator: ", ")) were measured in 3D and the others in 2D: their angles and distances do not compare"
            )
        }
    }

    /// A changed camera view, other assessment parameter values, another person's
    /// proportions, void sessions.
    private static func flags(_ sessions: [ProgressSession], baseline: Int) -> [Flag] {
        var flags: [Flag] = []
        func view(_ ratio: Float?) -> String? { CameraView(shoulderWidthRatio: ratio)?.rawValue }
        let base = sessions[baseline]
        for (k, s) in sessions.enumerated() {
            if let reason = s.voidReason {
                flags.append(Flag(session: k, problem: "'\(s.label)' is void (\(reason)): nothing in it is compared"))
            }
            guard k != baseline else { continue }
            if let a = view(base.shoulderWidthRatio), let b = view(s.shoulderWidthRatio), a != b {
                flags.append(
                    Flag(
                        session: k,
                        problem: String(
                            format:
                                "'%@' was filmed from the %@ (shoulder width %.2f torso) and the baseline '%@' from the %@ (%.2f): view-dependent measures change with the camera, not only the body",
                            s.label, b, s.shoulderWidthRatio!, base.label, a, base.shoulderWidthRatio!)))
            }
            if let other = otherParameters(s, baseline: base) {
                flags.append(
                    Flag(
                        session: k,
                        problem:
                            "'\(s.label)' was assessed with other parameter values than the baseline '\(base.label)' (\(other)): a change may come from the setting, not the body, so each of its changes is 'cannot tell' (assess both with one set of values)"
                    ))
            }
            if let a = base.demonstratorSHA256, let b = s.demonstratorSHA256, a != b {
                flags.append(
                    Flag(
                        session: k,
                        problem:
                            "'\(s.label)' copies another demonstration than the baseline '\(base.label)' (demonstrator SHA-256 \(b.prefix(12))…, not \(a.prefix(12))…): a harder or easier movement changes the figures too"
                    ))
            }
            if let p = base.proportions, let q = s.proportions, let d = p.difference(from: q), d > differentPersonLimit {
                flags.append(
                    Flag(
                        session: k,
                        problem: String(
                            format:
                                "'%@' has limb proportions %.0f %% from the baseline's: it may be another person (or a very different view)",
                            s.label, 100 * (exp(d) - 1))))
            }
        }
        return flags
    }

    /// Rep summaries' means, then each Left/Right pair's difference.
    private static func repMeasures(_ sessions: [ProgressSession], profile: Profile) -> [Measure] {
        guard let counter = profile.reps else { return [] }
        let names = counter.summaryExpressions.map(\.name)
        func perRep(_ s: ProgressSession, _ value: (Assessment.Rep) -> Float?) -> Estimate {
            if let reason = s.voidReason { return Estimate(count: 0, note: "void: \(reason)") }
            let values = s.reps.compactMap(value).filter(\.isFinite)
            return mean(values)
        }
        func value(_ rep: Assessment.Rep, _ name: String) -> Float? { rep.values.first { $0.name == name }?.value }
        var measures: [Measure] = []
        for name in names {
            let values = sessions.map { s in perRep(s) { value($0, name) } }
            guard values.contains(where: { $0.value != nil }) else { continue }
            measures.append(
                Measure(
                    name: name, kind: .rep, unit: profile.summaryUnit(name),
                    better: counter.better[name].map { $0 == .higher ? .higher : .lower },
                    values: values, changes: [], trend: nil))
        }
        for left in names where left.hasSuffix("Left") {
            let stem = String(left.dropLast(4))
            let right = stem + "Right"
            guard names.contains(right) else { continue }
            let values = sessions.map { s in
                perRep(s) { rep in value(rep, left).flatMap { l in value(rep, right).map { l - $0 } } }
            }
            guard values.contains(where: { $0.value != nil }) else { continue }
            measures.append(
                Measure(
                    name: stem + " left−right", kind: .leftRight, unit: profile.summaryUnit(left),
                    better: .towardZero, values: values, changes: [], trend: nil))
        }
        return measures
    }

    /// A comparison's figures: each the mean over the session's blocks, with the blocks
    /// kept by index for the paired changes from `baseline` (none for a session that
    /// copies another demonstration than the baseline's: its blocks do not pair).
    private static func blockMeasures(_ sessions: [ProgressSession], baseline: Int) -> [Measure] {
        let demonstration = sessions[baseline].demonstratorSHA256
        return ProgressSession.comparisonFigures.compactMap { figure in
            var values: [Estimate] = []
            var blocks: [[Int: Float]?] = []
            for s in sessions {
                if let reason = s.voidReason {
                    values.append(Estimate(count: 0, note: "void: \(reason)"))
                    blocks.append(nil)
                    continue
                }
                var byBlock: [Int: Float] = [:]
                for rep in s.reps {
                    if let v = rep.values.first(where: { $0.name == figure.name })?.value, v.isFinite {
                        byBlock[Int((rep.start / ProgressSession.blockSeconds).rounded())] = v
                    }
                }
                values.append(successiveMean(byBlock.keys.sorted().map { byBlock[$0]! }))
                blocks.append(s.demonstratorSHA256 == demonstration ? byBlock : nil)
            }
            guard values.contains(where: { $0.value != nil }) else { return nil }
            return Measure(
                name: figure.name, kind: .block, unit: figure.unit, better: figure.higherIsBetter ? .higher : .lower,
                values: values, changes: [], trend: nil, blocks: blocks)
        }
    }

    /// A comparison's mean over its blocks (in the demonstration's order) and its SEM
    /// from successive differences, √(Σ(x₍ᵢ₊₁₎ − xᵢ)² / 2(n − 1)) / √n (von Neumann's
    /// estimator): the block-to-block noise without most of what the movement itself
    /// does from one part of the demonstration to the next, which the plain SD would count.
    static func successiveMean(_ values: [Float]) -> Estimate {
        var estimate = mean(values, unit: "block")
        guard estimate.standardError != nil else { return estimate }
        estimate.standardError = successiveStandardError(values)
        return estimate
    }

    /// See `successiveMean`; nil for fewer than two values.
    static func successiveStandardError(_ values: [Float]) -> Float? {
        guard values.count >= 2 else { return nil }
        let squares = zip(values, values.dropFirst()).map { ($1 - $0) * ($1 - $0) }.reduce(0, +)
        return (squares / Float(2 * (values.count - 1)) / Float(values.count)).squareRoot()
    }

    /// A session's mean over reps (or blocks) and its SEM (SD / √n), with `minReps` of them.
    static func mean(_ values: [Float], unit: String = "rep") -> Estimate {
        guard !values.isEmpty else { return Estimate(count: 0, note: "no \(unit)s measured it") }
        let n = Float(values.count)
        let m = values.reduce(0, +) / n
        guard values.count >= minReps else {
            return Estimate(
                value: m, count: values.count,
                note: "\(values.count) \(unit)\(values.count == 1 ? "" : "s"): too few to estimate the noise (at least \(minReps))")
        }
        let variance = values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / (n - 1)
        return Estimate(value: m, standardError: (variance / n).squareRoot(), count: values.count)
    }

    /// Each symmetry measure's deviation with the SEM its sides' noise gives it.
    private static func deviationMeasures(_ sessions: [ProgressSession], profile: Profile) -> [Measure] {
        guard let symmetry = profile.symmetry else { return [] }
        return symmetry.measures.map { measure in
            var sides: [BodySide?] = []
            let values = sessions.map { s -> Estimate in
                let result = s.symmetry.first { $0.measure == measure.name }
                sides.append(result?.weakerSide)
                if let reason = s.voidReason { return Estimate(count: 0, note: "void: \(reason)") }
                guard let result else { return Estimate(count: 0, note: "not measured") }
                return deviation(result)
            }
            return Measure(
                name: measure.name, kind: .deviation, unit: "%", better: .lower, values: values,
                changes: [], trend: nil, weakerSides: sides)
        }
    }

    /// The deviation and its SEM from each side's noise (see the type's discussion).
    static func deviation(_ r: Assessment.SymmetryResult) -> Estimate {
        guard r.measurable, let d = r.deviationPercent, let l = r.movementLeft, let rr = r.movementRight else {
            return Estimate(count: 1, note: "neither side moved beyond its noise")
        }
        let leftLarger = abs(l) >= abs(rr)
        let large = max(abs(l), abs(rr))
        let small = min(abs(l), abs(rr))
        guard let nl = r.noiseLeft, let nr = r.noiseRight, large > 0 else {
            return Estimate(value: d, count: 1, note: "no baseline noise to estimate the SEM from")
        }
        let (noiseLarge, noiseSmall) = leftLarger ? (nl, nr) : (nr, nl)
        let ratio = small / large
        let sem = 100 * (noiseSmall * noiseSmall + ratio * ratio * noiseLarge * noiseLarge).squareRoot() / large
        return Estimate(value: d, standardError: sem, count: 1)
    }
}

extension ProgressReport.Measure {
    /// Fills in the changes from `baseline` and the trend.
    mutating func finish(baseline: Int) {
        let base = values[baseline]
        changes = values.enumerated().map { k, e in
            guard k != baseline, let a = base.value, let b = e.value else { return nil }
            let difference = b - a
            let floor = max(resolution, betweenSessionMDC ?? 0)
            if let paired = pairedStandardError(k, baseline) {
                let mdc = max(ProgressReport.z95 * paired, floor)
                return ProgressReport.Change(
                    difference: difference, mdc95: mdc,
                    verdict: abs(difference) >= mdc && difference != 0 ? verdict(from: a, to: b) : .withinNoise)
            }
            guard let sa = base.standardError, let sb = e.standardError else {
                guard let between = betweenSessionMDC else {
                    return ProgressReport.Change(difference: difference, mdc95: nil, verdict: .cannotTell)
                }
                let mdc = max(between, resolution)
                return ProgressReport.Change(
                    difference: difference, mdc95: mdc,
                    verdict: abs(difference) >= mdc && difference != 0 ? verdict(from: a, to: b) : .withinNoise)
            }
            let mdc = max(ProgressReport.z95 * (sa * sa + sb * sb).squareRoot(), floor)
            return ProgressReport.Change(
                difference: difference, mdc95: mdc,
                verdict: abs(difference) >= mdc && difference != 0 ? verdict(from: a, to: b) : .withinNoise)
        }
        trend = fitTrend()
    }

    /// The standard error of session `k`'s change from `baseline` from their blocks'
    /// paired differences, in the demonstration's order, by successive differences
    /// (`ProgressReport.successiveMean`: a change confined to part of the demonstration
    /// is a step, not noise), when both have blocks of one demonstration and at least
    /// `minReps` blocks in common; nil otherwise.
    func pairedStandardError(_ k: Int, _ baseline: Int) -> Float? {
        guard blocks.indices.contains(k), blocks.indices.contains(baseline), let a = blocks[baseline], let b = blocks[k] else { return nil }
        let differences = a.keys.sorted().compactMap { key in b[key].map { $0 - a[key]! } }
        guard differences.count >= ProgressReport.minReps else { return nil }
        return ProgressReport.successiveStandardError(differences)
    }

    /// Improved or worse by `better`; higher or lower without one.
    func verdict(from a: Float, to b: Float) -> ProgressReport.Verdict {
        switch better {
        case .higher: b > a ? .improved : .worse
        case .lower: b < a ? .improved : .worse
        case .towardZero: abs(b) < abs(a) ? .improved : .worse
        case nil: b > a ? .higher : .lower
        }
    }

    private func fitTrend() -> ProgressReport.Trend? {
        let points = values.enumerated().compactMap { k, e -> (x: Float, y: Float, w: Float)? in
            guard let v = e.value, let s = e.standardError else { return nil }
            return (Float(k), v, 1 / max(s * s, 1e-12))
        }
        guard points.count >= 3 else { return nil }
        let sw = points.map(\.w).reduce(0, +)
        let mx = points.map { $0.w * $0.x }.reduce(0, +) / sw
        let my = points.map { $0.w * $0.y }.reduce(0, +) / sw
        let sxx = points.map { $0.w * ($0.x - mx) * ($0.x - mx) }.reduce(0, +)
        guard sxx > 0 else { return nil }
        let slope = points.map { $0.w * ($0.x - mx) * ($0.y - my) }.reduce(0, +) / sxx
        let se = (1 / sxx).squareRoot()
        let steps = zip(points, points.dropFirst()).map { $1.y - $0.y }
        let monotonic = steps.allSatisfy { slope > 0 ? $0 > 0 : $0 < 0 }
        // Beyond the noise: the slope beyond its error, and the change it makes over the
        // sessions beyond the measure's resolution.
        let beyond =
            abs(slope) >= ProgressReport.z95 * se
            && abs(slope) * (points.last!.x - points[0].x) >= max(resolution, Float.leastNonzeroMagnitude)
        let first = points[0].y
        let direction = verdict(from: first, to: first + slope)
        return ProgressReport.Trend(
            slopePerSession: slope, slopeStandardError: se, beyondNoise: beyond, monotonic: monotonic,
            verdict: beyond ? (better == .towardZero ? (abs(points.last!.y) < abs(first) ? .improved : .worse) : direction) : .withinNoise)
    }
}

extension Profile {
    /// The unit of a rep summary, read from its expression: seconds for `duration()` and
    /// `timeTo…`, else the unit of the first metric it names; nil when it names none.
    public func summaryUnit(_ name: String) -> String? {
        guard let expression = reps?.summaryExpressions.first(where: { $0.name == name })?.expression else { return nil }
        if expression.contains("duration(") || expression.contains("timeTo") { return "s" }
        let words = expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        for word in words { if let metric = metrics.first(where: { $0.name == word }) { return metric.unit } }
        return nil
    }
}
