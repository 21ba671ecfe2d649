#!/usr/bin/env bash
# The IK contacts table in docs/ik.md ("Measured from outside"): every level
# in assets/levels, seeds 1 and 7, IK on and off, measured from outside up to
# the goal (game::IkMetrics). Prints a Markdown table, from its header row
# ("| level | IK | goal (s1/s7) | ..."); the worst of the two seeds per column.
#   tools/ik_table.sh [build/src/knights]
set -euo pipefail
cd "$(dirname "$0")/.."
knights="${1:-build/src/knights}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for level in assets/levels/*.json; do
  for ik in on off; do
    for seed in 1 7; do
      "$knights" --headless --level "$level" --frames 12000 --seed "$seed" --ik "$ik" \
        --metrics "$tmp/$(basename "$level" .json)_${ik}_$seed.json" > /dev/null 2>&1
    done
  done
done
python3 - "$tmp" <<'PY'
import glob, json, os, sys
tmp = sys.argv[1]
def mm(v):
    return "-" if v is None else "%.1f" % (1000 * v)
print("| level | IK | goal (s1/s7) | penetration max mm (frames > 2 cm) | on a ladder: penetration max mm (frames) | foot-ground max mm | hand-rung max mm (frames) | foot-rung max mm (frames) | slide max mm | knee / elbow reversed frames | knee p99 deg/s |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
levels = sorted({os.path.basename(p).rsplit("_", 2)[0] for p in glob.glob(tmp + "/*.json")})
for level in levels:
    for ik in ("on", "off"):
        runs = [json.load(open("%s/%s_%s_%d.json" % (tmp, level, ik, s))) for s in (1, 7)]
        def worst(key, field):
            vals = [r[key][field] for r in runs if r[key][field] is not None]
            return max(vals) if vals else None
        def frames(key, field):
            return max(r[key][field] for r in runs)
        goal = "/".join(str(r["goal_frame"]) for r in runs)
        print("| %s | %s | %s | %s (%d) | %s (%d) | %s | %s (%d) | %s (%d) | %s | %d / %d | %s |" % (
            level, ik, goal,
            mm(worst("foot_penetration_m", "max")), frames("foot_penetration_m", "frames_over_2cm"),
            mm(worst("ladder_foot_penetration_m", "max")), frames("ladder_foot_penetration_m", "frames_over_2cm"),
            mm(worst("foot_ground_error_m", "max")),
            mm(worst("hand_rung_error_m", "max")), frames("hand_rung_error_m", "frames_over_2cm"),
            mm(worst("foot_rung_error_m", "max")), frames("foot_rung_error_m", "frames_over_2cm"),
            mm(worst("foot_slide_m", "max")),
            frames("knee_reversed_deg", "frames_over_5deg"), frames("elbow_reversed_deg", "frames_over_5deg"),
            "%.0f" % max(r["knee_angular_speed_deg_s"]["p99"] or 0 for r in runs)))
PY
