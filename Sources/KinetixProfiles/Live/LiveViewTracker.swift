import KinetixCore

/// The camera's view of the body and the side it hides, as a live stream shows them:
/// the offline rules (`ViewStretches`, `HiddenSide`) over the last seconds.
///
/// The view is `CameraView` of the median shoulder and hip widths over the last
/// `ViewStretches.minSeconds`, changed only when the new one has held that long (as
/// offline merges shorter stretches into their neighbours); a joint is hidden, in a side or oblique view, when the
/// last `hiddenWindowSeconds` track it in fewer than `minCoverage` of the frames with a
/// body and its mirror in at least that many.
struct LiveViewTracker: Sendable {
    /// The window a hidden joint is judged over, seconds.
    static let hiddenWindowSeconds = 3.0

    private var widths: [(time: Double, shoulders: Float, hips: Float)] = []
    private var tracked: [(time: Double, joints: UInt32)] = []
    /// The view now; nil until the shoulders have been seen.
    private(set) var view: CameraView?
    /// Another view seen since a time: it becomes the view once it has held long enough.
    private var candidate: (view: CameraView?, since: Double)?

    /// True when the camera has `view` now, or is turning to it (seen, not yet held
    /// `ViewStretches.minSeconds`): live cannot wait to see whether the turn holds.
    func shows(_ view: CameraView) -> Bool { self.view == view || candidate?.view == view }
    /// The joints the view hides now.
    private(set) var hidden: Set<Joint> = []

    /// Takes one frame's body (body coordinates) and tracking.
    mutating func add(_ body: BodySeries, clip: Sidecar, minConfidence: Float, candidates: Set<Joint>, minCoverage: Double) {
        let time = clip.times[0]
        func x(_ joint: Joint) -> Float { body.points.x[body.points.index(joint, 0)] }
        widths.append((time, abs(x(.leftShoulder) - x(.rightShoulder)), abs(x(.leftHip) - x(.rightHip))))
        if let keep = widths.firstIndex(where: { $0.time > time - ViewStretches.minSeconds }), keep > 0 { widths.removeFirst(keep) }
        var shoulders = widths.map(\.shoulders).filter(\.isFinite)
        var hips = widths.map(\.hips).filter(\.isFinite)
        if !shoulders.isEmpty {
            let seen = CameraView(
                shoulderWidthRatio: quantile(selecting: &shoulders, 0.5),
                hipWidthRatio: hips.isEmpty ? nil : quantile(selecting: &hips, 0.5))
            // As offline, a view must hold `ViewStretches.minSeconds` to replace the one before.
            if view == nil || seen == view {
                view = seen
                candidate = nil
            } else if let (other, since) = candidate, other == seen {
                if time - since >= ViewStretches.minSeconds {
                    view = seen
                    candidate = nil
                }
            } else {
                candidate = (seen, time)
            }
        }
        var mask: UInt32 = 0
        for joint in Joint.allCases where clip.joints.isTracked(joint, 0, minConfidence: minConfidence) { mask |= 1 << joint.rawValue }
        tracked.append((time, mask))
        if let keep = tracked.firstIndex(where: { $0.time > time - Self.hiddenWindowSeconds }), keep > 0 { tracked.removeFirst(keep) }
        let body: UInt32 = 1 << Joint.neck.rawValue | 1 << Joint.root.rawValue
        let bodyFrames = tracked.filter { $0.joints & body != 0 }
        guard view == .side || view == .oblique, !bodyFrames.isEmpty else {
            hidden = []
            return
        }
        func coverage(_ joint: Joint) -> Double {
            Double(bodyFrames.filter { $0.joints & (1 << joint.rawValue) != 0 }.count) / Double(bodyFrames.count)
        }
        hidden = Set(candidates.filter { $0.mirrored != $0 && coverage($0) < minCoverage && coverage($0.mirrored) >= minCoverage })
    }
}
