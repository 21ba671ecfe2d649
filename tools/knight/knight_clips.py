# Procedural animation clips for the knight (runs inside Blender; mathutils
# only). Each clip is a function frame -> knight_rig.Pose, authored in
# armature space (Blender axes: +X forward, +Y left, +Z up).
#
# Contacts come from knight_spec.json and drive the motion: a planted foot is
# placed exactly on the ground (sole on z = 0) and slides backwards at the
# clip's speed_mps relative to the root; a gripping hand or foot sits exactly
# on a rung that moves at the climb speed. build_knights.py verifies every
# planted frame afterwards against the solved skeleton.
import math
from mathutils import Quaternion, Vector

from knight_rig import (Pose, ankle_for_ball, ankle_for_sole, hand_rotation, quat_euler,
                        shield_world, solve, sword_world, wrist_for_grip)


V = Vector
TAU = 2.0 * math.pi

# While climbing, the sword hangs from the right fist (blade down, a little
# out and back) and the shield hangs flat against the left forearm's outside.
CLIMB_SWORD = sword_world(V((-0.25, -0.3, -1.0)).normalized(), V((1.0, 0.0, -0.25)).normalized())
CLIMB_SHIELD = shield_world(V((-0.1, 1.0, 0.0)).normalized(), V((0.15, 0.0, 1.0)).normalized())


def smooth(t):
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def smoother(t):
    t = min(max(t, 0.0), 1.0)
    return t * t * t * (t * (6.0 * t - 15.0) + 10.0)


def hermite(p0, m0, p1, m1, s):
    s2, s3 = s * s, s * s * s
    return (p0 * (2 * s3 - 3 * s2 + 1) + m0 * (s3 - 2 * s2 + s) +
            p1 * (-2 * s3 + 3 * s2) + m1 * (s3 - s2))


def in_ranges(f, ranges):
    return any(a <= f <= b for a, b in ranges)


class Ctx:
    """Shared data for clip functions."""

    def __init__(self, rig, spec):
        self.rig = rig
        self.spec = spec
        self.fps = spec["fps"]
        self.clips = {c["name"]: c for c in spec["clips"]}
        lad = spec["ladder"]
        self.rung_x = lad["rung_x_m"]
        self.rung_r = lad["rung_radius_m"]
        self.rung_dz = lad["rung_spacing_m"]
        # Stand pose: feet under the hips, knees a little soft.
        self.stand_pelvis_z = 0.955
        self.foot_y = {"l": rig.head["foot_l"].y, "r": rig.head["foot_r"].y}

    # -- helpers -------------------------------------------------------------
    def stand(self):
        p = Pose(self.rig)
        p.pelvis_pos = V((0.0, 0.0, self.stand_pelvis_z))
        for s in "lr":
            p.leg[s]["ankle"] = V((0.0, self.foot_y[s], self.rig.head["foot_" + s].z))
            p.leg[s]["pole"] = V((1.0, 0.15 * (1 if s == "l" else -1), 0.0))
        self.ready_arms(p)
        return p

    def ready_arms(self, p, swing_l=0.0, swing_r=0.0, elbow_l=0.0, elbow_r=0.0):
        """Arms in the bind-pose carry (sword forward-up, shield at the side),
        with shoulder swing (rad, + = forward) and extra elbow bend."""
        p.arm["l"] = {"mode": "fk", "shoulder": quat_euler(x=0.03, y=-swing_l),
                      "elbow": elbow_l, "wrist": Quaternion()}
        p.arm["r"] = {"mode": "fk", "shoulder": quat_euler(x=-0.03, y=-swing_r),
                      "elbow": elbow_r, "wrist": quat_euler(y=0.1)}

    def foot_flat(self, p, side, x, y=None, z=0.0, yaw=0.0):
        """Planted flat: the sole point (below the ankle) at (x, y, z)."""
        y = self.foot_y[side] if y is None else y
        q = Quaternion((0, 0, 1), yaw)
        p.leg[side]["foot"] = q
        p.leg[side]["ankle"] = ankle_for_sole(self.rig, side, V((x, y, z)), q)

    def grip_hand(self, side, z, y=None):
        """Wrist target and hand rotation gripping a rung at height z."""
        half = self.spec["ladder"]["hand_half_width_m"]
        y = (half if side == "l" else -half) if y is None else y
        hand_dir = V((0.45, 0.0, 0.89)).normalized()        # wrist -> fist: forward-up
        grip_axis = V((0.0, -1.0 if side == "l" else 1.0, 0.0))  # thumbs inward
        q = hand_rotation(self.rig, side, hand_dir, grip_axis)
        grip = V((self.rung_x, y, z))
        return wrist_for_grip(self.rig, side, grip, q), q

    def ledge_hand(self, side, x, z, y=None):
        """Palm down on a ledge top at height z."""
        y = (0.22 if side == "l" else -0.22) if y is None else y
        hand_dir = V((0.9, 0.0, -0.44)).normalized()
        grip_axis = V((0.0, -1.0 if side == "l" else 1.0, 0.0))
        q = hand_rotation(self.rig, side, hand_dir, grip_axis)
        # Fist centre sits 4 cm above the surface.
        return wrist_for_grip(self.rig, side, V((x, y, z + 0.04)), q), q

    def rung_foot(self, side, z_rung, y=None):
        """Ankle target and foot rotation with the ball of the foot on top of
        the rung whose centre is at height z_rung."""
        y = self.foot_y[side] if y is None else y
        q = quat_euler(y=0.12)                               # toes a little down
        ball = V((self.rung_x - self.spec["ladder"]["ball_behind_rung_m"], y, z_rung + self.rung_r))
        return ankle_for_ball(self.rig, side, ball, q), q

    def set_arm_ik(self, p, side, target, hand_q, pole):
        p.arm[side] = {"mode": "ik", "target": target, "hand": hand_q, "pole": pole}


