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
                        shield_world, solve, stow_rotation, sword_world, wrist_for_grip)
import knight_rig


V = Vector
TAU = 2.0 * math.pi

# While climbing, the sword and shield are stowed on the back (knight_rig
# SWORD_STOW_*, SHIELD_STOW_*): ladder_enter_bottom stows them, climb_up and
# climb_down keep them there, ladder_exit_top draws them again.

# Idle stance: feet a little wider than the hips, toes turned out.
STANCE_Y = 0.14
STANCE_TOE_OUT = 0.10


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


def keyed(keys, t, m_first=None, m_last=None):
    """Catmull-Rom through (time, value) keys (floats or Vectors), clamped
    outside; m_first / m_last: end tangents per unit time (default: the
    chord of the end segment)."""
    if t <= keys[0][0]:
        return keys[0][1]
    if t >= keys[-1][0]:
        return keys[-1][1]
    for i in range(len(keys) - 1):
        t0, p0 = keys[i]
        t1, p1 = keys[i + 1]
        if t0 <= t <= t1:
            h = t1 - t0
            if i > 0:
                m0 = (p1 - keys[i - 1][1]) / (t1 - keys[i - 1][0])
            else:
                m0 = (p1 - p0) / h if m_first is None else m_first
            if i + 2 < len(keys):
                m1 = (keys[i + 2][1] - p0) / (keys[i + 2][0] - t0)
            else:
                m1 = (p1 - p0) / h if m_last is None else m_last
            return hermite(p0, m0 * h, p1, m1 * h, (t - t0) / h)
    return keys[-1][1]


def keyed_rot(keys, t):
    """Piecewise slerp through (time, Quaternion) keys, clamped outside."""
    if t <= keys[0][0]:
        return keys[0][1].copy()
    for (t0, q0), (t1, q1) in zip(keys, keys[1:]):
        if t0 <= t <= t1:
            return q0.slerp(q1, (t - t0) / (t1 - t0))
    return keys[-1][1].copy()


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
        # Stand pose: feet a little wider than the hips, knees nearly straight.
        self.stand_pelvis_z = 0.974
        self.foot_y = {"l": rig.head["foot_l"].y, "r": rig.head["foot_r"].y}
        self.stance_y = {"l": STANCE_Y, "r": -STANCE_Y}
        self.toe_out = {"l": STANCE_TOE_OUT, "r": -STANCE_TOE_OUT}

    # -- helpers -------------------------------------------------------------
    def stand(self):
        """Idle stance (feet planted hip width apart, toes out), relaxed arms
        with the sword point down-forward."""
        p = Pose(self.rig)
        p.pelvis_pos = V((0.0, 0.0, self.stand_pelvis_z))
        self.plant_stance(p)
        self.relaxed_arms(p)
        self.aim_sword(p, 0.62)
        return p

    def plant_stance(self, p, dx=0.0, dz=0.0):
        for s in "lr":
            self.foot_flat(p, s, dx, y=self.stance_y[s], z=dz, yaw=self.toe_out[s])
            p.leg[s]["pole"] = V((1.0, 0.15 * (1 if s == "l" else -1), 0.0))

    def relaxed_arms(self, p, swing_l=0.0, swing_r=0.0, elbow_l=0.0, elbow_r=0.0, spread=0.0):
        """Arms hanging relaxed at the sides (elbows bent about 20 degrees
        for the sword, 35 for the shield), shoulder swing (rad, + = forward),
        extra elbow bend. The shield is kept upright against the elbow bend."""
        p.arm["l"] = {"mode": "fk", "shoulder": quat_euler(x=0.10 + spread, y=-swing_l),
                      "elbow": -0.18 + elbow_l, "wrist": Quaternion()}
        p.arm["r"] = {"mode": "fk", "shoulder": quat_euler(x=-0.09 - spread, y=-swing_r),
                      "elbow": -0.60 + elbow_r, "wrist": Quaternion()}
        self.level_shield(p, -0.18 + elbow_l)

    def level_shield(self, p, elbow_extra, amount=1.0):
        """Counter-rotate the shield on the forearm by the extra elbow bend so
        it keeps its bind-pose (upright) angle to the upper arm."""
        hinge = self.rig.limb_normal["upper_arm_l"]
        p.local["shield"] = Quaternion(hinge, elbow_extra * amount)

    def aim_sword(self, p, down, out=0.12):
        """Turn the right wrist so the blade points forward and `down` radians
        below the horizontal (negative: above; below -pi/2: tilted back),
        leaning `out` to the right, in the root's frame."""
        sol = solve(self.rig, p)
        rz = Quaternion((0, 0, 1), p.root_yaw)
        blade = rz @ V((math.cos(down), -out, -math.sin(down))).normalized()
        width = (rz @ V((0, 1, 0))).cross(blade)
        p.arm["r"]["wrist"] = sol.q["forearm_r"].inverted() @ sword_world(blade, width)

    def chest_point(self, sol, v):
        """Bind-pose point v carried by the chest of a solved pose."""
        return sol.head["chest"] + sol.q["chest"] @ (v - self.rig.head["chest"])

    def chest_rel(self, sol, point, q):
        """World (armature) point and rotation -> bind-pose chest frame."""
        qi = sol.q["chest"].inverted()
        return qi @ (point - sol.head["chest"]) + self.rig.head["chest"], qi @ q

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


