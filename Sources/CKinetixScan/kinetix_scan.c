// The plain-points fast path of the sidecar decoder (see kinetix_scan.h): one pass, the
// position in a register, names compared sixteen bytes at a time, a number's digits read
// eight at a time (SWAR, any CPU) or all at once (SSSE3). Anything unusual returns -1
// for the general reader.
//
// The object and frame readers are compiled once per number reader, from
// kinetix_scan_readers.h, so the SSSE3 copy can be chosen at run time: the package builds
// for baseline x86-64, which has no SSSE3.
#include "kinetix_scan.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <tmmintrin.h>
#endif

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

/// The offset of `terminator` at `i` or after whitespace from there, else -1; `i` is
/// within the bytes (the number readers have read past it).
INLINE long long terminator_at(const unsigned char *b, long long count, long long i, unsigned char terminator) {
    if (__builtin_expect(b[i] == terminator, 1)) return i;  // the usual case: no space before it
    i = skip_space(b, i, count);
    return i < count && b[i] == terminator ? i : -1;
}

/// The number with `mantissa`'s digits, `fraction_digits` of them after the point:
/// below 2^53 the conversion is exact, and so is 10^k (k <= 8), so one division rounds
/// once, as the general reader's Clinger case does.
INLINE double plain_value(uint64_t mantissa, int fraction_digits, int negative) {
    double value = (double)(int64_t)mantissa;
    if (fraction_digits > 0) value /= powers_of_ten_double[fraction_digits];
    return negative ? -value : value;
}

/// One plain number at `*at` (after optional whitespace) followed, after optional
/// whitespace, by `terminator`, which is consumed. 0 for anything else.
INLINE int read_number_portable(const unsigned char *b, long long count, long long *at, unsigned char terminator, double *out) {
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
    long long end = terminator_at(b, count, i, terminator);
    if (end < 0) return 0;
    *out = plain_value(mantissa, fraction_digits, negative);
    *at = end + 1;
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


#if defined(__x86_64__)

/// `digit_gather[i][f]` shuffles the bytes of `i` integer digits, a point and `f`
/// fraction digits (the point skipped) into the last i + f bytes of a vector, zeros
/// before them (0x80 selects zero).
#define GATHER_BYTE(i, f, k) \
    ((k) < 16 - (i) - (f) ? 0x80 : (k) - (16 - (i) - (f)) < (i) ? (k) - (16 - (i) - (f)) : (k) - (16 - (i) - (f)) + 1)
#define GATHER_ROW(i, f) { \
    GATHER_BYTE(i, f, 0), GATHER_BYTE(i, f, 1), GATHER_BYTE(i, f, 2), GATHER_BYTE(i, f, 3), \
    GATHER_BYTE(i, f, 4), GATHER_BYTE(i, f, 5), GATHER_BYTE(i, f, 6), GATHER_BYTE(i, f, 7), \
    GATHER_BYTE(i, f, 8), GATHER_BYTE(i, f, 9), GATHER_BYTE(i, f, 10), GATHER_BYTE(i, f, 11), \
    GATHER_BYTE(i, f, 12), GATHER_BYTE(i, f, 13), GATHER_BYTE(i, f, 14), GATHER_BYTE(i, f, 15) }
#define GATHER_ROWS(i) { \
    GATHER_ROW(i, 0), GATHER_ROW(i, 1), GATHER_ROW(i, 2), GATHER_ROW(i, 3), GATHER_ROW(i, 4), \
    GATHER_ROW(i, 5), GATHER_ROW(i, 6), GATHER_ROW(i, 7), GATHER_ROW(i, 8) }
static const unsigned char digit_gather[9][9][16] __attribute__((aligned(16))) = {
    GATHER_ROWS(0), GATHER_ROWS(1), GATHER_ROWS(2), GATHER_ROWS(3), GATHER_ROWS(4),
    GATHER_ROWS(5), GATHER_ROWS(6), GATHER_ROWS(7), GATHER_ROWS(8),
};