# ---------------------------------------------------------------------------
# Locomotion: one foot's trajectory over a gait cycle.

def gait_foot(ctx, side, f, n, plant0, plant1, speed, rise_frames, strike_frames,
              lift, pitch_off, pitch_on, pose, y_extra=0.0):
    """Foot over a looping cycle of n frames, planted flat on [plant0, plant1]
    (frames, may wrap), moving back at `speed` m/s relative to the root;
    then a heel rise about the ball for rise_frames, a swing, and a heel
    strike about the heel for strike_frames before plant0."""
    rig = ctx.rig
    dx = speed / ctx.fps                        # metres per frame
    stance = (plant1 - plant0) % n if plant1 != plant0 + n else n
    x_front = dx * stance * 0.5 + 0.02
    y = ctx.foot_y[side] + y_extra
    heel_off = -0.085                           # heel contact x relative to the sole point
    ball_off = rig.ball[side].x - rig.sole[side].x

    def state(g):
        """Frame offset g from plant0 in [0, n): (ankle, foot_q, toe)."""
        if g <= stance:
            sole = V((x_front - dx * g, y, 0.0))
            q = Quaternion()
            return ankle_for_sole(rig, side, sole, q), q, 0.0
        if g <= stance + rise_frames:
            u = (g - stance) / rise_frames
            ang = pitch_off * smooth(u)
            q = Quaternion((0, 1, 0), ang)
            ball = V((x_front - dx * stance + ball_off - dx * (g - stance), y, 0.0))
            return ankle_for_ball(rig, side, ball, q), q, ang
        if strike_frames > 0 and g >= n - strike_frames:
            u = (n - g) / strike_frames               # 1 at strike start, 0 at plant
            ang = -pitch_on * smooth(u)
            q = Quaternion((0, 1, 0), ang)
            heel = V((x_front + heel_off + dx * (n - g), y, 0.0))
            heel_rest = rig.sole[side] + V((heel_off, 0, 0))
            ankle = heel - q @ (heel_rest - rig.head["foot_" + side])
            return ankle, q, 0.0
        # Swing: Hermite between the end of the rise and the start of the strike.
        g0 = stance + rise_frames
        g1 = n - strike_frames
        a0, q0, t0 = state(g0)
        a1, q1, t1 = state(g1 if strike_frames > 0 else 0.0)
        a0b, _, _ = state(g0 - 0.5)
        a1b, _, _ = state(min(g1 + 0.5, n - 1e-6)) if strike_frames > 0 else state(0.5)
        m0 = (a0 - a0b) * 2.0 * (g1 - g0)
        m1 = (a1b - a1) * 2.0 * (g1 - g0)
        s = (g - g0) / (g1 - g0)
        ankle = hermite(a0, m0 * 0.6, a1, m1 * 0.6, s)
        ankle.z += lift * math.sin(math.pi * s) ** 1.2
        q = q0.slerp(q1, smooth(s))
        toe = t0 * (1.0 - smooth(min(1.0, s * 2.5)))
        return ankle, q, toe

    g = (f - plant0) % n
    ankle, q, toe = state(g)
    leg = pose.leg[side]
    leg["ankle"] = ankle
    leg["foot"] = q
    leg["toe"] = toe
    leg["pole"] = V((1.0, 0.12 * (1 if side == "l" else -1), 0.0))


