# Skeleton layout and pose solver for the knight (runs inside Blender).
#
# Coordinates here are Blender's: metres, +Z up, the knight faces +X, its left
# is +Y (glTF export turns this into +Y up, facing +X, left = -Z).
#
# A pose is authored in armature space (the armature object sits at the world
# origin, so armature space = the clip's world frame; root motion is simply the
# root joint's position). For every bone the solver computes a rotation Q that
# maps the bone's rest orientation to its posed orientation (a "delta" in
# armature space) and the posed position of its head. Blender's per-bone
# channel values (matrix_basis) follow from
#   pose_ms = parent_pose_ms @ inv(parent_rest_ms) @ rest_ms @ basis
# (Blender manual, "Bones > Pose mode"; the same relation the glTF exporter
# bakes), i.e. basis = inv(rest_ms) @ parent_rest_ms @ inv(parent_pose_ms) @ pose_ms.
import math
from mathutils import Matrix, Quaternion, Vector

V = Vector

# Bind pose joint heads and tails (armature space, metres). The arms are bent
# at the elbows in the bind pose so the sword and shield sit naturally; the
# legs stand straight with the soles on z = 0.
BONES = [
    # name, parent, head, tail
    ("root", None, (0.0, 0.0, 0.0), (0.0, 0.0, 0.12)),
    ("pelvis", "root", (0.0, 0.0, 0.98), (0.0, 0.0, 1.08)),
    ("spine", "pelvis", (0.0, 0.0, 1.08), (0.0, 0.0, 1.24)),
    ("chest", "spine", (0.0, 0.0, 1.24), (0.0, 0.0, 1.45)),
    ("neck", "chest", (0.0, 0.0, 1.45), (0.0, 0.0, 1.55)),
    ("head", "neck", (0.0, 0.0, 1.55), (0.0, 0.0, 1.72)),
    ("clavicle_l", "chest", (0.0, 0.04, 1.41), (-0.01, 0.20, 1.43)),
    ("upper_arm_l", "clavicle_l", (-0.01, 0.20, 1.43), (-0.05, 0.25, 1.15)),
    ("forearm_l", "upper_arm_l", (-0.05, 0.25, 1.15), (0.13, 0.27, 0.97)),
    ("hand_l", "forearm_l", (0.13, 0.27, 0.97), (0.19, 0.275, 0.91)),
    ("shield", "forearm_l", None, None),   # placed by SHIELD_* below
    ("clavicle_r", "chest", (0.0, -0.04, 1.41), (-0.01, -0.20, 1.43)),
    ("upper_arm_r", "clavicle_r", (-0.01, -0.20, 1.43), (-0.05, -0.25, 1.15)),
    ("forearm_r", "upper_arm_r", (-0.05, -0.25, 1.15), (0.13, -0.27, 0.97)),
    ("hand_r", "forearm_r", (0.13, -0.27, 0.97), (0.19, -0.275, 0.91)),
    ("sword", "hand_r", None, None),       # placed by SWORD_* below
    ("thigh_l", "pelvis", (0.0, 0.10, 0.93), (0.02, 0.11, 0.50)),
    ("shin_l", "thigh_l", (0.02, 0.11, 0.50), (0.0, 0.11, 0.085)),
    ("foot_l", "shin_l", (0.0, 0.11, 0.085), (0.13, 0.11, 0.025)),
    ("toe_l", "foot_l", (0.13, 0.11, 0.025), (0.23, 0.11, 0.025)),
    ("thigh_r", "pelvis", (0.0, -0.10, 0.93), (0.02, -0.11, 0.50)),
    ("shin_r", "thigh_r", (0.02, -0.11, 0.50), (0.0, -0.11, 0.085)),
    ("foot_r", "shin_r", (0.0, -0.11, 0.085), (0.13, -0.11, 0.025)),
    ("toe_r", "foot_r", (0.13, -0.11, 0.025), (0.23, -0.11, 0.025)),
]

# Fist: the grip centre sits this far from the wrist along the hand bone.
FIST_OFFSET_M = 0.065
# Sword: the grip axis (blade direction) in the bind pose, perpendicular to the
# hand in the sagittal plane: forward-up at 45 degrees.
SWORD_AXIS = V((0.7071, 0.0, 0.7071))
# Shield: centre and face normal (outward, a little forward) in the bind pose.
SHIELD_CENTRE = V((0.06, 0.335, 1.03))
SHIELD_NORMAL = V((0.28, 0.96, 0.0)).normalized()
# Blade width direction in the bind pose (in the sagittal plane).
SWORD_WIDTH = V((0.7071, 0.0, -0.7071))

