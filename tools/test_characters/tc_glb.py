# Reads an exported test character back (numpy only, with the squire's glTF
# reader) and checks it the way a game loader would see it: the Mixamo
# layout (armature node scale, `mixamorig:` names, the hips as the only root
# joint), the skin and the bind pose on the ground, the clips (keys, loops,
# in place, planted feet sliding back at the clip's speed). It measures the
# character file's offsets on the exported joints: the vector from the
# joint to the point in scene metres, turned into the joint's frame without
# its scale. It measures the body (height, head, hip height, leg and arm
# lengths) against its tc_rig.Body, and finds rigid parts (mesh nodes under
# joints, no skin) and control bones (a second root joint) where a character
# has them. check(...) returns a report or raises CheckFailed.
import numpy as np

from squire_glb import CheckFailed, Glb, Poser, find_extras, need, rest_world
from tc_rig import (GRIP_ALONG_M, GRIP_PALM_M, HEEL_Z, PREFIX, REFERENCE, SIDES, contact_points)

FPS = 30


def unscaled(m):
    """Rotation of a world matrix without its (uniform) scale: the nearest
    rotation (the file's float32 quaternions leave the product of a chain
    some 1e-7 off orthonormal)."""
    u, _, vt = np.linalg.svd(m[:3, :3])
    return u @ vt


def to_joint(m, p):
    """Offset of the scene point p (metres) in the joint frame of world matrix m, no scale."""
    return unscaled(m).T @ (np.asarray(p, float) - m[:3, 3])


def from_joint(m, off):
    return m[:3, 3] + unscaled(m) @ np.asarray(off, float)


def check_layout(glb, scale, controls, report):
    """controls: the control joints (no prefix) beside the Mixamo skeleton,
    controls[0] their root; [] for none."""
    doc = glb.doc
    need(not find_extras(doc), "extras found: %s" % find_extras(doc)[:5])
    need(not doc.get("cameras") and "KHR_lights_punctual" not in doc.get("extensionsUsed", []),
         "cameras or lights exported")
    need(len(doc.get("skins", [])) == 1, "one skin")
    joints = doc["skins"][0]["joints"]
    names = [glb.nodes[j]["name"] for j in joints]
    need(sorted(n for n in names if not n.startswith(PREFIX)) == sorted(controls),
         "joint names without the %s prefix: %s, want %s" %
         (PREFIX, [n for n in names if not n.startswith(PREFIX)], controls))
    roots = [glb.nodes[j]["name"] for j in joints if glb.parent.get(j) not in joints]
    need(sorted(roots) == sorted([PREFIX + "Hips"] + controls[:1]), "root joints %s" % roots)
    hips = glb.index[PREFIX + "Hips"]
    arm = glb.parent.get(hips)
    need(arm is not None, "the hips have no armature node above them")
    need(arm not in glb.parent, "the armature node is not a scene root")
    if controls:
        need(controls[0] < PREFIX + "Hips", "%s does not sort before %sHips" % (controls[0], PREFIX))
        ctrl = glb.index[controls[0]]
        need(glb.parent.get(ctrl) == arm, "%s is not a child of the armature node" % controls[0])
        under = {glb.nodes[j]["name"] for j in joints if glb.parent.get(j) == ctrl}
        need(under == set(controls[1:]), "under %s: %s" % (controls[0], sorted(under)))
        report["root_joints"] = roots
    s = glb.nodes[arm].get("scale", [1.0, 1.0, 1.0])
    need(np.max(np.abs(np.array(s) / scale - 1.0)) < 1e-5, "armature node scale %s, want %g" % (s, scale))
    report["armature_node"] = {k: glb.nodes[arm][k] for k in ("name", "rotation", "scale") if k in glb.nodes[arm]}
    report["joints"] = len(joints)
    return joints


