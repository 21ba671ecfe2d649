#!/usr/bin/env bash
# Regenerates the game's icon (assets/icons/ by default, or the folder given
# as $1) with tools/icon/make_icon.py. Pure Python 3 standard library;
# deterministic: the output is byte-identical from run to run. Takes seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../../assets/icons}"
python3 "$here/make_icon.py" --out "$out"
