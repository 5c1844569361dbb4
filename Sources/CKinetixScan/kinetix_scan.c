// The plain-points fast path of the sidecar decoder (see kinetix_scan.h): one pass, the
// position in a register, digits read eight at a time (SWAR), names compared sixteen
// bytes at a time. Anything unusual returns -1 for the general reader.
#include "kinetix_scan.h"

#include <stdint.h>
#include <string.h>

#define INLINE static inline __attribute__((always_inline))

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__

INLINE uint64_t load64(const unsigned char *p) {
    uint64_t word;
    memcpy(&word, p, 8);
    return word;
}

INLINE int is_space(unsigned char byte) {
    return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t';
}

INLINE long long skip_space(const unsigned char *b, long long i, long long count) {
    if (i + 1 < count) {  // usually no space or one: decided without the loop
        if (b[i] > ' ') return i;
        if (b[i] == ' ' && b[i + 1] > ' ') return i + 1;
    }
    while (i < count && is_space(b[i])) i++;
    return i;
}

static const uint64_t powers_of_ten[9] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};
/// The same as doubles (exact): converting at run time costs more than the division.
static const double powers_of_ten_double[9] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8,
};

/// The decimal digits at `p` (8 readable bytes, and a ninth when all 8 are digits):
/// how many (0–8; 9 for more than 8) and their value in `*value`.
INLINE int digit_run(const unsigned char *p, uint64_t *value) {
    uint64_t word = load64(p);
    // A byte's high bit is set where it is not a digit (below '0' the subtraction
    // borrows, above '9' the addition carries); borrows and carries only reach later
    // bytes, past the first non-digit, which are not used.
    uint64_t non_digit = ((word + 0x4646464646464646ull) | (word - 0x3030303030303030ull)) & 0x8080808080808080ull;
    int run = non_digit == 0 ? 8 : __builtin_ctzll(non_digit) / 8;
    if (run == 8 && (unsigned char)(p[8] - '0') < 10) return 9;
    if (run == 0) { *value = 0; return 0; }
    // The digits moved to the top bytes (zeros below act as leading zeros), then
    // combined pairwise: 8 digits, 4 of 0–99, 2 of 0–9999, one value.
    uint64_t v = (word - 0x3030303030303030ull) << (64 - 8 * run);
    v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFull;
    v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFull;
    v = (v * 10000 + (v >> 32)) & 0xFFFFFFFFull;
    *value = v;
    return run;
}

/// One plain number at `*at` (after optional whitespace) followed, after optional
/// whitespace, by `terminator`, which is consumed. 0 for anything else.
INLINE int read_number(const unsigned char *b, long long count, long long *at, unsigned char terminator, double *out) {
    long long i = skip_space(b, *at, count);
    // The longest plain number is 18 bytes; the digit runs read up to 9 bytes past theirs.
    if (count - i < 32) return 0;
    int negative = b[i] == '-';
    i += negative;
    long long integer_start = i;
    uint64_t mantissa, fraction;
    int digits = digit_run(b + i, &mantissa);
    if (digits == 0 || digits > 8 || (digits > 1 && b[integer_start] == '0')) return 0;
    i += digits;
    int fraction_digits = 0;
    if (b[i] == '.') {
        i++;
        fraction_digits = digit_run(b + i, &fraction);
        if (fraction_digits == 0 || fraction_digits > 8) return 0;
        mantissa = mantissa * powers_of_ten[fraction_digits] + fraction;
        digits += fraction_digits;
        i += fraction_digits;
    }
    if (digits > 15) return 0;  // beyond Clinger's exact case: the general reader decides
    if (b[i] != terminator) {  // i < count: the digit runs read further
        i = skip_space(b, i, count);
        if (i >= count || b[i] != terminator) return 0;
    }
    // Below 2^53: the conversion is exact, and so is 10^k (k <= 8).
    double value = (double)(int64_t)mantissa;
    if (fraction_digits > 0) value /= powers_of_ten_double[fraction_digits];
    *out = negative ? -value : value;
    *at = i + 1;
    return 1;
}

/// True when the quoted key at `b[i]` is `name` (`length` bytes, padded to 16 with zeros);
/// 18 bytes from `i` must be readable.
INLINE int key_is(const unsigned char *b, long long i, const unsigned char *name, int length) {
    if (b[i] != '"' || b[i + 1 + length] != '"') return 0;
    uint64_t mask0 = length >= 8 ? ~0ull : (1ull << (8 * length)) - 1;
    uint64_t mask1 = length >= 16 ? ~0ull : length <= 8 ? 0 : (1ull << (8 * (length - 8))) - 1;
    return ((load64(b + i + 1) ^ load64(name)) & mask0) == 0
        && ((load64(b + i + 9) ^ load64(name + 8)) & mask1) == 0;
}

