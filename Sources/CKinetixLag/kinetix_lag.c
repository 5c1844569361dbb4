// The lag-search SIMD kernel (see kinetix_lag.h), written once with vector types and
// compiled three times: for AVX-512, for AVX2 and for the baseline (SSE2 / NEON).
// `kinetix_lag_best_level` reads the CPU's features at run time.
//
// Exactness: every lane evaluates the scalar reference's expression in the same order
// (Swift's LagSearch.searchScalar): s = fma(d, d, s) over limbs in order, one rounding
// per limb, then the score s / c (one correctly rounded division on every instruction
// set), keeping the lowest, ties to the smaller lag; so all levels give bitwise-equal
// lags and scores. The fused multiply-add is explicit (`fmadd` below): the AVX2 and AVX-512
// copies use the instruction (the dispatcher requires the CPU's FMA bit), NEON has it,
// and the x86-64 baseline copy, for CPUs without it, computes the same correctly
// rounded result from doubles (`fmadd_half_from_doubles`). No other expression may be
// contracted, so implicit contraction stays off.
#include "kinetix_lag.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif

#pragma STDC FP_CONTRACT OFF
#ifdef __clang__
#pragma clang fp contract(off)
// The vector helpers are always inlined into each instruction set's copy, so the
// ABI of passing 64-byte vectors between differently compiled functions never arises.
#pragma clang diagnostic ignored "-Wpsabi"
#endif

typedef float v16 __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));
typedef float v16u __attribute__((vector_size(64), aligned(4)));
typedef int32_t v16iu __attribute__((vector_size(64), aligned(4)));

#define LANES 16
#define LIMBS 9
#define INLINE static inline __attribute__((always_inline))

// Loops over lanes, limbs and lags in flight must be unrolled so their vectors stay in
// registers. Clang unrolls them at -O3 but not always at -O2, which SwiftPM's release
// builds use: there the 16 rows of a transpose went through the stack and the kernel
// ran 17 % slower. So each such loop asks for it.
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define UNROLL _Pragma("GCC unroll 16")
#else
#define UNROLL
#endif

INLINE v16 load(const float *p) { return *(const v16u *)p; }
INLINE void store(float *p, v16 v) { *(v16u *)p = v; }

/// Which copy of the kernel a helper is inlined into (a constant in each copy).
typedef enum {
    COPY_BASELINE,  // SSE2 on x86-64 (no fused multiply-add instruction), NEON on arm64
    COPY_AVX2,      // AVX2 and FMA3
    COPY_AVX512,    // AVX-512 and FMA3: masked sums use its mask registers
} copy_t;

/// Whether `copy` has a fused multiply-add instruction.
INLINE int has_fma_instruction(copy_t copy) {
#if defined(__x86_64__)
    return copy != COPY_BASELINE;
#else
    (void)copy;
    return 1;
#endif
}

typedef double v8d __attribute__((vector_size(64)));
typedef int64_t v8l __attribute__((vector_size(64)));
typedef float v8 __attribute__((vector_size(32)));

/// a × b + c correctly rounded to float, from doubles. The product is exact in double
/// (24 + 24 significant bits), so t = a × b + c rounded to double is one rounding away
/// from the true value x, and rounding t to float gives the correct float unless t
/// landed exactly on a midpoint between two floats (rounding never carries a value
/// across a representable double, and float midpoints are doubles). Lanes where t is
/// such a midpoint, or lies below the normal floats (where midpoints sit higher), are
/// computed again by libm's exact `fmaf`: about one lane in 2^29 of random data.
INLINE v8 fmadd_half_from_doubles(v8 a, v8 b, v8 c) {
    const v8d t = __builtin_convertvector(a, v8d) * __builtin_convertvector(b, v8d) + __builtin_convertvector(c, v8d);
    v8 rounded = __builtin_convertvector(t, v8);
    const v8l bits = (v8l)t & 0x7FFFFFFFFFFFFFFF;  // |t|
    const v8l midpoint = (bits & 0x1FFFFFFF) == 0x10000000;  // the 29 bits below a float's last
    const v8l below_normal = (bits != 0) & (bits < 0x3810000000000000);  // 0 < |t| < 2^-126
    const v8l recheck = midpoint | below_normal;
    long any = 0;
    for (int i = 0; i < 8; i++) any |= recheck[i];
    if (__builtin_expect(any != 0, 0)) {
        for (int i = 0; i < 8; i++)
            if (recheck[i]) rounded[i] = fmaf(a[i], b[i], c[i]);
    }
    return rounded;
}

