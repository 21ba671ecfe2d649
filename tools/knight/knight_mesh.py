# Low-poly knight geometry and its base-colour texture atlas (runs inside
# Blender, but only needs mathutils and numpy: no bpy here).
#
# Every part is built in the bind pose, in armature space (metres, +Z up,
# facing +X, left = +Y). Armour plates are bound rigidly (weight 1.0 to one
# joint); the mail sleeves, mail leggings, surcoat and skirt are blended
# between two or three joints so elbows, knees and hips bend cleanly.
# All faces map into one 256x256 atlas: flat colour swatches for steel,
# leather, gold..., a cylindrical heraldic panel for the surcoat and a planar
# heraldic panel for the shield face.
import math
import struct
import zlib

import numpy as np
from mathutils import Vector

V = Vector
ATLAS = 256
SWATCH_PX = 16
SWATCHES = ["steel", "steel_dark", "steel_light", "mail", "leather", "leather_dark",
            "gold", "black", "wood", "field", "charge", "field_dark", "plume", "grip",
            "white", "skin"]
# Atlas regions (pixels, x0, y0, size; y from the top of the image).
SURCOAT_REGION = (0, 64, 128)
SHIELD_REGION = (128, 64, 128)

# Shield outline, in the shield's own (w across, h up) coordinates, metres.
SHIELD_HALF_W = 0.24
SHIELD_TOP = 0.30
SHIELD_BOTTOM = -0.38
SHIELD_CURVE_M = 0.05      # how far the edges bend back from the face centre
SHIELD_THICK_M = 0.025
# Surcoat tube height range (bind pose z), for its cylindrical UVs.
SURCOAT_Z0, SURCOAT_Z1 = 1.00, 1.32