def clip_idle(ctx, f):
    n = ctx.clips["idle"]["frames"]
    ph = TAU * f / n
    p = ctx.stand()
    breath = math.sin(ph)
    p.pelvis_pos = V((0.0, 0.012 * math.sin(ph), ctx.stand_pelvis_z - 0.006 * (1 - math.cos(ph))))
    p.pelvis_rot = quat_euler(x=0.015 * math.sin(ph), z=0.03)
    p.local["spine"] = quat_euler(y=0.03 + 0.012 * breath)
    p.local["chest"] = quat_euler(y=-0.02 - 0.015 * breath, z=-0.02)
    p.local["neck"] = quat_euler(y=0.01 * breath)
    p.local["head"] = quat_euler(z=0.12 * math.sin(ph + 0.7), y=0.02)
    ctx.ready_arms(p, swing_l=0.04 + 0.03 * breath, swing_r=0.02 + 0.03 * math.sin(ph + 0.5),
                   elbow_l=0.05, elbow_r=0.05 * breath)
    for s in "lr":
        ctx.foot_flat(p, s, 0.0)
    return p


def clip_walk_like(ctx, f, name, run):
    clip = ctx.clips[name]
    n = clip["frames"]
    speed = clip["speed_mps"]
    c = clip["contacts"]
    p = Pose(ctx.rig)
    for s in "lr":
        a, b = c["foot_" + s][0]
        if run:
            gait_foot(ctx, s, f, n, a, b, speed, rise_frames=3, strike_frames=0, lift=0.20,
                      pitch_off=0.75, pitch_on=0.0, pose=p)
        else:
            gait_foot(ctx, s, f, n, a, b, speed, rise_frames=4, strike_frames=3, lift=0.075,
                      pitch_off=0.55, pitch_on=0.30, pose=p)
    # phase 0 = left foot plant.
    ph = TAU * f / n
    mid_l = c["foot_l"][0][0] + ((c["foot_l"][0][1] - c["foot_l"][0][0]) * 0.5)
    bob = math.cos(2 * TAU * (f - mid_l) / n)     # +1 at mid stance
    if run:
        pz = 0.885 - 0.03 * bob
        lean = 0.20
    else:
        pz = 0.905 + 0.022 * bob
        lean = 0.06
    sway = (0.012 if run else 0.022) * math.sin(ph - TAU * mid_l / n + math.pi * 0.5)
    p.pelvis_pos = V((0.0, sway, pz))
    twist = (0.16 if run else 0.10) * math.cos(ph)
    p.pelvis_rot = quat_euler(y=lean * 0.5, z=-twist, x=0.03 * math.sin(ph))
    p.local["spine"] = quat_euler(y=lean * 0.3, z=twist * 0.5)
    p.local["chest"] = quat_euler(y=lean * 0.2, z=twist * 0.7)
    p.local["neck"] = quat_euler(y=-lean * 0.3)
    p.local["head"] = quat_euler(y=-lean * 0.3, z=-twist * 0.2)
    # Arms swing opposite to the legs: the right arm leads when the left foot
    # is in front (phase 0).
    amp_r = 0.55 if run else 0.38
    amp_l = 0.35 if run else 0.22
    swing = math.cos(ph)
    if run:
        ctx.ready_arms(p, swing_l=-amp_l * swing + 0.1, swing_r=amp_r * swing + 0.1,
                       elbow_l=0.55 + 0.25 * max(0, -swing), elbow_r=0.5 + 0.3 * max(0, swing))
    else:
        ctx.ready_arms(p, swing_l=-amp_l * swing, swing_r=amp_r * swing,
                       elbow_l=0.05 + 0.2 * max(0, -swing), elbow_r=0.1 * max(0, swing))
    return p


def clip_walk(ctx, f):
    return clip_walk_like(ctx, f, "walk", run=False)


def clip_run(ctx, f):
    return clip_walk_like(ctx, f, "run", run=True)


