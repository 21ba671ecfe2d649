#!/usr/bin/env python3
"""Feeds the game every kind of bad input it can meet and checks what it says.

Each case builds a broken file (or command line) in a temporary directory,
runs the game headless on it, and checks the answer: the expected exit code
(2 for bad input, 3 for no usable OpenGL, 0 where the game carries on with a
warning) and one clear line naming the file and the problem; never a crash
(a signal), a hang (a time limit) or silence.

  tools/bad_inputs.py build/src/knights            # check, print a summary
  tools/bad_inputs.py build/src/knights --markdown > docs/bad-inputs.md  # the page
Exit status: 0 when every case answers as expected, 1 otherwise.
"""

import json
import math
import os
import resource
import shutil
import struct
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Every case must answer within these (the issue of hostile files): seconds
# of wall time and bytes of address space. Sanitizer builds reserve far more
# address space than they use: KNIGHTS_NO_MEMORY_CAP=1 lifts the cap there.
# They also run 3-5 times slower (a 100,000-NPC level took 3.5 s alone and
# over 10 s beside other work under ASan): KNIGHTS_HANG_LIMIT_S raises the
# wall-time limit there; a hang still never ends, so it still fails.
TIME_LIMIT_S = float(os.environ.get("KNIGHTS_HANG_LIMIT_S", "10"))
MEMORY_CAP_BYTES = 2 << 30
# The longest line the game may print (core::kMaxMessageChars).
MAX_LINE_CHARS = 300


def cap_memory():
    if not os.environ.get("KNIGHTS_NO_MEMORY_CAP"):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP_BYTES, MEMORY_CAP_BYTES))


def glb(gltf, binary=b""):
    """A binary glTF from a JSON object and a binary chunk."""
    text = json.dumps(gltf).encode()
    text += b" " * (-len(text) % 4)
    binary += b"\0" * (-len(binary) % 4)
    chunks = struct.pack("<2I", len(text), 0x4E4F534A) + text
    if binary:
        chunks += struct.pack("<2I", len(binary), 0x004E4942) + binary
    return struct.pack("<3I", 0x46546C67, 2, 12 + len(chunks)) + chunks


