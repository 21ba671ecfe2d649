# The squire's clips on flat ground: idle, walk, run, jump_up, fall, land,
# jump and turn. Each is a function (squire, frame) -> Goals; contact ranges
# come from squire_spec.json and drive the feet. Armature space: +Z up,
# facing -Y.
import math
from mathutils import Quaternion

from squire_motion import TAU, Gait, Hold, ease, hermite, keyed, mix, mix_limb, still, track
from squire_pose import ArmAngles, Goals, axis_angle, body_rot
from squire_rig import SIDES, UP, cv, side_sign


def spine_bend(g, pitch=0.0, yaw=0.0, roll=0.0, weights=(0.3, 0.35, 0.35)):
    """Add a torso rotation, spread over spine.001..spine.003."""
    for bone, w in zip(("spine.001", "spine.002", "spine.003"), weights):
        g.local[bone] = body_rot(pitch * w, yaw * w, roll * w) @ g.local.get(bone, Quaternion())


def look(g, pitch=0.0, yaw=0.0):
    """Add a neck and head rotation: spine.004/.005 take 40%, the head 60%."""
    for bone, w in (("spine.004", 0.2), ("spine.005", 0.2), ("spine.006", 0.6)):
        g.local[bone] = body_rot(pitch * w, yaw * w) @ g.local.get(bone, Quaternion())


# ---------------------------------------------------------------------------

def idle(sq, f):
    n = sq.clip["idle"]["frames"]
    ph = TAU * f / n
    breath = math.sin(ph)
    g = Goals(sq.rest)
    g.hips_pos = cv(0.0, 0.006 * math.sin(ph), sq.hips_z - 0.004 * (1.0 - math.cos(ph)))
    g.hips_rot = body_rot(roll=-0.012 * math.sin(ph))
    spine_bend(g, pitch=-0.03 - 0.02 * breath, roll=0.012 * math.sin(ph))
    look(g, pitch=0.04 + 0.02 * math.sin(2 * ph), yaw=0.22 * math.sin(ph + 0.6) * abs(math.sin(ph + 0.6)))
    for s in SIDES:
        g.local["shoulder." + s] = body_rot(roll=0.025 * breath * side_sign(s))
        g.arm[s] = ArmAngles(swing=0.04 + 0.02 * math.sin(ph + (0.4 if s == "L" else 1.3)),
                             spread=0.13, elbow=0.28 + 0.04 * breath, wrist=0.12)
        g.leg[s] = sq.stance(s)
    return g


# Gait shape per clip: heel rise / heel strike lengths (frames), swing lift
# (m), foot pitch at toe-off and at heel strike (rad), hips height below the
# stance height (m) and its bob (m, + = highest over the planted foot),
# forward lean, pelvis twist and sway, arm spread.
GAIT = {
    "walk": dict(rise=4, strike=2, lift=0.07, off_pitch=0.95, on_pitch=0.30, drop=0.030,
                 bob=0.016, lean=0.05, twist=0.12, sway=0.018, spread=0.12, toe_in=-0.05),
    "run": dict(rise=2, strike=1, lift=0.20, off_pitch=0.95, on_pitch=0.10, drop=0.080,
                bob=-0.022, lean=0.22, twist=0.18, sway=0.010, spread=0.16, toe_in=-0.04),
}


