#!/usr/bin/env bash
# Regenerates a committed asset folder with its tool into a temporary folder
# and compares every .EXT file (default glb; a comma list: glb,json), in the
# folder and below it, byte for byte with the committed ones; the tool needs
# the command NEEDS (default blender).
#   tools/assets/check_regeneration.sh tools/knight/regenerate.sh assets/knights
#   tools/assets/check_regeneration.sh tools/test_characters/regenerate.sh tests/data/characters glb,json
#   tools/assets/check_regeneration.sh tools/sounds/regenerate.sh assets/sounds wav python3
# CTest assets.*RegenerationIsByteIdentical. Exit 0 = identical, 1 =
# differs or generation failed, 77 = skipped (the tool's command missing).
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
regenerate="${1:?usage: check_regeneration.sh REGENERATE_SCRIPT ASSET_FOLDER}"
folder="${2:?usage: check_regeneration.sh REGENERATE_SCRIPT ASSET_FOLDER}"
ext="${3:-glb}"
needs="${4:-blender}"
if ! command -v "$needs" >/dev/null 2>&1; then
  echo "SKIP: $needs not found"; exit 77
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if ! "$repo/$regenerate" "$tmp" >"$tmp/log.txt" 2>&1; then
  cat "$tmp/log.txt"; echo "generation failed"; exit 1
fi
status=0
# Every committed and every fresh file of the extensions (a comma list), in
# the folder and below it.
list() { (cd "$1" && for e in ${ext//,/ }; do find . -name "*.$e" -type f; done | sort); }
for rel in $(list "$repo/$folder"); do
  if cmp -s "$repo/$folder/$rel" "$tmp/$rel"; then
    echo "identical: ${rel#./}"
  else
    echo "DIFFERS: ${rel#./} (run $regenerate and commit)"; status=1
  fi
done
for rel in $(list "$tmp"); do
  [ -e "$repo/$folder/$rel" ] || { echo "NOT COMMITTED: $folder/${rel#./}"; status=1; }
done
exit $status
