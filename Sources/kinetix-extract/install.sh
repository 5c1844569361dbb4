#!/usr/bin/env bash
# Installs kinetix-extract (MediaPipe Pose on a video or a camera, for kinetix) into a
# virtual environment of its own, from pinned PyPI packages whose wheels carry their
# models: nothing is downloaded when it runs. The Swift engine never needs it.
#
#   bash Sources/kinetix-extract/install.sh                  # the extractor
#   bash Sources/kinetix-extract/install.sh --demo-videos    # and public demo videos (tests, README figures)
#
# Where: $KINETIX_EXTRACT_VENV, default ~/.cache/kinetix/extract-venv (outside the
# checkout). The command is then $KINETIX_EXTRACT_VENV/bin/kinetix-extract. Python:
# $PYTHON, default python3 (3.9 to 3.12: mediapipe 0.10.21's wheels). Safe to run again:
# it does nothing when the same requirements are already installed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${KINETIX_EXTRACT_VENV:-$HOME/.cache/kinetix/extract-venv}
python=${PYTHON:-python3}
demo=false
for argument in "$@"; do
  case $argument in
    --demo-videos) demo=true ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option '$argument' (--demo-videos, --help)" >&2; exit 64 ;;
  esac
done

stamp=$(cat "$here/requirements.txt" "$here/kinetix_extract.py" | sha256sum | cut -c1-16)
if [ "$(cat "$venv/.kinetix-extract" 2>/dev/null)" != "$stamp" ]; then
  command -v "$python" >/dev/null || { echo "install.sh: no '$python'; set PYTHON to a Python 3.9-3.12" >&2; exit 69; }
  tag=$("$python" -c 'import sys, platform; print(f"cp{sys.version_info[0]}{sys.version_info[1]}-{sys.platform}-{platform.machine()}")')
  echo "kinetix-extract: making $venv ($tag)…" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --upgrade pip >&2 || true
  case $tag in
    cp311-linux-x86_64|cp312-linux-x86_64)
      "$venv/bin/python" -m pip install -q --no-deps --only-binary=:all: --require-hashes -r "$here/requirements.txt" >&2 ;;
    *)
      echo "kinetix-extract: no wheel hashes are recorded for $tag: installing the pinned versions unchecked" >&2
      sed -e '/--hash=/d' -e 's/ \\$//' "$here/requirements.txt" > "$venv/requirements-unhashed.txt"
      "$venv/bin/python" -m pip install -q --no-deps --only-binary=:all: -r "$venv/requirements-unhashed.txt" >&2 ;;
  esac
  mkdir -p "$venv/share/kinetix-extract"
  install -m 644 "$here/kinetix_extract.py" "$venv/share/kinetix-extract/kinetix_extract.py"
  cat > "$venv/bin/kinetix-extract" <<EOF
#!/bin/sh
# kinetix-extract, installed by Sources/kinetix-extract/install.sh. MediaPipe's own log
# lines (TensorFlow Lite, absl) are kept off standard error unless KINETIX_EXTRACT_LOG=1.
if [ "\${KINETIX_EXTRACT_LOG:-0}" = 1 ]; then exec "$venv/bin/python" "$venv/share/kinetix-extract/kinetix_extract.py" "\$@"; fi
GLOG_minloglevel=2 TF_CPP_MIN_LOG_LEVEL=3 exec "$venv/bin/python" "$venv/share/kinetix-extract/kinetix_extract.py" "\$@" 2> >(grep -v -E '^(W0000|I0000|INFO: Created TensorFlow|WARNING: All log messages)' >&2)
EOF
  sed -i '1s|.*|#!/usr/bin/env bash|' "$venv/bin/kinetix-extract"
  chmod 755 "$venv/bin/kinetix-extract"
  # The models load from the wheel, offline.
  "$venv/bin/python" -c 'import mediapipe as mp; mp.solutions.pose.Pose(model_complexity=1).close(); mp.solutions.face_mesh.FaceMesh(refine_landmarks=True).close()' 2>/dev/null
  echo "$stamp" > "$venv/.kinetix-extract"
fi

if $demo && [ ! -e "$venv/demo/.done" ]; then
  # Public demonstration videos filmed by others, inside the Sports2D and Pose2Sim wheels.
  echo "kinetix-extract: fetching the demo videos (the sports2d and pose2sim wheels)…" >&2
  mkdir -p "$venv/demo"
  cat > "$venv/demo/requirements.txt" <<'EOF'
sports2d==0.8.34 --hash=sha256:733b6db70742636ae9c35d870c22bd416582f579abd5881bee93a14bb0e2655d
pose2sim==0.10.49 --hash=sha256:403e0dc4065898ba6a595e72a8970950310979253d60e24c2e00b16b36bf21e1
EOF
  "$venv/bin/python" -m pip download -q --no-deps --require-hashes -r "$venv/demo/requirements.txt" -d "$venv/demo/wheels" >&2
  "$venv/bin/python" - "$venv/demo" <<'EOF'
import sys, zipfile, glob, os
out = sys.argv[1]
wanted = ["Sports2D/Demo/demo.mp4", "Pose2Sim/Demo_SinglePerson/videos/cam01.mp4", "Pose2Sim/Demo_SinglePerson/videos/cam02.mp4"]
for wheel in glob.glob(os.path.join(out, "wheels", "*.whl")):
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name in wanted:
                z.extract(name, out)
EOF
  rm -rf "$venv/demo/wheels"
  touch "$venv/demo/.done"
fi
echo "kinetix-extract: ready: $venv/bin/kinetix-extract" >&2
