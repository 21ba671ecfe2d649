# Builds the knight .glb files with Blender 3.4, headless:
#
#   blender -b --factory-startup --python-exit-code 1 \
#       --python tools/knight/build_knights.py -- [--out DIR] [--only NAME...]
#
# (tools/knight/regenerate.sh runs exactly this.) One rig, one set of clips,
# one variant per entry of knight_spec.json "variants". Everything is
# generated from code and the spec: running it twice gives identical bytes.
import argparse
import json
import math
import os
import struct
import sys
import tempfile

import bpy
from mathutils import Matrix, Quaternion, Vector

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "assets"))
sys.dont_write_bytecode = True     # keep tools/knight free of __pycache__

from blender_scene import reset_scene  # noqa: E402
import knight_clips  # noqa: E402
import knight_fight_clips  # noqa: E402
import knight_mesh  # noqa: E402
import knight_rig  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
SPEC_PATH = os.path.join(HERE, "knight_spec.json")
# Every clip function by name: locomotion and ladders, then the fight clips.
CLIPS = {**knight_clips.CLIPS, **knight_fight_clips.CLIPS}
# Clips whose planted feet stand flat on the ground (sole point on z = 0).
FLAT_GROUND = ("idle", "walk", "run", "jump_up", "land", "turn") + tuple(knight_fight_clips.CLIPS)


def log(*args):
    print("[knight]", *args, flush=True)


def fail(msg):
    raise RuntimeError(msg)


def blender_to_gltf(v):
    """Blender (X fwd, Y left, Z up) -> glTF (X fwd, Y up, Z right)."""
    return [round(v.x, 6) + 0.0, round(v.z, 6) + 0.0, round(-v.y, 6) + 0.0]


# ---------------------------------------------------------------------------



def build_armature(scene):
    data = bpy.data.armatures.new("knight_armature")
    obj = bpy.data.objects.new("knight", data)
    scene.collection.objects.link(obj)
    bpy.context.view_layer.objects.active = obj
    obj.select_set(True)
    bpy.ops.object.mode_set(mode="EDIT")
    ebones = {}
    for name, parent, head, tail in knight_rig.bone_table():
        eb = data.edit_bones.new(name)
        eb.head = head
        eb.tail = tail
        eb.roll = 0.0
        eb.use_deform = True
        eb.use_connect = False
        if parent is not None:
            eb.parent = ebones[parent]
        ebones[name] = eb
    bpy.ops.object.mode_set(mode="OBJECT")
    for pb in obj.pose.bones:
        pb.rotation_mode = "QUATERNION"
    return obj


def build_material(variant, tmpdir):
    img_px = knight_mesh.make_atlas(variant["field"], variant["charge"], variant["pattern"])
    png = knight_mesh.png_bytes(img_px)
    name = "knight_%s_atlas" % variant["name"]
    path = os.path.join(tmpdir, name + ".png")
    with open(path, "wb") as f:
        f.write(png)
    image = bpy.data.images.load(path)
    image.name = name
    image.pack()
    image.filepath_raw = "//" + name + ".png"
    mat = bpy.data.materials.new("knight_%s" % variant["name"])
    mat.use_nodes = True
    mat.use_backface_culling = True      # exported as doubleSided: false
    nt = mat.node_tree
    bsdf = nt.nodes["Principled BSDF"]
    bsdf.inputs["Metallic"].default_value = 0.0
    bsdf.inputs["Roughness"].default_value = 0.6
    bsdf.inputs["Specular"].default_value = 0.5
    tex = nt.nodes.new("ShaderNodeTexImage")
    tex.image = image
    tex.interpolation = "Linear"
    nt.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    return mat, png


def build_mesh(scene, arm_obj, rig_heads, rig_tails, mat):
    mb = knight_mesh.build_knight(rig_heads, rig_tails)
    me = bpy.data.meshes.new("knight_mesh")
    me.from_pydata([tuple(v) for v in mb.verts], [], [list(f) for f in mb.faces])
    me.update()
    uv = me.uv_layers.new(name="UVMap")
    for poly, fuv in zip(me.polygons, mb.face_uvs):
        assert poly.loop_total == len(fuv)
        for k in range(poly.loop_total):
            uv.data[poly.loop_start + k].uv = fuv[k]
    for poly, smooth in zip(me.polygons, mb.face_smooth):
        poly.use_smooth = smooth
    me.use_auto_smooth = True
    me.auto_smooth_angle = math.radians(40)
    me.materials.append(mat)
    obj = bpy.data.objects.new("knight_mesh", me)
    scene.collection.objects.link(obj)
    # Not parented to the armature: the skinned mesh node is a scene root
    # (glTF: parent transforms do not affect a skinned mesh anyway).
    groups = {}
    for name in [b[0] for b in knight_rig.BONES]:
        groups[name] = obj.vertex_groups.new(name=name)
    for i, w in enumerate(mb.weights):
        total = sum(w.values())
        items = sorted(w.items(), key=lambda kv: (-kv[1], kv[0]))
        if len(items) > 4:
            fail("vertex %d has %d influences" % (i, len(items)))
        for bone, wt in items:
            groups[bone].add([i], wt / total, "REPLACE")
    mod = obj.modifiers.new("Armature", "ARMATURE")
    mod.object = arm_obj
    return obj, mb


