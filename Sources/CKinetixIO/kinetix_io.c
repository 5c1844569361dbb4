#define _GNU_SOURCE
#include "kinetix_io.h"

#if defined(__linux__)
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

int kinetix_start_writeback(int descriptor, long long offset, long long count) {
    return sync_file_range(descriptor, offset, count, SYNC_FILE_RANGE_WRITE) == 0 ? 0 : errno;
}

/// Guarded mappings: start 0 is a free slot. Written under `slots_lock` (map, unmap),
/// read without it by the signal handler (atomics).
#define GUARD_SLOTS 64
static struct {
    _Atomic(uintptr_t) start;
    _Atomic(size_t) length;
    atomic_int shrank;
} guarded[GUARD_SLOTS];
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t handler_once = PTHREAD_ONCE_INIT;
static struct sigaction previous_handler;
static int handler_installed;
static uintptr_t page_bytes;  // read once, before the handler can run
static _Thread_local unsigned long mappings_here;  // made on this thread, for tests

/// A SIGBUS in a guarded mapping means its file shrank: from the faulting page on, the
/// mapping is replaced by zero pages (mmap is async-signal-safe) and the load is retried.
/// Any other SIGBUS goes to the previous handler, or kills the process as it would have.
static void on_bus_error(int signal_number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int i = 0; i < GUARD_SLOTS; i++) {
        uintptr_t start = atomic_load(&guarded[i].start);
        size_t length = atomic_load(&guarded[i].length);
        if (start == 0 || address < start || address >= start + length) continue;
        uintptr_t from = address & ~(page_bytes - 1);
        void *zeros = mmap((void *)from, start + length - from, PROT_READ,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros != MAP_FAILED) {
            atomic_store(&guarded[i].shrank, 1);
            return;
        }
        break;
    }
    if (previous_handler.sa_flags & SA_SIGINFO) {
        previous_handler.sa_sigaction(signal_number, info, context);
    } else if (previous_handler.sa_handler != SIG_DFL && previous_handler.sa_handler != SIG_IGN) {
        previous_handler.sa_handler(signal_number);
    } else {
        signal(SIGBUS, SIG_DFL);  // the fault repeats on return and ends the process
    }
}

static void install_handler(void) {
    page_bytes = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action = {0};
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    handler_installed = sigaction(SIGBUS, &action, &previous_handler) == 0;
}

void *kinetix_map_guarded(int descriptor, size_t length) {
    pthread_once(&handler_once, install_handler);
    if (!handler_installed || length == 0) {
        errno = EINVAL;
        return NULL;
    }
    pthread_mutex_lock(&slots_lock);
    int slot = -1;
    for (int i = 0; i < GUARD_SLOTS && slot < 0; i++) {
        if (atomic_load(&guarded[i].start) == 0) slot = i;
    }
    void *start = MAP_FAILED;
    if (slot >= 0) {
        // Not populated up front: each reader maps the pages it reads as it reads them
        // (several at a fault), on its own thread, and the file is never resident whole.
        start = mmap(NULL, length, PROT_READ, MAP_PRIVATE, descriptor, 0);
        if (start != MAP_FAILED) {
            atomic_store(&guarded[slot].shrank, 0);
            atomic_store(&guarded[slot].length, length);
            atomic_store(&guarded[slot].start, (uintptr_t)start);
            mappings_here++;
        }
    } else {
        errno = ENOMEM;
    }
    pthread_mutex_unlock(&slots_lock);
    return start == MAP_FAILED ? NULL : start;
}

unsigned long kinetix_guarded_mappings_on_this_thread(void) {
    return mappings_here;
}

int kinetix_guarded_shrank(const void *start) {
    for (int i = 0; i < GUARD_SLOTS; i++) {
        if (atomic_load(&guarded[i].start) == (uintptr_t)start) return atomic_load(&guarded[i].shrank);
    }
    return 0;
}

void kinetix_unmap_guarded(void *start, size_t length) {
    pthread_mutex_lock(&slots_lock);
    for (int i = 0; i < GUARD_SLOTS; i++) {
        if (atomic_load(&guarded[i].start) == (uintptr_t)start) {
            atomic_store(&guarded[i].start, 0);
            atomic_store(&guarded[i].length, 0);
        }
    }
    munmap(start, length);
    pthread_mutex_unlock(&slots_lock);
}
#else
#include <errno.h>

int kinetix_start_writeback(int descriptor, long long offset, long long count) {
    (void)descriptor;
    (void)offset;
    (void)count;
    return 0;
}

void *kinetix_map_guarded(int descriptor, size_t length) {
    (void)descriptor;
    (void)length;
    errno = ENOTSUP;
    return NULL;
}

unsigned long kinetix_guarded_mappings_on_this_thread(void) {
    return 0;
}

int kinetix_guarded_shrank(const void *start) {
    (void)start;
    return 0;
}

void kinetix_unmap_guarded(void *start, size_t length) {
    (void)start;
    (void)length;
}
#endif

#if defined(__GLIBC__)
#include <malloc.h>

int kinetix_keep_freed_memory(long bytes) {
    return mallopt(M_MMAP_THRESHOLD, (int)bytes) == 1 && mallopt(M_TRIM_THRESHOLD, (int)bytes) == 1;
}
#else
int kinetix_keep_freed_memory(long bytes) {
    (void)bytes;
    return 0;
}
#endif
