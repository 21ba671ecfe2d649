#!/usr/bin/env bash
# The portable (non-SSE) paths of the hot code, built and tested on x86:
# configures a KNIGHTS_NO_SIMD=ON build (src/knights/math/simd.h) and runs the test
# suites of the layers that have SIMD paths (math, anim, ik), so that a
# mistake in a path the game does not run here still fails a test. CI runs
# it (tools/test.sh); see docs/testing.md.
#
#   tools/nosimd.sh      Environment: BUILD_DIR (default build-nosimd), JOBS
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build-nosimd}
jobs=${JOBS:-$(nproc)}
werror=OFF
[[ "${CI:-}" == "true" ]] && werror=ON  # CI: warnings are errors
start=$(date +%s)
cmake --preset nosimd -B "$build_dir" -DKNIGHTS_WERROR="$werror" >/dev/null
cmake --build "$build_dir" -j"$jobs" --target math_tests anim_tests ik_tests
for suite in math anim ik; do
  "$build_dir/tests/${suite}_tests" --gtest_brief=1
done
echo "== nosimd: math, anim and ik tests passed in $(($(date +%s) - start)) s"