# Run: one foot's path over the cycle, relative to the root (frames after
# its plant; ankle head x, z in metres, foot pitch + = toes down, toe bend).
# Flat stance, toe-off about the ball one frame after the contact ends, heel
# kicked up behind, knee driven high and forward, the foot reaching a little
# and pawing back to strike close in front of the hips with the knee bent.
RUN_STRIKE_X = 0.245
RUN_SWING = [(7, -0.42, 0.27, 1.00), (9, -0.31, 0.43, 0.85), (11, -0.10, 0.47, 0.60),
             (14, 0.18, 0.39, 0.20), (17, 0.33, 0.19, -0.10), (19, 0.30, 0.105, -0.04)]


def run_foot(ctx, side, f, n, plant0, plant1, speed, pose):
    rig = ctx.rig
    dx = speed / ctx.fps
    stance = plant1 - plant0
    y = ctx.foot_y[side]
    g = (f - plant0) % n

    def planted(gg):
        return ankle_for_sole(rig, side, V((RUN_STRIKE_X - dx * gg, y, 0.0)), Quaternion())

    if g <= stance:
        ankle, pitch, toe = planted(g), 0.0, 0.0
    else:
        # Toe-off: one frame on the ball (still moving with the ground).
        off_pitch = 0.70
        ball = V((RUN_STRIKE_X - dx * (stance + 1) + rig.ball[side].x - rig.sole[side].x, y, 0.0))
        a_off = ankle_for_ball(rig, side, ball, Quaternion((0, 1, 0), off_pitch))
        keys = [(stance, planted(stance)), (stance + 1, a_off)]
        keys += [(k, V((x, y, z))) for k, x, z, _ in RUN_SWING]
        keys.append((n, planted(0)))
        ankle = keyed(keys, g, m_last=V((-0.065, 0.0, -0.02)))
        pkeys = [(stance, 0.0), (stance + 1, off_pitch)] + [(k, pt) for k, _, _, pt in RUN_SWING] + [(n, 0.0)]
        pitch = keyed(pkeys, g)
        toe = keyed([(stance, 0.0), (stance + 1, off_pitch), (stance + 3, 0.0)], g)
    leg = pose.leg[side]
    leg["ankle"] = ankle
    leg["foot"] = Quaternion((0, 1, 0), pitch)
    leg["toe"] = toe
    leg["pole"] = V((1.0, 0.12 * (1 if side == "l" else -1), 0.0))


def weight_shift(ph):
    """-1..1, dwelling on each leg (a softened sine)."""
    return math.tanh(1.8 * math.sin(ph)) / math.tanh(1.8)


