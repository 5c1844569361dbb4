/// Points as the decoder reads them, frame by frame, kept in chunks of frames and
/// turned into a column-major `PointTable` at the end.
///
/// The decoder cannot know the frame count in advance. One growing array would hold up
/// to twice what it needs (capacity doubling) and then coexist with the table made from
/// it (3 × 60 bytes a frame for the 15 joints, twice over). Here each coordinate (x, y,
/// confidence) has its own chunks, and the table's three columns are filled one at a
/// time, each coordinate's chunks freed as they are copied: the peak is the chunks plus
/// one column, 4 × 60 bytes a frame.
struct PointRows<Name: PointName> {
    /// Frames per chunk (a power of two): 4096 frames, 240 KB a coordinate for 15 joints.
    private static var chunkFrames: Int { 4096 }
    /// Values of one coordinate in a chunk.
    private static var chunkValues: Int { chunkFrames * Name.count }

    /// Per coordinate (x, y, confidence): the full chunks, frame-major (frame f, point p
    /// at `f * Name.count + p`).
    private var full: [[[Float]]] = [[], [], []]
    /// The chunk being filled, its three coordinates one after the other (x at 0, y at
    /// `chunkValues`, confidence at `2 * chunkValues`), so that storing a point makes
    /// the array unique once rather than once per coordinate.
    private var current: [Float] = []
    private(set) var frameCount = 0

    /// Adds `count` frames with nothing tracked (NaN positions, confidence 0).
    mutating func appendEmptyFrames(_ count: Int = 1) {
        for _ in 0..<count {
            let slot = frameCount & (Self.chunkFrames - 1)
            if slot == 0 {
                if frameCount > 0 { retireCurrent(frames: Self.chunkFrames) }
                current = [Float](repeating: 0, count: 3 * Self.chunkValues)
            }
            let start = slot * Name.count, values = Self.chunkValues
            current.withUnsafeMutableBufferPointer { chunk in
                for point in start..<(start + Name.count) {
                    chunk[point] = .nan
                    chunk[values + point] = .nan
                    chunk[2 * values + point] = 0
                }
            }
            frameCount += 1
        }
    }

    /// Sets point `point` of the newest frame (the only one the decoder writes).
    mutating func setNewest(point: Int, _ value: (Float, Float, Float)) {
        let i = ((frameCount - 1) & (Self.chunkFrames - 1)) * Name.count + point, values = Self.chunkValues
        current.withUnsafeMutableBufferPointer { chunk in
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
        return current.withUnsafeMutableBufferPointer { chunk in
            let x = chunk.baseAddress! + i
            return body((x, x + values, x + 2 * values))
        }
    }

    /// Moves the first `frames` frames of the chunk being filled to `full`, per coordinate.
    private mutating func retireCurrent(frames: Int) {
        for k in 0..<3 {
            let start = k * Self.chunkValues
            full[k].append(Array(current[start..<(start + frames * Name.count)]))
        }
        current = []
    }

    /// The table, consuming the chunks.
    mutating func table() -> PointTable<Name> {
        let frames = frameCount
        if frames > 0 { retireCurrent(frames: (frames - 1) & (Self.chunkFrames - 1) + 1) }  // the last chunk's frames
        var columns: [[Float]] = []
        for k in 0..<3 {
            var chunks = full[k]
            full[k] = []
            var column = [Float](repeating: 0, count: frames * Name.count)
            var first = 0
            column.withUnsafeMutableBufferPointer { column in
                for c in chunks.indices {
                    let count = chunks[c].count / Name.count
                    chunks[c].withUnsafeBufferPointer { values in
                        for f in 0..<count {
                            for p in 0..<Name.count { column[p * frames + first + f] = values[f * Name.count + p] }
                        }
                    }
                    first += count
                    chunks[c] = []  // free each chunk as soon as it is copied
                }
            }
            columns.append(column)
        }
        frameCount = 0
        return PointTable(frameCount: frames, x: columns[0], y: columns[1], confidence: columns[2])
    }
}
