# device.text: mixed ASCII / Chinese lines on a FrameBuffer (both VMs).
import framebuf  # on CPython the stand-in (tests/conftest.py installs it)

from device import glyphfile, glyphs, text
from support.firmware import needs_heap_lock

BITMAPS = glyphfile.read()
HEADER = glyphfile.HEADER

MISSING = "\u9f98"  # 龘: no screen word uses it


def screen():
    buf = bytearray(128 * 64 // 8)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def glyph_bit(ch, col, row):
    """Pixel (col, row) of ch's 16x16 glyph, decoded straight from device/glyphs.bin."""
    i = glyphs.CHARS.find(ch)
    assert i >= 0, ch
    byte = BITMAPS[HEADER + i * 32 + row * 2 + (col >> 3)]
    return (byte >> (7 - (col & 7))) & 1


def lit(fb):
    n = 0
    for y in range(64):
        for x in range(128):
            n += fb.pixel(x, y)
    return n


def test_width_counts_8_per_ascii_and_16_per_chinese():
    assert text.width("红方 12") == 2 * 16 + 3 * 8
    assert text.width("") == 0
    assert text.width("FLAG") == 32
    assert text.width(MISSING) == 16


def test_chinese_glyph_lights_exactly_its_bitmap():
    _, fb = screen()
    x0, y0 = 37, 21  # neither byte- nor page-aligned
    assert text.draw(fb, "红", x0, y0) == x0 + 16
    ones = 0
    for row in range(16):
        for col in range(16):
            bit = glyph_bit("红", col, row)
            ones += bit
            assert fb.pixel(x0 + col, y0 + row) == bit, (col, row)
    assert ones > 30  # a real glyph, not an empty one
    assert lit(fb) == ones  # nothing outside the glyph's 16x16 cell


def test_every_glyph_draws_something():
    _, fb = screen()
    for ch in glyphs.CHARS:
        fb.fill(0)
        text.draw(fb, ch, 0, 0)
        n = 0
        for row in range(16):
            for col in range(16):
                n += fb.pixel(col, row)
        assert n > 0, ch


def test_ascii_is_framebuf_text_4_pixels_down():
    buf, fb = screen()
    ref_buf, ref = screen()
    assert text.draw(fb, "A1:", 5, 10) == 5 + 24
    ref.text("A1:", 5, 14)
    assert buf == ref_buf


def test_mixed_line_advances_16_then_8():
    buf, fb = screen()
    ref_buf, ref = screen()
    text.draw(fb, "红2方", 3, 30)
    text.draw(ref, "红", 3, 30)
    ref.text("2", 3 + 16, 34)
    text.draw(ref, "方", 3 + 24, 30)
    assert buf == ref_buf


def test_unknown_character_draws_a_hollow_14x14_box():
    assert glyphs.CHARS.find(MISSING) < 0
    _, fb = screen()
    assert text.draw(fb, MISSING + "A", 10, 20) == 10 + 16 + 8
    for y in range(20, 36):
        for x in range(10, 26):
            inside = 11 <= x <= 24 and 21 <= y <= 34
            edge = inside and (x in (11, 24) or y in (21, 34))
            assert fb.pixel(x, y) == (1 if edge else 0), (x, y)
    _, ref = screen()
    ref.text("A", 26, 24)  # the "A" follows the box, 4 px down
    for y in range(20, 36):
        for x in range(26, 34):
            assert fb.pixel(x, y) == ref.pixel(x, y), (x, y)


def test_c1_leaves_the_background_alone():
    _, fb = screen()
    fb.fill_rect(0, 0, 16, 16, 1)
    text.draw(fb, "红", 0, 0, 1)
    for row in range(16):
        for col in range(16):
            assert fb.pixel(col, row) == 1
    assert lit(fb) == 256


def test_c0_darkens_a_lit_area():
    _, fb = screen()
    fb.fill(1)
    text.draw(fb, "红A" + MISSING, 8, 8, 0)
    for row in range(16):
        for col in range(16):
            assert fb.pixel(8 + col, 8 + row) == 1 - glyph_bit("红", col, row), (col, row)
    ref_buf, ref = screen()
    ref.text("A", 24, 12)
    dark_a = 0
    for y in range(12, 20):
        for x in range(24, 32):
            assert fb.pixel(x, y) == 1 - ref.pixel(x, y)
            dark_a += ref.pixel(x, y)
    assert dark_a > 0
    assert fb.pixel(32 + 1, 8 + 1) == 0 and fb.pixel(32 + 7, 8 + 1) == 0  # the box's top edge
    assert fb.pixel(32 + 7, 8 + 7) == 1  # its inside stays lit
    assert fb.pixel(0, 0) == 1 and fb.pixel(127, 63) == 1
    ones = 0
    for row in range(16):
        for col in range(16):
            ones += glyph_bit("红", col, row)
    assert lit(fb) == 128 * 64 - ones - dark_a - 52


def test_draw_centered():
    buf, fb = screen()
    ref_buf, ref = screen()
    assert text.draw_centered(fb, "红方", 24) == 48 + 32
    text.draw(ref, "红方", 48, 24)
    assert buf == ref_buf
    fb.fill(0)
    ref.fill(0)
    text.draw_centered(fb, "12", 0, 1, 64, 64)  # right half
    text.draw(ref, "12", 64 + 24, 0)
    assert buf == ref_buf
    fb.fill(0)
    ref.fill(0)
    text.draw_centered(fb, "进入新阶段进入新阶段", 0)  # 160 px: starts at x0 instead
    text.draw(ref, "进入新阶段进入新阶段", 0, 0)
    assert buf == ref_buf


def test_drawing_a_line_allocates_nothing_once_prepared():
    needs_heap_lock()
    import micropython
    import gc
    lock, unlock = micropython.heap_lock, micropython.heap_unlock
    assert text.intern(text.font().CHARS) == len(glyphs.CHARS)
    _, fb = screen()
    line = "红方 犯规 2"
    other = MISSING + "认输"
    text.draw(fb, line, 0, 0)
    gc.collect()
    before = gc.mem_alloc()
    text.draw(fb, line, 0, 0)
    text.draw(fb, line, 0, 20, 0)
    text.draw_centered(fb, line, 40)
    assert gc.mem_alloc() - before == 0
    lock()
    try:
        for _ in range(10):
            text.draw(fb, line, 0, 0)
            text.draw(fb, other, 0, 20, 0)
            text.width(line)
    finally:
        unlock()