def clip_idle(ctx, f):
    """Weight shifts from the left leg (first half) to the right and back;
    the unloaded hip drops and that knee softens; one breath per loop."""
    n = ctx.clips["idle"]["frames"]
    ph = TAU * f / n
    p = ctx.stand()
    w = weight_shift(ph)
    breath = math.sin(ph - 0.6)
    p.pelvis_pos = V((0.004 * math.sin(ph + 0.4), 0.026 * w, ctx.stand_pelvis_z - 0.004 * abs(w)))
    p.pelvis_rot = quat_euler(x=0.045 * w, y=0.02, z=0.035 * w)
    p.local["spine"] = quat_euler(x=-0.03 * w, y=0.015 + 0.012 * breath)
    p.local["chest"] = quat_euler(x=-0.015 * w, y=-0.01 - 0.018 * breath, z=-0.02 * w)
    p.local["neck"] = quat_euler(y=0.01 * breath)
    p.local["head"] = quat_euler(z=0.16 * math.sin(ph + 0.7), y=0.03, x=-0.03 * w)
    for s in "lr":
        p.local["clavicle_" + s] = quat_euler(x=(0.025 if s == "l" else -0.025) * (breath + 1))
    sway = math.sin(ph + 0.5)
    ctx.relaxed_arms(p, swing_l=0.05 + 0.025 * sway, swing_r=-0.02 - 0.02 * sway,
                     elbow_l=0.04 * breath, elbow_r=0.03 * breath)
    ctx.aim_sword(p, 0.62 + 0.03 * sway)
    ctx.plant_stance(p)
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
            run_foot(ctx, s, f, n, a, b, speed, p)
        else:
            gait_foot(ctx, s, f, n, a, b, speed, rise_frames=4, strike_frames=2, lift=0.07,
                      pitch_off=0.60, pitch_on=0.32, pose=p)
    # phase 0 = left foot plant.
    ph = TAU * f / n
    mid_l = c["foot_l"][0][0] + ((c["foot_l"][0][1] - c["foot_l"][0][0]) * 0.5)
    if run:
        # Lowest just after each strike, highest in the flight phase (4.6 cm).
        half = n // 2
        pz = 0.906 - 0.023 * math.cos(TAU * ((f - c["foot_l"][0][0]) % half - 2.5) / half)
        # An upright runner: the pelvis pitched 3.4 deg, spine and chest 2.6
        # deg more (6 deg in all, the lean of a person running, not a lunge);
        # the head level.
        lean = 0.06
        twist = 0.14 * math.cos(ph)
        sway = 0.010 * math.sin(ph - TAU * mid_l / n + math.pi * 0.5)
        p.pelvis_pos = V((0.0, sway, pz))
        p.pelvis_rot = quat_euler(y=lean, z=-twist, x=0.03 * math.sin(ph))
        p.local["spine"] = quat_euler(y=0.02, z=twist * 0.5)
        p.local["chest"] = quat_euler(y=0.025 + 0.012 * math.cos(2 * ph), z=twist * 0.7)
        p.local["neck"] = quat_euler(y=-0.05)
        p.local["head"] = quat_euler(y=-0.05, z=-twist * 0.2)
        # Arms pump opposite to the legs, as far back as forward, elbows bent
        # about 90 degrees; the right arm leads when the left foot is in
        # front (phase 0). The shield arm swings less: it carries the shield.
        swing = math.cos(ph)
        sw_r = 0.02 + 0.50 * swing
        sw_l = 0.02 - 0.30 * swing
        el_r = 0.80 + 0.18 * max(0.0, swing)
        el_l = 0.66 + 0.12 * max(0.0, -swing)
        p.arm["l"] = {"mode": "fk", "shoulder": quat_euler(x=0.10, y=-sw_l), "elbow": el_l,
                      "wrist": Quaternion()}
        p.arm["r"] = {"mode": "fk", "shoulder": quat_euler(x=-0.12, y=-sw_r), "elbow": el_r,
                      "wrist": Quaternion()}
        ctx.level_shield(p, el_l, 0.7)
        # Run carry: the blade upright beside the body, tilting back as the
        # arm comes forward (never pointed ahead like a thrust).
        ctx.aim_sword(p, -(math.pi / 2 + 0.06 + 0.18 * swing), out=0.18)
    else:
        # Knees nearly straight at mid-stance, lowest at the double support.
        bob = math.cos(2 * TAU * (f - mid_l) / n)     # +1 at mid stance
        pz = 0.948 + 0.026 * bob
        lean = 0.03
        twist = 0.09 * math.cos(ph)
        sway = 0.020 * math.sin(ph - TAU * mid_l / n + math.pi * 0.5)
        p.pelvis_pos = V((0.0, sway, pz))
        p.pelvis_rot = quat_euler(y=lean, z=-twist, x=0.03 * math.sin(ph))
        p.local["spine"] = quat_euler(y=0.0, z=twist * 0.5)
        p.local["chest"] = quat_euler(y=-0.01, z=twist * 0.7)
        p.local["neck"] = quat_euler(y=0.0)
        p.local["head"] = quat_euler(y=-0.02, z=-twist * 0.2)
        swing = math.cos(ph)
        ctx.relaxed_arms(p, swing_l=0.04 - 0.20 * swing, swing_r=0.04 + 0.26 * swing,
                         elbow_l=0.10 * max(0.0, -swing), elbow_r=0.12 * max(0.0, swing))
        # Sword low at the side, point forward-down, rising a little as the
        # arm swings forward.
        ctx.aim_sword(p, 0.55 - 0.16 * swing)
    return p


def clip_walk(ctx, f):
    return clip_walk_like(ctx, f, "walk", run=False)


def clip_run(ctx, f):
    return clip_walk_like(ctx, f, "run", run=True)


# Airborne carry (fall, the air part of jump_up, the impact of land), the
# run carry held a little higher and wider: the sword arm out and forward
# with the elbow bent, the blade upright and tilted back; the shield arm out
# to the side for balance.
AIR_SWORD_DOWN = -(math.pi / 2 + 0.30)      # aim_sword: upright, 17 degrees back
AIR_SWORD_OUT = 0.18


