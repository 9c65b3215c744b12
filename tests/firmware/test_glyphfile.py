# device/glyphfile.py: where the Chinese glyphs' bitmaps are read. On the board
# in place from the one flash block littlefs keeps device/glyphs.bin in (here a
# real littlefs on the simulation's NOR flash model, on MicroPython); else, and
# whenever that block is not certain, from the file read into RAM; never from
# bitmaps that are not the ones glyphs.py names.
from support.firmware import (flash_chip, littlefs, needs_heap_lock, scratch, scratch_file, unmount,
                              without_allocating)
from device import glyphfile, glyphs, text

MP = "/xq-glyphs"


def _with_file(names, data=None):
    """A fresh littlefs on a flash chip holding data (glyphs.bin's bytes) under each of names."""
    chip = flash_chip(64)
    littlefs(chip, MP)
    for name in names:
        with open(MP + "/" + name, "wb") as f:
            f.write(glyphfile.read() if data is None else data)
    return chip


def test_without_a_flash_the_bitmaps_are_read_into_ram():
    flash, at, data = glyphfile.find(glyphs)  # the host and the unix VM: no rp2.Flash
    assert flash is None and data == glyphfile.read()
    assert len(data) == glyphfile.HEADER + glyphfile.GLYPH * len(glyphs.CHARS)


def test_a_file_that_is_not_the_one_glyphs_names_gives_no_bitmaps():
    """Every Chinese character then draws as a box: never another set's bitmaps."""
    data = glyphfile.read()
    for bad in (data[:-1],  # a byte short
                glyphfile.header(len(glyphs.CHARS), bytes(8)) + data[glyphfile.HEADER:]):  # another digest
        assert glyphfile.find(glyphs, where=scratch_file("wrong.bin", bad)) == (None, 0, b"")
    assert glyphfile.find(glyphs, where=scratch("none.bin")) == (None, 0, b"")


def test_on_the_flash_the_file_s_block_is_found_and_read_in_place():
    chip = _with_file(["glyphs.bin"])
    try:
        flash, at, data = glyphfile.find(glyphs, chip, MP + "/glyphs.bin")
        assert flash is chip and data == b""
        whole = glyphfile.read()
        buf = bytearray(32)
        for i in (0, 1, len(glyphs.CHARS) // 2, len(glyphs.CHARS) - 1):
            chip.readblocks(at, buf, glyphfile.HEADER + 32 * i)
            assert bytes(buf) == whole[glyphfile.HEADER + 32 * i:glyphfile.HEADER + 32 * i + 32]
    finally:
        unmount(MP)


def test_two_copies_on_the_flash_are_not_trusted_ram_is():
    chip = _with_file(["glyphs.bin", "copy.bin"])  # which block littlefs keeps for the file is not known
    try:
        flash, at, data = glyphfile.find(glyphs, chip, MP + "/glyphs.bin")
        assert flash is None and data == glyphfile.read()
    finally:
        unmount(MP)


def test_the_screens_draw_the_same_from_the_flash_and_allocate_nothing():
    needs_heap_lock()
    import framebuf
    chip = _with_file(["glyphs.bin"])
    word = "\\u7ea2\\u65b9 \\u8bb8"  # red side, and a name's character
    try:
        ram = bytearray(1024)
        text.font()  # the bitmaps in RAM (no rp2.Flash here)
        text.draw(framebuf.FrameBuffer(ram, 128, 64, framebuf.MONO_VLSB), word, 0, 0)
        saved = text._flash, text._at, text._bitmaps
        text._flash, text._at, text._bitmaps = glyphfile.find(glyphs, chip, MP + "/glyphs.bin")
        assert text._flash is chip
        out = bytearray(1024)
        fb = framebuf.FrameBuffer(out, 128, 64, framebuf.MONO_VLSB)
        text.draw(fb, word, 0, 0)
        assert out == ram
        assert without_allocating(lambda: text.draw(fb, word, 0, 20)) == 1
    finally:
        text._flash, text._at, text._bitmaps = saved
        unmount(MP)
