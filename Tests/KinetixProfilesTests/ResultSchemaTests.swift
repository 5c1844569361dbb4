import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// Each result declares its JSON fields once (a `JSONKeys` enum beside its writer), and
/// `progress` reads a saved result back through that enum: a field the writer writes
/// and the enum does not declare, or one the enum declares (so a reader may use it) and
/// no result writes, fails here. (`OneHomeTests.resultsReadBySchema` checks that the
/// readers spell no key themselves.)
@Suite("One schema per result")
struct ResultSchemaTests {
    /// The member names of a JSON object, in order.
    static func keys(_ value: JSONValue?) throws -> [String] {
        guard case .object(let members)? = value else { throw KinetixError(.invalidData, "expected an object") }
        return members.map(\.key)
    }

    /// `written` is `Key`'s cases, in its order, with some left out (those a result
    /// writes only when it has them).
    static func inSchemaOrder<Key: JSONKeys>(_ written: [String], _: Key.Type) -> Bool {
        written == Key.allCases.map(\.rawValue).filter(written.contains)
    }

    /// A squat (a body: reps, rep counting, proportions) and a face with a weak side
    /// (symmetry, resting positions, the face's own fields), assessed.
    static func assessments() throws -> [AssessmentReport] {
        var face = SynthOptions()
        face.motion = .face
        face.weakSide = .right
        return try [("squat", variedSquats(depth: 0.6, seed: 5)), ("facial-symmetry", Synth.sidecar(face))].map { id, clip in
            let profile = try shipped(id)
            let input = ClipInput(
                sidecar: clip,
                provenance: .init(role: "sidecar", path: "\(id).json", sha256: SHA256.hex(clip.encoded()), frames: clip.frameCount))
            return try AssessmentReport(
                clip: input, profile: profile, parameters: try profile.parameterValues(overriding: []), source: "test")
        }
    }

