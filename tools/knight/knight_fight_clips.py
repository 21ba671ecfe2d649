# Fight clips for the knight (runs inside Blender; mathutils only): three
# attacks, the block and the impact on it, the hit stagger, the knockdown
# and the get-up. Like knight_clips, each clip is a function frame ->
# knight_rig.Pose in armature space (Blender axes: metres, +X forward, +Y
# left, +Z up; the glTF export turns +Z into +Y up and +Y into -Z).
#
# A clip is a short table of key poses in time (seconds), each described by
# what it changes from the idle stance, played through a Catmull-Rom spline
# per channel (pelvis, spine, wrist targets, hand rotations, ankles, ...)
# with zero velocity at the keys marked still (a wind-up's peak, a landing,
# the end). The sword is placed by its grip point and blade direction (the
# right arm follows by IK), the shield by the left arm. No root motion: the
# root stays at the origin. The feet stay planted where idle has them, except
# in the knockdown and the get-up, where they are planted over the spec's
# contact ranges only.
import math
from mathutils import Quaternion, Vector

from knight_clips import clip_idle, hermite, hold_sword
from knight_rig import Pose, quat_euler, shield_world, solve, sword_world
import knight_rig

V = Vector
# Grip centre to the blade's point (metres, along the blade; knight_mesh).
BLADE_TIP_M = 0.92


# ---------------------------------------------------------------------------
# Interpolating key poses.

def copy_pose(ctx, src):
    """A deep copy of a Pose."""
    p = Pose(ctx.rig)
    p.root_pos, p.root_yaw = src.root_pos.copy(), src.root_yaw
    p.pelvis_pos, p.pelvis_rot = src.pelvis_pos.copy(), src.pelvis_rot.copy()
    p.local = {k: q.copy() for k, q in src.local.items()}
    p.arm = {s: {k: (v.copy() if hasattr(v, "copy") else v) for k, v in src.arm[s].items()} for s in "lr"}
    p.leg = {s: {k: (v.copy() if hasattr(v, "copy") else v) for k, v in src.leg[s].items()} for s in "lr"}
    p.attach, p.stowed, p.place = dict(src.attach), dict(src.stowed), dict(src.place)
    return p


def spline(times, values, still, t):
    """Catmull-Rom through values (floats or Vectors) at times (s), clamped
    outside; zero tangent at the ends and where still[i]."""
    if t <= times[0]:
        return values[0]
    if t >= times[-1]:
        return values[-1]
    n = len(times)

    def tangent(i):
        if still[i] or i == 0 or i == n - 1:
            return values[i] * 0.0
        return (values[i + 1] - values[i - 1]) / (times[i + 1] - times[i - 1])

    i = max(k for k in range(n - 1) if times[k] <= t)
    h = times[i + 1] - times[i]
    return hermite(values[i], tangent(i) * h, values[i + 1], tangent(i + 1) * h, (t - times[i]) / h)


def quat_spline(times, quats, still, t):
    """spline() on quaternions as 4-vectors (signs aligned key to key),
    normalised."""
    vecs = []
    for q in quats:
        v = V((q.w, q.x, q.y, q.z))
        if vecs and vecs[-1].dot(v) < 0.0:
            v = -v
        vecs.append(v)
    v = spline(times, vecs, still, t)
    # (Vector.normalized() leaves a 4D vector's last component alone.)
    return Quaternion((v[0], v[1], v[2], v[3])).normalized()


def pose_at(ctx, keys, t):
    """Pose at time t (s) through keys [(time, Pose with IK arms, still,
    exact Pose)]: at and beyond the first and last keys, their exact pose."""
    if t <= keys[0][0]:
        return copy_pose(ctx, keys[0][3])
    if t >= keys[-1][0]:
        return copy_pose(ctx, keys[-1][3])
    times = [k[0] for k in keys]
    poses = [k[1] for k in keys]
    still = [k[2] for k in keys]

    def vec(get):
        return spline(times, [get(q) for q in poses], still, t)

    def rot(get):
        return quat_spline(times, [get(q) for q in poses], still, t)

    p = Pose(ctx.rig)
    p.pelvis_pos = vec(lambda q: q.pelvis_pos)
    p.pelvis_rot = rot(lambda q: q.pelvis_rot)
    for k in p.local:
        p.local[k] = rot(lambda q, k=k: q.local[k])
    for s in "lr":
        p.arm[s] = {"mode": "ik", "target": vec(lambda q: q.arm[s]["target"]),
                    "hand": rot(lambda q: q.arm[s]["hand"]), "pole": vec(lambda q: q.arm[s]["pole"])}
        p.leg[s] = {"ankle": vec(lambda q: q.leg[s]["ankle"]), "foot": rot(lambda q: q.leg[s]["foot"]),
                    "pole": vec(lambda q: q.leg[s]["pole"]), "toe": vec(lambda q: q.leg[s]["toe"])}
    return p


# ---------------------------------------------------------------------------
# Building key poses.

def aim(yaw_deg, pitch_deg):
    """Unit direction (armature space) from a heading: yaw degrees to the
    left of straight ahead (+X), pitch degrees above the horizontal."""
    yaw, pitch = math.radians(yaw_deg), math.radians(pitch_deg)
    return V((math.cos(pitch) * math.cos(yaw), math.cos(pitch) * math.sin(yaw), math.sin(pitch)))


