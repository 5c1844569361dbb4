import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixDrafting
@testable import KinetixProfiles

/// Drafting profiles from words: every construct of the description language, each
/// draft run on synthesized clips with a known answer.
@Suite("Profile drafting from words")
struct ProfileDraftingTests {
    static func draft(_ text: String, vocabulary extra: String? = nil) throws -> ProfileDrafter.Draft {
        var vocabulary = try DraftVocabulary.shipped()
        if let extra { try vocabulary.merge(Data(extra.utf8), file: "extra.vocabulary.json") }
        return try ProfileDrafter(vocabulary: vocabulary).draft(description: text, demonstration: nil)
    }

    /// A synthesized clip (a cue-response clip has every trial withheld: the subject stands still).
    static func clip(
        _ motion: SynthOptions.Motion, view: SynthOptions.View = .front, seconds: Double = 12,
        faults: [SynthOptions.Fault] = [], valgus: Double = 0, seed: UInt64 = 1,
        height: Double = 1.75, distance: Double = 3
    ) -> Sidecar {
        var o = SynthOptions()
        o.motion = motion
        o.view = view
        o.heightMeters = height
        o.cameraDistanceMeters = distance
        o.durationSeconds = seconds
        o.faults = faults
        o.kneeValgusCentimeters = valgus
        o.seed = seed
        if motion == .cueResponse { o.noResponseEvery = 1 }
        return Synth.sidecar(o)
    }

    static func assess(_ draft: ProfileDrafter.Draft, _ clip: Sidecar, _ overrides: [String] = []) throws -> Assessment {
        let a = Assessor(profile: draft.profile, parameters: try draft.profile.parameterValues(overriding: overrides)).assess(clip)
        #expect(a.status == .ok, "void: \(a.voidReason ?? "")")
        return a
    }

    static func flagged(_ a: Assessment) -> Set<String> { Set(a.findings.map(\.rule)) }

    static func parameter(_ draft: ProfileDrafter.Draft, _ name: String) -> Double? {
        if case .number(let v)? = draft.profile.parameters.first(where: { $0.name == name })?.defaultValue { return v }
        return nil
    }

    // MARK: - Known answers on synthesized clips (arm-raise: both arms to 150°, 4 full reps in 12 s)

    @Test("a lateral raise to above shoulder height: 4 reps on the arm-raise clip, all passing")
    func lateralRaise() throws {
        let d = try Self.draft("Lateral raise. Raise both arms out to the side until the hands are above shoulder height, then lower them.")
        #expect(d.isComplete && d.profile.id == "lateral-raise" && d.profile.requirements.view == .frontOrOblique)
        #expect(d.profile.reps?.metric == "armElevation" && Self.parameter(d, "target") == 110)
        let a = try Self.assess(d, Self.clip(.armRaise))
        #expect(a.reps.count == 4 && a.findings.isEmpty)
    }

    @Test("'keep the elbows straight' flags a bent left elbow, and only it")
    func elbowsStraight() throws {
        let d = try Self.draft("Lift the arms sideways to shoulder level. Keep the elbows straight.")
        let bent = Self.clip(.armRaise, faults: [.init(limb: .leftElbow, degrees: 45, from: 5, to: 8)])
        let a = try Self.assess(d, bent)
        #expect(a.reps.count == 4)
        #expect(Self.flagged(a) == ["elbowFlexionLeftOverLimit"])
        let finding = try #require(a.findings.first)
        #expect(finding.start > 4.5 && finding.end < 8.5 && finding.cue == "Keep the elbows straight")
        #expect(try Self.assess(d, Self.clip(.armRaise)).findings.isEmpty)
    }

    @Test("'each arm … overhead': either side counts, and a raise to 150° falls short of overhead")
    func eachArmOverhead() throws {
        let d = try Self.draft("Raise each arm to the side until it is overhead.")
        #expect(d.profile.reps?.metrics == ["armElevationLeft", "armElevationRight"] && Self.parameter(d, "target") == 170)
        let a = try Self.assess(d, Self.clip(.armRaise))
        #expect(a.reps.count == 4 && a.findings.filter { $0.rule == "reachTarget" }.count == 4)
        #expect(a.findings.allSatisfy { $0.cue == "Lift higher" })
    }

