# Reads the exported squire.glb back (numpy only, no bpy) and checks it
# against squire_spec.json the way a game loader would see it: joints,
# clips, keys, loops, contact drift, skin weights, ground, bind pose.
# check(path, spec) returns a report dict or raises CheckFailed.
import json
import math
import struct

import numpy as np

COMPONENT = {5120: np.int8, 5121: np.uint8, 5122: np.int16, 5123: np.uint16,
             5125: np.uint32, 5126: np.float32}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}
GROUND_CLIPS = ("idle", "walk", "run", "jump_up", "land", "jump", "turn")
DRIFT_LIMIT_M = 0.002
SHARP_M = 0.003


class CheckFailed(Exception):
    pass


def need(ok, msg):
    if not ok:
        raise CheckFailed(msg)


class Glb:
    def __init__(self, path):
        data = open(path, "rb").read()
        magic, version, _ = struct.unpack_from("<III", data, 0)
        need(magic == 0x46546C67 and version == 2, "not a glTF 2 binary")
        jlen, jtype = struct.unpack_from("<II", data, 12)
        self.doc = json.loads(data[20:20 + jlen])
        blen, _ = struct.unpack_from("<II", data, 20 + jlen)
        self.bin = data[28 + jlen:28 + jlen + blen]
        self.nodes = self.doc["nodes"]
        self.parent = {c: i for i, n in enumerate(self.nodes) for c in n.get("children", [])}
        self.index = {n.get("name"): i for i, n in enumerate(self.nodes)}

    def accessor(self, i):
        acc = self.doc["accessors"][i]
        view = self.doc["bufferViews"][acc["bufferView"]]
        dtype = np.dtype(COMPONENT[acc["componentType"]])
        width = WIDTH[acc["type"]]
        start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
        stride = view.get("byteStride", dtype.itemsize * width)
        count = acc["count"]
        if stride == dtype.itemsize * width:
            out = np.frombuffer(self.bin, dtype, width * count, start)
        else:
            out = np.concatenate([np.frombuffer(self.bin, dtype, width, start + k * stride)
                                  for k in range(count)])
        return out.astype(np.float64).reshape(count, width)


