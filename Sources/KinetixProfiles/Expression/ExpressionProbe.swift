import KinetixCore

/// One expression compiled and evaluated on a clip, from outside the module: the
/// compiler and evaluator are internal, and the fuzz harness (`Tests/Fuzz`) reaches them
/// here. In frame scope the expression is evaluated on every frame; in rep scope the
/// whole clip is one rep. One metric, `m`, is in scope, with the values `metric`.
@_spi(Fuzzing) public enum ExpressionProbe {
    /// How many values the expression gave, or nil when it does not compile.
    public static func evaluate(_ text: String, scope: ExpressionScope, clip: Sidecar, metric: [Float]) -> Int? {
        let environment = CompileEnvironment(metrics: ["m"], parameters: [:], scope: scope)
        guard let compiled = try? environment.compile(text) else { return nil }
        let frames = scope == .frames
        let evaluator = ExpressionEvaluator(
            count: frames ? clip.frameCount : 1, angles: AngleSeries(clip), body: BodySeries(clip),
            face: nil, metrics: [0: metric], parameters: [:],
            rep: frames ? nil : (0..<clip.frameCount, clip.times))
        switch evaluator.evaluate(compiled) {
        case .numbers(let values): return values.count
        case .points(let x, _, _): return x.count
        }
    }
}