def clip_jump_up(ctx, f):
    c = ctx.clips["jump_up"]
    n = c["frames"]
    off = c["contacts"]["foot_l"][0][1]          # last frame on the ground
    p = ctx.stand()
    crouch_f = off * 0.55
    if f <= crouch_f:
        u = smooth(f / crouch_f)
        pz = ctx.stand_pelvis_z - 0.15 * u
        lean = 0.25 * u
        arms = -0.5 * u
    elif f <= off:
        u = smooth((f - crouch_f) / (off - crouch_f))
        pz = ctx.stand_pelvis_z - 0.15 + 0.165 * u
        lean = 0.25 - 0.2 * u
        arms = -0.5 + 1.6 * u
    else:
        u = smooth((f - off) / (n - off))
        pz = ctx.stand_pelvis_z + 0.015 + 0.03 * u
        lean = 0.05 + 0.05 * u
        arms = 1.1 - 0.3 * u
    p.pelvis_pos = V((0.0, 0.0, pz))
    p.pelvis_rot = quat_euler(y=lean)
    p.local["spine"] = quat_euler(y=lean * 0.3)
    p.local["neck"] = quat_euler(y=-lean * 0.6)
    p.local["head"] = quat_euler(y=-lean * 0.3)
    ctx.ready_arms(p, swing_l=arms * 0.7, swing_r=arms, elbow_l=0.3, elbow_r=0.2)
    for s in "lr":
        if f <= off:
            ctx.foot_flat(p, s, 0.0)
        else:
            u = smooth((f - off) / (n - off))
            tuck = 1.0 if s == "l" else 0.7
            ctx.foot_flat(p, s, -0.06 * u, z=0.0)
            p.leg[s]["ankle"] = p.leg[s]["ankle"] + V((-0.05 * u, 0, 0.32 * u * tuck))
            p.leg[s]["foot"] = Quaternion((0, 1, 0), 0.35 * u)
            p.leg[s]["pole"] = V((1, 0.1 * (1 if s == "l" else -1), 0))
    return p


def fall_pose(ctx, f, n):
    ph = TAU * f / n
    p = ctx.stand()
    p.pelvis_pos = V((0.0, 0.0, ctx.stand_pelvis_z + 0.04))
    p.pelvis_rot = quat_euler(y=-0.05 + 0.02 * math.sin(ph))
    p.local["spine"] = quat_euler(y=-0.04)
    p.local["neck"] = quat_euler(y=0.08)
    p.local["head"] = quat_euler(y=0.1)
    ctx.ready_arms(p, swing_l=0.5 + 0.12 * math.sin(ph), swing_r=0.7 + 0.12 * math.sin(ph + 1.5),
                   elbow_l=0.2, elbow_r=0.1)
    p.arm["l"]["shoulder"] = quat_euler(x=-0.55 - 0.1 * math.sin(ph), y=-(0.5 + 0.12 * math.sin(ph)))
    p.arm["r"]["shoulder"] = quat_euler(x=0.6 + 0.1 * math.sin(ph + 1.0), y=-(0.7 + 0.12 * math.sin(ph + 1.5)))
    for s, k in (("l", 0.0), ("r", math.pi)):
        ctx.foot_flat(p, s, 0.0)
        lift = 0.14 + 0.05 * math.sin(ph + k)
        p.leg[s]["ankle"] = p.leg[s]["ankle"] + V((0.06 * math.sin(ph + k) - 0.02, 0.02 * (1 if s == "l" else -1), lift))
        p.leg[s]["foot"] = Quaternion((0, 1, 0), 0.35 + 0.1 * math.sin(ph + k))
    return p


def clip_fall(ctx, f):
    return fall_pose(ctx, f, ctx.clips["fall"]["frames"])


def clip_land(ctx, f):
    """Impact: sink into a crouch by frame 5, then rise into idle frame 0 so
    the game can cut or blend to idle seamlessly."""
    n = ctx.clips["land"]["frames"]
    low_f = 5
    crouch = ctx.stand()
    idle0 = clip_idle(ctx, 0)
    if f <= low_f:
        u = smooth(f / low_f)
        depth, lean, arms, settle = 0.08 + 0.12 * u, 0.12 + 0.2 * u, 0.5 - 0.3 * u, 0.0
    else:
        settle = smoother((f - low_f) / (n - low_f))
        depth, lean, arms = 0.20, 0.32, 0.2
    crouch.pelvis_pos = V((0.0, 0.0, ctx.stand_pelvis_z - depth))
    crouch.pelvis_rot = quat_euler(y=lean)
    crouch.local["spine"] = quat_euler(y=lean * 0.4)
    crouch.local["neck"] = quat_euler(y=-lean * 0.5)
    crouch.local["head"] = quat_euler(y=-lean * 0.4)
    ctx.ready_arms(crouch, swing_l=arms * 0.8, swing_r=arms, elbow_l=0.1, elbow_r=0.05)
    for s in "lr":
        ctx.foot_flat(crouch, s, 0.0)
    # Rise: blend every channel towards idle frame 0 (feet stay planted, so
    # the ankle targets are identical in both poses).
    p = blend_pose(ctx, crouch, idle0, settle)
    for s in "lr":
        a, b = crouch.arm[s], idle0.arm[s]
        p.arm[s] = {"mode": "fk", "shoulder": a["shoulder"].slerp(b["shoulder"], settle),
                    "elbow": a["elbow"] * (1 - settle) + b["elbow"] * settle,
                    "wrist": a["wrist"].slerp(b["wrist"], settle)}
    return p


