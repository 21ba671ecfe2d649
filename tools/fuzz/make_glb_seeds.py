#!/usr/bin/env python3
"""Writes the character fuzz target's seed corpus: tiny skinned glTF 2.0
binaries (.glb), valid and deliberately broken, each a few hundred bytes to
a few KB (the real knights are ~480 KB, far too big for a fuzz corpus).

    tools/fuzz/make_glb_seeds.py [OUT_DIR]   (default tests/fuzz/corpus/character)

Each seed is built from one description (joints, a skinned mesh, clips with
their `extras`) so a variant differs from the base in one feature: the seeds
are the starting points libFuzzer mutates, so between them they should reach
every branch of knights/asset/character_model.cpp (texture decoding, >4 influences,
STEP and CUBICSPLINE keys, a clip animating a non-joint, two meshes and
materials, each validation error). The layout follows the glTF 2.0 spec
(https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html), section
"Binary glTF Layout"; the base model is the one hand-built in
tests/asset/character_model_test.cpp, with one more joint. Deterministic:
running it again writes the same bytes.
"""

import json
import math
import os
import struct
import sys
import zlib

FLOAT, UBYTE, USHORT, UINT = 5126, 5121, 5123, 5125


class Gltf:
    """Accumulates a binary buffer, its bufferViews and accessors."""

    def __init__(self):
        self.bin = bytearray()
        self.views = []
        self.accessors = []

    def view(self, data):
        while len(self.bin) % 4:
            self.bin.append(0)
        self.views.append({"buffer": 0, "byteOffset": len(self.bin), "byteLength": len(data)})
        self.bin += data
        return len(self.views) - 1

    def accessor(self, fmt, values, component, type_, count, minmax=None):
        data = struct.pack("<" + fmt * len(values), *values)
        acc = {"bufferView": self.view(data), "componentType": component, "count": count, "type": type_}
        if minmax:
            acc["min"], acc["max"] = minmax
        self.accessors.append(acc)
        return len(self.accessors) - 1


