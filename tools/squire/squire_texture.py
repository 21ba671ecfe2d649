# The squire's base-colour texture (numpy only): a 128x128 RGB atlas with a
# top band of 16x16 colour cells (each with a faint fixed-seed weave so cloth
# and leather do not look like plastic) and a 64x64 face panel bottom left,
# plus a PNG writer that gives the same bytes on every run.
#
# UV convention: Blender's (u right, v up from the bottom edge of the image);
# the glTF exporter flips v.
import struct
import zlib

import numpy as np

SIZE = 128
CELL = 16
FACE = (0, 64, 64)                 # x0, y0 (rows from the top), size in pixels

COLOURS = {
    "skin": (228, 180, 148), "hair": (118, 66, 36), "hood": (132, 40, 42),
    "hood_dark": (98, 30, 32), "lining": (196, 168, 118), "tunic": (62, 108, 64),
    "tunic_dark": (46, 84, 50), "trim": (212, 170, 66), "shirt": (214, 204, 178),
    "hose": (96, 80, 64), "boot": (84, 54, 34), "boot_dark": (58, 38, 26),
    "sole": (44, 34, 28), "glove": (156, 114, 72), "belt": (90, 58, 34),
    "buckle": (218, 184, 92), "pouch": (128, 88, 52), "black": (26, 22, 22),
}
ORDER = sorted(COLOURS)            # cell i sits at column i % 8, row i // 8
GRAIN = {"tunic": 10, "tunic_dark": 10, "hood": 9, "hood_dark": 9, "hose": 8,
         "boot": 6, "boot_dark": 6, "belt": 7, "pouch": 7, "glove": 6, "lining": 6}


def cell_origin(name):
    i = ORDER.index(name)
    return (i % 8) * CELL, (i // 8) * CELL


def uv_in_cell(name, s=0.5, t=0.5):
    """UV of the point (s, t) in [0, 1]^2 of a colour cell (t = 0 at its
    bottom), kept 2 px inside so filtering never reaches a neighbour."""
    x0, y0 = cell_origin(name)
    s = min(max(s, 0.0), 1.0)
    t = min(max(t, 0.0), 1.0)
    px = x0 + 2.0 + s * (CELL - 4.0)
    py = y0 + 2.0 + (1.0 - t) * (CELL - 4.0)
    return (px / SIZE, 1.0 - py / SIZE)


def uv_face(s, t):
    x0, y0, size = FACE
    s = min(max(s, 0.0), 1.0)
    t = min(max(t, 0.0), 1.0)
    return ((x0 + 1.0 + s * (size - 2.0)) / SIZE, 1.0 - (y0 + 1.0 + (1.0 - t) * (size - 2.0)) / SIZE)


def _disc(img, cx, cy, rx, ry, colour):
    h, w, _ = img.shape
    yy, xx = np.mgrid[0:h, 0:w]
    inside = ((xx + 0.5 - cx) / rx) ** 2 + ((yy + 0.5 - cy) / ry) ** 2 <= 1.0
    img[inside] = colour


def face_panel():
    """64x64 face: s = 0.5 is straight ahead, t = 0.5 the eye line minus a
    little (see squire_mesh.head_uv)."""
    n = FACE[2]
    img = np.zeros((n, n, 3), dtype=np.float64)
    img[:] = COLOURS["skin"]
    yy, xx = np.mgrid[0:n, 0:n] / (n - 1.0)
    # Soft shading towards the sides, rosy cheeks.
    img *= (1.0 - 0.18 * np.abs(xx - 0.5) ** 1.5)[..., None]
    for cx in (0.30, 0.70):
        blush = np.exp(-(((xx - cx) / 0.07) ** 2 + ((yy - 0.62) / 0.05) ** 2))
        img += blush[..., None] * np.array([18.0, -6.0, -6.0])
    # Hair fringe across the top.
    fringe = yy < 0.22 + 0.05 * np.cos(xx * 18.0)
    img[fringe] = COLOURS["hair"]
    for cx in (0.375, 0.625):                     # eyes: white, iris, brow
        _disc(img, cx * n, 0.43 * n, 3.6, 2.4, (240, 236, 228))
        _disc(img, cx * n, 0.43 * n, 1.9, 2.2, (60, 44, 34))
        _disc(img, cx * n, 0.35 * n, 4.2, 1.0, COLOURS["hair"])
    _disc(img, 0.5 * n, 0.72 * n, 5.0, 1.1, (168, 94, 84))   # mouth
    _disc(img, 0.5 * n, 0.58 * n, 1.6, 2.6, (206, 156, 126))  # nose shade
    return img


def atlas():
    img = np.zeros((SIZE, SIZE, 3), dtype=np.float64)
    img[:] = COLOURS["skin"]
    rng = np.random.RandomState(1234)
    yy, xx = np.mgrid[0:CELL, 0:CELL]
    weave = ((xx + yy) % 4 < 2).astype(np.float64) - 0.5
    for name in ORDER:
        x0, y0 = cell_origin(name)
        amp = GRAIN.get(name, 2)
        noise = rng.uniform(-1.0, 1.0, (CELL, CELL))
        tile = np.array(COLOURS[name], dtype=np.float64)[None, None, :] + \
            (amp * (0.6 * noise + 0.8 * weave))[..., None]
        img[y0:y0 + CELL, x0:x0 + CELL] = tile
    x0, y0, size = FACE
    img[y0:y0 + size, x0:x0 + size] = face_panel()
    return np.clip(np.round(img), 0, 255).astype(np.uint8)


def png_bytes(img):
    """RGB8 PNG with IHDR, one IDAT (zlib level 9, filter 0) and IEND only:
    no time or text chunks, so the bytes depend on the pixels alone."""
    h, w, _ = img.shape
    rows = b"".join(b"\x00" + bytes(img[y].tobytes()) for y in range(h))

    def chunk(tag, body):
        crc = zlib.crc32(tag + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
