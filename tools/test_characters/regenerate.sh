#!/usr/bin/env bash
# Regenerates the test characters (tests/data/characters/NAME/NAME.glb and
# NAME.json by default, or DIR/NAME/... for `tools/test_characters/regenerate.sh
# DIR`). The build checks each exported file and exits non-zero when a check
# fails. Deterministic: the output is byte-identical from run to run. Needs
# Debian's blender (3.4) and python3-numpy; takes a few seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../../tests/data/characters}"
blender -b --factory-startup --python-exit-code 1 --python "$here/build_test_characters.py" -- --out "$out"
