import Foundation

/// The nine limb angles over a clip, structure-of-arrays.
///
/// Angles are in degrees in 0...180 (see `Limb`); NaN marks a limb not tracked in
/// that frame. Column `limb` is `values[limb.rawValue * frameCount ..< (limb.rawValue + 1) * frameCount]`,
/// contiguous so kernels stream through it.
public struct AngleSeries: Equatable, Sendable {
    /// Frame times, seconds.
    public package(set) var times: [Double]
    /// Limb-major angles in degrees: limb `i`, frame `f` at `i * frameCount + f`.
    public package(set) var values: [Float]
    /// Whether the angles are of 3D segments or of their 2D projection in an image.
    public package(set) var dimensions: Dimensions = .two

    /// The number of frames.
    public var frameCount: Int { times.count }

    /// A series from its columns; `values` must hold 9 × `times.count` angles, limb-major.
    public init(times: [Double], values: [Float]) {
        precondition(values.count == times.count * Limb.count, "angle table and times disagree")
        self.times = times
        self.values = values
    }

    /// Equal when times match and every angle matches, NaN equal to NaN.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.times == rhs.times && lhs.dimensions == rhs.dimensions && sameValues(lhs.values, rhs.values)
    }

    /// An all-NaN series on `times`.
    public init(times: [Double]) {
        self.init(times: times, values: Array(repeating: .nan, count: times.count * Limb.count))
    }

    /// The angles of every limb of `sidecar`.
    ///
    /// A limb is NaN in a frame when any of its three joints is missing or below
    /// `minConfidence`, or when two of them coincide. Coordinates are made isotropic
    /// first, so normalized and pixel sidecars of one pose give the same angles. With
    /// depth (`Sidecar.dimensions` 3D) the angles are of the 3D segments.
    public init(_ sidecar: Sidecar, minConfidence: Float = BodySeries.defaultMinConfidence) {
        self.init(times: sidecar.times)
        let joints = sidecar.joints
        let n = sidecar.frameCount
        let space = sidecar.space
        /// Every limb in every frame where its three joints are tracked, from the joints' indices.
        @inline(__always) func fill(_ angle: (Int, Int, Int) -> Float) {
            for limb in Limb.allCases {
                let (a, b, c) = limb.joints
                for frame in 0..<n {
                    guard joints.isTracked(a, frame, minConfidence: minConfidence),
                        joints.isTracked(b, frame, minConfidence: minConfidence),
                        joints.isTracked(c, frame, minConfidence: minConfidence)
                    else { continue }
                    values[limb.rawValue * n + frame] = angle(joints.index(a, frame), joints.index(b, frame), joints.index(c, frame))
                }
            }
        }
        if sidecar.dimensions == .three, let z = joints.z {
            dimensions = .three
            func point(_ i: Int) -> SIMD3<Float> {
                let p = space.isotropic(x: joints.x[i], y: joints.y[i])
                return SIMD3(p.x, p.y, space.isotropicDepth(z[i]))
            }
            fill { limbAngle(point($0), point($1), point($2)) }
        } else {
            func point(_ i: Int) -> (x: Float, y: Float) { space.isotropic(x: joints.x[i], y: joints.y[i]) }
            fill { limbAngle(point($0), point($1), point($2)) }
        }
    }

    /// The angle of one limb in one frame, degrees or NaN.
    public subscript(limb: Limb, frame: Int) -> Float {
        get { values[limb.rawValue * frameCount + frame] }
        set { values[limb.rawValue * frameCount + frame] = newValue }
    }

    /// The contiguous column of one limb.
    public func column(_ limb: Limb) -> ArraySlice<Float> {
        values[limb.rawValue * frameCount..<(limb.rawValue + 1) * frameCount]
    }

    /// The series with left and right limbs exchanged, as seen by someone facing
    /// the subject. Mirroring twice gives the original.
    public func mirrored() -> AngleSeries {
        var result = self
        let n = frameCount
        for limb in Limb.allCases {
            let source = limb.mirrored.rawValue * n
            result.values.replaceSubrange(
                limb.rawValue * n..<(limb.rawValue + 1) * n,
                with: values[source..<source + n])
        }
        return result
    }
}

/// θ = ∠(b − a, c − b) in degrees, 0 for a straight continuation and 180 for a full
/// fold; NaN when a segment has zero length.
///
/// `atan2(|u × v|, u · v)` rather than `acos` of a normalized dot product: it keeps
/// full precision near 0° and 180°, where a straight knee lives.
@inlinable
public func limbAngle(_ a: (x: Float, y: Float), _ b: (x: Float, y: Float), _ c: (x: Float, y: Float)) -> Float {
    let ux = b.x - a.x
    let uy = b.y - a.y
    let vx = c.x - b.x
    let vy = c.y - b.y
    if (ux == 0 && uy == 0) || (vx == 0 && vy == 0) { return .nan }
    let cross = Double(ux) * Double(vy) - Double(uy) * Double(vx)
    let dot = Double(ux) * Double(vx) + Double(uy) * Double(vy)
    return Float(atan2(abs(cross), dot) * 180 / .pi)
}

/// θ = ∠(b − a, c − b) of 3D points, degrees, as `limbAngle` of 2D points: 0 for a
/// straight continuation, 180 for a full fold, NaN when a segment has zero length.
@inlinable
public func limbAngle(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>) -> Float {
    let u = SIMD3<Double>(b - a)
    let v = SIMD3<Double>(c - b)
    if u == .zero || v == .zero { return .nan }
    let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
    let dot = (u * v).sum()
    return Float(atan2((cross * cross).sum().squareRoot(), dot) * 180 / .pi)
}
