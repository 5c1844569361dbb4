import Foundation
import KinetixCore
import KinetixProfiles

/// Drafts a profile from a plain-English description, a demonstration clip, or both
/// (`kinetix profile draft`). Offline and deterministic: the same words, vocabulary and
/// clip give the same bytes.
///
/// The words decide what is measured; the demonstration supplies the numbers the words
/// leave out; what neither gives comes from `DraftDefaults`. Every sentence is reported
/// with what it became, or why it could not be used.
public struct ProfileDrafter: Sendable {
    /// The words understood.
    public var vocabulary: DraftVocabulary
    /// Joints below this confidence are missing, in the demonstration.
    public var minConfidence: Float = BodySeries.defaultMinConfidence

    /// The longest description read, bytes of UTF-8.
    public static let maxDescriptionBytes = 64 << 10

    /// A drafter that understands `vocabulary`'s words.
    public init(vocabulary: DraftVocabulary) {
        self.vocabulary = vocabulary
    }

    /// What a draft used and left out, sentence by sentence.
    public struct SentenceReport: Equatable, Sendable {
        /// 1-based.
        public var index: Int
        /// The sentence as written (list markers removed).
        public var text: String
        /// Where it starts in the description: 1-based line…
        public var line: Int
        /// …and column.
        public var column: Int
        /// Where the reason it was left out is: the word to blame, else the sentence's start (line…
        public var failureLine: Int
        /// …and column).
        public var failureColumn: Int
        /// What it became in the profile (metrics, rules, reps, with numbers); empty when left out.
        public var became: [String]
        /// Why it was left out (nil when used or recognised as not measurable).
        public var failure: String?
        /// Recognised, but nothing body keypoints can check: why ("breathing is not visible
        /// in body keypoints"). Such a sentence never blocks a draft.
        public var notMeasurable: String?
        /// Keep / do-not clauses beside the sentence's movement that could not be used, with
        /// the reason ("'keeping your toes pointing forward': …"); the movement was used.
        public var clausesLeftOut: [String] = []
        /// Words the vocabulary does not know, located, with a did-you-mean where one fits.
        public var unknownWords: [String]
    }

    /// A draft and its account.
    public struct Draft: Sendable {
        /// The profile file's text (a normal profile: it lints and `assess` runs it).
        public var text: String
        /// The same, loaded.
        public var profile: Profile
        /// One per sentence of the description, in order.
        public var sentences: [SentenceReport]
        /// What the demonstration gave (view, reps, ranges), in words.
        public var demonstrationNotes: [String]
        /// Numbers that came from `DraftDefaults`, in words.
        public var defaultsUsed: [String]
        /// True when every sentence was used.
        public var isComplete: Bool { sentences.allSatisfy { $0.failure == nil } }
    }

    /// A demonstration clip and which of its reps to learn from (1-based, all when nil).
    public struct Demonstration: Sendable {
        /// The recording, decoded, with its provenance (path, SHA-256).
        public var clip: ClipInput
        /// The reps to learn from, 1-based (nil: all).
        public var reps: ClosedRange<Int>?
        /// A demonstration of `clip`, learning from `reps`.
        public init(clip: ClipInput, reps: ClosedRange<Int>? = nil) {
            self.clip = clip
            self.reps = reps
        }
    }

