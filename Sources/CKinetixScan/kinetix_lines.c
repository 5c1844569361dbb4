// Counting line feeds for error positions (see kinetix_lines.h). A sidecar's lines are a
// few hundred bytes long, so one library search per line spends more on the calls than on
// the bytes: here sixteen bytes are compared at once, the matches (-1 a byte) subtracted
// from sixteen byte counters, and the counters summed every 255 steps, before they could
// overflow.
#include "kinetix_lines.h"

#include <stdint.h>
#include <string.h>

typedef uint8_t bytes16 __attribute__((vector_size(16)));
typedef uint64_t words2 __attribute__((vector_size(16)));

static inline bytes16 load16(const unsigned char *p) {
    bytes16 v;
    memcpy(&v, p, 16);
    return v;
}

/// The sum of the sixteen byte counters.
static inline long long sum_bytes(bytes16 counters) {
    words2 w = (words2)counters;
    uint64_t total = 0;
    for (int i = 0; i < 2; i++) {
        uint64_t pairs = (w[i] & 0x00FF00FF00FF00FFull) + ((w[i] >> 8) & 0x00FF00FF00FF00FFull);
        total += (pairs * 0x0001000100010001ull) >> 48;
    }
    return (long long)total;
}

/// True when any byte of the vector is a line feed.
static inline int any_newline(bytes16 v) {
    words2 w = (words2)(v == '\n');
    return (w[0] | w[1]) != 0;
}

long long kinetix_count_newlines(const unsigned char *bytes, long long count, long long *last) {
    const bytes16 newline = {'\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n',
                             '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n'};
    long long total = 0, i = 0;
    while (count - i >= 16) {
        bytes16 counters = {0};
        long long steps = (count - i) / 16;
        if (steps > 255) steps = 255;
        for (long long s = 0; s < steps; s++, i += 16)
            counters -= (bytes16)(load16(bytes + i) == newline);
        total += sum_bytes(counters);
    }
    for (; i < count; i++) total += bytes[i] == '\n';
    if (total == 0) return 0;
    // The last line feed: backwards, a byte at a time to a 16-byte step, then 16 at once.
    long long j = count;
    while (j > 0 && j % 16 != 0) {
        if (bytes[--j] == '\n') { *last = j; return total; }
    }
    while (j >= 16 && !any_newline(load16(bytes + j - 16))) j -= 16;
    while (bytes[--j] != '\n') {}
    *last = j;
    return total;
}
