#!/usr/bin/env python3
"""Draws the game's icon (assets/icons/knights_64.png, knights_256.png).

A knight's great helm on a heater shield: a gold rim, a blue field, a steel
helm with a dark outline, a visor slit split by the nose bar, and breathing
holes. Drawn once at 1024 px, one sample a pixel, and box-filtered down to
256 px (4x4 samples a pixel) and 64 px (16x16): that is the anti-aliasing.

Pure Python 3 standard library. Byte-identical from run to run and from
machine to machine: the drawing uses only + - * / and comparisons on IEEE
doubles, the filtering integer arithmetic, and the PNG's deflate stream is
this file's own encoder (fixed Huffman codes, greedy LZ77), not zlib's,
whose output may change with its version. zlib is used only for the
checksums (crc32, adler32), which are fixed by the formats.

Usage: python3 tools/icon/make_icon.py [--out DIR]
See tools/icon/README.md.
"""

import argparse
import binascii
import os
import struct
import sys
import zlib

DRAW_SIZE = 1024  # px: the one full-size drawing both icons are filtered from
ICON_SIZES = (64, 256)  # px: the hicolor theme sizes installed

TRANSPARENT = None
GOLD = (214, 170, 62)
BLUE = (40, 72, 146)
OUTLINE = (26, 26, 34)
STEEL_LIGHT = (214, 219, 228)  # the helm's left edge, towards the light
STEEL_DARK = (112, 118, 134)  # its right edge
RIDGE = (240, 243, 247)
SLOT = (18, 18, 26)


# ---------------------------------------------------------------------------
# The drawing: each shape a test on a point (x, y) in [0, 1]^2, y down.

def in_heater_shield(x, y, left, right, top, shoulder):
    """A heater shield: a rectangle down to `shoulder`, then two arcs of
    radius (right - left), each centred on the opposite top corner's side,
    meeting in a point."""
    if x < left or x > right or y < top:
        return False
    if y <= shoulder:
        return True
    radius2 = (right - left) * (right - left)
    dy2 = (y - shoulder) * (y - shoulder)
    return (x - right) * (x - right) + dy2 <= radius2 and (x - left) * (x - left) + dy2 <= radius2


def in_helm(x, y, grow):
    """The great helm, grown by `grow` on every side (the outline): a dome
    (half an ellipse) on a body that flares slightly to its bottom edge."""
    dx = x - 0.5
    if y < 0.34:
        rx = 0.17 + grow
        ry = 0.14 + grow
        return (dx * dx) / (rx * rx) + ((y - 0.34) * (y - 0.34)) / (ry * ry) <= 1.0
    if y > 0.74 + grow:
        return False
    half_width = 0.17 + 0.05 * (y - 0.34) + grow
    return -half_width <= dx <= half_width


def helm_colour(x, y):
    """Steel shaded from the light side (left) to the dark; the ridge down
    the middle, the visor slit either side of the nose bar, breathing holes."""
    dx = x - 0.5
    if 0.43 <= y <= 0.47 and 0.03 <= abs(dx) <= 0.16:
        return SLOT
    for hole_x in (0.57, 0.62):
        for hole_y in (0.55, 0.60, 0.65):
            if (x - hole_x) * (x - hole_x) + (y - hole_y) * (y - hole_y) <= 0.012 * 0.012:
                return SLOT
    if abs(dx) <= 0.012:
        return RIDGE
    t = (x - 0.31) / 0.38  # 0 at the left edge, 1 at the right
    t = min(1.0, max(0.0, t))
    return tuple(int(a + (b - a) * t) for a, b in zip(STEEL_LIGHT, STEEL_DARK))


def field_colour(y):
    """The shield's blue, a little darker towards its point."""
    shade = 1.15 - 0.35 * y
    return tuple(min(255, int(c * shade)) for c in BLUE)


def colour_at(x, y):
    if in_helm(x, y, 0.0):
        return helm_colour(x, y)
    if in_helm(x, y, 0.02):
        return OUTLINE
    if in_heater_shield(x, y, 0.20, 0.80, 0.09, 0.36):
        return field_colour(y)
    if in_heater_shield(x, y, 0.16, 0.84, 0.05, 0.36):
        return GOLD
    return TRANSPARENT


def draw(size):
    """One sample at each pixel's centre: rows of colours or TRANSPARENT."""
    rows = []
    for j in range(size):
        y = (j + 0.5) / size
        rows.append([colour_at((i + 0.5) / size, y) for i in range(size)])
    return rows


