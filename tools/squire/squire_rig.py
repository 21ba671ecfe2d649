# The squire's skeleton: Blender's bundled Rigify human metarig, trimmed (no
# face, no breast bones) and re-proportioned, and the data the pose solver
# needs about it (runs inside Blender).
#
# Axes are Blender's armature axes: metres, +Z up, the squire faces -Y and its
# left is +X. The glTF exporter (+Y up) turns that into +Y up, facing +Z,
# left = +X. `cv(fwd, left, up)` writes a vector in the squire's own terms.
import bpy
from mathutils import Vector


def cv(fwd=0.0, left=0.0, up=0.0):
    """Squire-frame components (forward, left, up) -> armature-space vector."""
    return Vector((left, -fwd, up))


UP = cv(up=1.0)
FWD = cv(fwd=1.0)
LEFT = cv(left=1.0)
SIDES = ("L", "R")


def side_sign(side):
    """+1 for the squire's left (+X), -1 for its right."""
    return 1.0 if side == "L" else -1.0


# ---------------------------------------------------------------------------
# Building the armature.

def _drop_bones(arm_data, names):
    """Remove the named edit bones and everything below them."""
    doomed = set()
    for eb in arm_data.edit_bones:
        chain = eb
        while chain is not None:
            if chain.name in names:
                doomed.add(eb.name)
                break
            chain = chain.parent
    for name in sorted(doomed):
        arm_data.edit_bones.remove(arm_data.edit_bones[name])


def _region(eb):
    """Which re-proportioning map a bone follows: 'leg', 'arm' or 'body'."""
    chain = eb
    while chain is not None:
        base = chain.name.split(".")[0]
        if base in ("thigh", "shin", "foot", "toe", "heel"):
            return "leg"
        if base == "upper_arm":
            return "arm"
        chain = chain.parent
    return "body"


class Proportions:
    """The three maps from metarig space to squire space. `body`: uniform
    scale `su` about the hip joints, which land at `hip_z`, the hips bone
    (`spine` head) above the origin. `leg`: the same scale below the ankle
    and in x/y; between ankle and hip joint a vertical squash so the hip
    joint lands at hip_z. `arm`: body map, then a uniform scale about the
    shoulder joint so shoulder-to-wrist becomes arm_m."""

    def __init__(self, eb, dims):
        self.meta_hip = eb["thigh.L"].head.z
        self.meta_ankle = eb["foot.L"].head.z
        self.meta_top = eb["spine.006"].tail.z
        self.y0 = eb["spine"].head.y
        self.hip_z = dims["hip_joint_height_m"]
        self.su = (dims["skull_top_m"] - self.hip_z) / (self.meta_top - self.meta_hip)
        self.ankle_z = self.meta_ankle * self.su
        self.leg_k = (self.hip_z - self.ankle_z) / (self.meta_hip - self.meta_ankle)
        meta_arm = ((eb["upper_arm.L"].tail - eb["upper_arm.L"].head).length +
                    (eb["forearm.L"].tail - eb["forearm.L"].head).length)
        self.ka = dims["arm_shoulder_to_wrist_m"] / (meta_arm * self.su)
        self.shoulder = {s: self.body(eb["upper_arm." + s].head) for s in SIDES}

    def body(self, p):
        return Vector((p.x * self.su, (p.y - self.y0) * self.su,
                       self.hip_z + (p.z - self.meta_hip) * self.su))

    def leg(self, p):
        if p.z <= self.meta_ankle:
            z = p.z * self.su
        else:
            z = self.ankle_z + (p.z - self.meta_ankle) * self.leg_k
        return Vector((p.x * self.su, (p.y - self.y0) * self.su, z))

    def arm(self, p, side):
        s = self.shoulder[side]
        return s + (self.body(p) - s) * self.ka

    def apply(self, region, p, side):
        if region == "leg":
            return self.leg(p)
        if region == "arm":
            return self.arm(p, side)
        return self.body(p)


def build_armature(scene, dims, name):
    """Rigify's human metarig, trimmed and re-proportioned; returns the object."""
    bpy.ops.preferences.addon_enable(module="rigify")
    bpy.ops.object.armature_human_metarig_add()
    obj = bpy.context.active_object
    obj.name = name
    obj.data.name = name + "_armature"
    bpy.ops.object.mode_set(mode="EDIT")
    ebs = obj.data.edit_bones
    _drop_bones(obj.data, {"face", "breast.L", "breast.R"})
    prop = Proportions(ebs, dims)
    plan = {}
    for eb in ebs:
        side = "R" if eb.name.endswith(".R") else "L"
        region = _region(eb)
        plan[eb.name] = (prop.apply(region, eb.head.copy(), side),
                         prop.apply(region, eb.tail.copy(), side), eb.z_axis.copy())
    for eb in ebs:
        head, tail, z_axis = plan[eb.name]
        eb.head = head
        eb.tail = tail
        eb.align_roll(z_axis)
        eb.use_deform = True
    bpy.ops.object.mode_set(mode="OBJECT")
    for pb in obj.pose.bones:
        pb.rotation_mode = "QUATERNION"
        # Rigify's settings are of no use in the game; keep the bones plain.
        for key in list(pb.keys()):
            del pb[key]
    return obj


# ---------------------------------------------------------------------------
# Rest data for the solver.

class Rest:
    """Rest (bind) pose of every bone in armature space, read back from the
    armature so it matches the exported inverse bind matrices exactly."""

    def __init__(self, arm_data):
        self.parent = {}
        self.mat = {}
        self.head = {}
        self.tail = {}
        for b in arm_data.bones:
            self.parent[b.name] = b.parent.name if b.parent else None
            self.mat[b.name] = b.matrix_local.copy()
            self.head[b.name] = b.head_local.copy()
            self.tail[b.name] = b.tail_local.copy()
        self.rot = {n: m.to_3x3() for n, m in self.mat.items()}
        # Depth first from the root, children in the armature's own order.
        names = [b.name for b in arm_data.bones]
        self.order = []
        stack = [n for n in names if self.parent[n] is None][::-1]
        while stack:
            n = stack.pop()
            self.order.append(n)
            stack.extend([c for c in names if self.parent[c] == n][::-1])
        self.root = [n for n in self.order if self.parent[n] is None]
        assert self.root == ["spine"], self.root
        self.limb = {}
        for s in SIDES:
            self.limb["arm" + s] = ("upper_arm." + s, "forearm." + s, "hand." + s)
            self.limb["leg" + s] = ("thigh." + s, "shin." + s, "foot." + s)
        self.seg = {}
        self.bend_normal = {}
        for key, (a, b, c) in self.limb.items():
            pa, pb, pc = self.head[a], self.head[b], self.head[c]
            self.seg[key] = ((pb - pa).length, (pc - pb).length)
            self.bend_normal[key] = (pb - pa).cross(pc - pa).normalized()

    def to_local(self, bone, p):
        """Armature-space rest point -> the bone's own (rest) space."""
        return self.mat[bone].inverted() @ p

    def from_local(self, bone, p):
        return self.mat[bone] @ Vector(p)

    def hand_frame(self, side):
        """Rest hand axes: d (wrist -> knuckles), a (index -> pinky knuckle,
        across the palm) and n (the palm side, where the fingers curl)."""
        h = "hand." + side
        d = (self.tail[h] - self.head[h]).normalized()
        a = self.head["palm.04." + side] - self.head["palm.01." + side]
        a = (a - d * a.dot(d)).normalized()
        curl = self.tail["f_middle.03." + side] - self.head["f_middle.01." + side]
        n = d.cross(a)
        if n.dot(curl) < 0:
            n = -n
        return d, a, n
