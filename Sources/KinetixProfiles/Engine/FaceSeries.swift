import Foundation
import KinetixCore

/// Face landmarks in face coordinates: origin between the pupils, x along the line
/// from the right pupil to the left (toward the subject's left), y perpendicular to
/// it (up), one unit = the interpupillary distance (IPD).
///
/// Measured this way, brow height, eye opening and mouth-corner position do not
/// change with head roll, distance to the camera or face size. A pupil missing in a
/// frame is replaced by the midpoint of that eye's corners; a frame with neither
/// has no face coordinates (NaN).
public struct FaceSeries: Sendable {
    /// Frame times, seconds.
    public var times: [Double]
    /// Landmarks in face coordinates (IPD units).
    public var points: PointTable<FaceLandmark>
    /// The interpupillary distance in isotropic pixels per frame (NaN when unknown).
    public var pupilDistancePixels: [Float]

    /// The face coordinates of `sidecar`'s landmarks (all NaN when it has none).
    public init(_ sidecar: Sidecar) {
        let n = sidecar.frameCount
        times = sidecar.times
        points = PointTable(frameCount: n)
        pupilDistancePixels = Array(repeating: .nan, count: n)
        guard let face = sidecar.face else { return }
        points.confidence = face.confidence
        let space = sidecar.space
        func position(_ landmark: FaceLandmark, _ frame: Int) -> (x: Float, y: Float)? {
            guard let p = face[landmark, frame] else { return nil }
            return space.isotropic(x: p.x, y: p.y)
        }
        func pupil(_ pupil: FaceLandmark, _ inner: FaceLandmark, _ outer: FaceLandmark, _ frame: Int) -> (x: Float, y: Float)? {
            if let p = position(pupil, frame) { return p }
            guard let a = position(inner, frame), let b = position(outer, frame) else { return nil }
            return ((a.x + b.x) / 2, (a.y + b.y) / 2)
        }
        for frame in 0..<n {
            guard let left = pupil(.leftPupil, .leftEyeInner, .leftEyeOuter, frame),
                  let right = pupil(.rightPupil, .rightEyeInner, .rightEyeOuter, frame) else { continue }
            let dx = left.x - right.x, dy = left.y - right.y
            let ipd = hypot(dx, dy)
            guard ipd > 0 else { continue }
            pupilDistancePixels[frame] = ipd
            let ex = (dx / ipd, dy / ipd), ey = (-ex.1, ex.0)
            let origin = ((left.x + right.x) / 2, (left.y + right.y) / 2)
            for landmark in FaceLandmark.allCases {
                guard let p = position(landmark, frame) else { continue }
                let rx = p.x - origin.0, ry = p.y - origin.1
                let i = points.index(landmark, frame)
                points.x[i] = (rx * ex.0 + ry * ex.1) / ipd
                points.y[i] = (rx * ey.0 + ry * ey.1) / ipd
            }
        }
    }
}