def arms_to_ik(ctx, p):
    """Replace FK arms by the IK arms that give the same pose (wrist target,
    hand rotation, pole through the elbow), so keys can be interpolated."""
    sol = solve(ctx.rig, p)
    for s in "lr":
        if p.arm[s]["mode"] == "fk":
            shoulder = sol.head["upper_arm_" + s]
            ctx.set_arm_ik(p, s, sol.head["hand_" + s].copy(), sol.q["hand_" + s].copy(),
                           sol.head["forearm_" + s] - shoulder)
    return p


def body(ctx, base, shift=(0, 0, 0), pelvis=None, hips=(0, 0, 0), spine=(0, 0, 0), chest=(0, 0, 0),
         neck=(0, 0, 0), head=(0, 0, 0)):
    """A copy of `base` with the pelvis moved by `shift` (or put at
    `pelvis`; metres, armature space) and turned by `hips` (roll, pitch,
    yaw: radians about armature X, Y, Z; + pitch leans forward, + yaw turns
    left), and spine, chest, neck and head turned by (roll, pitch, yaw) in
    their own rest axes, all on top of base's."""
    p = copy_pose(ctx, base)
    p.pelvis_pos = base.pelvis_pos + V(shift) if pelvis is None else V(pelvis)
    p.pelvis_rot = quat_euler(*hips) @ base.pelvis_rot
    for name, euler in (("spine", spine), ("chest", chest), ("neck", neck), ("head", head)):
        p.local[name] = base.local[name] @ quat_euler(*euler)
    return p


def across(blade, d):
    """Unit part of direction d square to the blade."""
    return (d - blade * d.dot(blade)).normalized()


def sword_key(ctx, p, grip, blade, pole, edge=None):
    """Right arm (IK) holding the sword with its grip centre at `grip` and
    its blade along `blade`, the elbow towards `pole` (armature space). The
    blade's edge faces `edge` (e.g. sideways for a blade lying flat) or,
    without one, the fist turns about the blade so the wrist stays as
    straight as it can (the edge along the forearm, found in a few steps)."""
    blade = V(blade).normalized()
    if edge is not None:
        hold_sword(ctx, p, V(grip), sword_world(blade, across(blade, V(edge))), V(pole))
        return
    fore = V((1.0, 0.0, 0.0))
    for _ in range(4):
        hold_sword(ctx, p, V(grip), sword_world(blade, across(blade, fore)), V(pole))
        sol = solve(ctx.rig, p)
        fore = (sol.head["hand_r"] - sol.head["forearm_r"]).normalized()


def sword_arm_fk(ctx, p, swing, spread, elbow, down):
    """Right arm by FK from the idle's hang: shoulder swing (+ forward),
    spread (+ out to the side), extra elbow bend (radians); the blade `down`
    radians below the root's forward (negative: above; ctx.aim_sword)."""
    p.arm["r"] = {"mode": "fk", "shoulder": quat_euler(x=-0.09 - spread, y=-swing),
                  "elbow": -0.60 + elbow, "wrist": Quaternion()}
    ctx.aim_sword(p, down)


def shield_arm_fk(ctx, p, swing, spread, elbow):
    """Left arm by FK from the idle's hang: shoulder swing (+ forward),
    spread (+ out to the side), extra elbow bend (radians); the shield keeps
    its angle to the upper arm."""
    p.arm["l"] = {"mode": "fk", "shoulder": quat_euler(x=0.10 + spread, y=-swing),
                  "elbow": -0.18 + elbow, "wrist": Quaternion()}
    ctx.level_shield(p, -0.18 + elbow)


def shield_key(ctx, p, centre, normal, up, pole):
    """Left arm (IK) putting the shield's centre on `centre`, its face along
    `normal` and its long axis along `up`, the elbow towards `pole`
    (armature space), the wrist straight. The wrist target is found by a few
    fixed-point steps (the shield rides 7 cm off the forearm)."""
    target = V(centre) - V((0.05, -0.10, 0.0))
    for _ in range(10):
        sol = solve(ctx.rig, p)
        ctx.set_arm_ik(p, "l", target, sol.q["forearm_l"].copy(), V(pole))
        sol = solve(ctx.rig, p)
        target = target + (V(centre) - sol.head["shield"])
    sol = solve(ctx.rig, p)
    p.arm["l"]["hand"] = sol.q["forearm_l"].copy()
    p.local["shield"] = sol.q["forearm_l"].inverted() @ shield_world(V(normal).normalized(), V(up))


def leg_key(ctx, p, side, ankle, foot, pole, toe=0.0):
    """A free (not planted) leg: ankle target (m), foot turned by (roll,
    pitch, yaw) radians about armature X, Y, Z from its idle stance (+ pitch:
    toes down), knee pole, toe bend (radians, + = toes up)."""
    p.leg[side] = {"ankle": V(ankle), "foot": quat_euler(*foot) @ p.leg[side]["foot"],
                   "pole": V(pole), "toe": toe}