def _locomotion(sq, f, name, run):
    clip = sq.clip[name]
    n, v = clip["frames"], clip["speed_mps"]
    c = clip["contacts"]
    k = GAIT[name]
    g = Goals(sq.rest)
    centre = sq.spec["stance"]["gait_centre_forward_m"]
    for s in SIDES:
        plant, last = c["foot_" + s.lower()][0]
        flat = last - plant
        front = centre + 0.5 * v * flat / sq.fps
        g.leg[s] = Gait(sq, s, n, plant, flat, v, front, rise=k["rise"], strike=k["strike"],
                        lift=k["lift"], off_pitch=k["off_pitch"], on_pitch=k["on_pitch"],
                        toe_in=k["toe_in"]).goal(f)
    ph = TAU * f / n                          # 0 = left foot plants (left leg forward)
    # The bob peaks (bob > 0) or dips (bob < 0) over the middle of each flat phase.
    mid = c["foot_l"][0][0] + 0.5 * (c["foot_l"][0][1] - c["foot_l"][0][0])
    z = sq.hips_z - k["drop"] + k["bob"] * math.cos(2 * (ph - TAU * mid / n))
    lean, twist = k["lean"], k["twist"]
    g.hips_pos = cv(0.0, k["sway"] * math.sin(ph), z)
    g.hips_rot = body_rot(pitch=lean * 0.6, yaw=-twist * math.cos(ph),
                          roll=-0.03 * math.sin(ph))
    spine_bend(g, pitch=lean * 0.4, yaw=twist * 1.6 * math.cos(ph), roll=0.03 * math.sin(ph))
    look(g, pitch=-lean * 0.8, yaw=-twist * 0.5 * math.cos(ph))
    swing = math.cos(ph)                      # + when the left leg is forward
    for s in SIDES:
        back = -side_sign(s)                  # the left arm swings back at phase 0
        if run:
            # As far back as forward: a runner's counter-swing, not a reach.
            g.arm[s] = ArmAngles(swing=0.04 + 0.62 * back * swing, spread=k["spread"],
                                 elbow=1.35 + 0.30 * back * swing, wrist=0.25)
        else:
            g.arm[s] = ArmAngles(swing=0.03 + 0.36 * back * swing, spread=k["spread"],
                                 elbow=0.30 + 0.22 * max(0.0, back * swing), wrist=0.12)
    return g


def walk(sq, f):
    return _locomotion(sq, f, "walk", run=False)


def run(sq, f):
    return _locomotion(sq, f, "run", run=True)


def jump_up(sq, f):
    c = sq.clip["jump_up"]
    n = c["frames"]
    off = c["contacts"]["foot_l"][0][1]         # last frame on the ground
    low = off - 2                               # deepest crouch
    g = idle(sq, 0)
    z = keyed([(0, sq.hips_z), (low, sq.hips_z - 0.15), (off, sq.hips_z + 0.008),
               (n, sq.hips_z + 0.03)], f)
    lean = keyed([(0, 0.0), (low, 0.42), (off, 0.12), (n, 0.05)], f)
    arms = keyed([(0, 0.05), (low, -0.55), (off, 1.5), (n, 1.15)], f)
    g.hips_pos = cv(0.0, 0.0, z)
    g.hips_rot = body_rot(pitch=lean * 0.7)
    spine_bend(g, pitch=lean * 0.3)
    look(g, pitch=-lean * 0.7)
    for s in SIDES:
        g.arm[s] = ArmAngles(swing=arms, spread=0.2, elbow=0.35, wrist=0.2)
        if f > off:
            u = 1.0 - (1.0 - (f - off) / (n - off)) ** 2      # the feet leave quickly
            tuck = 0.24 if s == "L" else 0.17
            base = sq.stance(s)
            foot = axis_angle(cv(left=1.0), 0.45 * u)
            g.leg[s] = base.moved(Quaternion(), cv(-0.05 * u, 0.0, tuck * u))
            g.leg[s].rot = foot
            g.leg[s].toe = foot
    return g


def fall(sq, f):
    n = sq.clip["fall"]["frames"]
    ph = TAU * f / n
    g = idle(sq, 0)
    g.hips_pos = cv(0.0, 0.0, sq.hips_z + 0.03)
    g.hips_rot = body_rot(pitch=-0.08 + 0.03 * math.sin(ph), roll=0.03 * math.sin(ph))
    spine_bend(g, pitch=-0.06)
    look(g, pitch=0.25, yaw=0.1 * math.sin(ph))
    for s in SIDES:
        k = 0.0 if s == "L" else math.pi
        g.arm[s] = ArmAngles(swing=0.25 + 0.15 * math.sin(ph + k), spread=1.15 + 0.12 * math.sin(ph + k + 1.0),
                             elbow=0.45 + 0.1 * math.sin(ph + k), wrist=0.3)
        base = sq.stance(s)
        lift = 0.17 + 0.06 * math.sin(ph + k)
        g.leg[s] = base.moved(Quaternion(), cv(0.07 * math.sin(ph + k) + 0.02, 0.02 * side_sign(s), lift))
        foot = axis_angle(cv(left=1.0), 0.4 + 0.12 * math.sin(ph + k))
        g.leg[s].rot = foot
        g.leg[s].toe = foot
    return g


