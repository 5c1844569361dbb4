import Foundation
import KinetixCore

/// One session as `ProgressReport` compares it: what an assessment measured (each rep's
/// summaries, each symmetry measure with its noise) or what a comparison with a
/// demonstrator measured (each block's figures), and what identifies the clip, the
/// person and the camera's view.
public struct ProgressSession: Sendable {
    /// What the session's result is.
    public enum Kind: String, Sendable {
        /// One clip scored with a body or face profile (`kinetix assess`).
        case assessment
        /// A learner compared with a demonstrator (`kinetix compare`).
        case comparison
    }

    /// An assessment or a comparison.
    public var kind: Kind = .assessment
    /// How the session is named in reports: a date, "week 3", the file's name.
    public var label: String
    /// The session's date (`YYYY-MM-DD`), when known; sessions with dates are put in date order.
    public var date: String?
    /// The profile that measured it.
    public var profileID: String
    /// That profile's version.
    public var profileVersion: String
    /// The file this session was read from: the assessment's JSON, or the clip itself;
    /// errors about the session name it.
    public var file: String?
    /// The clip's path and SHA-256, as the assessment's provenance records them.
    public var clipPath: String?
    /// See `clipPath`.
    public var clipSHA256: String?
    /// Why the assessment is void; nil when it was scored.
    public var voidReason: String?
    /// 2D or 3D.
    public var dimensions: Dimensions
    /// Shoulder width over torso length (about 0.9 from the front, under 0.3 from the side).
    public var shoulderWidthRatio: Float?
    /// The body's limb lengths, for telling whether two sessions are one person; nil for a face.
    public var proportions: BodyProportions?
    /// Each rep's summaries, in time order; for a comparison, each block's figures
    /// (`ProgressSession.blockSeconds` of the learner's time each).
    public var reps: [Assessment.Rep]
    /// For a comparison: the demonstrator clip's SHA-256, and the settings that decide
    /// its figures (tolerance, weights, lag search, mirroring) as one text.
    public var demonstratorSHA256: String?
    /// See `demonstratorSHA256`.
    public var comparisonSettings: String?
    /// For an assessment: the profile parameters it was assessed with, `name=value`
    /// (values as compact JSON) joined by spaces in name order; nil when unknown.
    public var assessmentParameters: String?
    /// Frames per second of the clip (a comparison's grid), when the result says.
    public var frameRate: Double?
    /// Each symmetry measure: movements, deviation and each side's noise.
    public var symmetry: [Assessment.SymmetryResult]
    /// The side weaker in most measures, when one is.
    public var weakerSide: BodySide?

    /// `data` without a UTF-8 byte order mark in front (an editor's re-save adds one).
    public static func withoutByteOrderMark(_ data: Data) -> Data {
        data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    }

    /// True for a profile id as profiles spell it (letters, digits, `-` and `_`): what a
    /// result file names is looked up by id, never opened as a path (a result whose
    /// `profile.id` is `/etc/passwd` must not make `progress` read that file).
    public static func isProfileID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 200 && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// Why `text` is refused as a profile id.
    static func notAnID(_ text: String) -> String {
        "'\(text.prefix(80))' is not a profile id (letters, digits, '-' and '_'; a result never names a file to open): name the profile instead"
    }

    /// True for a calendar date written `YYYY-MM-DD`, as `date` is: a day the month has
    /// (2026-02-31 is none, and would sort among real dates), February 29 in leap years
    /// of the Gregorian calendar only.
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let month = Int(parts[1]), let day = Int(parts[2]), let year = Int(parts[0]), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// A session from an assessment run here.
    public init(_ report: AssessmentReport, label: String, date: String? = nil) {
        let a = report.assessment
        self.label = label
        self.date = date
        profileID = a.profileID
        profileVersion = a.profileVersion
        clipPath = report.provenance.inputs.first?.path
        file = clipPath
        clipSHA256 = report.provenance.inputs.first?.sha256
        voidReason = a.status == .void ? (a.voidReason ?? "void") : nil
        dimensions = report.clip.dimensions
        frameRate = report.clip.frameRate
        shoulderWidthRatio = a.shoulderWidthRatio
        proportions = report.bodyProportions
        reps = a.reps
        symmetry = a.symmetry
        weakerSide = a.weakerSide
        assessmentParameters = Self.parameterText(
            a.parameters.map { p in
                (p.name, (try? JSONValue.parse(Data(p.value.json.utf8))).map { $0.compactText() } ?? p.value.json)
            })
    }

