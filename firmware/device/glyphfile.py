# Where the Chinese glyphs' bitmaps are read from (device/text.py):
# device/glyphs.bin, a 16-byte header (MAGIC, the glyphs' count, the first 8
# bytes of the bitmaps' sha256, which device/glyphs.py's DIGEST names) and the
# 16x16 bitmaps of glyphs.CHARS, 32 bytes each (host_tools/fontgen.py makes
# both files). On a Pico they are read in place from the flash block littlefs
# keeps the file in (a file no longer than a block is that block, from its
# first byte): 3.8 KB that no heap holds. The block is found once, at the
# first Chinese character drawn, by the header at its start, and checked
# whole against the file; else (the host, the simulation, a filesystem on
# another device, a deleted copy of the same bytes that littlefs may yet
# reuse) the file is read into RAM. Then device/text.py forgets this module.

MAGIC = b"XQG1"
HEADER = 16
GLYPH = 32  # bytes a glyph: 16 rows of 2


def path():
    """glyphs.bin, beside this module."""
    return __file__.rsplit("/", 1)[0] + "/glyphs.bin"


def read(where=None):
    """The file's bytes (header and bitmaps), or b"" if it cannot be read."""
    try:
        with open(where or path(), "rb") as f:
            return f.read()
    except OSError:
        return b""


def header(count, digest):
    """The 16 bytes glyphs.bin starts with, for count glyphs whose bitmaps' sha256 starts with digest."""
    return MAGIC + bytes((count & 0xFF, count >> 8, 0, 0)) + digest[:8]


def find(glyphs, flash=None, where=None):
    """(flash, block, data): glyph i's bitmap is 32 bytes at HEADER + 32 * i of
    the block (flash not None) or of data. No bitmaps (b"": every character
    draws as a box) if the file is missing or is not the one glyphs names."""
    import binascii
    data = read(where)
    if data[:HEADER] != header(len(glyphs.CHARS), binascii.unhexlify(glyphs.DIGEST)) or \
            len(data) != HEADER + GLYPH * len(glyphs.CHARS):
        return None, 0, b""
    if flash is None:
        from device.storage import flash_device
        flash = flash_device()
    if flash is None or len(data) > flash.ioctl(5, 0):
        return None, 0, data
    want = data[:HEADER]
    head = bytearray(HEADER)
    found = -1
    for b in range(flash.ioctl(4, 0)):
        flash.readblocks(b, head, 0)
        if head == want:
            if found >= 0:
                return None, 0, data  # two copies: which one littlefs keeps is not known
            found = b
    if found < 0:
        return None, 0, data
    whole = bytearray(len(data))
    flash.readblocks(found, whole, 0)
    if whole != data:
        return None, 0, data
    return flash, found, b""
