import Foundation
import KinetixCore
import KinetixProfiles
import Testing

@testable import KinetixBatch

/// The batch library's values, without the command line: manifest rows, outcome lines.
@Suite("Batch values")
struct BatchValueTests {
    static let sidecars = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sidecars")

    @Test("a manifest row's inputs and parameters are values: equal rows compare equal, any field changed does not")
    func manifestRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-batch-values-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = Self.sidecars.appendingPathComponent("squat-front.json").path
        let text = "id\tclip\tprofile\tdepthTarget\nalice\t\(clip)\tsquat\t0.4\nbob\t\(clip)\tsquat\t0.4\n"
        let path = folder.appendingPathComponent("manifest.tsv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let manifest = try BatchManifest(contentsOf: path)
        let (alice, bob) = (manifest.rows[0], manifest.rows[1])
        #expect(alice.inputs == [BatchManifest.Row.Input(role: "clip", path: clip)])
        #expect(alice.parameters == [BatchManifest.Row.Parameter(name: "depthTarget", value: "0.4")])
        #expect(alice.inputs == bob.inputs && alice.parameters == bob.parameters)
        #expect(alice != bob, "the id and line differ")
        #expect(try BatchManifest(contentsOf: path).rows == manifest.rows)
    }

    @Test("an outcome equals its line read back; the time it took counts for ==, not for isSameOutcome")
    func outcomes() throws {
        func line(seconds: Double, lag: Double = 0.4) -> Substring {
            #"{"id": "a", "line": 2, "key": "k", "status": "ok", "exitCode": 0, "seconds": \#(seconds), "figures": {"lagSeconds": \#(lag), "worstLimb": "right shoulder"}, "result": {"sha256": "00"}, "error": null}"#
        }
        let fast = try #require(BatchOutcome(jsonLine: line(seconds: 0.25)))
        let slow = try #require(BatchOutcome(jsonLine: line(seconds: 2.5)))
        let other = try #require(BatchOutcome(jsonLine: line(seconds: 0.25, lag: 0.5)))
        #expect(fast.number("lagSeconds") == 0.4 && fast.text("worstLimb") == "right shoulder")
        #expect(BatchOutcome(jsonLine: Substring(fast.jsonLine)) == fast)
        #expect(fast != slow)
        #expect(fast.isSameOutcome(as: slow))
        #expect(!fast.isSameOutcome(as: other))
    }

    /// The member names of a JSON object, in order.
    static func keys(_ value: JSONValue?) -> [String] {
        if case .object(let members)? = value { members.map(\.key) } else { [] }
    }

    @Test(
        "an outcome line, a result's header and a pair's figures are written and read back by one schema each (BatchOutcome.Key, BatchResultHeader.Key, BatchFigures.Pair)"
    )
    func schemas() throws {
        let line =
            #"{"id": "a", "line": 2, "key": "k", "status": "ok", "exitCode": 0, "seconds": 1, "figures": {}, "result": {"sha256": "00"}, "error": null}"#
        let outcome = try #require(BatchOutcome(jsonLine: Substring(line)))
        #expect(Self.keys(try JSONValue.parse(Data(outcome.jsonLine.utf8))) == BatchOutcome.Key.allCases.map(\.rawValue))

        let clip = Synth.sidecar(SynthOptions())
        func input(_ role: String) -> ClipInput {
            ClipInput(
                sidecar: clip,
                provenance: .init(role: role, path: "\(role).json", sha256: SHA256.hex(clip.encoded()), frames: clip.frameCount))
        }
        let report = try ComparisonReport(demonstrator: input("demonstrator"), learner: input("learner"), options: ComparisonOptions())
        let figures = BatchFigures.of(report)
        #expect(figures.map(\.key) == BatchFigures.columns(.pairs) && figures.map(\.key) == BatchFigures.Pair.allCases.map(\.rawValue))
        #expect(BatchFigures.columns(.assessments) == BatchFigures.Single.allCases.map(\.rawValue))

        let header = BatchResultHeader(id: "a", key: "k", kinetixVersion: "v", figures: figures)
        let data = header.prefixed(to: report.jsonBytes(frames: false))
        let top = try JSONValue.parse(data)
        #expect(Self.keys(top).first == BatchResultHeader.member)
        #expect(Self.keys(top[BatchResultHeader.member]) == BatchResultHeader.Key.allCases.map(\.rawValue))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-header-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let read = try #require(BatchResultHeader(readingFrom: file))
        #expect(read.id == "a" && read.key == "k" && read.kinetixVersion == "v")
        #expect(read.figures.map(\.key) == BatchFigures.columns(.pairs))
        #expect(JSONValue.object(read.figures).compactText() == JSONValue.object(figures).compactText(), "to the written digits")
    }

