#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and play.
# With a display: the game in a window. Without one: a headless run that
# writes a screenshot and says where. Extra arguments go to the game.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install_deps.sh
cmake --preset release >/dev/null  # CMakePresets.json: Release in build/
cmake --build build -j"$(nproc)" --target knights

if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec build/src/knights "$@"
else
  shot="$PWD/knights_headless.png"
  build/src/knights --headless --frames 600 --screenshot "$shot" "$@"
  echo "No display found: ran headless; screenshot of the last frame: $shot"
fi
