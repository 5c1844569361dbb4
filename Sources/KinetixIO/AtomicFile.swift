import CKinetixIO
import Foundation
import KinetixCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replacing a file so that a reader sees the old file or the whole new one, never part
/// of it, even when the writer is killed or the machine loses power: the bytes go into a
/// new temporary file beside the target, are flushed to the disk, and the temporary is
/// renamed over the target. `OutputFile` names the temporary file and is the one way
/// the CLI and batch runs write results; nothing else opens a `Writer`.
package enum AtomicFile {
    /// What failed, with the system's error code.
    package enum Failure: Error {
        /// Creating, writing or flushing the temporary file.
        case write(Int32)
        /// Renaming it over the target.
        case replace(Int32)
    }

    /// A replacement written piece by piece, for output made as it is written: each
    /// piece goes to the temporary file at once and the system is asked to start putting
    /// it on the disk (`kinetix_start_writeback`), so the flush in `commit` waits only for
    /// the last pieces. Unless committed, the temporary file is removed when the writer goes.
    package final class Writer {
        /// The temporary file, open for writing (for `fchmod`, `fchown`); -1 once sealed.
        package private(set) var descriptor: Int32
        private let temporary: String
        private var written: Int64 = 0
        private var writebackStarted: Int64 = 0
        private var pending = true  // neither committed nor removed

        /// Creates `temporary` exclusively with `mode`, in the target's directory.
        package init(temporary: String, mode: mode_t) throws(Failure) {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            guard descriptor >= 0 else { throw .write(errno) }
            self.temporary = temporary
        }

        /// Appends `bytes`; writeback of what was written starts once a megabyte is pending.
        package func append(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            let code = writeAll(bytes, to: descriptor)
            guard code == 0 else { throw .write(code) }
            written += Int64(bytes.count)
            if written - writebackStarted >= Self.writebackBytes {
                _ = kinetix_start_writeback(descriptor, writebackStarted, written - writebackStarted)  // a hint
                writebackStarted = written
            }
        }

        /// Flushes what was written and closes the temporary file, which waits, complete,
        /// for `commit`: a set of many outputs holds one descriptor at a time, not one per
        /// file (2,000 subjects' files went past the open-file limit). Nothing more can be
        /// appended.
        package func seal() throws(Failure) {
            guard descriptor >= 0 else { return }
            var code: Int32 = 0
            if fsync(descriptor) != 0 { code = errno }
            if close(descriptor) != 0, code == 0 { code = errno }
            descriptor = -1
            if code != 0 { throw .write(code) }
        }

        /// Flushes the file to the disk and renames it to `target`. On failure the
        /// temporary file is removed.
        package func commit(replacing target: String) throws(Failure) {
            pending = false
            do { try seal() } catch {
                unlink(temporary)
                throw error
            }
            if rename(temporary, target) != 0 {
                let code = errno
                unlink(temporary)
                throw .replace(code)
            }
        }

        deinit {
            if pending {
                if descriptor >= 0 { close(descriptor) }
                unlink(temporary)
            }
        }

        /// How much written data asks for its writeback to start.
        private static let writebackBytes: Int64 = 1 << 20
    }

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions; 0 or the error.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }
}