def check_bind(glb, joints, body, rigid, report):
    """Bind pose as the game skins it: sum of w * joint world * inverse bind
    for the one skinned mesh, the node's world matrix for the rigid parts
    (rigid: {node name: (bone without prefix, design min, design max)})."""
    skin = glb.doc["skins"][0]
    ibm = glb.accessor(skin["inverseBindMatrices"]).reshape(-1, 4, 4).transpose(0, 2, 1)
    pal = np.array([rest_world(glb, j) @ ibm[i] for i, j in enumerate(joints)])
    head_joint = joints.index(glb.index[PREFIX + "Head"])
    meshes = [i for i, n in enumerate(glb.nodes) if "mesh" in n]
    skinned_nodes = [i for i in meshes if "skin" in glb.nodes[i]]
    need(len(skinned_nodes) == 1, "expected one skinned mesh node, found %d" % len(skinned_nodes))
    need(sorted(glb.nodes[i]["name"] for i in meshes if i not in skinned_nodes) == sorted(rigid),
         "unskinned mesh nodes %s, want %s" %
         (sorted(glb.nodes[i]["name"] for i in meshes if i not in skinned_nodes), sorted(rigid)))
    lowest, highest, chin, verts, tris = 1e9, -1e9, 1e9, 0, 0
    for node in meshes:
        part = rigid.get(glb.nodes[node]["name"])
        if part is not None:
            bone, lo, hi = part
            need(glb.parent.get(node) == glb.index[PREFIX + bone],
                 "%s is not a child of the joint %s" % (glb.nodes[node]["name"], PREFIX + bone))
            world = rest_world(glb, node)
        where = []
        for prim in glb.doc["meshes"][glb.nodes[node]["mesh"]]["primitives"]:
            attrs = prim["attributes"]
            pos = glb.accessor(attrs["POSITION"])
            hom = np.concatenate([pos, np.ones((len(pos), 1))], axis=1)
            if part is not None:
                need("JOINTS_0" not in attrs and "WEIGHTS_0" not in attrs,
                     "the rigid part %s has skin weights" % glb.nodes[node]["name"])
                placed = hom @ world.T
                only_head = np.full(len(pos), bone == "Head")
            else:
                need("JOINTS_1" not in attrs, "more than 4 influences")
                jnt = glb.accessor(attrs["JOINTS_0"]).astype(int)
                w = glb.accessor(attrs["WEIGHTS_0"])
                need(np.max(np.abs(w.sum(axis=1) - 1.0)) < 1e-3, "weights do not sum to 1")
                need(np.all(w.max(axis=1) > 0.0), "a vertex without weights")
                placed = np.zeros((len(pos), 4))
                for k in range(4):
                    placed += w[:, k:k + 1] * np.einsum("nij,nj->ni", pal[jnt[:, k]], hom)
                only_head = np.sum(w * (jnt == head_joint), axis=1) > 0.999
            where.append(placed[:, :3])
            lowest, highest = min(lowest, placed[:, 1].min()), max(highest, placed[:, 1].max())
            if np.any(only_head):
                chin = min(chin, placed[only_head, 1].min())
            verts += len(pos)
            tris += glb.doc["accessors"][prim["indices"]]["count"] // 3
        if part is not None:
            where = np.concatenate(where)
            off = max(np.max(np.abs(where.min(axis=0) - lo)), np.max(np.abs(where.max(axis=0) - hi)))
            need(off < 1e-4, "the rigid part %s lies %.5f m off its place" % (glb.nodes[node]["name"], off))
    report["bind_lowest_y_m"] = round(float(lowest), 5) + 0.0
    report["bind_highest_y_m"] = round(float(highest), 5) + 0.0
    report["head_m"] = round(float(highest - chin), 5)
    report["vertices"], report["triangles"] = verts, tris
    need(abs(lowest) < 0.005, "the bind pose's lowest vertex is at y = %.4f m, not on the ground" % lowest)
    need(abs(highest - body.height()) < 0.02, "the bind pose is %.3f m tall, want %.3f" % (highest, body.height()))
    need(abs(highest - chin - body.head_height()) < 1e-4,
         "the head is %.4f m high, want %.4f" % (highest - chin, body.head_height()))


