import Foundation
import KinetixCore
import KinetixDrafting
import KinetixProfiles

/// `profile draft` on text nobody here wrote: every entry of
/// `../shared/corpora/free-exercise-db/exercises.json` (or `$KINETIX_CORPUS`), its name
/// and its instructions as one description, drafted with the shipped vocabulary. Prints,
/// per sentence, how many became part of a profile, were recognised as not measurable
/// from body keypoints (breathing, grip, equipment, …), or were not understood, and per
/// entry how many drafts were written (every sentence used or recognised, or some not
/// understood) or refused.
func corpusDrafting() {
    let candidates = [
        ProcessInfo.processInfo.environment["KINETIX_CORPUS"],
        FileManager.default.currentDirectoryPath + "/../shared/corpora/free-exercise-db/exercises.json",
    ].compactMap { $0 }
    guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
        let data = FileManager.default.contents(atPath: path),
        let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
    else { return print("corpus drafting: skipped (../shared/corpora/free-exercise-db not found; set KINETIX_CORPUS to exercises.json)") }
    let drafter = ProfileDrafter(vocabulary: try! DraftVocabulary.shipped())
    var became = 0
    var notMeasurable = 0
    var leftOut = 0
    var refusedSentences = 0
    var topics: [String: Int] = [:]
    var complete = 0
    var partial = 0
    var refused = 0
    var reasons: [String: Int] = [:]
    /// Unknown words taken for a misspelling of a known one, which stop their sentence.
    var typos: [String: Int] = [:]
    let labels = corpusLabels()
    var labelled = 0
    var rightMeasure = 0
    var rightMeasureAndView = 0
    var labelledRefused = 0
    var wrongMeasures: [String: Int] = [:]
    // The held-out split (corpus-labels-new.json "test") and the entries free to develop on
    // (its "dev" split and the entries in neither label file), reported apart.
    let splits = corpusSplits()
    var splitSentences: [String: (all: Int, notUnderstood: Int)] = [:]
    let verbose = ProcessInfo.processInfo.environment["KINETIX_CORPUS_VERBOSE"] == "dev"
    let start = Date()
    for entry in entries {
        let id = entry["id"] as? String ?? ""
        let split = splits[id] ?? (labels[id] == nil ? "dev" : "old")
        let name = entry["name"] as? String ?? ""
        let steps = entry["instructions"] as? [String] ?? []
        let description = ([name + "."] + steps).joined(separator: "\n")
        let label = (entry["id"] as? String).flatMap { labels[$0] }
        if label != nil { labelled += 1 }
        do {
            let draft = try drafter.draft(description: description, demonstration: nil)
            if let label {
                let metric = draft.profile.reps?.metric ?? "(no reps)"
                if label.measures.contains(where: metric.hasPrefix) {
                    rightMeasure += 1
                    if label.view == nil || label.view == seenView(draft.profile) { rightMeasureAndView += 1 }
                } else {
                    wrongMeasures["\(label.measures[0]) drafted as \(metric.replacingOccurrences(of: "Either", with: ""))", default: 0] += 1
                }
            }
            for sentence in draft.sentences {
                splitSentences[split, default: (0, 0)].all += 1
                if let failure = sentence.failure {
                    splitSentences[split, default: (0, 0)].notUnderstood += 1
                    // KINETIX_CORPUS_VERBOSE=dev lists the development entries' sentences left out (never the test split's).
                    if verbose, split == "dev" { print("  not understood (dev): \(id): \(sentence.text) — \(failure)") }
                    leftOut += 1
                    if failure.contains("is not a word the drafter knows"), let word = failure.split(separator: "'").first {
                        typos[String(word), default: 0] += 1
                    }
                    // The reason without its words: "'ardo' is not a word …" → "'…' is not a word …".
                    let reason = failure.replacingOccurrences(of: "'[^']*'", with: "'…'", options: .regularExpression)
                    reasons[String(reason.prefix(while: { $0 != "(" && $0 != ":" }).prefix(70)), default: 0] += 1
                } else if let reason = sentence.notMeasurable, sentence.became.isEmpty {
                    notMeasurable += 1
                    topics[reason, default: 0] += 1
                } else {
                    became += 1
                }
            }
            if draft.isComplete { complete += 1 } else { partial += 1 }
        } catch {
            if label != nil { labelledRefused += 1 }
            refused += 1
            refusedSentences += max(0, error.diagnostics.count - 1)
            splitSentences[split, default: (0, 0)].all += max(0, error.diagnostics.count - 1)
        }
    }
    let sentences = became + notMeasurable + leftOut + refusedSentences
    func share(_ n: Int, _ of: Int) -> String { String(format: "%d (%.1f %%)", n, 100 * Double(n) / Double(max(of, 1))) }
    print("corpus drafting: \(entries.count) entries of \(path) in \(String(format: "%.2f", Date().timeIntervalSince(start))) s")
    print("| sentences | became part of a profile | recognised, not measurable | not understood | in refused drafts |")
    print("|---|---|---|---|---|")
    print(
        "| \(sentences) | \(share(became, sentences)) | \(share(notMeasurable, sentences)) | \(share(leftOut, sentences)) | \(share(refusedSentences, sentences)) |"
    )
    for (split, title) in [
        ("dev", "development entries (dev split and unlabelled: a calibration)"), ("test", "held-out test split (not looked at)"),
    ] {
        let counts = splitSentences[split] ?? (0, 0)
        print(
            "not understood (as above: of all sentences, refused drafts' included), \(title): \(share(counts.notUnderstood, counts.all)) of \(counts.all)"
        )
    }
    print("| entries | drafted, every sentence used | drafted with sentences left out (--partial) | refused (nothing measurable) |")
    print("|---|---|---|---|")
    print("| \(entries.count) | \(share(complete, entries.count)) | \(share(partial, entries.count)) | \(share(refused, entries.count)) |")
    if labelled > 0 {
        print("labelled entries (Benchmarks/corpus-labels.json, the main measure each name states):")
        print("| labelled | counted on a right measure | and seen from the right view | refused |")
        print("|---|---|---|---|")
        print(
            "| \(labelled) | \(share(rightMeasure, labelled)) | \(share(rightMeasureAndView, labelled)) | \(share(labelledRefused, labelled)) |"
        )
        print("most frequent wrong measures:")
        for (wrong, n) in wrongMeasures.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(8) { print("  \(n)  \(wrong)") }
    }
    print("recognised, not measurable, by reason:")
    for (reason, n) in topics.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) { print("  \(n)  \(reason)") }
    print("unknown words that stopped a sentence as a likely typo (the vocabulary's next words):")
    print(
        "  "
            + typos.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(40).map { "\($0.key) \($0.value)" }.joined(
                separator: ", "))
    print("most frequent reasons a sentence was not understood:")
    for (reason, n) in reasons.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(8) { print("  \(n)  \(reason)") }
}