# ---------------------------------------------------------------------------
# Ladders. Rungs are horizontal along Y at x = rung_x; in climb clips the
# root stays put and the rungs move past it at the climb speed.

def limb_track(f, holds, lift_fn):
    """holds: list of (f0, f1, fn(frame) -> (pos, rot)) in frame order.
    Between holds the limb moves along a smoothed path with an arc."""
    for k, (a, b, fn) in enumerate(holds):
        if a <= f <= b:
            return fn(f)
        if k + 1 < len(holds) and b < f < holds[k + 1][0]:
            a2 = holds[k + 1][0]
            p0, q0 = fn(b)
            p1, q1 = holds[k + 1][2](a2)
            v0 = fn(b)[0] - fn(b - 1)[0]
            v1 = (holds[k + 1][2](a2 + 1)[0] - p1)
            s = (f - b) / (a2 - b)
            span = a2 - b
            pos = hermite(p0, v0 * span, p1, v1 * span, s)
            pos = pos + lift_fn(p0, p1) * math.sin(math.pi * s)
            return pos, q0.slerp(q1, smooth(s))
    if f < holds[0][0]:
        return holds[0][2](holds[0][0])
    return holds[-1][2](holds[-1][1])


def climb_pose(ctx, f, reverse=False):
    clip = ctx.clips["climb_up"]
    n = clip["frames"]
    speed = clip["speed_mps"]
    dz_frame = speed / ctx.fps
    c = clip["contacts"]
    p = Pose(ctx.rig)
    # At frame 0 the rungs are at z = k * spacing; they move down by dz_frame
    # per frame (the game moves the root up).
    # Pair A (hand_r, foot_l) grips on [0, g]; pair B (hand_l, foot_r) grips
    # on [n/2, n/2 + g] (wrapping). Grips start on rungs at the top of reach.
    g = c["hand_r"][0][1]
    half = n // 2
    hand_top = 5 * ctx.rung_dz
    foot_top = 1 * ctx.rung_dz

    def make_holds(start, top, kind, side):
        # Two consecutive grips (previous cycle and this one) so that the
        # transition between them is defined at every frame of the cycle.
        holds = []
        for k in (-1, 0, 1):
            a = start + k * n
            def fn(fr, a=a):
                z = top - dz_frame * (fr - a)
                if kind == "hand":
                    return ctx.grip_hand(side, z)
                return ctx.rung_foot(side, z)
            holds.append((a, a + g, fn))
        return holds

    def hand_lift(p0, p1):
        return V((-0.10, 0.0, 0.0))

    def foot_lift(p0, p1):
        return V((-0.10, 0.0, 0.03))

    tracks = {
        ("hand", "r"): make_holds(0, hand_top, "hand", "r"),
        ("foot", "l"): make_holds(0, foot_top, "foot", "l"),
        ("hand", "l"): make_holds(half, hand_top, "hand", "l"),
        ("foot", "r"): make_holds(half, foot_top, "foot", "r"),
    }
    fe = (n - f) if reverse else f
    for (kind, side), holds in tracks.items():
        pos, rot = limb_track(fe, holds, hand_lift if kind == "hand" else foot_lift)
        if kind == "hand":
            pole = V((-0.4, 1.0 if side == "l" else -1.0, -0.8))
            ctx.set_arm_ik(p, side, pos, rot, pole)
        else:
            p.leg[side]["ankle"] = pos
            p.leg[side]["foot"] = rot
            p.leg[side]["toe"] = -0.12
            # Knees bend up and outwards, staying behind the rungs.
            p.leg[side]["pole"] = V((0.25, 0.7 * (1 if side == "l" else -1), 1.0))
    # Body: hips back from the ladder, rises a little while each pair
    # pushes, chest leaning in.
    ph = TAU * 2 * fe / n
    p.pelvis_pos = V((-0.11, 0.0, 0.80 + 0.025 * math.cos(ph)))
    p.pelvis_rot = quat_euler(y=0.30, z=0.05 * math.sin(TAU * fe / n))
    p.local["spine"] = quat_euler(y=0.06)
    p.local["chest"] = quat_euler(y=0.0, z=-0.06 * math.sin(TAU * fe / n))
    p.local["neck"] = quat_euler(y=-0.35)
    p.local["head"] = quat_euler(y=-0.2)
    for side in "lr":
        # Shoulders rise with the reaching arm.
        p.local["clavicle_" + side] = quat_euler(x=(0.12 if side == "l" else -0.12))
    p.attach["sword"] = CLIMB_SWORD
    p.attach["shield"] = CLIMB_SHIELD
    return p


