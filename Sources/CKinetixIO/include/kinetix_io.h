#ifndef KINETIX_IO_H
#define KINETIX_IO_H

#include <stddef.h>

/// Asks the system to start writing bytes [offset, offset + count) of the open file
/// `descriptor` to its disk and returns at once (Linux: `sync_file_range` with
/// SYNC_FILE_RANGE_WRITE): a later `fsync` then waits only for what is still in
/// flight. Only a hint: 0, or the call's errno, which callers may ignore. Elsewhere it
/// does nothing and returns 0.
int kinetix_start_writeback(int descriptor, long long offset, long long count);

/// Maps the first `length` bytes (> 0) of the open regular file `descriptor`, private and
/// read-only (the system's cached pages of the file, not a copy), filled at once, and guards the
/// mapping: should the file shrink while it is mapped, reading past its new end finds
/// zeros instead of raising SIGBUS, and `kinetix_guarded_shrank` says so. The guard is
/// a SIGBUS handler installed on first use, which passes any other fault on to the
/// handler it replaced. NULL (errno set) when the file cannot be mapped or 64
/// mappings are already guarded (Linux only; elsewhere always NULL).
void *kinetix_map_guarded(int descriptor, size_t length);

/// How many guarded mappings the calling thread has made (installing the SIGBUS
/// handler with the first): for tests that a code path maps nothing.
unsigned long kinetix_guarded_mappings_on_this_thread(void);

/// 1 when the guarded mapping at `start` met the end of a file that shrank, else 0.
int kinetix_guarded_shrank(const void *start);

/// Unmaps a mapping of `kinetix_map_guarded` and drops its guard.
void kinetix_unmap_guarded(void *start, size_t length);

/// Fixes glibc's mapping and trimming thresholds at `bytes` (blocks smaller than that
/// are reused from the heap once freed instead of being mapped afresh); nothing
/// elsewhere. 1 when applied, else 0.
int kinetix_keep_freed_memory(long bytes);

#endif