# Stowed on the back for climbing (bind pose, armature space, carried by the
# chest): the sword diagonal across the back, hilt above and behind the right
# shoulder, blade flat against the back pointing down to the left hip; the
# shield flat on the back over the blade, face out (boss backwards). The
# back of the chest is at x = -0.17, so the blade lies 4 cm behind it and the
# shield's curved edges 1.3 cm behind the blade.
SWORD_STOW_GRIP = V((-0.215, -0.19, 1.60))
SWORD_STOW_AXIS = V((0.0, 0.40, -0.92)).normalized()
SWORD_STOW_WIDTH = V((0.0, 0.92, 0.40)).normalized()
SHIELD_STOW_CENTRE = V((-0.30, 0.0, 1.17))
SHIELD_STOW_NORMAL = V((-1.0, 0.0, 0.0))
SHIELD_STOW_UP = V((0.0, 0.0, 1.0))

# Sole point below the ankle and ball-of-foot point (armature space, bind pose).
ANKLE_HEIGHT_M = 0.085


def bone_table():
    """BONES with the sword and shield heads/tails filled in."""
    heads = {name: V(h) for name, _, h, _ in BONES if h is not None}
    tails = {name: V(t) for name, _, _, t in BONES if t is not None}
    out = []
    for name, parent, head, tail in BONES:
        if name == "sword":
            fist = fist_centre_rest("r", heads, tails)
            head, tail = fist, fist + SWORD_AXIS * 0.12
        elif name == "shield":
            head, tail = SHIELD_CENTRE, SHIELD_CENTRE + SHIELD_NORMAL * 0.10
        out.append((name, parent, V(head), V(tail)))
    return out


def fist_centre_rest(side, heads, tails):
    wrist = heads["hand_" + side]
    direction = (tails["hand_" + side] - wrist).normalized()
    return wrist + direction * FIST_OFFSET_M


def quat_euler(x=0.0, y=0.0, z=0.0):
    """Rotation about armature X (roll), then Y (pitch, + = tip forward/down),
    then Z (yaw, + = turn left): q = Rz * Ry * Rx."""
    qx = Quaternion((1, 0, 0), x)
    qy = Quaternion((0, 1, 0), y)
    qz = Quaternion((0, 0, 1), z)
    return qz @ qy @ qx


def frame_rotation(d_from, n_from, d_to, n_to):
    """Rotation taking the orthonormal frame (d_from, n_from) onto (d_to, n_to)."""
    def frame(d, n):
        d = d.normalized()
        n = (n - d * n.dot(d)).normalized()
        return Matrix((d, n, d.cross(n))).transposed()
    return (frame(d_to, n_to) @ frame(d_from, n_from).transposed()).to_quaternion()


def rotation_between(u, v):
    """Minimal rotation taking unit u onto unit v (axis u x v, atan2 angle)."""
    axis = u.cross(v)
    s = axis.length
    c = u.dot(v)
    if s < 1e-9:
        if c > 0:
            return Quaternion()
        perp = u.orthogonal().normalized()
        return Quaternion(perp, math.pi)
    return Quaternion(axis / s, math.atan2(s, c))


def two_bone_ik(a, l_ab, l_bc, t, pole, max_reach=0.999):
    """Closed-form two-bone IK (law of cosines; see docs/ik.md).
    Returns (b, c, reached) with b the mid joint and c the end joint."""
    at = t - a
    dist = at.length
    reached = dist <= (l_ab + l_bc) * max_reach + 1e-9 and dist >= abs(l_ab - l_bc)
    dist = min(max(dist, abs(l_ab - l_bc) + 1e-6), (l_ab + l_bc) * max_reach)
    n = at.normalized()
    c = a + n * dist
    cos_theta = (l_ab * l_ab + dist * dist - l_bc * l_bc) / (2.0 * l_ab * dist)
    cos_theta = max(-1.0, min(1.0, cos_theta))
    sin_theta = math.sqrt(max(0.0, 1.0 - cos_theta * cos_theta))
    u = pole - n * pole.dot(n)
    if u.length < 1e-9:
        u = n.orthogonal()
    u.normalize()
    b = a + n * (l_ab * cos_theta) + u * (l_ab * sin_theta)
    return b, c, reached


