# The in-place clips (idle, walk, run) of the test characters: pose goals per
# frame, solved by forward kinematics plus the squire's closed-form two-bone
# leg solver, and turned into Blender pose channels (mathutils only); and
# `pose`, the bind pose held still.
#
# Everything here is in Blender WORLD space and metres: x = the character's
# left, -y = forward, +z = up (the squire's conventions, so its helpers fit).
# The armature object (rotated +90 degrees about X, scaled 0.01 or 100) maps
# its own space onto that; `Rest` reads the bones back through it.
import math

from mathutils import Matrix, Quaternion, Vector

from squire_motion import bump, hermite
from squire_pose import aim, axis_angle, limb_points
from tc_rig import PREFIX, SIDES, side_sign

FPS = 30
UP = Vector((0.0, 0.0, 1.0))
FWD = Vector((0.0, -1.0, 0.0))
LEFT = Vector((1.0, 0.0, 0.0))


class Rest:
    """Bind pose of every bone: in armature units (`local`, Blender's
    matrix_local) for the channels, and in world metres with pure rotations
    (`head`, `rot`) for the solver. Only the Mixamo bones (`mixamorig:`);
    control bones beside them are left alone."""

    def __init__(self, arm_obj):
        w = arm_obj.matrix_world
        self.obj_rot = w.to_3x3().normalized()
        self.obj_scale = w.to_scale()[0]
        self.parent, self.local, self.head, self.rot = {}, {}, {}, {}
        bones = [b for b in arm_obj.data.bones if b.name.startswith(PREFIX)]
        for b in bones:
            n = b.name[len(PREFIX):]
            self.parent[n] = b.parent.name[len(PREFIX):] if b.parent else None
            self.local[n] = b.matrix_local.copy()
            self.head[n] = w @ b.head_local
            self.rot[n] = self.obj_rot @ b.matrix_local.to_3x3()
        names = [b.name[len(PREFIX):] for b in bones]
        self.order, stack = [], [n for n in names if self.parent[n] is None][::-1]
        while stack:
            n = stack.pop()
            self.order.append(n)
            stack.extend([c for c in names if self.parent[c] == n][::-1])
        assert [n for n in self.order if self.parent[n] is None] == ["Hips"]
        self.seg = {}
        for s in SIDES:
            hip, knee, ankle = (self.head[s + b] for b in ("UpLeg", "Leg", "Foot"))
            self.seg[s] = ((knee - hip).length, (ankle - knee).length)

    def posed(self, bone, d, p):
        """Blender's armature-space matrix of `bone` posed with world delta
        rotation d and head p (metres): no scale, armature units."""
        inv = self.obj_rot.transposed()
        rot = inv @ d.to_matrix() @ self.obj_rot @ self.local[bone].to_3x3()
        return Matrix.Translation(inv @ p / self.obj_scale) @ rot.to_4x4()


class Goals:
    def __init__(self, rest):
        self.hips_pos = rest.head["Hips"].copy()
        self.hips_rot = Quaternion()
        self.local = {}                       # bone -> delta rotation after its parent's
        self.ankle = {s: rest.head[s + "Foot"].copy() for s in SIDES}
        self.foot_rot = {s: Quaternion() for s in SIDES}
        self.arm = {s: (0.0, 0.17, 0.2) for s in SIDES}   # swing (+ forward), spread, elbow (radians)


def arm_rotations(rest, side, swing, spread, elbow):
    """Upper arm and forearm delta rotations (in the chest's frame) that let a
    T-pose arm hang down `spread` away from the body, swung forward by
    `swing`, the elbow flexed forward by `elbow`."""
    sg = side_sign(side)
    upper = axis_angle(LEFT, -swing) @ axis_angle(FWD, -sg * (math.pi / 2 - spread))
    d = upper @ (rest.head[side + "ForeArm"] - rest.head[side + "Arm"]).normalized()
    hinge = d.cross(FWD).normalized()
    return upper, axis_angle(hinge, elbow) @ upper


class Solved:
    def __init__(self):
        self.d, self.p, self.short = {}, {}, []


def solve(rest, g):
    s = Solved()
    fixed_d, fixed_p = {}, {}
    for b in rest.order:
        par = rest.parent[b]
        if par is None:
            s.d[b], s.p[b] = g.hips_rot.copy(), g.hips_pos.copy()
            continue
        s.p[b] = fixed_p.get(b, s.p[par] + s.d[par] @ (rest.head[b] - rest.head[par]))
        s.d[b] = fixed_d.get(b, s.d[par] @ g.local.get(b, Quaternion()))
        if b.endswith("UpLeg"):
            side = b[:-len("UpLeg")]
            l1, l2 = rest.seg[side]
            pole = FWD + LEFT * (0.1 * side_sign(side))
            mid, tip, ok = limb_points(s.p[b], l1, l2, g.ankle[side], pole)
            if not ok:
                s.short.append(side + " leg")
            hinge_rest = LEFT                 # the knee bends forward about the left axis
            hinge_now = (mid - s.p[b]).cross(tip - s.p[b])
            hip, knee, ankle = (rest.head[side + n] for n in ("UpLeg", "Leg", "Foot"))
            s.d[b] = aim(knee - hip, hinge_rest, mid - s.p[b], hinge_now)
            fixed_d[side + "Leg"] = aim(ankle - knee, hinge_rest, tip - mid, hinge_now)
            fixed_p[side + "Leg"], fixed_p[side + "Foot"] = mid, tip
            fixed_d[side + "Foot"] = g.foot_rot[side].copy()
        elif b in ("LeftArm", "RightArm"):
            side = b[:-len("Arm")]
            chest = s.d[par]
            upper, fore = arm_rotations(rest, side, *g.arm[side])
            s.d[b] = chest @ upper
            fixed_d[side + "ForeArm"] = chest @ fore
            fixed_d[side + "Hand"] = chest @ fore
    return s


