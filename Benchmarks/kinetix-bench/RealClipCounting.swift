import Foundation
import KinetixCore
import KinetixDrafting
import KinetixProfiles
import _KinetixRealClips

/// Rep counting on real exercise videos filmed by others (`../shared/realdata/exercises`,
/// every rep counted by eye in `labels.json`): the shipped squat profile, a profile
/// drafted from each clip itself (`profile draft --demo`), and one drafted from another
/// clip of the same exercise, offline and live. Prints per clip and in total the exact
/// (or accepted) count rate, off by at most one, void, the rep boundaries' error in
/// frames, and whether live counts what offline counts. Clips in `RealClips.heldOut`
/// were set aside before the counter was written (the first complete survey counted all
/// nine right); the survey's later rules were tuned looking at all 18, so every figure
/// here is a calibration but the drafts run on other clips of their exercise.
func realClipCounting() {
    guard RealClips.available, let clips = try? RealClips.load() else {
        return print("realclips: skipped (../shared/realdata/exercises not found; set KINETIX_EXERCISES to its path)")
    }
    let start = Date()
    let squat = try! ProfileLibrary.load(source: "shipped:squat.json")
    let drafter = ProfileDrafter(vocabulary: try! DraftVocabulary.shipped())
    var inputs: [String: ClipInput] = [:]
    for clip in clips { inputs[clip.name] = try? clip.clip() }

    struct Run {
        var clip: RealClip
        var score: RepScore
        var live: Int?
        var note: String
        var detail = ""
    }
    let verbose = ProcessInfo.processInfo.environment["KINETIX_REALCLIPS_VERBOSE"] != nil
    func run(_ profile: Profile, on clip: RealClip) -> Run {
        guard let input = inputs[clip.name] else {
            return Run(clip: clip, score: RepScore(reps: nil, clip: clip), live: nil, note: "not converted")
        }
        do {
            let parameters = try profile.parameterValues(overriding: [])
            let report = try AssessmentReport(clip: input, profile: profile, parameters: parameters, source: profile.id)
            let live = liveCount(profile, parameters: parameters, clip: report.clip)
            let note = report.assessment.status == .void ? "void: " + (report.assessment.voidReason ?? "") : ""
            var detail = ""
            if verbose {
                let a = report.assessment
                detail =
                    "\(profile.id) [\(profile.reps?.thresholdsText ?? "")] on \(clip.name): "
                    + a.reps.map {
                        String(
                            format: "[%.0f %.0f %.0f c%.2f]", $0.start * clip.fps, ($0.extreme ?? 0) * clip.fps, $0.end * clip.fps,
                            $0.confidence)
                    }.joined(separator: " ")
                    + " | labels " + clip.reps.map { "[\($0.start) \($0.extreme) \($0.end)]" }.joined(separator: " ")
                if let c = a.repCounting {
                    detail +=
                        " | "
                        + (c.notCounted + c.partial).map { String(format: "%.1f-%.1f %@", $0.start, $0.end, $0.note) }.joined(
                            separator: "; ")
                }
            }
            return Run(clip: clip, score: RepScore(report.assessment, clip: clip), live: live, note: note, detail: detail)
        } catch {
            return Run(clip: clip, score: RepScore(reps: nil, clip: clip), live: nil, note: "error: \(error)")
        }
    }
    func draft(from clip: RealClip) -> Result<Profile, KinetixError> {
        guard let input = inputs[clip.name] else { return .failure(KinetixError(.invalidData, "not converted")) }
        do {
            let draft = try drafter.draft(description: nil, demonstration: .init(clip: input))
            if verbose { print("  draft from \(clip.name): " + draft.demonstrationNotes.joined(separator: " / ")) }
            return .success(draft.profile)
        } catch { return .failure(error) }
    }

    // The shipped squat profile on every clip: squats counted, other exercises 0.
    var squatRuns: [Run] = []
    for clip in clips { squatRuns.append(run(squat, on: clip)) }
    // A draft from each clip, run on that clip; and on the other clips of its exercise.
    var selfRuns: [Run] = []
    var crossRuns: [Run] = []
    var drafts: [String: Result<Profile, KinetixError>] = [:]
    for clip in clips { drafts[clip.name] = draft(from: clip) }
    for clip in clips {
        switch drafts[clip.name]! {
        case .success(let profile): selfRuns.append(run(profile, on: clip))
        case .failure(let error):
            selfRuns.append(Run(clip: clip, score: RepScore(reps: nil, clip: clip), live: nil, note: "no draft: \(error)"))
        }
        for other in clips where other.exercise == clip.exercise && other.name != clip.name {
            if case .success(let profile) = drafts[other.name]! {
                crossRuns.append(run(profile, on: clip))
            } else {
                crossRuns.append(Run(clip: clip, score: RepScore(reps: nil, clip: clip), live: nil, note: "no draft from \(other.name)"))
            }
        }
    }

    print("realclips: \(clips.count) real clips, \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    print("| clip | exercise | true | squat profile | draft from itself | live | drafts from the same exercise's other clips |")
    print("|---|---|---|---|---|---|---|")
    for (i, clip) in clips.enumerated() {
        func cell(_ r: Run) -> String {
            guard let count = r.score.count else { return "void" }
            return "\(count)" + (r.score.isRight ? " ✓" : "")
        }
        var squatCell = clip.exercise == "squat" ? cell(squatRuns[i]) : "\(squatRuns[i].score.count.map(String.init) ?? "void")"
        if let live = squatRuns[i].live, live != squatRuns[i].score.count { squatCell += " (live \(live))" }
        let liveCell = selfRuns[i].live.map { $0 == selfRuns[i].score.count ? "=" : "\($0)" } ?? "—"
        let cross = crossRuns.filter { $0.clip.name == clip.name }.map { r in
            cell(r) + (r.live.map { $0 == r.score.count ? "" : " (live \($0))" } ?? "")
        }.joined(separator: ", ")
        print(
            "| \(clip.name)\(RealClips.heldOut.contains(clip.name) ? " (set aside)" : "") | \(clip.exercise) | \(clip.trueReps)"
                + "\(clip.acceptable.isEmpty ? "" : " (" + clip.acceptable.map(String.init).joined(separator: "/") + ")") | \(squatCell) | \(cell(selfRuns[i])) | \(liveCell) | \(cross.isEmpty ? "—" : cross) |"
        )
    }
    for r in squatRuns + selfRuns + crossRuns where !r.note.isEmpty { print("  \(r.clip.name): \(r.note)") }
    if verbose { for r in selfRuns + squatRuns where !r.detail.isEmpty { print("  " + r.detail) } }

    func summary(_ name: String, _ runs: [Run]) {
        guard !runs.isEmpty else { return }
        let n = runs.count
        let right = runs.filter(\.score.isRight).count
        let close = runs.filter(\.score.isOffByAtMostOne).count
        let void = runs.filter { $0.score.count == nil }.count
        let live = runs.filter { $0.live != nil && $0.live == $0.score.count }.count
        let errors = runs.flatMap(\.score.boundaryErrors)
        func median(_ values: [Int]) -> String {
            let sorted = values.map(abs).sorted()
            return sorted.isEmpty ? "—" : "\(sorted[sorted.count / 2])"
        }
        func p90(_ values: [Int]) -> String {
            let sorted = values.map(abs).sorted()
            return sorted.isEmpty ? "—" : "\(sorted[min(sorted.count - 1, Int(0.9 * Double(sorted.count)))])"
        }
        func share(_ k: Int) -> String { String(format: "%d/%d (%.0f %%)", k, n, 100 * Double(k) / Double(n)) }
        print(
            "| \(name) | \(share(right)) | \(share(close)) | \(share(void)) | \(share(live)) | "
                + "\(median(errors.map(\.start)))/\(p90(errors.map(\.start))) | \(median(errors.map(\.extreme)))/\(p90(errors.map(\.extreme))) | "
                + "\(median(errors.map(\.end)))/\(p90(errors.map(\.end))) |")
    }
    print("")
    print(
        "| set | right count (exact or accepted) | off by at most one | void | live = offline | start error, frames (median/p90) | far end | end |"
    )
    print("|---|---|---|---|---|---|---|---|")
    let squats = clips.indices.filter { clips[$0].exercise == "squat" }
    summary("squat profile on the squats", squats.map { squatRuns[$0] })
    summary("draft from the clip itself, all clips", selfRuns)
    summary("… the clips looked at while writing the counter", selfRuns.filter { !RealClips.heldOut.contains($0.clip.name) })
    summary("… the clips set aside then (the survey's later tuning saw them)", selfRuns.filter { RealClips.heldOut.contains($0.clip.name) })
    summary("draft from another clip of the exercise", crossRuns)
    let others = clips.indices.filter { clips[$0].exercise != "squat" && clips[$0].exercise != "lunge" }
    let falseSquats = others.filter { (squatRuns[$0].score.count ?? 0) > 0 }.map { clips[$0].name }
    print(
        "squat profile on the \(others.count) clips of exercises other than squats and lunges: reps counted on \(falseSquats.count)"
            + (falseSquats.isEmpty ? "" : " (" + falseSquats.joined(separator: ", ") + ")"))
}

/// The reps a live assessment counts, fed the clip frame by frame (nil when the profile does not run live).
func liveCount(_ profile: Profile, parameters: ParameterValues, clip: Sidecar) -> Int? {
    guard var live = try? LiveAssessment(profile: profile, parameters: parameters, space: clip.space, rate: clip.analysisFrameRate) else {
        return nil
    }
    for frame in 0..<clip.frameCount { _ = try? live.append(clip.poseFrame(frame)) }
    _ = live.finish()
    return live.reps
}
