# Pose goals and the solver that turns them into bone matrices (mathutils
# only, no bpy). Armature space: +Z up, the squire faces -Y, left = +X.
#
# A frame is described by `Goals`: the hips bone's position and rotation,
# local rotations of the spine chain and shoulders, and per limb an end
# effector: a wrist or ankle position, a direction the elbow or knee points
# to, and the hand or foot orientation. Arms may instead be given as angles
# relative to the chest (`ArmAngles`); the solver turns those into an
# effector after the chest is posed, so one limb solver serves every case.
#
# The solver produces, per bone, a delta rotation D (posed = D * rest, in
# armature space) and the posed head. Blender's matrix_basis follows from
# posed = parent_posed * parent_rest^-1 * rest * basis.
import math
from mathutils import Matrix, Quaternion, Vector

from squire_rig import FWD, SIDES, UP, side_sign

REACH = 0.998          # never stretch a limb beyond this share of its length


def frame_from(d, n):
    """Orthonormal 3x3 matrix with columns d, n (made perpendicular), d x n."""
    d = d.normalized()
    n = (n - d * n.dot(d)).normalized()
    return Matrix((d, n, d.cross(n))).transposed()


def aim(d_rest, n_rest, d_now, n_now):
    """Rotation taking the rest pair (direction, normal) onto the posed pair."""
    return (frame_from(d_now, n_now) @ frame_from(d_rest, n_rest).transposed()).to_quaternion()


def axis_angle(axis, angle):
    return Quaternion(Vector(axis).normalized(), angle)


def body_rot(pitch=0.0, yaw=0.0, roll=0.0):
    """Rotation in the squire's own terms: pitch + = lean forward (about the
    left axis), yaw + = turn left (about up), roll + = lean to its right side
    (about the forward axis). Applied roll, then pitch, then yaw."""
    return (axis_angle(UP, yaw) @ axis_angle((1, 0, 0), pitch) @
            axis_angle(FWD, roll))


class LimbGoal:
    """End effector of a two-bone limb in armature space."""

    def __init__(self, end, pole, rot, toe=None):
        self.end = end.copy()        # wrist / ankle position
        self.pole = pole.copy()      # direction the elbow / knee points to
        self.rot = rot.copy()        # hand / foot delta rotation
        self.toe = toe               # toe delta rotation (legs; None = follow the foot)

    def copy(self):
        return LimbGoal(self.end, self.pole, self.rot, None if self.toe is None else self.toe.copy())

    def moved(self, q, t):
        """The goal after a rigid motion x -> q x + t of the whole scene."""
        return LimbGoal(q @ self.end + t, q @ self.pole, q @ self.rot,
                        None if self.toe is None else q @ self.toe)


class ArmAngles:
    """An arm relative to the chest: swing (+ forward), spread (+ away from the
    body), elbow flex (+ bends the forearm forward/up), wrist flex."""

    def __init__(self, swing=0.0, spread=0.12, elbow=0.25, wrist=0.0):
        self.swing, self.spread, self.elbow, self.wrist = swing, spread, elbow, wrist

    def copy(self):
        return ArmAngles(self.swing, self.spread, self.elbow, self.wrist)

    def moved(self, q, t):
        return self.copy()

    def mix(self, other, u):
        return ArmAngles(*[a + (b - a) * u for a, b in
                           zip((self.swing, self.spread, self.elbow, self.wrist),
                               (other.swing, other.spread, other.elbow, other.wrist))])


class Goals:
    def __init__(self, rest):
        self.hips_pos = rest.head["spine"].copy()
        self.hips_rot = Quaternion()
        self.local = {}              # bone -> local delta (rest axes); FK bones
        self.arm = {s: ArmAngles() for s in SIDES}
        self.leg = {s: LimbGoal(rest.head["foot." + s], FWD, Quaternion()) for s in SIDES}

    def copy(self):
        g = Goals.__new__(Goals)
        g.hips_pos = self.hips_pos.copy()
        g.hips_rot = self.hips_rot.copy()
        g.local = {k: v.copy() for k, v in self.local.items()}
        g.arm = {s: a.copy() for s, a in self.arm.items()}
        g.leg = {s: a.copy() for s, a in self.leg.items()}
        return g

    def moved(self, q, t):
        """The whole frame after the rigid motion x -> q x + t."""
        g = self.copy()
        g.hips_pos = q @ self.hips_pos + t
        g.hips_rot = q @ self.hips_rot
        g.arm = {s: a.moved(q, t) for s, a in self.arm.items()}
        g.leg = {s: a.moved(q, t) for s, a in self.leg.items()}
        return g


class Solved:
    def __init__(self):
        self.d = {}            # bone -> delta rotation (armature space)
        self.p = {}            # bone -> posed head
        self.short = []        # limbs whose goal was out of reach

    def point(self, rest, bone, p_rest):
        """Where a rest-pose point carried by `bone` is now."""
        return self.p[bone] + self.d[bone] @ (p_rest - rest.head[bone])

    def matrix(self, rest, bone):
        m = (self.d[bone].to_matrix() @ rest.rot[bone]).to_4x4()
        m.translation = self.p[bone]
        return m


