import Foundation

/// A deterministic generator of plausible human movement as sidecars.
///
/// A 3D body with anthropometric proportions moves through a motion, is filmed by
/// a pinhole camera, and its joints get detector-like noise, confidences and
/// dropouts from a seeded SplitMix64. Used by `kinetix synth`, the tests and the
/// benchmarks alike.
public enum Synth {
    public static let generatorName = "kinetix-synth"

    /// The clip described by `options`.
    public static func sidecar(_ options: SynthOptions) -> Sidecar {
        let frameCount = max(1, Int((options.durationSeconds * options.frameRate).rounded(.down)) + 1)
        var rng = SplitMix64(seed: options.seed)
        let skeleton = Skeleton(height: options.heightMeters)
        let camera = PinholeCamera(distance: options.cameraDistanceMeters,
                                   yawDegrees: options.view == .front ? 0 : 90,
                                   width: options.imageWidth, height: options.imageHeight)
        let normalized = options.spaceKind == .normalized
        var times = [Double](repeating: 0, count: frameCount)
        var joints = PointTable<Joint>(frameCount: frameCount)
        for frame in 0..<frameCount {
            let t = (Double(frame) / options.frameRate * 1e6).rounded() / 1e6
            times[frame] = t
            let local = t - options.delaySeconds
            var pose = options.motion.pose(at: local, period: options.periodSeconds, squatDepth: options.squatDepth)
            if options.mirrorMotion { pose = pose.mirrored() }
            for fault in options.faults {
                pose.perturb(fault.limb, by: fault.degrees * ramp(t, from: fault.from, to: fault.to))
            }
            let world = skeleton.joints(for: pose, kneeValgus: options.kneeValgusCentimeters / 100)
            for joint in Joint.allCases {
                // Draw every random number whether or not it is used, so one option
                // (dropout, noise) never shifts the sequence another one sees.
                let dropped = rng.nextUnit() < options.dropout
                let noiseX = rng.nextGaussian() * options.noisePixels
                let noiseY = rng.nextGaussian() * options.noisePixels
                let confidence = Float(((0.75 + 0.24 * rng.nextUnit()) * 1000).rounded() / 1000)
                if dropped { continue }
                let pixel = camera.project(world[joint.rawValue])
                let x = pixel.x + noiseX, y = pixel.y + noiseY
                let point = normalized
                    ? (round(x / options.imageWidth, 1e5), round(1 - y / options.imageHeight, 1e5))
                    : (round(x, 100), round(y, 100))
                joints[joint, frame] = (Float(point.0), Float(point.1), confidence)
            }
        }
        var source = [
            "detector": generatorName,
            "motion": options.motion.rawValue,
            "view": options.view.rawValue,
            "seed": String(options.seed),
        ]
        if options.delaySeconds != 0 { source["delaySeconds"] = String(options.delaySeconds) }
        if options.mirrorMotion { source["mirroredMotion"] = "true" }
        return Sidecar(source: source,
                       space: CoordinateSpace(kind: options.spaceKind, width: options.imageWidth, height: options.imageHeight),
                       times: times, joints: joints, events: events(options, until: times.last ?? 0))
    }

    /// Cue onsets: the start of each movement cycle, as the demonstrator calls it.
    private static func events(_ options: SynthOptions, until end: Double) -> [Event] {
        guard options.motion == .routine else { return [] }
        let names = ["arm raise", "front raise", "march", "squat"]
        var result: [Event] = []
        var cycle = 0
        while true {
            let t = Double(cycle) * options.periodSeconds + options.delaySeconds
            if t > end { break }
            if t >= 0 { result.append(Event(t: (t * 1e6).rounded() / 1e6, label: names[cycle % 4])) }
            cycle += 1
        }
        return result
    }

    private static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }

    /// 0 outside [from, to], 1 inside, with 0.2 s linear ramps inside the interval.
    private static func ramp(_ t: Double, from: Double, to: Double) -> Double {
        guard t > from, t < to else { return 0 }
        return min(1, (t - from) / 0.2, (to - t) / 0.2)
    }
}
