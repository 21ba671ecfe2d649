# The test characters' body: a Mixamo-named skeleton and a low-poly skinned
# mesh, both described in metres in the glTF scene's frame (x = the
# character's left, y = up, z = forward), plain Python (no bpy).
#
# A Mixamo file imported by Blender's FBX importer has the armature object
# rotated +90 degrees about X and scaled 0.01, so its own (armature) space is
# the FBX file's: y up, z forward, centimetres. That space has the glTF
# scene's axes, so a point in armature units is simply the point in metres
# divided by the object scale (0.01 for a real Mixamo file, 100 for the
# mixamo_x100 test).
#
# Everything is written for the reference body (mixamo_tpose, 1.78 m); a
# `Body` moves each point of it to another body's proportions (longer legs,
# a larger head, broader shoulders, another height) by part: the skeleton,
# the mesh and the contact points follow the same map.
import math

PREFIX = "mixamorig:"
SIDES = ("Left", "Right")


def side_sign(side):
    """+1 for the character's left (+x), -1 for its right."""
    return 1.0 if side == "Left" else -1.0


# ---------------------------------------------------------------------------
# Skeleton: (name, parent, head, tail), metres, names without the prefix.

HIPS_Y = 0.96          # mixamorig:Hips head
HIP_JOINT = (0.09, 0.92, 0.0)
KNEE_Y = 0.50
ANKLE_Y = 0.08
TOE = (0.03, 0.13)     # toe base joint: height, distance ahead of the ankle
TOE_TIP_Z = 0.215      # front of the foot
HEEL_Z = -0.055        # back of the heel
SHOULDER_Y = 1.45
ARM_X = (0.18, 0.46, 0.72)   # shoulder joint, elbow, wrist
HEAD_TOP_Y = 1.78
GRIP_ALONG_M = 0.07    # fist centre: this far from the wrist along the hand
GRIP_PALM_M = 0.015    # ... and this far to the palm side


HEAD_Y = 1.58          # mixamorig:Head head (the neck's top)
CHIN_Y = HEAD_TOP_Y - 0.19   # lowest point of the head


class Body:
    """Proportions relative to the reference body (all factors 1): `leg`
    stretches hip joint to ankle, `arm` shoulder joint to wrist, `head` the
    head about the neck's top, `shoulders` the shoulders' width (shoulder
    joints and the upper chest); then `scale` scales the whole body about
    the ground under the hips. Torso, hands and feet keep the reference's
    shape. Every piece is written as v + (v - a) * (k - 1) + shift, so the
    reference body maps every point onto itself bit for bit."""

    def __init__(self, scale=1.0, leg=1.0, arm=1.0, head=1.0, shoulders=1.0):
        self.scale, self.leg, self.arm, self.head, self.shoulders = scale, leg, arm, head, shoulders
        self.dleg = (HIP_JOINT[1] - ANKLE_Y) * (leg - 1.0)     # the torso's rise
        self.dshoulder = ARM_X[0] * (shoulders - 1.0)
        self.darm = (ARM_X[2] - ARM_X[0]) * (arm - 1.0)

    def y(self, y):
        if y <= ANKLE_Y:
            return y
        if y <= HIP_JOINT[1]:
            return y + (y - ANKLE_Y) * (self.leg - 1.0)
        if y <= HEAD_Y:
            return y + self.dleg
        return y + self.dleg + (y - HEAD_Y) * (self.head - 1.0)

    def arm_x(self, x):
        sg, a = (1.0 if x >= 0.0 else -1.0), abs(x)
        if a <= ARM_X[0]:
            return sg * (a + a * (self.shoulders - 1.0))
        if a <= ARM_X[2]:
            return sg * (a + self.dshoulder + (a - ARM_X[0]) * (self.arm - 1.0))
        return sg * (a + self.dshoulder + self.darm)

    def place(self, p, kind):
        """Reference point p (metres) of a part of this kind (torso, neck,
        head, arm, hand, leg, foot) on this body."""
        x, y, z = p
        if kind == "head":
            x, z = x + x * (self.head - 1.0), z + z * (self.head - 1.0)
        elif kind in ("arm", "hand"):
            x = self.arm_x(x)
        elif kind == "torso":
            # The chest widens with the shoulders, the waist keeps its width.
            t = min(1.0, max(0.0, (y - 1.17) / (1.38 - 1.17)))
            x = x + x * (self.shoulders - 1.0) * t
        s = self.scale
        return (x * s, self.y(y) * s, z * s)

    # Design measures of this body (metres).
    def height(self):
        return self.y(HEAD_TOP_Y) * self.scale

    def leg_length(self):
        return (self.y(HIP_JOINT[1]) - self.y(ANKLE_Y)) * self.scale

    def arm_length(self):
        return (self.arm_x(ARM_X[2]) - self.arm_x(ARM_X[0])) * self.scale

    def head_height(self):
        return (self.y(HEAD_TOP_Y) - self.y(CHIN_Y)) * self.scale