def check_limbs(glb, body, report):
    """Hip joint to ankle and shoulder joint to wrist along the bones, and
    the hip joints' height, against the body's design."""
    for side in SIDES:
        up, knee, ankle, arm, elbow, wrist = (joint_world(glb, side + n)[:3, 3] for n in
                                              ("UpLeg", "Leg", "Foot", "Arm", "ForeArm", "Hand"))
        leg = np.linalg.norm(knee - up) + np.linalg.norm(ankle - knee)
        reach = np.linalg.norm(elbow - arm) + np.linalg.norm(wrist - elbow)
        need(abs(leg - body.leg_length()) < 1e-4, "%s leg %.4f m, want %.4f" % (side, leg, body.leg_length()))
        need(abs(reach - body.arm_length()) < 1e-4, "%s arm %.4f m, want %.4f" % (side, reach, body.arm_length()))
        report["leg_m"], report["arm_m"], report["hip_joint_y_m"] = (round(float(v), 5) for v in (leg, reach, up[1]))
    report["shoulder_width_m"] = round(float(np.linalg.norm(joint_world(glb, "LeftArm")[:3, 3] -
                                                            joint_world(glb, "RightArm")[:3, 3])), 5)


def joint_world(glb, name):
    return rest_world(glb, glb.index[PREFIX + name])


def measure_offsets(glb, body):
    """The character file's offsets, from the exported bind pose: points in
    scene metres, then into each joint's frame (no scale)."""
    design = contact_points(body)
    s = body.scale
    out = {}
    for side in SIDES:
        foot, toe, hand = (joint_world(glb, side + n) for n in ("Foot", "ToeBase", "Hand"))
        i1, i2 = joint_world(glb, side + "HandIndex1"), joint_world(glb, side + "HandIndex2")
        along = (i2[:3, 3] - i1[:3, 3]) / np.linalg.norm(i2[:3, 3] - i1[:3, 3])
        pts = {
            "sole": foot[:3, 3] * [1, 0, 1],
            "ball": toe[:3, 3] * [1, 0, 1],
            "heel": foot[:3, 3] * [1, 0, 1] + [0.0, 0.0, HEEL_Z * s],
            "grip": hand[:3, 3] + along * GRIP_ALONG_M * s + np.array([0.0, -GRIP_PALM_M * s, 0.0]),
        }
        joint = {"sole": foot, "ball": foot, "heel": foot, "grip": hand}
        out[side] = {}
        for key, p in pts.items():
            need(np.max(np.abs(p - design[side][key])) < 1e-5,
                 "%s %s at %s in the file, %s in the rig" % (side, key, p, design[side][key]))
            off = to_joint(joint[key], p)
            need(np.max(np.abs(from_joint(joint[key], off) - p)) < 1e-9, "offset does not rebuild the point")
            out[side][key] = [float(c) for c in off]
        need(out[side]["ball"] != out[side]["sole"], "ball == sole")
    return out


def ranges(frames):
    """[0, 1, 2, 5] -> [[0, 2], [5, 5]]"""
    out = []
    for k in frames:
        if out and k == out[-1][1] + 1:
            out[-1][1] = k
        else:
            out.append([k, k])
    return out