def planted(ctx, p, sides="lr"):
    """Feet planted flat where idle has them (knees towards the toes)."""
    for s in sides:
        ctx.foot_flat(p, s, 0.0, y=ctx.stance_y[s], yaw=ctx.toe_out[s])
        p.leg[s]["pole"] = V((1.0, 0.15 * (1 if s == "l" else -1), 0.0))
        p.leg[s]["toe"] = 0.0
    return p


# Key tables. A key is a dict: "t" (seconds), "still" (zero velocity
# there), and what it changes from the idle stance (frame 0):
#   shift, pelvis   pelvis offset from idle, or its position (metres)
#   hips            pelvis turn (roll, pitch, yaw) radians about armature
#                   X, Y, Z (+ pitch leans forward, + yaw turns left)
#   spine, chest, neck, head   (roll, pitch, yaw) radians in their rest axes
#   grip, blade, pole, edge    sword grip centre (m), blade direction (aim()),
#                              right elbow pole and optionally where the edge
#                              faces: the right arm by IK
#   sword_arm       (swing, spread, elbow, down): the right arm by FK
#   shield_arm      (swing, spread, elbow): the left arm by FK
#   shield          (centre, normal, up, pole): the left arm by IK
#   legs            {side: (ankle, foot, pole, toe)} (leg_key); the other
#                   feet stay planted where idle has them
# A key with nothing but t and still is idle frame 0 itself.
BODY_FIELDS = ("shift", "pelvis", "hips", "spine", "chest", "neck", "head")


def key_pose(ctx, idle, key):
    """The Pose of one key, with IK arms."""
    p = body(ctx, idle, **{k: key[k] for k in BODY_FIELDS if k in key})
    planted(ctx, p)
    for side, leg in key.get("legs", {}).items():
        leg_key(ctx, p, side, *leg)
    if "sword_arm" in key:
        sword_arm_fk(ctx, p, *key["sword_arm"])
    if "shield_arm" in key:
        shield_arm_fk(ctx, p, *key["shield_arm"])
    if "shield" in key:
        shield_key(ctx, p, *key["shield"])
    if "grip" in key:
        sword_key(ctx, p, key["grip"], key["blade"], key["pole"], key.get("edge"))
    return arms_to_ik(ctx, p)


def keys_from_table(ctx, table):
    """[(t, Pose with IK arms, still, exact Pose)] from a key table."""
    idle_fk = clip_idle(ctx, 0)
    idle = arms_to_ik(ctx, copy_pose(ctx, idle_fk))
    out = []
    for key in table:
        if set(key) <= {"t", "still"}:
            out.append((key["t"], idle, key.get("still", False), idle_fk))
        else:
            pose = key_pose(ctx, idle, key)
            out.append((key["t"], pose, key.get("still", False), pose))
    return out


def fight_keys(ctx, name):
    """The keys of a clip (TABLES: a key table, or a function ctx -> table),
    built once and kept on the Ctx."""
    cache = ctx.__dict__.setdefault("_fight_keys", {})
    if name not in cache:
        cache[name] = keys_from_table(ctx, TABLES[name](ctx) if callable(TABLES[name]) else TABLES[name])
    return cache[name]


def standing_clip(name):
    """Clip function of a table whose feet stay planted where idle has them."""
    def clip(ctx, f):
        return planted(ctx, pose_at(ctx, fight_keys(ctx, name), f / ctx.fps))
    clip.__name__ = "clip_" + name
    return clip


def grounded_clip(name):
    """Clip function of a table whose feet are planted where idle has them
    over the clip's contact ranges only."""
    def clip(ctx, f):
        p = pose_at(ctx, fight_keys(ctx, name), f / ctx.fps)
        for s in "lr":
            if any(a <= f <= b for a, b in ctx.clips[name]["contacts"]["foot_" + s]):
                planted(ctx, p, s)
        return p
    clip.__name__ = "clip_" + name
    return clip


def blade_tip(solved):
    """Armature-space point of the blade's tip (the build checks it stays
    above the ground)."""
    return solved.head["sword"] + solved.q["sword"] @ (knight_rig.SWORD_AXIS * BLADE_TIP_M)


# The first key of the attacks: idle frame 0 with the knees softened 1 cm,
# the first hint of the wind-up. Close enough to idle for a 0.1 s
# cross-fade, and far enough (over 5 mm) that a clip that ends in idle frame
# 0 does not read as a loop to the game's motion analysis (clip_features).
ANTICIPATE = {"t": 0.0, "still": True, "shift": (0.0, 0.0, -0.010), "spine": (0, 0.01, 0)}