def channels(rest, s):
    """Blender pose channels {bone: (location, quaternion)} of a solved frame:
    posed = parent_posed * parent_rest^-1 * rest * basis (armature space)."""
    posed = {b: rest.posed(b, s.d[b], s.p[b]) for b in rest.order}
    out = {}
    for b in rest.order:
        par = rest.parent[b]
        m = rest.local[b].inverted() @ posed[b]
        if par is not None:
            m = rest.local[b].inverted() @ rest.local[par] @ posed[par].inverted() @ posed[b]
        loc, rot, _ = m.decompose()
        out[b] = (loc, rot.normalized())
    return out


def hold(rest):
    """Channels of the bind pose: every bone at rest."""
    return {b: (Vector((0.0, 0.0, 0.0)), Quaternion()) for b in rest.order}


# ---------------------------------------------------------------------------
# Gaits.

class Gait:
    """In-place locomotion: cycle of n frames; each foot flat on the ground
    for `stance` frames from its plant, its sole sliding straight back at
    `speed` (m/s) from `front` ahead of its rest place to as far behind; then
    a swing forward: a cubic from lift-off to the next plant whose end
    velocities are `match` times the stance's (so the foot neither stops dead
    nor overshoots far behind the hips), lifted by `lift` at mid swing. The
    right foot plants half a cycle after the left."""

    def __init__(self, n, stance, speed, lift, match):
        self.n, self.stance, self.v = n, stance, speed / FPS
        self.front = self.v * stance / 2.0
        self.lift, self.match = lift, match

    def plant(self, side):
        return 0.0 if side == "Left" else self.n / 2.0

    def sole(self, side, f):
        """(forward, up) of the sole point at frame f, relative to its rest place."""
        g = (f - self.plant(side)) % self.n
        if g <= self.stance:
            return self.front - self.v * g, 0.0
        span = self.n - self.stance
        u = (g - self.stance) / span
        vel = -self.match * self.v * span
        return hermite(-self.front, vel, self.front, vel, u), self.lift * bump(u)

    def contacts(self, side):
        """Frames (inclusive) with the foot planted, per plant."""
        a = self.plant(side)
        return [(math.ceil(a), math.floor(a + self.stance))]


WALK = Gait(n=30, stance=15, speed=1.4, lift=0.12, match=0.5)
RUN = Gait(n=21, stance=5, speed=3.8, lift=0.15, match=0.2)


def locomotion(rest, gait, f, hips_z, swing, elbow, lean, twist):
    g = Goals(rest)
    g.hips_pos.z = hips_z
    for side in SIDES:
        fwd, up = gait.sole(side, f)
        g.ankle[side] = rest.head[side + "Foot"] + FWD * fwd + UP * up
    # Arms swing against the legs: the left arm is back while the left foot
    # is in front (its plant, frame 0).
    phase = 2.0 * math.pi * f / gait.n
    for side in SIDES:
        a = -swing * math.cos(phase) * side_sign(side)
        g.arm[side] = (a, 0.17, elbow + 0.25 * max(0.0, a))
    g.hips_rot = axis_angle(UP, -twist * math.cos(phase))
    g.local["Spine"] = axis_angle(LEFT, lean * 0.5) @ axis_angle(UP, 1.6 * twist * math.cos(phase))
    g.local["Spine1"] = axis_angle(LEFT, lean * 0.5)
    g.local["Neck"] = axis_angle(LEFT, -lean * 0.6)
    return g


def walk(rest, f):
    f %= WALK.n
    # Lowest where both feet are down (frames 0 and 15), highest at mid stance.
    hips_z = 0.90 - 0.025 * math.cos(2.0 * math.pi * f / (WALK.n / 2.0))
    return locomotion(rest, WALK, f, hips_z, swing=0.35, elbow=0.3, lean=0.04, twist=0.06)


def run(rest, f):
    f %= RUN.n
    # Lowest at mid stance (frames 2.5, 13), highest in the flights.
    mid = RUN.stance / 2.0
    hips_z = 0.875 - 0.02 * math.cos(2.0 * math.pi * (f - mid) / (RUN.n / 2.0))
    return locomotion(rest, RUN, f, hips_z, swing=0.6, elbow=1.35, lean=0.16, twist=0.08)


IDLE_FRAMES = 60


def idle(rest, f):
    f %= IDLE_FRAMES
    g = Goals(rest)
    breath = math.sin(2.0 * math.pi * f / IDLE_FRAMES)
    g.hips_pos.z = 0.95 + 0.004 * breath
    g.local["Spine1"] = axis_angle(LEFT, -0.02 * breath)       # chest lifts
    g.local["Spine2"] = axis_angle(LEFT, -0.015 * breath)
    g.local["Neck"] = axis_angle(LEFT, 0.03 * breath)
    for side in SIDES:
        g.arm[side] = (0.03 * breath, 0.17 + 0.02 * breath, 0.2)
    return g


# name -> (frames, pose function or None for the bind pose held, per-side
# stance frames for the checks). `pose` is the T-pose still: two identical
# keys a frame apart.
CLIPS = {
    "idle": (IDLE_FRAMES, idle, None),
    "walk": (WALK.n, walk, WALK),
    "run": (RUN.n, run, RUN),
    "pose": (1, None, None),
}