def clip_climb_up(ctx, f):
    return climb_pose(ctx, f)


def clip_climb_down(ctx, f):
    return climb_pose(ctx, f, reverse=True)


def blend_pose(ctx, pa, pb, u):
    """Blend two FK/IK poses (targets interpolated; FK arms only)."""
    p = Pose(ctx.rig)
    p.root_pos = pa.root_pos.lerp(pb.root_pos, u)
    p.root_yaw = pa.root_yaw * (1 - u) + pb.root_yaw * u
    p.pelvis_pos = pa.pelvis_pos.lerp(pb.pelvis_pos, u)
    p.pelvis_rot = pa.pelvis_rot.slerp(pb.pelvis_rot, u)
    for k in p.local:
        p.local[k] = pa.local[k].slerp(pb.local[k], u)
    for s in "lr":
        la, lb = pa.leg[s], pb.leg[s]
        p.leg[s] = {"ankle": la["ankle"].lerp(lb["ankle"], u), "foot": la["foot"].slerp(lb["foot"], u),
                    "pole": la["pole"].lerp(lb["pole"], u), "toe": la["toe"] * (1 - u) + lb["toe"] * u}
    return p


def clip_ladder_enter_bottom(ctx, f):
    """From the stand pose at the ladder's foot to climb_up frame 0 (root fixed)."""
    c = ctx.clips["ladder_enter_bottom"]["contacts"]
    n = ctx.clips["ladder_enter_bottom"]["frames"]
    start = ctx.stand()
    for s in "lr":
        ctx.foot_flat(start, s, 0.0)
    end = climb_pose(ctx, 0)
    u_body = smoother(f / n)
    p = blend_pose(ctx, start, end, u_body)
    p.pelvis_pos = start.pelvis_pos.lerp(end.pelvis_pos, smoother(f / (n * 0.8)))
    p.pelvis_pos.z -= 0.05 * math.sin(math.pi * min(1.0, f / (n * 0.8)))
    # Feet: stand -> their climb frame-0 places, each moving between its holds.
    for s in "lr":
        holds = c["foot_" + s]
        a0, a1 = holds[0][1], holds[1][0]
        st = (start.leg[s]["ankle"], start.leg[s]["foot"])
        en = (end.leg[s]["ankle"], end.leg[s]["foot"])
        if f <= a0:
            pos, rot = st
        elif f >= a1:
            pos, rot = en
        else:
            u = (f - a0) / (a1 - a0)
            pos = st[0].lerp(en[0], smooth(u)) + V((-0.05, 0, 0.10)) * math.sin(math.pi * u)
            rot = st[1].slerp(en[1], smooth(u))
        p.leg[s]["ankle"] = pos
        p.leg[s]["foot"] = rot
        p.leg[s]["toe"] = end.leg[s]["toe"] * smooth((f - a0) / max(1, a1 - a0))
    # Hands: from the carry pose to the rungs.
    for s in "lr":
        g0 = c["hand_" + s][0][0]
        e = end.arm[s]
        if f >= g0:
            p.arm[s] = dict(e)
        else:
            # Start the reach from where the carried hand is (FK solved once).
            carry = solve(ctx.rig, start)
            w0 = carry.head["hand_" + s]
            q0 = carry.q["hand_" + s]
            reach0 = g0 - 10
            u = smooth((f - reach0) / 10.0) if f > reach0 else 0.0
            tgt = w0.lerp(e["target"], u) + V((-0.05, 0, 0.05)) * math.sin(math.pi * u)
            p.arm[s] = {"mode": "ik", "target": tgt, "hand": q0.slerp(e["hand"], u),
                        "pole": V((-1.0, 0.3 if s == "l" else -0.3, -0.2)).lerp(e["pole"], u)}
    for k in ("clavicle_l", "clavicle_r", "neck", "head", "spine", "chest"):
        p.local[k] = start.local[k].slerp(end.local[k], u_body)
    blend_attachments(ctx, p, end, smooth((f - 4) / 16.0))
    return p


