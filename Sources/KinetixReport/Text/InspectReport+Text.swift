import Foundation
import KinetixCore

extension InspectReport {
    /// For people: timing, coverage per joint and limb, faults.
    public func text() -> String {
        let s = summary
        var out = "\(file)\n"
        let source = sidecar.source.keys.sorted().map { "\($0)=\(sidecar.source[$0]!)" }.joined(separator: ", ")
        out += field("source", source.isEmpty ? "—" : source)
        out += field("space", "\(sidecar.space.summary); angles in \(sidecar.dimensions)")
        var timing = "\(s.frameCount) over \(formatSeconds(s.durationSeconds))"
        if let rate = s.frameRate, let jitter = s.intervalJitterSeconds, let longest = s.longestIntervalSeconds {
            timing += String(
                format: ", %.2f fps %@(interval jitter %.1f ms, longest interval %.1f ms)", rate,
                s.frameRateRecorded ? "as recorded by the source " : "", jitter * 1000, longest * 1000)
        }
        out += field("frames", timing)
        out += field("no person", "\(s.emptyFrames) frame\(s.emptyFrames == 1 ? "" : "s")")
        let metres = sidecar.space.kind == .metres
        let torsoFormat = metres ? "%.3f m" : "%.1f px"
        let torsoHow = sidecar.dimensions == .three ? " (clip scale: 90th percentile, in 3D)" : " (clip scale: 90th percentile)"
        out += field(
            "torso length",
            s.torsoLengthPixels.map { String(format: torsoFormat, $0) + torsoHow } ?? "unknown (neck and hips never tracked together)")
        out += field("face", s.faceFrames > 0 ? "landmarks in \(s.faceFrames) frames" : "none")
        out += field(
            "events",
            s.eventCount > 0
                ? "\(s.eventCount): " + sidecar.events.prefix(6).map { "\(formatSeconds($0.t)) \($0.label)" }.joined(separator: ", ")
                    + (s.eventCount > 6 ? ", …" : "") : "none")
        out += "\n" + "joint".padding(toLength: 20, withPad: " ", startingAt: 0) + "  tracked   longest gap"
        out += String(format: "   (tracked: confidence ≥ %.2f)\n", minConfidence)
        for joint in Joint.allCases { out += coverageRow(joint.spokenName, s.joints[joint.rawValue]) }
        out += "\n" + "limb angle".padding(toLength: 20, withPad: " ", startingAt: 0) + "  defined   longest gap\n"
        for limb in Limb.allCases { out += coverageRow(limb.spokenName, s.limbs[limb.rawValue]) }
        out += "\nestimator faults: " + (faults.isEmpty ? "none found\n" : "\(faults.count)\n")
        for fault in faults.prefix(30) { out += "  \(fault)\n" }
        if faults.count > 30 { out += "  … \(faults.count - 30) more (the JSON output lists all)\n" }
        if faults.contains(where: { $0.kind == .leftRightSwap }) {
            out += "  left/right swaps can be undone (repair swaps when converting, comparing or assessing)\n"
        }
        if let d = depth {
            out += String(
                format:
                    "\n3D check: limb lengths vary by up to %.1f %% (%@), depth jitter %.3f torso lengths a frame (in the image %.3f)\n",
                d.worstSegmentSpreadPercent, d.worstSegment, d.depthJitterTorsos, d.planeJitterTorsos)
            out +=
                d.isPlausible
                ? "  plausible: within the limits (15 %, 0.06)\n"
                : d.problems.map {
                    "  not plausible: \($0): angles from this clip's depth are unsteady; check them against 2D or another camera\n"
                }.joined()
        }
        return out
    }

    private func field(_ name: String, _ value: String) -> String {
        name.padding(toLength: 14, withPad: " ", startingAt: 0) + value + "\n"
    }

    private func coverageRow(_ name: String, _ coverage: SidecarSummary.Coverage) -> String {
        name.padding(toLength: 20, withPad: " ", startingAt: 0)
            + String(format: "  %5.1f %%  %9.3f s\n", coverage.fraction * 100, coverage.longestGapSeconds)
    }

}
