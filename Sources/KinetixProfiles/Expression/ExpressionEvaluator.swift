import Foundation
import KinetixCore

/// A value of an expression over frames: numbers (booleans as 1/0, NaN unknown) or points.
enum Column {
    case numbers([Float])
    /// Point coordinates; `z` only where the points have a third axis (3D body coordinates).
    case points(x: [Float], y: [Float], z: [Float]?)

    var numbers: [Float] {
        if case .numbers(let v) = self { return v }
        preconditionFailure("type checking guarantees a number column")
    }

    var points: (x: [Float], y: [Float], z: [Float]?) {
        if case .points(let x, let y, let z) = self { return (x, y, z) }
        preconditionFailure("type checking guarantees a point column")
    }
}

/// Evaluates compiled expressions over whole columns of a clip.
///
/// Points are in body coordinates (joints: torso lengths, y up, hip-midpoint origin)
/// or face coordinates (landmarks: interpupillary distances, x toward the subject's
/// left along the eyes, origin between the pupils). A missing point, angle or metric
/// is NaN and propagates: a comparison with NaN is unknown (NaN), `!` of unknown is
/// unknown, and `&&`/`||` follow three-valued logic (false && unknown is false, true ||
/// unknown is true); a frame rule holds only where its condition is 1.
struct ExpressionEvaluator {
    let count: Int
    let angles: AngleSeries?
    let body: BodySeries?
    let face: FaceSeries?
    /// Metric columns computed so far, by metric index.
    var metrics: [Int: [Float]]
    let parameters: ParameterValues
    /// Rep scope: the frames of the rep and their times (aggregates read `metrics` there).
    var rep: (range: Range<Int>, times: [Double])?
    /// The clip's rest level of each metric that has one (NaN: never reached rest).
    var restLevels: [Int: Float] = [:]

    func evaluate(_ e: CompiledExpression) -> Column {
        switch e {
        case .constant(let v): return .numbers(Array(repeating: v, count: count))
        case .parameter, .choiceIs: return .numbers(Array(repeating: Self.constant(e, parameters: parameters), count: count))
        case .limbAngle(let limb): return .numbers(angles.map { Array($0.column(limb)) } ?? Array(repeating: .nan, count: count))
        case .metric(let i): return .numbers(metrics[i]!)
        case .point(.joint(let joint)):
            guard let body else { return nanPoints }
            let base = joint.rawValue * count
            return .points(
                x: Array(body.points.x[base..<(base + count)]), y: Array(body.points.y[base..<(base + count)]),
                z: body.points.z.map { Array($0[base..<(base + count)]) })
        case .point(.landmark(let landmark)):
            guard let face else { return nanPoints }
            let base = landmark.rawValue * count
            return .points(x: Array(face.points.x[base..<(base + count)]), y: Array(face.points.y[base..<(base + count)]), z: nil)
        case .midpoint(let a, let b):
            let p = evaluate(a).points
            let q = evaluate(b).points
            let z = p.z.flatMap { pz in q.z.map { qz in zip(pz, qz).map { ($0 + $1) / 2 } } }
            return .points(x: zip(p.x, q.x).map { ($0 + $1) / 2 }, y: zip(p.y, q.y).map { ($0 + $1) / 2 }, z: z)
        case .coordinate(let a, let axis):
            let p = evaluate(a).points
            switch axis {
            case .x: return .numbers(p.x)
            case .y: return .numbers(p.y)
            case .z: return .numbers(p.z ?? Array(repeating: .nan, count: count))
            }
        case .distance(let a, let b):
            let p = evaluate(a).points
            let q = evaluate(b).points
            guard let pz = p.z, let qz = q.z else { return .numbers((0..<count).map { hypot(p.x[$0] - q.x[$0], p.y[$0] - q.y[$0]) }) }
            return .numbers(
                (0..<count).map { i in
                    let d = SIMD3(p.x[i] - q.x[i], p.y[i] - q.y[i], pz[i] - qz[i])
                    return (d * d).sum().squareRoot()
                })
        case .angle(let kind, let a, let b, let c):
            let pa = evaluate(a).points
            let pb = evaluate(b).points
            let pc = evaluate(c).points
            // angle() and interior() are 3D where the points are, as the named limb angles;
            // turn() is signed, so it stays in the x–y plane (the view's plane).
            if kind != .turn, let za = pa.z, let zb = pb.z, let zc = pc.z {
                return .numbers(
                    (0..<count).map { i in
                        let theta = limbAngle(
                            SIMD3(pa.x[i], pa.y[i], za[i]), SIMD3(pb.x[i], pb.y[i], zb[i]), SIMD3(pc.x[i], pc.y[i], zc[i]))
                        return kind == .limb ? theta : 180 - theta
                    })
            }
            return .numbers(
                (0..<count).map { i in
                    let u = (pa.x[i], pa.y[i])
                    let v = (pb.x[i], pb.y[i])
                    let w = (pc.x[i], pc.y[i])
                    switch kind {
                    case .limb: return limbAngle(u, v, w)
                    case .interior: return 180 - limbAngle(u, v, w)
                    case .turn: return signedTurn(u, v, w)
                    }
                })
        case .negate(let a): return .numbers(evaluate(a).numbers.map { -$0 })
        case .not(let a): return .numbers(evaluate(a).numbers.map { $0.isNaN ? .nan : ($0 == 0 ? 1 : 0) })
        case .arithmetic(let op, let a, let b):
            let x = evaluate(a).numbers
            let y = evaluate(b).numbers
            switch op {
            case .add: return .numbers(zip(x, y).map(+))
            case .subtract: return .numbers(zip(x, y).map(-))
            case .multiply: return .numbers(zip(x, y).map(*))
            case .divide: return .numbers(zip(x, y).map { $1 == 0 ? .nan : $0 / $1 })
            }
        case .comparison(let op, let a, let b):
            let x = evaluate(a).numbers
            let y = evaluate(b).numbers
            return .numbers(
                zip(x, y).map { l, r -> Float in
                    if l.isNaN || r.isNaN { return .nan }
                    let result: Bool
                    switch op {
                    case .less: result = l < r
                    case .lessOrEqual: result = l <= r
                    case .greater: result = l > r
                    case .greaterOrEqual: result = l >= r
                    case .equal: result = l == r
                    case .notEqual: result = l != r
                    }
                    return result ? 1 : 0
                })
        case .logical(let and, let a, let b):
            let x = evaluate(a).numbers
            let y = evaluate(b).numbers
            return .numbers(
                zip(x, y).map { l, r -> Float in
                    // Three-valued: false && unknown is false; true || unknown is true.
                    if and { return l == 0 || r == 0 ? 0 : (l.isNaN || r.isNaN ? .nan : 1) }
                    return l == 1 || r == 1 ? 1 : (l.isNaN || r.isNaN ? .nan : 0)
                })
        case .function(let function, let arguments):
            let columns = arguments.map { evaluate($0).numbers }
            switch function {
            case .abs: return .numbers(columns[0].map(abs))
            case .sqrt: return .numbers(columns[0].map { $0 < 0 ? .nan : $0.squareRoot() })
            case .atan2: return .numbers(zip(columns[0], columns[1]).map { Float(atan2(Double($0), Double($1)) * 180 / .pi) })
            case .choose:
                return .numbers(
                    (0..<count).map { i in
                        columns[0][i] == 1 ? columns[1][i] : (columns.count > 2 && columns[0][i] == 0 ? columns[2][i] : .nan)
                    })
            case .min:
                return .numbers(
                    (0..<count).map { i in columns.map { $0[i] }.reduce(Float.infinity) { $0.isNaN || $1.isNaN ? .nan : Swift.min($0, $1) }
                    })
            case .max:
                return .numbers(
                    (0..<count).map { i in columns.map { $0[i] }.reduce(-Float.infinity) { $0.isNaN || $1.isNaN ? .nan : Swift.max($0, $1) }
                    })
            case .mean: return .numbers((0..<count).map { i in columns.reduce(Float(0)) { $0 + $1[i] } / Float(columns.count) })
            }
        case .aggregate(let kind, let index):
            return .numbers(Array(repeating: aggregate(kind, metrics[index]!), count: count))
        case .rest(let index):
            return .numbers(Array(repeating: restLevels[index] ?? .nan, count: count))
        case .duration:
            guard let rep else { return .numbers(Array(repeating: .nan, count: count)) }
            return .numbers(Array(repeating: Float(rep.times[rep.range.upperBound - 1] - rep.times[rep.range.lowerBound]), count: count))
        }
    }

