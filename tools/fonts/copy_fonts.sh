#!/usr/bin/env bash
# Copies the UI's typefaces and their licence from Debian 12's
# fonts-dejavu-core package into assets/fonts/ (or the folder given as $1),
# unchanged: the game ships the files, so a machine without the package
# plays the same. Checks each file's SHA-256 against the one recorded in
# assets/fonts/README.md, so a package update cannot slip a different file in.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$here/../.."
out="${1:-$repo/assets/fonts}"
src=/usr/share/fonts/truetype/dejavu
if [[ ! -f "$src/DejaVuSans.ttf" ]]; then
  echo "copy_fonts.sh: $src/DejaVuSans.ttf not found: apt-get install fonts-dejavu-core" >&2
  exit 2
fi
mkdir -p "$out"
for font in DejaVuSans.ttf DejaVuSerif-Bold.ttf; do
  cp "$src/$font" "$out/$font"
  want=$(grep -o "[0-9a-f]\{64\}  $font" "$repo/assets/fonts/README.md" | cut -d' ' -f1)
  have=$(sha256sum "$out/$font" | cut -d' ' -f1)
  if [[ "$want" != "$have" ]]; then
    echo "copy_fonts.sh: $font: SHA-256 $have, README.md records $want" >&2
    exit 1
  fi
done
cp /usr/share/doc/fonts-dejavu-core/copyright "$out/LICENSE"
echo "copied DejaVuSans.ttf, DejaVuSerif-Bold.ttf and LICENSE to $out"
