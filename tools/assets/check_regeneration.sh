#!/usr/bin/env bash
# Regenerates a committed asset folder with its tool into a temporary folder
# and compares every .EXT file (default glb) byte for byte with the
# committed ones; the tool needs the command NEEDS (default blender).
#   tools/assets/check_regeneration.sh tools/knight/regenerate.sh assets/knights
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
for committed in "$repo/$folder"/*."$ext"; do
  name="$(basename "$committed")"
  if cmp -s "$committed" "$tmp/$name"; then
    echo "identical: $name"
  else
    echo "DIFFERS: $name (run $regenerate and commit)"; status=1
  fi
done
for fresh in "$tmp"/*."$ext"; do
  [ -e "$repo/$folder/$(basename "$fresh")" ] || { echo "NOT COMMITTED: $folder/$(basename "$fresh")"; status=1; }
done
exit $status