def trs(t=(0, 0, 0), r=(0, 0, 0, 1), s=(1, 1, 1)):
    x, y, z, w = r
    m = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                  [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                  [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
    out = np.eye(4)
    out[:3, :3] = m * np.array(s)[None, :]
    out[:3, 3] = t
    return out


def find_extras(obj, where="$"):
    found = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "extras":
                found.append(where)
            found += find_extras(v, where + "." + k)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            found += find_extras(v, "%s[%d]" % (where, i))
    return found


class Poser:
    """Node transforms of one clip at key k (LINEAR keys sit on frames)."""

    def __init__(self, glb, anim, fps):
        self.glb = glb
        self.n_keys = None
        self.tracks = {}
        for ch in anim["channels"]:
            smp = anim["samplers"][ch["sampler"]]
            need(smp.get("interpolation", "LINEAR") == "LINEAR",
                 "%s: non-LINEAR sampler" % anim["name"])
            times = glb.accessor(smp["input"])[:, 0]
            frames = np.arange(len(times)) / fps
            need(np.max(np.abs(times - frames)) < 1e-4,
                 "%s: keys are not one per frame from t = 0" % anim["name"])
            need(self.n_keys in (None, len(times)), "%s: channels differ in key count" % anim["name"])
            self.n_keys = len(times)
            self.tracks[(ch["target"]["node"], ch["target"]["path"])] = glb.accessor(smp["output"])

    def local(self, node, k):
        n = self.glb.nodes[node]
        t = self.tracks.get((node, "translation"))
        r = self.tracks.get((node, "rotation"))
        s = self.tracks.get((node, "scale"))
        return trs(n.get("translation", (0, 0, 0)) if t is None else t[k],
                   n.get("rotation", (0, 0, 0, 1)) if r is None else r[k] / np.linalg.norm(r[k]),
                   n.get("scale", (1, 1, 1)) if s is None else s[k])

    def world(self, node, k, cache):
        if node not in cache:
            m = self.local(node, k)
            par = self.glb.parent.get(node)
            cache[node] = m if par is None else self.world(par, k, cache) @ m
        return cache[node]


def rest_world(glb, node):
    m = trs(glb.nodes[node].get("translation", (0, 0, 0)), glb.nodes[node].get("rotation", (0, 0, 0, 1)),
            glb.nodes[node].get("scale", (1, 1, 1)))
    par = glb.parent.get(node)
    return m if par is None else rest_world(glb, par) @ m


def check_mesh(glb, spec, report):
    meshes = [n for n in glb.nodes if "mesh" in n]
    need(len(meshes) == 1 and "skin" in meshes[0], "expected one skinned mesh node")
    need(not any(k in meshes[0] for k in ("translation", "rotation", "scale", "matrix")),
         "the skinned mesh node must have no transform")
    tris, lowest, highest = 0, 1e9, -1e9
    for prim in glb.doc["meshes"][meshes[0]["mesh"]]["primitives"]:
        attrs = prim["attributes"]
        need("JOINTS_1" not in attrs and "WEIGHTS_1" not in attrs, "more than 4 influences")
        pos = glb.accessor(attrs["POSITION"])
        w = glb.accessor(attrs["WEIGHTS_0"])
        need(np.max(np.abs(w.sum(axis=1) - 1.0)) < 1e-3, "weights do not sum to 1")
        need(int(np.max((w > 0).sum(axis=1))) <= spec["max_influences"], "too many influences")
        tris += glb.doc["accessors"][prim["indices"]]["count"] // 3
        lowest, highest = min(lowest, pos[:, 1].min()), max(highest, pos[:, 1].max())
    need(lowest >= -0.001, "mesh reaches %.4f m below the ground in the bind pose" % lowest)
    need(abs(highest - spec["height_m"]) < 0.02, "height %.3f m, spec %.3f" % (highest, spec["height_m"]))
    need(spec["triangles_min"] <= tris <= spec["triangles_max"], "%d triangles" % tris)
    mats = glb.doc["materials"]
    need(len(mats) == 1 and not mats[0].get("doubleSided", False), "one single-sided material")
    need(len(glb.doc.get("images", [])) == 1 and "bufferView" in glb.doc["images"][0], "one embedded image")
    report.update(triangles=tris, lowest_m=lowest, height_m=highest)


def check_skeleton(glb, spec, report):
    skin = glb.doc["skins"][0]
    joints = skin["joints"]
    need(len(joints) == spec["skeleton"]["joint_count"], "%d joints" % len(joints))
    roots = [j for j in joints if glb.parent.get(j) not in joints]
    need([glb.nodes[j]["name"] for j in roots] == [spec["skeleton"]["root_joint"]], "root joint")
    ibm = glb.accessor(skin["inverseBindMatrices"]).reshape(-1, 4, 4).transpose(0, 2, 1)
    worst = max(np.max(np.abs(rest_world(glb, j) @ ibm[i] - np.eye(4))) for i, j in enumerate(joints))
    need(worst < 1e-4, "bind pose skinning is not the identity (%g)" % worst)
    # Contact points: joint-local -> model space in the bind pose.
    pts = {}
    for key, e in spec["contact_points"].items():
        g = rest_world(glb, glb.index[e["joint"]])
        pts[key] = (g @ np.array(list(e["local_m"]) + [1.0]))[:3]
    for s in "lr":
        need(abs(pts["sole_" + s][1]) < 1e-3 and abs(pts["ball_" + s][1]) < 1e-3, "soles not on y = 0")
        need(pts["ball_" + s][2] > pts["sole_" + s][2] + 0.05, "toes do not point to +Z")
    need(pts["sole_l"][0] > 0.05 > -0.05 > pts["sole_r"][0], "left foot is not on +X")
    report["joints"] = len(joints)
    report["rest_points_gltf_m"] = {k: [round(float(c), 4) for c in v] for k, v in sorted(pts.items())}


def limb_points(spec, limb):
    if limb.startswith("hand"):
        return ["grip_" + limb[-1]]
    return ["sole_" + limb[-1], "ball_" + limb[-1]]


def check_clip(glb, spec, anim, clip):
    name, fps, n = clip["name"], spec["fps"], clip["frames"]
    poser = Poser(glb, anim, fps)
    need(poser.n_keys == n + 1, "%s: %s keys, want %d" % (name, poser.n_keys, n + 1))
    if clip["loop"]:
        for (node, path), vals in poser.tracks.items():
            a, b = vals[0], vals[-1]
            d = min(np.max(np.abs(a - b)), np.max(np.abs(a + b))) if path == "rotation" else np.max(np.abs(a - b))
            need(d < 1e-5, "%s: loop does not close at %s.%s (%g)" % (name, glb.nodes[node]["name"], path, d))
    worlds = []
    for k in range(n + 1):
        cache = {}
        worlds.append(cache)
        for e in spec["contact_points"].values():
            poser.world(glb.index[e["joint"]], k, cache)
        poser.world(glb.index["spine"], k, cache)
    vel = np.array(clip.get("planted_velocity_gltf_mps", (0.0, 0.0, 0.0))) / fps
    need(abs(np.linalg.norm(vel) * fps - clip.get("speed_mps", 0.0)) < 1e-9, "%s: speed vs velocity" % name)
    worst = 0.0

    def point(key, k):
        e = spec["contact_points"][key]
        return (worlds[k][glb.index[e["joint"]]] @ np.array(list(e["local_m"]) + [1.0]))[:3]

    for limb, ranges in clip["contacts"].items():
        held = {k % n if clip["loop"] else k for a, b in ranges for k in range(a, b + 1)}
        for a, b in ranges:
            for key in limb_points(spec, limb):
                p = [point(key, k) for k in range(a, b + 1)]
                drift = max(np.linalg.norm(p[i] - (p[0] + vel * i)) for i in range(len(p)))
                worst = max(worst, drift)
                need(drift < DRIFT_LIMIT_M, "%s %s [%d, %d] %s drifts %.4f m" % (name, limb, a, b, key, drift))
                if name in GROUND_CLIPS and limb.startswith("foot"):
                    low = max(abs(q[1]) for q in p)
                    need(low < 1e-3, "%s %s [%d, %d]: %s off the ground by %.4f" % (name, limb, a, b, key, low))
            # The frames just outside a range are clearly off the contact's
            # path, so a detector finds the same range.
            for k, steps, anchor in ((a - 1, -1, a), (b + 1, 1, b)):
                if clip["loop"]:
                    k %= n
                if k < 0 or k > n or k in held:
                    continue
                off = max(np.linalg.norm(point(key, k) - (point(key, anchor) + vel * steps))
                          for key in limb_points(spec, limb))
                need(off > SHARP_M, "%s %s [%d, %d]: frame %d is only %.4f m off the contact" %
                     (name, limb, a, b, k, off))
    hips = [worlds[k][glb.index["spine"]] for k in range(n + 1)]
    return worst, hips


def yaw_between(m0, m1):
    """How far the hips turned from m0 to m1 about +Y (radians, + = to the
    squire's left, counter-clockwise seen from above)."""
    f = m1[:3, :3] @ m0[:3, :3].T @ np.array([0.0, 0.0, 1.0])
    return math.atan2(f[0], f[2])


def joint_worlds(glb, anim, fps, k):
    poser = Poser(glb, anim, fps)
    cache = {}
    return np.array([poser.world(j, k, cache) for j in glb.doc["skins"][0]["joints"]])


def check_transitions(glb, spec, anims, clips):
    """Clips that hand over to each other share their poses exactly; the
    hips carry the exit's shift and the turn's half turn; climb_down is
    climb_up backwards; the hips keep their place while getting on."""
    fps = spec["fps"]

    def at(name, k):
        return joint_worlds(glb, anims[name], fps, k if k >= 0 else clips[name]["frames"] + 1 + k)

    def same(a, b, what):
        d = np.max(np.abs(a - b))
        need(d < 2e-4, "%s (%g)" % (what, d))

    idle0, climb0 = at("idle", 0), at("climb_up", 0)
    shift = np.eye(4)
    shift[:3, 3] = clips["ladder_exit_top"]["hips_end_shift_gltf_m"]
    yaw = math.radians(clips["turn"]["hips_yaw_deg"])
    turn = trs(r=(0.0, math.sin(yaw / 2), 0.0, math.cos(yaw / 2)))
    same(at("ladder_enter_bottom", 0), idle0, "ladder_enter_bottom does not start in idle frame 0")
    same(at("ladder_enter_bottom", -1), climb0, "ladder_enter_bottom does not end in climb_up frame 0")
    same(at("ladder_exit_top", 0), climb0, "ladder_exit_top does not start in climb_up frame 0")
    same(at("ladder_exit_top", -1), shift @ idle0, "ladder_exit_top does not end in idle frame 0, shifted")
    same(at("land", -1), idle0, "land does not end in idle frame 0")
    same(at("jump", 0), idle0, "jump does not start in idle frame 0")
    same(at("jump", -1), idle0, "jump does not end in idle frame 0")
    same(at("turn", 0), idle0, "turn does not start in idle frame 0")
    same(at("turn", -1), turn @ idle0, "turn does not end in idle frame 0, turned")
    n = clips["climb_up"]["frames"]
    for k in range(n + 1):
        same(at("climb_down", k), at("climb_up", n - k), "climb_down frame %d is not climb_up frame %d" % (k, n - k))
    spine = glb.doc["skins"][0]["joints"].index(glb.index["spine"])
    hips = np.array([at("ladder_enter_bottom", k)[spine][:3, 3] for k in range(clips["ladder_enter_bottom"]["frames"] + 1)])
    need(np.max(np.abs(hips[:, [0, 2]] - hips[0, [0, 2]])) < 1e-4, "ladder_enter_bottom moves the hips sideways")
    # Holds at climb_up frame 0: grip points on rung centres, balls on rung tops.
    joints = glb.doc["skins"][0]["joints"]
    for limb, want in spec["ladder"]["holds_climb_frame0_gltf_m"].items():
        key = ("grip_" if limb.startswith("hand") else "ball_") + limb[-1]
        e = spec["contact_points"][key]
        p = (climb0[joints.index(glb.index[e["joint"]])] @ np.array(list(e["local_m"]) + [1.0]))[:3]
        need(np.max(np.abs(p - np.array(want))) < 1e-3, "climb_up frame 0: %s at %s, spec %s" % (key, p, want))


def check_jump(glb, spec, anim, clip, hips):
    """The jump is in place; the hips are highest at the apex frame, above
    the standing height; between the contacts both feet are clearly off the
    ground (their lowest sole or ball point), the flight at least 0.3 s."""
    fps, n = spec["fps"], clip["frames"]
    (_, off), (down, _) = clip["contacts"]["foot_l"]
    apex = clip["apex_frame"]
    xz = np.array([[h[0, 3], h[2, 3]] for h in hips])
    need(np.max(np.abs(xz)) < 0.05, "jump: hips wander %.3f m" % np.max(np.abs(xz)))
    y = np.array([h[1, 3] for h in hips])
    need(int(np.argmax(y)) == apex and y[apex] > y[0] + 0.02,
         "jump: hips highest at frame %d (%.3f m), spec apex %d" % (int(np.argmax(y)), y.max(), apex))
    need((down - off) / fps >= 0.3, "jump: flight %.3f s" % ((down - off) / fps))
    poser = Poser(glb, anim, fps)
    lowest = []
    for k in range(n + 1):
        cache = {}
        low = []
        for key in ("sole_l", "ball_l", "sole_r", "ball_r"):
            e = spec["contact_points"][key]
            m = poser.world(glb.index[e["joint"]], k, cache)
            low.append((m @ np.array(list(e["local_m"]) + [1.0]))[1])
        lowest.append(min(min(low[:2]), min(low[2:])) if off < k < down else max(low))
    air = min(lowest[off + 1:down])
    need(air > SHARP_M, "jump: a foot is only %.4f m above the ground in the flight" % air)
    return {"take_off_s": round(off / fps, 4), "apex_s": round(apex / fps, 4), "touch_down_s": round(down / fps, 4),
            "apex_hips_above_start_m": round(float(y[apex] - y[0]), 4), "flight_lowest_foot_m": round(float(air), 4),
            "apex_feet_lowest_m": round(float(lowest[apex]), 4)}


def check(path, spec):
    glb = Glb(path)
    report = {}
    need(not find_extras(glb.doc), "extras found: %s" % find_extras(glb.doc)[:5])
    check_mesh(glb, spec, report)
    check_skeleton(glb, spec, report)
    anims = {a["name"]: a for a in glb.doc["animations"]}
    need(sorted(anims) == sorted(c["name"] for c in spec["clips"]), "clip names %s" % sorted(anims))
    drift, hips_of = {}, {}
    for clip in spec["clips"]:
        drift[clip["name"]], hips_of[clip["name"]] = check_clip(glb, spec, anims[clip["name"]], clip)
    idle0 = hips_of["idle"][0]
    for name in ("walk", "run", "climb_up", "climb_down", "idle"):
        xz = np.array([[h[0, 3], h[2, 3]] for h in hips_of[name]])
        need(np.max(np.abs(xz)) < 0.05, "%s: hips wander %.3f m" % (name, np.max(np.abs(xz))))
    clips = {c["name"]: c for c in spec["clips"]}
    exit_end = hips_of["ladder_exit_top"][-1]
    shift = exit_end[:3, 3] - idle0[:3, 3]
    ex = spec["ladder"]["exit"]
    want = np.array([0.0, ex["ledge_height_m"], ex["stand_forward_m"]])
    need(np.max(np.abs(shift - want)) < 1e-3, "exit ends shifted by %s" % shift)
    ext = clips["ladder_exit_top"]
    need(np.max(np.abs(shift - ext["hips_end_shift_gltf_m"])) < 1e-3, "exit shift vs spec")
    need(np.max(np.abs(hips_of["ladder_exit_top"][0][:3, 3] - ext["hips_start_gltf_m"])) < 1e-3, "exit hips start")
    need(np.max(np.abs(exit_end[:3, 3] - ext["hips_end_gltf_m"])) < 1e-3, "exit hips end")
    need(np.max(np.abs(exit_end[:3, 3] - hips_of["ladder_exit_top"][0][:3, 3] -
                       ext["hips_end_minus_start_gltf_m"])) < 1e-3, "exit hips travel")
    need(np.max(np.abs(rest_world(glb, glb.index["spine"])[:3, 3] -
                       spec["skeleton"]["root_joint_rest_gltf_m"])) < 1e-3, "hips rest position")
    need(abs(idle0[1, 3] - spec["stance"]["hips_height_m"]) < 1e-4, "idle hips height")
    check_transitions(glb, spec, anims, clips)
    need(np.max(np.abs(exit_end[:3, :3] - idle0[:3, :3])) < 1e-4, "exit does not end in idle's hips rotation")
    report["jump"] = check_jump(glb, spec, anims["jump"], clips["jump"], hips_of["jump"])
    turn = hips_of["turn"]
    mid = yaw_between(turn[0], turn[len(turn) // 2])
    end = yaw_between(turn[0], turn[-1]) % (2 * math.pi)
    need(abs(end - math.pi) < 1e-3 and 0.3 < mid < 2.8, "turn: yaw %.3f (mid %.3f)" % (end, mid))
    need(abs(clips["turn"]["hips_yaw_deg"] - 180.0) < 1e-9, "turn: spec says %s" % clips["turn"]["hips_yaw_deg"])
    report.update(max_drift_m=drift, exit_hips_shift_gltf_m=[round(float(c), 5) for c in shift],
                  exit_hips_start_gltf_m=[round(float(c), 5) for c in hips_of["ladder_exit_top"][0][:3, 3]],
                  exit_hips_end_gltf_m=[round(float(c), 5) for c in exit_end[:3, 3]],
                  idle_hips_gltf_m=[round(float(c), 5) for c in idle0[:3, 3]],
                  turn_mid_yaw_deg=round(math.degrees(mid), 2))
    return report
