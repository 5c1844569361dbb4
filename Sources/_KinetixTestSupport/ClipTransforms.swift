import KinetixCore

extension Sidecar {
    /// The clip with every point mapped by `transform` (in the sidecar's own space).
    public func transformingPoints(_ transform: (Float, Float) -> (Float, Float)) -> Sidecar {
        var result = self
        for joint in Joint.allCases {
            for frame in 0..<frameCount {
                guard let point = result.joints[joint, frame] else { continue }
                let (x, y) = transform(point.x, point.y)
                result.joints[joint, frame] = (x, y, point.confidence)
            }
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
