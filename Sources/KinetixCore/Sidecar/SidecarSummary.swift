import Foundation

/// What `kinetix inspect` tells about a clip: timing, tracking coverage, extras.
public struct SidecarSummary: Equatable, Sendable {
    /// Coverage of one joint or limb over the clip.
    public struct Coverage: Equatable, Sendable {
        /// Fraction of frames in 0...1 where it is tracked (at `minConfidence`).
        public var fraction: Double
        /// The longest time it was not seen, in seconds: from the last frame where it
        /// was tracked to the next one (or the clip's start or end).
        public var longestGapSeconds: Double
    }

    /// Frames in the clip.
    public var frameCount: Int
    /// First to last frame, seconds.
    public var durationSeconds: Double
    /// The clip's frame rate (`Sidecar.frameRate`: recorded by the source, else
    /// estimated from all frame times), frames per second.
    public var frameRate: Double?
    /// True when `frameRate` is the one the source recorded.
    public var frameRateRecorded: Bool
    /// Median absolute deviation of frame intervals from their median, seconds.
    public var intervalJitterSeconds: Double?
    /// The longest interval between two consecutive frames, seconds.
    public var longestIntervalSeconds: Double?
    /// Frames in which no joint was detected at all.
    public var emptyFrames: Int
    /// Per joint, by `Joint.rawValue`.
    public var joints: [Coverage]  // indexed by Joint.rawValue
    /// Per limb angle, by `Limb.rawValue`.
    public var limbs: [Coverage]  // indexed by Limb.rawValue
    /// Frames with face landmarks.
    public var faceFrames: Int
    /// Events in the clip.
    public var eventCount: Int
    /// The clip scale (`BodySeries.clipScale`), isotropic pixels; nil when unknown.
    public var torsoLengthPixels: Float?
    /// Joints below this confidence counted as not tracked.
    public var minConfidence: Float

    /// Summarizes `sidecar`.
    public init(_ sidecar: Sidecar, minConfidence: Float = BodySeries.defaultMinConfidence) {
        let times = sidecar.times
        let n = sidecar.frameCount
        self.minConfidence = minConfidence
        frameCount = n
        durationSeconds = sidecar.duration
        frameRate = sidecar.frameRate
        frameRateRecorded = sidecar.recordedFrameRate != nil
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        if !intervals.isEmpty {
            let median = quantile(sorted: intervals, 0.5)
            intervalJitterSeconds = quantile(sorted: intervals.map { abs($0 - median) }.sorted(), 0.5)
            longestIntervalSeconds = intervals.last
        }
        let table = sidecar.joints
        emptyFrames = (0..<n).filter { frame in Joint.allCases.allSatisfy { table.confidence[table.index($0, frame)] == 0 } }.count
        joints = Joint.allCases.map { joint in
            Self.coverage(times) { table.isTracked(joint, $0, minConfidence: minConfidence) }
        }
        let angles = AngleSeries(sidecar, minConfidence: minConfidence)
        limbs = Limb.allCases.map { limb in Self.coverage(times) { !angles[limb, $0].isNaN } }
        if let face = sidecar.face {
            faceFrames = (0..<n).filter { frame in FaceLandmark.allCases.contains { face.confidence[face.index($0, frame)] > 0 } }.count
        } else {
            faceFrames = 0
        }
        eventCount = sidecar.events.count
        torsoLengthPixels = BodySeries(sidecar, minConfidence: minConfidence).torsoLengthPixels
    }

    static func coverage(_ times: [Double], tracked: (Int) -> Bool) -> Coverage {
        guard !times.isEmpty else { return Coverage(fraction: 0, longestGapSeconds: 0) }
        var count = 0
        var lastSeen: Int? = nil
        var longest = 0.0
        for frame in times.indices where tracked(frame) {
            count += 1
            let previous = lastSeen ?? -1
            if frame > previous + 1 { longest = max(longest, times[frame] - times[max(previous, 0)]) }
            lastSeen = frame
        }
        let last = times.count - 1
        if (lastSeen ?? -1) < last { longest = max(longest, times[last] - times[lastSeen ?? 0]) }
        return Coverage(fraction: Double(count) / Double(times.count), longestGapSeconds: longest)
    }
}
