import Foundation

/// Points as the decoder reads them, frame by frame, kept in chunks of frames and
/// turned into a column-major `PointTable` at the end.
///
/// The decoder cannot know the frame count in advance. One growing array would hold up
/// to twice what it needs (capacity doubling) and then coexist with the table made from
/// it (3 × 60 bytes a frame for the 15 joints, twice over). Here frames go into chunks
/// that are never copied while decoding (appending another reader's rows moves its
/// chunks over, so a chunk may be partly filled); at the end the table's three columns
/// are written chunk by chunk (never filled first, so their memory is only taken as
/// they are written) and each chunk is freed once copied: the peak is the chunks plus
/// one (two when the table is written on two threads, three with the chunk across their
/// halves).
struct PointRows<Name: PointName> {
    /// Frames the first chunk holds: 4096, 240 KB a coordinate for 15 joints.
    private static var firstChunkFrames: Int { 4096 }
    /// Frames every later chunk holds: 32768, 5.9 MB for 15 joints, asked for in huge
    /// pages (the clip is long: one page fault per 2 MiB instead of 512).
    private static var chunkFrames: Int { 32768 }
    /// From this many frames on, `table()` writes its columns on two threads, half the
    /// frames each (when there are two cores): half a million values a coordinate.
    static var parallelTableFrames: Int { 32768 }

    /// A chunk of `capacity` frames: its three coordinates one after the other (x at 0,
    /// y at `coordinateValues`, confidence at `2 * coordinateValues`), frame-major within
    /// each (frame f, point p at `f * Name.count + p`), and how many of its frames are
    /// filled (from the first). One array per chunk, so storing a point makes it unique
    /// once, not once a coordinate.
    private struct Chunk {
        var values: [Float]
        var frames = 0
        let capacity: Int

        /// Values of one coordinate.
        var coordinateValues: Int { capacity * Name.count }

        init(capacity: Int) {
            self.capacity = capacity
            let count = 3 * capacity * Name.count
            // Every row is written before it is read: no need to fill the chunk.
            values = [Float](unsafeUninitializedCapacity: count) { values, initialized in
                if capacity >= PointRows.chunkFrames { LargeMemory.adviseHugePages(values) }
                initialized = count
            }
        }
    }

    /// The chunks in frame order; only the last is written.
    private var chunks: [Chunk] = []
    private(set) var frameCount = 0

    /// Adds `count` frames with nothing tracked (NaN positions, confidence 0).
    mutating func appendEmptyFrames(_ count: Int = 1) {
        for _ in 0..<count {
            if chunks.last.map({ $0.frames == $0.capacity }) ?? true {
                chunks.append(Chunk(capacity: chunks.isEmpty ? Self.firstChunkFrames : Self.chunkFrames))
            }
            let last = chunks.count - 1
            let start = chunks[last].frames * Name.count
            let values = chunks[last].coordinateValues
            chunks[last].frames += 1
            chunks[last].values.withUnsafeMutableBufferPointer { chunk in
                for point in start..<(start + Name.count) {
                    chunk[point] = .nan
                    chunk[values + point] = .nan
                    chunk[2 * values + point] = 0
                }
            }
            frameCount += 1
        }
    }

    /// Removes the newest frame (one a reader appended, then could not fill).
    mutating func dropNewestFrame() {
        precondition(frameCount > 0)
        frameCount -= 1
        chunks[chunks.count - 1].frames -= 1
        if chunks[chunks.count - 1].frames == 0 { chunks.removeLast() }
    }

    /// Appends the frames of `other`, in order, by taking over its chunks (nothing is
    /// copied); frames appended afterwards go into its last chunk.
    mutating func append(_ other: consuming PointRows<Name>) {
        chunks += other.chunks
        frameCount += other.frameCount
    }

