/// Why a live API refused a frame. The frame changed nothing; the stream carries on
/// with the next one. An app shows or logs it (a camera pipeline that sends a NaN or a
/// repeated timestamp has a bug worth seeing) instead of its stream stalling silently.
public enum LiveFrameRefusal: Error, Equatable, Sendable {
    /// The frame's time (seconds) is NaN or infinite.
    case nonFiniteTime(Double)
    /// The frame's time (seconds) is not after the stream's previous frame's.
    case notAfterPrevious(time: Double, previous: Double)
    /// The stream was finished before this frame.
    case finished

    /// One sentence for a log or a developer's console.
    public var message: String {
        switch self {
        case .nonFiniteTime(let time): "the frame's time is \(time); times must be finite seconds"
        case .notAfterPrevious(let time, let previous):
            "the frame's time \(time) s is not after the previous frame's \(previous) s; frames must come in time order"
        case .finished: "the stream is finished; start a new one"
        }
    }
}

/// One stream's clock in a live API: the one rule for which frame times are taken.
/// A time is taken when it is finite, after the previous taken time, and the stream
/// is not finished; anything else is refused and leaves the clock as it was.
package struct LiveClock: Sendable {
    /// The last time taken, seconds.
    package private(set) var last: Double?
    /// True once `finish()` was called.
    package private(set) var isFinished = false

    package init() {}

    /// Takes `time` as the stream's newest, or throws why not (the clock unchanged).
    package mutating func take(_ time: Double) throws(LiveFrameRefusal) {
        guard !isFinished else { throw .finished }
        guard time.isFinite else { throw .nonFiniteTime(time) }
        if let last, !(time > last) { throw .notAfterPrevious(time: time, previous: last) }
        last = time
    }

    /// Refuses every later time.
    package mutating func finish() { isFinished = true }
}
