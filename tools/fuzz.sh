#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + coverage) and runs
# each one for a fixed time on its committed corpus. See docs/reliability.md.
#
#   tools/fuzz.sh [SECONDS] [TARGET...]
#     SECONDS  how long each target runs (default 600)
#     TARGET   level, character, character_desc, settings, wav, image
#              (default: all six, one after the other)
#   Environment:
#     BUILD_DIR   build directory (default build-fuzz in the repository)
#     JOBS        parallel build jobs (default: nproc)
#     FUZZ_ARGS   extra libFuzzer flags, e.g. "-jobs=2 -workers=2"
#
# Each target reads tests/fuzz/corpus/<target>/ (the committed seeds, never
# written to) plus a scratch corpus $BUILD_DIR/fuzz-out/<target>/corpus where
# the new inputs it finds go, and uses tests/fuzz/<target>.dict when present.
# A crash, a leak, a sanitizer report, a failed invariant, a timeout (>10 s
# for one input) or running out of memory (>2 GB) stops the target and
# writes the input to $BUILD_DIR/fuzz-out/<target>/crash-* (or leak-,
# timeout-, oom-); reproduce it with `$BUILD_DIR/tests/fuzz/fuzz_<target>
# FILE`, fix it, then copy the file into tests/fuzz/corpus/<target>/ so the
# ordinary test run (fuzz.Replay*Corpus) replays it from then on.
# Exit status: 0 when every target ran its time clean, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

seconds=${1:-600}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: $0 [SECONDS] [TARGET...]  (SECONDS: a positive whole number)" >&2
  exit 2
fi
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(level character character_desc settings wav image)
for t in "${targets[@]}"; do
  case "$t" in
    level|character|character_desc|settings|wav|image) ;;
    *) echo "unknown target '$t' (expected level, character, character_desc, settings, wav or image)" >&2; exit 2 ;;
  esac
done

build_dir=${BUILD_DIR:-build-fuzz}
jobs=${JOBS:-$(nproc)}
command -v clang++ >/dev/null || { echo "clang++ not found: apt-get install clang libclang-rt-14-dev" >&2; exit 2; }

echo "== configure $build_dir (clang, KNIGHTS_FUZZ=ON)"
cmake --preset fuzz -B "$build_dir" >/dev/null
echo "== build fuzz targets (-j$jobs)"
cmake --build "$build_dir" -j"$jobs" --target $(printf 'fuzz_%s ' "${targets[@]}")

status=0
summary=()
for t in "${targets[@]}"; do
  out="$build_dir/fuzz-out/$t"
  mkdir -p "$out/corpus"
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  echo "== fuzz_$t for ${seconds}s (corpus tests/fuzz/corpus/$t, new inputs in $out/corpus)"
  start=$(date +%s)
  set +e
  # The scratch corpus comes first: libFuzzer writes new inputs to the first
  # directory only, so the committed seeds stay untouched.
  # detect_leaks: LSan checks every input too (assimp and our loaders must
  # not leak); see tools/sanitizer/lsan.supp for the third-party exceptions.
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} \
  LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$repo/tools/sanitizer/lsan.supp:print_suppressions=0} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$build_dir/tests/fuzz/fuzz_$t" "$out/corpus" "tests/fuzz/corpus/$t" "${dict[@]}" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/" \
      -print_final_stats=1 ${FUZZ_ARGS:-} 2>&1 | tee "$out/log.txt" | grep -E --line-buffered \
      '^#[0-9]+[[:space:]]+(INITED|DONE)|ERROR|SUMMARY|Test unit written|fuzz invariant|stat::number_of_executed_units|stat::peak_rss'
  rc=${PIPESTATUS[0]}
  set -e
  elapsed=$(( $(date +%s) - start ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log.txt" | tail -1)
  if [ "$rc" -eq 0 ]; then
    summary+=("$t: clean, ${elapsed}s, ${runs:-?} inputs")
  else
    summary+=("$t: FAILED (exit $rc) after ${elapsed}s: see $out/log.txt and $out/crash-* / leak-* / timeout-* / oom-*")
    status=1
  fi
done

echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