    /// Drafts a profile.
    ///
    /// - Parameters:
    ///   - description: the exercise in English sentences (nil or empty: none).
    ///   - demonstration: a recording of the movement done well.
    /// - Throws: `KinetixError`: `.invalidData` when nothing measurable comes out (no
    ///   sentence understood and no demonstration, or a demonstration without a
    ///   movement), `.invalidSetting` for reps out of range, `.limitExceeded` for a
    ///   description over `maxDescriptionBytes`.
    public func draft(description: String?, demonstration: Demonstration?) throws(KinetixError) -> Draft {
        if let description, description.utf8.count > Self.maxDescriptionBytes {
            throw KinetixError(
                .limitExceeded,
                "the description is \(description.utf8.count) bytes; a description is at most \(Self.maxDescriptionBytes) (an exercise sheet, not a book)"
            )
        }
        let (words, hashtags) = Hashtags.split(description ?? "")
        let sentences = SpokenTranscript.resegment(DescriptionReader.sentences(in: words), vocabulary: vocabulary)
        // Each sentence is read knowing the body parts last named before it ("… then lower them").
        var readings: [SentenceReading] = []
        var earlier = SentenceContext()
        for sentence in sentences {
            let reading = SentenceInterpreter.read(sentence, vocabulary: vocabulary, earlier: earlier)
            // "… and just hold there. Thirty seconds.": the time said next is the hold's; the
            // sentence that asked for it is then understood.
            if earlier.holdAwaitsTime, reading.statements.contains(where: { if case .hold = $0 { true } else { false } }),
                let asked = readings.indices.last
            {
                readings[asked].failure = nil
                readings[asked].failurePlace = nil
            }
            let awaits = reading.failure?.hasPrefix(SentenceInterpreter.holdNeedsTime) ?? reading.holdsWithoutTime
            earlier = earlier.updated(by: reading.named)
            earlier.holdAwaitsTime = awaits
            readings.append(reading)
        }
        guard !sentences.isEmpty || demonstration != nil else {
            throw KinetixError(.invalidData, "nothing to draft from: give a description or a demonstration")
        }
        let survey = try demonstration.map { (d) throws(KinetixError) in
            try DemonstrationSurvey(d.clip.sidecar, minConfidence: minConfidence)
        }
        var builder = DraftBuilder(survey: survey, chosenReps: demonstration?.reps, exercises: vocabulary.exercises)
        builder.hashtags = hashtags
        try builder.build(&readings)
        if let demonstration, builder.plan.id == DraftPlan().id {
            // No title in the words: name the draft after the demonstration's file.
            let stem = URL(fileURLWithPath: demonstration.clip.provenance.path).deletingPathExtension().lastPathComponent
            builder.plan.title = "Drafted from \(stem)"
            builder.plan.id = DraftBuilder.slug(stem)
        }

        var generated: [(key: String, value: JSONValue)] = [
            ("by", .string("Kinetix profile drafter")), ("kinetixVersion", .string(KinetixVersion.current)),
        ]
        if let description, !description.isEmpty { generated.append(("description", .string(description))) }
        if let demonstration {
            var fields: [(key: String, value: JSONValue)] = [
                ("file", .string(demonstration.clip.provenance.path)), ("sha256", .string(demonstration.clip.provenance.sha256)),
                ("frames", .number(Double(demonstration.clip.provenance.frames))),
            ]
            if let reps = demonstration.reps { fields.append(("reps", .string("\(reps.lowerBound)-\(reps.upperBound)"))) }
            fields.append(("notes", .array(builder.demonstrationNotes.map(JSONValue.string))))
            generated.append(("demonstration", .object(fields)))
        }
        let reports = readings.map { (reading: SentenceReading) -> SentenceReport in
            SentenceReport(
                index: reading.sentence.index, text: reading.sentence.text,
                line: reading.sentence.tokens.first?.line ?? 1, column: reading.sentence.tokens.first?.column ?? 1,
                failureLine: reading.failurePlace?.line ?? reading.sentence.tokens.first?.line ?? 1,
                failureColumn: reading.failurePlace?.column ?? reading.sentence.tokens.first?.column ?? 1,
                became: reading.failure == nil ? builder.became[reading.sentence.index] ?? [] : [],
                failure: reading.failure,
                notMeasurable: reading.notMeasurable,
                clausesLeftOut: reading.failure == nil ? reading.clausesLeftOut : [],
                unknownWords: reading.unknownWords.map { "'\($0.word)' at \($0.line):\($0.column)" + Diagnostic.didYouMean($0.suggestion) })
        }
        generated.append(
            (
                "sentences",
                JSONValue.array(
                    reports.map { (report: SentenceReport) -> JSONValue in
                        var fields: [(key: String, value: JSONValue)] = [
                            ("sentence", .number(Double(report.index))), ("text", .string(report.text)),
                        ]
                        if let failure = report.failure {
                            fields.append(("leftOut", .string(failure)))
                        } else {
                            // A sentence may give a movement and a clause keypoints cannot see ("… without shrugging").
                            if !report.became.isEmpty || report.notMeasurable == nil {
                                fields.append(("became", .array(report.became.map(JSONValue.string))))
                            }
                            if let reason = report.notMeasurable { fields.append(("notMeasurable", .string(reason))) }
                            if !report.clausesLeftOut.isEmpty {
                                fields.append(("clausesLeftOut", .array(report.clausesLeftOut.map(JSONValue.string))))
                            }
                        }
                        if !report.unknownWords.isEmpty {
                            fields.append(("unknownWords", .array(report.unknownWords.map(JSONValue.string))))
                        }
                        return .object(fields)
                    })
            ))
        if !builder.defaultsUsed.isEmpty { generated.append(("defaults", .array(builder.defaultsUsed.map(JSONValue.string)))) }

        let summary =
            (description?.isEmpty == false
                ? "Drafted from the description" + (demonstration != nil ? " and a demonstration" : "") : "Drafted from a demonstration")
            + " by Kinetix's profile drafter; check it, then edit freely."
        var document = DraftProfileWriter.document(builder.plan, description: summary)
        document.append(("_generated", .object(generated)))
        let text = JSONValue.object(document).indentedText()
        let profile: Profile
        do throws(KinetixError) { profile = try Profile.decode(Data(text.utf8), file: "draft") } catch {
            // A draft that does not load is a bug in the drafter, not in the words.
            throw KinetixError(.invalidData, "internal error: the draft does not load: \(error.description)")
        }
        return Draft(
            text: text, profile: profile, sentences: reports, demonstrationNotes: builder.demonstrationNotes,
            defaultsUsed: builder.defaultsUsed)
    }
}