class Rig:
    """Rest data for the solver: heads, tails and rest rotations (3x3) of
    every bone, read back from Blender's armature so they match exactly."""

    def __init__(self, armature_data):
        self.names = [b[0] for b in BONES]
        self.parent = {b[0]: b[1] for b in BONES}
        self.rest = {}      # name -> 4x4 rest matrix, armature space
        self.head = {}
        self.tail = {}
        for bone in armature_data.bones:
            self.rest[bone.name] = bone.matrix_local.copy()
            self.head[bone.name] = bone.head_local.copy()
            self.tail[bone.name] = bone.tail_local.copy()
        self.fist = {s: self.head["sword"] if s == "r" else
                     fist_centre_rest("l", self.head, self.tail) for s in "lr"}
        self.len = {n: (self.tail[n] - self.head[n]).length for n in self.names}
        # Rest bend-plane normals of the limbs (for the frame rotations).
        self.limb_normal = {}
        for side in "lr":
            for upper, lower, end in (("thigh", "shin", "foot"), ("upper_arm", "forearm", "hand")):
                a = self.head[upper + "_" + side]
                b = self.head[lower + "_" + side]
                c = self.head[end + "_" + side]
                self.limb_normal[upper + "_" + side] = (c - a).cross(b - a).normalized()
        self.sole = {s: self.head["foot_" + s] - V((0, 0, ANKLE_HEIGHT_M)) for s in "lr"}
        self.ball = {s: V((self.head["toe_" + s].x, self.head["toe_" + s].y, 0.0)) for s in "lr"}


class Pose:
    """Everything a frame specifies, in armature space. Defaults = bind pose."""

    def __init__(self, rig):
        self.root_pos = V((0, 0, 0))
        self.root_yaw = 0.0
        self.pelvis_pos = rig.head["pelvis"].copy()
        self.pelvis_rot = Quaternion()
        # Local (rest-axes) rotations of the FK joints.
        self.local = {n: Quaternion() for n in ("spine", "chest", "neck", "head",
                                               "clavicle_l", "clavicle_r", "sword", "shield")}
        # Arms: either FK (shoulder rotation in rest axes, extra elbow bend in
        # radians, wrist rotation) or IK (wrist target, pole, hand delta).
        self.arm = {s: {"mode": "fk", "shoulder": Quaternion(), "elbow": 0.0,
                        "wrist": Quaternion()} for s in "lr"}
        # Sword / shield: None = carried rigidly by the parent (plus `local`),
        # or a delta rotation in armature space that overrides it (e.g. the
        # blade hanging down while the hand grips a rung).
        self.attach = {"sword": None, "shield": None}
        # Stowed on the back (carried by the chest, see SWORD_STOW_*), or an
        # explicit armature-space placement (head, delta rotation) that
        # overrides both (the in-between moments of drawing and stowing).
        self.stowed = {"sword": False, "shield": False}
        self.place = {"sword": None, "shield": None}
        # Legs: ankle target, foot delta rotation, knee pole, toe bend (+ = toes up).
        self.leg = {s: {"ankle": rig.head["foot_" + s].copy(), "foot": Quaternion(),
                        "pole": V((1, 0, 0)), "toe": 0.0} for s in "lr"}


class Solved:
    def __init__(self):
        self.q = {}       # bone -> delta rotation (armature space)
        self.head = {}    # bone -> posed head position (armature space)
        self.unreached = []


def solve(rig, pose):
    s = Solved()
    q, head = s.q, s.head

    def fk(name, local):
        p = rig.parent[name]
        q[name] = q[p] @ local
        head[name] = head[p] + q[p] @ (rig.head[name] - rig.head[p])

    q["root"] = Quaternion((0, 0, 1), pose.root_yaw)
    head["root"] = pose.root_pos.copy()
    q["pelvis"] = pose.pelvis_rot.copy()
    head["pelvis"] = pose.pelvis_pos.copy()
    for n in ("spine", "chest", "neck", "head"):
        fk(n, pose.local[n])
    for side in "lr":
        fk("clavicle_" + side, pose.local["clavicle_" + side])
        arm = pose.arm[side]
        ua, fa, ha = "upper_arm_" + side, "forearm_" + side, "hand_" + side
        if arm["mode"] == "fk":
            fk(ua, arm["shoulder"])
            # Positive extra elbow angle bends the elbow further.
            fk(fa, _elbow(rig, side, arm["elbow"]))
            fk(ha, arm["wrist"])
        else:
            # Shoulder head from the clavicle, then two-bone IK to the wrist.
            p = "clavicle_" + side
            head[ua] = head[p] + q[p] @ (rig.head[ua] - rig.head[p])
            a = head[ua]
            b, c, ok = two_bone_ik(a, rig.len[ua], rig.len[fa], arm["target"], arm["pole"])
            if not ok:
                s.unreached.append(ha)
            n = (c - a).cross(b - a)
            if n.length < 1e-9:
                n = q[p] @ rig.limb_normal[ua]
            a0, b0, c0 = rig.head[ua], rig.head[fa], rig.head[ha]
            n0 = rig.limb_normal[ua]
            q[ua] = frame_rotation(b0 - a0, n0, b - a, n)
            head[fa] = b
            q[fa] = frame_rotation(c0 - b0, n0, c - b, n)
            head[ha] = c
            q[ha] = arm["hand"].copy()
    # Attachments: the sword follows hand_r, the shield follows forearm_l.
    for name in ("sword", "shield"):
        fk(name, pose.local[name])
        if pose.attach[name] is not None:
            q[name] = pose.attach[name].copy()
        if pose.stowed[name]:
            head[name], q[name] = stow_transform(rig, name, head["chest"], q["chest"])
        if pose.place[name] is not None:
            head[name] = pose.place[name][0].copy()
            q[name] = pose.place[name][1].copy()
    for side in "lr":
        leg = pose.leg[side]
        th, sh, ft, to = "thigh_" + side, "shin_" + side, "foot_" + side, "toe_" + side
        head[th] = head["pelvis"] + q["pelvis"] @ (rig.head[th] - rig.head["pelvis"])
        a = head[th]
        b, c, ok = two_bone_ik(a, rig.len[th], rig.len[sh], leg["ankle"], leg["pole"])
        if not ok:
            s.unreached.append(ft)
        n = (c - a).cross(b - a)
        a0, b0, c0 = rig.head[th], rig.head[sh], rig.head[ft]
        n0 = rig.limb_normal[th]
        q[th] = frame_rotation(b0 - a0, n0, b - a, n)
        head[sh] = b
        q[sh] = frame_rotation(c0 - b0, n0, c - b, n)
        head[ft] = c
        q[ft] = leg["foot"].copy()
        fk(to, Quaternion((0, 1, 0), -leg["toe"]))
    return s


