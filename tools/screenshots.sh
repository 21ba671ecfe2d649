#!/usr/bin/env bash
# Takes the README's screenshots of the demo level: runs the game headless
# with the scripted autoplay and --frames N for each shot (the sim is
# deterministic, so the same N gives the same picture), writing
# docs/screenshots/*.png at 1280x720.
#
#   tools/screenshots.sh [path/to/knights]   (default: build/src/knights)
set -euo pipefail
cd "$(dirname "$0")/.."
exe="${1:-build/src/knights}"
if [[ ! -x "$exe" ]]; then
  echo "screenshots.sh: $exe not found; build first (cmake --build build --target knights)" >&2
  exit 2
fi
out=docs/screenshots
mkdir -p "$out"
# name:frames (sim steps at 60 Hz from the start of the level)
shots=(
  "start:120"          # the meadow at the start, the player and the first trees
  "slope:620"          # down the steep slope after the stairs (x ~ 42 m), the first enemy sees him
  "fight:691"          # the player's first swing strikes the first enemy
  "passing:2470"       # a green knight steps behind the path as the player passes
  "ladder_climb:3450"  # up the 6 m ladder (x ~ 146 m), sword and shield on the back
  "castle:5600"        # through the gate at the goal, the camera swung round; gems and medal
)
for shot in "${shots[@]}"; do
  name="${shot%%:*}"
  frames="${shot##*:}"
  "$exe" --headless --autoplay --seed 1 --size 1280x720 --frames "$frames" --screenshot "$out/$name.png" > /dev/null
  echo "wrote $out/$name.png (frame $frames)"
done