# ---------------------------------------------------------------------------
# attack_1: forehand horizontal slash, right to left. The blade is drawn
# back beside the right shoulder (pointing back and up) by 0.15 s, sweeps
# across the front at chest height to the left by 0.28 s (swing_s in the
# spec), follows through and comes back into the idle carry.
ATTACK_1 = [
    ANTICIPATE,
    {"t": 0.15, "still": True, "shift": (-0.02, -0.01, -0.03), "hips": (0, 0.02, -0.30),
     "spine": (0, 0, -0.20), "chest": (0, -0.05, -0.20), "head": (0, 0, 0.40),
     "shield_arm": (0.45, 0.30, 0.50),
     "grip": (-0.04, -0.40, 1.36), "blade": aim(-130, 40), "pole": (-0.3, -0.7, -1.0)},
    {"t": 0.185, "shift": (0.0, -0.005, -0.04), "hips": (0, 0.04, -0.14),
     "spine": (0, 0.02, -0.07), "chest": (0, 0.0, -0.06), "head": (0, 0, 0.20),
     "shield_arm": (0.35, 0.30, 0.45),
     "grip": (0.14, -0.40, 1.28), "blade": aim(-78, 12), "pole": (-0.3, -0.8, -0.6)},
    {"t": 0.215, "shift": (0.02, 0.0, -0.05), "hips": (0, 0.06, 0.06), "spine": (0, 0.04, 0.08),
     "chest": (0, 0.04, 0.10), "head": (0, 0, -0.10), "shield_arm": (0.20, 0.30, 0.40),
     "grip": (0.24, -0.27, 1.26), "blade": aim(-12, -14), "pole": (-0.2, -1.0, 0.0)},
    {"t": 0.25, "shift": (0.02, 0.005, -0.05), "hips": (0, 0.06, 0.20), "spine": (0, 0.04, 0.18),
     "chest": (0, 0.04, 0.18), "head": (0, 0, -0.25), "shield_arm": (0.0, 0.35, 0.35),
     "grip": (0.42, -0.10, 1.20), "blade": aim(55, -10), "pole": (-0.4, -0.7, -0.6)},
    {"t": 0.28, "shift": (0.02, 0.01, -0.05), "hips": (0, 0.06, 0.26), "spine": (0, 0.04, 0.22),
     "chest": (0, 0.04, 0.22), "head": (0, 0, -0.32), "shield_arm": (-0.10, 0.35, 0.30),
     "grip": (0.52, 0.04, 1.13), "blade": aim(85, -8), "pole": (-0.5, -0.5, -1.0)},
    {"t": 0.32, "still": True, "shift": (0.015, 0.01, -0.04), "hips": (0, 0.05, 0.28),
     "spine": (0, 0.03, 0.24), "chest": (0, 0.03, 0.22), "head": (0, 0, -0.30),
     "shield_arm": (-0.10, 0.30, 0.30),
     "grip": (0.50, 0.10, 1.09), "blade": aim(98, -14), "pole": (-0.5, -0.5, -1.0)},
    {"t": 0.41, "shift": (0.005, 0.0, -0.015), "hips": (0, 0.03, 0.08), "spine": (0, 0.01, 0.06),
     "chest": (0, 0.01, 0.05), "head": (0, 0, -0.08),
     "grip": (0.30, -0.18, 0.98), "blade": aim(15, -25), "pole": (-0.6, -1.0, -0.4)},
    {"t": 0.5, "still": True},
]


# ---------------------------------------------------------------------------
# attack_2: backhand slash, left to right, the same timing as attack_1. The
# torso coils to the left and the blade is drawn back beside the left
# shoulder by 0.15 s (the shield arm drops out of its way), sweeps across
# the front at chest height to the right by 0.28 s, and returns to idle.
ATTACK_2 = [
    ANTICIPATE,
    {"t": 0.07, "shift": (-0.005, 0.005, -0.01), "hips": (0, 0.01, 0.10), "spine": (0, 0, 0.08),
     "chest": (0, -0.02, 0.08), "head": (0, 0, -0.10), "shield_arm": (-0.10, 0.30, 0.20),
     "grip": (0.30, -0.10, 1.18), "blade": aim(35, 45), "pole": (0.2, -1.0, -0.8)},
    {"t": 0.15, "still": True, "shift": (-0.02, 0.01, -0.03), "hips": (0, 0.02, 0.28),
     "spine": (0, 0, 0.20), "chest": (0, -0.04, 0.20), "head": (0, 0, -0.40),
     "shield_arm": (-0.30, 0.40, 0.20),
     "grip": (0.24, 0.22, 1.34), "blade": aim(150, 60), "pole": (0.6, -0.5, -0.7)},
    {"t": 0.185, "shift": (0.0, 0.005, -0.04), "hips": (0, 0.04, 0.14), "spine": (0, 0.02, 0.08),
     "chest": (0, 0.0, 0.06), "head": (0, 0, -0.20), "shield_arm": (-0.25, 0.40, 0.25),
     "grip": (0.34, 0.16, 1.27), "blade": aim(80, 10), "pole": (0.4, -0.8, -0.6)},
    {"t": 0.215, "shift": (0.0, 0.0, -0.05), "hips": (0, 0.02, -0.04), "spine": (0, 0.0, -0.06),
     "chest": (0, -0.02, -0.08), "head": (0, 0.04, 0.10), "shield_arm": (-0.10, 0.35, 0.30),
     "grip": (0.32, 0.07, 1.26), "blade": aim(30, -16), "pole": (0.0, -1.0, -0.6)},
    {"t": 0.25, "shift": (0.01, -0.005, -0.05), "hips": (0, 0.04, -0.16), "spine": (0, 0.02, -0.14),
     "chest": (0, 0.0, -0.14), "head": (0, 0.02, 0.25), "shield_arm": (0.05, 0.30, 0.30),
     "grip": (0.36, -0.18, 1.20), "blade": aim(-48, -12), "pole": (-0.5, -1.0, -0.5)},
    {"t": 0.28, "shift": (0.02, -0.01, -0.05), "hips": (0, 0.06, -0.22), "spine": (0, 0.04, -0.18),
     "chest": (0, 0.04, -0.18), "head": (0, 0, 0.30), "shield_arm": (0.10, 0.30, 0.30),
     "grip": (0.32, -0.36, 1.13), "blade": aim(-95, -8), "pole": (-0.8, -0.6, -0.5)},
    {"t": 0.32, "still": True, "shift": (0.015, -0.01, -0.04), "hips": (0, 0.05, -0.24),
     "spine": (0, 0.03, -0.20), "chest": (0, 0.03, -0.18), "head": (0, 0, 0.28),
     "shield_arm": (0.10, 0.28, 0.30),
     "grip": (0.26, -0.42, 1.09), "blade": aim(-110, -12), "pole": (-0.8, -0.5, -0.5)},
    {"t": 0.41, "shift": (0.005, 0.0, -0.015), "hips": (0, 0.03, -0.08), "spine": (0, 0.01, -0.06),
     "chest": (0, 0.01, -0.05), "head": (0, 0, 0.08),
     "grip": (0.14, -0.40, 0.96), "blade": aim(-55, -30), "pole": (-0.8, -0.6, -0.4)},
    {"t": 0.5, "still": True},
]


