#!/usr/bin/env bash
# Builds the libFuzzer harnesses once (with AddressSanitizer) and runs each for a while.
#
#   bash Tests/Fuzz/fuzz.sh [seconds per harness] [harness …]     harnesses: sidecar profile converters pair slurm progress tracker
#   FUZZ_LONG=1 bash Tests/Fuzz/fuzz.sh 3600 sidecar profile       inputs up to 1 MB (depth and size classes)
#   FUZZ_SEED=1 bash Tests/Fuzz/fuzz.sh 25                          a fixed seed, as CI runs it (25 s each)
#
# Every saved regression input is first replayed alone (a crash fails the run), then the
# harness fuzzes for the given time from its corpus.
# Corpora grow in .build/fuzz/corpus/<harness> (seeded from Tests/Fuzz/Seeds, the bundled
# sidecars and profiles, and ../shared/realdata when present). A crash, leak or timeout
# stops that harness and leaves its input in Tests/Fuzz/Crashes/<harness>/: fix the bug,
# then move the input to Tests/Fuzz/Regressions/<harness>/, where the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}; shift || true
harnesses=${*:-sidecar profile converters pair slurm progress tracker}
max_len=$([ -n "${FUZZ_LONG:-}" ] && echo 1048576 || echo 400000)
out=.build/fuzz
mkdir -p "$out"

# One build of the harness package (Tests/Fuzz/Package.swift): the libraries compiled once,
# with coverage and AddressSanitizer, linked into all seven harnesses. lld, since gold
# fails on the sanitized plugin tool.
build() {
  swift build -c release --package-path Tests/Fuzz --scratch-path "$PWD/$out/build" --disable-build-manifest-caching \
    -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld > "$out/build.log" 2>&1 \
    || { cat "$out/build.log" >&2; exit 1; }
  bin=$(swift build -c release --package-path Tests/Fuzz --scratch-path "$PWD/$out/build" --show-bin-path)
}

seed() {
  local name=$1 corpus="$out/corpus/$1"; mkdir -p "$corpus"
  cp Tests/Fuzz/Seeds/"$name"/* "$corpus/" 2>/dev/null || true
  cp Tests/Fuzz/Regressions/"$name"/* "$corpus/" 2>/dev/null || true
  case $name in
    sidecar) cp Sidecars/*.json "$corpus/" ;;  # whole, valid documents
    profile) for f in Profiles/*.json; do { printf '\x00'; cat "$f"; } > "$corpus/$(basename "$f")"; done ;;
    pair) for f in Profiles/copy-demonstrator.json; do { printf '\x00\x00\x00\x00\x00\x00\x0c\x40'; cat "$f"; } > "$corpus/$(basename "$f")"; done ;;
    converters)
      if [ -d ../shared/realdata/openpose_body25b ]; then
        for f in ../shared/realdata/openpose_body25b/balancing_cam01/cam01.000[0-4].json; do { printf '\x04'; cat "$f"; } > "$corpus/op-$(basename "$f")"; done
      fi
      if [ -f ../shared/realdata/mediapipe/demo5_lateral_raise_mediapipe.json ]; then  # a MediaPipe JSON seed, cut to 40 frames
        python3 - "$corpus/mediapipe.json" <<'PY' 2>/dev/null || true
import json, sys
d = json.load(open("../shared/realdata/mediapipe/demo5_lateral_raise_mediapipe.json"))
d["frames"] = d["frames"][:40]
open(sys.argv[1], "wb").write(b"\x01" + json.dumps(d).encode())
PY
      fi ;;
  esac
  echo "$corpus"
}

build
# The Swift runtime's own crash handler reads the stack in a way AddressSanitizer reports
# as its own bug, hiding the trap; off, libFuzzer prints the trap's stack instead.
export SWIFT_BACKTRACE=enable=no
status=0
for name in $harnesses; do
  case $name in
    sidecar) harness=SidecarFuzz ;;
    profile) harness=ProfileFuzz ;;
    converters) harness=ConverterFuzz ;;
    pair) harness=PairFuzz ;;
    slurm) harness=SlurmFuzz ;;
    progress) harness=ProgressFuzz ;;
    tracker) harness=TrackerFuzz ;;
    *) echo "unknown harness '$name' (sidecar, profile, converters, pair, slurm, progress, tracker)" >&2; exit 64 ;;
  esac
  corpus=$(seed "$name")
  mkdir -p "Tests/Fuzz/Crashes/$name"
  regressions=(Tests/Fuzz/Regressions/"$name"/*)
  if [ -e "${regressions[0]}" ]; then
    "$bin/$harness" -timeout=5 -rss_limit_mb=2048 "${regressions[@]}" > "$out/replay-$name.log" 2>&1 \
      && echo "== $name: ${#regressions[@]} regression inputs replayed" \
      || { echo "== $name: a regression input fails again:"; grep -E "ERROR|SUMMARY|Running" "$out/replay-$name.log" | tail -5; status=1; }
  fi
  seed_flag=(); [ -n "${FUZZ_SEED:-}" ] && seed_flag=(-seed="$FUZZ_SEED")
  echo "== $name: ${seconds} s${FUZZ_SEED:+, seed $FUZZ_SEED}"
  dict=(); [ -f "Tests/Fuzz/$name.dict" ] && dict=(-dict="Tests/Fuzz/$name.dict")  # the tracker's input is binary: no dictionary
  "$bin/$harness" "$corpus" "${dict[@]}" -max_total_time="$seconds" "${seed_flag[@]}" -timeout=5 -rss_limit_mb=2048 \
    -max_len="$max_len" -print_final_stats=1 -artifact_prefix="Tests/Fuzz/Crashes/$name/" 2> "$out/run-$name.log" || status=1
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)|cov: " "$out/run-$name.log" | tail -3
  grep -E "ERROR|SUMMARY|Test unit written" "$out/run-$name.log" | head -5 || true
  # A crash's input, whole, in the log: a clean clone's artifact does not outlive the run.
  # Decode it with `base64 -d > input`, then replay: "$bin/<Harness>" input.
  for crash in Tests/Fuzz/Crashes/"$name"/*; do
    [ -f "$crash" ] || continue
    grep -A12 -E "deadly signal|Fatal error|ERROR: AddressSanitizer" "$out/run-$name.log" | grep -E "Fatal error| #[0-9]+ " | head -12 || true
    echo "== $name: $(basename "$crash"), $(wc -c < "$crash") bytes, base64:"
    base64 -w 0 "$crash" | head -c 200000; echo
  done
done
exit $status
