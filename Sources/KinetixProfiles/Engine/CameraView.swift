/// Which way the camera sees a body, from its median shoulder width in torso lengths
/// (`Assessment.shoulderWidthRatio`): about 0.9 straight from the front, under 0.3 from
/// the side. On real clips the Pose2Sim trial's front camera reads 0.50, its three
/// others 0.32–0.36 (oblique), MediaPipe's side-on walkers 0.18, a frontal lateral
/// raise 0.65. The one home of these cut-offs, for profiles' view requirements and for
/// progress's changed-view flag.
public enum CameraView: String, Sendable {
    case front, side, oblique

    /// A ratio at least this is a frontal view.
    public static let frontMinimum: Float = 0.5
    /// A ratio at most this is a side view.
    public static let sideMaximum: Float = 0.3

    /// The view of a body whose shoulders are `ratio` torso lengths apart; nil for no ratio.
    public init?(shoulderWidthRatio ratio: Float?) {
        guard let ratio, ratio.isFinite else { return nil }
        self = ratio >= Self.frontMinimum ? .front : ratio <= Self.sideMaximum ? .side : .oblique
    }
}
