# The squire's low-poly body, built in the bind pose around the skeleton
# (mathutils only): head with a textured face, felt cap with a feather, short
# capelet, belted tunic with a skirt, sleeves, leather gloves shaped as loose
# fists round the grip point, hose and turned-down boots. Armature space:
# +Z up, the squire faces -Y, left = +X. Hands and the head are bound
# rigidly; sleeves, hose and boots blend over elbows, knees and ankles, the
# tunic over the spine, the skirt between the hips and the thighs.
import math
from mathutils import Vector

from squire_texture import uv_face, uv_in_cell

V = Vector
X, Y, Z = V((1, 0, 0)), V((0, 1, 0)), V((0, 0, 1))


def smoothstep(a, b, x):
    t = min(max((x - a) / (b - a), 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


class Mesh:
    def __init__(self):
        self.verts, self.weights, self.faces, self.uvs, self.smooth = [], [], [], [], []

    def add(self, verts, faces, weights, uv, smooth=True):
        """weights: bone name, a function p -> {bone: w}, or a list per vertex.
        uv: colour name, or a function (points of a face) -> corner UVs."""
        base = len(self.verts)
        for i, p in enumerate(verts):
            self.verts.append(V(p))
            if isinstance(weights, str):
                w = {weights: 1.0}
            elif callable(weights):
                w = weights(V(p))
            else:
                w = weights[i]
            w = {b: x for b, x in w.items() if x > 1e-3}
            self.weights.append(dict(sorted(w.items(), key=lambda kv: -kv[1])[:4]))
        for f in faces:
            self.faces.append(tuple(base + i for i in f))
            pts = [V(verts[i]) for i in f]
            self.uvs.append([uv_in_cell(uv)] * len(f) if isinstance(uv, str) else uv(pts))
            self.smooth.append(smooth)

    def triangle_count(self):
        return sum(len(f) - 2 for f in self.faces)


def frame(axis, hint):
    a = axis.normalized()
    u = hint - a * hint.dot(a)
    u = u.normalized() if u.length > 1e-6 else a.orthogonal().normalized()
    return u, a.cross(u), a


def ring(c, axis, hint, ru, rv, n, rv_neg=None, wobble=0.0):
    """n points round c, counter-clockwise about axis, starting along hint;
    rv_neg (if given) is the radius on the -v half; wobble scallops it."""
    u, v, _ = frame(axis, hint)
    pts = []
    for i in range(n):
        t = 2.0 * math.pi * i / n
        s = math.sin(t)
        k = 1.0 + wobble * (1 if i % 2 else -1)
        pts.append(c + u * (ru * math.cos(t) * k) + v * ((rv if s >= 0 or rv_neg is None else rv_neg) * s * k))
    return pts


def loft(rings, cap0=True, cap1=True):
    """Quads between consecutive rings of equal size (1-point rings make a
    fan); faces point outwards when the rings turn counter-clockwise about
    the direction the loft travels. Returns (verts, faces, ring index per vertex)."""
    verts, start, which = [], [], []
    for k, r in enumerate(rings):
        start.append(len(verts))
        verts.extend(r)
        which.extend([k] * len(r))
    faces = []
    for k in range(len(rings) - 1):
        a, b = start[k], start[k + 1]
        na, nb = len(rings[k]), len(rings[k + 1])
        for i in range(max(na, nb)):
            if na == nb:
                faces.append((a + i, a + (i + 1) % na, b + (i + 1) % nb, b + i))
            elif nb == 1:
                faces.append((a + i, a + (i + 1) % na, b))
            else:
                faces.append((a, b + (i + 1) % nb, b + i))
    if cap0 and len(rings[0]) > 2:
        faces.append(tuple(range(start[0] + len(rings[0]) - 1, start[0] - 1, -1)))
    if cap1 and len(rings[-1]) > 2:
        faces.append(tuple(range(start[-1], start[-1] + len(rings[-1]))))
    return verts, faces, which


def per_ring(which, ring_weights):
    return [ring_weights[k] for k in which]


def blend(a, b, t):
    out = {}
    for k, w in a.items():
        out[k] = out.get(k, 0.0) + w * (1.0 - t)
    for k, w in b.items():
        out[k] = out.get(k, 0.0) + w * t
    return out


def chain(bones, stops, x, r):
    """Weights along a chain: bone k owns [stops[k], stops[k+1]], blended over
    +-r round each inner stop."""
    w = {}
    for k, bone in enumerate(bones):
        lo = smoothstep(stops[k] - r, stops[k] + r, x) if k > 0 else 1.0
        hi = 1.0 - smoothstep(stops[k + 1] - r, stops[k + 1] + r, x) if k + 1 < len(bones) else 1.0
        if lo * hi > 0:
            w[bone] = lo * hi
    return w


# ---------------------------------------------------------------------------

def torso_weights(rest):
    bones = ["spine", "spine.001", "spine.002", "spine.003", "spine.004"]
    stops = [rest.head[b].z for b in bones] + [9.0]

    def w(p):
        base = chain(bones, stops, p.z, 0.05)
        sh = 0.75 * smoothstep(0.08, 0.17, abs(p.x)) * smoothstep(1.10, 1.22, p.z)
        return blend(base, {"shoulder." + ("L" if p.x > 0 else "R"): 1.0}, sh)
    return w


def head(m, rest):
    yc = rest.head["spine.006"].y - 0.008
    top = rest.tail["spine.006"].z
    levels = [(1.366, 0.034, 0.030, 0.024, -0.055), (1.386, 0.064, 0.074, 0.056, -0.01),
              (1.420, 0.080, 0.088, 0.080, 0.0), (1.460, 0.086, 0.092, 0.090, 0.0),
              (1.500, 0.087, 0.090, 0.094, 0.0), (1.540, 0.082, 0.082, 0.090, 0.0),
              (1.568, 0.062, 0.062, 0.070, 0.005)]
    rings = [ring(V((0, yc + dy, z)), Z, X, rx, rb, 14, rv_neg=rf) for z, rx, rf, rb, dy in levels]
    rings.append([V((0, yc + 0.008, top))])
    verts, faces, _ = loft(rings, cap0=True, cap1=False)

    def uv(pts):
        c = sum(pts, V()) / len(pts)
        if math.atan2(abs(c.x), -(c.y - yc)) > 1.35:
            return [uv_in_cell("hair")] * len(pts)
        return [uv_face(0.5 - math.atan2(p.x, -(p.y - yc)) / (0.9 * math.pi),
                        0.57 + (p.z - 1.50) * 3.05) for p in pts]
    m.add(verts, faces, "spine.006", uv)
    tip, y0 = V((0, yc - 0.110, 1.458)), yc - 0.086
    nose = [tip, V((0.015, y0, 1.447)), V((0, y0 - 0.004, 1.492)), V((-0.015, y0, 1.447)),
            V((0, y0 - 0.012, 1.444))]
    m.add(nose, [(0, 1, 2), (0, 2, 3), (0, 4, 1), (0, 3, 4)], "spine.006", "skin")
    neck0, neck1 = rest.head["spine.004"], rest.head["spine.006"]
    rings = [ring(neck0.lerp(neck1, t) + V((0, 0.01, 0.0)), Z, X, 0.052, 0.05, 10) for t in (0.0, 0.5, 1.05)]
    verts, faces, which = loft(rings, False, False)
    m.add(verts, faces, per_ring(which, [{"spine.004": 1.0}, {"spine.005": 1.0}, {"spine.006": 1.0}]), "skin")
    return yc


def cap(m, rest, yc):
    """Felt cap tilted back, a rolled brim and a feather on its left."""
    centre = V((0, yc + 0.004, 1.49))
    axis = V((0, 0.30, 1.0)).normalized()          # tilted back
    rings = []
    for lat in (0.0, 22.0, 45.0, 68.0, 88.0):
        a = math.radians(lat)
        r = math.cos(a)
        rings.append(ring(centre + axis * (0.112 * math.sin(a)), axis, X, 0.090 * r + 0.002, 0.100 * r + 0.002, 14))
    rings.append([centre + axis * 0.118])
    verts, faces, _ = loft(rings, cap0=False, cap1=False)
    m.add(verts, faces, "spine.006", "hood")
    brim = ring(centre + axis * 0.004, axis, X, 0.094, 0.104, 14)
    tube = []
    for k in range(len(brim)):
        p = brim[k]
        tangent = brim[(k + 1) % len(brim)] - brim[k - 1]
        tube.append(ring(p, tangent, p - centre, 0.014, 0.014, 6))
    tube.append(tube[0])
    verts, faces, _ = loft(tube, cap0=False, cap1=False)
    m.add(verts, faces, "spine.006", "hood_dark")
    root = centre + V((0.085, 0.035, 0.05))
    spine = [root + V((0.014 * t, 0.12 * t, 0.045 * t - 0.012 * t * t)) for t in (0.0, 0.35, 0.7, 1.0)]
    rings = [ring(p, spine[min(i + 1, 3)] - spine[max(i - 1, 0)], X, 0.004, w, 6)
             for i, (p, w) in enumerate(zip(spine, (0.006, 0.016, 0.014, 0.001)))]
    verts, faces, _ = loft(rings)
    m.add(verts, faces, "spine.006", "trim")


def capelet(m, rest):
    """Short cape over the shoulders: a folded cone (outside going down,
    inside coming back up), scalloped hem."""
    y = rest.head["spine.004"].y + 0.01
    outer = [(1.352, 0.060, 0.060, 0.058), (1.322, 0.098, 0.088, 0.082), (1.28, 0.160, 0.112, 0.106),
             (1.225, 0.222, 0.134, 0.126), (1.15, 0.246, 0.150, 0.140)]
    rings = [ring(V((0, y + 0.01, z)), -Z, X, rx, rb, 16, rv_neg=rf, wobble=0.04 if z < 1.16 else 0.0)
             for z, rx, rf, rb in outer]
    rings += [ring(V((0, y + 0.01, z + 0.006)), -Z, X, rx - 0.012, rb - 0.012, 16, rv_neg=rf - 0.012,
                   wobble=0.04 if z < 1.16 else 0.0) for z, rx, rf, rb in outer[::-1][:2]]
    verts, faces, _ = loft(rings, False, False)
    w = torso_weights(rest)
    m.add(verts, faces, lambda p: blend(w(p), {"spine.003": 1.0}, 0.5), "hood")


def tunic(m, rest):
    yc = rest.head["spine.002"].y + 0.01
    levels = [(0.735, 0.152, 0.112, 0.100), (0.82, 0.142, 0.106, 0.094), (0.93, 0.136, 0.106, 0.092),
              (1.04, 0.152, 0.116, 0.096), (1.14, 0.165, 0.110, 0.098), (1.21, 0.158, 0.090, 0.090),
              (1.27, 0.100, 0.070, 0.070), (1.31, 0.050, 0.048, 0.048)]
    rings = [ring(V((0, yc, z)), Z, X, rx, rb, 16, rv_neg=rf) for z, rx, rf, rb in levels]
    verts, faces, _ = loft(rings, True, False)
    m.add(verts, faces, torso_weights(rest), "tunic")
    # Emblem: a small gold lozenge on the chest.
    c = V((0.0, yc - 0.118, 1.08))
    pts = [c + V((0, 0, 0.045)), c + V((0.032, 0.002, 0)), c + V((0, 0, -0.045)), c + V((-0.032, 0.002, 0))]
    m.add(pts, [(0, 3, 2, 1)], "spine.002", "trim", smooth=False)


def skirt_weights(rest):
    hips = rest.head["spine"].z

    def w(p):
        t = 0.8 * smoothstep(hips + 0.04, hips - 0.16, p.z)
        left = smoothstep(-0.06, 0.06, p.x)
        return {"spine": 1.0 - t, "thigh.L": t * left, "thigh.R": t * (1.0 - left)}
    return w


def belt_and_skirt(m, rest):
    yc = rest.head["spine.002"].y + 0.01
    skirt = [(0.76, 0.150, 0.112, 0.100), (0.66, 0.168, 0.128, 0.110), (0.56, 0.186, 0.140, 0.122),
             (0.53, 0.188, 0.142, 0.124)]
    rings = [ring(V((0, yc, z)), -Z, X, rx, rb, 16, rv_neg=rf) for z, rx, rf, rb in skirt]
    rings += [ring(V((0, yc, z + 0.004)), -Z, X, rx - 0.012, rb - 0.012, 16, rv_neg=rf - 0.012)
              for z, rx, rf, rb in skirt[::-1][:3]]
    verts, faces, _ = loft(rings, False, False)

    def uv(pts):
        low = min(p.z for p in pts)
        return [uv_in_cell("trim" if low < 0.55 else "tunic")] * len(pts)
    m.add(verts, faces, skirt_weights(rest), uv)
    rings = [ring(V((0, yc, z)), Z, X, 0.158, 0.106, 16, rv_neg=0.118) for z in (0.742, 0.786)]
    verts, faces, _ = loft(rings, False, False)
    m.add(verts, faces, "spine", "belt", smooth=False)
    buckle = [V((sx * 0.026, yc - 0.122, sz * 0.024 + 0.764)) for sx, sz in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    buckle += [p + V((0, -0.008, 0)) for p in buckle]
    m.add(buckle, [(4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6), (3, 0, 4, 7)], "spine", "buckle", False)
    c = V((-0.150, yc - 0.03, 0.72))
    u, v = V((0.2, -1, 0)).normalized(), V((1, 0.2, 0)).normalized()
    rings = [[c + u * (a * 0.045) + v * (b * 0.022) + Z * h for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
             for h in (-0.07, 0.0, 0.03)]
    verts, faces, _ = loft(rings)
    m.add(verts, faces, lambda p: {"spine": 0.7, "thigh.R": 0.3}, "pouch", smooth=False)


def sleeve(m, rest, s):
    sh, el, wr = (rest.head[b + s] for b in ("upper_arm.", "forearm.", "hand."))
    out = (sh - el).normalized()
    pts = [sh + out * 0.05, sh + out * 0.02, sh.lerp(el, 0.35), sh.lerp(el, 0.8), el,
           el.lerp(wr, 0.25), el.lerp(wr, 0.65), wr - (wr - el).normalized() * 0.035, wr + (wr - el).normalized() * 0.005]
    radii = [0.030, 0.058, 0.054, 0.048, 0.046, 0.045, 0.041, 0.043, 0.046]
    ws = [{"shoulder." + s: 0.5, "upper_arm." + s: 0.5}, {"shoulder." + s: 0.5, "upper_arm." + s: 0.5},
          {"upper_arm." + s: 1.0}, {"upper_arm." + s: 1.0},
          {"upper_arm." + s: 0.5, "forearm." + s: 0.5}, {"forearm." + s: 1.0}, {"forearm." + s: 1.0},
          {"forearm." + s: 1.0}, {"forearm." + s: 1.0}]
    hint = V((0, 0, 1))
    rings = []
    for i, (p, r) in enumerate(zip(pts, radii)):
        d = pts[min(i + 1, len(pts) - 1)] - pts[max(i - 1, 0)]
        rings.append(ring(p, d, hint, r, r, 10))
    verts, faces, which = loft(rings)
    m.add(verts, faces, per_ring(which, ws), "tunic")
    # Cuff band in trim colour.
    cuff = [ring(wr - (wr - el).normalized() * k, wr - el, hint, 0.049, 0.049, 10) for k in (0.045, 0.01)]
    verts, faces, _ = loft(cuff, False, False)
    m.add(verts, faces, "forearm." + s, "trim")


def glove(m, rest, s):
    """Loose fist round the grip point (see build_squire.derived_points)."""
    d, a, n = rest.hand_frame(s)
    w0 = rest.head["hand." + s]

    def at(dd, aa, nn):
        return w0 + d * dd + a * aa + n * nn
    sections = [(-0.030, 0.038, -0.036, 0.036), (0.000, 0.036, -0.030, 0.030), (0.040, 0.046, -0.024, 0.034),
                (0.085, 0.048, -0.026, 0.062), (0.110, 0.042, -0.012, 0.052)]
    rings = []
    for dd, half, back, palm in sections:
        pts = []
        for i in range(10):
            t = 2.0 * math.pi * i / 10
            ca, cn = math.cos(t), math.sin(t)
            pts.append(at(dd, half * ca, (palm if cn > 0 else -back) * cn))
        rings.append(pts)
    # Make the rings turn counter-clockwise about d whichever way a x n points.
    if a.cross(n).dot(d) < 0:
        rings = [r[::-1] for r in rings]
    verts, faces, _ = loft(rings)
    m.add(verts, faces, "hand." + s, "glove")
    base, tip = at(0.035, -0.040, 0.030), at(0.075, -0.030, 0.068)
    rings = [ring(base.lerp(tip, t), tip - base, n, r, r * 0.8, 6) for t, r in ((0.0, 0.016), (0.6, 0.014), (1.0, 0.006))]
    verts, faces, _ = loft(rings)
    m.add(verts, faces, "hand." + s, "glove")


def leg(m, rest, s):
    th, kn, an = (rest.head[b + s] for b in ("thigh.", "shin.", "foot."))
    up = th + V((0, 0, 0.06))
    pts = [up, th.lerp(kn, 0.3), th.lerp(kn, 0.75), kn, kn.lerp(an, 0.3), kn.lerp(an, 0.55)]
    radii = [0.088, 0.076, 0.062, 0.056, 0.057, 0.050]
    ws = [{"spine": 0.5, "thigh." + s: 0.5}, {"thigh." + s: 1.0}, {"thigh." + s: 1.0},
          {"thigh." + s: 0.5, "shin." + s: 0.5}, {"shin." + s: 1.0}, {"shin." + s: 1.0}]
    rings = [ring(p, -Z, X, r, r, 10) for p, r in zip(pts, radii)]
    verts, faces, which = loft(rings)
    m.add(verts, faces, per_ring(which, ws), "hose")
    boot(m, rest, s, kn, an)


def boot(m, rest, s, kn, an):
    ft, toe = "foot." + s, "toe." + s
    x = an.x
    top = kn.lerp(an, 0.52)
    shaft = [(top + V((0, 0, 0.012)), 0.068, {"shin." + s: 1.0}), (top, 0.067, {"shin." + s: 1.0}),
             (top - V((0, 0, 0.035)), 0.066, {"shin." + s: 1.0}), (top - V((0, 0, 0.04)), 0.058, {"shin." + s: 1.0}),
             (kn.lerp(an, 0.8), 0.054, {"shin." + s: 1.0}), (an + V((0, 0, 0.035)), 0.050, {"shin." + s: 0.6, ft: 0.4})]
    rings = [ring(p, -Z, X, r, r * 1.05, 10) for p, r, _ in shaft]
    verts, faces, which = loft(rings, True, False)

    def shaft_uv(pts):
        return [uv_in_cell("boot_dark" if min(p.z for p in pts) > top.z - 0.037 else "boot")] * len(pts)
    m.add(verts, faces, per_ring(which, [w for _, _, w in shaft]), shaft_uv)
    # Foot: sections along -Y (forward) from heel to toe; each a rounded
    # box on the ground: (y, half width, height, weights).
    ball_y = rest.head[toe].y
    sections = [(an.y + 0.042, 0.028, 0.060), (an.y + 0.034, 0.040, 0.085), (an.y, 0.046, 0.105),
                (an.y - 0.05, 0.048, 0.080), (ball_y, 0.050, 0.058), (ball_y - 0.04, 0.046, 0.048),
                (ball_y - 0.072, 0.034, 0.036), (ball_y - 0.080, 0.012, 0.022)]
    rings, ws = [], []
    for yy, half, h in sections:
        pts = []
        for i in range(10):
            t = 2.0 * math.pi * i / 10
            c, sn = math.cos(t), math.sin(t)
            zz = max(0.0, h * 0.5 + h * 0.5 * sn * (1.15 if sn < 0 else 1.0))
            pts.append(V((x + half * c, yy, zz)))
        rings.append(pts)                            # counter-clockwise about -Y
        k = smoothstep(ball_y + 0.015, ball_y - 0.02, yy)
        ws.append({ft: 1.0 - k, toe: k})
    verts, faces, which = loft(rings)

    def foot_uv(pts):
        return [uv_in_cell("sole" if max(p.z for p in pts) < 0.004 else "boot")] * len(pts)
    m.add(verts, faces, per_ring(which, ws), foot_uv)


def build(rest):
    m = Mesh()
    yc = head(m, rest)
    cap(m, rest, yc)
    capelet(m, rest)
    tunic(m, rest)
    belt_and_skirt(m, rest)
    for s in ("L", "R"):
        sleeve(m, rest, s)
        glove(m, rest, s)
        leg(m, rest, s)
    return m
