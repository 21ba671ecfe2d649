# Builds assets/squire/squire.glb with Blender 3.4, headless:
#
#   blender -b --factory-startup --python-exit-code 1 \
#       --python tools/squire/build_squire.py -- [--out DIR]
#
# (tools/squire/regenerate.sh runs exactly this.) Skeleton from Rigify's
# human metarig, a low-poly mesh and texture made here, twelve clips authored
# from squire_spec.json, exported with Blender's glTF exporter and then read
# back and checked (squire_glb.py). Any failed check exits non-zero. Two runs
# give byte-identical files.
import argparse
import json
import os
import sys
import tempfile
import time

import bpy

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "assets"))
sys.dont_write_bytecode = True     # keep tools/squire free of __pycache__

from blender_scene import reset_scene  # noqa: E402
import squire_clips_ground  # noqa: E402
import squire_clips_ladder  # noqa: E402
import squire_glb  # noqa: E402
import squire_mesh  # noqa: E402
import squire_pose  # noqa: E402
import squire_rig  # noqa: E402
import squire_texture  # noqa: E402
from squire_motion import Squire  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
SPEC_PATH = os.path.join(HERE, "squire_spec.json")
CLIPS = dict(squire_clips_ground.CLIPS, **squire_clips_ladder.CLIPS)
T0 = time.time()
GROUND_CLIPS = ("idle", "walk", "run", "jump_up", "fall", "land", "jump", "turn")
FEET_GAP_M = 0.11


def log(*args):
    print("[squire %5.1fs]" % (time.time() - T0), *args, flush=True)


def fail(msg):
    raise SystemExit("[squire] FAILED: " + msg)




def check_spec(spec):
    """Spec consistency the clips rely on."""
    clips = {c["name"]: c for c in spec["clips"]}
    up, down = clips["climb_up"], clips["climb_down"]
    n = up["frames"]
    for limb, ranges in up["contacts"].items():
        flipped = sorted([n - b, n - a] for a, b in ranges)
        if flipped != sorted(down["contacts"][limb]):
            fail("climb_down %s contacts are not climb_up's reversed: %s" % (limb, flipped))
    lad = spec["ladder"]
    climb = lad["rise_per_cycle_m"] * spec["fps"] / n
    if abs(climb - up["speed_mps"]) > 1e-9 or abs(climb - down["speed_mps"]) > 1e-9:
        fail("climb speed %.4f m/s does not follow from rise_per_cycle_m" % climb)
    if abs(lad["rise_per_cycle_m"] - lad["rungs_per_cycle"] * lad["rung_spacing_m"]) > 1e-9:
        fail("rise_per_cycle_m is not rungs_per_cycle rung spacings")
    # jump = jump_up's take-off, a flight with the apex half way, land.
    jump, land = clips["jump"], clips["land"]
    (a0, off), (down, end) = jump["contacts"]["foot_l"]
    if jump["contacts"]["foot_r"] != jump["contacts"]["foot_l"] or a0 != 0 or end != jump["frames"]:
        fail("jump: both feet on the ground from frame 0 to the take-off and from the touch-down to the end")
    if off != clips["jump_up"]["contacts"]["foot_l"][0][1] or end - down != land["frames"]:
        fail("jump: the take-off must be jump_up's, the part after the touch-down as long as land")
    if 2 * jump["apex_frame"] != off + down or (down - off) / spec["fps"] < 0.3:
        fail("jump: the apex must be half way through a flight of at least 0.3 s")
    for c in spec["clips"]:
        for limb, ranges in c["contacts"].items():
            for a, b in ranges:
                if not 0 <= a <= b <= c["frames"]:
                    fail("%s %s range %s" % (c["name"], limb, [a, b]))


def derived_points(rest):
    """Contact points from the skeleton (rest pose, armature space): sole below
    the ankle, ball below the toe joint, heel below the heel bone, all on the
    ground; grip = fist centre, in the curl of the fingers."""
    pts = {}
    for s in squire_rig.SIDES:
        ankle, toe = rest.head["foot." + s], rest.head["toe." + s]
        heel = rest.head["heel.02." + s]
        d, a, n = rest.hand_frame(s)
        grip = rest.head["hand." + s] + d * 0.072 + n * 0.028
        for key, bone, p in (("sole", "foot", (ankle.x, ankle.y, 0.0)), ("ball", "foot", (toe.x, toe.y, 0.0)),
                             ("heel", "foot", (ankle.x, heel.y, 0.0)), ("grip", "hand", grip)):
            name = bone + "." + s
            local = rest.to_local(name, squire_rig.Vector(p))
            pts["%s_%s" % (key, s.lower())] = {"joint": name, "local_m": [round(c, 5) + 0.0 for c in local]}
    return pts


