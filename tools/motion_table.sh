#!/usr/bin/env bash
# The motion table in docs/ik.md ("Measured from outside", issue 38), from
# its header row ("| level | IK | goal | knee fold ..."): every level given
# (default: every level in assets/levels), seeds 1 and 7, IK on and off,
# measured from outside up to the goal (game::IkMetrics): knee and elbow
# folds, the drawn pelvis's jolt, each sole's travel in one step, knee
# speed. Prints a Markdown table, the worst of the seeds per column; keeps
# the metrics files in $KEEP when that is set.
#   tools/motion_table.sh [LEVEL.json ...]
# Environment: KNIGHTS (the game, default build/src/knights), SEEDS
# (default "1 7"), CHARACTER (a character file), JOBS (parallel runs,
# default the cores).
set -euo pipefail
cd "$(dirname "$0")/.."
knights="${KNIGHTS:-build/src/knights}"
seeds="${SEEDS:-1 7}"
jobs="${JOBS:-$(nproc)}"
character_arg=()
[[ -n "${CHARACTER:-}" ]] && character_arg=(--character "$CHARACTER")
levels=("$@")
[[ ${#levels[@]} -eq 0 ]] && levels=(assets/levels/*.json)
out="${KEEP:-$(mktemp -d)}"
mkdir -p "$out"
[[ -z "${KEEP:-}" ]] && trap 'rm -rf "$out"' EXIT
for level in "${levels[@]}"; do
  for ik in on off; do
    for seed in $seeds; do
      echo "$level $ik $seed"
    done
  done
done | xargs -P "$jobs" -L 1 bash -c '
  "$0" --headless --level "$1" --frames 12000 --seed "$3" --ik "$2" "${@:4}" \
    --metrics "'"$out"'/$(basename "$1" .json)_$2_$3.json" > /dev/null 2>&1 || echo "failed: $*" >&2
' "$knights" "${character_arg[@]+"${character_arg[@]}"}"
python3 - "$out" $seeds <<'PY'
import glob, json, os, sys
out, seeds = sys.argv[1], [int(s) for s in sys.argv[2:]]
def fmt(v, scale=1.0, digits=0):
    return "null" if v is None else ("%." + str(digits) + "f") % (scale * v)
print("| level | IK | goal | knee fold max deg (frames > 172) | elbow fold max deg (frames > 172) "
      "| pelvis kink max cm (frames > 4 cm) | sole step max cm (frames > 25 cm) | knee speed p99 / max deg/s |")
print("|---|---|---|---|---|---|---|---|")
levels = sorted({os.path.basename(p).rsplit("_", 2)[0] for p in glob.glob(out + "/*.json")})
for level in levels:
    for ik in ("on", "off"):
        runs = []
        for s in seeds:
            try:
                runs.append(json.load(open("%s/%s_%s_%d.json" % (out, level, ik, s))))
            except (OSError, ValueError):
                pass
        if not runs:
            continue
        def worst(key, field):
            vals = [r[key][field] for r in runs if r[key].get(field) is not None]
            return max(vals) if vals else None
        goal = "/".join(str(r["goal_frame"]) for r in runs)
        print("| %s | %s | %s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s / %s |" % (
            level, ik, goal,
            fmt(worst("knee_fold_deg", "max"), 1, 1), worst("knee_fold_deg", "frames_over_172deg"),
            fmt(worst("elbow_fold_deg", "max"), 1, 1), worst("elbow_fold_deg", "frames_over_172deg"),
            fmt(worst("pelvis_kink_m", "max"), 100, 1), worst("pelvis_kink_m", "frames_over_4cm"),
            fmt(worst("sole_step_m", "max"), 100, 1), worst("sole_step_m", "frames_over_25cm"),
            fmt(worst("knee_angular_speed_deg_s", "p99")), fmt(worst("knee_angular_speed_deg_s", "max"))))
PY
