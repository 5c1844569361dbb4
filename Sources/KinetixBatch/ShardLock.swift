import Foundation
import KinetixCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a shard's lock file, held while the shard runs, so two runs
/// of one shard into one folder never compute its rows twice at once. The lock goes with
/// the process (a killed run holds nothing); the empty lock file stays.
final class ShardLock {
    private let descriptor: Int32

    /// Takes the lock at `file`; when another process holds it, calls `waiting` and
    /// waits for it.
    init(_ file: URL, waiting: () -> Void) throws(KinetixError) {
        descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw KinetixError(.cannotWrite, file: file.path, "cannot open the shard's lock: \(String(cString: strerror(errno)))")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK else { return }  // a file system without locks: run unlocked, as before
        waiting()
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return }
        }
    }

    /// Lets the next run of the shard go.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
