#ifndef KINETIX_LINES_H
#define KINETIX_LINES_H

/// The number of line feeds (`\n`) in `bytes[0..<count]`; when there is one, the offset
/// of the last is stored at `*last` (else `*last` is left as it was). Sixteen bytes a
/// step with vector compares (SSE2 / NEON); never reads outside the bytes.
long long kinetix_count_newlines(const unsigned char *bytes, long long count, long long *last);

#endif
