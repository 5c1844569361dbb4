/// Points as the decoder reads them, frame by frame, kept in chunks of frames and
/// turned into a column-major `PointTable` at the end.
///
/// The decoder cannot know the frame count in advance. One growing array would hold up
/// to twice what it needs (capacity doubling) and then coexist with the table made from
/// it (3 × 60 bytes a frame for the 15 joints, twice over). Here frames go into chunks
/// that are never copied while decoding; at the end the table's three columns are
/// written chunk by chunk (never filled first, so their memory is only taken as they
/// are written) and each chunk is freed once copied: the peak is the chunks plus one.
struct PointRows<Name: PointName> {
    /// Frames per chunk (a power of two): 4096 frames, 240 KB a coordinate for 15 joints.
    private static var chunkFrames: Int { 4096 }
    /// Values of one coordinate in a chunk.
    private static var chunkValues: Int { chunkFrames * Name.count }

    /// Chunks, each with its three coordinates one after the other (x at 0, y at
    /// `chunkValues`, confidence at `2 * chunkValues`), frame-major within each (frame
    /// f, point p at `f * Name.count + p`); the last is being filled. One array per
    /// chunk, so storing a point makes it unique once rather than once per coordinate.
    private var chunks: [[Float]] = []
    private(set) var frameCount = 0

    /// Adds `count` frames with nothing tracked (NaN positions, confidence 0).
    mutating func appendEmptyFrames(_ count: Int = 1) {
        for _ in 0..<count {
            let slot = frameCount & (Self.chunkFrames - 1)
            if slot == 0 {
                // Every row is written here before it is read: no need to fill the chunk.
                chunks.append([Float](unsafeUninitializedCapacity: 3 * Self.chunkValues) { $1 = 3 * Self.chunkValues })
            }
            let start = slot * Name.count, values = Self.chunkValues
            chunks[chunks.count - 1].withUnsafeMutableBufferPointer { chunk in
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
        if frameCount & (Self.chunkFrames - 1) == 0 { chunks.removeLast() }
    }

    /// Appends the frames of `other`, in order, freeing its chunks as they are copied.
    mutating func append(_ other: consuming PointRows<Name>) {
        var other = other
        let points = Name.count, values = Self.chunkValues
        for c in other.chunks.indices {
            let count = min(Self.chunkFrames, other.frameCount - c * Self.chunkFrames)
            other.chunks[c].withUnsafeBufferPointer { source in
                for f in 0..<count {
                    appendEmptyFrames()
                    let row = f * points
                    withNewestRow { target in
                        for p in 0..<points {
                            target.x[p] = source[row + p]
                            target.y[p] = source[values + row + p]
                            target.confidence[p] = source[2 * values + row + p]
                        }
                    }
                }
            }
            other.chunks[c] = []
        }
    }

    /// Sets point `point` of the newest frame (the only one the decoder writes).
    mutating func setNewest(point: Int, _ value: (Float, Float, Float)) {
        let i = ((frameCount - 1) & (Self.chunkFrames - 1)) * Name.count + point, values = Self.chunkValues
        chunks[chunks.count - 1].withUnsafeMutableBufferPointer { chunk in
            chunk[i] = value.0
            chunk[values + i] = value.1
            chunk[2 * values + i] = value.2
        }
    }

    /// Calls `body` with the newest frame's row (x, y and confidence by point): the
    /// plain readers store into it directly. There must be a frame.
    mutating func withNewestRow<R>(_ body: (JSONReader.PointRow) -> R) -> R {
        precondition(frameCount > 0)
        let i = ((frameCount - 1) & (Self.chunkFrames - 1)) * Name.count, values = Self.chunkValues
        return chunks[chunks.count - 1].withUnsafeMutableBufferPointer { chunk in
            let x = chunk.baseAddress! + i
            return body((x, x + values, x + 2 * values))
        }
    }

    /// The table, consuming the chunks.
    mutating func table() -> PointTable<Name> {
        let frames = frameCount, points = Name.count, values = Self.chunkValues, total = frames * points
        guard total > 0 else { return PointTable(frameCount: frames, x: [], y: [], confidence: []) }
        var x: [Float] = [], y: [Float] = []
        let confidence = [Float](unsafeUninitializedCapacity: total) { confidence, confidenceCount in
        x = [Float](unsafeUninitializedCapacity: total) { x, xCount in
        y = [Float](unsafeUninitializedCapacity: total) { y, yCount in
            let columns = [x.baseAddress!, y.baseAddress!, confidence.baseAddress!]
            for c in chunks.indices {
                let first = c * Self.chunkFrames, count = min(Self.chunkFrames, frames - first)
                chunks[c].withUnsafeBufferPointer { chunk in
                    // Transposed 64 frames at a time: the rows read stay in the L1 cache
                    // while each point's run of 64 values is written.
                    for coordinate in 0..<3 {
                        let source = chunk.baseAddress! + coordinate * values
                        for block in stride(from: 0, to: count, by: 64) {
                            let end = min(block + 64, count)
                            for p in 0..<points {
                                let run = columns[coordinate] + p * frames + first
                                for f in block..<end { run[f] = source[f * points + p] }
                            }
                        }
                    }
                }
                chunks[c] = []  // freed as soon as it is copied
            }
            yCount = total
        }
            xCount = total
        }
            confidenceCount = total
        }
        chunks = []
        frameCount = 0
        return PointTable(frameCount: frames, x: x, y: y, confidence: confidence)
    }
}
