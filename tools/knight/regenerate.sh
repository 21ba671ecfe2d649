#!/usr/bin/env bash
# Regenerates every knight .glb (assets/knights/ by default, or the folder
# given as $1) from tools/knight/knight_spec.json. Deterministic: the output
# is byte-identical from run to run. Needs Debian's blender (3.4) and
# python3-numpy; takes a few seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../../assets/knights}"
blender -b --factory-startup --python-exit-code 1 --python "$here/build_knights.py" -- --out "$out"
