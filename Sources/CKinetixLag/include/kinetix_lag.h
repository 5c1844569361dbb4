// The lag-search SIMD kernel, compiled for several instruction sets and chosen at run
// time from the CPU's features, so a portable build runs the fast path on every machine.
//
// Layout (Swift's PaddedAngles): limb-major float rows of `stride` frames; the
// demonstrator has `pad` NaN frames in front (pad >= maxLag) and both are padded behind
// to a multiple of 16 frames. `untracked_*[k]` counts frames with an untracked limb among
// the first k padded frames (a block whose frames and window have none skips masking).
// Limb angles are already scaled by sqrt(weight).
#ifndef KINETIX_LAG_H
#define KINETIX_LAG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Instruction sets the kernel is compiled for; `kinetix_lag_best_level` is the best the CPU has.
enum kinetix_lag_level {
    KINETIX_LAG_BASELINE = 0,  // SSE2 on x86-64, NEON on arm64
    KINETIX_LAG_AVX2 = 1,      // AVX2 and FMA3
    KINETIX_LAG_AVX512 = 2,    // AVX-512 F, DQ, BW, VL and FMA3
};

/// The best level this CPU (and its operating system) supports.
int kinetix_lag_best_level(void);

typedef struct {
    const float *learner;          // 9 rows of `learner_stride` floats
    long learner_stride;
    const int32_t *learner_untracked;  // learner_stride + 1 entries
    const float *demonstrator;     // 9 rows of `demonstrator_stride` floats
    long demonstrator_stride;
    const int32_t *demonstrator_untracked;
    long pad;                      // demonstrator frames in front of learner frame 0
    int max_lag;                   // lags 0...max_lag
    float weights[9];
    float min_shared_weight;
} kinetix_lag_problem;

/// Two whole series for the search, unpadded: limb-major, `frames` floats per limb.
typedef struct {
    const float *learner;
    const float *demonstrator;
    long frames;
    int max_lag;                   // lags 0...max_lag
    float scales[9];               // sqrt(weight) per limb, applied as the layout is built
    float weights[9];
    float min_shared_weight;
} kinetix_lag_series;

/// For learner frames first..<last: the best lag (ties to the smallest; -1 when no
/// candidate) and its score s/c (NaN when none), written at lag[f], score[f].
///
/// Lane-segmented layout: each chunk of 16 x S frames is cut into 16 segments, one per
/// vector lane, so learner row k holds frames (segment start + k) and lag tau is just
/// demonstrator row k + max_lag - tau: every load is aligned, and lags are tiled so the
/// rows they read stay in L1. The layout is built per chunk in a workspace the calling
/// thread keeps between calls (grown when a call needs more, freed when the thread
/// ends). Returns 0, or -1 when the workspace could not be allocated.
int kinetix_lag_search(const kinetix_lag_series *series, int level, long first, long last,
                       int32_t *lag, float *score);

/// Every lag's score for the 16 learner frames from n0: scores[tau * 16 + lane] = s/c,
/// or +infinity when the shared weight is below the minimum; tau in 0...max_lag.
void kinetix_lag_scores(const kinetix_lag_problem *problem, int level, long n0, float *scores);

/// out[i] = a[i] x b[i] + c[i] with one rounding, computed as the baseline copy computes
/// it (from doubles on x86-64, which has no FMA instruction there): for tests.
void kinetix_lag_baseline_fma(const float *a, const float *b, const float *c, float *out, long count);

#ifdef __cplusplus
}
#endif
#endif
