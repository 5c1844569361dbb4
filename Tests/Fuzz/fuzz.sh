#!/usr/bin/env bash
# Builds the libFuzzer harnesses (with AddressSanitizer) and runs each for a while.
#
#   bash Tests/Fuzz/fuzz.sh [seconds per harness] [harness …]     harnesses: sidecar profile converters pair
#   FUZZ_LONG=1 bash Tests/Fuzz/fuzz.sh 300 sidecar profile        inputs up to 1 MB (depth and size classes)
#   FUZZ_RUNS=100000 bash Tests/Fuzz/fuzz.sh                        a fixed number of runs with a fixed seed:
#                                                                  deterministic, as CI uses it
#
# Corpora grow in .build/fuzz/corpus/<harness> (seeded from Tests/Fuzz/Seeds, the bundled
# sidecars and profiles, and ../shared/realdata when present). A crash, leak or timeout
# stops that harness and leaves its input in Tests/Fuzz/Crashes/<harness>/: fix the bug,
# then move the input to Tests/Fuzz/Regressions/<harness>/, where the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}; shift || true
harnesses=${*:-sidecar profile converters pair}
max_len=$([ -n "${FUZZ_LONG:-}" ] && echo 1048576 || echo 400000)
out=.build/fuzz
mkdir -p "$out"

sources() {  # one module: library sources with their cross-module imports removed
  local dir="$out/src-$1"; rm -rf "$dir"; mkdir -p "$dir"
  shift
  for target in "$@"; do
    find "Sources/$target" -name '*.swift' | while read -r f; do
      sed -E '/^(@testable )?import Kinetix(Core|Profiles|Formats)$/d' "$f" > "$dir/$(echo "$f" | tr / _)"
    done
    # KinetixProfiles carries the shipped profiles, generated at build time by the EmbedProfiles plugin.
    if [ "$target" = KinetixProfiles ]; then
      swiftc -O Plugins/EmbedProfilesTool/main.swift -o "$out/embed-profiles" 2> "$out/build-embed.log" || { cat "$out/build-embed.log" >&2; exit 1; }
      "$out/embed-profiles" "$dir/ShippedProfileFiles.swift" $(ls Profiles/*.json | grep -v '\.schema\.json$')
    fi
  done
  echo "$dir"
}

build() {
  local name=$1 harness=$2; shift 2
  local dir; dir=$(sources "$name" "$@")
  cp "Tests/Fuzz/Harnesses/$harness" "$dir/"
  # Every C file of the C targets, so a new one is never missing from the link.
  local source objects=()
  for source in Sources/CKinetix{SHA,Lag,IO,Scan}/*.c; do
    local object; object="$dir/$(basename "$source" .c).o"
    clang -O2 -fsanitize=address -I "$(dirname "$source")/include" -c "$source" -o "$object"
    objects+=("$object")
  done
  swiftc -sanitize=fuzzer,address -O -parse-as-library -module-name KinetixFuzz -package-name Kinetix \
    -I Sources/CKinetixBLAS -I Sources/CKinetixSHA/include -I Sources/CKinetixLag/include -I Sources/CKinetixIO/include -I Sources/CKinetixScan/include \
    -lopenblas "$dir"/*.swift "${objects[@]}" -o "$out/fuzz-$name" 2> "$out/build-$name.log" \
    || { cat "$out/build-$name.log"; exit 1; }
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

status=0
for name in $harnesses; do
  case $name in
    sidecar) build sidecar SidecarFuzz.swift KinetixCore ;;
    profile) build profile ProfileFuzz.swift KinetixCore KinetixProfiles ;;
    converters) build converters ConverterFuzz.swift KinetixCore KinetixFormats ;;
    pair) build pair PairFuzz.swift KinetixCore KinetixProfiles ;;
    *) echo "unknown harness '$name' (sidecar, profile, converters, pair)" >&2; exit 64 ;;
  esac
  corpus=$(seed "$name")
  mkdir -p "Tests/Fuzz/Crashes/$name"
  if [ -n "${FUZZ_RUNS:-}" ]; then echo "== $name: $FUZZ_RUNS runs, seed 1"; else echo "== $name: ${seconds} s"; fi
  if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS" -seed=1); else limit=(-max_total_time="$seconds"); fi
  "$out/fuzz-$name" "$corpus" -dict="Tests/Fuzz/$name.dict" "${limit[@]}" -timeout=5 -rss_limit_mb=2048 \
    -max_len="$max_len" -print_final_stats=1 -artifact_prefix="Tests/Fuzz/Crashes/$name/" 2> "$out/run-$name.log" || status=1
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)|cov: " "$out/run-$name.log" | tail -3
  grep -E "ERROR|SUMMARY|Test unit written" "$out/run-$name.log" | head -5 || true
done
exit $status