/// The object of named points at `*at` (see kinetix_read_plain_points) into `values`
/// (x, y and confidence of point p at p, 64 + p and 128 + p) and `*found`; 1 and `*at`
/// past the `}`, or 0.
static int read_points(const unsigned char *b, long long count, long long *at,
                       const unsigned char *names, const unsigned char *lengths, int name_count,
                       float values[3 * 64], uint64_t *found) {
    long long i = skip_space(b, *at, count);
    if (i >= count || b[i] != '{') return 0;
    i = skip_space(b, i + 1, count);
    uint64_t present = 0, seen = 0;
    int next = 0;  // the name after the last one read: usually the next key
    if (i < count && b[i] == '}') {
        *found = 0;
        *at = i + 1;
        return 1;
    }
    for (;;) {
        if (count - i < 18) return 0;
        // Names are tried from the expected one on, wrapping around once.
        int point = next, tried = 0;
        while (tried < name_count && !(lengths[point] <= 16 && key_is(b, i, names + 16 * point, lengths[point]))) {
            point = point + 1 == name_count ? 0 : point + 1;
            tried++;
        }
        if (tried == name_count || (seen >> point & 1)) return 0;  // unknown, or a second time
        seen |= 1ull << point;
        i = skip_space(b, i + 2 + lengths[point], count);
        if (i >= count || b[i] != ':') return 0;
        i = skip_space(b, i + 1, count);
        if (i >= count || b[i] != '[') return 0;
        i++;
        double x, y, confidence;
        if (!read_number(b, count, &i, ',', &x) || !read_number(b, count, &i, ',', &y)
            || !read_number(b, count, &i, ']', &confidence)) return 0;
        if (confidence != 0) {  // confidence 0 means not detected
            present |= 1ull << point;
            values[point] = (float)x;
            values[64 + point] = (float)y;
            values[128 + point] = (float)confidence;
        }
        next = point + 1 == name_count ? 0 : point + 1;
        i = skip_space(b, i, count);
        if (i >= count) return 0;
        if (b[i] == '}') break;
        if (b[i] != ',') return 0;
        i = skip_space(b, i + 1, count);
    }
    *found = present;
    *at = i + 1;
    return 1;
}

/// Copies the points of `found` from `values` (as `read_points` left them) to the row.
static void store_points(const float values[3 * 64], uint64_t found, float *x, float *y, float *confidence) {
    while (found != 0) {
        int p = __builtin_ctzll(found);
        found &= found - 1;
        x[p] = values[p];
        y[p] = values[64 + p];
        confidence[p] = values[128 + p];
    }
}

long long kinetix_read_plain_points(const unsigned char *b, long long count, long long index,
                                    const unsigned char *names, const unsigned char *lengths, int name_count,
                                    float *x, float *y, float *confidence, unsigned long long *found) {
    if (name_count <= 0 || name_count > 64 || index < 0 || index > count) return -1;
    float values[3 * 64];
    uint64_t present;
    long long i = index;
    if (!read_points(b, count, &i, names, lengths, name_count, values, &present)) return -1;
    store_points(values, present, x, y, confidence);
    *found = present;
    return i;
}

static const unsigned char time_key[16] = "t";
static const unsigned char joints_key[16] = "joints";

long long kinetix_read_plain_frame(const unsigned char *b, long long count, long long index,
                                   const unsigned char *names, const unsigned char *lengths, int name_count,
                                   double *time, float *x, float *y, float *confidence, unsigned long long *found) {
    if (name_count <= 0 || name_count > 64 || index < 0 || index > count) return -1;
    long long i = skip_space(b, index, count);
    if (i >= count || b[i] != '{') return -1;
    i = skip_space(b, i + 1, count);
    float values[3 * 64];
    uint64_t present = 0;
    double t = 0;
    int members = 0;  // bit 0: "t" read, bit 1: "joints" read
    for (;;) {
        if (count - i < 18) return -1;
        int member = key_is(b, i, time_key, 1) ? 1 : key_is(b, i, joints_key, 6) ? 2 : 0;
        if (member == 0 || (members & member)) return -1;  // another member, or a second time
        members |= member;
        i = skip_space(b, i + (member == 1 ? 3 : 8), count);
        if (i >= count || b[i] != ':') return -1;
        i++;
        if (member == 1) {
            // The last member's number ends at the `}`, which the loop reads: step back to it.
            if (read_number(b, count, &i, ',', &t)) i--;
            else if (read_number(b, count, &i, '}', &t)) i--;
            else return -1;
        } else if (!read_points(b, count, &i, names, lengths, name_count, values, &present)) {
            return -1;
        }
        i = skip_space(b, i, count);
        if (i >= count) return -1;
        if (b[i] == '}') break;
        if (b[i] != ',') return -1;
        i = skip_space(b, i + 1, count);
    }
    if (members != 3) return -1;
    *time = t;
    store_points(values, present, x, y, confidence);
    *found = present;
    return i + 1;
}

#else

// Big-endian: the general reader reads everything.
long long kinetix_read_plain_points(const unsigned char *b, long long count, long long index,
                                    const unsigned char *names, const unsigned char *lengths, int name_count,
                                    float *x, float *y, float *confidence, unsigned long long *found) {
    (void)b; (void)count; (void)index; (void)names; (void)lengths; (void)name_count;
    (void)x; (void)y; (void)confidence; (void)found;
    return -1;
}

long long kinetix_read_plain_frame(const unsigned char *b, long long count, long long index,
                                   const unsigned char *names, const unsigned char *lengths, int name_count,
                                   double *time, float *x, float *y, float *confidence, unsigned long long *found) {
    (void)b; (void)count; (void)index; (void)names; (void)lengths; (void)name_count;
    (void)time; (void)x; (void)y; (void)confidence; (void)found;
    return -1;
}

#endif