def contact_points_rest(rig):
    """Points the IK and the metrics track, bind pose, armature space."""
    pts = {}
    for s in "lr":
        pts["sole_" + s] = ("foot_" + s, rig.sole[s])
        pts["ball_" + s] = ("foot_" + s, rig.ball[s])
        pts["grip_" + s] = ("hand_" + s, rig.fist[s])
    return pts


def point_posed(rig, solved, bone, p_rest):
    return solved.head[bone] + solved.q[bone] @ (p_rest - rig.head[bone])


def check_contacts(rig, spec, clip, poses):
    """Every planted/gripping frame: IK reached, and the contact point moves
    exactly as the clip promises (static in the world, or at the clip speed
    for in-place locomotion and climbing)."""
    name = clip["name"]
    fps = spec["fps"]
    speed = clip.get("speed_mps", 0.0)
    expected_v = {
        "walk": Vector((-speed, 0, 0)), "run": Vector((-speed, 0, 0)),
        "climb_up": Vector((0, 0, -speed)), "climb_down": Vector((0, 0, speed)),
    }.get(name, Vector((0, 0, 0)))
    worst = 0.0
    for limb, ranges in clip["contacts"].items():
        side = limb[-1]
        bone = limb[:-2] + "_" + side
        for a, b in ranges:
            for f in range(a, b + 1):
                solved = poses[f]
                if bone in solved.unreached:
                    fail("%s frame %d: %s contact not reached" % (name, f, limb))
            if limb.startswith("hand"):
                cands = [rig.fist[side]]
            else:
                cands = [rig.sole[side], rig.ball[side]]
            ok = False
            best = 1e9
            for p_rest in cands:
                p0 = point_posed(rig, poses[a], bone, p_rest)
                err = 0.0
                for f in range(a, b + 1):
                    pf = point_posed(rig, poses[f], bone, p_rest)
                    want = p0 + expected_v * ((f - a) / fps)
                    err = max(err, (pf - want).length)
                best = min(best, err)
                if err < 2e-3:
                    ok = True
            worst = max(worst, best)
            if not ok:
                fail("%s %s [%d,%d]: contact point drifts by %.4f m" % (name, limb, a, b, best))
    # Feet on flat ground (not ladder clips): the sole point is on z = 0.
    if name in FLAT_GROUND:
        for limb in ("foot_l", "foot_r"):
            side = limb[-1]
            for a, b in clip["contacts"][limb]:
                for f in range(a, b + 1):
                    z = point_posed(rig, poses[f], limb, rig.sole[side]).z
                    if abs(z) > 1e-3:
                        fail("%s frame %d: %s sole at z=%.4f" % (name, f, limb, z))
    return worst


def check_fight(name, poses):
    """Combat clips: the root stays at the origin (no root motion), every
    IK target is reached (the sword grip and the shield where authored) and
    the blade's tip stays above the ground."""
    for f, solved in enumerate(poses):
        if solved.head["root"].length > 1e-6:
            fail("%s frame %d: the root moved" % (name, f))
        if solved.unreached:
            fail("%s frame %d: %s out of reach" % (name, f, ", ".join(solved.unreached)))
        tip = knight_fight_clips.blade_tip(solved)
        if tip.z < 0.0:
            fail("%s frame %d: blade tip %.3f m below the ground" % (name, f, -tip.z))