    /// `name=value` joined by spaces in name order: one text for equal settings.
    static func parameterText(_ pairs: [(String, String)]) -> String {
        pairs.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
    }

    /// A session with its names and nothing measured yet.
    init(kind: Kind, label: String, date: String?, file: String?, profileID: String, profileVersion: String) {
        (self.kind, self.label, self.date, self.file, self.profileID, self.profileVersion) = (
            kind, label, date, file, profileID, profileVersion
        )
        dimensions = .two
        reps = []
        symmetry = []
    }

    /// A session from the JSON `kinetix assess --format json` or
    /// `kinetix compare --format json` wrote (a batch's results too).
    ///
    /// - Throws: `KinetixError` (`.invalidData`) naming `file` and the field when the
    ///   text is neither result.
    public init(resultJSON data: Data, file: String, label: String, date: String? = nil) throws(KinetixError) {
        let top: JSONValue
        do { top = try JSONValue.parse(Self.withoutByteOrderMark(data)) } catch {
            throw KinetixError(.invalidData, file: file, "not JSON: \(error.message) (at byte \(error.offset))")
        }
        if let field = Self.firstOutOfRange(top) {
            throw KinetixError(
                .invalidData, file: file, field: field, "a number beyond what a measurement holds (±3.4e38): not a Kinetix result")
        }
        switch top[AssessmentReport.Key.kind] {
        case .string(AssessmentReport.kind): try self.init(assessment: top, file: file, label: label, date: date)
        case .string(ComparisonReport.kind): try self.init(comparison: top, file: file, label: label, date: date)
        default:
            throw KinetixError(
                .invalidData, file: file, field: AssessmentReport.Key.kind.rawValue,
                "expected an assessment or a comparison result (\"kind\": \"assessment\" or \"comparison\", as their JSON opens)")
        }
    }

