import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Point rows")
struct PointRowsTests {
    /// What a frame's point holds in these tests: distinct for every frame, point and coordinate.
    static func value(frame: Int, point: Int) -> (Float, Float, Float) {
        let base = Float(frame * 32 + point)
        return (base, -base, Float(point + 1) / 16)
    }

    /// Rows of `frames` frames (numbered from `firstFrame`) built as the decoder builds
    /// them: frames appended empty, some points set through `setNewest` and some through
    /// `withNewestRow`, some frames dropped again. Returns the rows and, by frame, the
    /// points set.
    static func rows(frames: Int, firstFrame: Int = 0, rng: inout SplitMix64) -> (PointRows<Joint>, [[Int]]) {
        var rows = PointRows<Joint>()
        var set: [[Int]] = []
        while rows.frameCount < frames {
            rows.appendEmptyFrames()
            if rng.next() % 7 == 0 {  // a frame a reader could not fill
                rows.dropNewestFrame()
                continue
            }
            let frame = firstFrame + rows.frameCount - 1
            let points = (0..<Joint.count).filter { _ in rng.next() % 3 != 0 }
            if frame % 2 == 0 {
                for p in points { rows.setNewest(point: p, value(frame: frame, point: p)) }
            } else {
                rows.withNewestRow { row in
                    for p in points { (row.x[p], row.y[p], row.confidence[p]) = value(frame: frame, point: p) }
                }
            }
            set.append(points)
        }
        return (rows, set)
    }

    /// Checks `table` against the points `set`, bit for bit (untracked: NaN, NaN, 0).
    static func check(_ table: PointTable<Joint>, set: [[Int]], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(table.frameCount == set.count, sourceLocation: sourceLocation)
        var wrong = 0
        for (frame, points) in set.enumerated() {
            for p in 0..<Joint.count {
                let expected = points.contains(p) ? value(frame: frame, point: p) : (.nan, .nan, 0)
                let i = p * set.count + frame
                if table.x[i].bitPattern != expected.0.bitPattern || table.y[i].bitPattern != expected.1.bitPattern
                    || table.confidence[i].bitPattern != expected.2.bitPattern
                {
                    wrong += 1
                }
            }
        }
        #expect(wrong == 0, sourceLocation: sourceLocation)
    }

    @Test(
        "the table holds every frame's points, across chunks and on one or two threads",
        arguments: [1, 100, 4096, 4097, 9000, 4096 + 32768, 4096 + 32768 + 1, 3 * PointRows<Joint>.parallelTableFrames / 2 + 17])
    func table(frames: Int) {
        var rng = SplitMix64(seed: UInt64(frames))
        var (rows, set) = Self.rows(frames: frames, rng: &rng)
        Self.check(rows.table(), set: set)
        #expect(rows.frameCount == 0)
    }

    @Test("appending another reader's rows takes its chunks, partly filled ones included; later frames follow them")
    func append() {
        var rng = SplitMix64(seed: 3)
        for (head, tail) in [(10, 5), (4095, 4098), (5000, 40_000), (40_000, 1), (0, 300), (36_864, 36_865)] {
            var (rows, set) = Self.rows(frames: head, rng: &rng)
            let (other, otherSet) = Self.rows(frames: tail, firstFrame: head, rng: &rng)
            rows.append(other)
            set += otherSet
            // Frames appended after it, and one dropped again, land after its frames.
            let moreSet = (0..<3).map { _ in (0..<Joint.count).filter { _ in rng.next() % 2 == 0 } }
            for points in moreSet {
                rows.appendEmptyFrames()
                let frame = rows.frameCount - 1
                for p in points { rows.setNewest(point: p, Self.value(frame: frame, point: p)) }
            }
            set += moreSet
            rows.appendEmptyFrames(2)
            rows.dropNewestFrame()
            set.append([])
            #expect(rows.frameCount == head + tail + 4)
            Self.check(rows.table(), set: set)
        }
    }
}
