# Builds the test characters (tests/data/characters/NAME/NAME.glb and
# NAME.json) with Blender 3.4, headless:
#
#   blender -b --factory-startup --python-exit-code 1 \
#       --python tools/test_characters/build_test_characters.py -- [--out DIR]
#
# (tools/test_characters/regenerate.sh runs exactly this.) Characters as
# people bring them: laid out like a Mixamo character after Blender's FBX
# import (armature object rotated +90 degrees about X and scaled 0.01, bones
# in centimetres, `mixamorig:` names, rooted at the hips) and exported with
# Blender's glTF exporter. Each file is read back and checked (tc_glb.py);
# the character file's offsets are measured on the exported file. Any failed
# check exits non-zero. Two runs give byte-identical files.
import argparse
import json
import math
import os
import sys
import time

import bpy
from mathutils import Matrix, Vector

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "squire"))
sys.path.insert(0, os.path.join(HERE, "..", "assets"))
sys.dont_write_bytecode = True     # keep tools/ free of __pycache__

from blender_scene import reset_scene  # noqa: E402
import tc_glb  # noqa: E402
import tc_motion  # noqa: E402
import tc_rig  # noqa: E402
from tc_rig import PREFIX, SIDES  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
T0 = time.time()


class Character:
    """scale: the armature object's; clips: the .glb's animations; roles:
    the character file's clip map (default: each clip under its own name);
    body: its tc_rig.Body; rigid: the mesh parts (head, hand, foot) cut off
    the skinned body as objects parented to their bones; controls: the
    control bones (tc_rig.control_bones) beside the Mixamo skeleton."""

    def __init__(self, scale=0.01, clips=(), roles=None, body=tc_rig.REFERENCE, rigid=(), controls=False):
        self.scale, self.clips, self.body, self.rigid, self.controls = scale, clips, body, rigid, controls
        self.roles = {c: c for c in clips} if roles is None else roles


MOVES = ("idle", "walk", "run")
CHARACTERS = {
    "mixamo_tpose": Character(),
    "mixamo_inplace": Character(clips=MOVES),
    "mixamo_x100": Character(scale=100.0, clips=MOVES),
    "long_legs": Character(body=tc_rig.Body(leg=1.15, arm=0.81)),
    "child": Character(body=tc_rig.sized(1.10, head_share=0.20, hips_share=0.45)),
    "giant": Character(body=tc_rig.Body(scale=2.20 / tc_rig.HEAD_TOP_Y, shoulders=1.08)),
    "rigid_parts": Character(rigid=("head", "hand", "foot")),
    "control_bones": Character(controls=True),
    "mixamo_one_pose": Character(clips=("pose",), roles={m: "pose" for m in MOVES}),
}
# Rigid parts: kind -> the bone (no prefix, side first) the part's object hangs on.
RIGID_BONE = {"head": "Head", "hand": "Hand", "foot": "Foot"}
COLOURS = (("skin", (0.80, 0.58, 0.45, 1.0)), ("cloth", (0.18, 0.28, 0.55, 1.0)))


def log(*args):
    print("[test_characters %5.1fs]" % (time.time() - T0), *args, flush=True)


def fail(msg):
    raise SystemExit("[test_characters] FAILED: " + msg)


def build_armature(scene, scale, body, controls):
    """The armature as Blender's FBX importer leaves a Mixamo file: object
    `Armature` rotated +90 degrees about X, uniform scale `scale`, bones in
    metres / scale in its own (y up, z forward) space. With `controls`, the
    non-deform control bones come first (their root is the first root)."""
    data = bpy.data.armatures.new("Armature")
    obj = bpy.data.objects.new("Armature", data)
    scene.collection.objects.link(obj)
    obj.rotation_mode = "XYZ"
    obj.rotation_euler = (math.pi / 2.0, 0.0, 0.0)
    obj.scale = (scale, scale, scale)
    bpy.context.view_layer.objects.active = obj
    obj.select_set(True)
    bpy.ops.object.mode_set(mode="EDIT")
    ebs = data.edit_bones
    bones = [(name, parent, head, tail, False) for name, parent, head, tail in
             (tc_rig.control_bones(body) if controls else [])]
    bones += [(PREFIX + name, parent and PREFIX + parent, head, tail, True)
              for name, parent, head, tail in tc_rig.skeleton(body)]
    for name, parent, head, tail, deform in bones:
        eb = ebs.new(name)
        eb.head = [c / scale for c in head]
        eb.tail = [c / scale for c in tail]
        eb.align_roll(tc_rig.roll_hint(head, tail))
        eb.use_connect = False
        eb.use_deform = deform
        if parent is not None:
            eb.parent = ebs[parent]
    bpy.ops.object.mode_set(mode="OBJECT")
    if len(data.bones) != len(bones):
        fail("Blender dropped bones: %d of %d" % (len(data.bones), len(bones)))
    for pb in obj.pose.bones:
        pb.rotation_mode = "QUATERNION"
    bpy.context.view_layer.update()
    return obj