def box_filter(rows, factor):
    """Averages factor x factor samples into one RGBA pixel: alpha is the
    covered fraction, the colour the mean of the covered samples (rounded
    to nearest, integers only). Returns rows of bytes, 4 a pixel."""
    out = []
    area = factor * factor
    for j in range(0, len(rows), factor):
        row = bytearray()
        for i in range(0, len(rows[0]), factor):
            covered = 0
            sums = [0, 0, 0]
            for sub_row in rows[j:j + factor]:
                for colour in sub_row[i:i + factor]:
                    if colour is not TRANSPARENT:
                        covered += 1
                        sums[0] += colour[0]
                        sums[1] += colour[1]
                        sums[2] += colour[2]
            if covered == 0:
                row += b"\0\0\0\0"
                continue
            row += bytes((s + covered // 2) // covered for s in sums)
            row.append((255 * covered + area // 2) // area)
        out.append(bytes(row))
    return out


# ---------------------------------------------------------------------------
# Deflate (RFC 1951) with the fixed Huffman codes and greedy LZ77.

LENGTH_BASES = (3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                131, 163, 195, 227, 258)
LENGTH_EXTRA = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0)
DISTANCE_BASES = (1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                  2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577)
DISTANCE_EXTRA = (0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13)
WINDOW = 32768
MIN_MATCH = 3
MAX_MATCH = 258
MAX_CHAIN = 16  # earlier positions tried per match: enough for an icon's runs


class BitWriter:
    """Bits packed least significant first, as deflate wants."""

    def __init__(self):
        self.out = bytearray()
        self.bits = 0
        self.count = 0

    def write(self, value, width):
        self.bits |= value << self.count
        self.count += width
        while self.count >= 8:
            self.out.append(self.bits & 0xFF)
            self.bits >>= 8
            self.count -= 8

    def write_code(self, code, width):
        """A Huffman code, which deflate stores most significant bit first."""
        reversed_code = 0
        for _ in range(width):
            reversed_code = (reversed_code << 1) | (code & 1)
            code >>= 1
        self.write(reversed_code, width)

    def finish(self):
        if self.count:
            self.out.append(self.bits & 0xFF)
        return bytes(self.out)


def write_literal_or_length(writer, symbol):
    """The fixed literal/length code of `symbol` (RFC 1951, 3.2.6)."""
    if symbol < 144:
        writer.write_code(0x30 + symbol, 8)
    elif symbol < 256:
        writer.write_code(0x190 + symbol - 144, 9)
    elif symbol < 280:
        writer.write_code(symbol - 256, 7)
    else:
        writer.write_code(0xC0 + symbol - 280, 8)


def write_match(writer, length, distance):
    code = max(c for c in range(len(LENGTH_BASES)) if LENGTH_BASES[c] <= length)
    write_literal_or_length(writer, 257 + code)
    writer.write(length - LENGTH_BASES[code], LENGTH_EXTRA[code])
    code = max(c for c in range(len(DISTANCE_BASES)) if DISTANCE_BASES[c] <= distance)
    writer.write_code(code, 5)
    writer.write(distance - DISTANCE_BASES[code], DISTANCE_EXTRA[code])


def longest_match(data, pos, candidates):
    best_length, best_distance = 0, 0
    limit = min(MAX_MATCH, len(data) - pos)
    for start in reversed(candidates[-MAX_CHAIN:]):
        if pos - start > WINDOW:
            break
        length = 0
        while length < limit and data[start + length] == data[pos + length]:
            length += 1
        if length > best_length:
            best_length, best_distance = length, pos - start
            if length == limit:
                break
    return best_length, best_distance


def deflate(data):
    """One final block of fixed Huffman codes: literals, and the longest of
    the last MAX_CHAIN earlier matches (by their first three bytes)."""
    writer = BitWriter()
    writer.write(1, 1)  # BFINAL
    writer.write(1, 2)  # BTYPE 01: fixed Huffman codes
    seen = {}  # first three bytes -> positions, in order
    pos = 0
    while pos < len(data):
        key = data[pos:pos + MIN_MATCH]
        candidates = seen.setdefault(key, [])
        length, distance = longest_match(data, pos, candidates) if len(key) == MIN_MATCH else (0, 0)
        step = length if length >= MIN_MATCH else 1
        if step > 1:
            write_match(writer, length, distance)
        else:
            write_literal_or_length(writer, data[pos])
        for p in range(pos, pos + step):
            seen.setdefault(data[p:p + MIN_MATCH], []).append(p)
        pos += step
    write_literal_or_length(writer, 256)  # end of block
    return writer.finish()


def zlib_stream(data):
    """RFC 1950: header (deflate, 32 KiB window), the stream, Adler-32."""
    return b"\x78\x01" + deflate(data) + struct.pack(">I", zlib.adler32(data))


# ---------------------------------------------------------------------------
# PNG: 8-bit RGBA, each row filtered by None, Sub or Up, whichever leaves
# the smallest sum of absolute (signed) bytes: the usual heuristic.

def filter_rows(rows):
    out = bytearray()
    previous = bytes(len(rows[0]))
    for row in rows:
        sub = bytes((row[i] - (row[i - 4] if i >= 4 else 0)) & 0xFF for i in range(len(row)))
        up = bytes((row[i] - previous[i]) & 0xFF for i in range(len(row)))
        choices = ((0, row), (1, sub), (2, up))
        kind, filtered = min(choices, key=lambda c: (sum(b if b < 128 else 256 - b for b in c[1]), c[0]))
        out.append(kind)
        out += filtered
        previous = row
    return bytes(out)


def png_chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", binascii.crc32(kind + payload))


def encode_png(rows):
    height, width = len(rows), len(rows[0]) // 4
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA, no interlace
    compressed = zlib_stream(filter_rows(rows))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", compressed) +
            png_chunk(b"IEND", b""))


def check_round_trip(png, rows):
    """The deflate stream must decode (by zlib) to the filtered rows."""
    start = png.index(b"IDAT") + 4
    length = struct.unpack(">I", png[start - 8:start - 4])[0]
    if zlib.decompress(png[start:start + length]) != filter_rows(rows):
        sys.exit("make_icon: the deflate encoder wrote a stream that does not decode")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--out", default=os.path.join(here, "..", "..", "assets", "icons"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    drawing = draw(DRAW_SIZE)
    for size in ICON_SIZES:
        rows = box_filter(drawing, DRAW_SIZE // size)
        png = encode_png(rows)
        check_round_trip(png, rows)
        path = os.path.join(args.out, "knights_%d.png" % size)
        with open(path, "wb") as f:
            f.write(png)
        print("%s: %d x %d, %d bytes" % (path, size, size, len(png)))


if __name__ == "__main__":
    main()