/// a × b + c with one rounding, per lane: the instruction, or from doubles.
INLINE v16 fmadd(v16 a, v16 b, v16 c, copy_t copy) {
    if (has_fma_instruction(copy)) {
#if __has_builtin(__builtin_elementwise_fma)
        return __builtin_elementwise_fma(a, b, c);
#else  // older compilers: lane by lane (the instruction where the target has it)
        v16 r;
        for (int i = 0; i < LANES; i++) r[i] = fmaf(a[i], b[i], c[i]);
        return r;
#endif
    }
    const v8 low = fmadd_half_from_doubles(__builtin_shufflevector(a, a, 0, 1, 2, 3, 4, 5, 6, 7),
                                           __builtin_shufflevector(b, b, 0, 1, 2, 3, 4, 5, 6, 7),
                                           __builtin_shufflevector(c, c, 0, 1, 2, 3, 4, 5, 6, 7));
    const v8 high = fmadd_half_from_doubles(__builtin_shufflevector(a, a, 8, 9, 10, 11, 12, 13, 14, 15),
                                            __builtin_shufflevector(b, b, 8, 9, 10, 11, 12, 13, 14, 15),
                                            __builtin_shufflevector(c, c, 8, 9, 10, 11, 12, 13, 14, 15));
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

INLINE v16 splat(float x) {
    v16 v;
    for (int i = 0; i < LANES; i++) v[i] = x;
    return v;
}

INLINE v16i splat_i(int32_t x) {
    v16i v;
    for (int i = 0; i < LANES; i++) v[i] = x;
    return v;
}

/// Lanes of `a` where `mask` is set, else of `b`.
INLINE v16 blend(v16i mask, v16 a, v16 b) { return (v16)(((v16i)a & mask) | ((v16i)b & ~mask)); }
INLINE v16i blend_i(v16i mask, v16i a, v16i b) { return (a & mask) | (b & ~mask); }

/// True when some lane of `any` is set.
INLINE int any_lane(v16i any) {
    int set = 0;
    UNROLL
    for (int lane = 0; lane < LANES; lane++) set |= any[lane];
    return set != 0;
}

/// The learner's 9 limbs for 16 frames.
typedef struct { v16 v[LIMBS]; } block_t;

INLINE block_t load_block(const kinetix_lag_problem *p, long n0) {
    block_t b;
    UNROLL
    for (int i = 0; i < LIMBS; i++) b.v[i] = load(p->learner + i * p->learner_stride + n0);
    return b;
}

/// Σ d² against 16 demonstrator frames, every limb tracked: limb i's 16 values are at
/// d + i × stride (a padded layout's stride, or one row of the lane-segmented layout).
INLINE v16 complete_squares(const block_t *b, const float *d, long stride, copy_t copy) {
    v16 s = splat(0);
    UNROLL
    for (int i = 0; i < LIMBS; i++) {
        const v16 diff = b->v[i] - load(d + i * stride);
        s = fmadd(diff, diff, s, copy);
    }
    return s;
}

#if defined(__x86_64__)
#include <immintrin.h>

/// `masked_sums` with AVX-512's mask registers: the masked fused multiply-add and add
/// leave untracked lanes as they were in one instruction each, where the portable blend
/// takes two. The same operations in the same order, so the same bits. Not always
/// inlined, so the other copies may call it (they never do) and compile.
__attribute__((target("avx512f,fma"))) static inline void masked_sums_avx512(const block_t *b, const float *d,
                                                                             long stride, const v16 *w, v16 *s_out,
                                                                             v16 *c_out) {
    __m512 s = _mm512_setzero_ps(), c = _mm512_setzero_ps();
    UNROLL
    for (int i = 0; i < LIMBS; i++) {
        const __m512 diff = _mm512_sub_ps((__m512)b->v[i], _mm512_loadu_ps(d + i * stride));
        const __mmask16 tracked = _mm512_cmp_ps_mask(diff, diff, _CMP_ORD_Q);
        s = _mm512_mask3_fmadd_ps(diff, diff, s, tracked);
        c = _mm512_mask_add_ps(c, tracked, c, (__m512)w[i]);
    }
    *s_out = (v16)s;
    *c_out = (v16)c;
}
#endif

/// Σ d² and Σ w over limbs tracked on both sides (a NaN difference adds nothing), limb
/// i's 16 values at d + i × stride.
INLINE void masked_sums(const block_t *b, const float *d, long stride, const v16 *w, v16 *s_out, v16 *c_out,
                        copy_t copy) {
#if defined(__x86_64__)
    if (copy == COPY_AVX512) {
        masked_sums_avx512(b, d, stride, w, s_out, c_out);
        return;
    }
#endif
    // Untracked lanes add exactly +0 (s and c are never negative): two ands, where
    // blending the sums would take two blends, which cost more than one instruction each.
    v16 s = splat(0), c = splat(0);
    UNROLL
    for (int i = 0; i < LIMBS; i++) {
        const v16 diff = b->v[i] - load(d + i * stride);
        const v16i tracked = diff == diff;
        const v16 kept = (v16)((v16i)diff & tracked);
        s = fmadd(kept, kept, s, copy);
        c += (v16)((v16i)w[i] & tracked);
    }
    *s_out = s;
    *c_out = c;
}

/// The best candidate so far per lane, in lag order: its score and lag.
typedef struct { v16 score; v16i lag; } best_t;

/// The rule (LagSearch.searchScalar): a candidate whose shared weight c reaches the
/// minimum beats the best when its score s / c is lower; on a tie the smaller lag stays.
INLINE void consider(best_t *best, v16 s, v16 c, int32_t tau, v16 min_shared) {
    const v16 score = s / c;
    const v16i better = (c >= min_shared) & (score < best->score);
    best->score = blend(better, score, best->score);
    best->lag = blend_i(better, splat_i(tau), best->lag);
}

/// `consider` for a fully tracked candidate, whose shared weight is `full` (at least
/// the minimum: the caller checks).
INLINE void consider_complete(best_t *best, v16 s, v16 full, int32_t tau) {
    const v16 score = s / full;
    const v16i better = score < best->score;
    best->score = blend(better, score, best->score);
    best->lag = blend_i(better, splat_i(tau), best->lag);
}

/// The lowest raw sum among a tile's fully tracked candidates, in lag order: its sum, its
/// lag (ties to the smaller), and the lowest sum before that lag (`before`).
typedef struct { v16 sum, before; v16i lag; } lowest_t;

/// `consider_complete` without its division: the sum alone decides. Only the last strict
/// improvement's predecessor is kept, which `settle_lowest` needs.
INLINE void consider_sum(lowest_t *lowest, v16 s, int32_t tau) {
    const v16i lower = s < lowest->sum;
    lowest->before = blend(lower, lowest->sum, lowest->before);
    lowest->sum = blend(lower, s, lowest->sum);
    lowest->lag = blend_i(lower, splat_i(tau), lowest->lag);
}

/// Folds a tile's lowest sums into the best so far, as `consider_complete` over the same
/// candidates would have: division by the positive, finite `full` is monotonic, so the
/// lowest sum has the lowest score, and its lag is the rule's unless an earlier candidate's
/// score rounds to the same value. Every earlier candidate's sum is at least `before`, so
/// that can happen only when `before`'s score equals the lowest's: then this returns 0 and
/// leaves `best` alone, for the caller to divide candidate by candidate (sums a few units in
/// the last place apart: rare).
INLINE int settle_lowest(best_t *best, const lowest_t *lowest, v16 full) {
    const v16 score = lowest->sum / full;
    const v16i better = score < best->score;
    if (any_lane(better & (lowest->before / full == score))) return 0;
    best->score = blend(better, score, best->score);
    best->lag = blend_i(better, lowest->lag, best->lag);
    return 1;
}

INLINE float full_weight(const kinetix_lag_problem *p) {
    float total = 0;
    for (int i = 0; i < LIMBS; i++) total += p->weights[i];
    return total;
}

/// True when frames [from, to) of a padded layout are all fully tracked.
INLINE int complete(const int32_t *untracked, long from, long to) { return untracked[to] == untracked[from]; }

INLINE int block_is_complete(const kinetix_lag_problem *p, long n0) {
    long base = n0 + p->pad;
    return complete(p->learner_untracked, n0, n0 + LANES)
        && complete(p->demonstrator_untracked, base - p->max_lag, base + LANES);
}

// ---- The search, on the lane-segmented layout ------------------------------------------

enum { SEGMENT = 256 };

/// One thread's workspace: a chunk's learner rows (S x 9 vectors), demonstrator rows
/// ((S + max_lag) x 9 vectors), per-row "some lane or limb untracked" prefix counts,
/// and the best candidate so far per learner row.
typedef struct {
    float *learner, *demonstrator;
    int32_t *learner_untracked, *demonstrator_untracked;
    float *best_score;
    int32_t *best_lag;
} workspace_t;

/// Lags a tile holds: each row of the tile's demonstrator rows serves one learner row
/// after another, so they should stay in the L1 data cache: three quarters of it (the
/// rest for the learner rows and the stack), from 16 to 64, a multiple of 4. A 32-lag
/// tile where a 64-lag one fits ran at 0.93x (Zen 5, 48 KB); 96 lags there, which do not
/// fit, ran at 0.5x.
static int lags_in_l1(void) {
    long bytes = 0;
#if defined(_SC_LEVEL1_DCACHE_SIZE)
    bytes = sysconf(_SC_LEVEL1_DCACHE_SIZE);
#elif defined(__APPLE__)
    int64_t size = 0;
    size_t length = sizeof size;
    if (sysctlbyname("hw.l1dcachesize", &size, &length, NULL, 0) == 0) bytes = (long)size;
#endif
    if (bytes <= 0) bytes = 32 * 1024;  // unknown: the smallest in use on x86-64 and arm64
    long lags = bytes * 3 / 4 / (LIMBS * LANES * (long)sizeof(float));
    lags = lags < 16 ? 16 : lags > 64 ? 64 : lags;
    return (int)(lags / 4 * 4);
}

/// Lags searched together: `lags_in_l1()`, set once by `set_up` before any search.
static int lag_tile = 32;

/// Lanes a0 b0 a1 b1 … a7 b7 (`lo`) and a8 b8 … a15 b15 (`hi`).
INLINE void interleave(v16 a, v16 b, v16 *lo, v16 *hi) {
    *lo = __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    *hi = __builtin_shufflevector(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}

/// Transposes a 16 x 16 block in place: afterwards v[r][j] is the old v[j][r]. Each
/// round of interleaving rows i and i + 8 rotates the 8-bit (row, column) index left by
/// one bit, so four rounds swap row and column.
INLINE void transpose(v16 v[LANES]) {
    UNROLL
    for (int round = 0; round < 4; round++) {
        v16 t[LANES];
        UNROLL
        for (int i = 0; i < LANES / 2; i++) interleave(v[i], v[i + LANES / 2], &t[2 * i], &t[2 * i + 1]);
        UNROLL
        for (int i = 0; i < LANES; i++) v[i] = t[i];
    }
}

/// Copies frames [start + lane x S, … + rows) of `source` (limb-major, `frames` per limb,
/// frame index shifted by `offset`) into rows of 9 vectors; frames outside [0, limit)
/// are NaN. Counts rows with anything untracked into `untracked` (a prefix sum).
///
/// One limb at a time, so the reads are 16 sequential streams (one per lane) rather than
/// 144, and each block asks for the next chunk's lines early. Sixteen rows whose
/// frames all lie inside are read as 16 contiguous runs and transposed; other rows are
/// gathered lane by lane.
INLINE void build_rows(const float *source, long frames, long limit, const float *scales, long start, long offset,
                       long segment, long rows, float *target, int32_t *untracked) {
    for (int limb = 0; limb < LIMBS; limb++) {
        const v16 scale = splat(scales[limb]);
        const float *from = source + limb * frames;
        for (long r = 0; r < rows;) {
            const long f0 = start + offset + r;  // lane 0's frame; lane j's is f0 + j x segment
            if (r + LANES <= rows && f0 >= 0 && f0 + (LANES - 1) * (segment + 1) < limit) {
                // The same lines of the next chunk into L2, a whole chunk's search ahead.
                const int ahead = f0 + (2 * LANES - 1) * segment + LANES <= frames;
                v16 v[LANES];
                UNROLL
                for (int lane = 0; lane < LANES; lane++) {
                    if (ahead) __builtin_prefetch(from + f0 + (lane + LANES) * segment, 0, 2);
                    v[lane] = load(from + f0 + lane * segment);
                }
                transpose(v);
                UNROLL
                for (int k = 0; k < LANES; k++) *(v16 *)(target + ((r + k) * LIMBS + limb) * LANES) = v[k] * scale;
                r += LANES;
            } else {
                v16 v;
                for (int lane = 0; lane < LANES; lane++) {
                    const long f = f0 + lane * segment;
                    v[lane] = (f >= 0 && f < limit) ? from[f] : NAN;
                }
                *(v16 *)(target + (r * LIMBS + limb) * LANES) = v * scale;
                r++;
            }
        }
    }
    untracked[0] = 0;
    for (long r = 0; r < rows; r++) {
        v16i any = splat_i(0);
        UNROLL
        for (int limb = 0; limb < LIMBS; limb++) {
            const v16 v = *(const v16 *)(target + (r * LIMBS + limb) * LANES);
            any |= v != v;
        }
        untracked[r + 1] = untracked[r] + any_lane(any);
    }
}

/// Row r of a lane-segmented layout: 9 aligned vectors, one per limb.
INLINE const float *row_at(const float *rows, long r) { return rows + r * (LIMBS * LANES); }

INLINE v16 row_load(const float *rows, long r, int limb) { return *(const v16 *)(row_at(rows, r) + limb * LANES); }

/// Independent sums a copy keeps in flight for one row, as many as its registers hold:
/// beyond one, complete sums spill the baseline's sixteen 16-byte registers (0.80× at
/// four); masked sums, which carry a weight sum too, fit four in AVX-512's 32.
enum { MAX_IN_FLIGHT = 4 };
INLINE int complete_sums_in_flight(copy_t copy) { return copy == COPY_BASELINE ? 1 : 4; }
INLINE int masked_sums_in_flight(copy_t copy) { return copy == COPY_AVX512 ? 4 : 2; }

/// Fully tracked candidates at lags [tau0, tau1) for one learner row `b` (demonstrator
/// row `top` is lag 0): each considered by its score into `best`, or, when `best` is
/// NULL, by its sum into `lowest` (the caller passes a constant, so each use compiles to
/// one loop).
INLINE void complete_candidates(const block_t *b, const workspace_t *ws, long top, int tau0, int tau1, v16 full,
                                best_t *best, lowest_t *lowest, copy_t copy) {
    const int n = complete_sums_in_flight(copy);
    int tau = tau0;
    for (; tau + n <= tau1; tau += n) {
        v16 sums[MAX_IN_FLIGHT];
        UNROLL
        for (int u = 0; u < n; u++) sums[u] = complete_squares(b, row_at(ws->demonstrator, top - tau - u), LANES, copy);
        UNROLL
        for (int u = 0; u < n; u++) {
            if (best) consider_complete(best, sums[u], full, tau + u);
            else consider_sum(lowest, sums[u], tau + u);
        }
    }
    for (; tau < tau1; tau++) {
        const v16 sum = complete_squares(b, row_at(ws->demonstrator, top - tau), LANES, copy);
        if (best) consider_complete(best, sum, full, tau);
        else consider_sum(lowest, sum, tau);
    }
}

/// Lags [tau0, tau1) for learner rows 0..<rows of the chunk, updating each row's best.
INLINE void search_tile(const workspace_t *ws, long rows, int max_lag, int tau0, int tau1, const v16 *w, v16 full,
                        v16 min_shared, copy_t copy) {
    for (long k = 0; k < rows; k++) {
        block_t b;
        UNROLL
        for (int i = 0; i < LIMBS; i++) b.v[i] = row_load(ws->learner, k, i);
        best_t best = { *(v16 *)(ws->best_score + k * LANES), *(v16i *)(ws->best_lag + k * LANES) };
        const long top = k + max_lag;  // demonstrator row of lag 0
        const int complete = ws->learner_untracked[k + 1] == ws->learner_untracked[k]
            && ws->demonstrator_untracked[top - tau0 + 1] == ws->demonstrator_untracked[top - (tau1 - 1)];
        if (complete) {
            // Every candidate shares the full weight: none qualifies when that is short.
            // Compared by sum alone where that gives the rule's answer, else by score.
            if (full[0] >= min_shared[0]) {
                int settled = 0;
                if (full[0] > 0 && full[0] < INFINITY) {
                    lowest_t lowest = { splat(INFINITY), splat(INFINITY), splat_i(-1) };
                    complete_candidates(&b, ws, top, tau0, tau1, full, NULL, &lowest, copy);
                    settled = settle_lowest(&best, &lowest, full);
                }
                if (!settled) complete_candidates(&b, ws, top, tau0, tau1, full, &best, NULL, copy);
            }
        } else {
            const int n = masked_sums_in_flight(copy);
            int tau = tau0;
            for (; tau + n <= tau1; tau += n) {
                v16 s[MAX_IN_FLIGHT], c[MAX_IN_FLIGHT];
                UNROLL
                for (int u = 0; u < n; u++) masked_sums(&b, row_at(ws->demonstrator, top - tau - u), LANES, w, &s[u], &c[u], copy);
                UNROLL
                for (int u = 0; u < n; u++) consider(&best, s[u], c[u], tau + u, min_shared);
            }
            for (; tau < tau1; tau++) {
                v16 s, c;
                masked_sums(&b, row_at(ws->demonstrator, top - tau), LANES, w, &s, &c, copy);
                consider(&best, s, c, tau, min_shared);
            }
        }
        *(v16 *)(ws->best_score + k * LANES) = best.score;
        *(v16i *)(ws->best_lag + k * LANES) = best.lag;
    }
}

/// Writes a chunk's lags and scores (NaN where no lag qualified) to frames
/// start + lane x segment + k, k < rows, that lie before `last`. Where every lane's frames
/// do, sixteen rows at a time are transposed back into sixteen runs of frames; the rest
/// frame by frame.
INLINE void write_results(const workspace_t *ws, long start, long segment, long rows, long last, int32_t *lag_out,
                          float *score_out) {
    long k0 = 0;
    if (start + (LANES - 1) * segment + rows <= last) {
        for (; k0 + LANES <= rows; k0 += LANES) {
            v16 lags[LANES], scores[LANES];
            UNROLL
            for (int k = 0; k < LANES; k++) {
                const long row = (k0 + k) * LANES;
                const v16i lag = *(const v16i *)(ws->best_lag + row);
                lags[k] = (v16)lag;
                scores[k] = blend(lag >= 0, *(const v16 *)(ws->best_score + row), splat(NAN));
            }
            transpose(lags);
            transpose(scores);
            UNROLL
            for (int lane = 0; lane < LANES; lane++) {
                const long f = start + lane * segment + k0;
                *(v16iu *)(lag_out + f) = (v16i)lags[lane];
                store(score_out + f, scores[lane]);
            }
        }
    }
    for (int lane = 0; lane < LANES; lane++) {
        for (long k = k0; k < rows; k++) {
            const long f = start + lane * segment + k;
            if (f >= last) break;
            const int32_t best_lag = ws->best_lag[k * LANES + lane];
            lag_out[f] = best_lag;
            score_out[f] = best_lag >= 0 ? ws->best_score[k * LANES + lane] : NAN;
        }
    }
}

INLINE void search_chunks(const kinetix_lag_series *p, const workspace_t *ws, long segment, long first, long last,
                          int32_t *lag_out, float *score_out, copy_t copy) {
    const int max_lag = p->max_lag;
    const v16 min_shared = splat(p->min_shared_weight);
    v16 w[LIMBS];
    UNROLL
    for (int i = 0; i < LIMBS; i++) w[i] = splat(p->weights[i]);
    float total = 0;
    for (int i = 0; i < LIMBS; i++) total += p->weights[i];
    const v16 full = splat(total);
    for (long start = first; start < last; start += LANES * segment) {
        const long rows = segment;
        build_rows(p->learner, p->frames, last, p->scales, start, 0, segment, rows, ws->learner, ws->learner_untracked);
        build_rows(p->demonstrator, p->frames, p->frames, p->scales, start, -max_lag, segment, rows + max_lag,
                   ws->demonstrator, ws->demonstrator_untracked);
        for (long k = 0; k < rows; k++) {
            *(v16 *)(ws->best_score + k * LANES) = splat(INFINITY);
            *(v16i *)(ws->best_lag + k * LANES) = splat_i(-1);
        }
        for (int tau0 = 0; tau0 <= max_lag; tau0 += lag_tile) {
            const int tau1 = tau0 + lag_tile <= max_lag + 1 ? tau0 + lag_tile : max_lag + 1;
            search_tile(ws, rows, max_lag, tau0, tau1, w, full, min_shared, copy);
        }
        write_results(ws, start, segment, rows, last, lag_out, score_out);
    }
}

INLINE void scores_body(const kinetix_lag_problem *p, long n0, float *scores, copy_t copy) {
    const float *dv = p->demonstrator;
    const long ds = p->demonstrator_stride;
    const v16 min_shared = splat(p->min_shared_weight), infinity = splat(INFINITY);
    block_t b = load_block(p, n0);
    const long base = n0 + p->pad;
    if (block_is_complete(p, n0)) {
        const v16 full = splat(full_weight(p));
        const v16i too_few = full < min_shared;
        for (int tau = 0; tau <= p->max_lag; tau++)
            store(scores + (long)tau * LANES, blend(too_few, infinity, complete_squares(&b, dv + base - tau, ds, copy) / full));
    } else {
        v16 w[LIMBS];
        UNROLL
        for (int i = 0; i < LIMBS; i++) w[i] = splat(p->weights[i]);
        for (int tau = 0; tau <= p->max_lag; tau++) {
            v16 s, c;
            masked_sums(&b, dv + base - tau, ds, w, &s, &c, copy);
            store(scores + (long)tau * LANES, blend(c < min_shared, infinity, s / c));
        }
    }
}

// One copy of each entry point per instruction set.
#define KERNELS(suffix, attributes, copy)                                                                   \
    attributes static void search_##suffix(const kinetix_lag_series *p, const workspace_t *ws, long segment, \
                                           long first, long last, int32_t *lag, float *score) {              \
        search_chunks(p, ws, segment, first, last, lag, score, copy);                                        \
    }                                                                                                        \
    attributes static void scores_##suffix(const kinetix_lag_problem *p, long n0, float *scores) {           \
        scores_body(p, n0, scores, copy);                                                                    \
    }

