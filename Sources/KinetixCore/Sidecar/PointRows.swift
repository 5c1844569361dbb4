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
    private static var chunkShift: Int { 12 }
    private static var chunkFrames: Int { 1 << chunkShift }

    /// Per coordinate (x, y, confidence): full chunks, then the one being filled.
    /// Within a chunk, frame-major: frame f, point p at `f * Name.count + p`.
    private var full: [[[Float]]] = [[], [], []]
    private var current: [[Float]] = [[], [], []]
    private(set) var frameCount = 0
    private let emptyValues: [[Float]] = [
        Array(repeating: .nan, count: Name.count), Array(repeating: .nan, count: Name.count), Array(repeating: 0, count: Name.count),
    ]

    /// Adds `count` frames with nothing tracked (NaN positions, confidence 0).
    mutating func appendEmptyFrames(_ count: Int = 1) {
        for _ in 0..<count {
            if frameCount & (Self.chunkFrames - 1) == 0, frameCount > 0 {
                for k in 0..<3 {
                    full[k].append(current[k])
                    current[k] = []
                }
            }
            for k in 0..<3 {
                if current[k].isEmpty { current[k].reserveCapacity(Self.chunkFrames * Name.count) }
                current[k].append(contentsOf: emptyValues[k])
            }
            frameCount += 1
        }
    }

    /// Sets point `point` of the newest frame (the only one the decoder writes).
    mutating func setNewest(point: Int, _ value: (Float, Float, Float)) {
        let i = ((frameCount - 1) & (Self.chunkFrames - 1)) * Name.count + point
        current[0][i] = value.0
        current[1][i] = value.1
        current[2][i] = value.2
    }

    /// The table, consuming the chunks.
    mutating func table() -> PointTable<Name> {
        let frames = frameCount
        var columns: [[Float]] = []
        for k in 0..<3 {
            var chunks = full[k] + [current[k]]
            full[k] = []
            current[k] = []
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
