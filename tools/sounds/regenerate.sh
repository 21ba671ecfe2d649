#!/usr/bin/env bash
# Regenerates every game sound (assets/sounds/ by default, or the folder given
# as $1) with tools/sounds/make_sounds.py. Pure Python 3 standard library;
# deterministic: the output is byte-identical from run to run. Takes seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../../assets/sounds}"
python3 "$here/make_sounds.py" --out "$out"
