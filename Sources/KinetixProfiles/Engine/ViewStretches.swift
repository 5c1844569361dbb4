import KinetixCore

/// The camera's view of the body through the clip, in stretches: a person who turns
/// from the side to the front mid-clip gives two, each measured in its own view or
/// left out, never measured in the wrong one.
///
/// Each frame's shoulder and hip widths (torso lengths, body coordinates) are taken as
/// the median over `windowSeconds` around it, classified by `CameraView`, and a stretch
/// shorter than `minSeconds` is merged into the one before it (or after, at the start):
/// a turn takes a moment, and a single mislabelled second is not a view.
public struct ViewStretches: Equatable, Sendable {
    /// One view over consecutive frames.
    public struct Stretch: Equatable, Sendable {
        /// The view; nil where the shoulders are not tracked.
        public var view: CameraView?
        /// Its frames.
        public var frames: Range<Int>
    }

    /// The stretches in time order, covering every frame.
    public var stretches: [Stretch]

    /// The median window, seconds.
    static let windowSeconds = 1.0
    /// A view must hold this long to be its own stretch, seconds.
    static let minSeconds = 1.5

    /// The stretches of `body` (2D body coordinates) at `rate` frames per second.
    init(_ body: BodySeries, rate: Double) {
        let n = body.frameCount
        let half = max(1, Int((Self.windowSeconds * rate / 2).rounded()))
        func widths(_ a: Joint, _ b: Joint) -> [Float] {
            (0..<n).map { f in
                let xa = body.points.x[body.points.index(a, f)]
                let xb = body.points.x[body.points.index(b, f)]
                return xa.isNaN || xb.isNaN ? .nan : abs(xa - xb)
            }
        }
        let shoulders = Self.movingMedian(widths(.leftShoulder, .rightShoulder), half: half)
        let hips = Self.movingMedian(widths(.leftHip, .rightHip), half: half)
        var runs: [Stretch] = []
        for f in 0..<n {
            let view = CameraView(shoulderWidthRatio: shoulders[f].isNaN ? nil : shoulders[f], hipWidthRatio: hips[f])
            if let last = runs.last, last.view == view {
                runs[runs.count - 1].frames = last.frames.lowerBound..<(f + 1)
            } else {
                runs.append(Stretch(view: view, frames: f..<(f + 1)))
            }
        }
        // Short runs join a neighbour: the one before, else the one after.
        let minFrames = max(1, Int((Self.minSeconds * rate).rounded()))
        var merged: [Stretch] = []
        for run in runs {
            if let last = merged.last, run.frames.count < minFrames || last.view == run.view {
                merged[merged.count - 1].frames = last.frames.lowerBound..<run.frames.upperBound
            } else if merged.count == 1, merged[0].frames.count < minFrames {
                merged[0] = Stretch(view: run.view, frames: 0..<run.frames.upperBound)
            } else {
                merged.append(run)
            }
        }
        stretches = merged
    }

    /// The view held for the most frames (nil when the shoulders are never tracked).
    public var dominant: CameraView? {
        var frames: [CameraView: Int] = [:]
        for s in stretches { if let view = s.view { frames[view, default: 0] += s.frames.count } }
        return frames.max { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }?.key
    }

    /// The frames seen from `view`.
    public func frames(in view: CameraView) -> [Range<Int>] { stretches.filter { $0.view == view }.map(\.frames) }

    /// The median of the finite values within `half` frames each side, per frame (NaN where none).
    static func movingMedian(_ values: [Float], half: Int) -> [Float] {
        values.indices.map { i in
            var window = values[max(0, i - half)...min(values.count - 1, i + half)].filter(\.isFinite)
            return window.isEmpty ? .nan : quantile(selecting: &window, 0.5)
        }
    }
}
