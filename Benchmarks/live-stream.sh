#!/usr/bin/env bash
# Live latency on a real-time stream of a real clip: a MediaPipe clip from
# ../shared/realdata (converted by kinetix convert, never copied here) sent at its real
# rate over TCP by 'kinetix stream' into 'kinetix assess --live', and the same through
# standard input; then, when kinetix-extract is installed, a public demo video streamed
# by the extractor itself (the estimator's time per frame beside the engine's).
# Prints each run's summary: latency from arrival (the engine's share) and from capture.
#   bash Benchmarks/live-stream.sh [release|debug]
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-release}
swift build -c "$config" --product kinetix >&2
K="$(swift build -c "$config" --show-bin-path)/kinetix"
[ "$config" = release ] || echo "*** DEBUG BUILD: figures are not representative ***" >&2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
clip=../shared/realdata/exercises/squat_front_goblet_mediapipe.json
summary() { tail -1 "$1" | python3 -c '
import json, sys
s = json.load(sys.stdin)["summary"]; l = s["latency"]["frames"]; src = s["sources"][0]
print("  frames %d, reps %d, ended %s" % (src["taken"], s["reps"], src["ended"]))
for k in ("fromArrival", "fromCapture"): print("  %-12s median %s ms, p99 %s ms, max %s ms" % (k, l[k]["medianMs"], l[k]["p99Ms"], l[k]["maxMs"]))'; }
if [ -e "$clip" ]; then
  "$K" convert --from mediapipe "$clip" -o "$work/squat.json" 2>/dev/null
  echo "real clip squat_front_goblet (365 frames, 30 fps), real rate, TCP:"
  "$K" assess --live tcp:0 --profile squat --format json > "$work/tcp.jsonl" 2> "$work/err" & pid=$!
  for _ in $(seq 200); do port=$(grep -o 'tcp:127.0.0.1:[0-9]*' "$work/err" | cut -d: -f3 || true); [ -n "$port" ] && break; sleep 0.05; done
  "$K" stream "$work/squat.json" --to "tcp:$port"; wait $pid; summary "$work/tcp.jsonl"
  echo "same clip, real rate, standard input:"
  "$K" stream "$work/squat.json" | "$K" assess --live - --profile squat --format json > "$work/stdin.jsonl"; summary "$work/stdin.jsonl"
  "$K" assess "$work/squat.json" --profile squat --live --format json > "$work/replay.jsonl"
  sed 's/, "latency": .*}$/}/' "$work/tcp.jsonl" | grep -v '^{"summary"' | cmp -s - "$work/replay.jsonl" && echo "  TCP lines equal the offline --live replay's" || echo "  TCP lines DIFFER from the replay"
else
  echo "no $clip: the real-clip runs are skipped" >&2
fi
X=${KINETIX_EXTRACT_VENV:-$HOME/.cache/kinetix/extract-venv}/bin/kinetix-extract
video=${KINETIX_EXTRACT_VENV:-$HOME/.cache/kinetix/extract-venv}/demo/Sports2D/Demo/demo.mp4
if [ -x "$X" ] && [ -e "$video" ]; then
  echo "Sports2D demo video (230 frames, 30 fps, 1768x994) through kinetix-extract at its real rate:"
  "$X" "$video" --stream --quiet 2> "$work/x.err" | "$K" assess --live - --profile squat --format json > "$work/x.jsonl"
  sed 's/^/  /' "$work/x.err"; summary "$work/x.jsonl"
else
  echo "no kinetix-extract: bash Sources/kinetix-extract/install.sh --demo-videos" >&2
fi
