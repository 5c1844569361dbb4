#ifndef KINETIX_IO_H
#define KINETIX_IO_H

/// Asks the system to start writing bytes [offset, offset + count) of the open file
/// `descriptor` to its disk and returns at once (Linux: `sync_file_range` with
/// SYNC_FILE_RANGE_WRITE): a later `fsync` then waits only for what is still in
/// flight. Only a hint: 0, or the call's errno, which callers may ignore. Elsewhere it
/// does nothing and returns 0.
int kinetix_start_writeback(int descriptor, long long offset, long long count);

#endif