    /// An assessment's JSON, parsed.
    private init(assessment top: JSONValue, file: String, label: String, date: String?) throws(KinetixError) {
        func fail(_ field: String, _ message: String) -> KinetixError {
            KinetixError(.invalidData, file: file, field: field, message)
        }
        typealias Key = AssessmentReport.Key
        typealias Movement = AssessmentReport.MovementKey
        typealias RepKey = Assessment.Rep.Key
        guard case .string(let id) = top[Key.profile]?[AssessmentReport.ProfileKey.id],
            case .string(let version) = top[Key.profile]?[AssessmentReport.ProfileKey.version]
        else {
            throw fail(Key.profile.rawValue, "expected the profile's id and version")
        }
        guard Self.isProfileID(id) else {
            throw KinetixError(
                .invalidData, file: file, field: "\(Key.profile.rawValue).\(AssessmentReport.ProfileKey.id.rawValue)", Self.notAnID(id),
                setting: .profile)
        }
        self.label = label
        self.date = date
        self.file = file
        profileID = id
        profileVersion = version
        if case .object(let inputs) = top[Key.provenance]?[Provenance.Key.inputs], let clip = inputs.first?.value {
            if case .string(let path) = clip[Provenance.InputKey.path] { clipPath = path }
            if case .string(let sha) = clip[Provenance.InputKey.sha256] { clipSHA256 = sha }
        }
        switch top[Key.status] {
        case .string(Assessment.Status.ok.rawValue): voidReason = nil
        case .string(Assessment.Status.void.rawValue):
            if case .string(let reason) = top[Key.voidReason] { voidReason = reason } else { voidReason = "void" }
        default: throw fail(Key.status.rawValue, "expected \"ok\" or \"void\"")
        }
        dimensions = top[Key.dimensions] == .string(Dimensions.three.description) ? .three : .two
        if case .object(let parameters) = top[Key.parameters] {
            assessmentParameters = Self.parameterText(parameters.map { ($0.key, $0.value.compactText()) })
        }
        shoulderWidthRatio = Self.number(top[Key.shoulderWidthRatio])
        if case .object(let limbs) = top[Key.bodyProportions] {
            let byName = Dictionary(limbs.map { ($0.key, Self.number($0.value) ?? .nan) }, uniquingKeysWith: { a, _ in a })
            proportions = BodyProportions(lengths: BodyProportions.limbs.map { byName[$0.name] ?? .nan })
        }
        reps = []
        if let value = top[Key.reps] {
            guard case .array(let items) = value else { throw fail(Key.reps.rawValue, "expected an array of reps") }
            for (k, item) in items.enumerated() {
                guard case .object(let fields) = item, let start = Self.number(item[RepKey.start]), let end = Self.number(item[RepKey.end])
                else {
                    throw fail("\(Key.reps.rawValue)[\(k)]", "expected a rep with start and end times")
                }
                // Summaries are in "values"; results written before it have them beside start and end.
                let summaries: [(key: String, value: JSONValue)]
                if case .object(let nested)? = item[RepKey.values] {
                    summaries = nested
                } else {
                    summaries = fields.filter { $0.key != RepKey.start.rawValue && $0.key != RepKey.end.rawValue }
                }
                let values = summaries.map { Assessment.Rep.Value(name: $0.key, value: Self.number($0.value) ?? .nan) }
                reps.append(
                    Assessment.Rep(
                        start: Double(start), end: Double(end), values: values,
                        extreme: Self.number(item[RepKey.extreme]).map(Double.init),
                        confidence: Self.number(item[RepKey.confidence]) ?? 1))
            }
        }
        symmetry = []
        if case .object(let measures) = top[Key.movement] {
            for (name, m) in measures {
                var result = Assessment.SymmetryResult(
                    measure: name, movementLeft: Self.number(m[Movement.left]),
                    movementRight: Self.number(m[Movement.right]))
                result.deviationPercent = Self.number(top[Key.deviationPercent]?[name])
                if case .string(let side) = m[Movement.weakerSide] { result.weakerSide = BodySide(rawValue: side) }
                result.noiseLeft = Self.number(m[Movement.noiseLeft])
                result.noiseRight = Self.number(m[Movement.noiseRight])
                if case .bool(let measurable) = m[Movement.measurable] { result.measurable = measurable }
                symmetry.append(result)
            }
        }
        if case .string(let side) = top[Key.weakerSide] { weakerSide = BodySide(rawValue: side) }
    }

    /// The path of the first number in `value` too large for a `Float` (it would read as
    /// infinity and silently drop out), or nil.
    static func firstOutOfRange(_ value: JSONValue, at path: String = "") -> String? {
        switch value {
        case .number(let x): return abs(x) > Double(Float.greatestFiniteMagnitude) ? path : nil
        case .array(let items):
            for (k, item) in items.enumerated() { if let found = firstOutOfRange(item, at: "\(path)[\(k)]") { return found } }
        case .object(let fields):
            for field in fields {
                if let found = firstOutOfRange(field.value, at: path.isEmpty ? field.key : "\(path).\(field.key)") { return found }
            }
        default: break
        }
        return nil
    }

    static func number(_ value: JSONValue?) -> Float? {
        if case .number(let x) = value { return Float(x) }
        return nil
    }
}

extension AssessmentReport {
    /// The body's limb lengths over the clip (`BodyProportions`); nil for a face profile.
    public var bodyProportions: BodyProportions? {
        assessment.face == nil ? BodyProportions(clip) : nil
    }
}
