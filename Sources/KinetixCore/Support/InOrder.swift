import Foundation

/// Makes `count` pieces on two threads and hands them to `consume` in order, on the
/// calling thread, as soon as each piece and all before it are made: a long output is
/// written while its later pieces are still being made, and each piece can be freed
/// once consumed. `make` runs on both threads, once per piece; `consume` only on the
/// calling thread, which also makes pieces while the next one to consume is not ready.
/// When `consume` throws, no further piece is started, those under way finish, and
/// the error is rethrown.
package func inOrder<Piece, E: Error>(count: Int, make: (Int) -> Piece, consume: (Piece) throws(E) -> Void) throws(E) {
    guard count > 1 else {
        for index in 0..<count { try consume(make(index)) }
        return
    }
    let board = PieceBoard<Piece>(count: count)
    var failure: E?
    _ = bothAtOnce(
        {
            var next = 0  // the next piece to consume
            while next < count {
                if let index = board.take() { board.finish(index, make(index)) }
                // With nothing left to make here, wait for the other thread's pieces.
                let wait = board.allTaken
                while next < count, let piece = board.collect(next, waiting: wait) {
                    do throws(E) { try consume(piece) } catch {
                        failure = error
                        board.cancel()
                        return
                    }
                    next += 1
                }
            }
        },
        {
            while let index = board.take() { board.finish(index, make(index)) }
        })
    if let failure { throw failure }
}

/// The pieces of `inOrder`: which is the next to make, and the made ones not yet
/// consumed, under one lock.
private final class PieceBoard<Piece>: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Piece?]
    private var nextToMake = 0
    private var cancelled = false

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next piece to make, or nil when none is left (or the work was cancelled).
    func take() -> Int? {
        condition.withLock {
            guard !cancelled, nextToMake < slots.count else { return nil }
            nextToMake += 1
            return nextToMake - 1
        }
    }

    /// True once every piece has been handed out by `take`.
    var allTaken: Bool { condition.withLock { cancelled || nextToMake == slots.count } }

    /// Stores a made piece.
    func finish(_ index: Int, _ piece: Piece) {
        condition.withLock {
            slots[index] = piece
            condition.broadcast()
        }
    }

    /// Piece `index`, removed from the board, when it is made; nil when it is not yet,
    /// unless `waiting`, which waits for it.
    func collect(_ index: Int, waiting: Bool) -> Piece? {
        condition.withLock {
            while waiting, slots[index] == nil { condition.wait() }
            defer { slots[index] = nil }
            return slots[index]
        }
    }

    /// Stops handing out pieces.
    func cancel() { condition.withLock { cancelled = true } }
}
