import Foundation
import KinetixCore
import KinetixProfiles
import Testing
import _KinetixCLITestSupport

/// Every JSON the commands print declares its fields once (a `JSONKeys` enum beside its
/// writer): each object below writes its enum's fields, in the enum's order, and a field
/// the writer adds without declaring it fails here. (`ResultSchemaTests` checks the
/// results that `progress` and batch read back.)
@Suite("One schema per command's JSON", .serialized)
struct CommandSchemaTests {
    /// The member names of `text`'s objects, in order: the first object of the document.
    static func keys(_ value: JSONValue?) throws -> [String] {
        guard case .object(let members)? = value else {
            throw KinetixError(.invalidData, "expected an object, got \(String(describing: value))")
        }
        return members.map(\.key)
    }

    /// The first element of an array member.
    static func first(_ value: JSONValue?) throws -> JSONValue {
        guard case .array(let items)? = value, let first = items.first else {
            throw KinetixError(.invalidData, "expected a non-empty array")
        }
        return first
    }

    /// `written` is `Key`'s cases in order, some left out (written only when they apply),
    /// and none written that `Key` lacks.
    static func follows<Key: JSONKeys>(_ written: [String], _: Key.Type, leaving: Set<String> = []) -> Bool {
        written == Key.allCases.map(\.rawValue).filter(written.contains)
            && Set(written).subtracting(leaving).isSubset(of: Set(Key.allCases.map(\.rawValue)))
    }

    static func json(_ arguments: [String]) throws -> JSONValue {
        let result = try Kinetix.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONValue.parse(Data(result.stdout.utf8))
    }

    @Test("onset and compare --reaction: the document, its input and method, movements, cues, the reaction block and its summary")
    func onsets() throws {
        let top = try Self.json(["onset", "Sidecars/cue-response.json", "--cues", "--format", "json"])
        #expect(try Self.keys(top) == MovementOnsets.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(top[MovementOnsets.Key.input]) == MovementOnsets.InputKey.allCases.map(\.rawValue))
        let method = try Self.keys(top[MovementOnsets.Key.method])
        #expect(
            method == OnsetOptions.MethodKey.allCases.map(\.rawValue).filter(method.contains)
                + MovementOnsets.MethodKey.allCases.map(\.rawValue))
        #expect(try Self.keys(Self.first(top[MovementOnsets.Key.movements])) == Movement.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(Self.first(top[MovementOnsets.Key.cues])) == CueReaction.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(top[MovementOnsets.Key.window]) == ReactionWindow.Key.allCases.map(\.rawValue))