# ---------------------------------------------------------------------------
# attack_3: heavy overhead blow. The sword rises and goes back over the
# right shoulder, the blade high behind the head by 0.32 s with the body
# leaning back; it comes over the top and slams down and forward by 0.45 s,
# the body leaning into it and the pelvis dropping, the blade's point low in
# front; held a moment, then a slower recovery into idle.
ATTACK_3 = [
    ANTICIPATE,
    {"t": 0.14, "shift": (-0.01, 0.0, -0.01), "hips": (0, -0.03, -0.06), "spine": (0, -0.03, -0.04),
     "chest": (0, -0.04, -0.04), "head": (0, -0.04, 0.05), "shield_arm": (0.30, 0.15, 0.35),
     "grip": (0.14, -0.30, 1.52), "blade": aim(-10, 78), "pole": (-0.3, -1.0, -0.8)},
    {"t": 0.32, "still": True, "shift": (-0.04, 0.0, -0.02), "hips": (0, -0.08, -0.10),
     "spine": (0, -0.10, -0.06), "chest": (0, -0.12, -0.06), "head": (0, 0.02, 0.10),
     "shield_arm": (0.55, 0.25, 0.55),
     "grip": (-0.06, -0.24, 1.86), "blade": aim(-175, -25), "pole": (-0.2, -1.0, -0.3)},
    {"t": 0.355, "shift": (-0.03, 0.0, -0.03), "hips": (0, -0.04, -0.06), "spine": (0, -0.06, -0.04),
     "chest": (0, -0.07, -0.04), "head": (0, 0.0, 0.06), "shield_arm": (0.50, 0.25, 0.50),
     "grip": (0.02, -0.22, 1.96), "blade": aim(-178, 30), "pole": (-0.2, -1.0, -0.2)},
    {"t": 0.385, "shift": (-0.02, 0.0, -0.06), "hips": (0, 0.08, 0.0), "spine": (0, 0.02, 0.0),
     "chest": (0, 0.02, 0.0), "head": (0, -0.04, 0.0), "shield_arm": (0.40, 0.25, 0.45),
     "grip": (0.20, -0.18, 1.82), "blade": aim(0, 80), "pole": (-0.3, -1.0, -0.3)},
    {"t": 0.415, "shift": (-0.04, 0.0, -0.10), "hips": (0, 0.22, 0.04), "spine": (0, 0.10, 0.02),
     "chest": (0, 0.08, 0.02), "head": (0, -0.12, 0.0), "shield_arm": (0.20, 0.30, 0.40),
     "grip": (0.36, -0.12, 1.36), "blade": aim(0, 20), "pole": (-0.6, -1.0, -0.3)},
    {"t": 0.45, "still": True, "shift": (-0.06, 0.0, -0.13), "hips": (0, 0.30, 0.05),
     "spine": (0, 0.14, 0.02), "chest": (0, 0.10, 0.02), "head": (0, -0.20, 0.0),
     "shield_arm": (0.05, 0.35, 0.35),
     "grip": (0.38, -0.09, 0.92), "blade": aim(0, -36), "pole": (-0.8, -1.0, -0.2)},
    {"t": 0.53, "still": True, "shift": (-0.055, 0.0, -0.125), "hips": (0, 0.28, 0.04),
     "spine": (0, 0.13, 0.02), "chest": (0, 0.09, 0.02), "head": (0, -0.18, 0.0),
     "shield_arm": (0.05, 0.33, 0.35),
     "grip": (0.37, -0.10, 0.93), "blade": aim(-2, -34), "pole": (-0.8, -1.0, -0.2)},
    {"t": 0.66, "shift": (-0.02, 0.0, -0.05), "hips": (0, 0.12, 0.02), "spine": (0, 0.05, 0.01),
     "chest": (0, 0.04, 0.01), "head": (0, -0.08, 0.0), "shield_arm": (0.05, 0.15, 0.20),
     "grip": (0.16, -0.30, 0.90), "blade": aim(-8, -34), "pole": (-0.9, -0.8, -0.3)},
    {"t": 0.8, "still": True},
]


