extension ComparisonReport {
    // MARK: - JSON

    /// The `kind` a comparison's JSON opens with.
    package static let kind = "comparison"
    /// The roles the two clips' inputs have in `provenance.inputs`, as the CLI and batch
    /// name them (`ClipInput`'s role) and `ProgressSession` looks them up.
    package static let demonstratorRole = "demonstrator", learnerRole = "learner"

    /// The top-level fields of `json(frames:)`, in the order it writes them;
    /// `ProgressSession` reads a saved comparison through these.
    package enum Key: String, JSONKeys {
        case kind, provenance, parameters, summary, frames, faults, repairedSwaps, maskedJointFrames, cues, reaction
    }

    /// The fields of `summary`, in the order `json(frames:)` writes them.
    package enum SummaryKey: String, JSONKeys {
        case frames, scoredFrames, unscoredFrames, videoFrames, medianLagSeconds, medianLagFrames, lagQuartilesSeconds, lagConfidence
        case worstLimb, withinTolerancePercent, meanDistanceDegrees, aheadFrames, framesAtMaxLag, reliabilityWarning, facingCheck,
            formBreak, maxError, limbs
    }

    /// The fields of `parameters.grid`.
    package enum GridKey: String, JSONKeys {
        case start, rate, frames
    }

    /// The fields of `summary.facingCheck`.
    package enum FacingKey: String, JSONKeys {
        case compared, other, otherFitsBetter, otherRate, warning
    }

    /// The fields of `summary.facingCheck.compared` and `.other`.
    package enum FitKey: String, JSONKeys {
        case mirror, medianLagSeconds, withinTolerancePercent, meanDistanceDegrees, medianLimbErrorDegrees, medianLimbWithinPercent
    }

    /// The fields of `summary.formBreak`.
    package enum FormBreakKey: String, JSONKeys {
        case start, end, limb, errorDegrees, peakErrorDegrees, peakT
    }

    /// The fields of `summary.maxError`.
    package enum MaxErrorKey: String, JSONKeys {
        case t, limb, errorDegrees
    }

    /// The fields of each limb in `summary.limbs`.
    package enum LimbKey: String, JSONKeys {
        case meanErrorDegrees, rmsErrorDegrees, withinTolerancePercent, comparedFrames
    }

    /// The fields of each of `cues`.
    package enum CueKey: String, JSONKeys {
        case start, end, text
    }

    /// The fields of `parameters`: the options and grid the figures were made with.
    package enum ParameterKey: String, JSONKeys {
        case mirror, dimensions, maxLagSeconds, lagWindowSeconds, offsetSeconds, rate, maxGapSeconds, toleranceDegrees, formBreakMinSeconds
        case minConfidence, minSharedWeight, repairSwaps, maskTeleports, weights, frameAlignment, grid, kernel
    }

    /// Everything, for programs: provenance, parameters, summary, frames, cues.
    ///
    /// - Parameter frames: Include `frames[]` (one row per learner video frame); a page
    ///   that carries its own compact per-frame data leaves it out.
    public func json(frames includeFrames: Bool = true) -> String {
        String(decoding: jsonBytes(frames: includeFrames), as: UTF8.self)
    }

    /// `json(frames:)` as UTF-8 bytes, built in one buffer and never copied into a
    /// `String`: what a program writing a long report to a file wants.
    public func jsonBytes(frames includeFrames: Bool = true) -> [UInt8] {
        var whole = JSONWriter(capacity: 4096 + (includeFrames ? 640 * comparison.learnerFrameCount : 0))
        writeJSON(frames: includeFrames) { whole.raw($0) }
        return whole.bytes
    }

    /// Learner frames per piece of `writeJSON`'s `frames[]` (about a megabyte of JSON).
    static let framesPerPiece = 2048