def build_actions(arm_obj, rig, spec):
    ctx = knight_clips.Ctx(rig, spec)
    fps = spec["fps"]
    arm_obj.animation_data_create()
    report = {}
    for clip in spec["clips"]:
        name = clip["name"]
        n = clip["frames"]
        fn = CLIPS[name]
        poses = [knight_rig.solve(rig, fn(ctx, f)) for f in range(n + 1)]
        if clip["loop"]:
            # Seamless: the last key repeats the first pose.
            m0 = knight_rig.pose_matrices(rig, poses[0])
            m1 = knight_rig.pose_matrices(rig, poses[n])
            for b in rig.names:
                d = max(abs(m0[b][i][j] - m1[b][i][j]) for i in range(3) for j in range(4))
                if d > 1e-5:
                    fail("%s: loop not seamless at bone %s (%g)" % (name, b, d))
        report[name] = check_contacts(rig, spec, clip, poses)
        if name in knight_fight_clips.CLIPS:
            check_fight(name, poses)
        action = bpy.data.actions.new(name)
        action.use_fake_user = True
        action.id_root = "OBJECT"
        action.use_frame_range = True
        action.frame_start = 0
        action.frame_end = n
        # Extras (exported as the glTF animation's extras).
        contacts = {}
        for limb in ("foot_l", "foot_r", "hand_l", "hand_r"):
            contacts[limb] = [[a / fps, b / fps] for a, b in clip["contacts"].get(limb, [])]
        action["contacts"] = contacts
        action["loop"] = 1 if clip["loop"] else 0
        action["frames"] = n
        action["fps"] = fps
        action["duration_s"] = n / fps
        if "speed_mps" in clip:
            action["speed_mps"] = clip["speed_mps"]
        if "swing_s" in clip:
            action["swing_s"] = clip["swing_s"]
        if name.startswith("climb"):
            action["rung_spacing_m"] = spec["ladder"]["rung_spacing_m"]
            action["climb_m_per_cycle"] = spec["ladder"]["rise_per_cycle_m"]
        if name.startswith("ladder") or name.startswith("climb"):
            action["rung_x_m"] = spec["ladder"]["rung_x_m"]
        if name == "ladder_exit_top":
            end = poses[n].head["root"]
            action["root_motion_m"] = blender_to_gltf(end)
        if name == "turn":
            action["root_yaw_deg"] = -180.0
        # Keys: rotation for every bone, location for root, pelvis, sword and shield.
        values = {}
        for bname in rig.names:
            path_r = 'pose.bones["%s"].rotation_quaternion' % bname
            path_l = 'pose.bones["%s"].location' % bname
            values[(path_r, bname)] = []
            values[(path_l, bname)] = []
        prev_q = {}
        for f, solved in enumerate(poses):
            mats = knight_rig.pose_matrices(rig, solved)
            basis = knight_rig.basis_matrices(rig, mats)
            for bname in rig.names:
                loc, rot, _ = basis[bname].decompose()
                rot.normalize()
                if bname in prev_q and prev_q[bname].dot(rot) < 0:
                    rot.negate()
                prev_q[bname] = rot
                values[('pose.bones["%s"].rotation_quaternion' % bname, bname)].append(tuple(rot))
                values[('pose.bones["%s"].location' % bname, bname)].append(tuple(loc))
        for (path, bname), vals in values.items():
            is_loc = path.endswith("location")
            if is_loc and bname not in ("root", "pelvis", "sword", "shield"):
                # Other bones only rotate: their basis translation is zero
                # (the sword and shield move off the hand and forearm when
                # they are stowed on the back for climbing).
                worst = max(max(abs(c) for c in v) for v in vals)
                if worst > 1e-4:
                    fail("%s: bone %s would need translation %g" % (name, bname, worst))
                continue
            dim = 3 if is_loc else 4
            for k in range(dim):
                fc = action.fcurves.new(path, index=k, action_group=bname)
                fc.keyframe_points.add(len(vals))
                co = []
                for f, v in enumerate(vals):
                    co.extend((float(f), v[k]))
                fc.keyframe_points.foreach_set("co", co)
                fc.keyframe_points.foreach_set("interpolation", [1] * len(vals))  # LINEAR
                fc.update()
        track = arm_obj.animation_data.nla_tracks.new()
        track.name = name
        strip = track.strips.new(name, 0, action)
        strip.name = name
    arm_obj.animation_data.action = None
    return report