# ---------------------------------------------------------------------------
# block: a looping guard. Shield raised in front of the chest and face,
# facing forward; the sword held back by the right shoulder, the blade
# cocked up and back, ready; knees bent (the pelvis BLOCK_DROP_M below
# idle); one slow breath a loop.
BLOCK_DROP_M = 0.10
BLOCK = {"shift": (-0.03, 0.0, -BLOCK_DROP_M), "hips": (0, 0.12, -0.06), "spine": (0, 0.02, 0.0),
         "chest": (0, -0.02, 0.0), "neck": (0, -0.06, 0.0), "head": (0, -0.06, -0.10),
         "shield": (V((0.33, 0.04, 1.30)), V((1.0, 0.0, 0.06)), V((0, 0, 1)), V((-0.2, 1.0, -1.2))),
         "grip": V((0.10, -0.40, 1.10)), "blade": aim(-145, 55), "pole": V((-0.6, -0.5, -0.8))}


def block_table(ph):
    """The guard at breathing phase ph (radians): the body rises and the
    chest opens a little with the breath, the shield and sword go along."""
    breath = math.sin(ph)
    up = V((0.0, 0.0, 0.004 * breath))      # metres
    centre, normal, up_axis, pole = BLOCK["shield"]
    return dict(BLOCK, shift=V(BLOCK["shift"]) + up, spine=(0, 0.02 + 0.01 * breath, 0),
                chest=(0, -0.02 - 0.012 * breath, 0), shield=(centre + up * 1.2, normal, up_axis, pole),
                grip=BLOCK["grip"] + up)


def clip_block(ctx, f):
    """The guard, breathing once a loop (frame 0 = the last frame)."""
    n = ctx.clips["block"]["frames"]
    key = block_table(2.0 * math.pi * f / n)
    return planted(ctx, key_pose(ctx, arms_to_ik(ctx, clip_idle(ctx, 0)), key))


# block_hit: from the block pose (frame 0, the pelvis already 1.2 cm back as
# the blow lands), the shield and the torso are pushed back (the pelvis 5 cm,
# the shield 7 cm) by 0.07 s; the knight recovers into block frame 0 by the
# end.
def block_hit_table(ctx):
    end = ctx.clips["block_hit"]["frames"] / ctx.fps
    guard = block_table(0.0)
    centre, normal, up_axis, pole = guard["shield"]
    pushed = dict(guard, t=0.07, still=True, shift=V(guard["shift"]) + V((-0.05, 0.0, 0.01)),
                  hips=(0, 0.04, -0.08), spine=(0, -0.07, 0), chest=(0, -0.08, 0), neck=(0, -0.08, 0),
                  head=(0, -0.16, -0.10),
                  shield=(centre + V((-0.07, 0.0, 0.03)), V((1.0, 0.0, 0.35)), V((-0.3, 0.0, 1.0)), pole),
                  grip=guard["grip"] + V((-0.05, -0.04, 0.04)), blade=aim(-135, 62))
    settle = dict(guard, t=0.19, shift=V(guard["shift"]) + V((-0.01, 0.0, -0.005)),
                  hips=(0, 0.13, -0.06), spine=(0, 0.03, 0), chest=(0, -0.01, 0), head=(0, -0.04, -0.10),
                  shield=(centre + V((0.01, 0.0, -0.005)), normal, up_axis, pole))
    struck = dict(guard, t=0.0, still=True, shift=V(guard["shift"]) + V((-0.012, 0.0, 0.0)))
    return [struck, pushed, settle, dict(guard, t=end, still=True)]


# ---------------------------------------------------------------------------
# hit: a stagger from a blow. From idle frame 0 as the blow lands (the
# pelvis 1.2 cm back), torso and head snap back and the arms fling out by
# 0.1 s; the knight sways forward again and settles into idle frame 0.
HIT = [
    {"t": 0.0, "still": True, "shift": (-0.012, 0.0, -0.004), "spine": (0, -0.02, 0)},
    {"t": 0.1, "still": True, "shift": (-0.05, 0.0, -0.03), "hips": (0.0, -0.12, 0.08),
     "spine": (0.03, -0.16, 0.05), "chest": (0.03, -0.14, 0.05), "neck": (0, -0.14, 0),
     "head": (0.05, -0.22, 0.20), "shield_arm": (0.45, 0.55, 0.15),
     "grip": (0.12, -0.52, 1.22), "blade": aim(-45, 40), "pole": (-0.6, -0.8, -0.6)},
    {"t": 0.24, "shift": (0.01, 0.0, -0.03), "hips": (0.0, 0.05, 0.02), "spine": (0, 0.05, 0.01),
     "chest": (0, 0.03, 0.01), "neck": (0, 0.04, 0), "head": (0, 0.06, 0.05),
     "shield_arm": (0.15, 0.20, 0.10),
     "grip": (0.08, -0.42, 0.96), "blade": aim(-15, -10), "pole": (-0.9, -0.6, -0.3)},
    {"t": 0.5, "still": True},
]


