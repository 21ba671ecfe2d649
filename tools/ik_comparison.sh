#!/usr/bin/env bash
# Side-by-side screenshots of the same autoplay moment with IK off and on,
# for the README and docs/ik.md: a run up a 40 degree slope with full tilt
# and bump, a 0.40 m step, a 0.40 m ladder leaning 15 degrees, the demo's
# frame 2608 (where knees used to bend backwards), a ladder climb, a run
# down stairs and a take-off at the foot of a 1.2 m wall. Runs are deterministic, so the same
# --frames gives the same moment. Needs ImageMagick (convert) to compose.
# With a character name (assets/characters/NAME.json) other than the knight,
# its own moments are shot into docs/screenshots/ik_NAME_*.png.
#   tools/ik_comparison.sh [build/src/knights] [knight|squire]
set -euo pipefail
cd "$(dirname "$0")/.."
knights="${1:-build/src/knights}"
character="${2:-knight}"
out=docs/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name level frames crop (WxH+X+Y of the 1280x720 frame, around the player)
shots=(
  "slope_40 torture_slopes 140 440x440+340+80"
  "step_040 torture_stairs 161 440x440+320+160"
  "ladder_040_lean15 torture_ladders 2000 440x440+470+250"
  "demo_2608 demo 2608 440x440+320+120"
  "ladder demo 3500 560x560+330+80"
  "stairs demo 4140 560x560+300+100"
  "wall_120 torture_walls 46 440x440+400+140"
)
prefix=ik_
if [[ "$character" != knight ]]; then
  prefix="ik_${character}_"
  shots=(
    "slope_40 torture_slopes 140 440x440+340+80"
    "ladder_040_lean15 torture_ladders 2000 440x440+350+200"
  )
fi
for shot in "${shots[@]}"; do
  read -r name level frames crop <<< "$shot"
  for ik in off on; do
    "$knights" --headless --character "assets/characters/$character.json" --level "assets/levels/$level.json" \
      --frames "$frames" --ik "$ik" --seed 1 \
      --size 1280x720 --screenshot "$tmp/${name}_$ik.png" > /dev/null
    convert "$tmp/${name}_$ik.png" -crop "$crop" +repage \
      -gravity north -background '#202020' -splice 0x28 -fill white -pointsize 20 \
      -annotate +0+4 "IK $ik" "$tmp/${name}_${ik}_c.png"
  done
  # -strip: no time stamps, so the same run writes the same bytes.
  convert "$tmp/${name}_off_c.png" "$tmp/${name}_on_c.png" +append -strip "$out/${prefix}${name}.png"
  echo "wrote $out/${prefix}${name}.png"
done