def check_clip(glb, anim, name, spec, offsets):
    """spec: frames, and for a gait (n, stance, speed m/s); `still` for the
    bind pose held. Every frame keyed from t = 0; the loop closes; the hips
    only bob; planted feet are flat on y = 0 and slide straight back (-z) at
    the speed; a still clip's every key is the node's rest value."""
    n = spec["frames"]
    poser = Poser(glb, anim, FPS)
    need(poser.n_keys == n + 1, "%s: %s keys, want %d" % (name, poser.n_keys, n + 1))
    if spec.get("still"):
        rest = {"translation": (0, 0, 0), "rotation": (0, 0, 0, 1), "scale": (1, 1, 1)}
        for (node, path), vals in poser.tracks.items():
            r = np.array(glb.nodes[node].get(path, rest[path]))
            d = np.max(np.abs(vals - r))
            if path == "rotation":
                d = min(d, np.max(np.abs(vals + r)))
            need(d < 1e-4, "%s: %s.%s leaves the bind pose (%g)" % (name, glb.nodes[node]["name"], path, d))
    for (node, path), vals in poser.tracks.items():
        a, b = vals[0], vals[-1]
        d = min(np.max(np.abs(a - b)), np.max(np.abs(a + b))) if path == "rotation" else np.max(np.abs(a - b))
        need(d < 1e-5, "%s: the loop does not close at %s.%s (%g)" % (name, glb.nodes[node]["name"], path, d))
    hips_node = glb.index[PREFIX + "Hips"]
    hips, feet = [], {s: [] for s in SIDES}
    for k in range(n + 1):
        cache = {}
        hips.append(poser.world(hips_node, k, cache)[:3, 3])
        for s in SIDES:
            m = poser.world(glb.index[PREFIX + s + "Foot"], k, cache)
            feet[s].append([from_joint(m, offsets[s][key]) for key in ("sole", "ball", "heel")])
    hips = np.array(hips)
    rest_hips = joint_world(glb, "Hips")[:3, 3]
    travel = np.max(np.abs(hips[:, [0, 2]] - rest_hips[[0, 2]]))
    need(travel < 1e-4, "%s: the hips travel %.5f m horizontally" % (name, travel))
    out = {"hips_y_m": [round(float(hips[:, 1].min()), 4), round(float(hips[:, 1].max()), 4)]}
    if spec.get("gait") is None:
        for s in SIDES:
            p = np.array(feet[s])
            need(np.max(np.abs(p - p[0])) < 1e-4 and np.max(np.abs(p[:, :, 1])) < 1e-4,
                 "%s: the %s foot moves or leaves the ground" % (name, s))
        return out
    cycle, stance, speed = spec["gait"]
    step = np.array([0.0, 0.0, -speed / FPS])
    for s in SIDES:
        plant = 0.0 if s == "Left" else cycle / 2.0
        planted = [k for k in range(n + 1) if (k - plant) % cycle <= stance + 1e-9]
        p = np.array(feet[s])
        # Where each planted frame puts the foot at its plant: one place.
        at_plant = np.array([p[k] - step * ((k - plant) % cycle) for k in planted])
        drift = np.max(np.abs(at_plant - at_plant[0]))
        need(drift < 1e-4, "%s: the planted %s foot drifts %.5f m off its path" % (name, s, drift))
        out["drift_%s_m" % s.lower()] = float("%.2g" % drift)
        high = max(np.max(np.abs(p[k, :, 1])) for k in planted)
        need(high < 1e-4, "%s: the planted %s foot is %.5f m off the ground" % (name, s, high))
        swing = [k for k in range(n + 1) if k not in planted]
        lift = max(p[k, :, 1].min() for k in swing)
        need(0.08 < lift < 0.2, "%s: the %s foot lifts %.3f m" % (name, s, lift))
        need(min(p[k, :, 1].min() for k in swing) > -1e-4, "%s: the %s foot goes below the ground" % (name, s))
        out["planted_%s" % s.lower()] = ranges(planted)
        out["lift_%s_m" % s.lower()] = round(float(lift), 4)
    return out


def check(path, scale, clips, body=REFERENCE, rigid=None, controls=()):
    """clips: {name: {"frames": n, "gait": None or (cycle, stance, speed)}};
    body: the tc_rig.Body; rigid: {node name: (bone without prefix, design
    min, design max)} of the rigid parts; controls: the control joints,
    their root first."""
    glb = Glb(path)
    report = {}
    joints = check_layout(glb, scale, list(controls), report)
    check_bind(glb, joints, body, rigid or {}, report)
    check_limbs(glb, body, report)
    offsets = measure_offsets(glb, body)
    report["offsets"] = offsets
    anims = {a["name"]: a for a in glb.doc.get("animations", [])}
    need(sorted(anims) == sorted(clips), "animations %s, want %s" % (sorted(anims), sorted(clips)))
    for name, spec in sorted(clips.items()):
        report[name] = check_clip(glb, anims[name], name, spec, offsets)
    return report
