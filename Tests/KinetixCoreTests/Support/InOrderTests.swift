import Foundation
import Testing
import _KinetixTestSupport

@testable import KinetixCore

@Suite("Pieces made on two threads, consumed in order")
struct InOrderTests {
    private struct Stop: Error {}

    /// Counts the pieces made, from both threads.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// A piece whose making takes a little while, so both threads get some.
    private static func piece(_ index: Int) -> [Int] {
        var rng = SplitMix64(seed: UInt64(index))
        return (0..<2000).map { _ in Int(rng.next() % 1000) } + [index]
    }

    @Test("every piece reaches the consumer once, in order", arguments: [0, 1, 2, 3, 157])
    func order(_ count: Int) {
        var consumed: [Int] = []
        inOrder(count: count, make: { Self.piece($0) }, consume: { consumed.append($0.last!) })
        #expect(consumed == Array(0..<count))
    }

    @Test("a consumer's error stops the making and is rethrown")
    func stops() {
        let made = Counter()
        var consumed = 0
        #expect(throws: Stop.self) {
            try inOrder(
                count: 10_000,
                make: { index in
                    made.increment()
                    return Self.piece(index)
                },
                consume: { (_: [Int]) throws(Stop) in
                    guard consumed < 5 else { throw Stop() }
                    consumed += 1
                })
        }
        #expect(consumed == 5)
        #expect(made.count < 10_000, "pieces after the error are not made")
    }

    @Test("a long report's frames come out whole and in order across pieces")
    func longReport() throws {
        var demonstrator = BundledClips.demonstrator
        var learner = BundledClips.learner
        demonstrator.durationSeconds = 160
        learner.durationSeconds = 160
        let report = try ComparisonReport(
            demonstrator: ClipInput(
                sidecar: Synth.sidecar(demonstrator), provenance: .init(role: "demonstrator", path: "d", sha256: "", frames: 0)),
            learner: ClipInput(sidecar: Synth.sidecar(learner), provenance: .init(role: "learner", path: "l", sha256: "", frames: 0)),
            options: ComparisonOptions())
        let frames = report.comparison.learnerFrameCount
        #expect(frames > 2 * ComparisonReport.framesPerPiece, "several pieces")
        var pieces = 0
        var whole: [UInt8] = []
        report.writeJSON {
            pieces += 1
            whole += $0
        }
        #expect(pieces >= 4)
        let object = try JSONSerialization.jsonObject(with: Data(whole)) as! [String: Any]
        let rows = object["frames"] as! [[String: Any]]
        #expect(rows.map { $0["frame"] as! Int } == Array(0..<frames))
        #expect(whole == report.jsonBytes())
    }
}
