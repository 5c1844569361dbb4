import KinetixCore
import KinetixProfiles

/// The headline figures of one row, as the summary table shows them.
enum BatchFigures {
    /// The figure columns of a pair batch, in the summary's order: the header of each
    /// result writes them and the summary reads them back by these names.
    enum Pair: String, JSONKeys {
        case lagSeconds, worstLimb, meanErrorDegrees, withinTolerancePercent, scoredFrames, frames, lagConfidence, warning
    }

    /// The figure columns of an assessment batch, in the summary's order.
    enum Single: String, JSONKeys {
        case assessment, reps, findings, weakerSide, voidReason
    }

    /// The figures of a pair, in `columns(.pairs)` order.
    static func of(_ report: ComparisonReport) -> [(key: String, value: JSONValue)] {
        let s = report.summary
        return Pair.allCases.map { column in
            let value: JSONValue =
                switch column {
                case .lagSeconds: s.medianLagSeconds.map { .number($0) } ?? .null
                case .worstLimb: s.worstLimb.map { .string($0.name) } ?? .null
                case .meanErrorDegrees: s.meanDistanceDegrees.map { .number(Double($0)) } ?? .null
                case .withinTolerancePercent: s.withinTolerancePercent.map { .number($0) } ?? .null
                case .scoredFrames: .number(Double(s.scoredFrames))
                case .frames: .number(Double(s.frames))
                case .lagConfidence: s.lagConfidence.map { .number(Double($0)) } ?? .null
                case .warning: warning(report).map { .string($0) } ?? .null
                }
            return (column.rawValue, value)
        }
    }

    /// The row's warning in a few words (the result's JSON has it in full): the other
    /// facing model fits better, the lag is uncertain, or few frames match.
    static func warning(_ report: ComparisonReport) -> String? {
        var words: [String] = []
        if let facing = report.facing, facing.otherFitsBetter {
            words.append(facing.other.mirror ? "looks facing: compare mirrored" : "looks side by side: compare unmirrored")
        }
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
        return Single.allCases.map { column in
            let value: JSONValue =
                switch column {
                case .assessment: .string(a.status.rawValue)
                case .reps: .number(Double(a.reps.count))
                case .findings: .number(Double(a.findings.count))
                case .weakerSide: a.weakerSide.map { .string($0.rawValue) } ?? .null
                case .voidReason: a.voidReason.map { .string($0) } ?? .null
                }
            return (column.rawValue, value)
        }
    }

    /// The summary's figure columns for a kind of batch.
    static func columns(_ kind: BatchManifest.Kind) -> [String] {
        switch kind {
        case .pairs: Pair.allCases.map(\.rawValue)
        case .assessments: Single.allCases.map(\.rawValue)
        }
    }
}
