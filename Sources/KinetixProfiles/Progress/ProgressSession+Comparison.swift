import Foundation
import KinetixCore

extension ProgressSession {
    /// A comparison's blocks: this much of the demonstrator's time each (each learner
    /// frame goes to the block of the demonstrator moment it was matched with, so block k
    /// of two sessions copying one demonstration covers the same movement). Neighbouring
    /// frames' errors are not independent (a form break lasts a second or more, the lag
    /// search spans one), so the noise is the spread between block means (the
    /// batch-means method), not between frames.
    public static let blockSeconds = 1.0
    /// The `profileID` of a comparison made without a pair profile (with `compare`'s own
    /// settings; `comparisonSettings` says which).
    public static let noProfileID = "compare"

    /// "profile squat 2.0.0", or "no profile: compare's own settings".
    public static func profileText(id: String, version: String) -> String {
        id == noProfileID ? "no profile: compare's own settings" : "profile \(id) \(version)"
    }

    /// A block is kept when at least this fraction of its frames (at the grid's rate) were scored.
    static let minScoredFraction = 0.5

    /// The figures of one block of a comparison, and what they are: the names a
    /// comparison session's "reps" carry, each with its unit and better way.
    public static let comparisonFigures: [(name: String, unit: String, higherIsBetter: Bool)] =
        [("distance", "deg", false), ("withinTolerance", "%", true), ("lag", "s", false)]
        + Limb.allCases.map { ("\($0.name) error", "deg", false) }

    /// A comparison's JSON, parsed: its scored frames cut into `blockSeconds` blocks of
    /// the demonstrator's time (`Assessment.Rep.start` is the block's start there), each with
    /// the mean distance (degrees), the percent of frames with every compared limb within
    /// tolerance, the mean lag (seconds) and each limb's mean absolute error (degrees),
    /// over its scored frames.
    init(comparison top: JSONValue, file: String, label: String, date: String?) throws(KinetixError) {
        func fail(_ field: String, _ message: String) -> KinetixError {
            KinetixError(.invalidData, file: file, field: field, message)
        }
        typealias Key = ComparisonReport.Key
        typealias P = ComparisonReport.ParameterKey
        typealias Source = Provenance.Key
        typealias Input = Provenance.InputKey
        typealias Used = Provenance.ProfileKey
        let profile = top[Key.provenance]?[Source.profile]
        var id = Self.noProfileID
        var version = ""
        let profileField = "\(Key.provenance.rawValue).\(Source.profile.rawValue)"
        if let profile, profile != .null {
            guard case .string(let i) = profile[Used.id], case .string(let v) = profile[Used.version] else {
                throw fail(profileField, "expected the pair profile's id and version")
            }
            guard Self.isProfileID(i) else {
                throw KinetixError(
                    .invalidData, file: file, field: "\(profileField).\(Used.id.rawValue)", Self.notAnID(i), setting: .profile)
            }
            (id, version) = (i, v)
        }
        self.init(kind: .comparison, label: label, date: date, file: file, profileID: id, profileVersion: version)
        let inputs = top[Key.provenance]?[Source.inputs]
        if case .string(let path) = inputs?[ComparisonReport.learnerRole]?[Input.path] { clipPath = path }
        if case .string(let sha) = inputs?[ComparisonReport.learnerRole]?[Input.sha256] { clipSHA256 = sha }
        if case .string(let sha) = inputs?[ComparisonReport.demonstratorRole]?[Input.sha256] { demonstratorSHA256 = sha }
        guard let parameters = top[Key.parameters], case .object(let fields) = parameters else {
            throw fail(Key.parameters.rawValue, "expected the comparison's settings")
        }
        dimensions = parameters[P.dimensions] == .string(Dimensions.three.description) ? .three : .two
        // Every setting that changes a figure; the lag window and the kernel do not.
        let deciding: [P] = [
            .mirror, .maxLagSeconds, .toleranceDegrees, .minConfidence, .minSharedWeight, .weights, .offsetSeconds, .maxGapSeconds,
            .repairSwaps, .maskTeleports,
        ]
        comparisonSettings = fields.filter { field in deciding.contains { $0.rawValue == field.key } }.map {
            "\($0.key)=\($0.value.compactText())"
        }.joined(separator: " ")
        guard case .number(let tolerance) = parameters[P.toleranceDegrees] else {
            throw fail("\(Key.parameters.rawValue).\(P.toleranceDegrees.rawValue)", "expected a number")
        }
        guard case .number(let rate) = parameters[P.rate], rate > 0, rate.isFinite else {
            throw fail("\(Key.parameters.rawValue).\(P.rate.rawValue)", "expected the grid's rate, frames per second")
        }
        frameRate = rate
        guard case .array(let frames) = top[Key.frames] else { throw fail(Key.frames.rawValue, "expected the comparison's frames") }
        reps = try Self.blocks(frames, tolerance: Float(tolerance), rate: rate, fail: fail)
        if reps.isEmpty { voidReason = "no \(Self.blockSeconds) s block had half its frames scored" }
    }

