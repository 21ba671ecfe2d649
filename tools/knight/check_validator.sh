#!/usr/bin/env bash
# CTest assets.KnightGlbValidates: runs the Khronos glTF validator on every
# committed knight .glb. Exit 0 = no errors, 1 = errors, 77 = skipped (no
# node, or `npm ci` not run in tools/gltf_validator).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
validator="$repo/tools/gltf_validator"
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node not found"; exit 77
fi
if [ ! -d "$validator/node_modules/gltf-validator" ]; then
  echo "SKIP: run 'npm ci' in tools/gltf_validator first"; exit 77
fi
shopt -s nullglob
files=("$repo"/assets/knights/*.glb)
if [ ${#files[@]} -eq 0 ]; then
  echo "no .glb files under assets/knights"; exit 1
fi
exec node "$validator/validate.mjs" "${files[@]}"