/// `Benchmarks/corpus-labels.json`: entry id → the measures its rep may be counted on and
/// the view that sees it (nil: any); empty when the file is not found.
func corpusLabels() -> [String: (measures: [String], view: String?)] {
    let path = FileManager.default.currentDirectoryPath + "/Benchmarks/corpus-labels.json"
    guard let data = FileManager.default.contents(atPath: path),
        let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
        let entries = root["entries"] as? [[String: Any]]
    else { return [:] }
    var labels: [String: (measures: [String], view: String?)] = [:]
    for entry in entries {
        guard let id = entry["id"] as? String, let measures = entry["measures"] as? [String] else { continue }
        labels[id] = (measures, entry["view"] as? String)
    }
    return labels
}

/// `Benchmarks/drafting-cases/corpus-labels-new.json`: entry id → its split ("dev" or
/// "test"); empty when the file is not found.
func corpusSplits() -> [String: String] {
    let path = FileManager.default.currentDirectoryPath + "/Benchmarks/drafting-cases/corpus-labels-new.json"
    guard let data = FileManager.default.contents(atPath: path),
        let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
        let entries = root["entries"] as? [[String: Any]]
    else { return [:] }
    var splits: [String: String] = [:]
    for entry in entries {
        if let id = entry["id"] as? String, let split = entry["split"] as? String { splits[id] = split }
    }
    return splits
}

/// The view a draft is filmed from, as labels name it: `frontOrOblique` measures the front
/// view (and also a moderate angle), so it is the label's "front".
func seenView(_ profile: Profile) -> String {
    profile.requirements.view == .frontOrOblique ? "front" : profile.requirements.view.rawValue
}