def materials():
    mats = []
    for name, rgba in COLOURS:
        mat = bpy.data.materials.new(name)
        mat.use_nodes = True
        mat.use_backface_culling = True          # exported as doubleSided: false
        mat.diffuse_color = rgba
        bsdf = mat.node_tree.nodes["Principled BSDF"]
        bsdf.inputs["Base Color"].default_value = rgba
        bsdf.inputs["Metallic"].default_value = 0.0
        bsdf.inputs["Roughness"].default_value = 0.8
        mats.append(mat)
    return mats


def mesh_object(scene, name, m, verts, mats):
    """A mesh object of tc_rig mesh m with the given vertex coordinates."""
    me = bpy.data.meshes.new(name)
    me.from_pydata(verts, [], m.faces)
    me.update()
    for poly in me.polygons:
        poly.use_smooth = True
    for mat in mats:
        me.materials.append(mat)
    me.polygons.foreach_set("material_index", m.material)
    me.update()
    obj = bpy.data.objects.new(name, me)
    scene.collection.objects.link(obj)
    return obj


def rigid_parts(rigid):
    """(object name, bone without prefix, (kind, side)) of each rigid part."""
    out = []
    for kind in rigid:
        for side in ((None,) if kind == "head" else SIDES):
            bone = (side or "") + RIGID_BONE[kind]
            out.append((bone + "Mesh", bone, (kind, side)))
    return out


def build_mesh(scene, arm, scale, body, rigid):
    """One skinned mesh object parented to the armature (no transform of its
    own, vertices in armature units), with an Armature modifier. Each rigid
    part is a mesh object of its own parented to its bone (parent_type
    BONE): its origin at the bone's head, its axes the scene's, metres; no
    modifier, no vertex groups. Returns the tc_rig mesh and {object name:
    (bone, design minimum, design maximum)} of the rigid parts."""
    m = tc_rig.build_mesh(body)
    mats = materials()
    skinned = m if not rigid else m.subset(lambda owner: owner[0] not in rigid)
    obj = mesh_object(scene, "Body", skinned, [tuple(c / scale for c in v) for v in skinned.verts], mats)
    obj.parent = arm
    groups = {}
    for name, _, _, _ in tc_rig.skeleton(body):
        groups[name] = obj.vertex_groups.new(name=PREFIX + name)
    for i, w in enumerate(skinned.weights):
        for bone, x in sorted(w.items()):
            groups[bone].add([i], x, "REPLACE")
    mod = obj.modifiers.new("Armature", "ARMATURE")
    mod.object = arm
    bpy.context.view_layer.update()
    placed = {}
    for name, bone, owner in rigid_parts(rigid):
        part = m.subset(lambda o: o == owner)
        placed[name] = (bone, [min(c) for c in zip(*part.verts)], [max(c) for c in zip(*part.verts)])
        at = arm.matrix_world @ arm.data.bones[PREFIX + bone].head_local
        verts = [tuple(arm.matrix_world @ Vector([c / scale for c in v]) - at) for v in part.verts]
        obj = mesh_object(scene, name, part, verts, mats)
        obj.parent = arm
        obj.parent_type = "BONE"
        obj.parent_bone = PREFIX + bone
        bpy.context.view_layer.update()
        obj.matrix_world = Matrix.Translation(at)
        bpy.context.view_layer.update()
        err = max(abs(a - b) for ra, rb in zip(obj.matrix_world, Matrix.Translation(at)) for a, b in zip(ra, rb))
        if err > 1e-5:
            fail("%s: placed %g off its bone" % (name, err))
    return m, placed


def key_clip(arm, rest, name, frames):
    """One action: rotation keys for every bone and location keys for the
    hips, on every frame, LINEAR; pushed onto its own NLA track."""
    action = bpy.data.actions.new(name)
    action.use_fake_user = True
    action.id_root = "OBJECT"
    action.use_frame_range = True
    action.frame_start = 0
    action.frame_end = len(frames) - 1
    for b in rest.order:
        locs = [fr[b][0] for fr in frames]
        rots = [fr[b][1] for fr in frames]
        for k in range(1, len(rots)):
            if rots[k - 1].dot(rots[k]) < 0:
                rots[k] = -rots[k]
        if b != "Hips":
            worst = max(v.length for v in locs) * rest.obj_scale
            if worst > 1e-5:
                fail("%s: bone %s would need a translation of %g m" % (name, b, worst))
        channels = [("rotation_quaternion", rots, 4)] + ([("location", locs, 3)] if b == "Hips" else [])
        for prop, vals, dim in channels:
            for i in range(dim):
                fc = action.fcurves.new('pose.bones["%s"].%s' % (PREFIX + b, prop), index=i,
                                        action_group=PREFIX + b)
                fc.keyframe_points.add(len(vals))
                fc.keyframe_points.foreach_set("co", [c for f, v in enumerate(vals) for c in (float(f), v[i])])
                fc.keyframe_points.foreach_set("interpolation", [1] * len(vals))   # LINEAR
                fc.update()
    track = arm.animation_data.nla_tracks.new()
    track.name = name
    track.strips.new(name, 0, action).name = name


