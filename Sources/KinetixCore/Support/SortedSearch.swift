extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The first index whose element is not below `value` (`endIndex` when none), in a
    /// collection sorted ascending: O(log n), for lookups repeated per cue or per frame.
    package func firstIndex(notBelow value: Element) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first index whose element is above `value` (`endIndex` when none), sorted ascending.
    package func firstIndex(above value: Element) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if self[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
