#!/usr/bin/env bash
# Takes the README's screenshots of the demo level and the castle at dusk:
# runs the game headless with the scripted autoplay and --frames N for each
# shot (the sim is deterministic, so the same N gives the same picture),
# writing docs/screenshots/*.png at 1280x720; then the screens a player
# meets from the title to the credits, at 1280x720 (PNG) and 1920x1080
# (JPEG, quality 90, to keep the repository small).
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
# name:frames[:level] (sim steps at 60 Hz from the start of the level; the
# level file, default the demo)
shots=(
  "start:120"          # the meadow at the start, the player and the first trees
  "slope:620"          # down the steep slope after the stairs (x ~ 42 m), the first enemy sees him
  "passing:2470"       # a green knight steps behind the path as the player passes
  "ladder_climb:3450"  # up the 6 m ladder (x ~ 146 m), sword and shield on the back
  "castle:5600"        # through the gate at the goal, the camera swung round; gems and medal
  "castle_dusk:560:assets/levels/castle.json"      # the castle at dusk: a fight atop the first stone stairs
  "castle_scaffold:1750:assets/levels/castle.json"  # up the leaning ladder to the scaffold across the breach
)
for shot in "${shots[@]}"; do
  IFS=: read -r name frames level <<< "$shot"
  level_args=()
  if [[ -n "$level" ]]; then level_args=(--level "$level"); fi
  "$exe" --headless --autoplay --seed 1 --size 1280x720 --frames "$frames" "${level_args[@]}" \
    --screenshot "$out/$name.png" > /dev/null
  echo "wrote $out/$name.png (frame $frames)"
done

# The climb three ways on the demo's 6 m ladder (docs/characters.md): the
# knight's own climb clips, the knight with the procedural climb forced on,
# and the squire with only idle, walk, run and a jump mapped. Each shot is
# cut to the climber and the three set side by side (ImageMagick's convert).
climbers=(
  "knight.json:3450"
  "knight_procedural_climb.json:3450"
  "squire_common.json:3150"
)
if command -v convert > /dev/null; then
  panels=()
  for climber in "${climbers[@]}"; do
    IFS=: read -r character frames <<< "$climber"
    shot="$(mktemp --suffix .png)"
    "$exe" --headless --autoplay --seed 1 --size 1280x720 --frames "$frames" \
      --character "assets/characters/$character" --screenshot "$shot" > /dev/null
    convert "$shot" -crop 420x560+430+80 +repage "$shot"
    panels+=("$shot")
  done
  convert "${panels[@]}" +append "$out/climb_clip_vs_procedural.png"
  rm -f "${panels[@]}"
  echo "wrote $out/climb_clip_vs_procedural.png"
else
  echo "screenshots.sh: ImageMagick's convert not found: climb_clip_vs_procedural.png not made" >&2
fi

# The screens, title to credits: name|options (each run headless; --menu
# shows a menu, --campaign ends on the credits' closing card).
screens=(
  "title|--menu title --frames 30"
  "options|--menu options --frames 30"
  "fight|--autoplay --seed 1 --frames 691"
  "pause|--menu pause --autoplay --seed 1 --frames 700"
  "complete|--autoplay --seed 1 --frames 5700"
  "credits|--campaign --seed 1"
)
for screen in "${screens[@]}"; do
  IFS='|' read -r name args <<< "$screen"
  read -r -a argv <<< "$args"
  "$exe" --headless --size 1280x720 "${argv[@]}" --screenshot "$out/screen_${name}_720.png" > /dev/null
  shot="$(mktemp --suffix .png)"
  "$exe" --headless --size 1920x1080 "${argv[@]}" --screenshot "$shot" > /dev/null
  if command -v convert > /dev/null; then
    convert "$shot" -quality 90 "$out/screen_${name}_1080.jpg"
  else
    cp "$shot" "$out/screen_${name}_1080.png"
  fi
  rm -f "$shot"
  echo "wrote $out/screen_${name}_720.png and the 1920x1080 one"
done
