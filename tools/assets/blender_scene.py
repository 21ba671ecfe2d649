"""Blender scene set-up shared by the character builds (tools/knight,
tools/squire): an empty factory scene keyed at the spec's frame rate from
frame 0, long enough for its longest clip."""

import bpy


def reset_scene(spec):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.fps = spec["fps"]
    scene.render.fps_base = 1.0
    scene.frame_start = 0
    scene.frame_end = max(c["frames"] for c in spec["clips"])
    scene.frame_current = 0
    return scene