/// `read_number_portable` with SSSE3: the digits and the point found in one 16-byte
/// compare, the digits gathered into one vector and combined in three multiply-adds
/// (pairs, fours, eights). Accepts and returns exactly what `read_number_portable` does.
__attribute__((target("ssse3"))) INLINE int read_number_ssse3(const unsigned char *b, long long count, long long *at,
                                                                unsigned char terminator, double *out) {
    long long i = skip_space(b, *at, count);
    if (count - i < 32) return 0;  // the 16 bytes read, and the one after them, lie within
    int negative = b[i] == '-';
    i += negative;
    const __m128i text = _mm_loadu_si128((const __m128i *)(b + i));
    const __m128i digit = _mm_sub_epi8(text, _mm_set1_epi8('0'));
    // Bit k is set when byte k is a digit (as unsigned, at most 9 after the subtraction).
    const unsigned is_digit = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit));
    const int integer_digits = __builtin_ctz(~is_digit);
    if (integer_digits == 0 || integer_digits > 8 || (integer_digits > 1 && b[i] == '0')) return 0;
    int fraction_digits = 0;
    long long end = i + integer_digits;
    if (b[end] == '.') {
        fraction_digits = __builtin_ctz(~(is_digit >> (integer_digits + 1)));
        if (fraction_digits == 0 || fraction_digits > 8) return 0;
        // A run to the last byte read may go on: one more digit makes more than 15.
        if (integer_digits + 1 + fraction_digits == 16 && (unsigned char)(b[i + 16] - '0') < 10) return 0;
        end += 1 + fraction_digits;
    }
    end = terminator_at(b, count, end, terminator);
    if (end < 0) return 0;
    const __m128i digits = _mm_shuffle_epi8(digit, _mm_load_si128((const __m128i *)digit_gather[integer_digits][fraction_digits]));
    const __m128i pairs = _mm_maddubs_epi16(digits, _mm_set1_epi16(0x010A));      // 10 × first + second
    const __m128i fours = _mm_madd_epi16(pairs, _mm_set1_epi32(0x00010064));       // 100 × first + second
    const __m128i eights = _mm_madd_epi16(_mm_packs_epi32(fours, fours), _mm_set1_epi32(0x00012710));  // 10000 × …
    const uint64_t mantissa = (uint64_t)(uint32_t)_mm_cvtsi128_si32(eights) * 100000000u
        + (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(eights, 4));
    *out = plain_value(mantissa, fraction_digits, negative);
    *at = end + 1;
    return 1;
}

/// 1 when this CPU has SSSE3, else 0.
static int cpu_has_ssse3(void) {
    unsigned int eax, ebx, ecx, edx;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && ((ecx >> 9) & 1);
}

#endif

static const unsigned char time_key[16] = "t";
static const unsigned char joints_key[16] = "joints";

// The readers with the portable number reader: kinetix_read_plain_*_portable.
#define SCAN(name) kinetix_##name##_portable
#define READ_NUMBER read_number_portable
#include "kinetix_scan_readers.h"
#undef SCAN
#undef READ_NUMBER

#if defined(__x86_64__)
// The readers with the SSSE3 number reader, compiled for SSSE3: kinetix_read_plain_*_ssse3.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("ssse3"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("ssse3")
#endif
#define SCAN(name) kinetix_##name##_ssse3
#define READ_NUMBER read_number_ssse3
#include "kinetix_scan_readers.h"
#undef SCAN
#undef READ_NUMBER
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif

int kinetix_scan_best_level(void) {
#if defined(__x86_64__)
    static int level = -1;  // racing threads store the same value
    if (__atomic_load_n(&level, __ATOMIC_RELAXED) < 0) __atomic_store_n(&level, cpu_has_ssse3(), __ATOMIC_RELAXED);
    return __atomic_load_n(&level, __ATOMIC_RELAXED);
#else
    return 0;
#endif
}

long long kinetix_read_plain_points(int level, const unsigned char *b, long long count, long long index,
                                    const unsigned char *names, const unsigned char *lengths, int name_count,
                                    float *x, float *y, float *confidence, unsigned long long *found) {
#if defined(__x86_64__)
    if (level >= 1 && kinetix_scan_best_level() >= 1)
        return kinetix_read_plain_points_ssse3(b, count, index, names, lengths, name_count, x, y, confidence, found);
#endif
    (void)level;
    return kinetix_read_plain_points_portable(b, count, index, names, lengths, name_count, x, y, confidence, found);
}

long long kinetix_read_plain_frame(int level, const unsigned char *b, long long count, long long index,
                                   const unsigned char *names, const unsigned char *lengths, int name_count,
                                   double *time, float *x, float *y, float *confidence, unsigned long long *found) {
#if defined(__x86_64__)
    if (level >= 1 && kinetix_scan_best_level() >= 1)
        return kinetix_read_plain_frame_ssse3(b, count, index, names, lengths, name_count, time, x, y, confidence, found);
#endif
    (void)level;
    return kinetix_read_plain_frame_portable(b, count, index, names, lengths, name_count, time, x, y, confidence, found);
}

#else

// Big-endian: the general reader reads everything.
int kinetix_scan_best_level(void) { return 0; }

long long kinetix_read_plain_points(int level, const unsigned char *b, long long count, long long index,
                                    const unsigned char *names, const unsigned char *lengths, int name_count,
                                    float *x, float *y, float *confidence, unsigned long long *found) {
    (void)level; (void)b; (void)count; (void)index; (void)names; (void)lengths; (void)name_count;
    (void)x; (void)y; (void)confidence; (void)found;
    return -1;
}

long long kinetix_read_plain_frame(int level, const unsigned char *b, long long count, long long index,
                                   const unsigned char *names, const unsigned char *lengths, int name_count,
                                   double *time, float *x, float *y, float *confidence, unsigned long long *found) {
    (void)level; (void)b; (void)count; (void)index; (void)names; (void)lengths; (void)name_count;
    (void)time; (void)x; (void)y; (void)confidence; (void)found;
    return -1;
}

#endif
