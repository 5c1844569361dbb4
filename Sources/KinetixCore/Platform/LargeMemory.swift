#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffers of megabytes (an input file, a long report) backed by transparent huge pages
/// where the system offers them (Linux with THP in `madvise` or `always` mode): one page
/// fault per 2 MiB instead of one per 4 KiB. Smaller buffers come from `malloc`.
/// Everything returned is released with `LargeMemory.free`.
enum LargeMemory {
    static let hugePageBytes = 2 << 20

    /// `bytes` of uninitialised memory; crashes only when the system has no memory left
    /// (as any Swift allocation does).
    static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        guard let pointer = allocateOrNil(bytes) else { fatalError("out of memory allocating \(bytes) bytes") }
        return pointer
    }

    /// `allocate`, or nil when the memory is not there.
    static func allocateOrNil(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard bytes >= hugePageBytes else { return malloc(max(bytes, 1)) }
        var pointer: UnsafeMutableRawPointer?
        guard posix_memalign(&pointer, hugePageBytes, bytes) == 0, let pointer else { return nil }
        #if os(Linux)
            // Only a hint: a kernel without transparent huge pages ignores it.
            _ = madvise(pointer, bytes / hugePageBytes * hugePageBytes, MADV_HUGEPAGE)
        #endif
        return pointer
    }

    /// A buffer of `newBytes` holding the first `used` bytes of `pointer`, which is released.
    static func reallocate(_ pointer: UnsafeMutableRawPointer, from used: Int, to newBytes: Int) -> UnsafeMutableRawPointer {
        guard let grown = reallocateOrNil(pointer, from: used, to: newBytes) else {
            fatalError("out of memory allocating \(newBytes) bytes")
        }
        return grown
    }

    /// `reallocate`, or nil (with `pointer` untouched) when the memory is not there.
    static func reallocateOrNil(_ pointer: UnsafeMutableRawPointer, from used: Int, to newBytes: Int) -> UnsafeMutableRawPointer? {
        guard newBytes >= hugePageBytes else { return realloc(pointer, newBytes) }
        guard let grown = allocateOrNil(newBytes) else { return nil }
        grown.copyMemory(from: pointer, byteCount: min(used, newBytes))
        releaseMemory(pointer)
        return grown
    }

    static func free(_ pointer: UnsafeMutableRawPointer?) { releaseMemory(pointer) }

    /// Asks for huge pages over the whole 2 MiB pages inside `buffer`, memory not yet
    /// written (a large array's fresh storage): its first writes then take one page fault
    /// per 2 MiB instead of 512. Only a hint, and only where the system honours it.
    static func adviseHugePages<T>(_ buffer: UnsafeMutableBufferPointer<T>) {
        #if os(Linux)
            guard let start = buffer.baseAddress.map({ Int(bitPattern: $0) }) else { return }
            let first = (start + hugePageBytes - 1) / hugePageBytes * hugePageBytes
            let end = (start + buffer.count * MemoryLayout<T>.stride) / hugePageBytes * hugePageBytes
            guard end > first else { return }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_HUGEPAGE)
        #endif
    }
}

/// The C library's `free`, named apart from `LargeMemory.free`.
private func releaseMemory(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
