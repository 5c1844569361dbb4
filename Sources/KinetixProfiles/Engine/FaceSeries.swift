import Foundation
import KinetixCore

/// Face landmarks in face coordinates, a frame fixed to the skull: origin between the
/// eye centres (each the midpoint of that eye's inner and outer corners, the canthi),
/// x along the line from the right eye centre to the left (toward the subject's left),
/// y perpendicular to it (up), one unit = the distance between the eye centres (about
/// the interpupillary distance, IPD, and called so in reports).
///
/// The canthi do not move with gaze or expression (the pupils move with gaze, the mouth
/// with the jaw), so a landmark's position in this frame changes only when that part of
/// the face moves, never with head roll, distance to the camera or face size (the
/// clinical reference frame of Emotrics and eFACE: the facial midline and the line
/// through the canthi). An eye whose corners are missing in a frame falls back to its
/// pupil; a frame with neither has no face coordinates (NaN).
public struct FaceSeries: Sendable {
    /// Frame times, seconds.
    public var times: [Double]
    /// Landmarks in face coordinates (IPD units).
    public var points: PointTable<FaceLandmark>
    /// The distance between the eye centres in isotropic pixels per frame (NaN when unknown).
    public var pupilDistancePixels: [Float]
    /// The midpoint of the eye centres in isotropic pixels per frame (NaN when unknown),
    /// for finding shot cuts and tracking jumps.
    public var centreX: [Float], centreY: [Float]
    /// (left eye width − right eye width) / their sum per frame, from the eye corners: 0
    /// facing the camera; a turned head foreshortens the far eye (NaN when unknown).
    public var eyeWidthAsymmetry: [Float]
    /// Frames left without face coordinates because the head was turned beyond
    /// `maxEyeWidthAsymmetry`: from there one side of the face is foreshortened and the
    /// two sides' movements cannot be compared.
    public var turnedFrames: Int = 0

    /// The eye-width asymmetry beyond which a frame is not measured: 0.25, the far eye
    /// 40 % narrower than the near one.
    public static let maxEyeWidthAsymmetry: Float = 0.25

    /// The face coordinates of `sidecar`'s landmarks (all NaN when it has none).
    public init(_ sidecar: Sidecar) {
        let n = sidecar.frameCount
        times = sidecar.times
        points = PointTable(frameCount: n)
        pupilDistancePixels = Array(repeating: .nan, count: n)
        centreX = pupilDistancePixels
        centreY = pupilDistancePixels
        eyeWidthAsymmetry = pupilDistancePixels
        guard let face = sidecar.face else { return }
        points.confidence = face.confidence
        let space = sidecar.space
        func position(_ landmark: FaceLandmark, _ frame: Int) -> (x: Float, y: Float)? {
            guard let p = face[landmark, frame] else { return nil }
            return space.isotropic(x: p.x, y: p.y)
        }
        func eyeCentre(_ inner: FaceLandmark, _ outer: FaceLandmark, _ pupil: FaceLandmark, _ frame: Int) -> (x: Float, y: Float)? {
            if let a = position(inner, frame), let b = position(outer, frame) { return ((a.x + b.x) / 2, (a.y + b.y) / 2) }
            return position(pupil, frame)
        }
        for frame in 0..<n {
            guard let left = eyeCentre(.leftEyeInner, .leftEyeOuter, .leftPupil, frame),
                let right = eyeCentre(.rightEyeInner, .rightEyeOuter, .rightPupil, frame)
            else { continue }
            let dx = left.x - right.x
            let dy = left.y - right.y
            let ipd = hypot(dx, dy)
            guard ipd > 0 else { continue }
            pupilDistancePixels[frame] = ipd
            centreX[frame] = (left.x + right.x) / 2
            centreY[frame] = (left.y + right.y) / 2
            if let li = position(.leftEyeInner, frame), let lo = position(.leftEyeOuter, frame),
                let ri = position(.rightEyeInner, frame), let ro = position(.rightEyeOuter, frame)
            {
                let wl = hypot(lo.x - li.x, lo.y - li.y)
                let wr = hypot(ro.x - ri.x, ro.y - ri.y)
                if wl + wr > 0 { eyeWidthAsymmetry[frame] = (wl - wr) / (wl + wr) }
                if abs(eyeWidthAsymmetry[frame]) > Self.maxEyeWidthAsymmetry {
                    turnedFrames += 1
                    continue  // the frame keeps no face coordinates
                }
            }
            let ex = (dx / ipd, dy / ipd)
            let ey = (-ex.1, ex.0)
            let origin = ((left.x + right.x) / 2, (left.y + right.y) / 2)
            for landmark in FaceLandmark.allCases {
                guard let p = position(landmark, frame) else { continue }
                let rx = p.x - origin.0
                let ry = p.y - origin.1
                let i = points.index(landmark, frame)
                points.x[i] = (rx * ex.0 + ry * ex.1) / ipd
                points.y[i] = (rx * ey.0 + ry * ey.1) / ipd
            }
        }
    }
}