def build_clips(arm, rest, clips):
    if not clips:
        return
    arm.animation_data_create()
    for name in clips:
        n, fn, _ = tc_motion.CLIPS[name]
        frames = []
        for f in range(n + 1):
            if fn is None:
                frames.append(tc_motion.hold(rest))
                continue
            solved = tc_motion.solve(rest, fn(rest, f))
            if solved.short:
                fail("%s frame %d: %s out of reach" % (name, f, ", ".join(solved.short)))
            frames.append(tc_motion.channels(rest, solved))
        key_clip(arm, rest, name, frames)
    arm.animation_data.action = None
    for pb in arm.pose.bones:
        pb.location = (0, 0, 0)
        pb.rotation_quaternion = (1, 0, 0, 0)


def export(path):
    """Blender's glTF exporter, every option that could change the file set."""
    bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", use_selection=False, use_visible=False, use_renderable=False,
        use_active_collection=False, export_yup=True, export_apply=False, export_texcoords=False,
        export_normals=True, export_tangents=False, export_materials="EXPORT", export_colors=False,
        export_attributes=False, export_cameras=False, export_lights=False, export_extras=False,
        export_skins=True, export_all_influences=False, export_def_bones=False, export_morph=False,
        export_animations=True, export_frame_range=False, export_frame_step=1,
        export_force_sampling=True, export_nla_strips=True, export_optimize_animation_size=False,
        export_anim_single_armature=True, export_reset_pose_bones=True, export_current_frame=False)


def character_file(name, roles, offsets):
    def both(key):
        return {side.lower(): [round(c, 5) + 0.0 for c in offsets[side][key]] for side in SIDES}
    doc = {
        "name": name,
        "model": name + ".glb",
        "clips": dict(roles),
        "pelvis": PREFIX + "Hips",
        "legs": {side.lower(): {"upper": PREFIX + side + "UpLeg", "mid": PREFIX + side + "Leg",
                                "end": PREFIX + side + "Foot", "tip": PREFIX + side + "ToeBase"}
                 for side in SIDES},
        "arms": {side.lower(): {"upper": PREFIX + side + "Arm", "mid": PREFIX + side + "ForeArm",
                                "end": PREFIX + side + "Hand"} for side in SIDES},
        "sole_offset_m": both("sole"),
        "ball_offset_m": both("ball"),
        "heel_offset_m": both("heel"),
        "grip_offset_m": both("grip"),
    }
    return json.dumps(doc, indent=2) + "\n"


def clip_specs(clips):
    out = {}
    for c in clips:
        n, fn, gait = tc_motion.CLIPS[c]
        out[c] = {"frames": n, "gait": None if gait is None else (gait.n, gait.stance, gait.v * tc_motion.FPS),
                  "still": fn is None}
    return out


def build(name, ch, out):
    scale, clips = ch.scale, ch.clips
    reset_scene({"fps": tc_motion.FPS,
                 "clips": [{"frames": tc_motion.CLIPS[c][0]} for c in clips] or [{"frames": 1}]})
    scene = bpy.context.scene
    arm = build_armature(scene, scale, ch.body, ch.controls)
    rest = tc_motion.Rest(arm)
    mesh, rigid = build_mesh(scene, arm, scale, ch.body, ch.rigid)
    log("%s: %d joints, %d triangles, armature scale %g" % (name, len(arm.data.bones), mesh.triangle_count(), scale))
    build_clips(arm, rest, clips)
    folder = os.path.join(out, name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".glb")
    export(path)
    log("%s: exported %s (%d bytes)" % (name, path, os.path.getsize(path)))
    try:
        report = tc_glb.check(path, scale, clip_specs(clips), ch.body, rigid,
                              [b[0] for b in tc_rig.control_bones(ch.body)] if ch.controls else [])
    except tc_glb.CheckFailed as e:
        fail("%s: %s" % (name, e))
    for k, v in report.items():
        if k != "offsets":
            log("%s: %s: %s" % (name, k, json.dumps(v, sort_keys=True)))
    for side in SIDES:
        for key in ("sole", "ball", "heel", "grip"):
            log("%s: %s_offset_m %-5s %s" % (name, key, side.lower(),
                                            "[%s]" % ", ".join("%.5f" % (round(c, 5) + 0.0) for c in report["offsets"][side][key])))
    with open(os.path.join(folder, name + ".json"), "w") as f:
        f.write(character_file(name, ch.roles, report["offsets"]))


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(REPO, "tests", "data", "characters"))
    ap.add_argument("--only", nargs="*", default=sorted(CHARACTERS))
    args = ap.parse_args(argv)
    for name in args.only:
        build(name, CHARACTERS[name], args.out)
    log("all checks passed")


if __name__ == "__main__":
    main()
