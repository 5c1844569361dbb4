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

    /// The top-level fields of `json()`, in its order.
    package enum Key: String, JSONKeys {
        case file, space, dimensions, frames, durationSeconds, frameRate, intervalJitterSeconds, longestIntervalSeconds, emptyFrames
        case torsoLengthPixels, torsoLengthUnit, minConfidence, faceFrames, events, joints, limbs, faults, depthPlausibility
    }
    /// The fields of `space`.
    package enum SpaceKey: String, JSONKeys {
        case kind, width, height, depth
    }
    /// The fields of each joint's and limb's coverage.
    package enum CoverageKey: String, JSONKeys {
        case fraction, longestGapSeconds
    }
    /// The fields of `depthPlausibility` (null for a 2D clip).
    package enum DepthKey: String, JSONKeys {
        case plausible, worstSegment, worstSegmentSpreadPercent, depthJitterTorsos, planeJitterTorsos, problems
    }

    /// For programs: the same figures as JSON.
    public func json() -> String {
        let s = summary
        func coverage(_ c: SidecarSummary.Coverage) -> String {
            "{" + CoverageKey.fraction.member(jsonNumber(c.fraction, digits: 4)) + ", "
                + CoverageKey.longestGapSeconds.member(jsonNumber(c.longestGapSeconds, digits: 4)) + "}"
        }
        func optional(_ value: Double?) -> String { value.map { jsonNumber($0, digits: 6) } ?? "null" }
        let space = sidecar.space
        let spaceObject =
            "{"
            + [
                SpaceKey.kind.member("\"\(space.kind.rawValue)\""), SpaceKey.width.member("\(space.width)"),
                SpaceKey.height.member("\(space.height)"), SpaceKey.depth.member(space.depth.map { "\"\($0.rawValue)\"" } ?? "null"),
            ].joined(separator: ", ") + "}"
        var plausibility = "null"
        if let d = self.depth {
            plausibility =
                "{"
                + [
                    DepthKey.plausible.member("\(d.isPlausible)"), DepthKey.worstSegment.member(jsonString(d.worstSegment)),
                    DepthKey.worstSegmentSpreadPercent.member(jsonNumber(d.worstSegmentSpreadPercent, digits: 2)),
                    DepthKey.depthJitterTorsos.member(jsonNumber(d.depthJitterTorsos, digits: 4)),
                    DepthKey.planeJitterTorsos.member(jsonNumber(d.planeJitterTorsos, digits: 4)),
                    DepthKey.problems.member("[" + d.problems.map(jsonString).joined(separator: ", ") + "]"),
                ].joined(separator: ", ") + "}"
        }
        let fields = [
            Key.file.member(jsonString(file)), Key.space.member(spaceObject), Key.dimensions.member("\"\(sidecar.dimensions)\""),
            Key.frames.member("\(s.frameCount)"), Key.durationSeconds.member(jsonNumber(s.durationSeconds, digits: 6)),
            Key.frameRate.member(optional(s.frameRate)), Key.intervalJitterSeconds.member(optional(s.intervalJitterSeconds)),
            Key.longestIntervalSeconds.member(optional(s.longestIntervalSeconds)), Key.emptyFrames.member("\(s.emptyFrames)"),
            Key.torsoLengthPixels.member(optional(s.torsoLengthPixels.map(Double.init))),
            Key.torsoLengthUnit.member(space.kind == .metres ? "\"m\"" : "\"px\""),
            Key.minConfidence.member(jsonNumber(Double(s.minConfidence), digits: 4)), Key.faceFrames.member("\(s.faceFrames)"),
            Key.events.member("\(s.eventCount)"),
            Key.joints.member(
                "{" + Joint.allCases.map { "\"\($0.name)\": \(coverage(s.joints[$0.rawValue]))" }.joined(separator: ", ") + "}"),
            Key.limbs.member("{" + Limb.allCases.map { "\"\($0.name)\": \(coverage(s.limbs[$0.rawValue]))" }.joined(separator: ", ") + "}"),
            Key.faults.member("[" + faults.map(\.json).joined(separator: ", ") + "]"), Key.depthPlausibility.member(plausibility),
        ]
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }
}