    /// The blocks of `frames` (see `init(comparison:)`): scored frames (with a distance
    /// and a matched demonstrator time) only, a block kept when it has at least
    /// `minScoredFraction` of the frames `blockSeconds` hold at `rate`.
    private static func blocks(_ frames: [JSONValue], tolerance: Float, rate: Double, fail: (String, String) -> KinetixError)
        throws(KinetixError) -> [Assessment.Rep]
    {
        struct Sums {
            var scored = 0, within = 0, lagged = 0
            var distance: Float = 0, lag: Float = 0
            var error = [Float](repeating: 0, count: Limb.allCases.count), compared = [Int](repeating: 0, count: Limb.allCases.count)
        }
        var sums: [Int: Sums] = [:]
        for (k, frame) in frames.enumerated() {
            typealias Frame = ComparisonFrame.Key
            guard let distance = number(frame[Frame.distanceDegrees]), distance.isFinite, let matched = number(frame[Frame.demonstratorT])
            else { continue }
            guard matched.isFinite, abs(matched) < 1e7 else {
                throw fail("\(ComparisonReport.Key.frames.rawValue)[\(k)].\(Frame.demonstratorT.rawValue)", "expected a time in seconds")
            }
            let block = Int((Double(matched) / blockSeconds).rounded(.down))
            var sum = sums[block] ?? Sums()
            sum.scored += 1
            sum.distance += distance
            if let lag = number(frame[Frame.lagSeconds]), lag.isFinite {
                sum.lagged += 1
                sum.lag += lag
            }
            var within = true
            for limb in Limb.allCases {
                guard let e = number(frame[Frame.errors]?[limb.name]), e.isFinite else { continue }
                sum.error[limb.rawValue] += abs(e)
                sum.compared[limb.rawValue] += 1
                if abs(e) > tolerance { within = false }
            }
            if within { sum.within += 1 }
            sums[block] = sum
        }
        let expected = blockSeconds * rate
        return sums.keys.sorted().compactMap { b in
            let s = sums[b]!
            guard Double(s.scored) >= minScoredFraction * expected else { return nil }
            let n = Float(s.scored)
            // In `comparisonFigures`' order: distance, within tolerance, lag, each limb's error.
            let figures =
                [s.distance / n, 100 * Float(s.within) / n, s.lagged > 0 ? s.lag / Float(s.lagged) : .nan]
                + Limb.allCases.map { s.compared[$0.rawValue] > 0 ? s.error[$0.rawValue] / Float(s.compared[$0.rawValue]) : .nan }
            let start = Double(b) * blockSeconds
            return Assessment.Rep(
                start: start, end: start + blockSeconds,
                values: zip(comparisonFigures, figures).map { Assessment.Rep.Value(name: $0.name, value: $1) })
        }
    }
}