def limb_points(a, l1, l2, end, pole):
    """Closed-form two-bone chain from a towards end, bending towards pole.
    Returns (mid, end_reached, reached)."""
    v = end - a
    dist = v.length
    lo, hi = abs(l1 - l2) * 1.02 + 1e-4, (l1 + l2) * REACH
    reached = lo - 1e-9 <= dist <= hi + 1e-9
    dist = min(max(dist, lo), hi)
    axis = v.normalized()
    along = (l1 * l1 - l2 * l2 + dist * dist) / (2.0 * dist)
    height = math.sqrt(max(0.0, l1 * l1 - along * along))
    side = pole - axis * pole.dot(axis)
    side = side.normalized() if side.length > 1e-9 else axis.orthogonal().normalized()
    return a + axis * along + side * height, a + axis * dist, reached


def _fk(rest, s, bone, local=None):
    par = rest.parent[bone]
    q = local if local is not None else Quaternion()
    if par is None:
        return
    s.d[bone] = s.d[par] @ q
    s.p[bone] = s.p[par] + s.d[par] @ (rest.head[bone] - rest.head[par])


def _place_limb(rest, s, key, end, pole):
    a_name, b_name, c_name = rest.limb[key]
    a = s.p[a_name]
    l1, l2 = rest.seg[key]
    mid, tip, ok = limb_points(a, l1, l2, end, pole)
    if not ok:
        s.short.append(key)
    n_now = (mid - a).cross(tip - a)
    n_rest = rest.bend_normal[key]
    ra, rb, rc = rest.head[a_name], rest.head[b_name], rest.head[c_name]
    s.d[a_name] = aim(rb - ra, n_rest, mid - a, n_now)
    s.p[b_name] = mid
    s.d[b_name] = aim(rc - rb, n_rest, tip - mid, n_now)
    s.p[c_name] = tip


def arm_effector(rest, s, side, ang):
    """ArmAngles -> (wrist, elbow pole), using the posed chest (spine.003)."""
    chest = s.d["spine.003"]
    upper = axis_angle(FWD, side_sign(side) * ang.spread) @ -UP
    upper = axis_angle((1, 0, 0), -ang.swing) @ upper
    hinge = upper.cross(FWD)
    hinge = hinge.normalized() if hinge.length > 1e-6 else Vector((-1.0, 0.0, 0.0))
    fore = axis_angle(hinge, ang.elbow) @ upper         # flex: forearm forwards
    l1, l2 = rest.seg["arm" + side]
    shoulder = s.p["upper_arm." + side]
    elbow = shoulder + chest @ (upper * l1)
    wrist = elbow + chest @ (fore * l2)
    pole = elbow - (shoulder + wrist) * 0.5
    if pole.length < 1e-4:
        pole = chest @ -FWD
    return wrist, pole


def solve(rest, g):
    s = Solved()
    s.d["spine"] = g.hips_rot.copy()
    s.p["spine"] = g.hips_pos.copy()
    placed = set()
    for bone in rest.order:
        if bone == "spine" or bone in placed:
            continue
        base = bone.split(".")[0]
        side = bone[-1]
        if base == "upper_arm":
            _fk(rest, s, bone)
            arm = g.arm[side]
            if isinstance(arm, ArmAngles):
                wrist, pole = arm_effector(rest, s, side, arm)
                _place_limb(rest, s, "arm" + side, wrist, pole)
                hand = s.d["forearm." + side] @ axis_angle(rest.bend_normal["arm" + side], -arm.wrist)
            else:
                _place_limb(rest, s, "arm" + side, arm.end, arm.pole)
                hand = arm.rot
            s.d["hand." + side] = hand.copy()
            placed.update(("forearm." + side, "hand." + side))
        elif base == "thigh":
            _fk(rest, s, bone)
            leg = g.leg[side]
            _place_limb(rest, s, "leg" + side, leg.end, leg.pole)
            s.d["foot." + side] = leg.rot.copy()
            placed.update(("shin." + side, "foot." + side))
        elif base == "toe":
            _fk(rest, s, bone)
            toe = g.leg[side].toe
            if toe is not None:
                s.d[bone] = toe.copy()
        else:
            _fk(rest, s, bone, g.local.get(bone))
    return s


def basis(rest, s):
    """Blender matrix_basis of every bone: {bone: (location, quaternion)}."""
    mats = {b: s.matrix(rest, b) for b in rest.order}
    out = {}
    for b in rest.order:
        par = rest.parent[b]
        if par is None:
            m = rest.mat[b].inverted() @ mats[b]
        else:
            m = rest.mat[b].inverted() @ rest.mat[par] @ mats[par].inverted() @ mats[b]
        loc, rot, _ = m.decompose()
        out[b] = (loc, rot.normalized())
    return out
