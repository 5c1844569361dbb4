import Foundation

/// What `kinetix inspect` reports of one clip: timing, tracking coverage, extras and
/// estimator faults, as text for people or JSON for programs.
public struct InspectReport: Sendable {
    /// The clip's name as the caller gave it.
    public var file: String
    /// The clip.
    public var sidecar: Sidecar
    /// Timing and coverage.
    public var summary: SidecarSummary
    /// Estimator faults, in frame order.
    public var faults: [EstimatorFault]
    /// Joints below this confidence count as not tracked.
    public var minConfidence: Float
    /// For a 3D clip: whether its depth is plausible (limb lengths, depth jitter).
    public var depth: DepthPlausibility?

    /// Summarizes `sidecar` and finds its estimator faults.
    public init(_ sidecar: Sidecar, file: String, minConfidence: Float = BodySeries.defaultMinConfidence) {
        self.file = file
        self.sidecar = sidecar
        self.minConfidence = minConfidence
        summary = SidecarSummary(sidecar, minConfidence: minConfidence)
        faults = sidecar.checkedForFaults(role: "sidecar", repairSwaps: false, minConfidence: minConfidence).check.faults
        depth = DepthPlausibility(sidecar, minConfidence: minConfidence)
    }

    /// For programs: the same figures as JSON.
    public func json() -> String {
        let s = summary
        func coverage(_ c: SidecarSummary.Coverage) -> String {
            "{\"fraction\": \(jsonNumber(c.fraction, digits: 4)), \"longestGapSeconds\": \(jsonNumber(c.longestGapSeconds, digits: 4))}"
        }
        func optional(_ value: Double?) -> String { value.map { jsonNumber($0, digits: 6) } ?? "null" }
        var out = "{\n"
        out += "  \"file\": \(jsonString(file)),\n"
        let depth = sidecar.space.depth.map { "\"\($0.rawValue)\"" } ?? "null"
        out +=
            "  \"space\": {\"kind\": \"\(sidecar.space.kind.rawValue)\", \"width\": \(sidecar.space.width), \"height\": \(sidecar.space.height), \"depth\": \(depth)},\n"
        out += "  \"dimensions\": \"\(sidecar.dimensions)\",\n"
        out += "  \"frames\": \(s.frameCount),\n  \"durationSeconds\": \(jsonNumber(s.durationSeconds, digits: 6)),\n"
        out += "  \"frameRate\": \(optional(s.frameRate)),\n  \"intervalJitterSeconds\": \(optional(s.intervalJitterSeconds)),\n"
        out += "  \"longestIntervalSeconds\": \(optional(s.longestIntervalSeconds)),\n  \"emptyFrames\": \(s.emptyFrames),\n"
        out += "  \"torsoLengthPixels\": \(optional(s.torsoLengthPixels.map(Double.init))),\n"
        out += "  \"torsoLengthUnit\": \"\(sidecar.space.kind == .metres ? "m" : "px")\",\n"
        out += "  \"minConfidence\": \(jsonNumber(Double(s.minConfidence), digits: 4)),\n"
        out += "  \"faceFrames\": \(s.faceFrames),\n  \"events\": \(s.eventCount),\n"
        out +=
            "  \"joints\": {" + Joint.allCases.map { "\"\($0.name)\": \(coverage(s.joints[$0.rawValue]))" }.joined(separator: ", ") + "},\n"
        out += "  \"limbs\": {" + Limb.allCases.map { "\"\($0.name)\": \(coverage(s.limbs[$0.rawValue]))" }.joined(separator: ", ") + "},\n"
        out += "  \"faults\": [" + faults.map(\.json).joined(separator: ", ") + "],\n"
        var plausibility = "null"
        if let d = self.depth {
            let problems: String = d.problems.map(jsonString).joined(separator: ", ")
            var item = "{\"plausible\": \(d.isPlausible), \"worstSegment\": \(jsonString(d.worstSegment)), "
            item += "\"worstSegmentSpreadPercent\": \(jsonNumber(d.worstSegmentSpreadPercent, digits: 2)), "
            item +=
                "\"depthJitterTorsos\": \(jsonNumber(d.depthJitterTorsos, digits: 4)), \"planeJitterTorsos\": \(jsonNumber(d.planeJitterTorsos, digits: 4)), "
            item += "\"problems\": [" + problems + "]}"
            plausibility = item
        }
        out += "  \"depthPlausibility\": " + plausibility + "\n"
        return out + "}\n"
    }
}
