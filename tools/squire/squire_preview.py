# Renders a preview sheet of squire.glb headless with Workbench (no GPU).
# It imports the exported file itself, so it shows what the game loads.
#
#   blender -b --factory-startup --python-exit-code 1 \
#       --python tools/squire/squire_preview.py -- GLB OUT.png
#           [--shot CLIP:FRAME:AZIMUTH[:DIST[:LIFT[:ELEVATION]]] ...] [--cols N] [--size PX] [--ladder]
#
# Default sheet (2x2): bind pose from the front-left and the back-right, and
# walk frame 5 (mid-stance of the left foot) from the squire's left and right
# sides, as the side-on game camera sees it. CLIP "rest" = the bind pose.
# Azimuth 0 looks at the squire's face (camera on +Z in glTF, -Y in Blender).
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
ap.add_argument("--shot", nargs="*", default=["rest:0:-35:2.7", "rest:0:150:2.7", "walk:5:90:2.7", "walk:5:-90:2.7"])
ap.add_argument("--cols", type=int, default=2)
ap.add_argument("--size", type=int, default=360)
ap.add_argument("--ladder", action="store_true", help="draw the rungs and the exit ledge where the spec puts them")
ap.add_argument("--wire", action="store_true", help="draw the ledge as a wireframe")
args = ap.parse_args(argv)

bpy.ops.wm.read_factory_settings(use_empty=True)
scene = bpy.context.scene
scene.render.fps = 30
if not hasattr(np, "bool"):
    np.bool = bool          # Debian's Blender 3.4 importer still uses np.bool
bpy.ops.import_scene.gltf(filepath=os.path.abspath(args.glb))
arm = next(o for o in scene.objects if o.type == "ARMATURE")

bpy.ops.mesh.primitive_plane_add(size=4.0, location=(0, 0, 0))
ground = bpy.context.active_object
mat = bpy.data.materials.new("ground")
mat.diffuse_color = (0.45, 0.47, 0.42, 1.0)
ground.data.materials.append(mat)
if args.ladder:
    # Rungs and the exit's ledge where squire_spec.json puts them (Blender
    # axes: forward = -Y). Static: in climb_up they move down in the squire's
    # space, so they match the hands and feet at frame 0 only.
    import json
    spec = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "squire_spec.json")))
    lad = spec["ladder"]
    top = lad["exit"]["ledge_height_m"]
    k = 1
    while lad["rung_spacing_m"] * k <= top + 1e-6:
        bpy.ops.mesh.primitive_cylinder_add(radius=lad["rung_radius_m"], depth=0.5,
                                            location=(0, -lad["rung_forward_m"], lad["rung_spacing_m"] * k),
                                            rotation=(0, math.pi / 2, 0))
        k += 1
    face = lad["exit"]["ledge_face_forward_m"]
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0, -(face + 0.6), top / 2))
    ledge = bpy.context.active_object
    ledge.scale = (1.2, 1.2, top)
    ledge.display_type = "WIRE" if args.wire else "SOLID"

scene.render.engine = "BLENDER_WORKBENCH"
sh = scene.display.shading
sh.light = "STUDIO"
sh.color_type = "TEXTURE"
sh.show_shadows = True
sh.shadow_intensity = 0.3
sh.show_backface_culling = True      # as the game draws it (doubleSided: false)
sh.show_cavity = True
sh.cavity_type = "WORLD"
sh.show_object_outline = True
sh.object_outline_color = (0.06, 0.05, 0.05)
world = bpy.data.worlds.new("sky")
world.color = (0.62, 0.70, 0.80)
scene.world = world
sh.background_type = "WORLD"
scene.display.render_aa = "8"
scene.render.resolution_x = args.size
scene.render.resolution_y = int(args.size * 1.3)
scene.view_settings.view_transform = "Standard"
cam = bpy.data.objects.new("cam", bpy.data.cameras.new("cam"))
cam.data.lens = 50
scene.collection.objects.link(cam)
scene.camera = cam


def aim(azimuth_deg, target, dist=3.3, elevation_deg=6.0):
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    # azimuth 0: in front of the squire (Blender -Y); +90: on its left (+X).
    offset = Vector((math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)))
    cam.location = target + offset * dist
    cam.rotation_euler = (target - cam.location).to_track_quat("-Z", "Y").to_euler()


def pose(clip, frame):
    arm.animation_data_create()
    for t in list(arm.animation_data.nla_tracks):
        arm.animation_data.nla_tracks.remove(t)
    if clip == "rest":
        arm.data.pose_position = "REST"
        arm.animation_data.action = None
        return
    arm.data.pose_position = "POSE"
    act = next(a for a in bpy.data.actions if a.name == clip or a.name.startswith(clip + "_"))
    arm.animation_data.action = act
    scene.frame_set(int(frame))


tmp = tempfile.mkdtemp()
tiles = []
for i, shot in enumerate(args.shot):
    parts = shot.split(":") + ["3.3", "0.12", "6"][len(shot.split(":")) - 3:]
    clip, frame, az, dist, lift, elev = parts[:6]
    pose(clip, float(frame))
    root = next(b for b in arm.pose.bones if b.parent is None)   # the hips of a hips-rooted rig
    hips = arm.matrix_world @ root.head
    aim(float(az), Vector((hips.x, hips.y, hips.z + float(lift))), dist=float(dist), elevation_deg=float(elev))
    scene.render.filepath = os.path.join(tmp, "shot%02d.png" % i)
    bpy.ops.render.render(write_still=True)
    img = bpy.data.images.load(scene.render.filepath)
    w, h = img.size
    px = np.empty(w * h * 4, dtype=np.float32)
    img.pixels.foreach_get(px)
    tiles.append(px.reshape(h, w, 4))

cols = args.cols
rows = (len(tiles) + cols - 1) // cols
h, w = tiles[0].shape[:2]
gap = 4
sheet = np.ones((rows * h + (rows - 1) * gap, cols * w + (cols - 1) * gap, 4), dtype=np.float32)
for i, t in enumerate(tiles):
    r, c = divmod(i, cols)
    y0 = (rows - 1 - r) * (h + gap)            # Blender pixels run bottom-up
    sheet[y0:y0 + h, c * (w + gap):c * (w + gap) + w] = t
out = bpy.data.images.new("sheet", sheet.shape[1], sheet.shape[0], alpha=False)
out.pixels.foreach_set(sheet.ravel())
settings = scene.render.image_settings
settings.file_format = "PNG"
settings.color_mode = "RGB"
settings.color_depth = "8"
settings.compression = 100
out.save_render(os.path.abspath(args.out), scene=scene)
print("[preview] wrote", args.out)