def swatch_uv(name):
    i = SWATCHES.index(name)
    px = (i % 16) * SWATCH_PX + SWATCH_PX * 0.5
    py = (i // 16) * SWATCH_PX + SWATCH_PX * 0.5
    return (px / ATLAS, 1.0 - py / ATLAS)


def region_uv(region, s, t):
    """s, t in [0,1] across a square region (t = 0 at the region's bottom)."""
    x0, y0, size = region
    s = min(max(s, 0.0), 1.0)
    t = min(max(t, 0.0), 1.0)
    # Keep half a pixel away from the region border (no bleeding).
    px = x0 + 0.5 + s * (size - 1)
    py = y0 + 0.5 + (1.0 - t) * (size - 1)
    return (px / ATLAS, 1.0 - py / ATLAS)


def shield_bottom(w):
    x = min(abs(w) / SHIELD_HALF_W, 1.0)
    return SHIELD_BOTTOM + (0.02 - SHIELD_BOTTOM) * x ** 1.7


# ---------------------------------------------------------------------------
# Mesh accumulation.

class MeshBuilder:
    def __init__(self):
        self.verts = []      # Vector, armature space
        self.weights = []    # list of {bone: weight}
        self.faces = []      # tuples of vertex indices
        self.face_uvs = []   # per face, a tuple of (u, v) per corner
        self.face_smooth = []
        self.face_part = []

    def add(self, verts, faces, weights, uv, smooth=False, part=""):
        """uv: swatch name (str) or a function (Vector) -> (u, v).
        weights: bone name (rigid) or a list of dicts, one per vertex."""
        base = len(self.verts)
        for i, v in enumerate(verts):
            self.verts.append(V(v))
            if isinstance(weights, str):
                self.weights.append({weights: 1.0})
            else:
                self.weights.append(dict(weights[i]))
        for f in faces:
            self.faces.append(tuple(base + i for i in f))
            if isinstance(uv, str):
                self.face_uvs.append(tuple(swatch_uv(uv) for _ in f))
            elif isinstance(uv, list):
                self.face_uvs.append(tuple(uv[i] for i in f))
            else:
                self.face_uvs.append(tuple(uv(V(verts[i])) for i in f))
            self.face_smooth.append(smooth)
            self.face_part.append(part)

    def triangle_count(self):
        return sum(len(f) - 2 for f in self.faces)


def ring_points(centre, ax_u, ax_v, ru, rv, n, phase=0.0):
    pts = []
    for i in range(n):
        a = 2.0 * math.pi * i / n + phase
        pts.append(centre + ax_u * (ru * math.cos(a)) + ax_v * (rv * math.sin(a)))
    return pts


def loft(rings, cap0=True, cap1=True, closed=True):
    """Quads between consecutive rings (same point count, same winding);
    returns (verts, faces). Caps are n-gons; a 1-point ring makes a fan.
    closed=False leaves the rings open (a strip, for seams in UV space)."""
    verts = []
    starts = []
    for r in rings:
        starts.append(len(verts))
        verts.extend(r)
    faces = []
    for k in range(len(rings) - 1):
        n0, n1 = len(rings[k]), len(rings[k + 1])
        s0, s1 = starts[k], starts[k + 1]
        if n0 == n1:
            for i in range(n0 if closed else n0 - 1):
                j = (i + 1) % n0
                faces.append((s0 + i, s0 + j, s1 + j, s1 + i))
        elif n1 == 1:
            for i in range(n0):
                j = (i + 1) % n0
                faces.append((s0 + i, s0 + j, s1))
        elif n0 == 1:
            for i in range(n1):
                j = (i + 1) % n1
                faces.append((s0, s1 + j, s1 + i))
    if cap0 and len(rings[0]) > 2:
        faces.append(tuple(reversed(range(starts[0], starts[0] + len(rings[0])))))
    if cap1 and len(rings[-1]) > 2:
        faces.append(tuple(range(starts[-1], starts[-1] + len(rings[-1]))))
    return verts, faces


def perp_frame(direction, hint=V((1, 0, 0))):
    d = direction.normalized()
    u = hint - d * hint.dot(d)
    if u.length < 1e-6:
        u = d.orthogonal()
    u.normalize()
    return d, u, d.cross(u)


def tube_along(points, radii, n, hint=V((1, 0, 0)), squash=1.0, cap0=True, cap1=True, phase=0.0):
    """Rings around a polyline; radii[i] is the radius at points[i]; squash
    scales the radius along the hint direction."""
    rings = []
    for i, p in enumerate(points):
        if i == 0:
            t = points[1] - points[0]
        elif i == len(points) - 1:
            t = points[-1] - points[-2]
        else:
            t = (points[i + 1] - points[i]).normalized() + (points[i] - points[i - 1]).normalized()
        _, u, w = perp_frame(t, hint)
        rings.append(ring_points(p, u, w, radii[i] * squash, radii[i], n, phase))
    return loft(rings, cap0, cap1)


def box(centre, ax, ay, az, sx, sy, sz):
    """Box with half sizes along the given unit axes."""
    verts = []
    for k in (-1, 1):
        for j in (-1, 1):
            for i in (-1, 1):
                verts.append(centre + ax * (i * sx) + ay * (j * sy) + az * (k * sz))
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return verts, faces


def ellipsoid(centre, ax, ay, az, rx, ry, rz, n=8, rings=4, lat0=-90.0, lat1=90.0):
    """Lat-long ellipsoid (or a band of it between two latitudes, degrees)."""
    rr = []
    for k in range(rings + 1):
        lat = math.radians(lat0 + (lat1 - lat0) * k / rings)
        c, s = math.cos(lat), math.sin(lat)
        if abs(c) < 1e-6:
            rr.append([centre + az * (rz * s)])
        else:
            rr.append(ring_points(centre + az * (rz * s), ax, ay, rx * c, ry * c, n))
    return loft(rr, cap0=len(rr[0]) > 1, cap1=len(rr[-1]) > 1)


def lerp_weights(a, b, t):
    t = min(max(t, 0.0), 1.0)
    out = {}
    for k, w in a.items():
        out[k] = out.get(k, 0.0) + w * (1.0 - t)
    for k, w in b.items():
        out[k] = out.get(k, 0.0) + w * t
    return {k: w for k, w in out.items() if w > 1e-4}


def smoothstep(e0, e1, x):
    t = min(max((x - e0) / (e1 - e0), 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


# ---------------------------------------------------------------------------
# The knight.

def build_knight(heads, tails):
    """heads/tails: bone name -> Vector (bind pose). Returns a MeshBuilder."""
    mb = MeshBuilder()
    X, Y, Z = V((1, 0, 0)), V((0, 1, 0)), V((0, 0, 1))

    def seg(bone, t):
        return heads[bone].lerp(tails[bone], t)

    # --- Helmet (great helm with a pointed visor, crown band, plume) ---------
    n = 14
    helm = []
    for z, rx, ry, snout in ((1.455, 0.118, 0.108, 0.0), (1.50, 0.126, 0.114, 0.020),
                             (1.57, 0.130, 0.117, 0.034), (1.65, 0.130, 0.118, 0.030),
                             (1.71, 0.124, 0.112, 0.012), (1.765, 0.098, 0.090, 0.0),
                             (1.792, 0.050, 0.046, 0.0)):
        ring = []
        for p in ring_points(V((0.01, 0, z)), X, Y, rx, ry, n):
            a = math.atan2(p.y, p.x - 0.01)
            if abs(a) < math.radians(75):
                p = p + X * (snout * math.cos(a / 75.0 * 90.0 * math.pi / 180.0))
            ring.append(p)
        helm.append(ring)
    helm.append([V((0.01, 0, 1.80))])
    v, f = loft(helm, cap0=True, cap1=False)
    mb.add(v, f, "head", "steel", part="helmet")
    front_x = 0.01 + 0.130 + 0.034
    # Eye slit (dark) and breaths, slightly proud of the visor.
    v, f = box(V((front_x - 0.004, 0, 1.615)), X, Y, Z, 0.012, 0.085, 0.011)
    mb.add(v, f, "head", "black", part="visor")
    for i, yy in enumerate((-0.05, -0.025, 0.0, 0.025, 0.05)):
        v, f = box(V((front_x - 0.012, yy, 1.545)), X, Y, Z, 0.012, 0.006, 0.016)
        mb.add(v, f, "head", "black", part="visor")
    # Gold cross on the visor: vertical ridge and brow band.
    v, f = box(V((front_x - 0.002, 0, 1.64)), X, Y, Z, 0.010, 0.012, 0.11)
    mb.add(v, f, "head", "gold", part="visor")
    band = [ring_points(V((0.012, 0, z)), X, Y, rx, ry, n) for z, rx, ry in
            ((1.695, 0.134, 0.121), (1.725, 0.128, 0.116))]
    v, f = loft(band, cap0=False, cap1=False)
    mb.add(v, f, "head", "gold", part="crown")
    # Plume sweeping back from the crown.
    # Tallest point ~1.95 m (the helmet top is 1.80 m).
    path = [V((0.03, 0, 1.77)), V((0.0, 0, 1.845)), V((-0.07, 0, 1.88)),
            V((-0.16, 0, 1.885)), V((-0.25, 0, 1.85)), V((-0.31, 0, 1.78)), V((-0.34, 0, 1.69)),
            V((-0.35, 0, 1.60))]
    radii = [0.035, 0.058, 0.068, 0.068, 0.062, 0.05, 0.032, 0.006]
    v, f = tube_along(path, radii, 8, hint=Y, squash=0.6)
    mb.add(v, f, "head", "plume", smooth=True, part="plume")

    # --- Gorget, breastplate -----------------------------------------------
    gor = [ring_points(V((0, 0, z)), X, Y, rx, ry, 14) for z, rx, ry in
           ((1.39, 0.15, 0.17), (1.45, 0.115, 0.12), (1.50, 0.082, 0.082))]
    v, f = loft(gor, cap0=False, cap1=False)
    mb.add(v, f, "chest", "steel_light", part="gorget")
    bp = []
    for z, rx, ry, keel in ((1.17, 0.145, 0.175, 0.01), (1.27, 0.163, 0.195, 0.03),
                            (1.36, 0.16, 0.205, 0.025), (1.43, 0.125, 0.18, 0.0)):
        ring = []
        for p in ring_points(V((0, 0, z)), X, Y, rx, ry, 14):
            if p.x > 0:
                p = p + X * (keel * (p.x / rx) ** 2)
            ring.append(p)
        bp.append(ring)
    v, f = loft(bp, cap0=True, cap1=True)
    mb.add(v, f, "chest", "steel", part="breastplate")

    # --- Surcoat (torso tube) and skirt, blended weights ----------------------
    def torso_w(z):
        if z >= 1.24:
            return {"chest": 1.0}
        if z >= 1.12:
            return lerp_weights({"spine": 1.0}, {"chest": 1.0}, smoothstep(1.14, 1.24, z))
        return lerp_weights({"pelvis": 1.0}, {"spine": 1.0}, smoothstep(1.02, 1.12, z))

    ns = 16
    # An open strip of ns + 1 points per ring, starting and ending at the
    # back seam, so the cylindrical UVs (s = 0.5 at the front) do not wrap.
    sur_rings = []
    sur_uv = []
    for z, rx, ry in ((SURCOAT_Z0, 0.152, 0.184), (1.10, 0.150, 0.182), (1.20, 0.160, 0.192),
                      (SURCOAT_Z1, 0.172, 0.204)):
        ring = []
        for i in range(ns + 1):
            ang = math.pi + 2.0 * math.pi * i / ns
            ring.append(V((rx * math.cos(ang), ry * math.sin(ang), z)))
            sur_uv.append(region_uv(SURCOAT_REGION, i / ns,
                                    (z - SURCOAT_Z0) / (SURCOAT_Z1 - SURCOAT_Z0)))
        sur_rings.append(ring)
    v, f = loft(sur_rings, cap0=False, cap1=False, closed=False)
    mb.add(v, f, [torso_w(p.z) for p in v], sur_uv, part="surcoat")

    def skirt_w(p):
        # Below the belt the cloth follows the nearer thigh more and more.
        f_thigh = 0.85 * smoothstep(0.98, 0.62, p.z)
        side = 0.5 + 0.5 * max(-1.0, min(1.0, p.y / 0.12))
        w = {"pelvis": 1.0 - f_thigh}
        if side * f_thigh > 1e-4:
            w["thigh_l"] = side * f_thigh
        if (1.0 - side) * f_thigh > 1e-4:
            w["thigh_r"] = (1.0 - side) * f_thigh
        return w

    sk_rings = [(1.005, 0.156, 0.186), (0.90, 0.172, 0.205), (0.80, 0.19, 0.222),
                (0.70, 0.205, 0.234), (0.635, 0.212, 0.24)]
    # Rings are listed top to bottom, so the loft's faces point inwards:
    # reversed for the outside, as they are for the darker inside (which
    # keeps the skirt from being see-through from below).
    sk = [ring_points(V((0.0, 0, z)), X, Y, rx, ry, ns) for z, rx, ry in sk_rings]
    v, f = loft(sk, cap0=False, cap1=False)
    mb.add(v, [tuple(reversed(face)) for face in f], [skirt_w(p) for p in v], "field", part="skirt")
    v2 = [V(p) for p in v]
    mb.add(v2, f, [skirt_w(p) for p in v2], "field_dark", part="skirt_inner")
    hem = [ring_points(V((0.0, 0, z)), X, Y, rx, ry, ns) for z, rx, ry in
           ((0.62, 0.216, 0.244), (0.675, 0.212, 0.240))]
    v, f = loft(hem, cap0=False, cap1=False)
    mb.add(v, f, [skirt_w(p) for p in v], "charge", part="hem")

    # Belt with a buckle.
    belt = [ring_points(V((0, 0, z)), X, Y, 0.163, 0.193, ns) for z in (0.985, 1.045)]
    v, f = loft(belt, cap0=False, cap1=False)
    mb.add(v, f, "pelvis", "leather_dark", part="belt")
    v, f = box(V((0.166, 0, 1.015)), X, Y, Z, 0.01, 0.035, 0.038)
    mb.add(v, f, "pelvis", "gold", part="buckle")

    # --- Arms -----------------------------------------------------------------
    for side, sy in (("l", 1.0), ("r", -1.0)):
        cl, ua, fa, ha = "clavicle_" + side, "upper_arm_" + side, "forearm_" + side, "hand_" + side
        sh = heads[ua]
        # Pauldron: a shell over the shoulder and two lames below it.
        c = sh + V((0.0, 0.02 * sy, 0.02))
        v, f = ellipsoid(c, X, Y, Z, 0.125, 0.115, 0.105, n=12, rings=4, lat0=-20, lat1=90)
        mb.add(v, f, cl, "steel", part="pauldron")
        for k, (dz, grow) in enumerate(((-0.06, 0.0), (-0.105, -0.01))):
            lame = [ring_points(c + V((0, 0.02 * sy, dz - 0.01)), X, Y, 0.122 + grow, 0.112 + grow, 12),
                    ring_points(c + V((0, 0.012 * sy, dz + 0.035)), X, Y, 0.128 + grow, 0.118 + grow, 12)]
            v, f = loft(lame, cap0=False, cap1=False)
            mb.add(v, f, cl, "steel_dark" if k == 0 else "steel", part="pauldron")
        # Rerebrace (upper arm), couter (elbow), vambrace (forearm).
        v, f = tube_along([seg(ua, 0.25), seg(ua, 0.85)], [0.056, 0.05], 8)
        mb.add(v, f, ua, "steel", part="rerebrace")
        el = heads[fa]
        back = (heads[ua] - el).normalized() + (heads[ha] - el).normalized()
        back = -back.normalized()
        v, f = ellipsoid(el + back * 0.012, X, Y, Z, 0.055, 0.055, 0.055, n=8, rings=4)
        mb.add(v, f, fa, "steel_light", part="couter")
        v, f = tube_along([seg(fa, 0.2), seg(fa, 0.92)], [0.05, 0.043], 8)
        mb.add(v, f, fa, "steel", part="vambrace")
        # Mail sleeve blended across the elbow.
        pts = [seg(ua, 0.15), seg(ua, 0.6), seg(ua, 0.88), heads[fa], seg(fa, 0.12), seg(fa, 0.4)]
        wts = [{ua: 1.0}, {ua: 1.0}, {ua: 0.8, fa: 0.2}, {ua: 0.5, fa: 0.5}, {ua: 0.2, fa: 0.8}, {fa: 1.0}]
        rings_w = []
        v, f = tube_along(pts, [0.047, 0.046, 0.045, 0.045, 0.044, 0.042], 8, cap0=False, cap1=False)
        for i in range(len(pts)):
            rings_w.extend([wts[i]] * 8)
        mb.add(v, f, rings_w, "mail", part="sleeve")
        # Gauntlet: flared cuff, fist, thumb.
        hd = (tails[ha] - heads[ha]).normalized()
        v, f = tube_along([heads[ha] - hd * 0.03, heads[ha] + hd * 0.035], [0.046, 0.058], 8)
        mb.add(v, f, ha, "steel_light", part="gauntlet")
        fist = heads[ha] + hd * 0.065
        grip = V((0.7071, 0, 0.7071))
        grip = (grip - hd * grip.dot(hd)).normalized()
        third = hd.cross(grip)
        v, f = box(fist, hd, grip, third, 0.04, 0.038, 0.034)
        mb.add(v, f, ha, "steel", part="gauntlet")
        v, f = box(fist + grip * 0.03 - third * 0.028 * sy + hd * -0.01, hd, grip, third, 0.022, 0.014, 0.013)
        mb.add(v, f, ha, "steel_dark", part="gauntlet")

    # --- Legs -----------------------------------------------------------------
    for side, sy in (("l", 1.0), ("r", -1.0)):
        th, sh, ft, to = "thigh_" + side, "shin_" + side, "foot_" + side, "toe_" + side
        v, f = tube_along([seg(th, 0.08), seg(th, 0.45), seg(th, 0.82)], [0.096, 0.09, 0.072], 10,
                          squash=1.05)
        mb.add(v, f, th, "steel", part="cuisse")
        pts = [seg(th, 0.55), seg(th, 0.85), heads[sh], seg(sh, 0.15), seg(sh, 0.45)]
        wts = [{th: 1.0}, {th: 0.8, sh: 0.2}, {th: 0.5, sh: 0.5}, {th: 0.2, sh: 0.8}, {sh: 1.0}]
        v, f = tube_along(pts, [0.07, 0.066, 0.064, 0.062, 0.058], 8, cap0=False, cap1=False)
        rw = []
        for i in range(len(pts)):
            rw.extend([wts[i]] * 8)
        mb.add(v, f, rw, "mail", part="mail_leg")
        knee = heads[sh]
        v, f = ellipsoid(knee + V((0.055, 0, 0.01)), X, Y, Z, 0.048, 0.072, 0.068, n=10, rings=4)
        mb.add(v, f, sh, "steel_light", part="poleyn")
        v, f = ellipsoid(knee + V((0.04, 0.05 * sy, 0.0)), X, Y, Z, 0.025, 0.03, 0.045, n=6, rings=3)
        mb.add(v, f, sh, "steel_light", part="poleyn")
        v, f = tube_along([seg(sh, 0.14), seg(sh, 0.45), seg(sh, 0.86)], [0.07, 0.068, 0.054], 10,
                          squash=1.1)
        mb.add(v, f, sh, "steel", part="greave")
        # Sabaton: a loft along +X with the sole exactly on z = 0.
        ay = heads[ft].y

        def foot_ring(x, half_w, h):
            pts = []
            # 8 points: bottom edge flat on z = 0, rounded top.
            for k, (yy, zz) in enumerate(((-1, 0), (-1, 0.55), (-0.7, 0.9), (0, 1.0), (0.7, 0.9), (1, 0.55),
                                           (1, 0), (0, 0))):
                if k == 7:
                    continue
                pts.append(V((x, ay + yy * half_w * sy, zz * h)))
            return pts

        fr = [foot_ring(-0.085, 0.046, 0.085), foot_ring(-0.04, 0.056, 0.125),
              foot_ring(0.04, 0.06, 0.11), foot_ring(0.125, 0.058, 0.065)]
        v, f = loft(fr, cap0=True, cap1=True)
        if sy > 0:      # the profile runs clockwise about +X on the left foot
            f = [tuple(reversed(face)) for face in f]
        mb.add(v, f, ft, "steel", part="sabaton")
        tr = [foot_ring(0.125, 0.056, 0.06), foot_ring(0.19, 0.05, 0.05), foot_ring(0.245, 0.03, 0.028)]
        v, f = loft(tr, cap0=True, cap1=True)
        if sy > 0:      # the profile runs clockwise about +X on the left foot
            f = [tuple(reversed(face)) for face in f]
        mb.add(v, f, to, "steel_light", part="sabaton_toe")
        # Ankle guard.
        v, f = tube_along([heads[ft] + V((0, 0, -0.03)), heads[ft] + V((0, 0, 0.05))], [0.058, 0.054], 8)
        mb.add(v, f, sh, "steel_dark", part="ankle")

    # --- Sword (on the sword joint) ----------------------------------------
    sc = heads["sword"]
    a = (tails["sword"] - heads["sword"]).normalized()
    wdir = V((a.z, 0.0, -a.x)).normalized()      # blade width, in the sagittal plane
    tdir = a.cross(wdir)                         # blade thickness (lateral)
    v, f = ellipsoid(sc - a * 0.115, a, wdir, tdir, 0.026, 0.026, 0.026, n=6, rings=3)
    mb.add(v, f, "sword", "gold", part="pommel")
    v, f = tube_along([sc - a * 0.1, sc + a * 0.065], [0.016, 0.016], 6, hint=wdir)
    mb.add(v, f, "sword", "grip", part="grip")
    v, f = box(sc + a * 0.075, a, wdir, tdir, 0.014, 0.12, 0.018)
    mb.add(v, f, "sword", "gold", part="crossguard")

    def blade_ring(dist, half_w, half_t):
        c = sc + a * dist
        return [c + wdir * half_w, c + tdir * half_t, c - wdir * half_w, c - tdir * half_t]

    blade = [blade_ring(0.09, 0.028, 0.009), blade_ring(0.55, 0.025, 0.008),
             blade_ring(0.80, 0.019, 0.007), [sc + a * 0.92]]
    v, f = loft(blade, cap0=True, cap1=False)
    mb.add(v, f, "sword", "steel_light", part="blade")
    # Fuller (dark groove) on both flats, as a thin raised strip.
    for sgn in (1.0, -1.0):
        v, f = box(sc + a * 0.34 + tdir * (0.0085 * sgn), a, wdir, tdir, 0.22, 0.006, 0.0015)
        mb.add(v, f, "sword", "steel_dark", part="blade")

    # --- Shield (on the shield joint) ----------------------------------------
    sc = heads["shield"]
    nrm = (tails["shield"] - heads["shield"]).normalized()
    up = (Z - nrm * Z.dot(nrm)).normalized()
    across = up.cross(nrm)          # points forward-ish: w > 0 at the front edge

    def shield_point(w, h, depth):
        bend = SHIELD_CURVE_M * (w / SHIELD_HALF_W) ** 2
        return sc + across * w + up * h + nrm * (depth - bend)

    def shield_uv(p):
        d = p - sc
        w = d.dot(across)
        h = d.dot(up)
        return region_uv(SHIELD_REGION, (w + SHIELD_HALF_W) / (2 * SHIELD_HALF_W),
                         (h - SHIELD_BOTTOM) / (SHIELD_TOP - SHIELD_BOTTOM))

    cols = 9
    rows = 5
    ws = [-SHIELD_HALF_W + 2 * SHIELD_HALF_W * i / (cols - 1) for i in range(cols)]
    grid_f, grid_b = [], []
    for w in ws:
        hb = shield_bottom(w)
        col_f, col_b = [], []
        for j in range(rows + 1):
            h = hb + (SHIELD_TOP - hb) * j / rows
            col_f.append(shield_point(w, h, SHIELD_THICK_M * 0.5))
            col_b.append(shield_point(w, h, -SHIELD_THICK_M * 0.5))
        grid_f.append(col_f)
        grid_b.append(col_b)
    verts_f, faces_f = [], []
    for i in range(cols):
        verts_f.extend(grid_f[i])
    idx = lambda i, j: i * (rows + 1) + j
    for i in range(cols - 1):
        for j in range(rows):
            faces_f.append((idx(i, j), idx(i + 1, j), idx(i + 1, j + 1), idx(i, j + 1)))
    # The face normal must point along +nrm: check one face and flip if needed.
    p0, p1, p2 = verts_f[faces_f[0][0]], verts_f[faces_f[0][1]], verts_f[faces_f[0][2]]
    if (p1 - p0).cross(p2 - p0).dot(nrm) < 0:
        faces_f = [tuple(reversed(fc)) for fc in faces_f]
    mb.add(verts_f, faces_f, "shield", shield_uv, part="shield_face")
    verts_b = []
    for i in range(cols):
        verts_b.extend(grid_b[i])
    faces_b = [tuple(reversed(fc)) for fc in faces_f]
    mb.add(verts_b, faces_b, "shield", "wood", part="shield_back")
    # Rim: quads joining the front and back outlines (a steel edge).
    outline = [(i, 0) for i in range(cols)] + [(cols - 1, j) for j in range(1, rows + 1)] + \
              [(i, rows) for i in range(cols - 2, -1, -1)] + [(0, j) for j in range(rows - 1, 0, -1)]
    rim_v, rim_f = [], []
    for k, (i, j) in enumerate(outline):
        pf = grid_f[i][j]
        pb = grid_b[i][j]
        out_dir = (pf - sc - nrm * (pf - sc).dot(nrm)).normalized()
        rim_v.append(pf + out_dir * 0.012 + nrm * 0.004)
        rim_v.append(pb + out_dir * 0.012 - nrm * 0.002)
    m = len(outline)
    for k in range(m):
        k2 = (k + 1) % m
        rim_f.append((2 * k, 2 * k2, 2 * k2 + 1, 2 * k + 1))
    pa, pb_, pc = rim_v[rim_f[0][0]], rim_v[rim_f[0][1]], rim_v[rim_f[0][2]]
    centre_dir = (pa - sc - nrm * (pa - sc).dot(nrm))
    if (pb_ - pa).cross(pc - pa).dot(centre_dir) < 0:
        rim_f = [tuple(reversed(fc)) for fc in rim_f]
    mb.add(rim_v, rim_f, "shield", "steel_light", part="shield_rim")
    # Shield boss.
    v, f = ellipsoid(sc + nrm * (SHIELD_THICK_M * 0.5) + up * 0.02, across, up, nrm, 0.05, 0.05, 0.03,
                     n=8, rings=3, lat0=0, lat1=90)
    mb.add(v, f, "shield", "gold", smooth=True, part="boss")
    return mb


# ---------------------------------------------------------------------------
# Texture atlas (numpy, deterministic) and a minimal PNG writer.

def make_atlas(field, charge, pattern):
    """field/charge: 0-255 RGB lists from the spec. Returns uint8 (H, W, 3),
    row 0 = top of the image."""
    img = np.zeros((ATLAS, ATLAS, 3), dtype=np.uint8)
    field = np.array(field, dtype=np.float64)
    charge = np.array(charge, dtype=np.float64)
    colours = {
        "steel": (150, 156, 166), "steel_dark": (88, 92, 102), "steel_light": (196, 202, 210),
        "mail": (112, 116, 122), "leather": (120, 78, 44), "leather_dark": (70, 44, 26),
        "gold": (214, 170, 60), "black": (16, 16, 20), "wood": (122, 86, 52),
        "field": tuple(field), "charge": tuple(charge), "field_dark": tuple(field * 0.55),
        "plume": tuple(np.minimum(field * 1.15 + 20, 255)), "grip": (60, 36, 22),
        "white": (236, 236, 230), "skin": (200, 150, 120),
    }
    for i, name in enumerate(SWATCHES):
        x0 = (i % 16) * SWATCH_PX
        y0 = (i // 16) * SWATCH_PX
        img[y0:y0 + SWATCH_PX, x0:x0 + SWATCH_PX] = np.array(colours[name]).round().astype(np.uint8)
    # Unused rows: field colour.
    img[16:64, :] = np.array(colours["field"]).round().astype(np.uint8)
    img[192:, :] = np.array(colours["field_dark"]).round().astype(np.uint8)

    def heraldry(s, t, panel):
        """s, t in [0,1] across a panel; returns a bool mask of the charge."""
        if pattern == "cross":
            return (np.abs(s - 0.5) < 0.09) | (np.abs(t - 0.60) < 0.09)
        if pattern == "chevron":
            y = 0.30 + 1.1 * np.abs(s - 0.5)
            return np.abs(t - y) < 0.10
        # bend (diagonal band from the upper left to the lower right)
        return np.abs((t - 0.5) + (s - 0.5)) < 0.13

    # Surcoat: u around the body (0.5 = front), v up. A panel on the front and
    # one on the back, gold trim at the neck line.
    x0, y0, size = SURCOAT_REGION
    jj, ii = np.meshgrid(np.arange(size), np.arange(size))
    u = (jj + 0.5) / size
    v = 1.0 - (ii + 0.5) / size
    panel_half = 0.11
    sur = np.empty((size, size, 3))
    sur[:] = field
    for centre in (0.5, 0.0, 1.0):
        s = (u - centre) / (2 * panel_half) + 0.5
        inside = (s >= 0) & (s <= 1)
        mask = inside & heraldry(s, v, "surcoat")
        sur[mask] = charge
    trim = v > 0.90
    sur[trim] = colours["gold"]
    # Faint weave: +-4 levels of a deterministic pattern (lightly textured).
    weave = ((ii % 4 == 0) | (jj % 4 == 0)).astype(np.float64) * -6.0
    sur += weave[..., None]
    img[y0:y0 + size, x0:x0 + size] = np.clip(sur, 0, 255).round().astype(np.uint8)

    # Shield face: the field with the charge, a darker border near the edge.
    x0, y0, size = SHIELD_REGION
    s = (jj + 0.5) / size
    t = 1.0 - (ii + 0.5) / size
    sh = np.empty((size, size, 3))
    sh[:] = field
    w = (s - 0.5) * 2 * SHIELD_HALF_W
    h = SHIELD_BOTTOM + t * (SHIELD_TOP - SHIELD_BOTTOM)
    mask = heraldry(s, t, "shield")
    sh[mask] = charge
    # Border: distance to the outline (approximate, in metres).
    xw = np.minimum(np.abs(w) / SHIELD_HALF_W, 1.0)
    bottom = SHIELD_BOTTOM + (0.02 - SHIELD_BOTTOM) * xw ** 1.7
    edge = np.minimum.reduce([SHIELD_HALF_W - np.abs(w), SHIELD_TOP - h, (h - bottom) * 0.6])
    sh[(edge < 0.022)] = colours["gold"]
    img[y0:y0 + size, x0:x0 + size] = np.clip(sh, 0, 255).round().astype(np.uint8)
    return img


def png_bytes(img):
    """8-bit RGB PNG, no ancillary chunks, zlib level 9: byte-for-byte
    deterministic (PNG spec, ISO/IEC 15948)."""
    h, w, _ = img.shape
    raw = b"".join(b"\x00" + img[y].tobytes() for y in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