def png_2x2():
    """A 2x2 RGBA PNG (PNG spec, ISO/IEC 15948: signature, IHDR, IDAT, IEND)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(px) for px in ([255, 0, 0, 255, 0, 255, 0, 255], [0, 0, 255, 255, 255, 255, 255, 128]))
    ihdr = struct.pack(">IIBBBBB", 2, 2, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def mat4_translate(x, y, z):
    # column-major, as glTF stores matrices
    return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]


def build(skin=True, texture=False, two_meshes=False, eight_influences=False, interpolation="LINEAR",
          animate_non_joint=False, extras=None, second_clip=True, key_times=(0.0, 0.5, 1.0), scale_keys=False,
          zero_quaternion=False, lines_only=False):
    """Three joints root -> spine -> arm under an 'armature' node; one skinned
    triangle (a quad with two_meshes, split into two meshes with their own
    materials); clips 'wave' (rotation + translation) and 'idle' (one key)."""
    g = Gltf()
    positions = [0, 0, 0, 1, 0, 0, 0, 2, 0]
    n_vertices = 3
    if two_meshes:
        positions += [1, 2, 0]
        n_vertices = 4
    pos = g.accessor("f", positions, FLOAT, "VEC3", n_vertices,
                     ([0, 0, 0], [1, 2, 0]))
    # skin joints listed as [arm, root, spine]: not the node order
    joints0 = [1, 0, 0, 0, 1, 2, 0, 0, 0, 1, 2, 0] + ([2, 0, 0, 0] if two_meshes else [])
    weights0 = [1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.6, 0.2, 0.2, 0] + ([1, 0, 0, 0] if two_meshes else [])
    j0 = g.accessor("B", joints0, UBYTE, "VEC4", n_vertices)
    w0 = g.accessor("f", weights0, FLOAT, "VEC4", n_vertices)
    attributes = {"POSITION": pos, "JOINTS_0": j0, "WEIGHTS_0": w0}
    if eight_influences:
        # JOINTS_1/WEIGHTS_1: more than the 4 influences the GPU format holds
        attributes["JOINTS_1"] = g.accessor("B", [2, 1, 0, 0] * n_vertices, UBYTE, "VEC4", n_vertices)
        attributes["WEIGHTS_1"] = g.accessor("f", [0.1, 0.05, 0, 0] * n_vertices, FLOAT, "VEC4", n_vertices)
    if texture:
        attributes["TEXCOORD_0"] = g.accessor("f", [0, 0, 1, 0, 0, 1] + ([1, 1] if two_meshes else []), FLOAT, "VEC2",
                                              n_vertices)
    idx_a = g.accessor("H", [0, 1, 2], USHORT, "SCALAR", 3)
    primitives = [{"attributes": attributes, "indices": idx_a, "material": 0}]
    if lines_only:
        primitives[0]["mode"] = 1  # LINES: nothing to draw
        primitives[0]["indices"] = g.accessor("H", [0, 1], USHORT, "SCALAR", 2)
    meshes = [{"name": "body", "primitives": primitives}]
    if two_meshes:
        idx_b = g.accessor("I", [1, 3, 2], UINT, "SCALAR", 3)
        meshes.append({"name": "helmet", "primitives": [{"attributes": dict(attributes), "indices": idx_b, "material": 1}]})

    ibm = g.accessor("f", mat4_translate(0, -1.5, 0) + mat4_translate(0, 0, 0) + mat4_translate(0, -0.5, 0), FLOAT,
                     "MAT4", 3)

    # Clip 'wave': late first key (Blender's frame 1), rotation of the arm,
    # translation of the root; optional scale of the spine.
    t0 = 1.0 / 24.0
    times = [t0 + t for t in key_times]
    n = len(times)
    time_acc = g.accessor("f", times, FLOAT, "SCALAR", n, ([times[0]], [times[-1]]))
    h = math.sqrt(0.5)
    quats = ([0, 0, 0, 1], [0, 0, h, h], [0, 0, 0, 1], [h, 0, 0, h])
    rot_values = [c for i in range(n) for c in quats[i % len(quats)]]
    if zero_quaternion:
        rot_values[4:8] = [0, 0, 0, 0]
    trans_values = [c for i in range(n) for c in ([0, 0, 0], [1, 0, 0.5])[i % 2]]
    if interpolation == "CUBICSPLINE":
        # in-tangent, value, out-tangent per key
        rot_values = [c for i in range(n) for c in ([0, 0, 0, 0] + rot_values[4 * i:4 * i + 4] + [0, 0, 0, 0])]
        trans_values = [c for i in range(n) for c in ([0, 0, 0] + trans_values[3 * i:3 * i + 3] + [0, 0, 0])]
    rot_acc = g.accessor("f", rot_values, FLOAT, "VEC4", len(rot_values) // 4)
    trans_acc = g.accessor("f", trans_values, FLOAT, "VEC3", len(trans_values) // 3)
    samplers = [{"input": time_acc, "output": rot_acc, "interpolation": interpolation},
                {"input": time_acc, "output": trans_acc, "interpolation": interpolation}]
    channels = [{"sampler": 0, "target": {"node": 3, "path": "rotation"}},
                {"sampler": 1, "target": {"node": 1, "path": "translation"}}]
    if scale_keys:
        scale_acc = g.accessor("f", [c for i in range(n) for c in ([1, 1, 1], [1.2, 0.9, 1])[i % 2]], FLOAT, "VEC3", n)
        samplers.append({"input": time_acc, "output": scale_acc, "interpolation": "LINEAR"})
        channels.append({"sampler": 2, "target": {"node": 2, "path": "scale"}})
    if animate_non_joint:
        # the mesh node is not a joint: its channel is skipped
        samplers.append({"input": time_acc, "output": trans_acc, "interpolation": "LINEAR"})
        channels.append({"sampler": len(samplers) - 1, "target": {"node": 4, "path": "translation"}})
    wave_extras = {"loop": True, "speed_mps": 1.5, "climb_m_per_cycle": 0.6,
                   "contacts": {"hand_r": [[0.1, 0.3]], "foot_l": [[0.8, 0.2]], "foot_r": []}}
    if extras is not None:
        wave_extras = extras
    animations = [{"name": "wave", "samplers": samplers, "channels": channels, "extras": wave_extras}]
    if second_clip:
        one = g.accessor("f", [0.0], FLOAT, "SCALAR", 1, ([0.0], [0.0]))
        still = g.accessor("f", [0, 0, 0, 1], FLOAT, "VEC4", 1)
        animations.append({"name": "idle", "samplers": [{"input": one, "output": still}],
                           "channels": [{"sampler": 0, "target": {"node": 2, "path": "rotation"}}]})

    materials = [{"name": "steel", "pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.8, 0.9, 1], "metallicFactor": 0.9,
                                                           "roughnessFactor": 0.3}}]
    if two_meshes:
        materials.append({"name": "cloth", "pbrMetallicRoughness": {"baseColorFactor": [0.6, 0.1, 0.1, 1]}})
    gltf = {
        "asset": {"version": "2.0", "generator": "tools/fuzz/make_glb_seeds.py"},
        "scene": 0,
        "scenes": [{"nodes": [0, 4] + ([5] if two_meshes else [])}],
        "nodes": [
            {"name": "armature", "children": [1], "rotation": [-h, 0, 0, h], "scale": [0.01, 0.01, 0.01]},
            {"name": "root", "children": [2]},
            {"name": "spine", "children": [3], "translation": [0, 0.5, 0]},
            {"name": "arm", "translation": [0, 1, 0]},
            {"name": "body", "mesh": 0, "translation": [5, 0, 0]},
        ],
        "meshes": meshes,
        "materials": materials,
        "animations": animations,
        "buffers": [{"byteLength": 0}],
        "bufferViews": g.views,
        "accessors": g.accessors,
    }
    if two_meshes:
        gltf["nodes"].append({"name": "helmet", "mesh": 1})
    if skin:
        gltf["skins"] = [{"joints": [3, 1, 2], "inverseBindMatrices": ibm, "skeleton": 1}]
        gltf["nodes"][4]["skin"] = 0
        if two_meshes:
            gltf["nodes"][5]["skin"] = 0
    if texture:
        image_view = g.view(png_2x2())
        gltf["images"] = [{"bufferView": image_view, "mimeType": "image/png"}]
        gltf["textures"] = [{"source": 0, "sampler": 0}]
        gltf["samplers"] = [{"magFilter": 9728, "minFilter": 9728}]
        gltf["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
        gltf["bufferViews"] = g.views
    while len(g.bin) % 4:
        g.bin.append(0)
    gltf["buffers"][0]["byteLength"] = len(g.bin)
    return glb(json.dumps(gltf, separators=(",", ":")).encode(), bytes(g.bin))


def glb(json_bytes, bin_bytes):
    json_bytes += b" " * (-len(json_bytes) % 4)
    total = 12 + 8 + len(json_bytes) + 8 + len(bin_bytes)
    return (struct.pack("<III", 0x46546C67, 2, total) + struct.pack("<II", len(json_bytes), 0x4E4F534A) + json_bytes +
            struct.pack("<II", len(bin_bytes), 0x004E4942) + bin_bytes)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "tests", "fuzz",
                                                             "corpus", "character")
    os.makedirs(out, exist_ok=True)
    base = build()
    seeds = {
        # valid models
        "tiny_skinned.glb": base,
        "textured.glb": build(texture=True),
        "two_meshes_two_materials.glb": build(two_meshes=True),
        "eight_influences.glb": build(eight_influences=True),
        "step_keys.glb": build(interpolation="STEP"),
        "cubicspline_keys.glb": build(interpolation="CUBICSPLINE"),
        "scale_and_non_joint_channel.glb": build(scale_keys=True, animate_non_joint=True),
        "many_keys_no_extras.glb": build(key_times=tuple(i / 10.0 for i in range(11)), extras={}, second_clip=False),
        # rejected by our importer (not by assimp)
        "no_skin.glb": build(skin=False),
        "bad_extras_loop.glb": build(extras={"loop": "yes"}),
        "bad_extras_speed.glb": build(extras={"speed_mps": -1}),
        "bad_extras_contacts.glb": build(extras={"contacts": {"hand_l": [[0.1]]}}),
        "bad_contact_outside_clip.glb": build(extras={"contacts": {"hand_l": [[0.1, 7.0]]}}),
        "bad_zero_quaternion.glb": build(zero_quaternion=True),
        "bad_equal_key_times.glb": build(key_times=(0.0, 0.5, 0.5)),
        "bad_lines_only.glb": build(lines_only=True),
        # broken containers
        "truncated_half.glb": base[: len(base) // 2],
        "truncated_header.glb": base[:20],
        "bad_magic.glb": b"glTX" + base[4:],
        "bad_version.glb": base[:4] + struct.pack("<I", 1) + base[8:],
        "bad_json_chunk.glb": glb(b'{"asset":{"version":"2.0"},"nodes":[{', b""),
        "json_only_no_meshes.glb": glb(b'{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"name":"a"}]}', b""),
    }
    for name, data in sorted(seeds.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
