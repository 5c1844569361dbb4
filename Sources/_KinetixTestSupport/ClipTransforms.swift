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