REFERENCE = Body()


def sized(height, head_share, hips_share, **factors):
    """The body `height` m tall whose head (chin to top) is head_share of
    its height and whose hip joints stand hips_share of it above the
    ground; other factors as Body's."""
    head_ref = HEAD_TOP_Y - CHIN_Y
    crown = HEAD_TOP_Y - HEAD_Y                   # the head factor stretches this
    trunk = HEAD_Y - HIP_JOINT[1]
    scale_head = head_share * height / head_ref   # scale * head
    scale = ((1.0 - hips_share) * height - crown * scale_head) / trunk
    leg = (hips_share * height / scale - ANKLE_Y) / (HIP_JOINT[1] - ANKLE_Y)
    return Body(scale=scale, leg=leg, head=scale_head / scale, **factors)


def bone_kind(name):
    """The part a Mixamo bone (no prefix) belongs to, for Body.place."""
    if name.startswith("Head"):
        return "head"
    for side in SIDES:
        if name.startswith(side):
            rest = name[len(side):]
            if rest in ("UpLeg", "Leg"):
                return "leg"
            if rest in ("Foot", "ToeBase", "Toe_End"):
                return "foot"
            if rest in ("Shoulder", "Arm", "ForeArm"):
                return "arm"
            return "hand"
    return "torso"


def skeleton(body=REFERENCE):
    """The reference skeleton placed on `body`."""
    return [(name, parent, body.place(head, bone_kind(name)), body.place(tail, bone_kind(name)))
            for name, parent, head, tail in reference_skeleton()]


def reference_skeleton():
    bones = [
        ("Hips", None, (0, HIPS_Y, 0), (0, 1.05, 0)),
        ("Spine", "Hips", (0, 1.05, 0), (0, 1.17, 0)),
        ("Spine1", "Spine", (0, 1.17, 0), (0, 1.30, 0)),
        ("Spine2", "Spine1", (0, 1.30, 0), (0, 1.48, 0)),
        ("Neck", "Spine2", (0, 1.48, 0), (0, HEAD_Y, 0)),
        ("Head", "Neck", (0, HEAD_Y, 0), (0, HEAD_TOP_Y, 0)),
        ("HeadTop_End", "Head", (0, HEAD_TOP_Y, 0), (0, HEAD_TOP_Y + 0.10, 0)),
    ]
    for side in SIDES:
        sg = side_sign(side)

        def x(p):
            return (p[0] * sg, p[1], p[2])
        a0, a1, a2 = ARM_X
        bones += [
            (side + "Shoulder", "Spine2", x((0.06, 1.43, 0)), x((a0, SHOULDER_Y, 0))),
            (side + "Arm", side + "Shoulder", x((a0, SHOULDER_Y, 0)), x((a1, SHOULDER_Y, 0))),
            (side + "ForeArm", side + "Arm", x((a1, SHOULDER_Y, 0)), x((a2, SHOULDER_Y, 0))),
            (side + "Hand", side + "ForeArm", x((a2, SHOULDER_Y, 0)), x((0.81, SHOULDER_Y, 0))),
            (side + "HandThumb1", side + "Hand", x((0.74, 1.44, 0.035)), x((0.77, 1.44, 0.07))),
            (side + "HandIndex1", side + "Hand", x((0.81, SHOULDER_Y, 0.025)), x((0.85, SHOULDER_Y, 0.025))),
            (side + "HandIndex2", side + "HandIndex1", x((0.85, SHOULDER_Y, 0.025)), x((0.88, SHOULDER_Y, 0.025))),
        ]
        hx, hy, hz = HIP_JOINT
        bones += [
            (side + "UpLeg", "Hips", x((hx, hy, hz)), x((hx, KNEE_Y, 0))),
            (side + "Leg", side + "UpLeg", x((hx, KNEE_Y, 0)), x((hx, ANKLE_Y, 0))),
            (side + "Foot", side + "Leg", x((hx, ANKLE_Y, 0)), x((hx, TOE[0], TOE[1]))),
            (side + "ToeBase", side + "Foot", x((hx, TOE[0], TOE[1])), x((hx, TOE[0], TOE_TIP_Z))),
            (side + "Toe_End", side + "ToeBase", x((hx, TOE[0], TOE_TIP_Z)), x((hx, TOE[0], TOE_TIP_Z + 0.04))),
        ]
    return bones


