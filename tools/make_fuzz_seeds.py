#!/usr/bin/env python3
"""Writes the fuzz seeds that are made rather than found: the image target's
corpus, tests/fuzz/corpus/image/, and the .glb files of the character
target's corpus whose JSON chunk is nested to the cap (128) and past it.

The images: small images in every format stb_image decodes, each written here byte by
byte (no image library), so that the fuzzer starts from every header the
texture loader meets. PNG (grey, RGB, RGBA, palette, 16-bit, Adam7
interlaced) and JPEG (grey, 4:2:0 colour, progressive, with restart markers,
with fill bytes before its markers) are decoded by the game; the others
(Radiance HDR, GIF, BMP, PSD, PNM, TGA) must be refused by name. A 93-byte
HDR and a 20000 x 20000 JPEG header are the size attacks of
tools/bad_inputs.py. The same run writes the same bytes.

    tools/make_fuzz_seeds.py [CORPUS_DIR]   (default tests/fuzz/corpus)
"""

import os
import struct
import sys
import zlib

W, H = 16, 8  # pixels: two 8 x 8 JPEG blocks side by side


def pixel(x, y):
    return (x * 16 % 256, y * 32 % 256, (x + y) * 8 % 256)


# --- PNG --------------------------------------------------------------------

def png_chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def png(rows, color_type, depth=8, palette=None, interlace=0):
    header = struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, interlace)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header)
    if palette:
        out += png_chunk(b"PLTE", palette)
    raw = b"".join(b"\x00" + row for row in rows)  # filter 0 on every row
    return out + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b"")


def png_rows(bytes_of):
    return [b"".join(bytes_of(x, y) for x in range(W)) for y in range(H)]


