import Dispatch

/// Runs two independent pieces of work at once, on two threads when the machine has
/// them, and returns both results. Each closure runs exactly once; neither may touch
/// what the other writes. Used to overlap hashing with decoding, and to load a pair's
/// two inputs together.
package func bothAtOnce<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let results = PairSlots<A, B>()
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let work = PairWork(first: first, second: second, results: results)
            DispatchQueue.concurrentPerform(iterations: 2) { index in work.run(index) }
        }
    }
    return (results.first!, results.second!)
}

/// The two closures and where each writes; each index touches only its own slot, and
/// `concurrentPerform` returns only after both have finished.
private struct PairWork<A, B>: @unchecked Sendable {
    let first: () -> A
    let second: () -> B
    let results: PairSlots<A, B>

    func run(_ index: Int) {
        if index == 0 { results.first = first() } else { results.second = second() }
    }
}

private final class PairSlots<A, B>: @unchecked Sendable {
    var first: A?
    var second: B?
}