def air_arms(ctx, p, ph, amp=1.0):
    """Set both arms (and the shield) to the airborne carry at phase ph
    (rad; amp scales the flailing) and return the aim_sword `down` for the
    blade; call aim_sword after the rest of the pose is set."""
    s0, s1, s2 = math.sin(ph), math.sin(ph + 1.5), math.sin(ph + 0.8)
    el_r = 0.62 + 0.08 * amp * s0
    el_l = 0.30 + 0.08 * amp * s2
    p.arm["r"] = {"mode": "fk", "shoulder": quat_euler(x=-0.34 - 0.05 * amp * s0, y=-(0.16 + 0.08 * amp * s1)),
                  "elbow": el_r, "wrist": Quaternion()}
    p.arm["l"] = {"mode": "fk", "shoulder": quat_euler(x=0.50 + 0.08 * amp * s2, y=-(0.22 + 0.06 * amp * s1)),
                  "elbow": el_l, "wrist": Quaternion()}
    # Shield upright on the raised arm: roll it back against the abduction.
    ctx.level_shield(p, el_l, 0.7)
    p.local["shield"] = Quaternion((1, 0, 0), -0.40) @ p.local["shield"]
    return AIR_SWORD_DOWN + 0.06 * amp * math.sin(ph + 2.0)


# The frame of jump_up at the apex of the game's jump (1.05 m under 18 m/s2:
# 0.342 s), where it cross-fades into fall.
JUMP_APEX_F = 10
JUMP_BLADE_UP_F = 4.0


def clip_jump_up(ctx, f):
    """Quick crouch (bottom at frame 3) and push-off while both feet are
    planted (contacts [0, off]); then the legs tuck, knees up, and the arms
    go over into fall's airborne carry, the blade rising to upright."""
    c = ctx.clips["jump_up"]
    n = c["frames"]
    off = c["contacts"]["foot_l"][0][1]          # last frame on the ground
    p = ctx.stand()
    crouch_f = 3.0
    if f <= crouch_f:
        u = smooth(f / crouch_f)
        pz = ctx.stand_pelvis_z - 0.19 * u
        lean = 0.02 + 0.30 * u
        arms = -0.65 * u
    elif f <= off:
        u = smooth((f - crouch_f) / (off - crouch_f))
        pz = ctx.stand_pelvis_z - 0.19 + 0.185 * u
        lean = 0.32 - 0.22 * u
        arms = -0.65 + 1.75 * u
    else:
        u = smooth((f - off) / (n - off))
        pz = ctx.stand_pelvis_z + 0.01 + 0.02 * u
        lean = 0.10 - 0.02 * u
        arms = 1.10 - 0.35 * u
    p.pelvis_pos = V((0.0, 0.0, pz))
    p.pelvis_rot = quat_euler(y=lean)
    p.local["spine"] = quat_euler(y=lean * 0.3)
    p.local["neck"] = quat_euler(y=-lean * 0.6)
    p.local["head"] = quat_euler(y=-lean * 0.3)
    ctx.relaxed_arms(p, swing_l=arms * 0.6, swing_r=arms * 0.8, elbow_l=0.35, elbow_r=0.45,
                     spread=0.08 * max(0.0, arms))
    # The blade rises from the stand's carry (point forward and down) straight
    # to the airborne upright carry over the crouch, the push-off and
    # JUMP_BLADE_UP_F frames more: one turn one way (about 140 degrees in
    # 0.3 s), never thrust forward with the arms' swing and back, which
    # read as a snap at every take-off from a run.
    rise = smooth(min(1.0, f / (off + JUMP_BLADE_UP_F)))
    down = 0.6 * (1.0 - rise) + AIR_SWORD_DOWN * rise
    ctx.plant_stance(p)
    if f > off:
        # In the air the arms go over into the airborne carry of fall (the
        # blade rising to upright), reached at JUMP_APEX_F where the game
        # starts the cross-fade into fall; from there on they follow fall's
        # own loop from its frame 0.
        air = Pose(ctx.rig)
        air_down = air_arms(ctx, air, TAU * (f - JUMP_APEX_F) / ctx.clips["fall"]["frames"])
        w = smooth((f - off) / (JUMP_APEX_F - off))
        for s in "lr":
            a, b = p.arm[s], air.arm[s]
            p.arm[s] = {"mode": "fk", "shoulder": a["shoulder"].slerp(b["shoulder"], w),
                        "elbow": a["elbow"] * (1 - w) + b["elbow"] * w, "wrist": Quaternion()}
        p.local["shield"] = p.local["shield"].slerp(air.local["shield"], w)
        # ... and takes on fall's flailing as it arrives.
        wb = smooth(min(1.0, (f - off) / JUMP_BLADE_UP_F))
        down = down * (1 - wb) + air_down * wb
        tuck = smooth((f - off) / 5.0)
        for s in "lr":
            k = 1.0 if s == "l" else 0.88
            p.leg[s]["ankle"] = p.leg[s]["ankle"] + V((-0.04 * tuck, -0.02 * tuck * (1 if s == "l" else -1),
                                                       0.40 * tuck * k))
            p.leg[s]["foot"] = p.leg[s]["foot"] @ Quaternion((0, 1, 0), 0.45 * tuck)
            p.leg[s]["toe"] = -0.1 * tuck
            p.leg[s]["pole"] = V((1.0, 0.2 * (1 if s == "l" else -1), 0.25))
    ctx.aim_sword(p, down, out=0.12 + (AIR_SWORD_OUT - 0.12) * min(1.0, max(0.0, (f - off) / JUMP_BLADE_UP_F)))
    return p


