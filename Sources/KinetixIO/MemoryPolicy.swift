import CKinetixIO
import KinetixCore

/// Keeps freed working memory for reuse instead of handing it back to the system, for
/// the whole process (the CLI calls it first; an app embedding the library keeps its
/// own policy).
///
/// glibc maps each block above a threshold that follows what was last freed, and gives
/// freed memory back at once, so the pipeline's working arrays (megabytes each, made and
/// dropped stage by stage) kept coming back as fresh pages, each faulted in and zeroed
/// again: 17 k page faults for a 10-minute 60 fps compare, 11.8 k with both limits fixed
/// at 32 MB (glibc's largest mapping threshold), and fault detection 23–25 → 9–11 ms.
/// Blocks of 32 MB and more are still mapped and unmapped, so the clip-sized arrays of a
/// long recording are given back as before; peak memory was unchanged at 60 and 240 fps.
/// Does nothing on other C libraries.
///
/// - Returns: True when the C library took both limits (glibc), false elsewhere.
@discardableResult
package func keepFreedMemoryForReuse() -> Bool {
    kinetix_keep_freed_memory(32 << 20) == 1
}
