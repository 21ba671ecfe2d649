# The squire's ladder clips: climb_up, climb_down, ladder_enter_bottom and
# ladder_exit_top. Rungs are bars along the left-right axis, `rung_forward_m`
# in front of the origin, every `rung_spacing_m`; rung k is k spacings above
# the floor the squire stood on when it got on (the floor is "rung 0").
#
# climb_up is in place: the hips stay put (they only bob), the rungs and the
# hands and feet holding them move down at the climb speed, two rungs per
# cycle; the game raises the squire by rise_per_cycle_m per cycle.
import math

from squire_clips_ground import idle, look, spine_bend
from squire_motion import (TAU, Hold, arm_as_goal, ease, keyed, mix, mix_limb,
                           still, track, up_and_over)
from squire_pose import ArmAngles, Goals, body_rot, solve
from squire_rig import SIDES, cv, side_sign

PAIRS = {"hand_r": "A", "foot_l": "A", "hand_l": "B", "foot_r": "B"}


def _climb_geometry(sq):
    clip = sq.clip["climb_up"]
    lad = sq.spec["ladder"]
    n = clip["frames"]
    v = lad["rise_per_cycle_m"] / n                 # metres per frame
    return clip, n, v, lad["holds_climb_frame0_m"]


def climb_holds(sq, limb):
    """Holds of one limb over the previous, this and the next cycle. Pair A
    (hand_r, foot_l) grabs at frame 0 at its frame-0 height; pair B's grip
    wraps the loop seam ([0, b] and [a, n]): it grabbed at frame a of the
    previous cycle, one rung higher than where it is at frame 0. Every grip
    moves down with the rungs."""
    clip, n, v, top = _climb_geometry(sq)
    ranges = clip["contacts"][limb]
    if len(ranges) == 1:
        start, length = ranges[0][0], ranges[0][1] - ranges[0][0]
        assert start == 0, (limb, ranges)
        high = top[limb]
    else:
        (_, b), (a, _) = ranges
        start, length = a, (n - a) + b
        high = top[limb] + v * (n - a)
    side = limb[-1].upper()
    holds = []
    for k in (-1, 0, 1):
        a = start + k * n

        def fn(f, a=a, side=side):
            h = high - v * (f - a)
            return sq.grip(side, h) if limb.startswith("hand") else sq.foot_on_rung(side, h)
        holds.append(Hold(a, a + length, fn))
    return holds


def climb_pose(sq, f):
    n = sq.clip["climb_up"]["frames"]
    st = sq.spec["stance"]
    g = Goals(sq.rest)
    ph = TAU * f / n
    g.hips_pos = cv(0.0, 0.012 * math.sin(ph), st["climb_hips_height_m"] + 0.02 * math.cos(2 * ph))
    g.hips_rot = body_rot(pitch=0.10, yaw=0.05 * math.sin(ph), roll=0.03 * math.sin(ph))
    spine_bend(g, pitch=0.08, yaw=-0.08 * math.sin(ph))
    look(g, pitch=-0.35, yaw=0.06 * math.sin(ph))
    for limb in PAIRS:
        side = limb[-1].upper()
        holds = climb_holds(sq, limb)
        if limb.startswith("hand"):
            g.arm[side] = track(holds, f, cv(-0.10, 0.0, 0.03))
        else:
            g.leg[side] = track(holds, f, cv(-0.12, 0.0, 0.04))
    return g


def climb_up(sq, f):
    return climb_pose(sq, f)


def climb_down(sq, f):
    return climb_pose(sq, sq.clip["climb_down"]["frames"] - f)


# ---------------------------------------------------------------------------

def _reach(sq, g, side, f, f0, f1, target, arc):
    """Arm from its FK (angles) pose at f0 to the effector `target` at f1."""
    if f <= f0:
        return g.arm[side]
    u = ease((f - f0) / (f1 - f0))
    fk = arm_as_goal(sq.rest, g, side)
    out = mix_limb(fk, target, u)
    out.end = out.end + arc * math.sin(math.pi * min(1.0, (f - f0) / (f1 - f0)))
    return out


def ladder_enter_bottom(sq, f):
    """From idle frame 0 at the ladder's foot to climb_up frame 0; the hips
    keep their horizontal place."""
    clip = sq.clip["ladder_enter_bottom"]
    n, c = clip["frames"], clip["contacts"]
    start, end = idle(sq, 0), climb_pose(sq, 0)
    body = ease(f / (n - 2))
    g = mix(sq.rest, start, end, body)
    for s in SIDES:
        g.arm[s] = start.arm[s].mix(ArmAngles(swing=0.3, spread=0.2, elbow=0.6, wrist=0.1), body)
    for s in SIDES:
        ranges = c["foot_" + s.lower()]
        holds = [Hold(ranges[0][0], ranges[0][1], still(start.leg[s])),
                 Hold(ranges[1][0], ranges[1][1], still(end.leg[s]))]
        g.leg[s] = track(holds, f, cv(-0.04, 0.0, 0.10))
    for s in SIDES:
        grab = c["hand_" + s.lower()][0][0]
        g.arm[s] = _reach(sq, g, s, f, grab - 9, grab, end.arm[s], cv(-0.06, 0.0, 0.06))
    return g