def fix_glb_json(path):
    """Blender 3.4 stores booleans in custom properties as integers; turn the
    animation extras' "loop" back into a JSON boolean. Rewrites the JSON
    chunk only (same key order, compact separators like Blender's)."""
    with open(path, "rb") as f:
        data = f.read()
    magic, version, length = struct.unpack_from("<III", data, 0)
    assert magic == 0x46546C67 and version == 2
    clen, ctype = struct.unpack_from("<II", data, 12)
    assert ctype == 0x4E4F534A
    doc = json.loads(data[20:20 + clen].decode("utf-8"))
    rest = data[20 + clen:]
    for anim in doc.get("animations", []):
        ex = anim.get("extras", {})
        if "loop" in ex:
            ex["loop"] = bool(ex["loop"])
    add_joint_local_offsets(doc)
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    text += b" " * ((4 - len(text) % 4) % 4)
    out = struct.pack("<III", 0x46546C67, 2, 12 + 8 + len(text) + len(rest))
    out += struct.pack("<II", len(text), 0x4E4F534A) + text + rest
    with open(path, "wb") as f:
        f.write(out)
    return doc


def add_joint_local_offsets(doc):
    """Scene extras: each contact point also in its joint's own space (the
    joint's bind-pose global frame, from the exported node TRS), which is how
    the game's character description stores sole and grip offsets."""
    nodes = doc["nodes"]
    parent = {}
    for i, node in enumerate(nodes):
        for c in node.get("children", []):
            parent[c] = i

    def local(i):
        n = nodes[i]
        t = Vector(n.get("translation", [0, 0, 0]))
        x, y, z, w = n.get("rotation", [0, 0, 0, 1])
        s = n.get("scale", [1, 1, 1])
        m = Quaternion((w, x, y, z)).to_matrix().to_4x4()
        m = m @ Matrix.Diagonal((s[0], s[1], s[2], 1.0))
        m.translation = t
        return m

    def global_(i):
        m = local(i)
        while i in parent:
            i = parent[i]
            m = local(i) @ m
        return m

    index = {n.get("name"): i for i, n in enumerate(nodes)}
    knight = doc["scenes"][0]["extras"]["knight"]
    out = {}
    for key, entry in sorted(knight["contact_points_bind"].items()):
        g = global_(index[entry["joint"]])
        p = g.inverted() @ Vector(entry["position"])
        out[key] = {"joint": entry["joint"], "offset": [round(c, 5) + 0.0 for c in p]}
    knight["contact_points_joint_local"] = out


def export(path):
    bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", use_selection=False, export_yup=True,
        export_apply=False, export_texcoords=True, export_normals=True, export_tangents=False,
        export_materials="EXPORT", export_image_format="AUTO", export_colors=False,
        export_attributes=False, export_cameras=False, export_lights=False, export_extras=True,
        export_skins=True, export_all_influences=False, export_def_bones=False,
        export_morph=False, export_animations=True, export_frame_range=False,
        export_frame_step=1, export_force_sampling=True, export_nla_strips=True,
        export_optimize_animation_size=True, export_anim_single_armature=True,
        export_reset_pose_bones=True, export_current_frame=False)


def build_variant(spec, variant, out_dir, tmpdir):
    scene = reset_scene(spec)
    arm = build_armature(scene)
    rig = knight_rig.Rig(arm.data)
    mat, _ = build_material(variant, tmpdir)
    _, mb = build_mesh(scene, arm, rig.head, rig.tail, mat)
    report = build_actions(arm, rig, spec)
    pts = contact_points_rest(rig)
    scene["knight"] = {
        "spec": "tools/knight/knight_spec.json",
        "variant": variant["name"],
        "units": "metres, +Y up, faces +X, right = +Z, left = -Z",
        "helmet_top_m": spec["helmet_top_m"],
        # Bind-pose model-space contact points and their joints; the posed
        # point is skin(joint) * point (skin = global * inverse bind).
        "contact_points_bind": {k: {"joint": j, "position": blender_to_gltf(p)}
                                for k, (j, p) in sorted(pts.items())},
        "sole_offset_m": blender_to_gltf(rig.sole["l"] - rig.head["foot_l"]),
        "ladder": spec["ladder"],
        "triangles": mb.triangle_count(),
    }
    path = os.path.join(out_dir, variant["file"])
    export(path)
    fix_glb_json(path)
    log("%s: %d triangles, %d vertices before split, max contact drift %.2e m" %
        (variant["file"], mb.triangle_count(), len(mb.verts), max(report.values())))


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(REPO, "assets", "knights"))
    ap.add_argument("--only", nargs="*", default=None)
    args = ap.parse_args(argv)
    with open(SPEC_PATH) as f:
        spec = json.load(f)
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmpdir:
        for variant in spec["variants"]:
            if args.only and variant["name"] not in args.only:
                continue
            build_variant(spec, variant, args.out, tmpdir)


if __name__ == "__main__":
    main()