        let comparison = try Self.json(["compare", "Sidecars/demonstrator.json", "Sidecars/learner.json", "--reaction", "--format", "json"])
        let reaction = comparison[ComparisonReport.Key.reaction]
        #expect(try Self.keys(reaction) == PairReaction.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(Self.first(reaction?[PairReaction.Key.movements])) == PairReaction.MovementKey.allCases.map(\.rawValue))
        #expect(try Self.keys(reaction?[PairReaction.Key.summary]) == PairReaction.SummaryKey.allCases.map(\.rawValue))
    }

    @Test("inspect: the document, its space, coverage and a 3D clip's depth check")
    func inspect() throws {
        let top = try Self.json(["inspect", "Sidecars/learner.json", "--format", "json"])
        #expect(try Self.keys(top) == InspectReport.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(top[InspectReport.Key.space]) == InspectReport.SpaceKey.allCases.map(\.rawValue))
        #expect(try Self.keys(top[InspectReport.Key.joints]?["leftKnee"]) == InspectReport.CoverageKey.allCases.map(\.rawValue))
        let folder = try Kinetix.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = folder.appendingPathComponent("metres.json").path
        #expect(try Kinetix.run(["synth", "--space", "metres", "-o", clip]).status == 0)
        let threeD = try Self.json(["inspect", clip, "--format", "json"])
        #expect(try Self.keys(threeD[InspectReport.Key.depthPlausibility]) == InspectReport.DepthKey.allCases.map(\.rawValue))
    }

    @Test("sync: the document, each clip (with its pair's result or its failure), each pair")
    func sync() throws {
        let top = try Self.json([
            "sync", "Sidecars/demonstrator.json", "Sidecars/learner.json", "Sidecars/squat-front.json", "--format", "json",
        ])
        #expect(try Self.keys(top) == ClipSync.SetResult.Key.allCases.map(\.rawValue))
        for clip in [try Self.first(top[ClipSync.SetResult.Key.clips]), try Self.first(top[ClipSync.SetResult.Key.pairs])] {
            let written = try Self.keys(clip)
            let result = ClipSync.SetResult.ResultKey.allCases.map(\.rawValue)
            let own = written.filter { !result.contains($0) }
            #expect(
                own == ClipSync.SetResult.ClipKey.allCases.map(\.rawValue).filter(own.contains)
                    || own == ClipSync.SetResult.PairKey.allCases.map(\.rawValue).filter(own.contains), "\(written)")
            #expect(written.filter(result.contains) == result || written.last == "failure", "\(written)")
        }
    }

    @Test("progress, a challenge, a profile's evaluation and a live assessment line")
    func profileResults() throws {
        let progress = try Self.json([
            "progress", "Sidecars/squat-front.json", "Sidecars/squat-side.json", "--profile", "squat", "--format", "json",
        ])
        #expect(try Self.keys(progress) == ProgressReport.Key.allCases.map(\.rawValue))
        #expect(try Self.keys(progress[ProgressReport.Key.profile]) == ProgressReport.ProfileKey.allCases.map(\.rawValue))
        #expect(try Self.keys(Self.first(progress[ProgressReport.Key.sessions])) == ProgressReport.SessionKey.allCases.map(\.rawValue))
        let measure = try Self.first(progress[ProgressReport.Key.measures])
        #expect(try Self.keys(measure) == ProgressReport.MeasureKey.allCases.map(\.rawValue))
        let value = try Self.keys(Self.first(measure[ProgressReport.MeasureKey.sessions]))
        #expect(Self.follows(value, ProgressReport.ValueKey.self), "\(value)")

        let challenge = try Self.json(["assess", "Sidecars/simon-says.json", "--profile", "simon-says", "--format", "json"])
        #expect(try Self.keys(challenge) == ChallengeReport.Key.allCases.map(\.rawValue))
        let verdict = try Self.first(challenge[ChallengeReport.Key.verdicts])
        #expect(try Self.keys(verdict) == ChallengeReport.VerdictKey.allCases.map(\.rawValue))
        #expect(try Self.keys(verdict[ChallengeReport.VerdictKey.judged]) == ChallengeReport.JudgedKey.allCases.map(\.rawValue))
        #expect(try Self.keys(challenge[ChallengeReport.Key.summary]).suffix(2) == ChallengeReport.SummaryKey.allCases.map(\.rawValue)[...])

        let evaluation = try Self.json([
            "profile", "evaluate", "squat", "--same", "Sidecars/squat-front.json", "--sensitivity", "squat", "--format", "json",
        ])
        #expect(try Self.keys(evaluation) == DraftEvaluation.Key.allCases.map(\.rawValue))
        #expect(Self.follows(try Self.keys(Self.first(evaluation[DraftEvaluation.Key.clips])), DraftEvaluation.ClipKey.self))
        #expect(
            try Self.keys(Self.first(evaluation[DraftEvaluation.Key.sensitivity]))
                == DraftEvaluation.SensitivityKey.allCases.map(\.rawValue))

        let live = try Kinetix.run(["assess", "Sidecars/squat-side.json", "--profile", "squat", "--live", "--format", "json"])
        let line = try #require(live.stdout.split(separator: "\n").first { $0.contains("\"completedRep\": {") })
        #expect(try Self.keys(JSONValue.parse(Data(line.utf8))) == LiveAssessment.Update.Key.allCases.map(\.rawValue))
    }
}