def land(sq, f):
    """Impact into a crouch by frame 5, then up into idle frame 0."""
    n = sq.clip["land"]["frames"]
    low = 5
    g = idle(sq, 0)
    deep = ease(f / low) if f <= low else 1.0
    g.hips_pos = cv(0.0, 0.0, sq.hips_z - 0.06 - 0.12 * deep)
    g.hips_rot = body_rot(pitch=0.2 + 0.22 * deep)
    spine_bend(g, pitch=0.1 + 0.1 * deep)
    look(g, pitch=-0.3 * deep)
    for s in SIDES:
        g.arm[s] = ArmAngles(swing=0.45 - 0.25 * deep, spread=0.35, elbow=0.5, wrist=0.2)
    if f <= low:
        return g
    return mix(sq.rest, g, idle(sq, 0), ease((f - low) / (n - low)))


def jump(sq, f):
    """One whole in-place jump, as marketplace packs and Mixamo ship it, made
    of the three jump clips: from idle frame 0 jump_up's crouch and take-off;
    in the air jump_up's tuck (played faster), the hips a few centimetres
    higher and the arms up at the apex, half way through the flight; then
    the arms out as in fall and the legs reaching down for the ground; from
    the touch-down on, land (impact crouch, up into idle frame 0)."""
    c = sq.clip["jump"]
    feet = c["contacts"]["foot_l"]
    off = feet[0][1]                            # last frame on the ground before the flight
    down = feet[1][0]                           # first frame on the ground after it
    apex = c["apex_frame"]
    up_n = sq.clip["jump_up"]["frames"]        # jump_up takes off at `off` too (checked)
    if f <= off:
        # jump_up's crouch and push-off; the arms start from idle frame 0's.
        g = jump_up(sq, f)
        rest = idle(sq, 0)
        w = ease(f / (off - 2))
        for s in SIDES:
            g.arm[s] = rest.arm[s].mix(g.arm[s], w)
        return g
    if f >= down:
        # The impact: the hips go on down with the speed they touched down
        # with (land eases in from rest), then land as it is.
        g = land(sq, f - down)
        low = 5                                 # land's deepest crouch
        if f < down + low:
            z0 = land(sq, 0).hips_pos.z
            z1 = land(sq, low).hips_pos.z
            vz = (z0 - _jump_reach(sq).hips_pos.z) / JUMP_REACH_FRAMES * low / (z1 - z0)
            g.hips_pos.z = z0 + (z1 - z0) * hermite(0.0, vz, 1.0, 0.0, (f - down) / low)
        return g
    reach_f = down - JUMP_REACH_FRAMES
    if f <= apex:
        u = (f - off) / (apex - off)
        return _jump_rise(sq, off + (up_n - off) * u, u)
    reach = _jump_reach(sq)
    if f <= reach_f:
        # Down from the apex, still falling at the reach (no hover).
        u = (f - apex) / (reach_f - apex)
        return mix(sq.rest, _jump_rise(sq, up_n, 1.0), reach, hermite(0.0, 0.0, 1.0, JUMP_REACH_INTO, u))
    # The last frames before the touch-down: straight into land frame 0, the
    # feet a little ahead of the body (the balls touch first).
    u = (f - reach_f) / JUMP_REACH_FRAMES
    touch = land(sq, 0)
    g = mix(sq.rest, reach, touch, u)
    for s in SIDES:
        g.leg[s] = mix_limb(reach.leg[s], touch.leg[s], 1.0 - (1.0 - u) ** 2)
    return g


