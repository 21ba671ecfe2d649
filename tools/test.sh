#!/usr/bin/env bash
# Quick start, command 2: install what is missing, build everything and run
# the whole test suite (CTest; the GL tests run headless on Mesa llvmpipe).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install_deps.sh --test
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
cd build
ctest --output-on-failure -j"$(nproc)"
