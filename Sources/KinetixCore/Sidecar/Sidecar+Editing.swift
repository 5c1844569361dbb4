import Foundation

/// Operations that make a new, valid sidecar from an existing one.
extension Sidecar {
    /// The frames with `from <= t <= to`; events outside are dropped. Times are kept.
    public func trimmed(from: Double = -.infinity, to: Double = .infinity) -> Sidecar {
        let kept = times.indices.filter { times[$0] >= from && times[$0] <= to }
        var result = self
        result.times = kept.map { times[$0] }
        result.joints = Self.select(joints, kept)
        result.face = face.map { Self.select($0, kept) }
        result.events = events.filter { $0.t >= from && $0.t <= to }
        return result
    }

    /// The clip without depth: its x–y projection as a 2D sidecar (version 1). A
    /// `metres` clip keeps its metres, seen along z; an image clip its image.
    public func droppingDepth() -> Sidecar {
        var result = self
        result.space.depth = nil
        result.joints = joints.droppingDepth()
        return result
    }

    /// The frames at `indices` (increasing), with their times; events kept.
    public func selecting(frames indices: [Int]) -> Sidecar {
        var result = self
        result.times = indices.map { times[$0] }
        result.joints = Self.select(joints, indices)
        result.face = face.map { Self.select($0, indices) }
        return result
    }

    /// Every time (and event) moved by `seconds`.
    ///
    /// Times that end up beyond `maxAbsoluteTime` make an invalid sidecar: check
    /// `validate()` (the command line refuses such a shift as a setting).
    public func shifted(bySeconds seconds: Double) -> Sidecar {
        var result = self
        result.times = times.map { ($0 + seconds) }
        result.events = events.map { event in
            var moved = event
            moved.t += seconds
            return moved
        }
        return result
    }

    /// The clip at a uniform `rate` (frames per second) from its first frame to its
    /// last. Each point is interpolated linearly between the two source frames around
    /// the new time when it is tracked in both and they are at most `maxGapSeconds`
    /// apart (confidence: the smaller of the two); otherwise it is missing.
    ///
    /// - Throws: `KinetixError` of kind `.invalidSetting` for a rate outside
    ///   0.1...10,000 fps, `.limitExceeded` when the result would have more frames than
    ///   `SidecarLimits.default.maxFrames`.
    public func resampled(rate: Double, maxGapSeconds: Double = EditDefaults.resampleMaxGapSeconds) throws(KinetixError) -> Sidecar {
        guard EditDefaults.resampleRates.contains(rate) else {
            throw KinetixError(.invalidSetting, field: "rate", "must be in 0.1...10,000 fps, got \(rate)")
        }
        guard let first = times.first, let last = times.last else { return self }
        let frames = (last - first) * rate
        guard frames < Double(SidecarLimits.default.maxFrames) else {
            throw KinetixError(
                .limitExceeded, field: "rate",
                "\(jsonNumber(rate, digits: 3)) fps over \(jsonNumber(last - first, digits: 3)) s is more than \(SidecarLimits.default.maxFrames) frames"
            )
        }
        let count = Int(saturating: (frames + 1e-9).rounded(.down)) + 1
        let newTimes = (0..<count).map { ((first + Double($0) / rate) * 1e6).rounded() / 1e6 }
        var result = self
        result.times = newTimes
        result.joints = Self.interpolate(joints, from: times, to: newTimes, maxGap: maxGapSeconds)
        result.face = face.map { Self.interpolate($0, from: times, to: newTimes, maxGap: maxGapSeconds) }
        return result
    }

    /// This sidecar with the face landmarks of `other` added to the frames whose times
    /// match within `toleranceSeconds`. Returns the merged sidecar and how many frames matched.
    public func mergingFace(from other: Sidecar, toleranceSeconds: Double = EditDefaults.mergeToleranceSeconds) -> (Sidecar, matched: Int) {
        guard let otherFace = other.face else { return (self, 0) }
        var face = self.face ?? PointTable<FaceLandmark>(frameCount: frameCount)
        var matched = 0
        var j = 0
        for i in times.indices {
            while j + 1 < other.times.count, other.times[j + 1] <= times[i] + toleranceSeconds { j += 1 }
            for k in [j, j + 1] where k < other.times.count && abs(other.times[k] - times[i]) <= toleranceSeconds {
                for landmark in FaceLandmark.allCases { face[landmark, i] = otherFace[landmark, k] }
                matched += 1
                break
            }
        }
        var result = self
        result.face = face.hasAnyPoint ? face : nil
        return (result, matched)
    }

    private static func select<Name: PointName>(_ table: PointTable<Name>, _ frames: [Int]) -> PointTable<Name> {
        var result = PointTable<Name>(frameCount: frames.count, depth: table.hasDepth)
        for name in Name.allCases {
            for (new, old) in frames.enumerated() {
                result[name, new] = table[name, old]
                result.setDepth(table.depth(name, old), name, new)
            }
        }
        return result
    }

    private static func interpolate<Name: PointName>(
        _ table: PointTable<Name>, from source: [Double], to target: [Double],
        maxGap: Double
    ) -> PointTable<Name> {
        var result = PointTable<Name>(frameCount: target.count, depth: table.hasDepth)
        var s = 0
        for (i, t) in target.enumerated() {
            while s + 1 < source.count, source[s + 1] <= t { s += 1 }
            let next = min(s + 1, source.count - 1)
            for name in Name.allCases {
                guard let a = table[name, s] else { continue }
                if abs(source[s] - t) < 1e-9 || s == next {
                    if abs(source[s] - t) < 1e-9 {
                        result[name, i] = a
                        result.setDepth(table.depth(name, s), name, i)
                    }
                    continue
                }
                guard let b = table[name, next], source[next] - source[s] <= maxGap else { continue }
                let f = Float((t - source[s]) / (source[next] - source[s]))
                result[name, i] = (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, min(a.confidence, b.confidence))
                let za = table.depth(name, s)
                let zb = table.depth(name, next)
                result.setDepth(za + (zb - za) * f, name, i)
            }
        }
        return result
    }
}

extension Sidecar {
    /// The edits' defaults and accepted values, read by front ends for their help and
    /// parsing (one home: a front end never writes its own).
    public enum EditDefaults {
        /// `resampled(rate:maxGapSeconds:)`'s longest gap bridged, seconds: the
        /// comparison's (`ComparisonOptions.maxGapSeconds`).
        public static var resampleMaxGapSeconds: Double { ComparisonOptions.defaults.maxGapSeconds }
        /// The rates `resampled(rate:maxGapSeconds:)` takes, frames per second.
        public static let resampleRates: ClosedRange<Double> = 0.1...10_000
        /// `mergingFace(from:toleranceSeconds:)`'s time tolerance, seconds.
        public static let mergeToleranceSeconds = 0.001
        /// The tolerances `mergingFace(from:toleranceSeconds:)` takes from a front end, seconds.
        public static let mergeToleranceRange: ClosedRange<Double> = 0...10
        /// The shifts `shifted(bySeconds:)` takes from a front end, seconds: any that
        /// can move a valid time (within `Sidecar.maxAbsoluteTime`) back into range.
        public static let shiftSecondsRange: ClosedRange<Double> = -2 * Sidecar.maxAbsoluteTime...2 * Sidecar.maxAbsoluteTime
    }
}
