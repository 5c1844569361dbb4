import KinetixCore

extension Sidecar {
    /// The clip with every point mapped by `transform` (in the sidecar's own space).
    public func transformingPoints(_ transform: (Float, Float) -> (Float, Float)) -> Sidecar {
        var result = self
        for i in result.joints.x.indices where result.joints.confidence[i] > 0 {
            (result.joints.x[i], result.joints.y[i]) = transform(result.joints.x[i], result.joints.y[i])
        }
        return result
    }

    /// The clip with its times shifted by `seconds`.
    public func shifted(by seconds: Double) -> Sidecar {
        var result = self
        result.times = times.map { $0 + seconds }
        return result
    }

    /// The frames whose times fall in `range`.
    public func frames(in range: ClosedRange<Double>) -> Sidecar {
        let kept = times.indices.filter { range.contains(times[$0]) }
        var table = PointTable<Joint>(frameCount: kept.count)
        var faceTable = face.map { _ in PointTable<FaceLandmark>(frameCount: kept.count) }
        for (new, old) in kept.enumerated() {
            for joint in Joint.allCases { table[joint, new] = joints[joint, old] }
            if let face { for landmark in FaceLandmark.allCases { faceTable![landmark, new] = face[landmark, old] } }
        }
        return Sidecar(source: source, space: space, times: kept.map { times[$0] }, joints: table, face: faceTable, events: events)
    }
}

/// The bundled sidecars' options, for tests that need variations of them.
public enum BundledClips {
    public static var demonstrator: SynthOptions {
        var options = SynthOptions()
        options.motion = .routine
        options.durationSeconds = 12
        options.seed = 1
        return options
    }

    public static var learner: SynthOptions {
        var options = demonstrator
        options.delaySeconds = 0.4
        options.mirrorMotion = true
        options.heightMeters = 1.62
        options.cameraDistanceMeters = 2.4
        options.seed = 2
        options.faults = [.init(limb: .rightShoulder, degrees: -50, from: 0.2, to: 6)]
        return options
    }
}