def check_points(rest, spec):
    want = derived_points(rest)
    have = spec.get("contact_points", {})
    bad = [k for k in want if k not in have or have[k]["joint"] != want[k]["joint"] or
           max(abs(x - y) for x, y in zip(have[k]["local_m"], want[k]["local_m"])) > 2e-5]
    if bad:
        fail("contact_points in the spec do not match the skeleton; they should be:\n" +
             json.dumps(want, indent=2, sort_keys=True))


def build_material(tmpdir):
    png = squire_texture.png_bytes(squire_texture.atlas())
    path = os.path.join(tmpdir, "squire_atlas.png")
    with open(path, "wb") as f:
        f.write(png)
    image = bpy.data.images.load(path)
    image.name = "squire_atlas"
    image.pack()
    image.filepath_raw = "//squire_atlas.png"
    mat = bpy.data.materials.new("squire")
    mat.use_nodes = True
    mat.use_backface_culling = True          # exported as doubleSided: false
    nt = mat.node_tree
    bsdf = nt.nodes["Principled BSDF"]
    bsdf.inputs["Metallic"].default_value = 0.0
    bsdf.inputs["Roughness"].default_value = 0.75
    tex = nt.nodes.new("ShaderNodeTexImage")
    tex.image = image
    tex.interpolation = "Linear"
    nt.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    return mat, len(png)


def build_mesh(scene, arm, rest, mat, spec):
    m = squire_mesh.build(rest)
    me = bpy.data.meshes.new("squire_mesh")
    me.from_pydata([tuple(v) for v in m.verts], [], [list(f) for f in m.faces])
    me.update()
    uv = me.uv_layers.new(name="UVMap")
    for poly, corners in zip(me.polygons, m.uvs):
        for k in range(poly.loop_total):
            uv.data[poly.loop_start + k].uv = corners[k]
    for poly, smooth in zip(me.polygons, m.smooth):
        poly.use_smooth = smooth
    me.use_auto_smooth = True
    me.auto_smooth_angle = 0.7
    me.materials.append(mat)
    obj = bpy.data.objects.new("squire_mesh", me)
    scene.collection.objects.link(obj)
    groups = {b: obj.vertex_groups.new(name=b) for b in rest.order}
    for i, w in enumerate(m.weights):
        if len(w) > spec["max_influences"]:
            fail("vertex %d has %d influences" % (i, len(w)))
        total = sum(w.values())
        for bone, x in sorted(w.items()):
            groups[bone].add([i], x / total, "REPLACE")
    mod = obj.modifiers.new("Armature", "ARMATURE")
    mod.object = arm
    return m


def key_clip(arm, rest, name, frames):
    """One action: rotation keys for every bone, location keys for the hips
    (`spine`), every frame, LINEAR; pushed to its own NLA track."""
    action = bpy.data.actions.new(name)
    action.use_fake_user = True
    action.id_root = "OBJECT"
    action.use_frame_range = True
    action.frame_start = 0
    action.frame_end = len(frames) - 1
    series = {b: ([], []) for b in rest.order}
    for basis in frames:
        for b in rest.order:
            loc, rot = basis[b]
            rots = series[b][1]
            if rots and rots[-1].dot(rot) < 0:
                rot = -rot
            series[b][0].append(loc)
            rots.append(rot)
    for b in rest.order:
        locs, rots = series[b]
        if b != "spine":
            worst = max(v.length for v in locs)
            if worst > 1e-4:
                fail("%s: bone %s would need a translation of %g m" % (name, b, worst))
        channels = [("rotation_quaternion", rots, 4)] + ([("location", locs, 3)] if b == "spine" else [])
        for prop, vals, dim in channels:
            for i in range(dim):
                fc = action.fcurves.new('pose.bones["%s"].%s' % (b, prop), index=i, action_group=b)
                fc.keyframe_points.add(len(vals))
                co = [c for f, v in enumerate(vals) for c in (float(f), v[i])]
                fc.keyframe_points.foreach_set("co", co)
                fc.keyframe_points.foreach_set("interpolation", [1] * len(vals))   # LINEAR
                fc.update()
    track = arm.animation_data.nla_tracks.new()
    track.name = name
    track.strips.new(name, 0, action).name = name


