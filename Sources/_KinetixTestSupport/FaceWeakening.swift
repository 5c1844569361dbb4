import KinetixCore

/// A facial palsy made on purpose, for testing measures of one side's movement: in a
/// face frame fixed by the four eye corners (which stay where they are), one side's
/// brow, eyelids and mouth corner are moved to `baseline + keep × (position − baseline)`,
/// so that side keeps `keep` of its movement. The baseline is each landmark's median
/// position in that frame over the first `baselineSeconds`.
public func weakenedFace(_ clip: Sidecar, side: String, keep: Double, baselineSeconds: Double = 2) -> Sidecar {
    guard var face = clip.face else { return clip }
    let left = side == "left"
    let moved: [FaceLandmark] =
        left
        ? [.leftBrowInner, .leftBrowCenter, .leftBrowOuter, .leftUpperLid, .leftLowerLid, .mouthLeft]
        : [.rightBrowInner, .rightBrowCenter, .rightBrowOuter, .rightUpperLid, .rightLowerLid, .mouthRight]
    // The frame of each frame: origin between the eye centres, unit vectors, scale.
    typealias Frame = (ox: Double, oy: Double, ex: (Double, Double), ey: (Double, Double), scale: Double)
    func frame(_ i: Int) -> Frame? {
        func centre(_ a: FaceLandmark, _ b: FaceLandmark) -> (Double, Double)? {
            guard let p = face[a, i], let q = face[b, i] else { return nil }
            return ((Double(p.x) + Double(q.x)) / 2, (Double(p.y) + Double(q.y)) / 2)
        }
        guard let l = centre(.leftEyeInner, .leftEyeOuter), let r = centre(.rightEyeInner, .rightEyeOuter) else { return nil }
        let dx = l.0 - r.0
        let dy = l.1 - r.1
        let scale = (dx * dx + dy * dy).squareRoot()
        guard scale > 0 else { return nil }
        let ex = (dx / scale, dy / scale)
        return ((l.0 + r.0) / 2, (l.1 + r.1) / 2, ex, (-ex.1, ex.0), scale)
    }
    func toFace(_ p: (x: Float, y: Float, confidence: Float), _ f: Frame) -> (Double, Double) {
        let rx = Double(p.x) - f.ox
        let ry = Double(p.y) - f.oy
        return ((rx * f.ex.0 + ry * f.ex.1) / f.scale, (rx * f.ey.0 + ry * f.ey.1) / f.scale)
    }
    let frames = (0..<clip.frameCount).map(frame)
    let end = clip.times.firstIndex { $0 >= clip.times[0] + baselineSeconds } ?? clip.frameCount
    for landmark in moved {
        var xs: [Double] = []
        var ys: [Double] = []
        for i in 0..<end {
            guard let f = frames[i], let p = face[landmark, i] else { continue }
            let (u, v) = toFace(p, f)
            xs.append(u)
            ys.append(v)
        }
        guard !xs.isEmpty else { continue }
        let bu = xs.sorted()[xs.count / 2]
        let bv = ys.sorted()[ys.count / 2]
        for i in 0..<clip.frameCount {
            guard let f = frames[i], let p = face[landmark, i] else { continue }
            let (u, v) = toFace(p, f)
            let nu = bu + keep * (u - bu)
            let nv = bv + keep * (v - bv)
            let x = f.ox + f.scale * (nu * f.ex.0 + nv * f.ey.0)
            let y = f.oy + f.scale * (nu * f.ex.1 + nv * f.ey.1)
            face[landmark, i] = (Float(x), Float(y), p.confidence)
        }
    }
    var result = clip
    result.face = face
    return result
}
