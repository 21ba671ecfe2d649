# Turntable-style preview of a knight .glb, rendered headless with Workbench
# (no GPU needed). Imports the committed asset itself (not the generator), so
# the picture shows exactly what the game loads.
#
#   blender -b --factory-startup --python-exit-code 1 \
#       --python tools/knight/preview_render.py -- GLB OUT.png [--clip walk --frame 3]
#
# Output: a 2x2 grid. Top: rest (bind) pose from front-right and back-left.
# Bottom: the chosen clip frame (mid-walk) seen from the knight's right and
# left sides, as the side-scrolling camera sees it.
import argparse
import math
import os
import sys
import tempfile

import bpy
import numpy as np
from mathutils import Vector

argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
ap = argparse.ArgumentParser()
ap.add_argument("glb")
ap.add_argument("out")
ap.add_argument("--clip", default="walk")
ap.add_argument("--frame", type=float, default=2.0)
ap.add_argument("--size", type=int, default=448)
ap.add_argument("--lineup", nargs="*", default=None,
                help="more .glb files: render all knights side by side in one picture instead")
args = ap.parse_args(argv)

bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
# Debian's Blender 3.4 glTF importer still uses np.bool, which numpy 1.24
# removed; restore the alias for the import.
if not hasattr(np, "bool"):
    np.bool = bool
bpy.ops.import_scene.gltf(filepath=os.path.abspath(args.glb))
arm = next(o for o in scene.objects if o.type == "ARMATURE")
scene.render.fps = 30

# Ground: a flat grey plane at z = 0 with a 0.5 m checker so feet read.
bpy.ops.mesh.primitive_plane_add(size=6.0, location=(0, 0, 0))
ground = bpy.context.active_object
gm = bpy.data.materials.new("ground")
gm.diffuse_color = (0.42, 0.44, 0.40, 1.0)
ground.data.materials.append(gm)

scene.render.engine = "BLENDER_WORKBENCH"
shading = scene.display.shading
shading.light = "STUDIO"
shading.color_type = "TEXTURE"
shading.show_shadows = True
shading.show_backface_culling = True   # as the game draws it (doubleSided: false)
shading.shadow_intensity = 0.35
shading.show_cavity = True
shading.cavity_type = "WORLD"
shading.show_object_outline = True
shading.object_outline_color = (0.05, 0.05, 0.05)
world = bpy.data.worlds.new("sky")
world.color = (0.55, 0.66, 0.78)
scene.world = world
shading.background_type = "WORLD"
scene.display.render_aa = "8"
scene.render.resolution_x = args.size
scene.render.resolution_y = int(args.size * 1.25)
scene.render.film_transparent = False
scene.view_settings.view_transform = "Standard"

cam_data = bpy.data.cameras.new("cam")
cam_data.lens = 50
cam = bpy.data.objects.new("cam", cam_data)
scene.collection.objects.link(cam)
scene.camera = cam


def aim(azimuth_deg, elevation_deg=8.0, dist=3.7, target=Vector((0.05, 0, 0.97))):
    az = math.radians(azimuth_deg)
    el = math.radians(elevation_deg)
    cam.location = target + Vector((math.cos(az) * math.cos(el), math.sin(az) * math.cos(el),
                                    math.sin(el))) * dist
    direction = target - cam.location
    cam.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()


def find_action(name):
    for a in bpy.data.actions:
        if a.name == name or a.name.startswith(name + "_"):
            return a
    raise SystemExit("clip %s not found in %s" % (name, [a.name for a in bpy.data.actions]))


if args.lineup is not None:
    # One picture of every variant side by side, mid-walk, 3/4 view.
    arms = [arm]
    for i, path in enumerate(args.lineup):
        before = set(scene.objects)
        bpy.ops.import_scene.gltf(filepath=os.path.abspath(path))
        new = [o for o in scene.objects if o not in before]
        for o in new:
            if o.parent is None:
                o.location.y -= 1.1 * (i + 1)
        arms.append(next(o for o in new if o.type == "ARMATURE"))
    for k, a in enumerate(arms):
        a.animation_data_create()
        for track in list(a.animation_data.nla_tracks):
            a.animation_data.nla_tracks.remove(track)
        name = args.clip
        a.animation_data.action = next(x for x in bpy.data.actions if x.name == name or x.name.startswith(name + "_"))
    scene.frame_set(int(args.frame))
    scene.render.resolution_x = int(args.size * 2.0)
    scene.render.resolution_y = args.size
    aim(-58.0, elevation_deg=9.0, dist=7.4, target=Vector((0.0, -1.1 * len(args.lineup) / 2.0, 0.9)))
    scene.render.filepath = os.path.abspath(args.out)
    bpy.ops.render.render(write_still=True)
    print("[preview] wrote", args.out)
    raise SystemExit(0)

tmp = tempfile.mkdtemp()
shots = []
# Rest pose.
arm.data.pose_position = "REST"
for i, az in enumerate((-40.0, 140.0)):
    aim(az)
    scene.render.filepath = os.path.join(tmp, "rest%d.png" % i)
    bpy.ops.render.render(write_still=True)
    shots.append(scene.render.filepath)
# Mid-walk.
arm.data.pose_position = "POSE"
arm.animation_data_create()
for track in list(arm.animation_data.nla_tracks):
    arm.animation_data.nla_tracks.remove(track)
arm.animation_data.action = find_action(args.clip)
scene.frame_set(int(args.frame), subframe=args.frame - int(args.frame))
for i, az in enumerate((-90.0, 90.0)):
    aim(az, elevation_deg=4.0)
    scene.render.filepath = os.path.join(tmp, "walk%d.png" % i)
    bpy.ops.render.render(write_still=True)
    shots.append(scene.render.filepath)

# Tile 2x2 with numpy (Blender image pixels are bottom-up RGBA floats).
tiles = []
for path in shots:
    im = bpy.data.images.load(path)
    w, h = im.size
    px = np.empty(w * h * 4, dtype=np.float32)
    im.pixels.foreach_get(px)
    tiles.append(px.reshape(h, w, 4))
gap = 4
w, h = tiles[0].shape[1], tiles[0].shape[0]
grid = np.ones((2 * h + gap, 2 * w + gap, 4), dtype=np.float32)
# Bottom-up: the rest shots go on the top row.
grid[h + gap:, :w] = tiles[0]
grid[h + gap:, w + gap:] = tiles[1]
grid[:h, :w] = tiles[2]
grid[:h, w + gap:] = tiles[3]
out = bpy.data.images.new("preview", grid.shape[1], grid.shape[0], alpha=False)
out.pixels.foreach_set(grid.ravel())
out.filepath_raw = os.path.abspath(args.out)
out.file_format = "PNG"
out.save()
print("[preview] wrote", args.out)