class _Exit:
    """Geometry of ladder_exit_top: the ledge top is level with the centre
    of the rung the right hand holds at climb_up frame 0 (the top rung, at
    the ledge lip); its face is just behind the rung line."""

    def __init__(self, sq):
        clip = sq.clip["ladder_exit_top"]
        lad = sq.spec["ladder"]
        ex = lad["exit"]
        self.n, self.c = clip["frames"], clip["contacts"]
        self.top = ex["ledge_height_m"]
        self.hands_at = ex["ledge_face_forward_m"] + ex["hands_past_face_m"]
        self.step_at = ex["ledge_face_forward_m"] + ex["first_step_past_face_m"]
        self.h0, self.step = lad["holds_climb_frame0_m"], lad["rung_spacing_m"]
        self.start = climb_pose(sq, 0)
        self.final = idle(sq, 0).moved(body_rot(), cv(ex["stand_forward_m"], 0.0, self.top))

    def onto_ledge(self, lift):
        """Moves that end on the ledge go up first, then over the lip."""
        def choose(h0, h1):
            below = h0.fn(h0.f1).end.z < self.top + 0.02 < h1.fn(h1.f0).end.z
            return up_and_over(lift) if below else None
        return choose


def _exit_body(sq, ex, f):
    """Hips path and torso: up two rungs, lean over the lip, squat on the
    ledge, stand up into idle frame 0 shifted onto the ledge."""
    n, top, start, final = ex.n, ex.top, ex.start, ex.final
    z0 = start.hips_pos.z
    g = Goals(sq.rest)
    g.hips_pos = keyed([(0, cv(0.0, 0.0, z0)), (14, cv(0.0, 0.0, z0 + 0.16)),
                        (26, cv(0.02, 0.0, z0 + 0.40)), (36, cv(0.06, 0.0, top - 0.22)),
                        (44, cv(0.12, 0.0, top - 0.05)), (50, cv(0.20, 0.0, top + 0.04)),
                        (56, cv(0.36, 0.0, top + 0.26)), (62, cv(0.56, 0.0, top + 0.48)),
                        (68, cv(0.72, 0.0, top + 0.62)), (n, final.hips_pos)], f)
    lean = keyed([(0, 0.0), (26, 0.25), (40, 0.6), (50, 0.55), (60, 0.3), (68, 0.1), (n, 0.0)], f)
    g.hips_rot = start.hips_rot.slerp(body_rot(pitch=0.10 + lean * 0.6), min(1.0, f / 6.0))
    if f > 60:
        g.hips_rot = g.hips_rot.slerp(final.hips_rot, ease((f - 60) / (n - 60)))
    g.local = mix(sq.rest, start, final, ease((f - 44) / (n - 44))).local
    spine_bend(g, pitch=lean * 0.4)
    look(g, pitch=0.3 * math.sin(math.pi * min(1.0, f / 56.0)))
    return g


def _exit_feet(sq, ex, f, g):
    """Each foot: two rungs up, then onto the ledge (the right foot one rung
    more first, left before the rising hips fold the leg past its reach),
    then into idle's stance."""
    def hold(r, goal):
        return Hold(r[0], r[1], still(goal))
    fl, fr, h0, step = ex.c["foot_l"], ex.c["foot_r"], ex.h0, ex.step
    feet = {"L": [hold(fl[0], sq.foot_on_rung("L", h0["foot_l"])),
                  hold(fl[1], sq.foot_on_rung("L", h0["foot_l"] + 2 * step)),
                  hold(fl[2], sq.foot_flat("L", ex.step_at, up=ex.top)),
                  hold(fl[3], ex.final.leg["L"])],
            "R": [hold(fr[0], sq.foot_on_rung("R", h0["foot_r"])),
                  hold(fr[1], sq.foot_on_rung("R", h0["foot_r"] + 2 * step)),
                  hold(fr[2], sq.foot_on_rung("R", h0["foot_r"] + 3 * step)),
                  hold(fr[3], ex.final.leg["R"])]}
    for s in SIDES:
        g.leg[s] = track(feet[s], f, cv(-0.10, 0.0, 0.06), path=ex.onto_ledge(0.12))


def _exit_hands(sq, ex, f, g):
    """Each hand: from its rung onto the ledge top, then it lets go, rides
    along with the chest and blends into idle's arm."""
    for s in SIDES:
        r = ex.c["hand_" + s.lower()]
        holds = [Hold(r[0][0], r[0][1], still(sq.grip(s, ex.h0["hand_" + s.lower()]))),
                 Hold(r[1][0], r[1][1], still(sq.palm_down(s, ex.hands_at, 0.17 * side_sign(s), ex.top)))]
        last = holds[-1].f1
        if f <= last:
            g.arm[s] = track(holds, f, cv(-0.06, 0.0, 0.08), path=ex.onto_ledge(0.08))
        elif f < ex.n - 4:
            u = ease((f - last) / (ex.n - 4 - last))
            then = solve(sq.rest, ladder_exit_top(sq, last))
            now = solve(sq.rest, g)
            q = now.d["spine.003"] @ then.d["spine.003"].inverted()
            carried = holds[-1].fn(last).moved(q, now.p["spine.003"] - q @ then.p["spine.003"])
            body = g.copy()
            body.arm[s] = ex.final.arm[s]
            g.arm[s] = mix_limb(carried, arm_as_goal(sq.rest, body, s), u)
        else:
            g.arm[s] = ex.final.arm[s]


def ladder_exit_top(sq, f):
    """From climb_up frame 0 up two more rungs and onto the ledge, into idle
    frame 0 standing on it. The hips bone carries the motion."""
    ex = _Exit(sq)
    g = _exit_body(sq, ex, f)
    _exit_feet(sq, ex, f, g)
    _exit_hands(sq, ex, f, g)
    return g


CLIPS = {"climb_up": climb_up, "climb_down": climb_down,
         "ladder_enter_bottom": ladder_enter_bottom, "ladder_exit_top": ladder_exit_top}
