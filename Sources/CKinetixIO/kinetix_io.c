#define _GNU_SOURCE
#include "kinetix_io.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>

int kinetix_start_writeback(int descriptor, long long offset, long long count) {
    return sync_file_range(descriptor, offset, count, SYNC_FILE_RANGE_WRITE) == 0 ? 0 : errno;
}
#else
int kinetix_start_writeback(int descriptor, long long offset, long long count) {
    (void)descriptor;
    (void)offset;
    (void)count;
    return 0;
}
#endif
