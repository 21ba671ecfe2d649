#!/usr/bin/env bash
# Every C++ source and header under src/ and tests/ is as clang-format would
# write it (.clang-format: Google style, 120 columns). Exit 77 (a skip for
# CTest) when clang-format is not installed; tools/test.sh installs it.
#   tools/check_format.sh          # check
#   tools/check_format.sh --fix    # reformat in place
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format || command -v clang-format-14 || true)
if [[ -z "$format" ]]; then
  echo "clang-format not found: skipped"
  exit 77
fi
mapfile -t files < <(find src tests -name '*.cpp' -o -name '*.h' | sort)
if [[ "${1:-}" == "--fix" ]]; then
  "$format" -i "${files[@]}"
else
  "$format" --dry-run -Werror "${files[@]}"
fi
