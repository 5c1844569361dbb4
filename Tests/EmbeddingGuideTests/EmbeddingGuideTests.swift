// swift-format-ignore-file
// (The guide, KinetixCore.docc/Embedding.md, quotes this code verbatim, laid out for reading.)
// The code of `Sources/KinetixCore/KinetixCore.docc/Embedding.md`, compiled and run.
// Each `// snippet: NAME` … `// end snippet` region must appear verbatim in the guide
// (the last test checks it), so the guide's code always builds against the public API:
// this target imports the libraries without @testable, as an app would.
import Foundation
import Testing
import KinetixCore
import KinetixDrafting
import KinetixProfiles
import KinetixReport
import KinetixBatch

/// The bundled sidecars, read as an app would receive bytes.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
func bytes(_ name: String) throws -> Data { try Data(contentsOf: root.appendingPathComponent("Sidecars/\(name)")) }

// snippet: session
/// One coaching session, held on the main actor as a SwiftUI or UIKit app holds its
/// state; camera callbacks hop to it before appending (or give it your own actor).
@MainActor final class CoachSession {
    private var live: LiveComparison
    private(set) var cue: String?              // bind the learner's screen to this

    init(rate: Double, space: CoordinateSpace) throws {
        live = try LiveComparison(options: ComparisonOptions(), rate: rate,
                                  demonstratorSpace: space, learnerSpace: space)
    }

    // A pose the comparison refuses (a NaN or repeated time) changes nothing: log it.
    func demonstratorFrame(_ pose: PoseFrame) {
        do { try live.appendDemonstrator(pose) } catch { print("pose skipped: \(error.message)") }
    }

    func learnerFrame(_ pose: PoseFrame) {
        do { cue = try live.appendLearner(pose).cue } catch { print("pose skipped: \(error.message)") }
    }
}
// end snippet

