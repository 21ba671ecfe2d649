#!/usr/bin/env bash
# Quick start, command 2: install what is missing, build everything and run
# the whole test suite (CTest; the GL tests run headless on Mesa llvmpipe).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install_deps.sh --test
# CI builds with warnings as errors (there are none).
werror=OFF
[[ "${CI:-}" == "true" ]] && werror=ON
cmake --preset release -DKNIGHTS_WERROR="$werror" >/dev/null  # CMakePresets.json: Release in build/
cmake --build build -j"$(nproc)"

# CI (CI=true) and `tools/test.sh --sanitize` also run the whole suite built
# with AddressSanitizer + UndefinedBehaviorSanitizer (tools/sanitize.sh) and
# the portable non-SSE paths' tests (tools/nosimd.sh), before the ordinary
# run so that this command ends with CTest's summary.
if [[ "${CI:-}" == "true" || "${1:-}" == "--sanitize" ]]; then
  tools/nosimd.sh
  tools/sanitize.sh
fi

cd build
ctest --output-on-failure -j"$(nproc)"
