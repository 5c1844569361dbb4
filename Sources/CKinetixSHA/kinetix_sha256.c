// SHA-256 block compression with the x86 SHA extensions (Intel SHA-NI), chosen at
// run time from CPUID so a portable build still uses them. The state is held as
// two vectors in the order the instructions want (ABEF and CDGH); message words
// are produced four at a time: W[g] = msg2(msg1(W[g-4], W[g-3]) + W[g-1:g-2]>>4, W[g-1]).

#include "kinetix_sha256.h"

// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of
// the first 64 primes.
static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

const uint32_t *kinetix_sha256_round_constants(void) { return round_constants; }

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

int kinetix_sha256_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    const int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

__attribute__((target("sha,sse4.1,ssse3")))
void kinetix_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // state[0..3] = a b c d, state[4..7] = e f g h (lane 0 first).
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

    for (size_t block = 0; block < blocks; block++, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i w[4];
        // Unrolled whole, so the four message words live in registers and the schedule
        // overlaps the rounds: a rolled loop (what the package's optimisation level gave)
        // kept them on the stack and hashed ~0.9 GB/s against ~1.4 GB/s here.
#pragma GCC unroll 16
        for (int g = 0; g < 16; g++) {
            __m128i words;
            if (g < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), byte_swap);
            } else {
                const __m128i w4 = w[g & 3], w3 = w[(g + 1) & 3], w2 = w[(g + 2) & 3], w1 = w[(g + 3) & 3];
                words = _mm_sha256msg1_epu32(w4, w3);
                words = _mm_add_epi32(words, _mm_alignr_epi8(w1, w2, 4));
                words = _mm_sha256msg2_epu32(words, w1);
            }
            w[g & 3] = words;
            __m128i message = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&round_constants[4 * g]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            message = _mm_shuffle_epi32(message, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, message);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    dcba = _mm_blend_epi16(feba, dchg, 0xF0);
    hgfe = _mm_alignr_epi8(dchg, feba, 8);
    _mm_storeu_si128((__m128i *)&state[0], dcba);
    _mm_storeu_si128((__m128i *)&state[4], hgfe);
}

#else

int kinetix_sha256_hardware_available(void) { return 0; }

#endif
