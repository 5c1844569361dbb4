#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A whole input file in memory, refused unless it is a regular file within `maxBytes`.
/// The checks are made on the opened descriptor, so the file that is read is the file
/// that was checked (a path swapped for a FIFO between the two cannot block).
///
/// The bytes land in a buffer aligned to 2 MiB and, on Linux, marked for transparent huge
/// pages: a 20 MB sidecar then costs about ten page faults instead of five thousand
/// (about a fifth of `kinetix compare`'s processor time on a 10-minute pair went to
/// those). A reader that goes through the file once can give back what it has read
/// (`discard(before:)`), so decoding a file needs little more memory than its result.
final class InputFile: @unchecked Sendable {
    /// Why a file could not be read.
    enum Failure: Error {
        case missing
        case notRegular(String)
        case tooLarge(Int)
        case system(Int32)
    }

    /// The file's bytes; valid while this object lives.
    let bytes: UnsafeRawBufferPointer
    private let storage: UnsafeMutableRawPointer?

    init(_ path: String, maxBytes: Int) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .system(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegular("a directory")
        case S_IFIFO: throw .notRegular("a FIFO (named pipe)")
        case S_IFCHR, S_IFBLK: throw .notRegular("a device")
        case S_IFSOCK: throw .notRegular("a socket")
        default: throw .notRegular("not a regular file")
        }
        let size = Int(status.st_size)
        if size > maxBytes { throw .tooLarge(size) }
        // One byte more than the size: reading it tells a file that grew since fstat.
        var capacity = size + 1
        guard var buffer = LargeMemory.allocateOrNil(capacity) else { throw .system(ENOMEM) }
        var count = 0
        while true {
            if count == capacity {
                if count > maxBytes { LargeMemory.free(buffer); throw .tooLarge(count) }
                let grownCapacity = min(capacity * 2, maxBytes + 1)
                guard let grown = LargeMemory.reallocateOrNil(buffer, from: count, to: grownCapacity) else { LargeMemory.free(buffer); throw .system(ENOMEM) }
                buffer = grown
                capacity = grownCapacity
            }
            let got = read(descriptor, buffer + count, capacity - count)
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                let code = errno
                LargeMemory.free(buffer)
                throw .system(code)
            }
            count += got
        }
        storage = buffer
        bytes = UnsafeRawBufferPointer(start: buffer, count: count)
    }

    deinit { LargeMemory.free(storage) }

    /// The bytes as `Data`, without copying them (the `Data` keeps this object alive).
    var data: Data {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count,
                    deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    /// Gives the whole memory pages before byte `offset` back to the system; reading them
    /// afterwards gives zeros. Only for a reader that has finished with them (and no
    /// one else reads these bytes).
    /// Called from one thread at a time (the reader's).
    func discard(before offset: Int) {
        #if os(Linux)
        guard let start = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = max((Int(bitPattern: start) + page - 1) / page * page, discardedEnd)
        let end = (Int(bitPattern: start) + min(offset, bytes.count)) / page * page
        guard end > first else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_DONTNEED)
        discardedEnd = end
        #endif
    }

    /// The address up to which pages have been given back.
    private var discardedEnd = 0
}
