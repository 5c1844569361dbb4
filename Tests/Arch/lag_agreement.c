// The lag-search kernel over fixed inputs, at every instruction set this CPU has: one
// line per case with a hash of every lag and score bit, so the same program built for
// another architecture (aarch64 under qemu-user: Tests/Arch/check.sh) must print the same
// lines. Exit 1 when two instruction sets of this CPU disagree.
//
// Inputs come from a fixed generator (no libm in it), cover the kernel's paths (fully
// tracked tiles, masked sums, too little shared weight, exact ties of quantized angles,
// ranges shorter than the 16 lanes, lags 0 to 241) and are the same on every machine.
#include "kinetix_lag.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The inputs too must be the same bits everywhere: no multiply-add fused on one target
// and not on another (clang fuses by default where the instruction exists, as on arm64).
#pragma STDC FP_CONTRACT OFF
#ifdef __clang__
#pragma clang fp contract(off)
#endif

#define LIMBS 9

static unsigned long long state;
static unsigned int next(void) {  // xorshift64*
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (unsigned int)((state * 2685821657736338717ULL) >> 32);
}
static float uniform(void) { return (float)(next() >> 8) / 16777216.0f; }  // [0, 1), exact

/// A random walk per limb in degrees, NaN at `missing` of the frames (in runs), values
/// rounded to whole degrees when `quantized` (many exact ties).
static void walk(float *rows, long frames, float missing, int quantized) {
    for (int limb = 0; limb < LIMBS; limb++) {
        float angle = 180.0f * uniform() - 90.0f;
        long gap = 0;
        for (long f = 0; f < frames; f++) {
            angle += 6.0f * uniform() - 3.0f;
            if (angle > 180.0f) angle -= 360.0f;
            if (angle < -180.0f) angle += 360.0f;
            if (gap == 0 && uniform() < missing / 4.0f) gap = 1 + (long)(next() % 7);
            float value = quantized ? (float)(long)angle : angle;
            rows[limb * frames + f] = gap > 0 ? NAN : value;
            if (gap > 0) gap--;
        }
    }
}

static unsigned long long fnv(unsigned long long h, unsigned int word) {
    for (int i = 0; i < 4; i++) h = (h ^ ((word >> (8 * i)) & 0xFF)) * 1099511628211ULL;
    return h;
}

int main(void) {
    const long sizes[] = {5, 17, 320, 2000};
    const int lags[] = {0, 7, 31, 241};
    const float missing[] = {0.0f, 0.1f, 0.5f};
    const int best = kinetix_lag_best_level();
    int failures = 0, index = 0;
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (unsigned l = 0; l < sizeof lags / sizeof *lags; l++)
            for (unsigned m = 0; m < sizeof missing / sizeof *missing; m++)
                for (int quantized = 0; quantized <= 1; quantized++, index++) {
                    const long frames = sizes[s];
                    state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)(index + 1) * 0xBF58476D1CE4E5B9ULL;
                    float *learner = malloc(sizeof(float) * LIMBS * frames);
                    float *demonstrator = malloc(sizeof(float) * LIMBS * frames);
                    walk(learner, frames, missing[m], quantized);
                    walk(demonstrator, frames, missing[m], quantized);
                    kinetix_lag_series series = {.learner = learner, .demonstrator = demonstrator, .frames = frames,
                                                 .max_lag = lags[l], .min_shared_weight = 0.0f};
                    float total = 0;
                    for (int i = 0; i < LIMBS; i++) {
                        series.weights[i] = quantized ? 1.0f : 0.25f + uniform();
                        series.scales[i] = sqrtf(series.weights[i]);
                        total += series.weights[i];
                    }
                    series.min_shared_weight = 0.6f * total;
                    int32_t *lag = malloc(sizeof(int32_t) * frames);
                    float *score = malloc(sizeof(float) * frames);
                    unsigned long long first = 0;
                    for (int level = 0; level <= best; level++) {
                        memset(lag, 0x55, sizeof(int32_t) * frames);
                        if (kinetix_lag_search(&series, level, 0, frames, lag, score) != 0) {
                            fprintf(stderr, "case %d: no workspace\n", index);
                            return 2;
                        }
                        unsigned long long h = 14695981039346656037ULL;
                        for (long f = 0; f < frames; f++) {
                            unsigned int bits;
                            memcpy(&bits, &score[f], 4);
                            if (score[f] != score[f]) bits = 0x7FC00000u;  // one NaN: payloads differ by architecture
                            h = fnv(fnv(h, (unsigned int)lag[f]), bits);
                        }
                        if (level == 0) first = h;
                        else if (h != first) {
                            fprintf(stderr, "case %d: level %d gives %016llx, the baseline %016llx\n", index, level, h, first);
                            failures++;
                        }
                    }
                    printf("frames %4ld  lags 0...%3d  missing %.1f  %s  %016llx\n", frames, lags[l], missing[m],
                           quantized ? "ties " : "plain", first);
                    free(learner), free(demonstrator), free(lag), free(score);
                }
    // The baseline's fused multiply-add (from doubles on x86-64, the instruction on
    // arm64) on operands whose exact result is a rounding midpoint or subnormal.
    const float a[] = {1.0f + 0x1p-12f, 0x1p-70f, 3.0f, -0x1.fffffep-1f, 1e30f, 0x1p-63f, 1.5f, 0.1f};
    const float b[] = {1.0f + 0x1p-12f, 0x1p-70f, 0x1p-23f, 0x1.000002p0f, 1e10f, 0x1p-64f, 1.5f, 0.1f};
    const float c[] = {-1.0f, 0.0f, 1.0f, 1.0f, -1e38f, 0x1p-140f, -2.25f, 0.01f};
    float out[8];
    kinetix_lag_baseline_fma(a, b, c, out, 8);
    unsigned long long h = 14695981039346656037ULL;
    for (int i = 0; i < 8; i++) {
        unsigned int bits;
        memcpy(&bits, &out[i], 4);
        h = fnv(h, bits);
    }
    printf("baseline fused multiply-add  %016llx\n", h);
    return failures ? 1 : 0;
}
