#!/usr/bin/env bash
# Strips of consecutive steps, IK off (top row) and on (bottom row), of the
# demo's autoplay (seed 1) where the motion pops if anything does: up the
# 0.05-0.40 m steps at x = 35.5-37.9 and down the 0.40 m steps at x =
# 163-164.8 (issue 38; docs/ik.md). Every third step, so a strip spans a
# stride or two. Runs are deterministic: the same --frames is the same
# moment. Needs ImageMagick (convert); PNGs written with -strip, so a rerun
# writes the same bytes.
#   tools/motion_strip.sh [build/src/knights]
set -euo pipefail
cd "$(dirname "$0")/.."
knights="${1:-build/src/knights}"
out=docs/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name first_frame (of 8, every third step) crop (WxH+X+Y of 1280x720)
strips=(
  "steps_up 556 300x420+400+120"
  "steps_down 4128 300x440+400+220"
)
for strip in "${strips[@]}"; do
  read -r name first crop <<< "$strip"
  for ik in off on; do
    cells=()
    for i in 0 1 2 3 4 5 6 7; do
      frame=$((first + 3 * i))
      "$knights" --headless --level assets/levels/demo.json --frames "$frame" --ik "$ik" --seed 1 \
        --size 1280x720 --screenshot "$tmp/${name}_${ik}_$i.png" > /dev/null
      convert "$tmp/${name}_${ik}_$i.png" -crop "$crop" +repage -resize 50% \
        -gravity north -background '#202020' -splice 0x18 -fill white -pointsize 12 \
        -annotate +0+2 "IK $ik, step $frame" "$tmp/${name}_${ik}_${i}_c.png"
      cells+=("$tmp/${name}_${ik}_${i}_c.png")
    done
    convert "${cells[@]}" +append "$tmp/${name}_$ik.png"
  done
  convert "$tmp/${name}_off.png" "$tmp/${name}_on.png" -append -strip "$out/motion_${name}.png"
  echo "wrote $out/motion_${name}.png"
done
