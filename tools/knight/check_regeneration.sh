#!/usr/bin/env bash
# CTest assets.KnightRegenerationIsByteIdentical: regenerates every knight
# into a temporary folder and compares it byte for byte with the committed
# files. Exit 0 = identical, 1 = differs or generation failed, 77 = skipped
# (no blender).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
if ! command -v blender >/dev/null 2>&1; then
  echo "SKIP: blender not found"; exit 77
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if ! "$here/regenerate.sh" "$tmp" >"$tmp/log.txt" 2>&1; then
  cat "$tmp/log.txt"; echo "generation failed"; exit 1
fi
status=0
for committed in "$repo"/assets/knights/*.glb; do
  name="$(basename "$committed")"
  if cmp -s "$committed" "$tmp/$name"; then
    echo "identical: $name"
  else
    echo "DIFFERS: $name (run tools/knight/regenerate.sh and commit)"; status=1
  fi
done
for fresh in "$tmp"/*.glb; do
  [ -e "$repo/assets/knights/$(basename "$fresh")" ] || { echo "NOT COMMITTED: $(basename "$fresh")"; status=1; }
done
exit $status
