import Foundation
import KinetixCore
import KinetixReport
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// Progress over comparisons with one demonstration: a learner copying the bundled
/// routine week after week.
@Suite("Progress across comparison sessions")
struct ComparisonProgressTests {
    static let demonstrator = Synth.sidecar(BundledClips.demonstrator)

    /// The bundled learner (facing the demonstrator 0.4 s behind) with the right arm
    /// `fault`° low for 0.2–6 s instead of 50°.
    static func learner(
        fault: Double, seed: UInt64, demonstrator: Sidecar = demonstrator, tolerance: Float? = nil, label: String? = nil,
        date: String? = nil
    ) throws -> ProgressSession {
        var options = BundledClips.learner
        options.seed = seed
        options.faults = fault == 0 ? [] : [.init(limb: .rightShoulder, degrees: -fault, from: 0.2, to: 6)]
        let sidecar = Synth.sidecar(options)
        var comparison = ComparisonOptions()
        if let tolerance { comparison.toleranceDegrees = tolerance }
        func input(_ clip: Sidecar, _ role: String) -> ClipInput {
            ClipInput(
                sidecar: clip,
                provenance: .init(role: role, path: "\(role)-\(seed).json", sha256: SHA256.hex(clip.encoded()), frames: clip.frameCount))
        }
        let report = try ComparisonReport(
            demonstrator: input(demonstrator, "demonstrator"), learner: input(sidecar, "learner"), options: comparison)
        return try ProgressSession(
            resultJSON: Data(report.jsonBytes()), file: "week-\(seed).json", label: label ?? "seed \(seed)", date: date)
    }

    @Test(
        "the right arm's fault shrinking 50 → 35 → 20 → 0°: its error improves beyond the noise at every session, the trend improves in order"
    )
    func fadingFault() throws {
        let sessions = try [50.0, 35, 20, 0].enumerated().map { k, fault in
            try Self.learner(fault: fault, seed: UInt64(30 + k), label: "week \(k + 1)")
        }
        let report = try ProgressReport(sessions: sessions, profile: nil)
        #expect(report.profileID == "compare" && report.profileTitle == "Copy the demonstrator")
        let shoulder = try #require(report.measures.first { $0.name == "rightShoulder error" })
        #expect(shoulder.kind == .block && shoulder.unit == "deg" && shoulder.better == .lower)
        #expect(shoulder.values.allSatisfy { $0.count >= 10 && $0.standardError != nil }, "12 s of 1 s blocks")
        #expect(shoulder.changes[1...].map { $0?.verdict } == [.improved, .improved, .improved], "\(shoulder.changes)")
        let trend = try #require(shoulder.trend)
        #expect(trend.verdict == .improved && trend.monotonic)
        // The arm the learner does not get wrong does not change.
        let other = try #require(report.measures.first { $0.name == "leftShoulder error" })
        #expect(other.changes.compactMap { $0?.verdict }.allSatisfy { $0 == .withinNoise }, "\(other.changes)")
        #expect(report.text().contains("paired block differences"))
    }

    @Test("the same fault in two sessions (other seeds) is no change: false calls over 15 seed pairs, every figure")
    func falseCalls() throws {
        var called = 0
        for seed in UInt64(40)..<55 {
            let report = try ProgressReport(
                sessions: [try Self.learner(fault: 50, seed: seed), try Self.learner(fault: 50, seed: seed + 100)], profile: nil)
            if report.measures.contains(where: { [.improved, .worse].contains($0.changes[1]?.verdict) }) { called += 1 }
        }
        print("comparison progress: \(called) of 15 same-fault seed pairs had a figure called improved or worse")
        #expect(called <= 1)
    }

    @Test(
        "refused: other comparison settings, the learner's clip twice, an assessment beside a comparison, a body profile; flagged: another demonstration"
    )
    func refusals() throws {
        let a = try Self.learner(fault: 50, seed: 60)
        let b = try Self.learner(fault: 50, seed: 61)
        let strict = try Self.learner(fault: 50, seed: 62, tolerance: 10)
        #expect {
            try ProgressReport(sessions: [a, strict], profile: nil)
        } throws: {
            ($0 as? KinetixError)?.description.contains("other settings") == true
                && ($0 as? KinetixError)?.description.contains("toleranceDegrees=10") == true
        }
        #expect { try ProgressReport(sessions: [a, a], profile: nil) } throws: {
            ($0 as? KinetixError)?.description.contains("same clip") == true
        }
        var assessment = b
        assessment.kind = .assessment
        #expect { try ProgressReport(sessions: [a, assessment], profile: nil) } throws: {
            ($0 as? KinetixError)?.description.contains("one kind of result") == true
        }
        #expect { try ProgressReport(sessions: [a, b], profile: try shipped("squat")) } throws: {
            ($0 as? KinetixError)?.kind == .unsupported
        }
        var options = BundledClips.demonstrator
        options.seed = 9
        let other = try Self.learner(fault: 50, seed: 63, demonstrator: Synth.sidecar(options))
        let report = try ProgressReport(sessions: [a, other], profile: nil)
        #expect(report.flags.contains { $0.problem.contains("copies another demonstration") })
    }
}
