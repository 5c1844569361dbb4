/// Which way the camera sees a body, from its shoulder width in torso lengths
/// (`Assessment.shoulderWidthRatio`): about 0.9 straight from the front, under 0.3 from
/// the side. On real clips the Pose2Sim trial's front camera reads 0.50, its three
/// others 0.32–0.36 (oblique), MediaPipe's side-on walkers 0.18, a frontal lateral
/// raise 0.65. The one home of these cut-offs, for profiles' view requirements, view
/// stretches and progress's changed-view flag.
///
/// The hips break a tie the shoulders cannot: a shoulder width in the oblique band
/// with hips as narrow as a side view's (hip width under `sideMaximum` × `hipsPerShoulders`)
/// is a side view whose shoulders are misplaced. A barbell plate hiding the upper body
/// of a real side-on front squat reads shoulders 0.39, hips 0.15; the Pose2Sim trial's
/// oblique cameras read hips 0.27–0.31.
public enum CameraView: String, Sendable, CaseIterable {
    case front, side, oblique

    /// A ratio at least this is a frontal view.
    public static let frontMinimum: Float = 0.5
    /// A ratio at most this is a side view.
    public static let sideMaximum: Float = 0.3
    /// Hip width over shoulder width seen from the front (MediaPipe's hip joints: 0.57–0.62
    /// on four real frontal clips), so hips compare with shoulders' cut-offs.
    public static let hipsPerShoulders: Float = 0.6

    /// The view of a body whose shoulders are `ratio` torso lengths apart (and hips
    /// `hips`, when known); nil for no ratio.
    public init?(shoulderWidthRatio ratio: Float?, hipWidthRatio hips: Float? = nil) {
        guard let ratio, ratio.isFinite else { return nil }
        if ratio >= Self.frontMinimum {
            self = .front
        } else if ratio <= Self.sideMaximum {
            self = .side
        } else if let hips, hips.isFinite, hips / Self.hipsPerShoulders <= Self.sideMaximum {
            self = .side
        } else {
            self = .oblique
        }
    }
}