# Non-deform control bones (no prefix) beside the Mixamo skeleton, as an
# animator's rig adds them: a second root on the ground under the hips with
# foot IK targets at the ankles and knee poles half a metre ahead of the
# knees. CONTROL_ROOT sorts before "mixamorig:Hips".
CONTROL_ROOT = "ctrl_root"


def control_bones(body=REFERENCE):
    bones = [(CONTROL_ROOT, None, (0.0, 0.0, 0.0), (0.0, 0.0, -0.30))]
    for side, tag in zip(SIDES, ("L", "R")):
        ankle = body.place((HIP_JOINT[0] * side_sign(side), ANKLE_Y, 0.0), "leg")
        knee = body.place((HIP_JOINT[0] * side_sign(side), KNEE_Y, 0.0), "leg")
        bones += [
            ("ik_foot." + tag, CONTROL_ROOT, ankle, (ankle[0], ankle[1], ankle[2] + 0.15)),
            ("pole_knee." + tag, CONTROL_ROOT, (knee[0], knee[1], 0.5), (knee[0], knee[1], 0.6)),
        ]
    return bones


def roll_hint(head, tail):
    """Where the bone's z axis should point: forward, or up for bones that
    themselves run forward (feet, toes, thumbs)."""
    d = [t - h for h, t in zip(head, tail)]
    n = math.sqrt(sum(c * c for c in d))
    return (0.0, 1.0, 0.0) if abs(d[2]) / n > 0.7 else (0.0, 0.0, 1.0)


# ---------------------------------------------------------------------------
# Contact points in the bind pose (metres, glTF scene).

def contact_points(body=REFERENCE):
    pts = {}
    for side in SIDES:
        sg = side_sign(side)
        hx = HIP_JOINT[0] * sg
        wrist = ARM_X[2] * sg
        pts[side] = {
            "sole": body.place((hx, 0.0, 0.0), "foot"),         # on the ground below the ankle
            "ball": body.place((hx, 0.0, TOE[1]), "foot"),      # on the ground below the toe base
            "heel": body.place((hx, 0.0, HEEL_Z), "foot"),      # back of the heel, on the sole
            # Fist centre: out from the wrist along the hand (x), to the palm
            # side (the T-pose's palms face down).
            "grip": body.place((wrist + GRIP_ALONG_M * sg, SHOULDER_Y - GRIP_PALM_M, 0.0), "hand"),
        }
    return pts


# ---------------------------------------------------------------------------
# Skin weights along a chain.

def chain_weights(t, bones, switches):
    """Weights at position t along a chain of bones b0..bm: b(k-1) hands over
    to bk at switches[k-1] = (position, blend radius), linearly over
    position +- radius; where two blends overlap three bones share."""
    ramps = [1.0] + [min(1.0, max(0.0, (t - s) / (2.0 * r) + 0.5)) for s, r in switches] + [0.0]
    out = {}
    for k, b in enumerate(bones):
        w = ramps[k] - ramps[k + 1]
        if w > 1e-6:
            out[b] = out.get(b, 0.0) + w
    total = sum(out.values())
    return {b: w / total for b, w in out.items()}


# ---------------------------------------------------------------------------
# Mesh: lofted rings, in metres.