KERNELS(baseline, , COPY_BASELINE)

#if defined(__x86_64__)
#include <cpuid.h>

KERNELS(avx2, __attribute__((target("avx2,fma"))), COPY_AVX2)
KERNELS(avx512, __attribute__((target("avx512f,avx512dq,avx512bw,avx512vl,fma"))), COPY_AVX512)

static unsigned long long xcr0(void) {
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

int kinetix_lag_best_level(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return KINETIX_LAG_BASELINE;
    const int fma = (ecx >> 12) & 1, osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1;
    if (!fma || !osxsave || !avx) return KINETIX_LAG_BASELINE;  // both fast copies fuse
    const unsigned long long state = xcr0();
    if ((state & 0x6) != 0x6) return KINETIX_LAG_BASELINE;  // the OS saves XMM and YMM
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return KINETIX_LAG_BASELINE;
    const int avx2 = (ebx >> 5) & 1;
    const int avx512 = ((ebx >> 16) & 1) && ((ebx >> 17) & 1) && ((ebx >> 30) & 1) && ((ebx >> 31) & 1);
    if (avx512 && (state & 0xE6) == 0xE6) return KINETIX_LAG_AVX512;  // and opmask, ZMM
    return avx2 ? KINETIX_LAG_AVX2 : KINETIX_LAG_BASELINE;
}

static void search_level(const kinetix_lag_series *p, int level, const workspace_t *ws, long segment, long first,
                         long last, int32_t *lag, float *score) {
    switch (level) {
    case KINETIX_LAG_AVX512: search_avx512(p, ws, segment, first, last, lag, score); break;
    case KINETIX_LAG_AVX2: search_avx2(p, ws, segment, first, last, lag, score); break;
    default: search_baseline(p, ws, segment, first, last, lag, score); break;
    }
}

void kinetix_lag_scores(const kinetix_lag_problem *p, int level, long n0, float *scores) {
    switch (level) {
    case KINETIX_LAG_AVX512: scores_avx512(p, n0, scores); break;
    case KINETIX_LAG_AVX2: scores_avx2(p, n0, scores); break;
    default: scores_baseline(p, n0, scores); break;
    }
}

#else

int kinetix_lag_best_level(void) { return KINETIX_LAG_BASELINE; }

static void search_level(const kinetix_lag_series *p, int level, const workspace_t *ws, long segment, long first,
                         long last, int32_t *lag, float *score) {
    (void)level;
    search_baseline(p, ws, segment, first, last, lag, score);
}

void kinetix_lag_scores(const kinetix_lag_problem *p, int level, long n0, float *scores) {
    (void)level;
    scores_baseline(p, n0, scores);
}

#endif

void kinetix_lag_baseline_fma(const float *a, const float *b, const float *c, float *out, long count) {
    const copy_t copy = COPY_BASELINE;
    for (long i = 0; i < count; i += LANES) {
        v16 x = splat(0), y = splat(0), z = splat(0);
        for (int lane = 0; lane < LANES && i + lane < count; lane++) {
            x[lane] = a[i + lane];
            y[lane] = b[i + lane];
            z[lane] = c[i + lane];
        }
        const v16 r = fmadd(x, y, z, copy);
        for (int lane = 0; lane < LANES && i + lane < count; lane++) out[i + lane] = r[lane];
    }
}

/// A thread's workspace, kept between its calls (grown when a call needs more) and freed
/// when the thread ends: allocated per call, a workspace this size (about 300 KB at
/// W = 241) was a new mapping each time, whose page faults took a sixth of a
/// 20,000-frame search.
typedef struct {
    float *block;
    size_t vectors;
    int32_t *counts;
    size_t count_entries;
} kept_workspace_t;

static pthread_key_t kept_key;
static int kept_key_made;

static void free_kept(void *kept) {
    kept_workspace_t *k = kept;
    free(k->block);
    free(k->counts);
    free(k);
}

/// What every search shares, made once: the kept workspaces' key and the lag tile.
static void set_up(void) {
    kept_key_made = pthread_key_create(&kept_key, free_kept) == 0;
    lag_tile = lags_in_l1();
}

/// This thread's kept workspace with room for `vectors` 64-byte vectors and `entries`
/// counts, or NULL when it cannot be had (then the caller allocates for the call).
static kept_workspace_t *kept_workspace(size_t vectors, size_t entries) {
    if (!kept_key_made) return NULL;
    kept_workspace_t *k = pthread_getspecific(kept_key);
    if (!k) {
        k = calloc(1, sizeof *k);
        if (!k) return NULL;
        if (pthread_setspecific(kept_key, k) != 0) {
            free(k);
            return NULL;
        }
    }
    if (k->vectors < vectors) {
        free(k->block);
        k->block = aligned_alloc(64, vectors * 64);
        k->vectors = k->block ? vectors : 0;
    }
    if (k->count_entries < entries) {
        free(k->counts);
        k->counts = malloc(sizeof(int32_t) * entries);
        k->count_entries = k->counts ? entries : 0;
    }
    return k->block && k->counts ? k : NULL;
}

int kinetix_lag_search(const kinetix_lag_series *p, int level, long first, long last, int32_t *lag, float *score) {
    if (last <= first) return 0;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, set_up);  // on failure: no kept workspace, the default tile
    // Segments of SEGMENT rows, shorter when the range is small (16 lanes must share it).
    long segment = (last - first + LANES - 1) / LANES;
    if (segment > SEGMENT) segment = SEGMENT;
    const long rows = segment, demonstrator_rows = segment + p->max_lag;
    const size_t vectors = (size_t)(rows + demonstrator_rows) * LIMBS + 2 * (size_t)rows;
    const size_t entries = (size_t)(rows + demonstrator_rows + 2);
    kept_workspace_t *kept = kept_workspace(vectors, entries);
    float *block = kept ? kept->block : aligned_alloc(64, vectors * 64);
    int32_t *counts = kept ? kept->counts : malloc(sizeof(int32_t) * entries);
    if (!block || !counts) {
        free(block);
        free(counts);
        return -1;
    }
    workspace_t ws = {
        .learner = block,
        .demonstrator = block + rows * LIMBS * LANES,
        .best_score = block + (rows + demonstrator_rows) * LIMBS * LANES,
        .best_lag = (int32_t *)(block + (rows + demonstrator_rows) * LIMBS * LANES + rows * LANES),
        .learner_untracked = counts,
        .demonstrator_untracked = counts + rows + 1,
    };
    search_level(p, level, &ws, segment, first, last, lag, score);
    if (!kept) {
        free(block);
        free(counts);
    }
    return 0;
}
