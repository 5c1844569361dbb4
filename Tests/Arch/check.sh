#!/usr/bin/env bash
# The lag kernel (Sources/CKinetixLag) on a second architecture: lag_agreement.c built for
# x86-64 and cross-compiled for aarch64 (the phone's architecture; the NEON copy), each at
# -O0 (a debug build) and -O2 (SwiftPM's release level), the aarch64 ones run under
# qemu-user. Every build must print the same lines, bit for bit.
#
#   bash Tests/Arch/check.sh        needs clang (Swift's), qemu-user, libc6-dev-arm64-cross
#                                   and libgcc-12-dev-arm64-cross (.ci/setup installs them)
# Exit 1 when two builds disagree, 2 when a tool is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/arch; mkdir -p "$out"
for tool in clang qemu-aarch64; do
  command -v "$tool" >/dev/null || { echo "arch check: '$tool' is missing (bash .ci/setup installs it)" >&2; exit 2; }
done
sources=(Sources/CKinetixLag/kinetix_lag.c Tests/Arch/lag_agreement.c)
status=0
for level in -O0 -O2; do
  clang "$level" -I Sources/CKinetixLag/include "${sources[@]}" -lm -lpthread -o "$out/lag-x86_64$level"
  clang --target=aarch64-linux-gnu "$level" -static -fuse-ld=lld -I Sources/CKinetixLag/include "${sources[@]}" -lm -lpthread \
    -o "$out/lag-aarch64$level" 2> "$out/build-aarch64$level.log" \
    || { cat "$out/build-aarch64$level.log" >&2; echo "arch check: the aarch64 build failed (is libc6-dev-arm64-cross installed?)" >&2; exit 2; }
  "$out/lag-x86_64$level" > "$out/x86_64$level.txt" || { echo "arch check: x86-64 $level: its instruction sets disagree" >&2; status=1; }
  qemu-aarch64 "$out/lag-aarch64$level" > "$out/aarch64$level.txt"
done
cases=$(wc -l < "$out/x86_64-O2.txt")
for run in x86_64-O0 aarch64-O0 aarch64-O2; do
  if ! diff -q "$out/x86_64-O2.txt" "$out/$run.txt" >/dev/null; then
    echo "arch check: $run differs from x86_64 -O2:" >&2; diff "$out/x86_64-O2.txt" "$out/$run.txt" | head -10 >&2; status=1
  fi
done
[ $status = 0 ] && echo "arch check: $cases cases, bit for bit equal on x86-64 (every instruction set here) and aarch64 (NEON, under qemu), at -O0 and -O2"
exit $status