def blend_attachments(ctx, p, climb, u):
    """Sword and shield from where the hands carry them (u = 0) to the climb
    hang (u = 1); needs one solve to know the carried orientation."""
    carried = solve(ctx.rig, p)
    for name in ("sword", "shield"):
        p.attach[name] = carried.q[name].slerp(climb.attach[name], u)


def clip_ladder_exit_top(ctx, f):
    """From climb_up frame 0 (hand_r on the top rung at the ledge lip) up onto
    the ledge, ending in the stand pose. Root motion: the root moves to the
    final stand position (exit_stand_x_m forward, exit_ledge_height_m up)."""
    clip = ctx.clips["ladder_exit_top"]
    n = clip["frames"]
    c = clip["contacts"]
    lad = ctx.spec["ladder"]
    top = lad["exit_ledge_height_m"]
    edge = lad["exit_ledge_edge_x_m"]
    end_x = lad["exit_stand_x_m"]
    start = climb_pose(ctx, 0)
    p = Pose(ctx.rig)
    # Root: moves late, once the body is over the ledge.
    u_root = smoother((f - 6) / (n - 10))
    p.root_pos = V((end_x * u_root, 0, top * u_root))
    # Pelvis path (absolute), keyed.
    keys = [(0, start.pelvis_pos), (12, V((-0.05, 0, 1.12))), (22, V((-0.02, 0, 1.42))),
            (30, V((0.10, 0, 1.55))), (38, V((0.52, 0, 1.95))), (44, V((end_x - 0.04, 0, top + 0.90))),
            (n, V((end_x, 0, top + ctx.stand_pelvis_z)))]
    for (fa, pa), (fb, pb) in zip(keys, keys[1:]):
        if fa <= f <= fb:
            p.pelvis_pos = pa.lerp(pb, smooth((f - fa) / (fb - fa)))
            break
    lean_keys = [(0, 0.10), (14, 0.25), (28, 0.45), (38, 0.25), (n, 0.0)]
    for (fa, la), (fb, lb) in zip(lean_keys, lean_keys[1:]):
        if fa <= f <= fb:
            lean = la + (lb - la) * smooth((f - fa) / (fb - fa))
            break
    p.pelvis_rot = quat_euler(y=lean)
    p.local["spine"] = quat_euler(y=lean * 0.4)
    p.local["neck"] = quat_euler(y=-lean * 0.5)
    p.local["head"] = quat_euler(y=-lean * 0.4)
    # Feet: rung 1 (z = spacing) and the ground rung (z = 0) at the start.
    def foot_on_ledge(side):
        sole = V((end_x, ctx.foot_y[side], top))
        q = Quaternion()
        return ankle_for_sole(ctx.rig, side, sole, q), q

    def const(v):
        return lambda fr: v

    fl = [(0, c["foot_l"][0][1], const(ctx.rung_foot("l", ctx.rung_dz))),
          (c["foot_l"][1][0], c["foot_l"][1][1], const(ctx.rung_foot("l", 3 * ctx.rung_dz))),
          (c["foot_l"][2][0], n, const(foot_on_ledge("l")))]
    fr_ = [(0, c["foot_r"][0][1], const(ctx.rung_foot("r", 0.0))),
           (c["foot_r"][1][0], c["foot_r"][1][1], const(ctx.rung_foot("r", 2 * ctx.rung_dz))),
           (c["foot_r"][2][0], n, const(foot_on_ledge("r")))]
    for side, holds in (("l", fl), ("r", fr_)):
        # Lift high and back so the toes clear the ledge edge.
        pos, rot = limb_track(f, holds, lambda p0, p1: V((-0.15, 0, 0.35)) if p1.z > top else V((-0.08, 0, 0.06)))
        p.leg[side]["ankle"] = pos
        p.leg[side]["foot"] = rot
        p.leg[side]["pole"] = V((1.0, 0.45 * (1 if side == "l" else -1), 0.2))
    # Hands: hand_r stays on the lip rung, hand_l moves onto the ledge top;
    # both let go and return to the carry pose.
    hr = [(0, c["hand_r"][0][1], const(ctx.grip_hand("r", 5 * ctx.rung_dz)))]
    hl = [(0, c["hand_l"][0][1], const(ctx.grip_hand("l", 4 * ctx.rung_dz))),
          (c["hand_l"][1][0], c["hand_l"][1][1], const(ctx.ledge_hand("l", edge + 0.14, top)))]
    final = ctx.stand()
    final.root_pos = V((end_x, 0, top))
    final.pelvis_pos = V((end_x, 0, top + ctx.stand_pelvis_z))
    for side in "lr":
        ctx.foot_flat(final, side, end_x, z=top)
    carry = solve(ctx.rig, final)
    for side, holds in (("r", hr), ("l", hl)):
        last = holds[-1][1]
        if f <= last:
            pos, rot = limb_track(f, holds, lambda p0, p1: V((-0.08, 0, 0.06)))
            ctx.set_arm_ik(p, side, pos, rot, V((-0.5, 1.0 if side == "l" else -1.0, -0.6)))
        else:
            u = smooth((f - last) / (n - last))
            p0, q0 = holds[-1][2](last)
            tgt = p0.lerp(carry.head["hand_" + side], u)
            ctx.set_arm_ik(p, side, tgt, q0.slerp(carry.q["hand_" + side], u),
                           V((-0.5, 1.0 if side == "l" else -1.0, -0.6)).lerp(V((-1, 0.3 if side == "l" else -0.3, -0.2)), u))
    blend_attachments(ctx, p, start, 1.0 - smooth((f - c["hand_r"][0][1]) / 10.0))
    return p


