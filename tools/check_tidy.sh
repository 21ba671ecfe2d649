#!/usr/bin/env bash
# clang-tidy (.clang-tidy: bug-prone and performance checks, functions of at
# most 80 lines) on every .cpp under src/, with the build folder's
# compile_commands.json. Exit 77 (a skip for CTest) when clang-tidy is not
# installed; tools/install_deps.sh --test installs it.
#   tools/check_tidy.sh [BUILD_DIR]      (default: build)
# Functions longer than 80 lines on purpose carry
# NOLINT(readability-function-size) with the reason beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
tidy=$(command -v clang-tidy || command -v clang-tidy-14 || true)
if [[ -z "$tidy" ]]; then
  echo "clang-tidy not found: skipped"
  exit 77
fi
if [[ ! -f "$build_dir/compile_commands.json" ]]; then
  echo "$build_dir/compile_commands.json not found: configure the build first"
  exit 1
fi
mapfile -t files < <(find src -name '*.cpp' | sort)
# The compiler's own warnings are the build's business (-Wall -Wextra, and
# -Werror in CI, with gcc): under clang they would turn into errors here.
printf '%s\n' "${files[@]}" | xargs -P"$(nproc)" -n4 "$tidy" -p "$build_dir" --quiet --extra-arg=-Wno-error 2>/dev/null
echo "clang-tidy: ${#files[@]} files clean"
