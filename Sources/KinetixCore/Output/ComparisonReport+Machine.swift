extension ComparisonReport {
    // MARK: - JSON

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
    package func writeJSON<E: Error>(frames includeFrames: Bool = true,
                                     to write: (UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        let s = summary, c = comparison, o = options
        var out = "{\n  \"kind\": \"comparison\",\n  \"provenance\": \(provenance.json),\n"
        out += "  \"parameters\": {\"mirror\": \(o.mirror), \"dimensions\": \"\(c.dimensions)\", \"maxLagSeconds\": \(jsonNumber(o.maxLagSeconds, digits: 6)), "
        out += "\"lagWindowSeconds\": \(jsonNumber(o.lagWindowSeconds, digits: 6)), "
        out += "\"offsetSeconds\": \(jsonNumber(o.offsetSeconds, digits: 6)), \"rate\": \(jsonNumber(c.grid.rate, digits: 6)), "
        out += "\"maxGapSeconds\": \(jsonNumber(o.maxGapSeconds, digits: 6)), \"toleranceDegrees\": \(jsonNumber(o.toleranceDegrees, digits: 4)), "
        out += "\"formBreakMinSeconds\": \(jsonNumber(o.formBreakMinSeconds, digits: 6)), \"minConfidence\": \(jsonNumber(o.minConfidence, digits: 4)), "
        out += "\"minSharedWeight\": \(jsonNumber(o.minSharedWeight, digits: 4)), \"repairSwaps\": \(o.repairSwaps), \"maskTeleports\": \(o.maskTeleports), "
        out += "\"weights\": {" + Limb.allCases.map { "\"\($0.name)\": \(jsonNumber(o.weights[$0.rawValue], digits: 4))" }.joined(separator: ", ") + "}, "
        out += "\"frameAlignment\": \"frames[i] is the learner's video frame i; figures from the nearest analysis-grid frame (gridT); summary counts are grid frames\", "
        out += "\"grid\": {\"start\": \(jsonNumber(c.grid.start, digits: 6)), \"rate\": \(jsonNumber(c.grid.rate, digits: 6)), \"frames\": \(c.grid.count)}, "
        out += "\"kernel\": \"\(LagSearch(maxLag: c.maxLagFrames, kernel: o.kernel).resolvedKernel.rawValue)\"},\n"
        out += "  \"summary\": {\n"
        out += "    \"frames\": \(s.frames), \"scoredFrames\": \(s.scoredFrames), \"unscoredFrames\": \(s.unscoredFrames), \"videoFrames\": \(s.videoFrames),\n"
        out += "    \"medianLagSeconds\": \(jsonNumber(s.medianLagSeconds, digits: 4)), "
        out += "\"medianLagFrames\": \(jsonNumber(s.medianLagSeconds.map { $0 * c.grid.rate }, digits: 2)), "
        out += "\"lagQuartilesSeconds\": " + (s.lagQuartilesSeconds.map { "[\(jsonNumber($0.lower, digits: 4)), \(jsonNumber($0.upper, digits: 4))]" } ?? "null") + ", "
        out += "\"lagConfidence\": \(jsonNumber(s.lagConfidence, digits: 3)),\n"
        out += "    \"worstLimb\": " + (s.worstLimb.map { "\"\($0.name)\"" } ?? "null")
        out += ", \"withinTolerancePercent\": \(jsonNumber(s.withinTolerancePercent, digits: 2))"
        out += ", \"meanDistanceDegrees\": \(jsonNumber(s.meanDistanceDegrees, digits: 3)),\n"
        out += "    \"aheadFrames\": \(s.aheadFrames), \"framesAtMaxLag\": \(s.framesAtMaxLag),\n"
        out += "    \"reliabilityWarning\": \(s.reliabilityWarning.map(jsonString) ?? "null"),\n"
        out += "    \"facingCheck\": " + (facing.map { f in
            func fit(_ x: FacingCheck.Fit) -> String {
                "{\"mirror\": \(x.mirror), \"medianLagSeconds\": \(jsonNumber(x.medianLagSeconds, digits: 4)), "
                    + "\"withinTolerancePercent\": \(jsonNumber(x.withinTolerancePercent, digits: 2)), \"meanDistanceDegrees\": \(jsonNumber(x.meanDistanceDegrees, digits: 3)), "
                    + "\"medianLimbErrorDegrees\": \(jsonNumber(x.medianLimbErrorDegrees, digits: 3)), \"medianLimbWithinPercent\": \(jsonNumber(x.medianLimbWithinPercent, digits: 2))}"
            }
            return "{\"compared\": \(fit(f.compared)), \"other\": \(fit(f.other)), \"otherFitsBetter\": \(f.otherFitsBetter), "
                + "\"otherRate\": \(jsonNumber(min(FacingCheck.rate, c.grid.rate), digits: 3)), \"warning\": \(f.warning.map(jsonString) ?? "null")}"
        } ?? "null") + ",\n"
        out += "    \"formBreak\": " + (s.formBreak.map {
            "{\"start\": \(jsonNumber($0.start, digits: 4)), \"end\": \(jsonNumber($0.end, digits: 4)), \"limb\": \"\($0.limb.name)\", "
                + "\"errorDegrees\": \(jsonNumber($0.errorDegrees, digits: 2)), \"peakErrorDegrees\": \(jsonNumber($0.peakErrorDegrees, digits: 2)), \"peakT\": \(jsonNumber($0.peakTime, digits: 4))}"
        } ?? "null") + ",\n"
        out += "    \"maxError\": " + (s.maxError.map {
            "{\"t\": \(jsonNumber($0.t, digits: 4)), \"limb\": \"\($0.limb.name)\", \"errorDegrees\": \(jsonNumber($0.errorDegrees, digits: 2))}"
        } ?? "null") + ",\n"
        out += "    \"limbs\": {\n" + Limb.allCases.map { limb in
            let l = s.limbs[limb.rawValue]
            return "      \"\(limb.name)\": {\"meanErrorDegrees\": \(jsonNumber(l.meanErrorDegrees, digits: 3)), \"rmsErrorDegrees\": \(jsonNumber(l.rmsErrorDegrees, digits: 3)), "
                + "\"withinTolerancePercent\": \(jsonNumber(l.withinTolerancePercent, digits: 2)), \"comparedFrames\": \(l.comparedFrames)}"
        }.joined(separator: ",\n") + "\n    }\n  },\n"
        if includeFrames {
            out += "  \"frames\": [\n"
            try Self.send(out, to: write)
            out = ""
            let count = c.learnerFrameCount, size = Self.framesPerPiece
            try inOrder(count: (count + size - 1) / size, make: { piece in
                let frames = (piece * size)..<min(count, (piece + 1) * size)
                var writer = JSONWriter(capacity: 640 * frames.count)
                writeFrames(frames, into: &writer)
                return writer
            }, consume: { (writer: JSONWriter) throws(E) in try writer.withBytes(write) })
            out += "  ],\n"
        }
        out += "  \"faults\": {" + faults.map { "\(jsonString($0.role)): [" + $0.faults.map(\.json).joined(separator: ", ") + "]" }.joined(separator: ", ") + "},\n"
        out += "  \"repairedSwaps\": [" + faults.filter(\.repairedSwaps).map { jsonString($0.role) }.joined(separator: ", ") + "],\n"
        out += "  \"maskedJointFrames\": {" + faults.map { "\(jsonString($0.role)): \($0.maskedJointFrames)" }.joined(separator: ", ") + "},\n"
        out += "  \"cues\": [" + cues.cues.map {
            "{\"start\": \(jsonNumber($0.start, digits: 4)), \"end\": \(jsonNumber($0.end, digits: 4)), \"text\": \(jsonString($0.text))}"
        }.joined(separator: ", ") + "]" + (reaction.map { ",\n  \"reaction\": " + $0.json } ?? "") + "\n}\n"
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

    // MARK: - CSV

    /// One row per learner video frame (as `frames[]`): frame, its time, the grid time
    /// the figures come from, lag, distance, worst limb, then each limb's absolute error
    /// in degrees. Unscored values are empty fields.
    public func csv() -> String {
        let c = comparison
        var out = "frame,t,gridT,lagSeconds,distanceDegrees,worstLimb,ahead," + Limb.allCases.map(\.name).joined(separator: ",") + "\n"
        func field(_ text: String) -> String { text == "null" ? "" : text }
        for i in 0..<c.learnerFrameCount {
            let row = c.learnerFrame(i)
            out += "\(i)," + jsonNumber(row.t, digits: 6) + "," + jsonNumber(row.gridT, digits: 6) + "," + field(jsonNumber(row.lagSeconds, digits: 6))
            out += "," + field(jsonNumber(row.distanceDegrees, digits: 3)) + "," + (row.worstLimb?.name ?? "") + ",\(row.ahead ? 1 : 0)"
            for limb in Limb.allCases { out += "," + field(jsonNumber(abs(row.errors[limb.rawValue]), digits: 2)) }
            out += "\n"
        }
        return out
    }
}
