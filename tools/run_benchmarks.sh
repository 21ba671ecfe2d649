#!/usr/bin/env bash
# Runs the benchmark suite and prints the table of docs/performance.md.
#
#   tools/run_benchmarks.sh                 build (Release) if needed, run all
#   tools/run_benchmarks.sh --filter REGEX  only the benchmarks matching REGEX
#   tools/run_benchmarks.sh --no-gpu        skip knights_gpu_bench (GL context)
#   BUILD_DIR=dir tools/run_benchmarks.sh   another build directory (default build)
#
# Writes build/bench.json (knights_bench) and build/bench_gpu.json
# (knights_gpu_bench) in Google Benchmark's JSON format; run it again after a
# change and compare the tables (or the JSON files) to see a regression.
# Each benchmark runs 5 times; the table shows the median CPU time (the GPU
# skinning row: the GL's own time from timer queries) and the per-unit
# counters (ns per joint, us per knight, ...).
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${BUILD_DIR:-build}
filter=.
gpu=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --filter) filter=$2; shift 2 ;;
    --no-gpu) gpu=0; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "run_benchmarks.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake --preset bench -B "$build_dir" >/dev/null
fi
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build_dir/CMakeCache.txt")
if [[ "$build_type" != "Release" ]]; then
  echo "run_benchmarks.sh: $build_dir is a '$build_type' build; benchmarks need Release" >&2
  exit 2
fi
targets=(knights_bench)
[[ $gpu == 1 ]] && targets+=(knights_gpu_bench)
cmake --build "$build_dir" -j"$(nproc)" --target "${targets[@]}" >/dev/null

common=(--benchmark_filter="$filter" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
        --benchmark_out_format=json)
# Whether benchmark binary $1 has a benchmark matching the filter.
matches() { [[ -n "$(SDL_VIDEODRIVER=offscreen "$1" --benchmark_list_tests --benchmark_filter="$filter" 2>/dev/null)" ]]; }
outputs=()
if matches "$build_dir/tests/bench/knights_bench"; then
  echo "Running knights_bench (5 repetitions each; a few minutes)..." >&2
  "$build_dir/tests/bench/knights_bench" "${common[@]}" --benchmark_out="$build_dir/bench.json" >/dev/null
  outputs+=("$build_dir/bench.json")
fi
if [[ $gpu == 1 ]] && matches "$build_dir/tests/bench/knights_gpu_bench"; then
  echo "Running knights_gpu_bench (headless GL context)..." >&2
  if SDL_VIDEODRIVER=offscreen "$build_dir/tests/bench/knights_gpu_bench" "${common[@]}" \
       --benchmark_out="$build_dir/bench_gpu.json" >/dev/null; then
    outputs+=("$build_dir/bench_gpu.json")
  else
    echo "run_benchmarks.sh: knights_gpu_bench failed (no GL context?); its row is left out" >&2
  fi
fi
if [[ ${#outputs[@]} == 0 ]]; then
  echo "run_benchmarks.sh: no benchmark matches '$filter'" >&2
  exit 2
fi

python3 - "${outputs[@]}" <<'EOF'
import json, sys

def fmt_time(ns):
    if ns >= 1e6: return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3: return "%.2f us" % (ns / 1e3)
    return "%.1f ns" % ns

SCALE = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
# Per-unit counters are seconds per unit (kInvert rates); print them in the
# unit their name gives.
PER_UNIT = {"ns_per_joint": ("ns/joint", 1e9), "ns_per_vertex": ("ns/vertex", 1e9),
            "us_per_knight": ("us/knight", 1e6), "ns_per_solve": ("ns/solve", 1e9)}

context = None
rows = []
for path in sys.argv[1:]:
    data = json.load(open(path))
    context = context or data["context"]
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        manual = "manual_time" in b["run_name"]
        time_key = "real_time" if (manual or b["run_name"].endswith("real_time")) else "cpu_time"
        t_ns = b[time_key] * SCALE[b["time_unit"]]
        extra = []
        for key, (label, mult) in PER_UNIT.items():
            if key in b:
                extra.append("%.2f %s" % (b[key] * mult, label))
        for key in ("pool_threads", "max_err_vs_cpu_m", "gl_timer_us"):
            if key in b:
                extra.append("%s=%.3g" % (key, b[key]))
        name = b["run_name"].replace("/real_time", " (wall)").replace("/manual_time", " (wall to glFinish)")
        rows.append((name, fmt_time(t_ns), ", ".join(extra)))

print("Machine: %d x %.0f MHz, load average %s" % (context["num_cpus"], context["mhz_per_cpu"],
      ", ".join("%.2f" % x for x in context.get("load_avg", []))))
print()
w = max(len(r[0]) for r in rows)
print("| %-*s | %10s | %s |" % (w, "benchmark (median of 5)", "time", "per unit"))
print("|-%s-|-%s-|-%s|" % ("-" * w, "-" * 10, "-" * 30))
for name, t, extra in rows:
    print("| %-*s | %10s | %s |" % (w, name, t, extra))
EOF
echo >&2
echo "JSON: ${outputs[*]}" >&2