class Mesh:
    def __init__(self):
        self.verts = []      # (x, y, z) metres
        self.faces = []      # vertex index lists
        self.material = []   # per face: 0 skin, 1 cloth
        self.weights = []    # per vertex: {bone (no prefix): weight}
        self.kind = []       # per vertex: the part's kind, for Body.place
        self.owner = []      # per face: (kind, side or None) of its part
        self.parts = []      # index of each part's first face

    def add_vertex(self, p, w, kind):
        self.verts.append(tuple(float(c) for c in p))
        self.weights.append(dict(w))
        self.kind.append(kind)
        return len(self.verts) - 1

    def add_face(self, f, mat, owner):
        self.faces.append(f)
        self.material.append(mat)
        self.owner.append(owner)

    def loft(self, sections, mat, owner, cap0=True, cap1=True):
        """sections: list of (points, weights); points a ring of (x, y, z),
        counter-clockwise seen from where the loft goes. owner: (kind,
        side or None)."""
        self.parts.append(len(self.faces))
        base = []
        for pts, w in sections:
            base.append(len(self.verts))
            for p in pts:
                self.add_vertex(p, w, owner[0])
        n = len(sections[0][0])
        for a, b in zip(base, base[1:]):
            for i in range(n):
                j = (i + 1) % n
                self.add_face([a + i, a + j, b + j, b + i], mat, owner)
        if cap0:
            self.add_face([base[0] + i for i in range(n)][::-1], mat, owner)
        if cap1:
            self.add_face([base[-1] + i for i in range(n)], mat, owner)

    def subset(self, keep):
        """A new mesh of the faces whose owner passes keep(owner), with only
        their vertices."""
        out = Mesh()
        index = {}
        for f, mat, owner in zip(self.faces, self.material, self.owner):
            if not keep(owner):
                continue
            for v in f:
                if v not in index:
                    index[v] = out.add_vertex(self.verts[v], self.weights[v], self.kind[v])
            out.add_face([index[v] for v in f], mat, owner)
        return out

    def signed_volume(self, faces):
        """Volume enclosed by the given faces, > 0 when they face outwards."""
        vol = 0.0
        for f in faces:
            p0 = self.verts[f[0]]
            for a, b in zip(f[1:], f[2:]):
                p1, p2 = self.verts[a], self.verts[b]
                vol += sum(x * y for x, y in zip(p0, cross(p1, p2))) / 6.0
        return vol

    def triangle_count(self):
        return sum(len(f) - 2 for f in self.faces)


def ring(centre, u, v, ru, rv, sides, phase=0.0):
    """Ellipse of `sides` points round centre in the plane of unit vectors u, v."""
    out = []
    for i in range(sides):
        a = 2.0 * math.pi * i / sides + phase
        cu, sv = math.cos(a) * ru, math.sin(a) * rv
        out.append(tuple(c + u_ * cu + v_ * sv for c, u_, v_ in zip(centre, u, v)))
    return out