    @Test("a rep definition alone: 'count a rep each time the hands go above the head'")
    func repDefinition() throws {
        let d = try Self.draft("Count a rep each time the hands go above the head.")
        #expect(d.sentences[0].became.contains { $0.hasPrefix("reps: armElevation rises from the rest before each rep by at least 68°") })
        let a = try Self.assess(d, Self.clip(.armRaise))
        #expect(a.reps.count == 4)
        // With the goal lowered to what the clip reaches, every rep passes.
        #expect(try Self.assess(d, Self.clip(.armRaise), ["target=150"]).findings.isEmpty)
    }

    @Test("symmetry in degrees: one arm 30° lower is flagged, numbers in words")
    func symmetryDegrees() throws {
        let d = try Self.draft(
            "Raise both arms to the side to one hundred and twenty degrees. Warn if one arm is more than fifteen degrees lower than the other."
        )
        #expect(Self.parameter(d, "target") == 120 && Self.parameter(d, "symmetryLimit") == 15)
        let a = try Self.assess(d, Self.clip(.armRaise, faults: [.init(limb: .rightShoulder, degrees: -30, from: 5, to: 8)]))
        #expect(Self.flagged(a) == ["uneven"])
        #expect(try Self.assess(d, Self.clip(.armRaise)).findings.isEmpty)
    }

