// OpenBLAS's CBLAS interface (Debian: libopenblas-dev). No API of its own:
// Sources/KinetixCore/Platform/BLAS.swift wraps the routines Kinetix calls.
#include <cblas.h>
