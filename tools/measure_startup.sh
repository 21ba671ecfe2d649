#!/usr/bin/env bash
# Measures issue 8's start-up and memory targets of the game binary:
# start-up to the first frame (knights --headless --frames 1 at the default
# 1280x720, process start to exit) and peak memory (max resident set size),
# with and without --screenshot, with Mesa's shader cache warm and cold; and
# the peak memory of the demo played to the goal.
#
#   tools/measure_startup.sh               build (Release) if needed, 5 runs each
#   tools/measure_startup.sh --runs N      N runs of each start-up configuration
#   tools/measure_startup.sh --no-demo     skip the run to the goal
#   BUILD_DIR=dir tools/measure_startup.sh another build directory (default build)
#
# Cold: MESA_SHADER_CACHE_DISABLE=true, so llvmpipe JIT-compiles every shader
# variant the first frame uses. Warm: a private shader cache directory
# (MESA_SHADER_CACHE_DIR), filled by one run first; the user's cache is left
# alone. The configurations take turns run by run, so a machine that gets
# busier part way through slows them all alike. Prints the minimum and the
# median wall time, the median time to the first frame (the game's log
# line) and the largest max RSS of each (GNU time's %e and %M).
# Targets (issue 8): <= 1 s to the first frame, <= 200 MB peak.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${BUILD_DIR:-build}
runs=5
demo=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --no-demo) demo=0; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "measure_startup.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "measure_startup.sh: --runs needs a positive number" >&2
  exit 2
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "measure_startup.sh: needs GNU time (/usr/bin/time; apt-get install time)" >&2
  exit 2
fi

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake --preset release -B "$build_dir" >/dev/null
fi
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build_dir/CMakeCache.txt")
if [[ "$build_type" != "Release" ]]; then
  echo "measure_startup.sh: $build_dir is a '$build_type' build; timings need Release" >&2
  exit 2
fi
cmake --build "$build_dir" -j"$(nproc)" --target knights >/dev/null
knights="$build_dir/src/knights"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache_dir="$work/mesa_shader_cache"
mkdir -p "$cache_dir"

# run NAME CACHE(warm|cold) ARGS...: one run; appends "wall_s max_rss_kb" to
# $work/NAME. A failed run ends the script with its output.
run() {
  local name=$1 cache=$2
  shift 2
  local -a env_vars=("MESA_SHADER_CACHE_DIR=$cache_dir")
  [[ $cache == cold ]] && env_vars+=("MESA_SHADER_CACHE_DISABLE=true")
  if ! env "${env_vars[@]}" /usr/bin/time -o "$work/time" -f "%e %M" "$knights" --headless "$@" \
       >"$work/out" 2>&1; then
    echo "measure_startup.sh: knights --headless $* failed:" >&2
    cat "$work/out" >&2
    exit 1
  fi
  # wall_s max_rss_kb first_frame_s (the game's own "first frame on screen"
  # log line: from main() to the first frame presented, before shutdown and
  # any PNG encoding).
  local first
  first=$(sed -n 's/^FRAME: first frame on screen \([0-9.]*\) s.*/\1/p' "$work/out" | head -n 1)
  echo "$(tail -n 1 "$work/time") ${first:-nan}" >>"$work/$name"
}

shot="$work/shot.png"
configs=("warm" "warm_shot" "cold" "cold_shot")
labels=("warm shader cache" "warm shader cache, --screenshot" "cold shader cache" "cold shader cache, --screenshot")
echo "Filling the private shader cache (one run)..." >&2
run prime warm --frames 1 --screenshot "$shot"
echo "Start-up runs: ${#configs[@]} configurations x $runs..." >&2
for ((i = 0; i < runs; ++i)); do
  run warm warm --frames 1
  run warm_shot warm --frames 1 --screenshot "$shot"
  run cold cold --frames 1
  run cold_shot cold --frames 1 --screenshot "$shot"
done
if [[ $demo == 1 ]]; then
  echo "Demo run to the goal (--frames 6000 --metrics --screenshot)..." >&2
  run demo warm --frames 6000 --metrics "$work/metrics.json" --screenshot "$shot"
fi

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
printf 'Machine: %s x %s; load average %s\n' "$(nproc)" "$cpu" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'Renderer: %s\n\n' "$(sed -n 's/^GL: //p' "$work/out" | head -n 1)"
printf 'knights --headless --frames 1 (1280x720), %d runs each (targets: <= 1 s, <= 200 MB)\n\n' "$runs"
printf '| %-33s | %8s | %11s | %19s | %12s |\n' "configuration" "wall min" "wall median" "first frame median" "max RSS"
printf '|-%s-|-%s-|-%s-|-%s-|-%s-|\n' "---------------------------------" "--------" "-----------" "-------------------" "------------"
for k in "${!configs[@]}"; do
  # Sorted by a column, the first line is the minimum and the middle one the
  # median (the upper one of the two for an even count).
  first_median=$(sort -n -k3 "$work/${configs[$k]}" | awk '{ f[NR] = $3 } END { print f[int(NR / 2) + 1] }')
  sort -n "$work/${configs[$k]}" | awk -v label="${labels[$k]}" -v first="$first_median" '
    { wall[NR] = $1; if ($2 > rss) rss = $2 }
    END {
      printf "| %-33s | %6.2f s | %9.2f s | %17.2f s | %9.1f MB |\n", label, wall[1], wall[int(NR / 2) + 1], first,
             rss / 1024
    }'
done
if [[ $demo == 1 ]]; then
  awk '{ printf "\nDemo to the goal (--frames 6000 --metrics --screenshot): %.2f s, max RSS %.1f MB\n", $1, $2 / 1024 }' \
    "$work/demo"
  sed -n 's/^ *"memory_mb": /  metrics memory_mb: /p; s/^ *"reached_goal": /  reached_goal: /p' "$work/metrics.json"
fi
