#!/usr/bin/env bash
# Regenerates the squire (assets/squire/squire.glb by default, or DIR/squire.glb
# for `tools/squire/regenerate.sh DIR`) from tools/squire/squire_spec.json.
# The build checks the exported file and exits non-zero when a check fails.
# Deterministic: the output is byte-identical from run to run. Needs Debian's
# blender (3.4, with its bundled Rigify add-on) and python3-numpy; takes a few
# seconds.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/../../assets/squire}"
blender -b --factory-startup --python-exit-code 1 --python "$here/build_squire.py" -- --out "$out"