    @Test(
        "an assessment's JSON writes the fields AssessmentReport.Key declares, in its order, and every declared field is written by some assessment"
    )
    func assessmentFields() throws {
        var union = Set<String>()
        var nested = Set<String>()
        for report in try Self.assessments() {
            let top = try JSONValue.parse(Data(report.json().utf8))
            let written = try Self.keys(top)
            #expect(Self.inSchemaOrder(written, AssessmentReport.Key.self), "\(written)")
            union.formUnion(written)
            #expect(try Self.keys(top[AssessmentReport.Key.profile]) == AssessmentReport.ProfileKey.allCases.map(\.rawValue))
            #expect(Self.inSchemaOrder(try Self.keys(top[AssessmentReport.Key.provenance]), Provenance.Key.self))
            for input in try Self.keys(top[AssessmentReport.Key.provenance]?[Provenance.Key.inputs]) {
                #expect(
                    try Self.keys(top[AssessmentReport.Key.provenance]?[Provenance.Key.inputs]?[input])
                        == Provenance.InputKey.allCases.map(\.rawValue))
            }
            if let used = top[AssessmentReport.Key.provenance]?[Provenance.Key.profile] {
                #expect(try Self.keys(used) == Provenance.ProfileKey.allCases.map(\.rawValue))
            }
            guard case .array(let reps)? = top[AssessmentReport.Key.reps] else {
                Issue.record("no reps array")
                continue
            }
            for rep in reps { #expect(try Self.keys(rep) == Assessment.Rep.Key.allCases.map(\.rawValue)) }
            func each(_ key: AssessmentReport.Key, _ name: String, _ expected: [String]) throws {
                guard case .array(let items)? = top[key] else { return }
                for item in items { #expect(try Self.keys(item) == expected, "\(name)") }
                if !items.isEmpty { nested.insert(name) }
            }
            try each(.findings, "finding", Assessment.Finding.Key.allCases.map(\.rawValue))
            try each(.restLevels, "rest level", Assessment.RestLevel.Key.allCases.map(\.rawValue))
            try each(.views, "view", AssessmentReport.ViewKey.allCases.map(\.rawValue))
            if let face = top[AssessmentReport.Key.face] {
                #expect(try Self.keys(face) == AssessmentReport.FaceKey.allCases.map(\.rawValue))
                nested.insert("face")
            }
            if let resting = top[AssessmentReport.Key.resting] {
                for measure in try Self.keys(resting) {
                    #expect(try Self.keys(resting[measure]) == AssessmentReport.RestingKey.allCases.map(\.rawValue))
                }
                nested.insert("resting")
            }
            if let counting = top[AssessmentReport.Key.repCounting] {
                #expect(try Self.keys(counting) == Assessment.RepCounting.Key.allCases.map(\.rawValue))
                for list in [Assessment.RepCounting.Key.notCounted, .partial, .unread] {
                    guard case .array(let stretches)? = counting[list] else {
                        Issue.record("\(list) is not a list")
                        continue
                    }
                    for stretch in stretches {
                        #expect(try Self.keys(stretch) == Assessment.RepCounting.StretchKey.allCases.map(\.rawValue))
                    }
                }
                nested.insert("rep counting")
            }
            let metricNames = try Self.keys(top[AssessmentReport.Key.metrics])
            for metric in metricNames {
                #expect(try Self.keys(top[AssessmentReport.Key.metrics]?[metric]) == AssessmentReport.MetricKey.allCases.map(\.rawValue))
            }
            guard case .array(let frames)? = top[AssessmentReport.Key.frames] else {
                Issue.record("no frames")
                continue
            }
            for frame in frames.prefix(20) {
                #expect(try Self.keys(frame) == AssessmentReport.FrameKey.allCases.map(\.rawValue) + metricNames)
            }
            if let movement = top[AssessmentReport.Key.movement] {
                for measure in try Self.keys(movement) {
                    #expect(try Self.keys(movement[measure]) == AssessmentReport.MovementKey.allCases.map(\.rawValue))
                }
            }
        }
        let unseen = ["finding", "rest level", "view", "face", "resting", "rep counting"].filter { !nested.contains($0) }
        #expect(unseen.isEmpty, "nested objects no fixture wrote: \(unseen)")
        let unwritten = AssessmentReport.Key.allCases.map(\.rawValue).filter { !union.contains($0) }
        #expect(unwritten.isEmpty, "declared but written by neither assessment: \(unwritten)")
    }

    @Test(
        "a comparison's JSON writes the fields ComparisonReport.Key, ParameterKey, SummaryKey and ComparisonFrame.Key declare, in their order, all of them"
    )
    func comparisonFields() throws {
        let demonstrator = Synth.sidecar(BundledClips.demonstrator)
        let learner = Synth.sidecar(BundledClips.learner)
        func input(_ clip: Sidecar, _ role: String) -> ClipInput {
            ClipInput(
                sidecar: clip,
                provenance: .init(role: role, path: "\(role).json", sha256: SHA256.hex(clip.encoded()), frames: clip.frameCount))
        }
        let report = try ComparisonReport(
            demonstrator: input(demonstrator, ComparisonReport.demonstratorRole), learner: input(learner, ComparisonReport.learnerRole),
            options: ComparisonOptions(), profile: .init(id: "pair", version: "1", parameters: [], source: "test"),
            reaction: ComparisonReport.ReactionRequest())
        let top = try JSONValue.parse(Data(report.jsonBytes()))
        #expect(try Self.keys(top) == ComparisonReport.Key.allCases.map(\.rawValue))
        #expect(top[ComparisonReport.Key.kind] == .string(ComparisonReport.kind))
        #expect(try Self.keys(top[ComparisonReport.Key.parameters]) == ComparisonReport.ParameterKey.allCases.map(\.rawValue))
        #expect(try Self.keys(top[ComparisonReport.Key.summary]) == ComparisonReport.SummaryKey.allCases.map(\.rawValue))
        typealias R = ComparisonReport
        let parameters = top[R.Key.parameters]
        let summary = top[R.Key.summary]
        #expect(try Self.keys(parameters?[R.ParameterKey.grid]) == R.GridKey.allCases.map(\.rawValue))
        for limb in try Self.keys(summary?[R.SummaryKey.limbs]) {
            #expect(try Self.keys(summary?[R.SummaryKey.limbs]?[limb]) == R.LimbKey.allCases.map(\.rawValue))
        }
        // The summary's optional objects, each checked against its enum; these clips have all of them.
        var seen: [String] = []
        if let facing = summary?[R.SummaryKey.facingCheck], facing != .null {
            #expect(try Self.keys(facing) == R.FacingKey.allCases.map(\.rawValue))
            for fit in [R.FacingKey.compared, .other] { #expect(try Self.keys(facing[fit]) == R.FitKey.allCases.map(\.rawValue)) }
            seen.append("facingCheck")
        }
        if let formBreak = summary?[R.SummaryKey.formBreak], formBreak != .null {
            #expect(try Self.keys(formBreak) == R.FormBreakKey.allCases.map(\.rawValue))
            seen.append("formBreak")
        }
        if let maxError = summary?[R.SummaryKey.maxError], maxError != .null {
            #expect(try Self.keys(maxError) == R.MaxErrorKey.allCases.map(\.rawValue))
            seen.append("maxError")
        }
        if case .array(let cues)? = top[R.Key.cues], !cues.isEmpty {
            for cue in cues { #expect(try Self.keys(cue) == R.CueKey.allCases.map(\.rawValue)) }
            seen.append("cues")
        }
        #expect(seen == ["facingCheck", "formBreak", "maxError", "cues"], "\(seen)")
        let provenance = top[ComparisonReport.Key.provenance]
        #expect(try Self.keys(provenance) == Provenance.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(provenance?[Provenance.Key.inputs]) == [ComparisonReport.demonstratorRole, ComparisonReport.learnerRole])
        #expect(try Self.keys(provenance?[Provenance.Key.profile]) == Provenance.ProfileKey.allCases.map(\.rawValue))
        guard case .array(let frames)? = top[ComparisonReport.Key.frames], !frames.isEmpty else {
            Issue.record("no frames")
            return
        }
        for frame in frames.prefix(50) { #expect(try Self.keys(frame) == ComparisonFrame.Key.allCases.map(\.rawValue)) }
        // The writer appends each key as a constant; each is its enum case's key.
        for key in ComparisonFrame.Key.allCases {
            let member = key.member.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
            #expect(member == key.quoted + ": ", "\(key)")
        }
        // A grid row (no video frame number) leaves out `frame` only.
        let row = try JSONValue.parse(
            Data(
                ("{"
                    + ComparisonFrame(
                        t: 0, gridT: 0, lagSeconds: nil, bestMatchLagSeconds: nil, distanceDegrees: nil, worstLimb: nil,
                        ahead: false, errors: [Float](repeating: .nan, count: Limb.allCases.count)
                    ).jsonMembers + "}").utf8))
        #expect(try Self.keys(row) == ComparisonFrame.Key.allCases.dropFirst().map(\.rawValue))
        // And progress reads it back through the same keys.
        let session = try ProgressSession(resultJSON: Data(report.jsonBytes()), file: "pair.json", label: "pair")
        #expect(session.kind == .comparison && session.profileID == "pair" && session.profileVersion == "1")
        #expect(
            session.clipSHA256 == report.provenance.inputs[1].sha256 && session.demonstratorSHA256 == report.provenance.inputs[0].sha256)
        #expect(session.frameRate == report.comparison.grid.rate && !session.reps.isEmpty)
        #expect(session.comparisonSettings?.contains("\(ComparisonReport.ParameterKey.toleranceDegrees.rawValue)=") == true)
    }

    @Test("a field renamed in a saved result is refused by name: the reader looks it up by the schema's key")
    func renamedField() throws {
        let report = try #require(try Self.assessments().first)
        let text = report.json()
        let renamed = text.replacingOccurrences(of: AssessmentReport.Key.status.quoted + ":", with: "\"state\":")
        #expect(renamed != text)
        #expect { try ProgressSession(resultJSON: Data(renamed.utf8), file: "r.json", label: "r") } throws: {
            ($0 as? KinetixError)?.diagnostics.first?.field == AssessmentReport.Key.status.rawValue
        }
        #expect(try ProgressSession(resultJSON: Data(text.utf8), file: "r.json", label: "r").reps.count == report.assessment.reps.count)
    }
}