def fall_pose(ctx, f, n):
    """Legs dangling and bicycling, leaning back a little, arms in the
    airborne carry (sword upright, shield arm out)."""
    ph = TAU * f / n
    p = ctx.stand()
    p.pelvis_pos = V((0.0, 0.0, ctx.stand_pelvis_z + 0.04))
    p.pelvis_rot = quat_euler(y=-0.05 + 0.02 * math.sin(ph))
    p.local["spine"] = quat_euler(y=-0.04)
    p.local["neck"] = quat_euler(y=0.08)
    p.local["head"] = quat_euler(y=0.1)
    for s, k in (("l", 0.0), ("r", math.pi)):
        ctx.foot_flat(p, s, 0.0)
        lift = 0.14 + 0.05 * math.sin(ph + k)
        p.leg[s]["ankle"] = p.leg[s]["ankle"] + V((0.06 * math.sin(ph + k) - 0.02, 0.02 * (1 if s == "l" else -1), lift))
        p.leg[s]["foot"] = Quaternion((0, 1, 0), 0.35 + 0.1 * math.sin(ph + k))
    down = air_arms(ctx, p, ph)
    ctx.aim_sword(p, down, out=AIR_SWORD_OUT)
    return p


def clip_fall(ctx, f):
    return fall_pose(ctx, f, ctx.clips["fall"]["frames"])


LAND_ARMS_F = 5
LAND_SWORD_F = 12


def clip_land(ctx, f):
    """Impact: arrive in fall's airborne carry and sink into a crouch by
    frame 5, the arms dropping and the blade coming forward and down; then
    rise into idle frame 0 so the game can cut or blend to idle seamlessly."""
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
    ctx.relaxed_arms(crouch, swing_l=arms * 0.8, swing_r=arms, elbow_l=0.25, elbow_r=0.3, spread=0.05)
    # Arrive in fall's airborne carry (its mean pose): the arms drop into
    # the crouch by LAND_ARMS_F, the blade comes forward and down from
    # upright to the idle's point-down by LAND_SWORD_F.
    air = Pose(ctx.rig)
    air_down = air_arms(ctx, air, 0.0, amp=0.0)
    w = smooth(f / LAND_ARMS_F)
    for s in "lr":
        a, b = air.arm[s], crouch.arm[s]
        crouch.arm[s] = {"mode": "fk", "shoulder": a["shoulder"].slerp(b["shoulder"], w),
                         "elbow": a["elbow"] * (1 - w) + b["elbow"] * w, "wrist": Quaternion()}
    crouch.local["shield"] = air.local["shield"].slerp(crouch.local["shield"], w)
    ws = smooth(f / LAND_SWORD_F)
    ctx.plant_stance(crouch)
    ctx.aim_sword(crouch, air_down * (1 - ws) + 0.55 * ws,
                  out=AIR_SWORD_OUT * (1 - ws) + 0.12 * ws)
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
    p.stowed["sword"] = True
    p.stowed["shield"] = True
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


# Stowing and drawing: where the right fist holds the sword on the way
# between the carry and the back, as (grip point, sword delta rotation) in
# the bind-pose chest frame. The blade goes up in front of the right
# shoulder, over it (pointing back and down behind the pauldron), then slides
# down into its place across the back; it never crosses the head or body.
def _sword_q(blade, width=None):
    blade = blade.normalized()
    if width is None:
        width = V((0, 1, 0)).cross(blade)
    return sword_world(blade, width)


# The enter clip starts with the sword held upright and tilted back, as the
# walk and the run carry it (a knight comes to a ladder walking or
# running): from there it goes back over the shoulder and down onto the
# back, never forward, where the ladder and the wall behind it stand. (Its
# old start, the idle carry's point forward and down, swept the point
# through both on the way up.) No turn between two keys exceeds about 75
# degrees (under 600 degrees a second).
SWORD_UPRIGHT = (V((0.24, -0.36, 1.22)), _sword_q(V((-0.25, -0.12, 0.96))))
SWORD_BACK = (V((0.10, -0.36, 1.58)), _sword_q(V((-0.80, -0.12, 0.58))))
# The enter clip's frame by which the sword lies in its place on the back.
SWORD_STOWED_F = 14
SWORD_FRONT = (V((0.30, -0.36, 1.26)), _sword_q(V((0.0, -0.12, 1.0))))
SWORD_OVER = (V((-0.03, -0.33, 1.86)), _sword_q(V((-0.7, -0.08, -0.7))))
HAND_OVER = V((0.02, -0.30, 1.74))      # the empty fist passing over the shoulder
# The shield swings round the left side onto the back (bind chest frame:
# centre, face normal; its long axis stays upright).
SHIELD_SIDE = (V((-0.10, 0.43, 1.12)), shield_world(V((-0.45, 0.89, 0.0)).normalized(), V((0, 0, 1))))
SHIELD_BACKSIDE = (V((-0.30, 0.36, 1.16)), shield_world(V((-0.8, 0.6, 0.0)).normalized(), V((0, 0, 1))))


