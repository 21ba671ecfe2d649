#!/usr/bin/env bash
# The Khronos glTF validator on every .glb in a committed asset folder and
# below it.
#   tools/assets/check_validator.sh assets/knights
# CTest assets.KnightGlbValidates and assets.SquireGlbValidates. Exit 0 = no
# errors, 1 = errors or no .glb there, 77 = skipped (no node, or `npm ci`
# not run in tools/gltf_validator).
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
folder="${1:?usage: check_validator.sh ASSET_FOLDER}"
validator="$repo/tools/gltf_validator"
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: node not found"; exit 77
fi
if [ ! -d "$validator/node_modules/gltf-validator" ]; then
  echo "SKIP: run 'npm ci' in tools/gltf_validator first"; exit 77
fi
shopt -s nullglob globstar
files=("$repo/$folder"/**/*.glb)
if [ ${#files[@]} -eq 0 ]; then
  echo "no .glb files under $folder"; exit 1
fi
exec node "$validator/validate.mjs" "${files[@]}"
