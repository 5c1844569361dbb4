import KinetixCore
import KinetixProfiles

/// The headline figures of one row, as the summary table shows them.
enum BatchFigures {
    /// The figures of a pair, in `columns(.pairs)` order.
    static func of(_ report: ComparisonReport) -> [(key: String, value: JSONValue)] {
        let s = report.summary
        return [
            ("lagSeconds", s.medianLagSeconds.map { .number($0) } ?? .null),
            ("worstLimb", s.worstLimb.map { .string($0.name) } ?? .null),
            ("meanErrorDegrees", s.meanDistanceDegrees.map { .number(Double($0)) } ?? .null),
            ("withinTolerancePercent", s.withinTolerancePercent.map { .number($0) } ?? .null),
            ("scoredFrames", .number(Double(s.scoredFrames))),
            ("frames", .number(Double(s.frames))),
            ("lagConfidence", s.lagConfidence.map { .number(Double($0)) } ?? .null),
            ("warning", warning(report).map { .string($0) } ?? .null),
        ]
    }

    /// The row's warning in a few words (the result's JSON has it in full): the other
    /// facing model fits better, the lag is uncertain, or few frames match.
    static func warning(_ report: ComparisonReport) -> String? {
        var words: [String] = []
        if let facing = report.facing, facing.otherFitsBetter { words.append(facing.other.mirror ? "looks facing: compare mirrored" : "looks side by side: compare unmirrored") }
        switch report.summary.doubt {
        case .uncertainLag?: words.append("uncertain lag")
        case .fewMatches?: words.append("few frames match")
        case nil: break
        }
        return words.isEmpty ? nil : words.joined(separator: "; ")
    }

    /// The figures of a single clip, in `columns(.assessments)` order.
    static func of(_ report: AssessmentReport) -> [(key: String, value: JSONValue)] {
        let a = report.assessment
        return [
            ("assessment", .string(a.status.rawValue)),
            ("reps", .number(Double(a.reps.count))),
            ("findings", .number(Double(a.findings.count))),
            ("weakerSide", a.weakerSide.map { .string($0.rawValue) } ?? .null),
            ("voidReason", a.voidReason.map { .string($0) } ?? .null),
        ]
    }

    /// The summary's figure columns for a kind of batch.
    static func columns(_ kind: BatchManifest.Kind) -> [String] {
        switch kind {
        case .pairs: ["lagSeconds", "worstLimb", "meanErrorDegrees", "withinTolerancePercent", "scoredFrames", "frames", "lagConfidence", "warning"]
        case .assessments: ["assessment", "reps", "findings", "weakerSide", "voidReason"]
        }
    }
}
