import Foundation

/// Runs two independent pieces of work at once and returns both results: `second` on a
/// new thread, `first` on the calling one. Each closure runs exactly once; neither may
/// touch what the other writes. Used to overlap hashing with decoding, and to load a
/// pair's two inputs together.
///
/// The caller blocks (no spinning) while it waits for `second`, so nested calls (a pair
/// loaded at once, each file decoded while it is hashed) leave the cores to the work:
/// `DispatchQueue.concurrentPerform`, used before, yielded in a loop while it waited,
/// and that loop took a core from the other half of the work.
package func bothAtOnce<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let slot = SecondSlot<B>()
    let done = DispatchSemaphore(value: 0)
    let firstResult = withoutActuallyEscaping(second) { second in
        slot.work = second
        let thread = Thread {
            slot.run()
            done.signal()
        }
        thread.stackSize = workerStackBytes
        thread.start()
        let result = first()
        done.wait()
        return result
    }
    return (firstResult, slot.value!)
}

/// The second thread's stack: as large as a main thread's, so work that recurses (a
/// nested JSON value) is not limited more on one side than on the other.
private let workerStackBytes = 8 << 20

/// The second closure and where its thread leaves the result, read only after the
/// semaphore says it is done. The thread drops the closure before it signals, so the
/// closure never outlives `bothAtOnce` (the thread object may live a little longer).
private final class SecondSlot<B>: @unchecked Sendable {
    var work: (() -> B)?
    var value: B?

    func run() {
        let body = work!
        work = nil
        value = body()
    }
}