def skinned_glb(joint_count=2, with_skin=True, image=None, mutate=None, ibm_scale=1.0, keys=2, first_key_w=None):
    """A minimal skinned triangle with `joint_count` chained joints and one
    animation called 'wave'; optionally an embedded image (bytes) used as the
    base colour texture, and a w component for the first rotation key.
    `mutate(gltf)` may change the JSON before it is packed."""
    n = joint_count
    # One vertex per joint (at least 3), a triangle fan; vertex v is bound to
    # joint v % n, so every joint carries weight (assimp drops bones that
    # weight nothing).
    v_count = max(3, n)
    positions = b"".join(struct.pack("<3f", math.cos(v * 0.1), math.sin(v * 0.1), 0) for v in range(v_count))
    joints = b"".join(bytes([v % n, 0, 0, 0]) for v in range(v_count))
    weights = b"".join(struct.pack("<4f", 1, 0, 0, 0) for v in range(v_count))
    fan = []
    for v in range(1, v_count - 1):
        fan += [0, v, v + 1]
    index_count = len(fan)
    indices = struct.pack("<%dH" % index_count, *fan)
    k = ibm_scale
    ibms = b"".join(struct.pack("<16f", k, 0, 0, 0, 0, k, 0, 0, 0, 0, k, 0, 0, -0.1 * min(i, 1) * k, 0, k)
                    for i in range(n))
    times = struct.pack("<%df" % keys, *[i / (keys - 1) for i in range(keys)])
    h = math.sqrt(0.5)
    rotations = b"".join(struct.pack("<4f", 0, 0, h * (i % 2), h if i % 2 else (first_key_w or 1) if i == 0 else 1)
                         for i in range(keys))
    uvs = b"".join(struct.pack("<2f", 0.5, 0.5) for v in range(v_count))
    parts = [positions, joints, weights, indices, ibms, times, rotations, uvs]
    offsets, binary = [], b""
    for p in parts:
        offsets.append(len(binary))
        binary += p
    image_view = None
    if image is not None:
        binary += b"\0" * (-len(binary) % 4)
        image_view = len(parts)
        offsets.append(len(binary))
        parts.append(image)
        binary += image
    # Joint 0 is the root; the others are its children (a flat skeleton).
    nodes = [{"name": "armature", "children": [1]}]
    for i in range(n):
        node = {"name": "j%d" % i, "translation": [0, 0.1 if i else 0, 0]}
        if i == 0 and n > 1:
            node["children"] = list(range(2, n + 1))
        nodes.append(node)
    mesh_node = {"name": "body", "mesh": 0}
    if with_skin:
        mesh_node["skin"] = 0
    nodes.append(mesh_node)
    attributes = {"POSITION": 0, "TEXCOORD_0": 7}
    if with_skin:
        attributes.update({"JOINTS_0": 1, "WEIGHTS_0": 2})
    gltf = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0, len(nodes) - 1]}],
        "nodes": nodes,
        "meshes": [{"primitives": [{"attributes": attributes, "indices": 3, "material": 0}]}],
        "materials": [{"pbrMetallicRoughness": {}}],
        "buffers": [{"byteLength": len(binary) + (-len(binary) % 4)}],
        "bufferViews": [{"buffer": 0, "byteOffset": o, "byteLength": len(p)} for o, p in zip(offsets, parts)],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": v_count, "type": "VEC3", "min": [-1, -1, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5121, "count": v_count, "type": "VEC4"},
            {"bufferView": 2, "componentType": 5126, "count": v_count, "type": "VEC4"},
            {"bufferView": 3, "componentType": 5123, "count": index_count, "type": "SCALAR"},
            {"bufferView": 4, "componentType": 5126, "count": n, "type": "MAT4"},
            {"bufferView": 5, "componentType": 5126, "count": keys, "type": "SCALAR", "min": [0], "max": [1]},
            {"bufferView": 6, "componentType": 5126, "count": keys, "type": "VEC4"},
            {"bufferView": 7, "componentType": 5126, "count": v_count, "type": "VEC2"},
        ],
        "animations": [{"name": "wave",
                        "samplers": [{"input": 5, "output": 6, "interpolation": "LINEAR"}],
                        "channels": [{"sampler": 0, "target": {"node": 1, "path": "rotation"}}]}],
    }
    if with_skin:
        gltf["skins"] = [{"joints": list(range(1, n + 1)), "inverseBindMatrices": 4}]
    if image_view is not None:
        gltf["images"] = [{"bufferView": image_view, "mimeType": "image/png"}]
        gltf["textures"] = [{"source": 0}]
        gltf["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    if mutate is not None:
        mutate(gltf)
    return glb(gltf, binary)


def character_file(tmp, name, **changes):
    """The shipped knight.json with some fields changed, written to tmp."""
    with open(os.path.join(REPO, "assets/characters/knight.json")) as f:
        desc = json.load(f)
    for path, value in changes.items():
        target = desc
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(desc, f)
    return path


def write(tmp, name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return path


def level_with(tmp, name, mutate):
    with open(os.path.join(REPO, "assets/levels/test_terrain.json")) as f:
        level = json.load(f)
    mutate(level)
    return write(tmp, name, json.dumps(level))


def cases(tmp):
    """(what, args, expected exit code, text the message must contain, env)."""
    knight = os.path.join(REPO, "assets/knights/knight_player.glb")
    with open(knight, "rb") as f:
        knight_bytes = f.read()
    model = lambda name, data: write(tmp, name, data)
    c = []
    c.append(("unknown command-line option", ["--fly"], 2, "unknown option '--fly'", None))
    c.append(("bad option value", ["--frames", "-3"], 2, "--frames", None))
    c.append(("missing character file", ["--character", "/nonexistent/knight.json"], 2, "/nonexistent/knight.json", None))
    c.append(("character file that is not JSON",
              ["--character", write(tmp, "notjson.json", "knight = {")], 2, "notjson.json: not valid JSON", None))
    c.append(("character file with a field of the wrong type",
              ["--character", character_file(tmp, "wrongtype.json", scale="big")], 2, "wrongtype.json: scale", None))
    c.append(("character file naming a joint that does not exist",
              ["--character", character_file(tmp, "nojoint.json", legs__left__mid="knee_of_nobody")], 2,
              "legs.left.mid", None))
    c.append(("missing .glb", ["--character", character_file(tmp, "nomodel.json", model="/nonexistent/k.glb")], 2,
              "/nonexistent/k.glb", None))
    c.append(("truncated .glb",
              ["--character", character_file(tmp, "trunc.json", model=model("trunc.glb", knight_bytes[:len(knight_bytes) // 3]))],
              2, "trunc.glb: truncated", None))
    c.append(("not a .glb at all",
              ["--character", character_file(tmp, "text.json", model=model("text.glb", b"hello, I am a text file"))],
              2, "text.glb", None))
    c.append((".glb without a skin",
              ["--character", character_file(tmp, "noskin.json", model=model("noskin.glb", skinned_glb(with_skin=False)))],
              2, "noskin.glb", None))
    c.append((".glb without the clips the character file names",
              ["--character", character_file(tmp, "noclips.json", model=model("noclips.glb", skinned_glb()))],
              2, "clips.idle", None))
    c.append(("character file whose walk clip is an empty name",
              ["--character", character_file(tmp, "nowalk.json", clips={"idle": "idle", "walk": ""})],
              2, "nowalk.json: clips.walk: expected a non-empty string", None))
    c.append(("character file naming a jump clip the model lacks",
              ["--character", character_file(tmp, "nojump.json", clips__jump="leap")],
              2, "nojump.json: clips.jump: clip 'leap' is not in", None))
    c.append(("character file whose jump clip never leaves the ground (it cannot be split)",
              ["--character", character_file(tmp, "flatjump.json", clips={"idle": "idle", "walk": "walk", "jump": "idle"})],
              2, "flatjump.json: clips.jump: jump clip 'idle': must be a one-shot", None))
    c.append(("character file whose jump clip is its walk (a loop: it stays the walk, no jump)",
              ["--character", character_file(tmp, "jumpwalk.json", clips={"idle": "idle", "walk": "walk", "jump": "walk"})],
              2, "jumpwalk.json: clips.jump: jump clip 'walk': must be a one-shot", None))
    c.append(("procedural_climb that is not true or false",
              ["--character", character_file(tmp, "climbswitch.json", procedural_climb="yes")],
              2, "climbswitch.json: procedural_climb: expected true or false", None))
    c.append(("more joints than the palette holds (130 > 128)",
              ["--character", character_file(tmp, "manyjoints.json", model=model("many.glb", skinned_glb(joint_count=130)))],
              2, "130 joints", None))
    c.append(("texture that fails to decode",
              ["--character", character_file(tmp, "badtex.json",
                                             model=model("badtex.glb", skinned_glb(image=b"\x89PNG\r\n\x1a\nbroken")))],
              2, "badtex.glb", None))
    c.append(("missing level file", ["--level", "/nonexistent/level.json"], 2, "/nonexistent/level.json", None))
    fifo = os.path.join(tmp, "level.fifo")
    os.mkfifo(fifo)
    c.append(("level that is a FIFO (opening it would block)", ["--level", fifo], 2,
              "level.fifo: not a regular file", None))
    c.append(("level that is a device (/dev/zero never ends)", ["--level", "/dev/zero"], 2,
              "/dev/zero: not a regular file", None))
    c.append(("level that is a directory", ["--level", tmp], 2, "is a directory", None))
    c.append(("character file that is a FIFO", ["--character", fifo], 2, "level.fifo: not a regular file", None))
    c.append(("level that is not JSON", ["--level", write(tmp, "broken.json", '{"name": "x", "terrain": ')], 2,
              "broken.json", None))
    c.append(("level missing a required field",
              ["--level", level_with(tmp, "nospawn.json", lambda l: l.pop("spawn"))], 2, "nospawn.json: spawn", None))
    c.append(("level field of the wrong type",
              ["--level", level_with(tmp, "wrongtype_level.json", lambda l: l.update(kill_y="deep"))], 2,
              "wrongtype_level.json: kill_y", None))
    c.append(("ladder top below its bottom",
              ["--level", level_with(tmp, "ladder.json", lambda l: l["ladders"][0].update(top_y=l["ladders"][0]["bottom_y"] - 1))],
              2, "ladders[0]", None))
    c.append(("ladder removed: a 3 m wall nothing climbs",
              ["--level", level_with(tmp, "noladder.json", lambda l: l.update(ladders=[]))], 2,
              "noladder.json: terrain.points", None))
    c.append(("a pit wider than a jump",
              ["--level", level_with(tmp, "widepit.json", lambda l: l.update(pits=[{"x0": 2, "x1": 5}]))], 2,
              "widepit.json: pits[0]: 3 m of open air", None))
    with open(os.path.join(REPO, "assets/levels/test_terrain.json")) as f:
        level_text = f.read()
    spawn = level_text.index('"spawn"')
    nan_text = level_text[:spawn] + '"spawn": {"x": NaN, "z": 0}, "_": ' + level_text[spawn + len('"spawn": '):]
    c.append(("NaN in a level (JSON has no NaN)", ["--level", write(tmp, "nan.json", nan_text)], 2, "nan.json", None))
    c.append(("huge value in a level",
              ["--level", level_with(tmp, "huge.json", lambda l: l["spawn"].update(x=1e30))], 2, "huge.json: spawn.x", None))
    c.append(("screenshot into a missing directory", ["--screenshot", "/nonexistent/dir/shot.png"], 2,
              "/nonexistent/dir/shot.png", None))
    c.append(("no usable OpenGL 3.3 (SDL's dummy video driver)", [], 3, "no usable OpenGL 3.3 context",
              {"SDL_VIDEODRIVER": "dummy"}))
    corrupt_settings = write(tmp, "settings.json", '{"window": {"width": 12')
    c.append(("corrupt settings file (carries on with defaults, keeps the file as it is)",
              ["--config", corrupt_settings], 0, "settings.json: not valid JSON settings; using the defaults",
              {"_AFTER": unchanged(corrupt_settings)}))
    c.append(("settings file with an unknown gamepad button (that action keeps its default)",
              ["--config", write(tmp, "pad_settings.json", '{"pad": {"jump": ["z"]}}')], 0,
              "pad_settings.json: pad.jump: unknown gamepad button 'z'", None))
    c.append(("settings file whose title level is not a file name (the title opens on the default)",
              ["--config", write(tmp, "level_settings.json", '{"level": 7}')], 0,
              "level_settings.json: level: expected a level's file name", None))
    c.append(("settings file with an unknown anti-aliasing choice (the machine's default)",
              ["--config", write(tmp, "aa_settings.json", '{"graphics": {"anti_aliasing": "ssaa"}}')], 0,
              "aa_settings.json: graphics.anti_aliasing: expected", None))
    c += sound_cases(tmp)
    c += font_cases(tmp)
    return c + hostile_cases(tmp, fifo)


def data_dir_with_file(tmp, name, folder, file_name, data):
    """A data directory like the repository's whose file assets/`folder`/
    `file_name` is `data` (None: missing); the game is run from it (cwd and
    KNIGHTS_DATA_DIR), so it reads that file."""
    root = os.path.join(tmp, name)
    os.makedirs(os.path.join(root, "assets", folder))
    os.symlink(os.path.join(REPO, "shaders"), os.path.join(root, "shaders"))
    # Copied, not linked: a character's model must lie inside the data folder.
    for entry in os.listdir(os.path.join(REPO, "assets")):
        if entry != folder:
            shutil.copytree(os.path.join(REPO, "assets", entry), os.path.join(root, "assets", entry))
    # Copied too: a file that is a link out of the data folder is refused.
    source = os.path.join(REPO, "assets", folder)
    for entry in os.listdir(source):
        if entry != file_name:
            shutil.copy(os.path.join(source, entry), os.path.join(root, "assets", folder, entry))
    if data is not None:
        write(os.path.join(root, "assets", folder), file_name, data)
    return {"KNIGHTS_DATA_DIR": root, "_CWD": root}


def data_dir_with_sound(tmp, name, sound_file, data):
    return data_dir_with_file(tmp, name, "sounds", sound_file, data)


def sound_cases(tmp):
    with open(os.path.join(REPO, "assets/sounds/jump.wav"), "rb") as f:
        jump = f.read()
    stereo = bytearray(jump)
    stereo[22] = 2  # fmt.channels
    return [
        ("missing sound file", [], 2, "assets/sounds/land.wav", data_dir_with_sound(tmp, "nosound", "land.wav", None)),
        ("truncated sound file", [], 2, "jump.wav: data chunk: runs past the end of the file",
         data_dir_with_sound(tmp, "truncsound", "jump.wav", jump[:len(jump) // 2])),
        ("sound in another format (stereo)", [], 2, "jump.wav: fmt.channels: expected 1 (mono), got 2",
         data_dir_with_sound(tmp, "stereosound", "jump.wav", bytes(stereo))),
    ]


def font_cases(tmp):
    with open(os.path.join(REPO, "assets/fonts/DejaVuSans.ttf"), "rb") as f:
        sans = f.read()
    corrupt = bytearray(sans)
    corrupt[len(sans) // 2] ^= 0x5A  # inside 'glyf', the outlines
    return [
        ("missing font file", [], 2, "assets/fonts/DejaVuSans.ttf",
         data_dir_with_file(tmp, "nofont", "fonts", "DejaVuSans.ttf", None)),
        ("truncated font file", [], 2, "is past the file's end",
         data_dir_with_file(tmp, "truncfont", "fonts", "DejaVuSans.ttf", sans[:len(sans) // 3])),
        ("corrupted font file (one byte changed)", [], 2, "checksum does not match",
         data_dir_with_file(tmp, "corruptfont", "fonts", "DejaVuSans.ttf", bytes(corrupt))),
    ]


def png(width, height):
    """A grey PNG of any size, compressed row by row (a 20000 x 20000 image
    is 0.4 MB)."""
    import zlib
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    packer = zlib.compressobj(9)
    row = b"\0" * (width + 1)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">2I5B", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def deep_hierarchy(depth):
    """Puts a chain of `depth` plain nodes between the armature and the
    skin's first joint."""
    def mutate(gltf):
        nodes = gltf["nodes"]
        first = len(nodes)
        for k in range(depth):
            nodes.append({"name": "link%d" % k, "children": [first + k + 1] if k + 1 < depth else [1]})
        nodes[0]["children"] = [first]
    return mutate


def node_field(index, key, value):
    def mutate(gltf):
        gltf["nodes"][index][key] = value
    return mutate


def sparse_file(tmp, name, size, head):
    path = write(tmp, name, head)
    os.truncate(path, size)
    return path


def hostile_cases(tmp, fifo):
    """Hostile files and exhausted resources: each must still end in one
    line and exit 2 (or 0 with a warning), in seconds and under 2 GB."""
    model_case = lambda what, name, data, needle: (
        what, ["--character", character_file(tmp, name + ".json", model=write(tmp, name + ".glb", data))], 2, needle,
        None)
    def buffers(uri):
        def mutate(gltf):
            gltf["buffers"][0]["uri"] = uri
        return mutate
    def extra_accessors(n, count, kind):
        def mutate(gltf):
            gltf["accessors"] += [{"bufferView": 0, "componentType": 5126, "count": count, "type": kind}] * n
        return mutate
    def repeated_animations(n):
        def mutate(gltf):
            gltf["animations"] = gltf["animations"] * n
        return mutate
    def sampler_outputs(count):
        def mutate(gltf):
            gltf["accessors"][6]["count"] = count
        return mutate
    with open(os.path.join(REPO, "assets/levels/demo.json")) as f:
        demo_text = f.read()
    def demo_with(name, mutate):
        level = json.loads(demo_text)
        mutate(level)
        return write(tmp, name, json.dumps(level))
    c = []
    c.append(model_case(".glb joint hierarchy 100,000 nodes deep", "deep", skinned_glb(mutate=deep_hierarchy(100000)),
                        "deep.glb: nodes"))
    c.append(model_case(".glb joint rest translation of 1e30", "far",
                        skinned_glb(mutate=node_field(1, "translation", [0, 1e30, 0])), "far.glb: nodes[1].translation"))
    c.append(model_case(".glb joint scale of 0", "flat", skinned_glb(mutate=node_field(1, "scale", [0, 0, 0])),
                        "flat.glb: nodes[1].scale"))
    def morph_targets(n):
        def mutate(gltf):
            primitive = gltf["meshes"][0]["primitives"][0]
            primitive["targets"] = [{"POSITION": primitive["attributes"]["POSITION"]}] * n
        return mutate
    c.append(model_case(".glb with 3000 morph targets (the importer gives each whole mesh-sized arrays)", "morph",
                        skinned_glb(mutate=morph_targets(3000)),
                        "morph.glb: meshes[0].primitives[0].targets: 3000 morph targets, more than 256"))
    big_chunk = ('{"asset": {"version": "2.0"}, "extras": "%s"}' % ("x" * (17 << 20))).encode()
    big_chunk += b" " * (-len(big_chunk) % 4)
    c.append(model_case(".glb whose JSON chunk is 17 MB (parsed twice, up to 20 times its size each)", "bigjson",
                        struct.pack("<5I", 0x46546C67, 2, 20 + len(big_chunk), len(big_chunk), 0x4E4F534A) +
                        big_chunk, "bigjson.glb: JSON chunk: 17825836 bytes, more than 16777216"))
    c.append(("model that is /dev/zero", ["--character", character_file(tmp, "zero_model.json", model="/dev/zero")], 2,
              "zero_model.json: model: /dev/zero: lies outside", None))
    c.append(("model path climbing out of the folder (../../../../etc/passwd)",
              ["--character", character_file(tmp, "climb_model.json", model="../../../../etc/passwd")], 2,
              "climb_model.json: model: ../../../../etc/passwd: lies outside", None))
    os.symlink("/etc/passwd", os.path.join(tmp, "link.glb"))
    c.append(("model that is a symbolic link to /etc/passwd",
              ["--character", character_file(tmp, "link_model.json", model="link.glb")], 2,
              "link_model.json: model: link.glb: lies outside", None))
    c.append(("variant outside the folder (/etc/passwd)",
              ["--character", character_file(tmp, "far_variant.json", variants={"red": "/etc/passwd"})], 2,
              "far_variant.json: variants.red: /etc/passwd: lies outside", None))
    os.symlink("/dev/full", os.path.join(tmp, "full.png"))
    c.append(("screenshot onto a full disk (/dev/full)",
              ["--frames", "3", "--screenshot", os.path.join(tmp, "full.png")], 2,
              "full.png: cannot write PNG (No space left on device)", None))
    c.append(("character file that is /dev/zero", ["--character", "/dev/zero"], 2, "/dev/zero: not a regular file",
              None))
    c.append(("settings file that is /dev/zero (carries on with defaults)", ["--config", "/dev/zero"], 0,
              "/dev/zero: not a regular file", None))
    c.append(("model that is a FIFO", ["--character", character_file(tmp, "fifo_model.json", model=fifo)], 2,
              "level.fifo: not a regular file", None))
    npc = {"x": 50, "patrol": [46, 55], "variant": "red"}
    c.append(("level with 100,000 NPCs", ["--level", demo_with("npcs.json", lambda l: l.update(npcs=[npc] * 100000))],
              2, "npcs.json: npcs: 100000", None))
    enemy = dict(npc, role="enemy", health=25)
    c.append(("enemy with 25 hit points (at most 20)", ["--level", demo_with("enemy_hp.json", lambda l: l.update(npcs=[enemy]))],
              2, "enemy_hp.json: npcs[0].health: 25 is outside 1..20 hit points", None))
    gem = {"x": 10, "height": 1.0}
    c.append(("level with 100,000 gems",
              ["--level", demo_with("gems.json", lambda l: l.update(collectibles=[gem] * 100000))], 2,
              "gems.json: collectibles: 100000", None))
    c.append(("medals in the wrong order",
              ["--level", demo_with("medals.json", lambda l: l.update(medals={"gold": 90, "silver": 60,
                                                                               "bronze": 120}))], 2,
              "medals.json: medals.silver: 60 must be longer than gold (90 s)", None))
    c.append(("a mood the level format has not",
              ["--level", demo_with("mood.json", lambda l: l.update(mood={"sky": "noon", "ground": "paving"}))], 2,
              'mood.json: mood.sky: "noon" is not one of: day, dusk', None))
    prop = {"kind": "tree", "x": 1, "z": -2.2, "scale": 1.2}
    c.append(("level with 100,000 props",
              ["--level", demo_with("props.json", lambda l: l.update(props=[prop] * 100000))], 2,
              "props.json: props: 100000", None))
    c.append(("level with 100,000 rocks",
              ["--level", demo_with("rocks.json", lambda l: l.update(rocks=[l["rocks"][0]] * 100000))], 2,
              "rocks.json: rocks: 100000", None))
    points = [[i * 0.01, 0] for i in range(1000000)]
    c.append(("level with 1,000,000 terrain points",
              ["--level", level_with(tmp, "points.json", lambda l: l["terrain"].update(points=points))], 2,
              "points.json: terrain.points: 1000000", None))
    c.append(model_case("20000 x 20000 PNG texture inside a .glb (0.4 MB)", "bigtex",
                        skinned_glb(image=png(20000, 20000)), "bigtex.glb: images[0]: 20000 x 20000"))
    c.append(model_case("16384 x 4 PNG texture (wider than 8192)", "widetex", skinned_glb(image=png(16384, 4)),
                        "widetex.glb: images[0]: 16384 x 4"))
    c.append(("a .glb whose file is 2 GB (sparse)",
              ["--character", character_file(tmp, "huge_glb.json", model=sparse_file(
                  tmp, "huge.glb", 2 << 30, skinned_glb()[:12]))], 2, "huge.glb: 2147483648 bytes", None))
    c.append(("200 MB level file", ["--level", sparse_file(tmp, "big_level.json", 200 << 20, b"{")], 2,
              "big_level.json: 209715200 bytes", None))
    c.append(model_case("clip channel with 200,000 keys", "keys", skinned_glb(keys=200000), "keys.glb: animations[0].samplers[0]"))
    c.append(model_case("clip rotation key of 1e30", "far_key", skinned_glb(first_key_w=1e30),
                        "far_key.glb: animation 'wave': clip 'wave': joint 0 rotation key 0 has a component of magnitude 1e+30"))
    c.append(model_case("two 4,000,000-matrix accessors sharing one buffer view (512 MB decoded)", "shared_view",
                        skinned_glb(mutate=extra_accessors(2, 4000000, "MAT4")), "shared_view.glb: accessors: "))
    c.append(model_case("2,000 animations", "anims", skinned_glb(mutate=repeated_animations(2000)),
                        "anims.glb: animations: 2000 entries, more than 1024"))
    c.append(model_case(".glb buffer whose uri is /etc/hostname", "uri_host", skinned_glb(mutate=buffers("/etc/hostname")),
                        "uri_host.glb: buffers[0].uri"))
    c.append(model_case(".glb buffer whose uri is /dev/zero", "uri_zero", skinned_glb(mutate=buffers("/dev/zero")),
                        "uri_zero.glb: buffers[0].uri"))
    c.append(model_case("inverse bind matrices all zero", "zero_ibm", skinned_glb(ibm_scale=0.0),
                        "zero_ibm.glb: skins: the inverse bind matrix"))
    c.append(model_case("sampler with fewer outputs than inputs", "short_sampler", skinned_glb(mutate=sampler_outputs(1)),
                        "short_sampler.glb: animations[0].samplers[0]"))
    c.append(("character file whose left leg names arm joints",
              ["--character", character_file(tmp, "arm_legs.json", legs__left__upper="upper_arm_l",
                                             legs__left__mid="forearm_l", legs__left__end="hand_l")], 2,
              "arm_legs.json: legs.left", None))
    c.append(("character file whose pelvis is a foot",
              ["--character", character_file(tmp, "foot_pelvis.json", pelvis="foot_l")], 2, "foot_pelvis.json: pelvis",
              None))
    c.append(("character file whose sword is stowed on a joint the climb does not carry it on",
              ["--character", character_file(tmp, "hip_sword.json", props__sword__stow="pelvis")], 2,
              "hip_sword.json: props.sword: the climb_up clip moves 'sword'", None))
    c.append(("character file whose prop is a joint of the arm",
              ["--character", character_file(tmp, "arm_prop.json", props__sword__joint="hand_r")], 2,
              "arm_prop.json: props.sword.joint: joint 'hand_r' carries 'hand_r'", None))
    with open(os.path.join(REPO, "assets/characters/knight.json")) as f:
        knight_text = f.read()
    c.append(("character file naming \"model\" twice",
              ["--character", write(tmp, "twice.json", knight_text.replace('"model":', '"model": "x.glb", "model":', 1))],
              2, "twice.json: duplicate key \"model\"", None))
    c.append(("level naming \"spawn\" twice",
              ["--level", write(tmp, "twice_level.json", demo_text.replace('"spawn":', '"spawn": {}, "spawn":', 1))], 2,
              "twice_level.json: duplicate key \"spawn\"", None))
    c += depth_cases(tmp, knight_text, demo_text)
    c += image_format_cases(model_case)
    c += settings_kept_cases(tmp)
    c += output_over_input_cases(tmp)
    c += long_message_cases(tmp, model_case)
    c += data_folder_cases(tmp)
    # In a folder of its own: the corrupt settings case beside it would
    # remove the temp file first.
    os.mkdir(os.path.join(tmp, "killed"))
    write(tmp, "killed/settings.json.tmp.999999999", "{}")
    c.append(("stale settings temp file (a save killed by SIGKILL)",
              ["--config", os.path.join(tmp, "killed", "settings.json")], 0,
              "settings.json.tmp.999999999: removed", None))
    return c


def depth_cases(tmp, knight_text, demo_text):
    """JSON nested 100,000 deep (the cap is 128) in every JSON input: each is
    refused by a scan of the text before any parser (or assimp) recurses."""
    deep = "[" * 100000 + "]" * 100000
    chunk = ('{"asset": {"version": "2.0"}, "extras": %s}' % deep).encode()
    chunk += b" " * (-len(chunk) % 4)
    deep_glb = struct.pack("<5I", 0x46546C67, 2, 20 + len(chunk), len(chunk), 0x4E4F534A) + chunk
    return [
        ("character file whose name is 100,000 nested arrays",
         ["--character", write(tmp, "deep_name.json", knight_text.replace('"name":', '"name": %s, "_":' % deep, 1))],
         2, "deep_name.json: name[0][0][0][0][0]...: nested more than 128 deep", None),
        ("level with 100,000 nested arrays",
         ["--level", write(tmp, "deep_level.json", demo_text.replace('"spawn":', '"spawn": %s, "_":' % deep, 1))], 2,
         "deep_level.json: spawn[0][0][0][0][0]...: nested more than 128 deep", None),
        ("settings file with 100,000 nested arrays (carries on with defaults)",
         ["--config", write(tmp, "deep_settings.json", '{"ik": %s}' % deep)], 0,
         "deep_settings.json: ik[0][0][0][0][0]...: nested more than 128 deep", None),
        (".glb whose JSON chunk nests 100,000 deep (assimp's reader recurses)",
         ["--character", character_file(tmp, "deep_json.json", model=write(tmp, "deep_json.glb", deep_glb))], 2,
         "deep_json.glb: JSON chunk: extras[0][0][0][0][0]...: nested more than 128 deep", None),
    ]


def jpeg_header(width, height, fill):
    """A baseline JPEG up to its frame header, with `fill` 0xFF fill bytes
    (legal) before the SOF0 marker."""
    components = b"".join(bytes([k, 0x11, 0]) for k in (1, 2, 3))  # Y, Cb, Cr: three buffers of w x h
    return (b"\xff\xd8" + b"\xff" * fill + b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) +
            components + b"\xff\xd9")


def image_format_cases(model_case):
    """stb_image decodes formats besides PNG and JPEG, and a JPEG's size may
    follow fill bytes: both once got past the texture size cap."""
    hdr = b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 11000 +X 11000\n" + b"\x02\x02\x2a\xf8" * 10
    return [
        model_case("93-byte Radiance HDR texture of 11000 x 11000 (2.4 GB decoded)", "hdrtex",
                   skinned_glb(image=hdr[:93]), "hdrtex.glb: images[0]: a Radiance HDR image, not a PNG or JPEG"),
        model_case("20000 x 20000 JPEG texture whose frame marker follows a fill byte (3.2 GB decoded before)", "filljpeg",
                   skinned_glb(image=jpeg_header(20000, 20000, 1)),
                   "filljpeg.glb: images[0]: 20000 x 20000 pixels, more than 8192 on a side"),
    ]


def unchanged(path):
    """An after-run check: the file at `path` still holds what it held
    when the case was built (the game never saved over it)."""
    with open(path, "rb") as f:
        before = f.read()
    def check():
        with open(path, "rb") as f:
            return None if f.read() == before else "%s was written over" % os.path.basename(path)
    return check


def reads_back(path):
    """An after-run check: the settings the run saved are within the
    reader's 1 MiB and are JSON."""
    def check():
        size = os.path.getsize(path)
        if size > 1 << 20:
            return "saved %d bytes, more than the 1 MiB the reader accepts" % size
        with open(path) as f:
            json.load(f)
        return None
    return check


def settings_kept_cases(tmp):
    """A settings file the game cannot read whole is kept as it is; one it
    reads is saved back within the reader's cap."""
    c = []
    for what, name, text, needle in [
            ("with an overflowing number", "overflow_settings.json", '{"audio": {"master": 1e400}}',
             "not valid JSON settings"),
            ('naming "ik" twice', "twice_settings.json", '{"ik": {}, "ik": {}}', 'duplicate key "ik"')]:
        path = write(tmp, name, text)
        c.append(("settings file %s (kept as it is, never saved over)" % what, ["--config", path], 0,
                  "%s: %s; using the defaults (the file is kept as it is, not saved over)" % (name, needle),
                  {"_AFTER": unchanged(path)}))
    # 988 KB of compact key lists: the old writer indented each name onto
    # its own line and saved 2.7 MB, which the next run refused as too large.
    os.mkdir(os.path.join(tmp, "keys"))
    path = write(tmp, "keys/settings.json", '{"keys": {"jump": [%s]}}' % ",".join(['"A"'] * 247000))
    c.append(("settings file of 988 KB whose key list is 247,000 long (saved back under 1 MiB)",
              ["--config", path], 0, "keys/settings.json: keys.jump: expected an array of 1..8 key names",
              {"_AFTER": reads_back(path)}))
    return c


def output_over_input_cases(tmp):
    """--metrics and --screenshot never write over a file the run reads,
    however they name it (compared by device and inode)."""
    with open(os.path.join(REPO, "assets/levels/test_terrain.json")) as f:
        level = write(tmp, "metrics_level.json", f.read())
    os.mkdir(os.path.join(tmp, "shot"))
    model = os.path.join(tmp, "shot", "model.glb")
    shutil.copy(os.path.join(REPO, "assets/knights/knight_player.glb"), model)
    os.symlink(model, os.path.join(tmp, "shot", "shot.png"))
    settings = write(tmp, "out_settings.json", "{}")
    os.link(settings, os.path.join(tmp, "out_settings_link.json"))
    return [
        ("--metrics onto the level file", ["--level", level, "--metrics", level], 2,
         "metrics_level.json is the level of this run: not written over", {"_AFTER": unchanged(level)}),
        ("--screenshot onto the character's model through a symbolic link",
         ["--character", character_file(tmp, "shot/shot.json", model="model.glb"), "--screenshot",
          os.path.join(tmp, "shot", "shot.png")], 2, "shot/shot.png is a model of this run",
         {"_AFTER": unchanged(model)}),
        ("--metrics onto the settings file through a hard link",
         ["--config", settings, "--metrics", os.path.join(tmp, "out_settings_link.json")], 2,
         "out_settings_link.json is the settings of this run", {"_AFTER": unchanged(settings)}),
    ]


def long_message_cases(tmp, model_case):
    """Text from a file inside a message: cut to one line of at most 300
    characters (every case's output is checked for that too)."""
    level = {"name": "x", "k" * (15 << 20): 1}
    def newline_attribute(gltf):
        gltf["meshes"][0]["primitives"][0]["attributes"]["JOINTS_9\nknights: a second line"] = 1
    return [
        ("level whose unknown field's name is 15 MB (the error was 15 MB on one line)",
         ["--level", write(tmp, "big_key.json", json.dumps(level))], 2, "big_key.json: kkkkkkkk", None),
        model_case(".glb attribute whose name holds a newline", "newline_attr", skinned_glb(mutate=newline_attribute),
                   "attributes.JOINTS_9 knights: a second line"),
    ]


def data_folder_cases(tmp):
    """Every file the game names itself is read from inside the data folder
    (links resolved), and KNIGHTS_DATA_DIR wins over the working directory."""
    link_sound = data_dir_with_sound(tmp, "linksound", "jump.wav", None)
    os.symlink("/etc/passwd", os.path.join(link_sound["_CWD"], "assets", "sounds", "jump.wav"))
    link_character = data_dir_with_sound(tmp, "linkchar", "none.wav", None)
    knight = os.path.join(link_character["_CWD"], "assets", "characters", "knight.json")
    os.remove(knight)
    os.symlink("/etc/passwd", knight)
    good = data_dir_with_sound(tmp, "gooddata", "none.wav", None)
    shadow = os.path.join(tmp, "shadow")
    os.makedirs(os.path.join(shadow, "assets", "levels"))
    write(os.path.join(shadow, "assets", "levels"), "demo.json", "{")
    packaged = os.path.join(tmp, "packaged")
    os.mkdir(packaged)
    for entry in ("assets", "shaders"):
        os.symlink(os.path.join(REPO, entry), os.path.join(packaged, entry))
    started = "knight_player.glb] 24 joints"
    return [
        ("sound that is a symbolic link to /etc/passwd", [], 2,
         "jump.wav: lies outside the data folder", link_sound),
        ("shipped character file that is a symbolic link to /etc/passwd", [], 2,
         "knight.json: lies outside the data folder", link_character),
        ("a broken assets/levels/demo.json in the working directory (KNIGHTS_DATA_DIR wins)", [], 0, started,
         dict(good, _CWD=shadow)),
        ("data folder whose assets and shaders are symbolic links (a packaging layout)", [], 0, started,
         {"KNIGHTS_DATA_DIR": packaged, "_CWD": tmp}),
    ]


# docs/bad-inputs.md above its table (the page --markdown writes).
PAGE_INTRO = """# Bad input

Every way bad data can come in ends in one line (of at most 300 characters:
text from a file is cut, newlines in it become spaces) naming the file (and,
for JSON, the field) and the problem, with exit code 2 (3 when no OpenGL 3.3
context can be had); never a crash, a hang or a half-started game. A corrupt
settings file is the one exception: the game warns and carries on with the
defaults, and keeps the file as it is (it never saves over a settings file
it could not read whole; the case's check reads the file after the run). `tools/bad_inputs.py build/src/knights` builds each of these inputs
and checks the answer (it runs in the test suite);
`tools/bad_inputs.py build/src/knights --markdown > docs/bad-inputs.md`
writes this page.
"""


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    knights = os.path.abspath(sys.argv[1])
    markdown = "--markdown" in sys.argv
    failures = 0
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for what, args, expected, needle, env_extra in cases(tmp):
            env = dict(os.environ)
            cwd = REPO
            after = env_extra.pop("_AFTER", None) if env_extra else None
            if env_extra:
                env.update(env_extra)
                cwd = env.pop("_CWD", REPO)
            argv = [knights, "--headless", "--frames", "5"] + args
            try:
                run = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIME_LIMIT_S,
                                     preexec_fn=cap_memory)
                code, output = run.returncode, (run.stderr + run.stdout)
            except subprocess.TimeoutExpired:
                code, output = "hang", "(no answer within %g s)" % TIME_LIMIT_S
            # The line the game said about the problem.
            lines = [l for l in output.splitlines() if needle in l]
            errors = [l for l in output.splitlines() if l.startswith("knights: ")]
            said = lines[0] if lines else "(nothing matching: %r)" % (errors[-1] if errors else output.strip()[-200:])
            ok = code == expected and len(lines) == 1
            too_long = [l for l in output.splitlines() if len(l) > MAX_LINE_CHARS]
            if too_long:
                ok, said = False, said[:200] + " (a line of %d characters)" % len(too_long[0])
            problem_after = after() if after is not None and code != "hang" else None
            if problem_after:
                ok, said = False, said + " (after the run: %s)" % problem_after
            if code != 0 and expected != 0:
                # On failure, the problem is the last line and the only one on stderr.
                ok = ok and len([l for l in run.stderr.splitlines() if l.strip()]) <= 2
            failures += 0 if ok else 1
            said = said.replace(tmp + "/", "").replace(REPO + "/", "").replace(tmp, "/tmp/tmpXXXXXX")
            said = said.replace(REPO, "/path/to/knights")  # the checkout, wherever it is
            rows.append((what, code, said, ok))
    if markdown:
        print(PAGE_INTRO)
        print("| bad input | exit | what the game says |")
        print("|---|---|---|")
        for what, code, said, ok in rows:
            print("| %s | %s | `%s` |" % (what, code, said.replace("|", "\\|")))
    else:
        for what, code, said, ok in rows:
            print("%s %-55s exit %-4s %s" % ("ok  " if ok else "FAIL", what, code, said))
        # The failures again, last, where a log's tail shows them.
        for what, code, said, ok in rows:
            if not ok:
                print("FAIL %s: exit %s, %s" % (what, code, said))
        print("%d passed, %d failed" % (len(rows) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