def _stowed_key(rig, name):
    head = knight_rig.SWORD_STOW_GRIP if name == "sword" else knight_rig.SHIELD_STOW_CENTRE
    return head.copy(), stow_rotation(name)


def chest_path(ctx, sol, f, keys):
    """keys: (frame, point, rotation, rel): rel = True for the bind-pose chest
    frame (follows the chest of the solved pose), else armature space.
    Catmull-Rom through the points, slerp between the rotations."""
    pts, rots = [], []
    for k, pt, q, rel in keys:
        if rel:
            pts.append((k, ctx.chest_point(sol, pt)))
            rots.append((k, sol.q["chest"] @ q))
        else:
            pts.append((k, pt))
            rots.append((k, q))
    return keyed(pts, f), keyed_rot(rots, f)


def hold_sword(ctx, p, grip, q, pole):
    """Right arm (IK) holding the sword with its grip centre at `grip` and the
    sword (= the fist) turned by the delta rotation q."""
    ctx.set_arm_ik(p, "r", wrist_for_grip(ctx.rig, "r", grip, q), q, pole)


def clip_ladder_enter_bottom(ctx, f):
    """From idle frame 0 at the ladder's foot to climb_up frame 0 (root
    fixed). The shield swings onto the back as the left hand reaches for its
    rung; the right hand puts the sword over its shoulder onto the back
    (stowed by frame SWORD_STOWED_F) and then takes its rung."""
    c = ctx.clips["ladder_enter_bottom"]["contacts"]
    n = ctx.clips["ladder_enter_bottom"]["frames"]
    start = clip_idle(ctx, 0)
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
        p.leg[s]["pole"] = start.leg[s]["pole"].lerp(end.leg[s]["pole"], u_body)
    for k in ("clavicle_l", "clavicle_r", "neck", "head", "spine", "chest"):
        p.local[k] = start.local[k].slerp(end.local[k], u_body)
    carry = solve(ctx.rig, start)
    # Left hand: from the carry pose to its rung.
    g0 = c["hand_l"][0][0]
    e = end.arm["l"]
    if f >= g0:
        p.arm["l"] = dict(e)
    else:
        w0 = carry.head["hand_l"]
        q0 = carry.q["hand_l"]
        reach0 = g0 - 10
        u = smooth((f - reach0) / 10.0) if f > reach0 else 0.0
        tgt = w0.lerp(e["target"], u) + V((-0.05, 0, 0.05)) * math.sin(math.pi * u)
        p.arm["l"] = {"mode": "ik", "target": tgt, "hand": q0.slerp(e["hand"], u),
                      "pole": V((-1.0, 0.3, -0.2)).lerp(e["pole"], u)}
    sol = solve(ctx.rig, p)
    c0 = ctx.chest_rel(carry, carry.head["shield"], carry.q["shield"])
    # (the sword is in its place by SWORD_STOWED_F; the shield covers it after that)
    sh = [(0, c0[0], c0[1], True), (5,) + SHIELD_SIDE + (True,), (10,) + SHIELD_BACKSIDE + (True,),
          (16,) + _stowed_key(ctx.rig, "shield") + (True,)]
    if f >= 16:
        p.stowed["shield"] = True
    else:
        head, q = chest_path(ctx, sol, f, sh)
        p.place["shield"] = (head, q)
    # Right hand: stow the sword (frames 0 to SWORD_STOWED_F), then reach for the rung.
    g0 = c["hand_r"][0][0]
    e = end.arm["r"]
    if f >= g0:
        p.arm["r"] = dict(e)
        p.stowed["sword"] = True
        return p
    stow = _stowed_key(ctx.rig, "sword")
    if f <= SWORD_STOWED_F:
        keys = [(0,) + SWORD_UPRIGHT + (True,), (5,) + SWORD_BACK + (True,), (9,) + SWORD_OVER + (True,),
                (SWORD_STOWED_F,) + stow + (True,)]
        grip, q = chest_path(ctx, sol, f, keys)
        pole = keyed([(0, V((0.0, -1.0, -0.6))), (5, V((0.2, -1.0, 0.0))), (9, V((0.3, -1.0, 0.5))),
                      (SWORD_STOWED_F, V((0.3, -0.8, 0.8)))], f)
        hold_sword(ctx, p, grip, q, pole)
        if f >= SWORD_STOWED_F:
            p.stowed["sword"] = True
        return p
    p.stowed["sword"] = True
    rung = V((ctx.rung_x, -ctx.spec["ladder"]["hand_half_width_m"], 5 * ctx.rung_dz))
    keys = [(SWORD_STOWED_F, stow[0], stow[1], True), (SWORD_STOWED_F + 2, HAND_OVER, (stow[1].slerp(
            sol.q["chest"].inverted() @ e["hand"], 0.5)), True), (g0, rung, e["hand"], False)]
    grip, q = chest_path(ctx, sol, f, keys)
    pole = V((0.3, -0.8, 0.8)).lerp(e["pole"], smooth((f - SWORD_STOWED_F) / (g0 - SWORD_STOWED_F)))
    hold_sword(ctx, p, grip, q, pole)
    return p