    private var nanPoints: Column {
        .points(x: Array(repeating: .nan, count: count), y: Array(repeating: .nan, count: count), z: nil)
    }

    /// A metric summarized over the rep's frames, NaN ignored.
    func aggregate(_ kind: CompiledExpression.Aggregate, _ column: [Float]) -> Float {
        guard let rep else { return .nan }
        let frames = rep.range.filter { !column[$0].isNaN }
        guard !frames.isEmpty else { return .nan }
        switch kind {
        case .lowest: return frames.map { column[$0] }.min()!
        case .highest: return frames.map { column[$0] }.max()!
        case .average: return frames.reduce(0) { $0 + column[$1] } / Float(frames.count)
        case .timeToLowest, .timeToHighest:
            let pick = kind == .timeToLowest ? frames.min { column[$0] < column[$1] }! : frames.max { column[$0] < column[$1] }!
            return Float(rep.times[pick] - rep.times[rep.range.lowerBound])
        }
    }

    /// The value of an expression of parameters only.
    static func constant(_ e: CompiledExpression, parameters: ParameterValues) -> Float {
        let evaluator = ExpressionEvaluator(count: 1, angles: nil, body: nil, face: nil, metrics: [:], parameters: parameters)
        switch e {
        case .parameter(let name):
            switch parameters[name] {
            case .number(let v)?: return Float(v)
            case .boolean(let b)?: return b ? 1 : 0
            default: return .nan
            }
        case .choiceIs(let name, let value): return parameters[name] == .choice(value) ? 1 : 0
        default: return evaluator.evaluate(e).numbers[0]
        }
    }

    /// True when `e` reads nothing but constants and parameters.
    static func isConstant(_ e: CompiledExpression) -> Bool {
        switch e {
        case .constant, .parameter, .choiceIs: true
        case .negate(let a), .not(let a): isConstant(a)
        case .arithmetic(_, let a, let b), .comparison(_, let a, let b), .logical(_, let a, let b): isConstant(a) && isConstant(b)
        case .function(_, let args): args.allSatisfy(isConstant)
        default: false
        }
    }
}

/// The signed turn from b − a to c − b, degrees in −180...180, counter-clockwise
/// positive (with y up). The unsigned value is `limbAngle`.
func signedTurn(_ a: (Float, Float), _ b: (Float, Float), _ c: (Float, Float)) -> Float {
    let ux = b.0 - a.0
    let uy = b.1 - a.1
    let vx = c.0 - b.0
    let vy = c.1 - b.1
    if (ux == 0 && uy == 0) || (vx == 0 && vy == 0) { return .nan }
    return Float(atan2(Double(ux) * Double(vy) - Double(uy) * Double(vx), Double(ux) * Double(vx) + Double(uy) * Double(vy)) * 180 / .pi)
}