# ---------------------------------------------------------------------------
# knockdown: knocked onto the back. The blow snaps the torso back (feet
# still planted to 0.1 s), the knees buckle and the body falls backwards,
# the feet lifting and the arms flung forward; the back lands by 0.65 s, the
# pelvis at KNOCKDOWN_PELVIS on the ground, and the legs and the shield come
# down by 0.8 s. It lies still to the end: heels on the ground, knees a
# little up, the head turned to the right (its plume flat, clear of the
# ground), the sword flat on the ground in the right hand, the shield face
# up over the belly on the left forearm.
KNOCKDOWN_PELVIS = V((-0.60, 0.0, 0.17))     # metres: 0.6 m behind the feet, back on the ground
LIE = {"pelvis": KNOCKDOWN_PELVIS, "hips": (0, -1.62, 0), "spine": (0, 0.14, 0), "chest": (0, 0.04, 0),
       "neck": (0, 0.20, 0), "head": (0, 0.10, -0.90),
       "grip": V((-0.74, -0.56, 0.06)), "blade": aim(-35, -1), "pole": V((-0.2, -1.0, 0.6)),
       "edge": aim(55, 0),
       "shield": (V((-0.78, 0.06, 0.50)), V((-0.15, 0.0, 1.0)), V((-1.0, 0.0, -0.15)), V((0.0, 1.0, -0.3))),
       "legs": {"l": (V((0.27, 0.19, 0.11)), (0, -1.25, 0.25), V((0.3, 0.3, 1.0))),
                "r": (V((0.25, -0.19, 0.11)), (0, -1.25, -0.25), V((0.3, -0.3, 1.0)))}}
KNOCKDOWN = [
    {"t": 0.0, "still": True},
    {"t": 0.1, "shift": (-0.05, 0.0, -0.04), "hips": (0, -0.15, 0), "spine": (0, -0.15, 0),
     "chest": (0, -0.10, 0), "neck": (0, -0.10, 0), "head": (0, -0.25, 0.10),
     "sword_arm": (0.50, 0.30, 0.30, -0.30), "shield_arm": (0.50, 0.40, 0.40)},
    {"t": 0.25, "pelvis": (-0.20, 0.0, 0.72), "hips": (0, -0.55, 0), "spine": (0, -0.10, 0),
     "neck": (0, 0.10, 0), "head": (0, 0.15, 0.10),
     "sword_arm": (1.00, 0.40, 0.40, -1.00), "shield_arm": (1.00, 0.40, 0.50),
     "legs": {"l": ((0.06, 0.15, 0.15), (0, -0.30, 0.1), (1.0, 0.15, 0.3)),
              "r": ((0.03, -0.15, 0.13), (0, -0.25, -0.1), (1.0, -0.15, 0.3))}},
    {"t": 0.42, "pelvis": (-0.45, 0.0, 0.42), "hips": (0, -1.05, 0), "spine": (0, 0.05, 0),
     "chest": (0, 0.05, 0), "neck": (0, 0.25, 0), "head": (0, 0.20, -0.20),
     "sword_arm": (1.40, 0.50, 0.50, -1.8), "shield_arm": (1.30, 0.50, 0.50),
     "legs": {"l": ((0.14, 0.16, 0.32), (0, -0.50, 0.15), (0.5, 0.1, 1.0)),
              "r": ((0.12, -0.16, 0.28), (0, -0.50, -0.15), (0.5, -0.1, 1.0))}},
    {"t": 0.55, "pelvis": (-0.57, 0.0, 0.22), "hips": (0, -1.35, 0), "spine": (0, 0.05, 0),
     "chest": (0, 0.03, 0), "neck": (0, 0.35, 0), "head": (0, 0.20, -0.60),
     "sword_arm": (1.20, 1.00, 0.30, -1.30), "shield_arm": (0.80, 1.20, 0.50),
     "legs": {"l": ((0.20, 0.17, 0.42), (0, -0.70, 0.2), (0.4, 0.2, 1.0)),
              "r": ((0.18, -0.17, 0.38), (0, -0.70, -0.2), (0.4, -0.2, 1.0))}},
    # The back lands; the shield is still above the chest.
    dict(LIE, t=0.65, still=True,
         shield=(V((-0.80, 0.14, 0.55)), V((-0.1, 0.2, 1.0)), V((-1.0, 0.4, -0.1)), V((0.0, 1.0, -0.3))),
         legs={"l": ((0.25, 0.18, 0.24), (0, -0.95, 0.22), (0.3, 0.3, 1.0)),
               "r": ((0.23, -0.18, 0.22), (0, -0.95, -0.22), (0.3, -0.3, 1.0))}),
    dict(LIE, t=0.8, still=True),
    dict(LIE, t=1.1, still=True),
]


