// OpenBLAS's CBLAS interface (Debian: libopenblas-dev): declarations only. The
// library is opened at run time by Sources/KinetixCore/Platform/BLAS.swift, the
// first time a matrix product is asked for, so it is not linked into every program.
#include <cblas.h>