/// The numbers a draft uses when neither the words nor a demonstration give them.
/// Documented in Profiles/README.md ("Drafting a profile").
public enum DraftDefaults {
    /// The goal of a movement by measure, in its unit: a raise to shoulder height,
    /// a knee or hip bent to a right angle, an elbow curled to 120°.
    static func target(_ kind: BodyMeasure.Kind) -> Double {
        switch kind {
        case .armElevation, .upperArmElevation, .thighElevation, .kneeFlexion, .hipFlexion: 90
        case .legElevation: 45
        case .elbowFlexion: 120
        case .headTilt, .trunkLean: 30
        case .kneeValgus: 10
        case .stanceWidth: 1.4  // feet apart, as in a jumping jack (about 2 at full width)
        case .hipDrop: 0.5  // thighs about 60° from vertical, as the squat profile's depth target
        }
    }
    /// How far short of the goal a rep still passes: 15° (0.1 torso lengths).
    static func tolerance(_ unit: String) -> Double { unit == "deg" ? 15 : 0.1 }
    /// A joint kept straight may bend this much, degrees.
    public static let straightLimit = 20.0
    /// The trunk kept upright may lean this much from vertical, degrees.
    public static let uprightLimit = 15.0
    /// A part kept still may move this much from its position in the first second, degrees.
    public static let stillLimit = 15.0
    /// The knees may cave in this much (frontal-plane projection angle), degrees.
    public static let valgusLimit = 10.0
    /// A stretch named by its title ("Hamstring stretch") is held at least this long when no sentence says, seconds.
    public static let stretchHoldSeconds = 15.0
    /// A hold of at least this long is a position held (the draft is tagged "hold"); shorter,
    /// a pause at the top of each rep ("hold for 2 seconds at the top"), seconds. Sheets say
    /// "hold 5 seconds, 10 times" of reps and "hold 10–30 seconds" of a position (in the
    /// sheets written for issue 54, each 5 s hold was a rep's, each of 10 s or more a position).
    public static let leastHoldSeconds = 8.0
    /// The frame-to-frame noise of a pose estimator's angles, degrees (MediaPipe's joint angles
    /// on a still real body jitter by a few degrees), and of a fraction or torso length.
    public static let estimatorNoiseDegrees = 5.0, estimatorNoiseFraction = 0.05
    /// A drafted rep (goal minus rest) under this many times the noise is flagged: the count may be noise.
    public static let leastRepInNoise = 4.0
    /// Left and right may differ this much, degrees.
    public static let symmetryLimit = 15.0
    /// A demonstration's tolerance is 3 standard deviations of its rep peaks, at least this, degrees.
    public static let leastDemonstratedTolerance = 8.0
    /// Limits learned from a demonstration sit this far above what it showed, degrees.
    public static let demonstratedMargin = 10.0
}
