import CFuzzerDriver
import Foundation
import KinetixCore
@_spi(Fuzzing) import KinetixDrafting
@_spi(Fuzzing) import KinetixProfiles
import KinetixReport

/// libFuzzer entry: the profile parser, its lint and the expression language.
/// The first byte chooses: a whole profile file (assessed on a tiny body and face clip,
/// its report written), a plain-English description drafted into a profile (byte 7 mod
/// 8; with the tiny body clip as a demonstration when the second byte is odd), or one
/// expression compiled and evaluated in a frame or rep scope on the tiny body clip; or
/// (byte 5 mod 8) the drafter's number reading at every position of a text, or a
/// vocabulary file merged and used (second byte odd).
func fuzzProfile(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let data = Data(bytes: start + 1, count: count - 1)
    if start[0] % 8 == 5 {
        if count > 1, start[1] % 2 == 1 {
            var vocabulary = FuzzClip.vocabulary
            do {
                try vocabulary.merge(Data(bytes: start + 2, count: count - 2), file: "fuzz.vocabulary.json")
                _ = try ProfileDrafter(vocabulary: vocabulary).draft(
                    description: "Raise both arms sideways to 90 degrees. Hold for two seconds.", demonstration: nil)
            } catch {
                if error.description.contains("internal error") { fatalError("\(error)") }
            }
        } else {
            checkNumbers(Array(String(decoding: data, as: UTF8.self)))
        }
        return 0
    }
    if start[0] % 8 == 7 {
        // Drafting never fails with an internal error (a draft that does not load).
        let text = String(decoding: data, as: UTF8.self)
        let demo =
            count > 1 && start[1] % 2 == 1
            ? ProfileDrafter.Demonstration(
                clip: ClipInput(
                    sidecar: FuzzClip.body, provenance: .init(role: "demo", path: "demo.json", sha256: "", frames: FuzzClip.body.frameCount)
                ))
            : nil
        do {
            let draft = try ProfileDrafter(vocabulary: FuzzClip.vocabulary).draft(description: text, demonstration: demo)
            _ = Assessor(profile: draft.profile, parameters: (try? draft.profile.parameterValues(overriding: [])) ?? [:]).assess(
                FuzzClip.body)
        } catch {
            if error.description.contains("internal error") { fatalError("\(error)") }
        }
        return 0
    }
    if start[0] % 2 == 0 {
        if let profile = try? Profile.decode(data), profile.kind == .challenge {
            // Judged on the tiny clip with a cue for every action, said and not said.
            let parameters = (try? profile.parameterValues(overriding: [])) ?? [:]
            for base in [FuzzClip.body, FuzzClip.face] {
                var clip = base
                clip.events = (profile.challenge?.actions ?? []).enumerated().flatMap { i, action in
                    [Event(t: 0.05 * Double(i), label: action.id, simonSays: i % 2 == 0), Event(t: 0.1, label: "x", action: action.id)]
                }
                let verdicts = ChallengeJudge(profile: profile, parameters: parameters).judge(clip)
                let report = ChallengeReport(verdicts: verdicts, provenance: Provenance(inputs: []), title: profile.title)
                _ = report.text()
                _ = report.json()
            }
        } else if let profile = try? Profile.decode(data), profile.kind != .pair {
            let parameters = (try? profile.parameterValues(overriding: [])) ?? [:]
            let assessor = Assessor(profile: profile, parameters: parameters)
            for clip in [FuzzClip.body, FuzzClip.face] {
                let report = AssessmentReport(assessor.assess(clip), clip: clip, provenance: Provenance(inputs: []))
                _ = report.text()
                _ = report.json()
                _ = report.csv()
                _ = report.cueText()
            }
            if var live = try? LiveAssessment(profile: profile, parameters: parameters, space: FuzzClip.body.space, rate: 30) {
                for frame in 0..<FuzzClip.body.frameCount { _ = try? live.append(FuzzClip.body.poseFrame(frame)) }
                _ = live.finish()
            }
        }
    } else {
        let text = String(decoding: data, as: UTF8.self)
        let clip = FuzzClip.body
        let frames = start[0] % 4 == 1
        let metric = [Float](AngleSeries(clip).column(.leftKnee))
        _ = ExpressionProbe.evaluate(text, scope: frames ? .frames : .reps, clip: clip, metric: metric)
    }
    return 0
}

/// Every number read in `text` is whole and reads back as itself: it ends after it starts,
/// within the text, and its plain form scans to the same value (sign and exponent kept).
func checkNumbers(_ text: [Character]) {
    for start in text.indices {
        guard let number = NumberScanner.scan(text, at: start) else { continue }
        guard number.end > start, number.end <= text.count else { fatalError("a number at \(start) ends at \(number.end)") }
        guard number.value.isFinite else { continue }
        guard NumberScanner.plain(number.value) == number.text,
            let again = NumberScanner.scan(Array(number.text), at: 0), again.value == number.value, again.end == number.text.count
        else { fatalError("\(String(text[start..<number.end])) read as \(number.text) does not read back") }
    }
}

enum FuzzClip {
    static let vocabulary = try! DraftVocabulary.shipped()
    static let body: Sidecar = {
        var o = SynthOptions()
        o.durationSeconds = 0.5
        o.dropout = 0.2
        return Synth.sidecar(o)
    }()
    static let face: Sidecar = {
        var o = SynthOptions()
        o.motion = .face
        o.durationSeconds = 0.5
        o.cameraDistanceMeters = 0.45
        return Synth.sidecar(o)
    }()
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, count in data.map { fuzzProfile($0, count) } ?? 0 })