def adam7_rows(bytes_of):
    """Rows of the seven Adam7 passes, one after the other."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    rows = []
    for x0, y0, dx, dy in passes:
        for y in range(y0, H, dy):
            row = b"".join(bytes_of(x, y) for x in range(x0, W, dx))
            if row:
                rows.append(row)
    return rows


# --- JPEG -------------------------------------------------------------------
# Every block is flat (DC difference 0, then end of block), so one Huffman
# code of one bit per table encodes it: DC category 0 and AC symbol 0x00.

def jpeg_marker(code, payload):
    return b"\xff" + bytes([code]) + struct.pack(">H", len(payload) + 2) + payload


def jpeg_tables(ids):
    dqt = b"".join(bytes([i]) + bytes([1] * 64) for i in range(len(ids)))
    dht = b""
    for table in ids:
        one_code = bytes([1] + [0] * 15) + b"\x00"  # one code of length 1: symbol 0
        dht += bytes([0x00 | table]) + one_code + bytes([0x10 | table]) + one_code
    return jpeg_marker(0xDB, dqt) + jpeg_marker(0xC4, dht)


def jpeg_bits(count):
    """`count` one-bit codes (all 0), padded with 1s to a byte."""
    bits = "0" * count
    bits += "1" * (-len(bits) % 8)
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))


def jpeg_gray(restart=False):
    sof = struct.pack(">BHHB", 8, H, W, 1) + bytes([1, 0x11, 0])
    sos = bytes([1, 1, 0x00, 0, 63, 0])
    out = b"\xff\xd8" + jpeg_tables([0]) + jpeg_marker(0xC0, sof)
    if not restart:
        return out + jpeg_marker(0xDA, sos) + jpeg_bits(2 * 2) + b"\xff\xd9"
    # A restart after every block.
    out += jpeg_marker(0xDD, struct.pack(">H", 1)) + jpeg_marker(0xDA, sos)
    return out + jpeg_bits(2) + b"\xff\xd0" + jpeg_bits(2) + b"\xff\xd9"


def jpeg_color():
    """4:2:0 YCbCr, 16 x 16: four luma blocks and one of each chroma."""
    size = 16
    sof = struct.pack(">BHHB", 8, size, size, 3) + bytes([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    sos = bytes([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
    return (b"\xff\xd8" + jpeg_tables([0, 1]) + jpeg_marker(0xC0, sof) + jpeg_marker(0xDA, sos) +
            jpeg_bits(6 * 2) + b"\xff\xd9")


def jpeg_progressive():
    """Grey, progressive: a DC scan, then the AC coefficients in one scan."""
    sof = struct.pack(">BHHB", 8, H, W, 1) + bytes([1, 0x11, 0])
    dc = jpeg_marker(0xDA, bytes([1, 1, 0x00, 0, 0, 0])) + jpeg_bits(2)
    ac = jpeg_marker(0xDA, bytes([1, 1, 0x00, 1, 63, 0])) + jpeg_bits(2)
    return b"\xff\xd8" + jpeg_tables([0]) + jpeg_marker(0xC2, sof) + dc + ac + b"\xff\xd9"


def jpeg_with_fill_bytes():
    """The grey JPEG with 0xFF fill bytes before its markers (legal)."""
    return jpeg_gray().replace(b"\xff\xdb", b"\xff\xff\xff\xdb").replace(b"\xff\xc0", b"\xff\xff\xc0")


def jpeg_huge_header():
    """A 20000 x 20000 frame header after a fill byte (tools/bad_inputs.py)."""
    return (b"\xff\xd8\xff\xff\xc0" + struct.pack(">HBHHB", 17, 8, 20000, 20000, 3) +
            bytes([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]))


# --- The formats the game refuses --------------------------------------------

def bmp():
    row_bytes = (W * 3 + 3) & ~3
    pixels = b"".join(
        b"".join(bytes(reversed(pixel(x, y))) for x in range(W)).ljust(row_bytes, b"\x00") for y in reversed(range(H)))
    info = struct.pack("<IiiHHIIiiII", 40, W, H, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info) + len(pixels), 0, 0, 14 + len(info)) + info + pixels


def tga(rle):
    header = struct.pack("<BBBHHBHHHHBB", 0, 0, 10 if rle else 2, 0, 0, 0, 0, 0, W, H, 24, 0x20)
    body = b""
    for y in range(H):
        for x in range(W):
            bgr = bytes(reversed(pixel(x, y)))
            body += (b"\x00" + bgr) if rle else bgr  # RLE: raw packets of one pixel
    return header + body


def pnm(grey):
    if grey:
        return b"P5\n%d %d\n255\n" % (W, H) + bytes(pixel(x, y)[0] for y in range(H) for x in range(W))
    return b"P6\n%d %d\n255\n" % (W, H) + b"".join(bytes(pixel(x, y)) for y in range(H) for x in range(W))


def hdr():
    rows = b"".join(bytes(pixel(x, y)) + b"\x80" for y in range(H) for x in range(W))  # flat RGBE
    return b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y %d +X %d\n" % (H, W) + rows


def hdr_huge():
    """93 bytes that asked stb_image for 11000 x 11000 floats (2.4 GB)."""
    return (b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 11000 +X 11000\n" + b"\x02\x02\x2a\xf8" * 10)[:93]


def gif():
    """Two colours, LZW with a clear code before every pixel (codes stay 3 bits)."""
    screen = b"GIF89a" + struct.pack("<HHBBB", W, H, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    image = b"\x2c" + struct.pack("<HHHHB", 0, 0, W, H, 0)
    codes = []
    for y in range(H):
        for x in range(W):
            codes += [4, (x + y) % 2]
    codes.append(5)
    value, bits, packed = 0, 0, b""
    for code in codes:
        value |= code << bits
        bits += 3
        while bits >= 8:
            packed += bytes([value & 0xFF])
            value >>= 8
            bits -= 8
    if bits:
        packed += bytes([value])
    blocks = b"".join(bytes([len(packed[i:i + 255])]) + packed[i:i + 255] for i in range(0, len(packed), 255))
    return screen + image + b"\x02" + blocks + b"\x00\x3b"


def psd():
    header = b"8BPS" + struct.pack(">H6xHIIHH", 1, 3, H, W, 8, 3)
    planes = b"".join(bytes(pixel(x, y)[c] for y in range(H) for x in range(W)) for c in range(3))
    return header + struct.pack(">III", 0, 0, 0) + struct.pack(">H", 0) + planes


# --- .glb files nested deep ---------------------------------------------------

def nested_glb(depth):
    """A .glb whose JSON chunk nests `depth` arrays under asset.extras."""
    text = b'{"asset":{"version":"2.0","extras":' + b"[" * (depth - 2) + b"]" * (depth - 2) + b"}}"
    text += b" " * (-len(text) % 4)
    chunk = struct.pack("<I", len(text)) + b"JSON" + text
    return b"glTF" + struct.pack("<II", 2, 12 + len(chunk)) + chunk


def glb_seeds():
    return {"glb_json_nested_128_deep.glb": nested_glb(128), "bad_glb_json_nested_200_deep.glb": nested_glb(200)}


def image_seeds():
    rgb = png_rows(lambda x, y: bytes(pixel(x, y)))
    palette = b"".join(bytes(pixel(i, i)) for i in range(4))
    return {
        "png_grey.png": png(png_rows(lambda x, y: bytes([pixel(x, y)[0]])), 0),
        "png_rgb.png": png(rgb, 2),
        "png_rgba.png": png(png_rows(lambda x, y: bytes(pixel(x, y)) + bytes([x * 16])), 6),
        "png_palette.png": png(png_rows(lambda x, y: bytes([(x + y) % 4])), 3, palette=palette),
        "png_16bit.png": png(png_rows(lambda x, y: b"".join(struct.pack(">H", c * 257) for c in pixel(x, y))), 2, 16),
        "png_adam7.png": png(adam7_rows(lambda x, y: bytes(pixel(x, y))), 2, interlace=1),
        "jpeg_grey.jpg": jpeg_gray(),
        "jpeg_restarts.jpg": jpeg_gray(restart=True),
        "jpeg_420.jpg": jpeg_color(),
        "jpeg_progressive.jpg": jpeg_progressive(),
        "jpeg_fill_bytes.jpg": jpeg_with_fill_bytes(),
        "jpeg_20000.jpg": jpeg_huge_header(),
        "bmp_24bit.bmp": bmp(),
        "tga_raw.tga": tga(False),
        "tga_rle.tga": tga(True),
        "pnm_grey.pgm": pnm(True),
        "pnm_rgb.ppm": pnm(False),
        "hdr_flat.hdr": hdr(),
        "hdr_11000.hdr": hdr_huge(),
        "gif_two_colours.gif": gif(),
        "psd_rgb.psd": psd(),
    }


def write(out_dir, files):
    os.makedirs(out_dir, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
    print(f"{len(files)} seeds in {os.path.normpath(out_dir)}")


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "tests", "fuzz",
                                                                "corpus")
    write(os.path.join(corpus, "image"), image_seeds())
    write(os.path.join(corpus, "character"), glb_seeds())


if __name__ == "__main__":
    main()