# ---------------------------------------------------------------------------
# get_up: from knockdown's last pose to idle frame 0. The knight lifts the
# shield off, sits up pushing on the right fist, draws the left foot in to
# its idle place (planted from 0.3 s) and the right foot in front of the
# hip; rocks forward over the right foot onto the right knee (kneeling at
# 0.8 s, the sword's point on the ground), rises over the left foot, steps
# the right foot into its place (planted from frame 35, 1.17 s) and stands.
GET_UP = [
    dict(LIE, t=0.0, still=True),
    {"t": 0.15, "pelvis": (-0.59, 0.0, 0.19), "hips": (0, -1.25, 0), "spine": (0, 0.15, 0),
     "chest": (0, 0.08, 0), "neck": (0, 0.25, 0), "head": (0, 0.08, -0.6),
     "grip": (-0.72, -0.46, 0.09), "blade": aim(-50, 2), "pole": (0.0, -1.0, 0.6), "edge": aim(40, 0),
     "shield": ((-0.66, 0.30, 0.62), (0.3, 0.6, 0.75), (-0.8, 0.3, 0.3), (0.0, 1.0, -0.3)),
     "legs": {"l": ((0.14, 0.16, 0.17), (0, -0.60, 0.1), (0.5, 0.3, 1.0)),
              "r": ((0.0, -0.18, 0.16), (0, -0.50, -0.1), (0.5, -0.4, 1.0))}},
    {"t": 0.3, "pelvis": (-0.58, 0.0, 0.19), "hips": (0, -0.95, 0), "spine": (0, 0.25, 0),
     "chest": (0, 0.15, 0), "neck": (0, 0.15, 0), "head": (0, 0.05, -0.3),
     "grip": (-0.70, -0.36, 0.07), "blade": aim(-70, 3), "pole": (0.2, -1.0, 0.6), "edge": aim(20, 0),
     "shield_arm": (0.90, 0.35, 0.80),
     "legs": {"r": ((-0.24, -0.17, 0.085), (0, 0, -0.10), (1.0, -0.3, 0.3))}},
    {"t": 0.55, "pelvis": (-0.38, 0.0, 0.40), "hips": (0, -0.20, 0), "spine": (0, 0.30, 0),
     "chest": (0, 0.15, 0), "neck": (0, 0.0, 0), "head": (0, -0.05, -0.1),
     "grip": (-0.38, -0.42, 0.36), "blade": aim(-40, 15), "pole": (-0.2, -1.0, -0.3),
     "shield_arm": (0.80, 0.35, 0.80),
     "legs": {"r": ((-0.48, -0.17, 0.16), (0, 0.60, -0.10), (1.0, -0.2, 0.2), 0.8)}},
    {"t": 0.68, "pelvis": (-0.27, 0.0, 0.53), "hips": (0, -0.02, 0), "spine": (0, 0.20, 0),
     "chest": (0, 0.10, 0), "neck": (0, -0.05, 0), "head": (0, -0.08, -0.05),
     "grip": (-0.22, -0.40, 0.42), "blade": aim(-10, -25), "pole": (-0.6, -1.0, -0.3),
     "shield_arm": (0.65, 0.30, 0.70),
     "legs": {"r": ((-0.50, -0.16, 0.20), (0, 0.90, -0.05), (1.0, -0.15, -0.2), 0.8)}},
    {"t": 0.8, "pelvis": (-0.16, 0.0, 0.58), "hips": (0, 0.15, 0), "spine": (0, 0.10, 0),
     "chest": (0, 0.05, 0), "neck": (0, -0.10, 0), "head": (0, -0.10, 0),
     "sword_arm": (0.20, 0.25, 0.40, 0.50), "shield_arm": (0.50, 0.15, 0.60),
     "legs": {"r": ((-0.54, -0.15, 0.19), (0, 1.10, 0), (1.0, -0.1, -0.6), 0.9)}},
    {"t": 1.05, "pelvis": (-0.08, 0.0, 0.78), "hips": (0, 0.25, 0), "spine": (0, 0.08, 0),
     "chest": (0, 0.04, 0), "neck": (0, -0.08, 0), "head": (0, -0.06, 0),
     "sword_arm": (0.10, 0.15, 0.20, 0.55), "shield_arm": (0.30, 0.10, 0.40),
     "legs": {"r": ((-0.16, -0.14, 0.18), (0, 0.35, 0), (1.0, -0.15, 0.0))}},
    # Frame 35: the right foot planted in its idle place.
    {"t": 35 / 30, "pelvis": (-0.03, 0.0, 0.90), "hips": (0, 0.12, 0), "spine": (0, 0.04, 0),
     "neck": (0, -0.04, 0), "sword_arm": (0.05, 0.02, 0.10, 0.58), "shield_arm": (0.15, 0.05, 0.20)},
    {"t": 1.4, "still": True},
]


TABLES = {
    "attack_1": ATTACK_1,
    "attack_2": ATTACK_2,
    "attack_3": ATTACK_3,
    "block_hit": block_hit_table,
    "hit": HIT,
    "knockdown": KNOCKDOWN,
    "get_up": GET_UP,
}

CLIPS = {
    "attack_1": standing_clip("attack_1"),
    "attack_2": standing_clip("attack_2"),
    "attack_3": standing_clip("attack_3"),
    "block": clip_block,
    "block_hit": standing_clip("block_hit"),
    "hit": standing_clip("hit"),
    "knockdown": grounded_clip("knockdown"),
    "get_up": grounded_clip("get_up"),
}