# jump: the apex (hips this much above jump_up's last frame, arm swing) and
# the reach before the touch-down (this many frames before it, the feet this
# far above the ground and pointed (rad), the hips this high above the
# stance); JUMP_REACH_INTO is the descent's blend slope at the reach, so the
# feet do not stop above the ground.
JUMP_APEX_LIFT_M = 0.02
JUMP_APEX_SWING = 2.5
JUMP_REACH_FRAMES = 2
JUMP_REACH_FOOT_M = 0.05
JUMP_REACH_POINT = 0.3
JUMP_REACH_HIPS_M = 0.02
JUMP_REACH_INTO = 0.7


def _jump_rise(sq, t, u):
    """jump_up at its frame t, u of the way from the take-off to the apex:
    the hips rise a little further and the arms swing up."""
    g = jump_up(sq, t)
    g.hips_pos = g.hips_pos + cv(up=JUMP_APEX_LIFT_M * ease(u))
    for s in SIDES:
        g.arm[s].swing += (JUMP_APEX_SWING - g.arm[s].swing) * ease(u)
    return g


def _jump_reach(sq):
    """Half way between fall (arms out) and land frame 0 in the body, the
    legs nearly straight and the feet pointed just above the ground, the
    toes level (the balls touch first, not the tips)."""
    g = mix(sq.rest, fall(sq, 0), land(sq, 0), 0.5)
    g.hips_pos = cv(0.0, 0.0, sq.hips_z + JUMP_REACH_HIPS_M)
    for s in SIDES:
        g.leg[s] = sq.stance(s).moved(Quaternion(), cv(up=JUMP_REACH_FOOT_M))
        g.leg[s].rot = axis_angle(cv(left=1.0), JUMP_REACH_POINT)
        g.leg[s].toe = Quaternion()
    return g


# How much wider than the idle stance the feet stand at the quarter turn
# (each foot this far further out), so the stepping foot clears the other.
TURN_WIDE_M = 0.05


def turn(sq, f):
    """180 degrees to the left (counter-clockwise seen from above) on the
    spot, carried by the hips bone's yaw. Four steps: left foot, then right
    foot to a slightly wide stance turned by a quarter, then left and right
    to idle's stance turned by a half. Ends in idle frame 0 turned by 180."""
    clip = sq.clip["turn"]
    n = clip["frames"]
    c = clip["contacts"]
    yaw = math.pi * ease(f / n)
    arc = math.sin(math.pi * f / n)            # 0 at both ends
    g = idle(sq, 0)
    g.hips_pos = g.hips_pos - cv(up=0.03 * arc)
    g.hips_rot = axis_angle(UP, yaw) @ g.hips_rot
    spine_bend(g, yaw=0.3 * arc)
    look(g, yaw=0.45 * math.sin(math.pi * min(1.0, 1.4 * f / n)))
    for s in SIDES:
        g.arm[s].spread += 0.1 * arc

    def placed(side, quarters, wide=0.0):
        """Idle stance foot turned about the origin, moved `wide` further out."""
        q = axis_angle(UP, quarters * math.pi / 2)
        return still(sq.stance(side).moved(q, q @ cv(left=wide * side_sign(side))))

    for s in SIDES:
        r = c["foot_" + s.lower()]
        holds = [Hold(r[0][0], r[0][1], placed(s, 0)), Hold(r[1][0], r[1][1], placed(s, 1, TURN_WIDE_M)),
                 Hold(r[2][0], r[2][1], placed(s, 2))]
        g.leg[s] = track(holds, f, cv(up=0.07))
        g.leg[s].pole = g.leg[s].rot @ sq.knee_pole(s)       # knees follow the feet
    return g


CLIPS = {"idle": idle, "walk": walk, "run": run, "jump_up": jump_up,
         "fall": fall, "land": land, "jump": jump, "turn": turn}
