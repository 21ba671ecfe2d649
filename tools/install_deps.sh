#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, play and test
# Knights. Idempotent and quick when everything is there: apt-get runs only
# for missing packages (via sudo when not root). Usage: tools/install_deps.sh [--test]
set -euo pipefail

packages=(
  build-essential cmake pkg-config python3
  libsdl2-dev libsdl2-mixer-dev libglm-dev libassimp-dev libimgui-dev libstb-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev khronos-api
  libegl1 libgl1-mesa-dri libegl-mesa0   # headless GL: SDL offscreen driver on Mesa llvmpipe
)
if [[ "${1:-}" == "--test" ]]; then
  # The asset tests: Blender regenerates the knights, Node runs the glTF
  # validator; the style tests run clang-format and clang-tidy.
  packages+=(blender python3-numpy clang-format clang-tidy)
  command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install_deps: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Khronos glTF validator (npm, pinned in tools/gltf_validator/package-lock.json).
if [[ "${1:-}" == "--test" && -f tools/gltf_validator/package.json && ! -d tools/gltf_validator/node_modules ]]; then
  echo "install_deps: installing the glTF validator (npm ci)"
  (cd tools/gltf_validator && npm ci --silent --no-audit --no-fund)
fi