    @Test("symmetry in percent of the larger side")
    func symmetryPercent() throws {
        let d = try Self.draft(
            "Raise both arms sideways to shoulder height. Warn if one side is more than 25 percent lower than the other.")
        #expect(Self.parameter(d, "symmetryPercent") == 25)
        #expect(
            Self.flagged(try Self.assess(d, Self.clip(.armRaise, faults: [.init(limb: .leftShoulder, degrees: -60, from: 5, to: 8)]))) == [
                "uneven"
            ])
        #expect(try Self.assess(d, Self.clip(.armRaise)).findings.isEmpty)
    }

    @Test("'keep both sides even': the default limit")
    func keepEven() throws {
        let d = try Self.draft("Raise both arms to the side until they are level with the shoulders. Keep both sides even.")
        #expect(d.isComplete && Self.parameter(d, "symmetryLimit") == DraftDefaults.symmetryLimit)
        #expect(d.defaultsUsed.contains { $0.contains("left–right") })
    }

    @Test("a hold at the top: too short on the synthesized raise, passing when the hold asked is shorter")
    func hold() throws {
        let d = try Self.draft("Raise the arms out to the side to shoulder height and hold for two seconds.")
        #expect(Self.parameter(d, "holdSeconds") == 2 && d.sentences[0].became.count == 4)
        let a = try Self.assess(d, Self.clip(.armRaise))
        #expect(a.findings.filter { $0.rule == "holdTooShort" }.count == 4)
        let held = try #require(a.reps.first?.values.first { $0.name == "holdSeconds" }?.value)
        #expect(held > 0.5 && held < 1.5, "above 75° for about half of a 1.9 s rep")
        #expect(try Self.assess(d, Self.clip(.armRaise), ["holdSeconds=0.5"]).findings.isEmpty)
    }

    @Test("tempo: 'take at least 3 seconds to lower them' is the return of a raise")
    func tempoReturn() throws {
        let d = try Self.draft("Raise both arms sideways to shoulder height. Take at least 3 seconds to lower them.")
        #expect(Self.parameter(d, "returnSeconds") == 3 && Self.parameter(d, "intoSeconds") == nil)
        let a = try Self.assess(d, Self.clip(.armRaise))
        #expect(a.findings.filter { $0.rule == "tooFastDown" }.count == 4 && a.findings.allSatisfy { $0.cue == "Slower on the way down" })
    }

    @Test("tempo in the movement's own sentence: 'slowly, taking 2 s on the way up'")
    func tempoInSentence() throws {
        let d = try Self.draft("Raise the arms sideways overhead slowly, taking 2 s on the way up.")
        #expect(d.isComplete && Self.parameter(d, "intoSeconds") == 2 && Self.parameter(d, "target") == 170)
        #expect(Self.flagged(try Self.assess(d, Self.clip(.armRaise))).contains("tooFastUp"))
    }

    // MARK: - Squats, filmed from the side (knee flexion about 96°, thighs about 68° from hanging)

    @Test("a squat to parallel, filmed from the side: the thighs' elevation, short of parallel on the clip")
    func squatParallel() throws {
        let d = try Self.draft("Squat down until the thighs are parallel to the floor. Film from the side.")
        #expect(d.profile.requirements.view == .side && d.profile.reps?.metric == "thighElevation")
        let a = try Self.assess(d, Self.clip(.squat, view: .side))
        #expect(a.reps.count == 4 && a.findings.filter { $0.rule == "reachTarget" }.count == 4)
        #expect(a.findings.allSatisfy { $0.cue == "Go lower" })
    }

    @Test("a title that names the movement and a goal sentence: 'Squat. The thighs must get parallel to the ground.'")
    func titleAndGoal() throws {
        let d = try Self.draft("Squat. The thighs must get parallel to the ground. Film from the side.")
        #expect(d.isComplete && d.profile.reps?.metric == "thighElevation" && Self.parameter(d, "target") == 90)
        #expect(try Self.assess(d, Self.clip(.squat, view: .side)).reps.count == 4)
    }

    @Test("knee flexion in degrees passes; a tempo down is the way into a squat")
    func kneesTempoDown() throws {
        let d = try Self.draft(
            "Bend the knees to 60 degrees, then straighten them. Film from the side. Take at least two seconds to go down.")
        #expect(Self.parameter(d, "intoSeconds") == 2)
        let a = try Self.assess(d, Self.clip(.squat, view: .side))
        #expect(a.reps.count == 4 && Self.flagged(a) == ["tooFastDown"])
    }

    @Test("'keep your back upright' flags the squat's 30° trunk lean; 'do not lean forward more than 40 degrees' does not")
    func trunkLimits() throws {
        let upright = try Self.draft("Crouch until the knees are bent past 50°. Keep your back upright.")
        #expect(Self.flagged(try Self.assess(upright, Self.clip(.squat, view: .side))).contains("trunkLeanOverLimit"))
        let lenient = try Self.draft("Squat down to 90 deg of knee flexion. Do not lean forward more than 40 degrees.")
        #expect(Self.parameter(lenient, "trunkLeanLimit") == 40)
        #expect(!Self.flagged(try Self.assess(lenient, Self.clip(.squat, view: .side))).contains("trunkLeanOverLimit"))
    }

    @Test("'a repetition is …' with words, units and 'one' that is not a side")
    func repetitionIs() throws {
        let d = try Self.draft("A repetition is one squat down to 90 deg of knee flexion and back up. Film from the side.")
        #expect(d.isComplete && d.profile.reps?.metric == "kneeFlexion")
        #expect(try Self.assess(d, Self.clip(.squat, view: .side)).reps.count == 4)
    }

    @Test(
        "knees caving in, from the front: a valgus limit, and the title's squat counted by the hips' drop (the knee angle is not visible there)"
    )
    func valgusFront() throws {
        let d = try Self.draft("Squat. Film from the front. Don't let the knees cave in.")
        #expect(d.isComplete && d.profile.reps?.metric == "hipDrop" && Self.parameter(d, "kneeValgusLimit") == DraftDefaults.valgusLimit)
        let caving = try Self.assess(d, Self.clip(.squat, valgus: 12))
        #expect(caving.reps.count == 5, "12 s of 2.5 s squats, each done by 2 s into its period: five, as the shipped squat profile counts")
        #expect(Self.flagged(caving) == ["kneeValgusLeftOverLimit", "kneeValgusRightOverLimit"])
        #expect(try Self.assess(d, Self.clip(.squat)).findings.isEmpty)
    }

    @Test("'warn if either knee caves in by more than 8 degrees' is a limit on each knee")
    func valgusLimit() throws {
        let d = try Self.draft("Film from the front. Warn if either knee caves in by more than 8 degrees.")
        #expect(Self.parameter(d, "kneeValgusLimit") == 8 && d.profile.rules.count == 2)
    }

    // MARK: - Legs and arms one at a time, the head

    @Test("knee raises, each side in turn, to hip height: every step counted, each short of hip height")
    func kneeRaise() throws {
        let d = try Self.draft("Knee raise. Lift each knee to hip height, alternating sides. Film from the side.")
        #expect(d.isComplete && d.profile.reps?.metrics == ["thighElevationLeft", "thighElevationRight"])
        let a = try Self.assess(d, Self.clip(.march, view: .side))
        #expect(a.reps.count >= 8 && a.reps.count <= 10)
        #expect(a.findings.allSatisfy { $0.rule == "reachTarget" })
    }

    @Test("only the left knee: half the steps")
    func leftKnee() throws {
        let d = try Self.draft("Lift the left knee to 45 degrees. Film from the side.")
        let a = try Self.assess(d, Self.clip(.march, view: .side))
        #expect(d.profile.reps?.metric == "thighElevationLeft" && a.reps.count >= 4 && a.reps.count <= 5 && a.findings.isEmpty)
    }

    /// A subject standing still whose left or right elbow curls twice (at 2–4 s and 6–8 s).
    static func curls(_ limb: Limb) -> Sidecar {
        clip(
            .cueResponse, seconds: 10,
            faults: [.init(limb: limb, degrees: 90, from: 2, to: 4), .init(limb: limb, degrees: 90, from: 6, to: 8)])
    }

    @Test("a curl of one forearm with the upper arm kept still: two reps, no finding")
    func curl() throws {
        let d = try Self.draft("Bicep curl. Curl the left forearm up to 80 degrees, then lower it. Do not move the upper arm.")
        #expect(d.isComplete && d.profile.reps?.metric == "elbowFlexionLeft" && d.profile.baseline?.seconds == 1)
        let a = try Self.assess(d, Self.curls(.leftElbow))
        #expect(a.reps.count == 2 && a.findings.isEmpty)
        #expect(try Self.assess(d, Self.curls(.rightElbow)).reps.isEmpty)
    }

    @Test("'flexion of the right elbow to 100 degrees counts as one rep'")
    func flexionCounts() throws {
        let d = try Self.draft("Flexion of the right elbow to 100 degrees counts as one rep.")
        #expect(d.profile.reps?.metric == "elbowFlexionRight" && Self.parameter(d, "target") == 100)
        #expect(try Self.assess(d, Self.curls(.rightElbow)).reps.count == 2)
    }

    @Test("'keep the head still' alone: a stillness rule measured from the first second")
    func headStill() throws {
        let d = try Self.draft("Keep the head still.")
        #expect(d.profile.reps == nil && d.profile.metrics.contains { $0.name == "headTiltChange" && $0.relativeToBaseline })
        let a = try Self.assess(
            d, Self.clip(.cueResponse, view: .side, seconds: 8, faults: [.init(limb: .neck, degrees: 30, from: 3, to: 5)]))
        #expect(Self.flagged(a) == ["headTiltChangeOverLimit"])
        #expect(try Self.assess(d, Self.clip(.cueResponse, view: .side, seconds: 8)).findings.isEmpty)
    }

    // MARK: - Honesty: what is not understood, and where

    @Test("a misspelt word leaves its sentence out, located, with a did-you-mean; the rest is drafted")
    func misspelt() throws {
        let d = try Self.draft("Raise your right knee to hip height.\n- Keep the elbos straight.")
        #expect(!d.isComplete)
        let bad = d.sentences[1]
        #expect(bad.failure?.contains("did you mean 'elbow'?") == true && bad.became.isEmpty)
        #expect(bad.unknownWords == ["'elbos' at 2:12 (did you mean 'elbow'?)"])
        #expect(bad.line == 2 && bad.column == 3)
        // The left-out sentence is recorded in the draft itself.
        #expect(d.text.contains("\"leftOut\": \"'elbos' is not a word the drafter knows (did you mean 'elbow'?)\""))
    }

    @Test("unknown words with nothing to measure; 'the other' refused; a view that cannot see the measure")
    func refusals() throws {
        let d = try Self.draft(
            "Raise one arm at a time to shoulder height. Wiggle the pinkies. Warn if the other arm rises above 30 degrees. Film from the side. Keep the knees from caving in."
        )
        #expect(d.sentences.map { $0.failure == nil } == [true, false, false, true, false])
        #expect(d.sentences[1].failure == "no body part or movement the drafter knows")
        #expect(d.sentences[1].unknownWords == ["'wiggle' at 1:45", "'pinkies' at 1:56"])
        // Toes are known: not among the 15 keypoints.
        #expect(try Self.draft("Raise one arm. Wiggle the toes.").sentences[1].notMeasurable?.contains("toes and heels") == true)
        #expect(d.sentences[2].failure?.contains("'the other' side depends on which side moves") == true)
        #expect(d.sentences[4].failure?.contains("knee valgus cannot be seen from the side") == true)
        // A raise sideways is not what a side view shows either: the main movement is left out too.
        #expect {
            try Self.draft("Raise both arms out to the side to shoulder height. Film from the side.")
        } throws: { error in
            (error as? KinetixError)?.diagnostics.contains { $0.message.contains("arm elevation cannot be seen from the side") } == true
        }
    }

    @Test("nothing measurable at all is an error naming each sentence's reason")
    func nothingMeasurable() throws {
        #expect(throws: KinetixError.self) { try Self.draft("Smile. Breathe calmly.") }
        do { _ = try Self.draft("Hello there. Breathe calmly.") } catch let error as KinetixError {
            #expect(error.diagnostics.count == 3 && error.diagnostics[0].message == "nothing measurable in the description")
        }
    }

    @Test("an implausible number is refused by its sentence, never written into a profile")
    func hugeNumber() throws {
        let d = try Self.draft("Raise both arms sideways to shoulder height. Hold for 99999999999999999999 seconds.")
        #expect(d.sentences[1].failure == "1e+20 is not a plausible amount (at most 10000 degrees, percent or seconds)")
        #expect(Self.parameter(d, "holdSeconds") == nil)
    }

    @Test("the vocabulary grows from a data file: 'delts' unknown, then an arm")
    func vocabularyExtension() throws {
        let text = "Raise the delts to shoulder height."
        #expect(throws: KinetixError.self) { try Self.draft(text) }
        let extended = try Self.draft(
            text, vocabulary: #"{"format": "kinetix-vocabulary", "formatVersion": 1, "parts": {"arm": ["delts"]}}"#)
        #expect(extended.isComplete && extended.profile.reps?.metric == "armElevation")
        // A bad vocabulary file is refused with the JSON path of each problem.
        #expect {
            try Self.draft(text, vocabulary: #"{"parts": {"arms": ["delts"]}, "movments": {}}"#)
        } throws: { error in
            let messages = (error as? KinetixError)?.diagnostics.map(\.message) ?? []
            return messages.contains { $0.hasPrefix("parts.arms: not a meaning the drafter knows (did you mean 'arm'?)") }
                && messages.contains { $0.hasPrefix("movments: unknown section (did you mean 'movements'?)") }
        }
    }

    @Test("the draft is a normal, deterministic profile: it reloads, and a _generated block records the words")
    func draftFile() throws {
        let text =
            "Front raise. Lift both arms forward until the hands are at shoulder height, then lower them. Count one rep each time. Keep the elbows straight."
        let a = try Self.draft(text)
        let b = try Self.draft(text)
        #expect(a.text == b.text)
        let reloaded = try Profile.decode(Data(a.text.utf8), file: "draft.json")
        #expect(reloaded.id == "front-raise" && reloaded.requirements.view == .side)
        let generated =
            try #require(try JSONSerialization.jsonObject(with: Data(a.text.utf8)) as? [String: Any])["_generated"] as? [String: Any]
        #expect(generated?["description"] as? String == text)
        #expect((generated?["sentences"] as? [[String: Any]])?.count == 4)
        // A forward raise is measured from the side, where the synthesized routine's front raise (right arm) shows.
        var o = SynthOptions()
        o.motion = .routine
        o.view = .side
        o.durationSeconds = 10
        let routine = Synth.sidecar(o)
        #expect(Assessor(profile: reloaded, parameters: try reloaded.parameterValues(overriding: [])).assess(routine).status == .ok)
    }

    @Test("sentences split at full stops (not decimal points), blank lines and list items; columns are absolute")
    func sentenceSplitting() {
        let sentences = DescriptionReader.sentences(in: "Hold for 2.5 seconds. Then\nlower.\n\n1. Lift the arms\n- Keep still")
        #expect(sentences.map(\.text) == ["Hold for 2.5 seconds.", "Then lower.", "Lift the arms", "Keep still"])
        #expect(sentences[1].tokens.map(\.line) == [1, 2] && sentences[1].tokens[0].column == 23)
        #expect(DescriptionReader.tokens(in: "15° 2s 15deg don't").map(\.word) == ["15", "°", "2", "s", "15", "deg", "don't"])
    }
}