def _elbow(rig, side, extra):
    """Local (rest axes) rotation of the forearm that bends the elbow by
    `extra` radians beyond the bind pose, about the rest hinge axis."""
    hinge = rig.limb_normal["upper_arm_" + side]
    # limb_normal = (c - a) x (b - a); bending further rotates the forearm
    # away from the upper arm, i.e. about -limb_normal.
    return Quaternion(-hinge, extra)


def pose_matrices(rig, solved):
    """Armature-space 4x4 pose matrix of every bone."""
    out = {}
    for n in rig.names:
        rot = solved.q[n].to_matrix() @ rig.rest[n].to_3x3()
        m = rot.to_4x4()
        m.translation = solved.head[n]
        out[n] = m
    return out


def basis_matrices(rig, mats):
    """Blender matrix_basis per bone from armature-space pose matrices."""
    out = {}
    for n in rig.names:
        p = rig.parent[n]
        if p is None:
            out[n] = rig.rest[n].inverted() @ mats[n]
        else:
            out[n] = rig.rest[n].inverted() @ rig.rest[p] @ mats[p].inverted() @ mats[n]
    return out


def hand_rotation(rig, side, hand_dir, grip_axis):
    """Delta rotation that turns the bind-pose hand so the wrist->fist direction
    becomes hand_dir and the fist's grip axis (thumb side) becomes grip_axis."""
    d0 = (rig.fist[side] - rig.head["hand_" + side]).normalized()
    g0 = SWORD_AXIS
    return frame_rotation(d0, g0, hand_dir, grip_axis)


def wrist_for_grip(rig, side, grip_point, hand_q):
    """Wrist position that puts the fist centre on grip_point."""
    return grip_point - hand_q @ (rig.fist[side] - rig.head["hand_" + side])


def ankle_for_sole(rig, side, sole_point, foot_q):
    """Ankle position that puts the sole point (below the ankle) on sole_point."""
    return sole_point - foot_q @ (rig.sole[side] - rig.head["foot_" + side])


def ankle_for_ball(rig, side, ball_point, foot_q):
    """Ankle position that puts the ball of the foot on ball_point."""
    return ball_point - foot_q @ (rig.ball[side] - rig.head["foot_" + side])


def sword_world(blade_dir, width_dir):
    """Sword delta rotation that points the blade along blade_dir."""
    return frame_rotation(SWORD_AXIS, SWORD_WIDTH, blade_dir, width_dir)


def shield_world(normal, up):
    """Shield delta rotation: face normal along `normal`, long axis `up`."""
    up0 = V((0, 0, 1)) - SHIELD_NORMAL * SHIELD_NORMAL.z
    return frame_rotation(SHIELD_NORMAL, up0, normal, up)


def stow_rotation(name):
    """Delta rotation (bind frame) of the sword or shield stowed on the back."""
    if name == "sword":
        return sword_world(SWORD_STOW_AXIS, SWORD_STOW_WIDTH)
    return shield_world(SHIELD_STOW_NORMAL, SHIELD_STOW_UP)


def stow_transform(rig, name, chest_head, chest_q):
    """Armature-space head and delta rotation of the stowed sword or shield
    for a chest posed at (chest_head, chest_q)."""
    at = SWORD_STOW_GRIP if name == "sword" else SHIELD_STOW_CENTRE
    return chest_head + chest_q @ (at - rig.head["chest"]), chest_q @ stow_rotation(name)