def clip_ladder_exit_top(ctx, f):
    """From climb_up frame 0 (hand_r on the top rung at the ledge lip) up onto
    the ledge, ending in idle frame 0 on the ledge. Root motion: the root
    moves to the final stand position (exit_stand_x_m forward,
    exit_ledge_height_m up). Once up, the right hand draws the sword from the
    back over its shoulder and the shield swings back onto the left arm."""
    clip = ctx.clips["ladder_exit_top"]
    n = clip["frames"]
    c = clip["contacts"]
    lad = ctx.spec["ladder"]
    top = lad["exit_ledge_height_m"]
    edge = lad["exit_ledge_edge_x_m"]
    end_x = lad["exit_stand_x_m"]
    start = climb_pose(ctx, 0)
    off = V((end_x, 0.0, top))
    final = clip_idle(ctx, 0)
    final.root_pos = final.root_pos + off
    final.pelvis_pos = final.pelvis_pos + off
    ctx.plant_stance(final, dx=end_x, dz=top)
    p = Pose(ctx.rig)
    # Root: moves late, once the body is over the ledge.
    u_root = smoother((f - 6) / (n - 10))
    p.root_pos = V((end_x * u_root, 0, top * u_root))
    # Pelvis path (absolute), keyed.
    keys = [(0, start.pelvis_pos), (12, V((-0.05, 0, 1.12))), (22, V((-0.02, 0, 1.42))),
            (30, V((0.10, 0, 1.55))), (38, V((0.52, 0, 1.95))), (44, V((end_x - 0.04, 0, top + 0.90))),
            (n, final.pelvis_pos)]
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
    # Settle into idle frame 0 over the last frames.
    u_end = smooth((f - 38) / (n - 38))
    p.pelvis_rot = p.pelvis_rot.slerp(final.pelvis_rot, u_end)
    for k in ("spine", "chest", "neck", "head", "clavicle_l", "clavicle_r"):
        p.local[k] = p.local[k].slerp(final.local[k], u_end)
    # Feet: rung 1 (z = spacing) and the ground rung (z = 0) at the start.
    def foot_on_ledge(side):
        return final.leg[side]["ankle"].copy(), final.leg[side]["foot"].copy()

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
        p.leg[side]["pole"] = V((1.0, 0.45 * (1 if side == "l" else -1), 0.2)).lerp(final.leg[side]["pole"], u_end)
    # Hands: hand_r stays on the lip rung, hand_l moves onto the ledge top;
    # both let go: the left returns to the carry, the right draws the sword.
    hr = [(0, c["hand_r"][0][1], const(ctx.grip_hand("r", 5 * ctx.rung_dz)))]
    hl = [(0, c["hand_l"][0][1], const(ctx.grip_hand("l", 4 * ctx.rung_dz))),
          (c["hand_l"][1][0], c["hand_l"][1][1], const(ctx.ledge_hand("l", edge + 0.14, top)))]
    carry = solve(ctx.rig, final)
    last = hl[-1][1]
    if f <= last:
        pos, rot = limb_track(f, hl, lambda p0, p1: V((-0.08, 0, 0.06)))
        ctx.set_arm_ik(p, "l", pos, rot, V((-0.5, 1.0, -0.6)))
    else:
        u = smooth((f - last) / (n - last))
        p0, q0 = hl[-1][2](last)
        ctx.set_arm_ik(p, "l", p0.lerp(carry.head["hand_l"], u), q0.slerp(carry.q["hand_l"], u),
                       V((-0.5, 1.0, -0.6)).lerp(V((-1, 0.3, -0.2)), u))
    p.local["shield"] = final.local["shield"].copy()
    sol = solve(ctx.rig, p)
    # Shield: on the back until 26, round the left side, on the arm by 40
    # (off the back before the sword is drawn from under it).
    if f <= 26:
        p.stowed["shield"] = True
    elif f < 40:
        live = ctx.chest_rel(sol, sol.head["shield"], sol.q["shield"])
        sh = [(26,) + _stowed_key(ctx.rig, "shield") + (True,), (31,) + SHIELD_BACKSIDE + (True,),
              (35,) + SHIELD_SIDE + (True,), (40, live[0], live[1], True)]
        p.place["shield"] = chest_path(ctx, sol, f, sh)
    last = hr[-1][1]
    if f <= last:
        pos, rot = limb_track(f, hr, lambda p0, p1: V((-0.08, 0, 0.06)))
        ctx.set_arm_ik(p, "r", pos, rot, V((-0.5, -1.0, -0.6)))
        p.stowed["sword"] = True
        return p
    # Right hand: rung -> over the shoulder -> the hilt (32), then draw.
    rung, q_rung = hr[-1][2](last)
    rung_grip = V((ctx.rung_x, -ctx.spec["ladder"]["hand_half_width_m"], 5 * ctx.rung_dz))
    stow = _stowed_key(ctx.rig, "sword")
    draw_f = 32
    if f < draw_f:
        p.stowed["sword"] = True
        keys = [(last, rung_grip, q_rung, False),
                (28, HAND_OVER, stow[1].slerp(sol.q["chest"].inverted() @ q_rung, 0.5), True),
                (draw_f,) + stow + (True,)]
        pole = V((-0.5, -1.0, -0.6)).lerp(V((0.3, -0.8, 0.8)), smooth((f - last) / (draw_f - last)))
    else:
        keys = [(draw_f,) + stow + (True,), (36,) + SWORD_OVER + (True,), (40,) + SWORD_FRONT + (True,),
                (n, carry.head["sword"], carry.q["sword"], False)]
        pole = keyed([(draw_f, V((0.3, -0.8, 0.8))), (36, V((0.3, -1.0, 0.5))), (40, V((0.0, -1.0, -0.6))),
                      (n, V((-1.0, -0.3, -0.2)))], f)
    grip, q = chest_path(ctx, sol, f, keys)
    hold_sword(ctx, p, grip, q, pole)
    return p