    /// Sets point `point` of the newest frame (the only one the decoder writes).
    mutating func setNewest(point: Int, _ value: (Float, Float, Float)) {
        let last = chunks.count - 1
        let i = (chunks[last].frames - 1) * Name.count + point
        let values = chunks[last].coordinateValues
        chunks[last].values.withUnsafeMutableBufferPointer { chunk in
            chunk[i] = value.0
            chunk[values + i] = value.1
            chunk[2 * values + i] = value.2
        }
    }

    /// Calls `body` with the newest frame's row (x, y and confidence by point): the
    /// plain readers store into it directly. There must be a frame.
    mutating func withNewestRow<R>(_ body: (JSONReader.PointRow) -> R) -> R {
        precondition(frameCount > 0)
        let last = chunks.count - 1
        let i = (chunks[last].frames - 1) * Name.count
        let values = chunks[last].coordinateValues
        return chunks[last].values.withUnsafeMutableBufferPointer { chunk in
            let x = chunk.baseAddress! + i
            return body((x, x + values, x + 2 * values))
        }
    }

    /// The table, consuming the chunks.
    mutating func table() -> PointTable<Name> {
        let frames = frameCount
        let total = frames * Name.count
        guard total > 0 else { return PointTable(frameCount: frames, x: [], y: [], confidence: []) }
        var firsts: [Int] = []  // each chunk's first frame in the table
        var first = 0
        for chunk in chunks {
            firsts.append(first)
            first += chunk.frames
        }
        let twoThreads = frames >= Self.parallelTableFrames && ProcessInfo.processInfo.activeProcessorCount > 1
        var x: [Float] = []
        var y: [Float] = []
        let confidence = [Float](unsafeUninitializedCapacity: total) { confidence, confidenceCount in
            x = [Float](unsafeUninitializedCapacity: total) { x, xCount in
                y = [Float](unsafeUninitializedCapacity: total) { y, yCount in
                    chunks.withUnsafeMutableBufferPointer { chunks in
                        for column in [x, y, confidence] { LargeMemory.adviseHugePages(column) }
                        let columns = (x.baseAddress!, y.baseAddress!, confidence.baseAddress!)
                        // Writes the table's frames `range`, freeing each chunk that lies wholly in it
                        // once copied (a chunk across the two threads' ranges is freed at the end).
                        func write(_ range: Range<Int>) {
                            for c in chunks.indices {
                                let lower = max(range.lowerBound - firsts[c], 0)
                                let upper = min(range.upperBound - firsts[c], chunks[c].frames)
                                guard lower < upper else { continue }
                                let part = lower..<upper
                                Self.transpose(chunks[c], part, firstFrame: firsts[c], frames: frames, into: columns)
                                if part.count == chunks[c].frames { chunks[c].values = [] }
                            }
                        }
                        if twoThreads {
                            _ = bothAtOnce({ write(0..<frames / 2) }, { write(frames / 2..<frames) })
                        } else {
                            write(0..<frames)
                        }
                        yCount = total
                    }
                }
                xCount = total
            }
            confidenceCount = total
        }
        chunks = []
        frameCount = 0
        return PointTable(frameCount: frames, x: x, y: y, confidence: confidence)
    }

    /// Writes the frames `part` of `chunk`, the table's frames from `firstFrame` on, into
    /// the three columns of a table of `frames` frames (point p's run starts at `p * frames`).
    private static func transpose(
        _ chunk: Chunk, _ part: Range<Int>, firstFrame: Int, frames: Int,
        into columns: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)
    ) {
        let points = Name.count
        chunk.values.withUnsafeBufferPointer { chunkValues in
            // Transposed 64 frames at a time: the rows read stay in the L1 cache while each
            // point's run of 64 values is written.
            for (coordinate, column) in [columns.0, columns.1, columns.2].enumerated() {
                let source = chunkValues.baseAddress! + coordinate * chunk.coordinateValues
                for block in stride(from: part.lowerBound, to: part.upperBound, by: 64) {
                    let end = min(block + 64, part.upperBound)
                    for p in 0..<points {
                        let run = column + p * frames + firstFrame
                        for f in block..<end { run[f] = source[f * points + p] }
                    }
                }
            }
        }
    }
}
