import Foundation

/// The second half of a long `frames` array, read on another thread while the decoder
/// reads the first: the plain frames (`JSONReader.readPlainFrame`) from a frame start
/// near the middle of the file, up to the first frame that is not plain or the end of
/// the array.
///
/// Where the second half starts is a guess made from the bytes alone (a `{` after a
/// comma). The decoder takes the frames read ahead only when its own reading arrives
/// exactly there, between two elements of `frames`; otherwise it cancels them and reads
/// on alone. Since the plain reader is the one the decoder itself uses for such frames,
/// the result is the same either way, diagnostics included: anything that is not plain
/// stops the reading ahead and is left to the decoder.
final class FramesAhead: @unchecked Sendable {
    /// The input size from which reading ahead pays on this machine: 8 MB with two or
    /// more cores (a thread's start is then a fraction of a per cent), else never.
    static var worthwhileBytes: Int? {
        ProcessInfo.processInfo.activeProcessorCount > 1 ? 8 << 20 : nil
    }

    /// The offset right after the comma before the first frame read ahead.
    let start: Int

    /// What was read: the times and joints of the frames from `start` up to `end`, just
    /// past the last one's `}` (`takeFrames()`). Read only after `finish()`.
    private var times: [Double] = []
    private var joints = PointRows<Joint>()
    private(set) var end: Int
    /// The line and column at `end`, counted from `start` (line 1, column 1) while the
    /// bytes were in the cache (`JSONReader.restart(at:)`). Read only after `finish()`.
    private(set) var endPosition = (line: 1, column: 1)

    private let bytes: UnsafeBufferPointer<UInt8>
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var cancelled = false
    private var finished = false

    /// Starts reading ahead in `bytes` (which must stay valid and unchanged until
    /// `finish()` returns) from a frame start near the middle; nil when no such start is
    /// found near it.
    static func start(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> FramesAhead? {
        guard let start = frameStart(in: bytes, after: bytes.count / 2), start > offset else { return nil }
        let ahead = FramesAhead(bytes: bytes, start: start)
        let thread = Thread { ahead.read() }
        thread.stackSize = 1 << 20
        thread.start()
        return ahead
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.start = start
        end = start
    }

    /// Asks the reading to stop soon (its frames will not be used).
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Waits for the reading to end; afterwards `bytes` is no longer read. Once only.
    func finish() {
        precondition(!finished)
        finished = true
        done.wait()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// The offset right after the comma before the first `{` from `offset` on (within a
    /// megabyte) that follows a comma, whitespace aside: in a sidecar, the start of an
    /// element of `frames` (or of `events`, where the decoder then never lands), whether
    /// the file has one line per frame or a single line.
    static func frameStart(in bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int? {
        let limit = min(bytes.count, offset + (1 << 20))
        var i = offset
        while i < limit {
            defer { i += 1 }
            guard bytes[i] == UInt8(ascii: "{") else { continue }
            var comma = i - 1
            while comma > offset, JSONReader.isWhitespace(bytes[comma]) { comma -= 1 }
            if comma >= offset, bytes[comma] == UInt8(ascii: ",") { return comma + 1 }
        }
        return nil
    }

    /// Reads plain frames from `start`, each followed by a comma, until one is not plain,
    /// the array ends, or the reading is cancelled.
    private func read() {
        defer { done.signal() }
        var reader = JSONReader(bytes: bytes, maxDepth: 4)
        reader.restart(at: start)
        var time = Double.nan
        defer { endPosition = reader.lineAndColumn(of: end) }
        while true {
            if times.count & 255 == 0 {
                if isCancelled { break }
                reader.forget(upTo: end)  // counts the lines read while they are in the cache
            }
            joints.appendEmptyFrames()
            guard joints.withNewestRow({ reader.readPlainFrame(SidecarDecoder.jointOrder, time: &time, into: $0) }) != nil else {
                joints.dropNewestFrame()
                break
            }
            times.append(time)
            end = reader.offset
            reader.skipWhitespace()
            guard reader.offset < bytes.count, bytes[reader.offset] == UInt8(ascii: ",") else { break }
            reader.move(to: reader.offset + 1)
        }
    }

    /// Hands over the frames read (after `finish()`), leaving none here.
    func takeFrames() -> (times: [Double], joints: PointRows<Joint>) {
        precondition(finished)
        defer {
            times = []
            joints = PointRows()
        }
        return (times, joints)
    }
}
