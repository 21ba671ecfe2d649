#!/usr/bin/env bash
# Side-by-side screenshots of the same autoplay moment with IK off and on,
# for the README: a ladder climb (hands and feet on the rungs) and a run
# down stairs (feet on the steps). Runs are deterministic, so the same
# --frames gives the same moment. Needs ImageMagick (convert) to compose.
#   tools/ik_comparison.sh [build/src/knights]
set -euo pipefail
cd "$(dirname "$0")/.."
knights="${1:-build/src/knights}"
out=docs/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name frames crop (WxH+X+Y of the 1280x720 frame, around the player)
shots=(
  "ladder 3150 560x560+330+80"
  "stairs 3794 560x560+300+100"
)
for shot in "${shots[@]}"; do
  read -r name frames crop <<< "$shot"
  for ik in off on; do
    "$knights" --headless --level assets/levels/demo.json --frames "$frames" --ik "$ik" \
      --size 1280x720 --screenshot "$tmp/${name}_$ik.png" > /dev/null
    convert "$tmp/${name}_$ik.png" -crop "$crop" +repage \
      -gravity north -background '#202020' -splice 0x28 -fill white -pointsize 20 \
      -annotate +0+4 "IK $ik" "$tmp/${name}_${ik}_c.png"
  done
  convert "$tmp/${name}_off_c.png" "$tmp/${name}_on_c.png" +append "$out/ik_${name}.png"
  echo "wrote $out/ik_${name}.png"
done