    /// `json(frames:)` handed to `write` piece by piece, in order, as it is made: the
    /// frames in pieces of `framesPerPiece` made on two threads (`inOrder`), so a long
    /// report is written to its file while the rest is still being made. The bytes are
    /// valid only during each call.
    package func writeJSON<E: Error>(
        frames includeFrames: Bool = true,
        to write: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        let s = summary
        let c = comparison
        let o = options
        typealias P = ParameterKey
        var out = "{\n  \(Key.kind.quoted): \(jsonString(Self.kind)),\n  \(Key.provenance.quoted): \(provenance.json),\n"
        out +=
            "  \(Key.parameters.quoted): {\(P.mirror.quoted): \(o.mirror), \(P.dimensions.quoted): \"\(c.dimensions)\", \(P.maxLagSeconds.quoted): \(jsonNumber(o.maxLagSeconds, digits: 6)), "
        out += "\(P.lagWindowSeconds.quoted): \(jsonNumber(o.lagWindowSeconds, digits: 6)), "
        out +=
            "\(P.offsetSeconds.quoted): \(jsonNumber(o.offsetSeconds, digits: 6)), \(P.rate.quoted): \(jsonNumber(c.grid.rate, digits: 6)), "
        out +=
            "\(P.maxGapSeconds.quoted): \(jsonNumber(o.maxGapSeconds, digits: 6)), \(P.toleranceDegrees.quoted): \(jsonNumber(o.toleranceDegrees, digits: 4)), "
        out +=
            "\(P.formBreakMinSeconds.quoted): \(jsonNumber(o.formBreakMinSeconds, digits: 6)), \(P.minConfidence.quoted): \(jsonNumber(o.minConfidence, digits: 4)), "
        out +=
            "\(P.minSharedWeight.quoted): \(jsonNumber(o.minSharedWeight, digits: 4)), \(P.repairSwaps.quoted): \(o.repairSwaps), \(P.maskTeleports.quoted): \(o.maskTeleports), "
        out +=
            "\(P.weights.quoted): {"
            + Limb.allCases.map { "\"\($0.name)\": \(jsonNumber(o.weights[$0.rawValue], digits: 4))" }.joined(separator: ", ") + "}, "
        out +=
            "\(P.frameAlignment.quoted): \"frames[i] is the learner's video frame i; figures from the nearest analysis-grid frame (gridT); summary counts are grid frames\", "
        out +=
            "\(P.grid.quoted): {\(GridKey.start.quoted): \(jsonNumber(c.grid.start, digits: 6)), \(GridKey.rate.quoted): \(jsonNumber(c.grid.rate, digits: 6)), \(GridKey.frames.quoted): \(c.grid.count)}, "
        out += "\(P.kernel.quoted): \"\(LagSearch(maxLag: c.maxLagFrames, kernel: o.kernel).resolvedKernel.rawValue)\"},\n"
        typealias S = SummaryKey
        out += "  \(Key.summary.quoted): {\n"
        out +=
            "    \(S.frames.quoted): \(s.frames), \(S.scoredFrames.quoted): \(s.scoredFrames), \(S.unscoredFrames.quoted): \(s.unscoredFrames), \(S.videoFrames.quoted): \(s.videoFrames),\n"
        out += "    \(S.medianLagSeconds.quoted): \(jsonNumber(s.medianLagSeconds, digits: 4)), "
        out += "\(S.medianLagFrames.quoted): \(jsonNumber(s.medianLagSeconds.map { $0 * c.grid.rate }, digits: 2)), "
        out +=
            "\(S.lagQuartilesSeconds.quoted): "
            + (s.lagQuartilesSeconds.map { "[\(jsonNumber($0.lower, digits: 4)), \(jsonNumber($0.upper, digits: 4))]" } ?? "null") + ", "
        out += "\(S.lagConfidence.quoted): \(jsonNumber(s.lagConfidence, digits: 3)),\n"
        out += "    \(S.worstLimb.quoted): " + (s.worstLimb.map { "\"\($0.name)\"" } ?? "null")
        out += ", \(S.withinTolerancePercent.quoted): \(jsonNumber(s.withinTolerancePercent, digits: 2))"
        out += ", \(S.meanDistanceDegrees.quoted): \(jsonNumber(s.meanDistanceDegrees, digits: 3)),\n"
        out += "    \(S.aheadFrames.quoted): \(s.aheadFrames), \(S.framesAtMaxLag.quoted): \(s.framesAtMaxLag),\n"
        out += "    \(S.reliabilityWarning.quoted): \(s.reliabilityWarning.map(jsonString) ?? "null"),\n"
        out +=
            "    \(S.facingCheck.quoted): "
            + (facing.map { f in
                func fit(_ x: FacingCheck.Fit) -> String {
                    "{\(FitKey.mirror.quoted): \(x.mirror), \(FitKey.medianLagSeconds.quoted): \(jsonNumber(x.medianLagSeconds, digits: 4)), "
                        + "\(FitKey.withinTolerancePercent.quoted): \(jsonNumber(x.withinTolerancePercent, digits: 2)), \(FitKey.meanDistanceDegrees.quoted): \(jsonNumber(x.meanDistanceDegrees, digits: 3)), "
                        + "\(FitKey.medianLimbErrorDegrees.quoted): \(jsonNumber(x.medianLimbErrorDegrees, digits: 3)), \(FitKey.medianLimbWithinPercent.quoted): \(jsonNumber(x.medianLimbWithinPercent, digits: 2))}"
                }
                return
                    "{\(FacingKey.compared.quoted): \(fit(f.compared)), \(FacingKey.other.quoted): \(fit(f.other)), \(FacingKey.otherFitsBetter.quoted): \(f.otherFitsBetter), "
                    + "\(FacingKey.otherRate.quoted): \(jsonNumber(min(FacingCheck.rate, c.grid.rate), digits: 3)), \(FacingKey.warning.quoted): \(f.warning.map(jsonString) ?? "null")}"
            } ?? "null") + ",\n"
        out +=
            "    \(S.formBreak.quoted): "
            + (s.formBreak.map {
                "{\(FormBreakKey.start.quoted): \(jsonNumber($0.start, digits: 4)), \(FormBreakKey.end.quoted): \(jsonNumber($0.end, digits: 4)), \(FormBreakKey.limb.quoted): \"\($0.limb.name)\", "
                    + "\(FormBreakKey.errorDegrees.quoted): \(jsonNumber($0.errorDegrees, digits: 2)), \(FormBreakKey.peakErrorDegrees.quoted): \(jsonNumber($0.peakErrorDegrees, digits: 2)), \(FormBreakKey.peakT.quoted): \(jsonNumber($0.peakTime, digits: 4))}"
            } ?? "null") + ",\n"
        out +=
            "    \(S.maxError.quoted): "
            + (s.maxError.map {
                "{\(MaxErrorKey.t.quoted): \(jsonNumber($0.t, digits: 4)), \(MaxErrorKey.limb.quoted): \"\($0.limb.name)\", \(MaxErrorKey.errorDegrees.quoted): \(jsonNumber($0.errorDegrees, digits: 2))}"
            } ?? "null") + ",\n"
        out +=
            "    \(S.limbs.quoted): {\n"
            + Limb.allCases.map { limb in
                let l = s.limbs[limb.rawValue]
                return
                    "      \"\(limb.name)\": {\(LimbKey.meanErrorDegrees.quoted): \(jsonNumber(l.meanErrorDegrees, digits: 3)), \(LimbKey.rmsErrorDegrees.quoted): \(jsonNumber(l.rmsErrorDegrees, digits: 3)), "
                    + "\(LimbKey.withinTolerancePercent.quoted): \(jsonNumber(l.withinTolerancePercent, digits: 2)), \(LimbKey.comparedFrames.quoted): \(l.comparedFrames)}"
            }.joined(separator: ",\n") + "\n    }\n  },\n"
        if includeFrames {
            out += "  \(Key.frames.quoted): [\n"
            try Self.send(out, to: write)
            out = ""
            let count = c.learnerFrameCount
            let size = Self.framesPerPiece
            try inOrder(
                count: (count + size - 1) / size,
                make: { piece in
                    let frames = (piece * size)..<min(count, (piece + 1) * size)
                    var writer = JSONWriter(capacity: 640 * frames.count)
                    writeFrames(frames, into: &writer)
                    return writer
                }, consume: { (writer: JSONWriter) throws(E) in try writer.withBytes(write) })
            out += "  ],\n"
        }
        out +=
            "  \(Key.faults.quoted): {"
            + faults.map { "\(jsonString($0.role)): [" + $0.faults.map(\.json).joined(separator: ", ") + "]" }.joined(separator: ", ")
            + "},\n"
        out +=
            "  \(Key.repairedSwaps.quoted): [" + faults.filter(\.repairedSwaps).map { jsonString($0.role) }.joined(separator: ", ") + "],\n"
        out +=
            "  \(Key.maskedJointFrames.quoted): {"
            + faults.map { "\(jsonString($0.role)): \($0.maskedJointFrames)" }.joined(separator: ", ") + "},\n"
        out +=
            "  \(Key.cues.quoted): ["
            + cues.cues.map {
                "{\(CueKey.start.quoted): \(jsonNumber($0.start, digits: 4)), \(CueKey.end.quoted): \(jsonNumber($0.end, digits: 4)), \(CueKey.text.quoted): \(jsonString($0.text))}"
            }.joined(separator: ", ") + "]" + (reaction.map { ",\n  \(Key.reaction.quoted): " + $0.json } ?? "") + "\n}\n"
        try Self.send(out, to: write)
    }

    /// Hands `text`'s UTF-8 bytes to `write`.
    private static func send<E: Error>(_ text: String, to write: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        try Array(text.utf8).withUnsafeBufferPointer { bytes throws(E) in try write(bytes) }
    }

    /// `frames[k]` for each k in `range`, one per line, comma-separated except after the last frame.
    private func writeFrames(_ range: Range<Int>, into writer: inout JSONWriter) {
        let c = comparison
        for k in range {
            writer.raw("    {")
            c.learnerFrame(k).writeMembers(into: &writer)
            writer.raw(k == c.learnerFrameCount - 1 ? "}\n" : "},\n")
        }
    }

}