@Suite("The embedding guide's code")
struct EmbeddingGuideTests {
    @Test("compare two clips held in memory")
    func compare() throws {
        let demonstratorData = try bytes("demonstrator.json"), learnerData = try bytes("learner.json")
        // snippet: compare
        let demonstrator = try ClipInput(decoding: demonstratorData, name: "demo.json", role: "demonstrator")
        let learner = try ClipInput(decoding: learnerData, name: "learner.json", role: "learner")
        var options = ComparisonOptions()     // the defaults: mirrored, 1 s lag search, 15° tolerance
        options.repairSwaps = true            // undo the estimator's left/right swaps first
        let report = try ComparisonReport(demonstrator: demonstrator, learner: learner, options: options)

        let summary = report.summary
        print(summary.medianLagSeconds ?? .nan)          // 0.4: the learner is 0.4 s behind
        print(summary.worstLimb?.spokenName ?? "none")   // "right shoulder"
        let json = report.json()                         // the result's JSON, written by KinetixCore
        let text = report.text()                         // KinetixReport: or .csv(), .cueText()
        let html = CompareHTMLReport.html(report)        // KinetixReport: a self-contained page
        // end snippet
        #expect(summary.medianLagSeconds == 0.4 && summary.worstLimb == .rightShoulder)
        #expect(json.contains("\"kind\": \"comparison\"") && text.contains("worst limb") && html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test("scrub both clips together")
    func scrub() throws {
        let report = try ComparisonReport(demonstrator: ClipInput(decoding: try bytes("demonstrator.json"), name: "d", role: "demonstrator"),
                                          learner: ClipInput(decoding: try bytes("learner.json"), name: "l", role: "learner"),
                                          options: ComparisonOptions())
        let sliderSeconds = 3.2
        // snippet: scrub
        if let moment = report.comparison.moment(at: sliderSeconds, cues: report.cues) {
            // Step each video to its own frame: the learner's, and the demonstrator's it matched.
            let learnerFrame = moment.learnerSourceFrame
            let demonstratorFrame = moment.demonstratorSourceFrame   // nil when unscored
            let worst = Limb.allCases.max { abs(moment.errors[$0.rawValue]) < abs(moment.errors[$1.rawValue]) }
            print(learnerFrame, demonstratorFrame ?? -1, worst?.spokenName ?? "", moment.cue ?? "")
        }
        // end snippet
        #expect(report.comparison.moment(at: sliderSeconds)?.learnerSourceFrame == 96)
    }

    @Test("stream live frames")
    func live() throws {
        let recordedDemonstrator = try Sidecar.decode(try bytes("demonstrator.json"))
        let recordedLearner = try Sidecar.decode(try bytes("learner.json"))
        var shown: [String] = []
        func show(cue: String?, ghost: BodyPose?) { if let cue { shown.append(cue) } }
        var stored = 0
        func store(_ frame: ComparisonFrame) { stored += 1 }
        // snippet: live
        // Both cameras at 30 fps, portrait 1080 × 1920 pixels, on one clock.
        let space = CoordinateSpace(kind: .pixels, width: 1080, height: 1920)
        var live = try LiveComparison(options: ComparisonOptions(), rate: 30,
                                      demonstratorSpace: space, learnerSpace: space)

        // From each camera callback, in time order (here: replaying recordings).
        for index in 0..<recordedLearner.frameCount {
            try live.appendDemonstrator(recordedDemonstrator.poseFrame(index))
            let now = try live.appendLearner(recordedLearner.poseFrame(index))
            show(cue: now.cue, ghost: now.ghost)            // what the learner's screen shows
            for final in live.takeFinalUpdates() { store(final.frame) }  // `latencySeconds` later
        }
        live.finish()                                        // the last `latencySeconds` become final now:
        for final in live.takeFinalUpdates() { store(final.frame) }  // collect them, or they are lost
        // end snippet
        #expect(shown.contains("Raise your right arm higher") && shown.last == "Good")
        // Every learner frame gets its final result (before issue 55 the guide's snippet
        // dropped the ones that arrive at finish(): 0 of 145 kept on a real 4.8 s clip).
        #expect(stored == recordedLearner.frameCount, "\(stored) of \(recordedLearner.frameCount)")
    }

    @Test("a live session on the main actor, under Swift 6 strict concurrency")
    @MainActor func session() throws {
        let demonstrator = try Sidecar.decode(try bytes("demonstrator.json")), learner = try Sidecar.decode(try bytes("learner.json"))
        let session = try CoachSession(rate: 30, space: learner.space)
        var cues = Set<String>()
        for index in 0..<learner.frameCount {
            session.demonstratorFrame(demonstrator.poseFrame(index))
            session.learnerFrame(learner.poseFrame(index))
            if let cue = session.cue { cues.insert(cue) }
        }
        #expect(cues.contains("Raise your right arm higher"))
    }

    @Test("a pose from your own estimator")
    func pose() {
        // snippet: pose
        var pose = PoseFrame(time: 12.033)                  // seconds, the shared clock
        pose[.leftShoulder] = (x: 412, y: 655, confidence: 0.92)
        pose[.leftElbow] = (x: 398, y: 810, confidence: 0.88)
        pose[.leftWrist] = nil                              // not detected
        // Vision's joint names map directly: Joint(name: "left_shoulder_1_joint")
        // end snippet
        #expect(pose[.leftShoulder]?.confidence == 0.92 && pose[.leftWrist] == nil)
        #expect(Joint(name: "left_shoulder_1_joint") == .leftShoulder)
    }

    @Test("run a profile, live and offline")
    func profile() throws {
        let clipData = try bytes("squat-front.json")
        // snippet: profile
        let resolved = try ProfileLibrary().resolve("squat")   // shipped with Kinetix
        let profile = resolved.profile
        let parameters = try profile.parameterValues(overriding: ["valgusLimit=8"])
        let clip = try ClipInput(decoding: clipData, name: "squat.json", role: "sidecar")
        let report = try AssessmentReport(clip: clip, profile: profile, parameters: parameters, source: resolved.source)
        switch report.assessment.status {
        case .ok: print("\(report.assessment.reps.count) reps, \(report.assessment.findings.count) findings")
        case .void: print("No score: \(report.assessment.voidReason ?? "")")   // e.g. the wrong camera view
        }

        var coach = try LiveAssessment(profile: profile, parameters: parameters, space: clip.sidecar.space, rate: 30)
        for index in 0..<clip.sidecar.frameCount {
            let now = try coach.append(clip.sidecar.poseFrame(index))
            if let rep = now.completedRep { print("rep \(now.reps) ended at \(rep.end) s") }
            if let cue = now.cue { print(cue) }
        }
        // end snippet
        #expect(report.assessment.status == .ok && report.assessment.reps.count == 4)
    }

    @Test("handle errors by kind")
    func errors() {
        let data = Data(#"{"format": "kinetix-sidecar", "version": 1, "space": {"kind": "pixels", "width": 100, "height": 100}, "frames": [{"t": "soon", "joints": {"leftKnees": [1, 2, 1]}}]}"#.utf8)
        var messages: [String] = [], offered: [String] = []
        func retry() {}
        func offer(_ name: String) { offered.append(name) }
        // snippet: errors
        do {
            _ = try ClipInput(decoding: data, name: "upload.json", role: "learner")
        } catch {
            switch error.kind {                 // typed throws: `error` is a KinetixError
            case .unreadable, .notFound: retry()
            case .invalidData, .unsupported, .limitExceeded, .invalidSetting:
                for problem in error.diagnostics {
                    // "upload.json: frame 0: t: expected a number, found a string"
                    messages.append(problem.description)
                    _ = (problem.frameIndex, problem.time, problem.field, problem.setting)
                    if let name = problem.suggestion { offer(name) }    // a misspelt name's likely meaning
                }
            case .cannotWrite: break            // only batch runs write files
            }
        }
        // end snippet
        #expect(messages.first?.hasPrefix("upload.json: frame 0") == true, "\(messages)")
        #expect(offered == ["leftKnee"], "\(messages)")
    }

    @Test("reaction times and a Simon-says challenge")
    func reaction() throws {
        let demonstratorData = try bytes("demonstrator.json"), learnerData = try bytes("learner.json")
        let gameData = try bytes("simon-says.json")
        var lines: [String] = []
        // snippet: reaction
        let pair = try ComparisonReport(demonstrator: ClipInput(decoding: demonstratorData, name: "demo.json", role: "demonstrator"),
                                        learner: ClipInput(decoding: learnerData, name: "learner.json", role: "learner"),
                                        options: ComparisonOptions())
        let reaction = try PairReaction(pair)              // onsets: OnsetOptions.defaults (back-extrapolation)
        if let latency = reaction.latencySummary {
            lines.append("learner starts \(latency.median) s after the demonstrator")
        }

        let game = try ClipInput(decoding: gameData, name: "game.json", role: "sidecar")
        let profile = try ProfileLibrary().resolve("simon-says").profile
        let judge = ChallengeJudge(profile: profile, parameters: try profile.parameterValues(overriding: []))
        for verdict in judge.judge(game.sidecar) {           // one per cue event
            switch verdict.outcome {
            case .performed: lines.append("\(verdict.action): done, reaction \(verdict.reactionTimeSeconds ?? .nan) s")
            case .void: lines.append("\(verdict.action): not judged (\(verdict.voidReason ?? ""))")  // never a failure
            default: lines.append("\(verdict.action): \(verdict.outcome.rawValue)")
            }
        }
        // end snippet
        #expect(abs((reaction.latencySummary?.median ?? 0) - 0.4) <= 1.0 / 30)
        #expect(lines.count == 8 && lines.contains("leftArmOut: wronglyPerformed"), "\(lines)")
    }

    @Test("a profile drafted from words, run on a clip")
    func draft() throws {
        let clipData = try bytes("demonstrator.json")
        var lines: [String] = []
        // snippet: draft
        let drafter = ProfileDrafter(vocabulary: try DraftVocabulary.shipped())
        let draft = try drafter.draft(description: "Raise the right arm forward to shoulder height. Keep the elbow straight.",
                                      demonstration: nil)
        for sentence in draft.sentences {                   // what each sentence became, or why not
            lines.append(sentence.failure ?? sentence.became.joined(separator: "; "))
        }
        // draft.text is the profile file; draft.profile runs like any other.
        let clip = try ClipInput(decoding: clipData, name: "clip.json", role: "sidecar")
        let assessment = Assessor(profile: draft.profile, parameters: try draft.profile.parameterValues(overriding: []))
            .assess(clip.sidecar)
        lines.append("\(assessment.status.rawValue): \(assessment.reps.count) reps")
        // end snippet
        #expect(draft.isComplete && lines.count == 3, "\(lines)")
        #expect(lines[2].hasPrefix("void") || lines[2].hasPrefix("ok"))
    }

    @Test("a batch planned, run shard by shard and merged")
    func batch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifestPath = folder.appendingPathComponent("sessions.tsv").path
        let sidecars = root.appendingPathComponent("Sidecars").path
        try Data("id\tdemonstrator\tlearner\ns1\t\(sidecars)/demonstrator.json\t\(sidecars)/learner.json\n".utf8).write(to: URL(fileURLWithPath: manifestPath))
        let out = folder.appendingPathComponent("out")
        // snippet: batch
        let plan = try BatchPlan(manifest: try BatchManifest(contentsOf: manifestPath), shards: 2, library: ProfileLibrary())
        for shard in 0..<plan.shards {                       // on a cluster: one job per shard
            let outcomes = try BatchRunner(plan: plan).run(shard: shard, into: out)
            for failed in outcomes where failed.status == .failed { print(failed.id, failed.error ?? "") }
        }
        let summary = try BatchSummary(plan: plan, folder: out)  // throws, naming any shard not run
        try summary.write(prefix: out.appendingPathComponent("summary").path)
        let lag = summary.outcomes.first?.number("lagSeconds")
        // end snippet
        #expect(lag.map { abs($0 - 0.4) < 0.05 } == true)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("summary.csv").path))
    }

    @Test("every snippet in the guide is the code above, verbatim")
    func guideMatches() throws {
        let guide = try String(contentsOf: root.appendingPathComponent("Sources/KinetixCore/KinetixCore.docc/Embedding.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func dedent(_ lines: [Substring]) -> String {
            let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            return lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
        }
        var snippets: [String: String] = [:]
        var name: String?, lines: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// snippet: ") { name = String(trimmed.dropFirst("// snippet: ".count)); lines = []; continue }
            if trimmed == "// end snippet", let current = name { snippets[current] = dedent(lines); name = nil; continue }
            if name != nil { lines.append(line) }
        }
        #expect(snippets.count == 10)
        for (name, code) in snippets {
            #expect(guide.contains("<!-- snippet: \(name) -->\n```swift\n\(code)\n```"), "snippet '\(name)' differs from the guide")
        }
    }
}
