#ifndef KINETIX_SCAN_H
#define KINETIX_SCAN_H

/// Reads, from `bytes[index]` on (`count` bytes in all), a JSON object of named points
/// written plainly, the shape of nearly every frame of a sidecar:
///
///     {"nose": [540.75, 645.01, 0.933], "neck": [539.75, 742.7, 0.895], …}
///
/// Names are those of `names`, each at most once, in any order (their own order is tried
/// first), some perhaps missing; each value is `[x, y, confidence]` of three plain numbers: an optional minus, 1–8 integer digits
/// (no leading zero), optionally a point and 1–8 fraction digits, at most 15 digits in
/// all, no exponent. Each number is the double `digits / 10^fraction` (exact inputs,
/// one correctly rounded division: exactly what the general reader returns), stored as
/// the nearest float. JSON whitespace may surround every token.
///
/// `names` holds `name_count` (at most 64) names in slots of 16 bytes, zero-padded;
/// `lengths` their lengths in bytes (1–16).
///
/// Returns the offset just past the closing `}`, sets bit p of `*found` for each point p
/// read with a confidence other than zero and stores its x, y and confidence at `x[p]`,
/// `y[p]` and `confidence[p]`; the other points' entries are left as they were. Returns
/// -1 for anything else (another order, an unknown name, `null`, two numbers, an
/// exponent, a syntax error, the end of the bytes near): nothing is consumed or written
/// then; the caller reads the object with its general reader, which reports any problem
/// exactly. Never reads outside `bytes[0..<count]`.
///
/// `level` picks the number reader: 0 the portable one, 1 SSSE3 (x86-64; taken only when
/// `kinetix_scan_best_level()` is 1, else the portable one). Every level returns the same.
long long kinetix_read_plain_points(int level, const unsigned char *bytes, long long count, long long index,
                                    const unsigned char *names, const unsigned char *lengths, int name_count,
                                    float *x, float *y, float *confidence, unsigned long long *found);

/// Reads, from `bytes[index]` on, a frame written plainly: an object of exactly the
/// members `"t"` (a plain number, as above, stored at `*time`) and `"joints"` (an object
/// of points, as `kinetix_read_plain_points` reads it), in either order. Returns and
/// stores as `kinetix_read_plain_points` does; -1 (nothing written) for any other frame.
long long kinetix_read_plain_frame(int level, const unsigned char *bytes, long long count, long long index,
                                   const unsigned char *names, const unsigned char *lengths, int name_count,
                                   double *time, float *x, float *y, float *confidence, unsigned long long *found);

/// The highest `level` this CPU runs: 1 with SSSE3 (x86-64), else 0.
int kinetix_scan_best_level(void);

#endif