def clip_turn(ctx, f):
    """Turn on the spot by -180 degrees about up (clockwise seen from above:
    the knight turns to its right, facing +Z in glTF half way). Three steps:
    left, right, left. Root rotation only, no root translation."""
    clip = ctx.clips["turn"]
    n = clip["frames"]
    c = clip["contacts"]
    yaw = -math.pi * smoother(f / n)
    p = ctx.stand()
    p.root_yaw = yaw
    p.pelvis_rot = Quaternion((0, 0, 1), -math.pi * smoother((f + 1.5) / n))
    p.pelvis_pos.z -= 0.04 * math.sin(math.pi * f / n)
    p.local["spine"] = quat_euler(z=-0.25 * math.sin(math.pi * f / n))
    p.local["head"] = quat_euler(z=-0.3 * math.sin(math.pi * f / n))
    y_l, y_r = ctx.foot_y["l"], ctx.foot_y["r"]

    def flat(side, x, y, yaw_):
        q = Quaternion((0, 0, 1), yaw_)
        return lambda fr: (ankle_for_sole(ctx.rig, side, V((x, y, 0.0)), q), q)

    # Left: start -> (|y_l|, 0) facing -Y -> (0, -y_l) facing -X.
    fl = [(0, c["foot_l"][0][1], flat("l", 0.0, y_l, 0.0)),
          (c["foot_l"][1][0], c["foot_l"][1][1], flat("l", y_l, 0.0, -math.pi / 2)),
          (c["foot_l"][2][0], n, flat("l", 0.0, -y_l, -math.pi))]
    fr_ = [(0, c["foot_r"][0][1], flat("r", 0.0, y_r, 0.0)),
           (c["foot_r"][1][0], n, flat("r", 0.0, -y_r, -math.pi))]
    for side, holds in (("l", fl), ("r", fr_)):
        pos, rot = limb_track(f, holds, lambda p0, p1: V((0, 0, 0.07)))
        p.leg[side]["ankle"] = pos
        p.leg[side]["foot"] = rot
        p.leg[side]["pole"] = rot @ V((1.0, 0.1 * (1 if side == "l" else -1), 0.0))
    ctx.ready_arms(p, swing_l=0.1 * math.sin(math.pi * f / n), swing_r=0.15 * math.sin(math.pi * f / n))
    return p


CLIPS = {
    "idle": clip_idle,
    "walk": clip_walk,
    "run": clip_run,
    "jump_up": clip_jump_up,
    "fall": clip_fall,
    "land": clip_land,
    "climb_up": clip_climb_up,
    "climb_down": clip_climb_down,
    "ladder_enter_bottom": clip_ladder_enter_bottom,
    "ladder_exit_top": clip_ladder_exit_top,
    "turn": clip_turn,
}
