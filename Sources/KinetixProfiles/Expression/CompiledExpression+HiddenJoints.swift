import KinetixCore

extension CompiledExpression {
    /// The expression measured without `hidden` joints and `hiddenMetrics`, or nil when
    /// it cannot be: the side the body hides from a side-view camera.
    ///
    /// Where the expression chooses between sides or pools them, the hidden side's
    /// choices drop out and the visible side's stand: `min(y(leftKnee), y(rightKnee))`,
    /// `max(kneeFlexionLeft, kneeFlexionRight)`, `mean(elbowLeft, elbowRight)` and
    /// `midpoint(leftHip, rightHip)` read the near side alone. Anything else that needs a hidden joint or metric (the
    /// hidden knee's own angle, a left − right difference) cannot be measured: nil.
    func seen(hiding hidden: Set<Joint>, hiddenMetrics: Set<Int>) -> CompiledExpression? {
        func seen(_ e: CompiledExpression) -> CompiledExpression? { e.seen(hiding: hidden, hiddenMetrics: hiddenMetrics) }
        switch self {
        case .constant, .parameter, .choiceIs, .duration, .point(.landmark): return self
        case .point(.joint(let joint)): return hidden.contains(joint) ? nil : self
        case .limbAngle(let limb):
            let joints = limb.joints
            return [joints.a, joints.b, joints.c].contains(where: hidden.contains) ? nil : self
        case .metric(let i), .aggregate(_, let i), .rest(let i): return hiddenMetrics.contains(i) ? nil : self
        case .midpoint(let a, let b):
            switch (seen(a), seen(b)) {
            case (let a?, let b?): return .midpoint(a, b)
            case (let a?, nil): return a
            case (nil, let b?): return b
            case (nil, nil): return nil
            }
        case .function(let function, let arguments) where function == .min || function == .max || function == .mean:
            let kept = arguments.compactMap(seen)
            if kept.isEmpty { return nil }
            return kept.count == 1 ? kept[0] : .function(function, kept)
        case .coordinate(let a, let axis): return seen(a).map { .coordinate($0, axis) }
        case .negate(let a): return seen(a).map { .negate($0) }
        case .not(let a): return seen(a).map { .not($0) }
        case .distance(let a, let b):
            guard let a = seen(a), let b = seen(b) else { return nil }
            return .distance(a, b)
        case .arithmetic(let op, let a, let b):
            guard let a = seen(a), let b = seen(b) else { return nil }
            return .arithmetic(op, a, b)
        case .comparison(let op, let a, let b):
            guard let a = seen(a), let b = seen(b) else { return nil }
            return .comparison(op, a, b)
        case .logical(let and, let a, let b):
            guard let a = seen(a), let b = seen(b) else { return nil }
            return .logical(and: and, a, b)
        case .angle(let kind, let a, let b, let c):
            guard let a = seen(a), let b = seen(b), let c = seen(c) else { return nil }
            return .angle(kind, a, b, c)
        case .function(let function, let arguments):
            let kept = arguments.compactMap(seen)
            return kept.count == arguments.count ? .function(function, kept) : nil
        }
    }
}

extension CompiledExpression {
    /// The metrics whose rest level this expression reads, directly or through the
    /// metrics it reads.
    func restReferences(in profile: Profile) -> Set<Int> {
        var found = Set<Int>()
        var seen = Set<Int>()
        func visit(_ e: CompiledExpression) {
            if case .rest(let i) = e { found.insert(i) }
            e.children.forEach(visit)
            for i in e.metricReferences where seen.insert(i).inserted { visit(profile.metrics[i].compiled) }
        }
        visit(self)
        return found
    }

    /// The expressions this one is made of.
    var children: [CompiledExpression] {
        switch self {
        case .constant, .parameter, .choiceIs, .limbAngle, .metric, .point, .aggregate, .rest, .duration: []
        case .midpoint(let a, let b), .distance(let a, let b), .arithmetic(_, let a, let b), .comparison(_, let a, let b),
            .logical(_, let a, let b):
            [a, b]
        case .coordinate(let a, _), .negate(let a), .not(let a): [a]
        case .angle(_, let a, let b, let c): [a, b, c]
        case .function(_, let args): args
        }
    }
}