def block(centre, u, v, ru, rv, floor=None):
    """Eight-point rounded rectangle round centre (u half-width ru, v half-height
    rv); with floor=f the lowest edge sits exactly at v = f."""
    shape = [(-0.8, -1.0), (0.8, -1.0), (1.0, -0.5), (1.0, 0.6), (0.6, 1.0), (-0.6, 1.0), (-1.0, 0.6), (-1.0, -0.5)]
    out = []
    for a, b in shape:
        out.append(tuple(c + u_ * a * ru + v_ * b * rv for c, u_, v_ in zip(centre, u, v)))
    return out


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def build_mesh(body=REFERENCE):
    """The reference mesh placed on `body`; each face's owner names its
    part (the rigid_parts character cuts the head, hands and feet off by
    it)."""
    m = Mesh()
    X, Y, Z = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)
    SKIN, CLOTH = 0, 1
    # Torso: hips to the base of the neck, ten sides; three bones share the
    # rings between two spine joints.
    spine = ["Hips", "Spine", "Spine1", "Spine2", "Neck"]
    sw = [(1.05, 0.08), (1.17, 0.08), (1.30, 0.08), (1.48, 0.03)]
    rings = [(0.84, 0.13, 0.09), (0.90, 0.165, 0.11), (0.97, 0.165, 0.11), (1.04, 0.15, 0.10),
             (1.12, 0.145, 0.10), (1.20, 0.155, 0.105), (1.30, 0.17, 0.11), (1.38, 0.18, 0.105),
             (1.44, 0.16, 0.095), (1.48, 0.07, 0.06)]
    m.loft([(ring((0, y, 0), Z, X, rz, rx, 10), chain_weights(y, spine, sw)) for y, rx, rz in rings], CLOTH,
           ("torso", None))
    # Neck and head.
    m.loft([(ring((0, y, 0.005), Z, X, 0.05, 0.05, 8),
             chain_weights(y, ["Spine2", "Neck", "Head"], [(1.48, 0.03), (1.58, 0.03)]))
            for y in (1.46, 1.53, 1.60, 1.63)], SKIN, ("neck", None))
    cy, ry = HEAD_TOP_Y - 0.095, 0.095
    head = []
    for k in range(1, 7):                      # latitude rings, poles added below
        a = math.pi * k / 7
        head.append((ring((0, cy - ry * math.cos(a), 0.01), Z, X,
                          0.10 * math.sin(a), 0.085 * math.sin(a), 10), {"Head": 1.0}))
    head_part = ("head", None)
    m.loft(head, SKIN, head_part, cap0=False, cap1=False)
    first, last = len(m.verts) - 60, len(m.verts) - 10
    bottom = m.add_vertex((0.0, cy - ry, 0.01), {"Head": 1.0}, "head")
    top = m.add_vertex((0.0, HEAD_TOP_Y, 0.01), {"Head": 1.0}, "head")
    for i in range(10):
        j = (i + 1) % 10
        m.add_face([bottom, first + j, first + i], SKIN, head_part)
        m.add_face([top, last + i, last + j], SKIN, head_part)
    # Nose: shows which way the character faces.
    m.loft([(block((0, 1.67, z), X, Y, 0.015, 0.02), {"Head": 1.0}) for z in (0.09, 0.125)], SKIN, head_part)
    for side in SIDES:
        sg = side_sign(side)
        hx = HIP_JOINT[0] * sg
        # Leg: hip to ankle.
        leg = ["Hips", side + "UpLeg", side + "Leg", side + "Foot"]
        lw = [(-0.90, 0.05), (-KNEE_Y, 0.06), (-ANKLE_Y, 0.03)]
        rings = [(0.93, 0.085), (0.84, 0.08), (0.72, 0.068), (0.58, 0.055), (0.50, 0.05), (0.42, 0.055),
                 (0.30, 0.05), (0.18, 0.04), (0.11, 0.036), (0.075, 0.034)]
        m.loft([(ring((hx, y, 0), X, Z, r, r, 8), chain_weights(-y, leg, lw)) for y, r in rings], CLOTH,
               ("leg", side))
        # Foot: heel to toe tip, the sole flat on y = 0.
        foot = [side + "Foot", side + "ToeBase"]
        secs = [(HEEL_Z, 0.035, 0.07), (-0.03, 0.042, 0.10), (0.02, 0.046, 0.115), (0.07, 0.048, 0.085),
                (TOE[1], 0.05, 0.055), (0.18, 0.046, 0.042), (TOE_TIP_Z, 0.036, 0.03)]
        m.loft([(block((hx, h / 2, z), X, Y, w, h / 2), chain_weights(z, foot, [(TOE[1], 0.03)]))
                for z, w, h in secs], CLOTH, ("foot", side))
        # Arm: from inside the shoulder to the wrist, along x.
        a0, a1, a2 = ARM_X
        arm = ["Spine2", side + "Shoulder", side + "Arm", side + "ForeArm", side + "Hand"]
        aw = [(0.10, 0.03), (a0 + 0.01, 0.05), (a1, 0.06), (a2, 0.03)]
        rings = [(0.12, 0.06), (0.18, 0.058), (0.26, 0.052), (0.38, 0.045), (0.46, 0.04), (0.54, 0.04),
                 (0.64, 0.034), (0.71, 0.03)]
        m.loft([(ring((x * sg, SHOULDER_Y, 0), Y, (0, 0, sg), r, r, 8), chain_weights(x, arm, aw))
                for x, r in rings], SKIN, ("arm", side))
        # Hand: palm down, fingers together, thumb forward.
        hand = [side + "ForeArm", side + "Hand", side + "HandIndex1", side + "HandIndex2"]
        hw = [(a2, 0.01), (0.81, 0.015), (0.85, 0.015)]
        secs = [(0.705, 0.034, 0.02), (0.76, 0.046, 0.026), (0.81, 0.045, 0.02), (0.85, 0.042, 0.015),
                (0.89, 0.035, 0.01)]
        m.loft([(block((x * sg, SHOULDER_Y - 0.004, 0), (0, 0, -sg), Y, w, h), chain_weights(x, hand, hw))
                for x, w, h in secs], SKIN, ("hand", side))
        thumb = [(0.735, 0.03, 0.013), (0.755, 0.055, 0.012), (0.77, 0.08, 0.01)]
        d = (0.035 * sg, 0.0, 0.05)
        n = math.sqrt(sum(c * c for c in d))
        d = tuple(c / n for c in d)
        m.loft([(ring((x * sg, 1.44, z), Y, cross(d, Y), r, r, 6),
                 {side + "HandThumb1": 1.0} if k else {side + "Hand": 0.5, side + "HandThumb1": 0.5})
                for k, (x, z, r) in enumerate(thumb)], SKIN, ("hand", side))
    m.verts = [body.place(v, kind) for v, kind in zip(m.verts, m.kind)]
    # Every part is closed and faces outwards (the head's poles belong to
    # its rings' part).
    ends = m.parts[1:] + [len(m.faces)]
    for a, b in zip(m.parts, ends):
        vol = m.signed_volume(m.faces[a:b])
        assert vol > 0.0, "mesh part from face %d faces inwards (%g)" % (a, vol)
    return m
