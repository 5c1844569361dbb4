import Foundation

/// A deterministic generator of plausible human movement as sidecars.
///
/// A 3D body with anthropometric proportions moves through a motion, is filmed by
/// a pinhole camera, and its joints get detector-like noise, confidences and
/// dropouts from a seeded SplitMix64. Used by `kinetix synth`, the tests and the
/// benchmarks alike.
public enum Synth {
    /// The `source.generator` of a synthesized sidecar.
    public static let generatorName = "kinetix-synth"

    /// The clip described by `options`.
    public static func sidecar(_ options: SynthOptions) -> Sidecar {
        if options.motion == .face { return faceSidecar(options) }
        let frameCount = max(1, Int((options.durationSeconds * options.frameRate).rounded(.down)) + 1)
        var rng = SplitMix64(seed: options.seed)
        let skeleton = Skeleton(height: options.heightMeters)
        let camera = PinholeCamera(
            distance: options.cameraDistanceMeters,
            yawDegrees: options.view == .front ? 0 : 90,
            width: options.imageWidth, height: options.imageHeight)
        let normalized = options.spaceKind == .normalized
        // In metres the joints are the body's own 3D positions (y up, z toward the
        // front camera), with the noise a pixel is at the subject's distance.
        let metres = options.spaceKind == .metres
        let metresPerPixel = options.cameraDistanceMeters / camera.focalPixels
        var times = [Double](repeating: 0, count: frameCount)
        var joints = PointTable<Joint>(frameCount: frameCount, depth: metres)
        let end = Double(frameCount - 1) / options.frameRate
        let trials = options.motion == .cueResponse ? CueResponseSchedule(options, until: end) : nil
        let repDepths = Self.repDepths(options, until: end)
        for frame in 0..<frameCount {
            let t = (Double(frame) / options.frameRate * 1e6).rounded() / 1e6
            times[frame] = t
            let local = t - options.delaySeconds
            let rep = min(repDepths.count - 1, max(0, Int((local / options.periodSeconds).rounded(.down))))
            var pose = trials?.pose(at: t) ?? options.motion.pose(at: local, period: options.periodSeconds, squatDepth: repDepths[rep])
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
                if metres {
                    // The depth's noise is drawn in metres only: 2D clips see the same sequence as before.
                    let noiseZ = rng.nextGaussian() * options.noisePixels
                    if dropped { continue }
                    let p = world[joint.rawValue]
                    joints[joint, frame] = (
                        Float(round(p.x + noiseX * metresPerPixel, 1e4)), Float(round(p.y + noiseY * metresPerPixel, 1e4)), confidence
                    )
                    joints.setDepth(Float(round(p.z + noiseZ * metresPerPixel, 1e4)), joint, frame)
                    continue
                }
                if dropped { continue }
                let pixel = camera.project(world[joint.rawValue])
                let x = pixel.x + noiseX
                let y = pixel.y + noiseY
                let point =
                    normalized
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
        if let trials { source["trueOnsets"] = trials.onsetsText }
        return Sidecar(
            source: source,
            space: metres
                ? .metres(.world) : CoordinateSpace(kind: options.spaceKind, width: options.imageWidth, height: options.imageHeight),
            times: times, joints: joints, events: trials?.events ?? events(options, until: times.last ?? 0))
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

    /// Each cycle's squat depth, from a generator of its own so that rep variation never
    /// shifts the noise another option sees; all `squatDepth` without variation.
    private static func repDepths(_ options: SynthOptions, until end: Double) -> [Double] {
        let cycles = max(1, Int(((end - options.delaySeconds) / options.periodSeconds).rounded(.up)) + 1)
        guard options.repVariation > 0 else { return [Double](repeating: options.squatDepth, count: cycles) }
        var rng = SplitMix64(seed: options.seed ^ 0x5245_5053)  // "REPS"
        return (0..<cycles).map { _ in min(1, max(0, options.squatDepth * (1 + options.repVariation * rng.nextGaussian()))) }
    }

    /// A face close to a phone's front camera: 0.45 m away, drifting and rolling a
    /// little, so that measures must not depend on head position. Always an image (a
    /// `metres` space gives pixels): face landmarks are 2D.
    private static func faceSidecar(_ options: SynthOptions) -> Sidecar {
        let frameCount = max(1, Int((options.durationSeconds * options.frameRate).rounded(.down)) + 1)
        var rng = SplitMix64(seed: options.seed)
        let focal = max(options.imageWidth, options.imageHeight) / (2 * tan(65 * Double.pi / 360))
        let pixelsPerMillimetre = focal / (options.cameraDistanceMeters * 1000)
        var times = [Double](repeating: 0, count: frameCount)
        var face = PointTable<FaceLandmark>(frameCount: frameCount)
        let normalized = options.spaceKind == .normalized
        for frame in 0..<frameCount {
            let t = (Double(frame) / options.frameRate * 1e6).rounded() / 1e6
            times[frame] = t
            let local = t - options.delaySeconds
            let roll = 3 * sin(2 * .pi * t / 7) * .pi / 180
            let centre = (options.imageWidth / 2 + 12 * sin(2 * .pi * t / 5), options.imageHeight * 0.42 + 8 * cos(2 * .pi * t / 6))
            let points = FaceModel.landmarks(at: local, weakSide: options.weakSide, weakness: options.weakness)
            for landmark in FaceLandmark.allCases {
                let noiseX = rng.nextGaussian() * options.noisePixels
                let noiseY = rng.nextGaussian() * options.noisePixels
                let confidence = Float(((0.85 + 0.14 * rng.nextUnit()) * 1000).rounded() / 1000)
                guard let p = points[landmark] else { continue }
                // Subject's left appears on the image's right; y up in the model, down in pixels.
                let rx = p.x * cos(roll) - p.y * sin(roll)
                let ry = p.x * sin(roll) + p.y * cos(roll)
                let x = centre.0 + rx * pixelsPerMillimetre + noiseX
                let y = centre.1 - ry * pixelsPerMillimetre + noiseY
                let point =
                    normalized
                    ? (round(x / options.imageWidth, 1e5), round(1 - y / options.imageHeight, 1e5))
                    : (round(x, 100), round(y, 100))
                face[landmark, frame] = (Float(point.0), Float(point.1), confidence)
            }
        }
        var source = ["detector": generatorName, "motion": "face", "seed": String(options.seed)]
        if let weak = options.weakSide {
            source["weakSide"] = weak.rawValue
            source["weakness"] = String(options.weakness)
        }
        var events: [Event] = []
        var start = 0.0
        while start <= (times.last ?? 0) {
            for (expression, seconds) in FaceModel.routine {
                if start <= (times.last ?? 0) { events.append(Event(t: (start * 1e6).rounded() / 1e6, label: expression.rawValue)) }
                start += seconds
            }
        }
        return Sidecar(
            source: source,
            space: CoordinateSpace(
                kind: options.spaceKind == .metres ? .pixels : options.spaceKind, width: options.imageWidth, height: options.imageHeight),
            times: times, joints: PointTable(frameCount: frameCount), face: face, events: events)
    }

    /// 0 outside [from, to], 1 inside, with 0.2 s linear ramps inside the interval.
    private static func ramp(_ t: Double, from: Double, to: Double) -> Double {
        guard t > from, t < to else { return 0 }
        return min(1, (t - from) / 0.2, (to - t) / 0.2)
    }
}
