"""Write 1-bit frames as PNG files (standard library only), scaled up and in
the OLED's colours, so screenshots need no graphics library."""
import struct
import zlib

ON = (120, 200, 255)  # a blue-white OLED pixel
OFF = (8, 10, 16)


def _chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def write(path, rows, scale=4, gap=1):
    """rows: lists of 0/1 pixels. Each pixel becomes a scale x scale square
    with a `gap`-pixel dark seam, like the real panel's dot pitch."""
    height = len(rows) * scale
    width = len(rows[0]) * scale
    raw = bytearray()
    for row in rows:
        line = bytearray()
        for px in row:
            colour = bytes(ON if px else OFF)
            line += colour * (scale - gap) + bytes(OFF) * gap
        for y in range(scale):
            raw.append(0)
            raw += line if y < scale - gap else bytes(OFF) * width
    png = b"\x89PNG\r\n\x1a\n"
    png += _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += _chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)
