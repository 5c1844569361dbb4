import Foundation
import KinetixCore
import KinetixDrafting
import KinetixProfiles
import _KinetixRealClips

/// `profile draft --describe` on the drafting cases written before the rules of issue 54
/// (`Benchmarks/drafting-cases`): the free-exercise-db entries labelled in
/// `corpus-labels-new.json` (dev and held-out test reported apart, per family), the
/// physiotherapist's home-exercise sheets (`physio-sheets.json`), and the coach's
/// descriptions of the real clips (`clip-descriptions.json`), each drafted and run on its
/// real clip in `../shared/realdata/exercises`, its count compared with the count by eye.
///
/// A draft is right when its rep metric is one of the label's measures (a label with no
/// measures — the 15 joints do not show the movement — is right when the draft is refused);
/// its view right when the label has none or the draft's is the label's; its mode right
/// when it times a hold exactly when the label says hold. "Not understood": sentences left
/// out, of all sentences of the family's drafts.
func draftingCases() {
    let root = FileManager.default.currentDirectoryPath
    let corpusPath = ProcessInfo.processInfo.environment["KINETIX_CORPUS"] ?? root + "/../shared/corpora/free-exercise-db/exercises.json"
    let drafter = ProfileDrafter(vocabulary: try! DraftVocabulary.shipped())
    func load(_ path: String) -> [String: Any]? {
        FileManager.default.contents(atPath: path).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }
    func share(_ n: Int, _ of: Int) -> String { of == 0 ? "—" : String(format: "%d/%d (%.0f %%)", n, of, 100 * Double(n) / Double(of)) }

    /// One description drafted and judged against its label.
    struct Outcome {
        var measure = false, view = false, mode = false, refused = false, sentences = 0, notUnderstood = 0, metric = ""
        /// The draft says its counted measure may be wrong: a "check:" note. (A sentence left
        /// out, which needs `--partial`, says nothing about the counted measure.)
        var saysSo = false
        /// A wrong measure counted by a draft that does not say it may be wrong: the worst outcome.
        var silentlyWrong: Bool { !measure && !refused && !saysSo }
    }
    func judge(_ text: String, measures: [String], view: String?, mode: String) -> (Outcome, ProfileDrafter.Draft?) {
        var o = Outcome()
        do {
            let draft = try drafter.draft(description: text, demonstration: nil)
            o.sentences = draft.sentences.count
            o.notUnderstood = draft.sentences.filter { $0.failure != nil }.count
            let metric = draft.profile.reps?.metric
            o.metric = metric ?? "(no reps)"
            o.measure = measures.isEmpty ? false : metric.map { m in measures.contains(where: m.hasPrefix) } ?? false
            o.saysSo = draft.defaultsUsed.contains { $0.hasPrefix("check:") }
            o.view = view == nil || view == seenView(draft.profile)
            // (A held position is tagged "hold"; reps with a pause at the top are reps.)
            let holds = draft.profile.tags.contains("hold")
            o.mode = mode == "none" ? false : (mode == "hold") == holds
            return (o, draft)
        } catch {
            o.refused = true
            o.sentences = max(1, error.diagnostics.count - 1)
            o.notUnderstood = o.sentences
            o.measure = measures.isEmpty
            o.mode = mode == "none"
            o.metric = "(refused)"
            return (o, nil)
        }
    }
    func table(_ title: String, _ rows: [(String, [Outcome])]) {
        print(title)
        print(
            "| family | n | right measure | right view (of right measure) | right mode | refused | wrong without saying so | right, yet flagged | sentences not understood |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for (name, os) in rows + [("all", rows.flatMap(\.1))] where !os.isEmpty {
            let right = os.filter(\.measure)
            print(
                "| \(name) | \(os.count) | \(share(right.count, os.count)) | \(share(right.filter(\.view).count, right.count)) | \(share(os.filter(\.mode).count, os.count)) "
                    + "| \(share(os.filter(\.refused).count, os.count)) | \(share(os.filter(\.silentlyWrong).count, os.count)) "
                    + "| \(share(right.filter(\.saysSo).count, right.count)) "
                    + "| \(share(os.map(\.notUnderstood).reduce(0, +), os.map(\.sentences).reduce(0, +))) |"
            )
        }
    }

    // 1. The newly labelled corpus entries, dev and test apart.
    if let corpusData = FileManager.default.contents(atPath: corpusPath),
        let corpus = (try? JSONSerialization.jsonObject(with: corpusData)) as? [[String: Any]],
        let labels = load(root + "/Benchmarks/drafting-cases/corpus-labels-new.json")?["entries"] as? [[String: Any]]
    {
        var byId: [String: [String: Any]] = [:]
        for entry in corpus { if let id = entry["id"] as? String { byId[id] = entry } }
        for split in ["dev", "test"] {
            var families: [String: [Outcome]] = [:]
            var wrong: [String: Int] = [:]
            for label in labels where label["split"] as? String == split {
                guard let id = label["id"] as? String, let entry = byId[id] else { continue }
                let text = ([(entry["name"] as? String ?? "") + "."] + (entry["instructions"] as? [String] ?? [])).joined(separator: "\n")
                let measures = label["measures"] as? [String] ?? []
                let (o, _) = judge(text, measures: measures, view: label["view"] as? String, mode: label["mode"] as? String ?? "reps")
                families[label["family"] as? String ?? "?", default: []].append(o)
                if !o.measure {
                    wrong[
                        "\(measures.first ?? "refusal") drafted as \(o.metric.replacingOccurrences(of: "Either", with: ""))", default: 0] +=
                        1
                }
                // KINETIX_CASES_VERBOSE=dev lists the dev split's wrong drafts (never the test split's).
                if !o.measure, split == "dev", ProcessInfo.processInfo.environment["KINETIX_CASES_VERBOSE"] == "dev" {
                    print(
                        "  wrong (dev): \(id) [\(label["family"] as? String ?? "")]: \(measures) drafted as \(o.metric)\(o.silentlyWrong ? ", without saying so" : "")"
                    )
                }
            }
            table(
                "drafting cases, corpus-labels-new.json, \(split) (\(split == "dev" ? "tuned on: a calibration" : "held out: not looked at while writing rules")):",
                families.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            print("most frequent wrong measures (\(split)):")
            for (w, n) in wrong.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(10) { print("  \(n)  \(w)") }
        }
    } else {
        print("drafting cases: corpus labels skipped (corpus or Benchmarks/drafting-cases/corpus-labels-new.json not found)")
    }

    // 2. The physiotherapist's sheets.
    let clips = RealClips.available ? (try? RealClips.load()) ?? [] : []
    var inputs: [String: ClipInput] = [:]
    for clip in clips { inputs[clip.name] = try? clip.clip() }
    func count(_ draft: ProfileDrafter.Draft?, on clipName: String) -> (RepScore?, String) {
        guard let clip = clips.first(where: { $0.name == clipName }) else { return (nil, "clip not found") }
        guard let draft, let input = inputs[clipName] else { return (RepScore(reps: nil, clip: clip), "no draft") }
        do {
            let parameters = try draft.profile.parameterValues(overriding: [])
            let report = try AssessmentReport(clip: input, profile: draft.profile, parameters: parameters, source: draft.profile.id)
            let a = report.assessment
            return (RepScore(a, clip: clip), a.status == .void ? "void: " + (a.voidReason ?? "") : "")
        } catch { return (RepScore(reps: nil, clip: clip), "error: \(error)") }
    }
    // The held-out files (written by a helper that never saw the rules) print only their
    // totals; KINETIX_CASES_VERBOSE=heldout:FILE prints one file's rows, for reading after the rules are written.
    let verbose = ProcessInfo.processInfo.environment["KINETIX_CASES_VERBOSE"] ?? ""
    func showHeldOut(_ file: String) -> Bool { verbose == "heldout:" + file }
    /// What a case file is to the rules: written before them, written by a helper and
    /// since read (development material), or held out (never read).
    enum Standing { case before, read, heldOut }
    func describe(_ standing: Standing) -> String {
        switch standing {
        case .before: "written before the rules; not tuned on"
        case .read: "written by a helper that never saw the rules; since read: development material"
        case .heldOut: "held out: written by a helper that never saw the rules; totals only"
        }
    }
    for (file, standing) in [
        ("physio-sheets.json", Standing.before), ("dev-sheets.json", .read), ("held-out-sheets.json", .read),
        ("held-out-sheets-2.json", .read), ("dev-spoken.json", .read), ("held-out-sheets-3.json", .read),
        ("held-out-sheets-4.json", .read), ("held-out-sheets-5.json", .read), ("held-out-sheets-6.json", .read),
        ("held-out-sheets-7.json", .read), ("held-out-sheets-8.json", .read), ("held-out-sheets-9.json", .read),
        ("held-out-sheets-10.json", .heldOut),
    ] {
        let heldOut = standing == .heldOut
        guard let sheets = load(root + "/Benchmarks/drafting-cases/" + file)?["sheets"] as? [[String: Any]] else { continue }
        var outcomes: [String: [Outcome]] = [:]
        var clipRight = 0
        var clipRuns = 0
        let rows = !heldOut || showHeldOut(file)
        print(
            "drafting cases, \(file) (\(describe(standing))):"
        )
        if rows {
            print("| sheet | expected | drafted | view | mode | not understood | clip count |")
            print("|---|---|---|---|---|---|---|")
        }
        for sheet in sheets {
            let measures = sheet["measures"] as? [String] ?? []
            let (o, draft) = judge(
                sheet["text"] as? String ?? "", measures: measures, view: sheet["view"] as? String, mode: sheet["mode"] as? String ?? "reps"
            )
            outcomes[file == "physio-sheets.json" ? "sheets" : sheet["family"] as? String ?? "?", default: []].append(o)
            var clipCell = "—"
            if let clipName = sheet["clip"] as? String {
                let (score, note) = count(draft, on: clipName)
                clipRuns += 1
                if score?.isRight == true { clipRight += 1 }
                clipCell =
                    "\(clipName): \(score?.count.map(String.init) ?? "void") of \(score?.clip.trueReps ?? 0)\(score?.isRight == true ? " ✓" : "")\(note.isEmpty ? "" : " (\(note.prefix(60)))")"
            }
            guard rows else { continue }
            print(
                "| \(sheet["name"] as? String ?? "") | \(measures.isEmpty ? "refusal" : measures.joined(separator: "/")) | \(o.metric)\(o.measure ? " ✓" : "")\(o.silentlyWrong ? " (silent)" : "") "
                    + "| \(o.view ? "✓" : "✗") | \(o.mode ? "✓" : "✗") | \(o.notUnderstood)/\(o.sentences) | \(clipCell) |")
        }
        table("\(file) in total:", outcomes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        if clipRuns > 0 { print("\(file) run on a real clip of the movement: right count \(share(clipRight, clipRuns))") }
    }

    // 3. The coach's descriptions of the real clips, each run on its clip: short and detailed
    // (written before the rules), and more voices written by helpers that never saw the rules.
    if clips.isEmpty { return print("drafting cases: described clips skipped (../shared/realdata/exercises not found)") }
    for (file, kinds, standing) in [
        ("clip-descriptions.json", ["short", "detailed"], Standing.before), ("clip-descriptions-2.json", ["text"], .read),
        ("clip-descriptions-3.json", ["sheet", "plain"], .read), ("clip-descriptions-4.json", ["spoken", "message"], .read),
        ("clip-descriptions-5.json", ["dictated", "notes"], .read),
        ("clip-descriptions-6.json", ["poster", "forum"], .read),
        ("clip-descriptions-7.json", ["voiceover", "checklist"], .read),
        ("clip-descriptions-8.json", ["whiteboard", "physio"], .read),
        ("clip-descriptions-9.json", ["caption", "parent"], .read),
        ("clip-descriptions-10.json", ["gp", "teen"], .read),
        ("clip-descriptions-11.json", ["log", "esl"], .heldOut),
    ] {
        let heldOut = standing == .heldOut
        guard let described = load(root + "/Benchmarks/drafting-cases/" + file)?["clips_described"] as? [[String: Any]] else { continue }
        let rows = !heldOut || showHeldOut(file)
        print(
            "drafting cases, \(file) (\(describe(standing))): a draft from each description, assessing its real clip"
        )
        if rows {
            print("| clip | true | " + kinds.map { "\($0): measure, count" }.joined(separator: " | ") + " |")
            print("|---|---|" + kinds.map { _ in "---|" }.joined())
        }
        var right: [String: Int] = [:]
        var measureRight: [String: Int] = [:]
        var silent: [String: Int] = [:]
        var n = 0
        for d in described {
            guard let name = d["clip"] as? String, let clip = clips.first(where: { $0.name == name }) else { continue }
            n += 1
            let measures = d["measures"] as? [String] ?? []
            var cells: [String] = []
            for kind in kinds {
                let (o, draft) = judge(d[kind] as? String ?? "", measures: measures, view: nil, mode: "reps")
                let (score, note) = count(draft, on: name)
                if score?.isRight == true { right[kind, default: 0] += 1 }
                if o.measure { measureRight[kind, default: 0] += 1 }
                if o.silentlyWrong { silent[kind, default: 0] += 1 }
                cells.append(
                    "\(o.metric)\(o.measure ? " ✓" : " ✗"), \(score?.count.map(String.init) ?? "void")\(score?.isRight == true ? " ✓" : "")\(note.isEmpty ? "" : " (\(note.prefix(50)))")"
                )
            }
            if rows { print("| \(name) | \(clip.trueReps) | " + cells.joined(separator: " | ") + " |") }
        }
        for kind in kinds {
            print(
                "described clips, \(file) \(kind): right measure \(share(measureRight[kind, default: 0], n)), exact count \(share(right[kind, default: 0], n)), wrong measure without saying so \(share(silent[kind, default: 0], n))"
            )
        }
    }
}