    @Test(
        "a plan file is written and read back by one schema (BatchPlan.Key, RowKey, InputKey, …), and its run's summary written by BatchSummary's: every field written is declared"
    )
    func planSchema() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetix-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = Self.sidecars.appendingPathComponent("squat-front.json").path
        let manifest = folder.appendingPathComponent("m.tsv")
        try Data("id\tclip\tprofile\tsubject\tdate\na\t\(clip)\tsquat\tann\t2026-01-02\n".utf8).write(to: manifest)
        let plan = try BatchPlan(manifest: try BatchManifest(contentsOf: manifest.path), shards: 1, library: ProfileLibrary())
        let top = try JSONValue.parse(Data(plan.jsonText().utf8))
        #expect(Self.keys(top) == BatchPlan.Key.allCases.map(\.rawValue))
        #expect(Self.keys(top[BatchPlan.Key.options.rawValue]) == BatchPlan.OptionKey.allCases.map(\.rawValue))
        #expect(Self.keys(top[BatchPlan.Key.manifest.rawValue]) == BatchPlan.ManifestKey.allCases.map(\.rawValue))
        guard case .array(let rows)? = top[BatchPlan.Key.rows.rawValue], let row = rows.first else {
            Issue.record("no rows")
            return
        }
        #expect(Self.keys(row) == BatchPlan.RowKey.allCases.map(\.rawValue))
        #expect(Self.keys(row[BatchPlan.RowKey.profile.rawValue]) == BatchPlan.ProfileKey.allCases.map(\.rawValue))
        guard case .array(let inputs)? = row[BatchPlan.RowKey.inputs.rawValue] else {
            Issue.record("no inputs")
            return
        }
        for input in inputs { #expect(Self.keys(input) == BatchPlan.InputKey.allCases.map(\.rawValue)) }
        let file = folder.appendingPathComponent("plan.json")
        try Data(plan.jsonText().utf8).write(to: file)
        let read = try BatchPlan(contentsOf: file.path)
        #expect(read.rows == plan.rows && read.jsonText() == plan.jsonText())

        // Its run's summary JSON is written by one schema too (BatchSummary.Key, RowKey, …).
        let out = folder.appendingPathComponent("out")
        _ = try BatchRunner(plan: read, threads: 1).run(shard: 0, into: out)
        let summary = try JSONValue.parse(Data(try BatchSummary(plan: read, folder: out).json().utf8))
        #expect(Self.keys(summary) == BatchSummary.Key.allCases.map(\.rawValue), "a subject is followed: progress is written")
        #expect(summary[BatchSummary.Key.format.rawValue] == .string(BatchSummary.formatName))
        #expect(Self.keys(summary[BatchSummary.Key.counts.rawValue]) == BatchSummary.CountKey.allCases.map(\.rawValue))
        let distributions = summary[BatchSummary.Key.distributions.rawValue]
        #expect(!Self.keys(distributions).isEmpty)
        for column in Self.keys(distributions) {
            #expect(Self.keys(distributions?[column]) == BatchSummary.DistributionKey.allCases.map(\.rawValue))
        }
        guard case .array(let summaryRows)? = summary[BatchSummary.Key.rows.rawValue],
            case .array(let subjects)? = summary[BatchSummary.Key.progress.rawValue],
            let summaryRow = summaryRows.first, let subject = subjects.first
        else {
            Issue.record("no rows or progress")
            return
        }
        #expect(Self.keys(summaryRow) == BatchSummary.RowKey.allCases.map(\.rawValue))
        #expect(Self.keys(summaryRow[BatchSummary.RowKey.figures.rawValue]) == BatchFigures.columns(.assessments))
        // One session: no report, so no improved, worse or files.
        #expect(
            Self.keys(subject) == BatchSummary.ProgressKey.allCases.filter { ![.improved, .worse, .files].contains($0) }.map(\.rawValue))
    }
}
