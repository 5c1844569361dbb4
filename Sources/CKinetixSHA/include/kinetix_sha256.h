#ifndef KINETIX_SHA256_H
#define KINETIX_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// The 64 round constants K of SHA-256 (FIPS 180-4 §4.2.2), shared by both paths.
const uint32_t *kinetix_sha256_round_constants(void);

/// 1 when this CPU has the SHA extensions (x86-64 SHA-NI with SSSE3 and SSE4.1),
/// else 0. Decided once, from CPUID.
int kinetix_sha256_hardware_available(void);

#if defined(__x86_64__)
/// Compresses `blocks` consecutive 64-byte blocks into `state` (the eight words
/// a..h of FIPS 180-4) with the SHA-NI instructions. Call only when
/// `kinetix_sha256_hardware_available()` is 1.
void kinetix_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);
#endif

#endif
