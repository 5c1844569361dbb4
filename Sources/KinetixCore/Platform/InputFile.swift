import CKinetixIO
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole input file in memory, refused unless it is a regular file within `maxBytes`.
/// The checks are made on the opened descriptor, so the file that is read is the file
/// that was checked (a path swapped for a FIFO between the two cannot block).
///
/// On Linux, when the caller asks (`mapping`: the CLI and batch runs do; the public
/// readers an app calls never do), a file of `mappedBytes` or more is mapped, not copied: the system's cached
/// pages of the file become the bytes, with no memory to clear, fill or copy (reading an
/// 86 MB sidecar into fresh memory took 30–150 ms here, mapping it 3–10 ms). The
/// mapping is read-only and guarded (`kinetix_map_guarded`): if the file shrinks while
/// it is read, the missing part reads as zeros instead of ending the process, and
/// `shrank` says so; if another program writes it in place, `modified` says so (the
/// bytes read may then mix old and new: whatever was decoded and hashed from them is
/// not to be trusted). Smaller files, and
/// every file elsewhere, are read into memory. A reader that goes through the file once
/// can give back what it has read (`discard(before:)`), so decoding a file needs little
/// more memory than its result.
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
    /// True when `storage` is a guarded mapping of the file, not memory of ours.
    private let mapped: Bool
    /// The mapped file, kept open to tell whether it is modified while read; else -1.
    private let mappedDescriptor: Int32
    /// The file's size and modification time when it was opened.
    private let opened: (size: Int, modified: timespec)

    /// Files from this size on are mapped (Linux), when the caller allows it.
    static let mappedBytes = 1 << 20

    /// Guarded mappings made so far on the calling thread: tests use it to see that a
    /// code path maps nothing (and installs no SIGBUS handler).
    static var mappingsOnThisThread: UInt { UInt(kinetix_guarded_mappings_on_this_thread()) }

    /// Opens `path`; with `mapping`, a file of `mappedBytes` or more is mapped (Linux),
    /// and the reader must ask `shrank` and `modified` once it is done.
    init(_ path: String, maxBytes: Int, mapping: Bool = false) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .system(errno) }
        var keepOpen = false
        defer { if !keepOpen { close(descriptor) } }
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
        opened = (size, Self.modificationTime(status))
        if mapping, size >= Self.mappedBytes, let mapping = kinetix_map_guarded(descriptor, size) {
            storage = mapping
            mapped = true
            keepOpen = true
            mappedDescriptor = descriptor
            bytes = UnsafeRawBufferPointer(start: mapping, count: size)
            return
        }
        mapped = false
        mappedDescriptor = -1
        // One byte more than the size: reading it tells a file that grew since fstat.
        var capacity = size + 1
        guard var buffer = LargeMemory.allocateOrNil(capacity) else { throw .system(ENOMEM) }
        var count = 0
        while true {
            if count == capacity {
                if count > maxBytes {
                    LargeMemory.free(buffer)
                    throw .tooLarge(count)
                }
                let grownCapacity = min(capacity * 2, maxBytes + 1)
                guard let grown = LargeMemory.reallocateOrNil(buffer, from: count, to: grownCapacity) else {
                    LargeMemory.free(buffer)
                    throw .system(ENOMEM)
                }
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

    deinit {
        if mapped, let storage { kinetix_unmap_guarded(storage, bytes.count) } else { LargeMemory.free(storage) }
        if mappedDescriptor >= 0 { close(mappedDescriptor) }
    }

    /// True when the file shrank while it was mapped: the bytes past its new end read as
    /// zeros, so whatever was read from them is not the file. Ask before this object goes.
    var shrank: Bool { mapped && kinetix_guarded_shrank(storage) != 0 }

    /// True when the mapped file was written (its size or modification time changed)
    /// since it was opened: the bytes may mix old and new. Read files are ours: false.
    var modified: Bool {
        guard mappedDescriptor >= 0 else { return false }
        var status = stat()
        guard fstat(mappedDescriptor, &status) == 0 else { return true }
        let now = Self.modificationTime(status)
        return Int(status.st_size) != opened.size || now.tv_sec != opened.modified.tv_sec || now.tv_nsec != opened.modified.tv_nsec
    }

    private static func modificationTime(_ status: stat) -> timespec {
        #if canImport(Darwin)
            status.st_mtimespec
        #else
            status.st_mtim
        #endif
    }

    /// The bytes as `Data`, without copying them (the `Data` keeps this object alive);
    /// a mapped file's are copied, since they are read-only and `Data` may be written.
    var data: Data {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return Data() }
        if mapped { return Data(bytes) }
        return Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count,
            deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    /// Gives the whole memory pages before byte `offset` back to the system; reading them
    /// afterwards gives zeros (or, mapped, the file again). Only for a reader that has
    /// finished with them (and no one else reads these bytes).
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