def feet_gap(rest, solved):
    """Smallest distance between the two feet's centre lines (middle of the
    heel bone to the toe tip); boots are about 0.10 m wide."""
    lines = []
    for s in squire_rig.SIDES:
        h = "heel.02." + s
        heel = solved.point(rest, h, (rest.head[h] + rest.tail[h]) * 0.5)
        tip = solved.point(rest, "toe." + s, rest.tail["toe." + s])
        lines.append([heel.lerp(tip, i / 8.0) for i in range(9)])
    return min((p - q).length for p in lines[0] for q in lines[1])


def build_clips(arm, rest, sq, spec):
    arm.animation_data_create()
    for clip in spec["clips"]:
        name, n = clip["name"], clip["frames"]
        fn = CLIPS[name]
        frames = []
        for f in range(n + 1):
            solved = squire_pose.solve(rest, fn(sq, f))
            # Every authored effector must be reached exactly, in contact or
            # not (a heel rise whose ball leaves the ground is a bug too).
            for key in solved.short:
                limb = ("hand_" if key.startswith("arm") else "foot_") + key[-1].lower()
                held = any(a <= f <= b for a, b in clip["contacts"][limb])
                fail("%s frame %d: %s out of reach%s" % (name, f, limb, " during a contact" if held else ""))
            if name in GROUND_CLIPS:
                gap = feet_gap(rest, solved)
                if gap < FEET_GAP_M:
                    fail("%s frame %d: the feet come within %.3f m of each other" % (name, f, gap))
            frames.append(squire_pose.basis(rest, solved))
        key_clip(arm, rest, name, frames)
    arm.animation_data.action = None
    for pb in arm.pose.bones:
        pb.location = (0, 0, 0)
        pb.rotation_quaternion = (1, 0, 0, 0)


def export(path):
    bpy.ops.export_scene.gltf(
        filepath=path, export_format="GLB", use_selection=False, export_yup=True,
        export_apply=False, export_texcoords=True, export_normals=True, export_tangents=False,
        export_materials="EXPORT", export_image_format="AUTO", export_colors=False,
        export_attributes=False, export_cameras=False, export_lights=False, export_extras=False,
        export_skins=True, export_all_influences=False, export_def_bones=False,
        export_morph=False, export_animations=True, export_frame_range=False,
        export_frame_step=1, export_force_sampling=True, export_nla_strips=True,
        export_optimize_animation_size=False, export_anim_single_armature=True,
        export_reset_pose_bones=True, export_current_frame=False)


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(REPO, "assets", "squire"))
    args = ap.parse_args(argv)
    with open(SPEC_PATH) as f:
        spec = json.load(f)
    check_spec(spec)
    scene = reset_scene(spec)
    arm = squire_rig.build_armature(scene, spec["skeleton"], "squire")
    rest = squire_rig.Rest(arm.data)
    if len(rest.order) != spec["skeleton"]["joint_count"]:
        fail("%d bones, spec says %d" % (len(rest.order), spec["skeleton"]["joint_count"]))
    check_points(rest, spec)
    sq = Squire(rest, spec)
    log("skeleton: %d joints" % len(rest.order))
    with tempfile.TemporaryDirectory() as tmpdir:
        mat, png_size = build_material(tmpdir)
        mesh = build_mesh(scene, arm, rest, mat, spec)
        log("mesh: %d triangles, texture %d bytes" % (mesh.triangle_count(), png_size))
        build_clips(arm, rest, sq, spec)
        log("clips keyed")
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, spec["file"])
        export(path)
    log("exported %s (%d bytes)" % (path, os.path.getsize(path)))
    try:
        report = squire_glb.check(path, spec)
    except squire_glb.CheckFailed as e:
        fail(str(e))
    for k, v in report.items():
        log("%s: %s" % (k, json.dumps(v, sort_keys=True) if not isinstance(v, float) else "%.5f" % v))
    log("all checks passed")


if __name__ == "__main__":
    main()