/// Inputs that once made the profile fuzz harness fail (Tests/Fuzz/Regressions/profile),
/// replayed: a description (selector byte 7 mod 8) drafts or is refused, never an
/// internal error (a draft that does not load).
@Suite("Fuzz regressions: drafting")
struct DraftingFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Regressions/profile")

    static var inputs: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

    @Test("each saved input drafts or is refused with a reason", arguments: inputs)
    func replay(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let selector = try #require(data.first)
        try #require(selector % 8 == 7, "a saved profile input is a description (selector 7 mod 8)")
        let text = String(decoding: data.dropFirst(), as: UTF8.self)
        do {
            let draft = try ProfileDrafter(vocabulary: try DraftVocabulary.shipped()).draft(description: text, demonstration: nil)
            #expect(draft.profile.rules.allSatisfy { Profile.Rule.isPlainCue($0.cue) })
        } catch {
            #expect(!error.description.contains("internal error"), "\(error)")
        }
    }

    @Test(
        "a warning on an angle takes the number in degrees, and a bare count beyond 180 is refused as an angle, not drafted into a profile that cannot load"
    )
    func angleLimitNumbers() throws {
        func number(_ p: ProfileParameter) -> Double {
            if case .number(let v) = p.defaultValue { return v }
            return 0
        }
        let both = try ProfileDraftingTests.draft(
            "Raise both arms forward 10 times. Warn if one arm is more than 15 degrees lower than the other.")
        let limits = both.profile.parameters.filter { $0.name.hasSuffix("Limit") || $0.name.hasSuffix("Least") }
        #expect(!limits.isEmpty && limits.allSatisfy { number($0) <= 180 }, "\(limits.map { ($0.name, number($0)) })")
        do {
            let bare = try ProfileDraftingTests.draft("Raise both arms forward. Warn if one arm is more than 1,000 lower than the other.")
            #expect(bare.profile.parameters.filter { $0.name.hasSuffix("Limit") }.allSatisfy { number($0) <= 180 })
        } catch {
            #expect(!"\(error)".contains("internal error"), "\(error)")
            #expect("\(error)".contains("not an angle"), "\(error)")
        }
    }

    @Test("a sentence with a brace or a digit never becomes the learner's cue")
    func cueFromSentence() throws {
        let d = try ProfileDraftingTests.draft("Raise both arms sideways to shoulder height. Keep the elbows straight{.")
        #expect(d.isComplete && d.profile.rules.first { $0.id.hasPrefix("elbowFlexion") }?.cue == "Keep your elbows straight")
    }
}