def clip_turn(ctx, f):
    """Turn on the spot by -180 degrees about up (clockwise seen from above:
    the knight turns to its right, facing +Z in glTF half way). Three steps:
    left, right, left. Root rotation only, no root translation. Starts and
    ends in idle frame 0 (the end turned by -180 degrees)."""
    clip = ctx.clips["turn"]
    n = clip["frames"]
    c = clip["contacts"]
    yaw = -math.pi * smoother(f / n)
    idle0 = clip_idle(ctx, 0)
    p = blend_pose(ctx, idle0, idle0, 0.0)
    p.arm = {s: dict(idle0.arm[s]) for s in "lr"}
    p.root_yaw = yaw
    qp = Quaternion((0, 0, 1), -math.pi * smoother((f + 1.5) / n))
    p.pelvis_rot = qp @ idle0.pelvis_rot
    p.pelvis_pos = qp @ idle0.pelvis_pos
    p.pelvis_pos.z -= 0.04 * math.sin(math.pi * f / n)
    p.local["spine"] = idle0.local["spine"] @ quat_euler(z=-0.25 * math.sin(math.pi * f / n))
    p.local["head"] = idle0.local["head"] @ quat_euler(z=-0.3 * math.sin(math.pi * f / n))
    y_l, y_r = ctx.stance_y["l"], ctx.stance_y["r"]
    t_l, t_r = ctx.toe_out["l"], ctx.toe_out["r"]

    def flat(side, x, y, yaw_):
        q = Quaternion((0, 0, 1), yaw_)
        return lambda fr: (ankle_for_sole(ctx.rig, side, V((x, y, 0.0)), q), q)

    # Left: start -> (|y_l|, 0) facing -Y -> (0, -y_l) facing -X.
    fl = [(0, c["foot_l"][0][1], flat("l", 0.0, y_l, t_l)),
          (c["foot_l"][1][0], c["foot_l"][1][1], flat("l", y_l, 0.0, -math.pi / 2 + t_l)),
          (c["foot_l"][2][0], n, flat("l", 0.0, -y_l, -math.pi + t_l))]
    fr_ = [(0, c["foot_r"][0][1], flat("r", 0.0, y_r, t_r)),
           (c["foot_r"][1][0], n, flat("r", 0.0, -y_r, -math.pi + t_r))]
    for side, holds in (("l", fl), ("r", fr_)):
        pos, rot = limb_track(f, holds, lambda p0, p1: V((0, 0, 0.07)))
        p.leg[side]["ankle"] = pos
        p.leg[side]["foot"] = rot
        heading = rot @ Quaternion((0, 0, 1), -ctx.toe_out[side])
        p.leg[side]["pole"] = heading @ idle0.leg[side]["pole"]
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
