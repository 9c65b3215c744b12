"""The host chip models and the framebuf stand-in, checked against the datasheets
and the real MicroPython, independently of our drivers."""

from host_tools import framebuf_font, unixport
from host_tools.mpy.sim import framebuf
from host_tools.mpy.sim.bus import TwoWire
from host_tools.mpy.sim.font_petme128 import FONT
from host_tools.mpy.sim.ssd1306_model import HORIZONTAL, PAGE, VERTICAL, SSD1306Model
from host_tools.mpy.sim.tm1637_model import TM1637Model

DIGITS = [0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F]  # datasheet 0..9


def run_micropython(code):
    return unixport.output("-c", code, path=(), timeout=60)


def lit_model():
    """A model after the minimum a panel needs to light: charge pump on, display on."""
    m = SSD1306Model()
    m.write(b"\x00\x8d\x14\xaf")
    return m


def ram(m, page, col):
    return m.gddram[page * 128 + col]


# -- SSD1306: addressing ------------------------------------------------------


def test_reset_state_is_page_mode_dark_and_unremapped():
    m = SSD1306Model()
    assert (m.mode, m.display_on, m.charge_pump, m.contrast) == (PAGE, False, False, 0x7F)
    assert not m.seg_remap and not m.com_remap and m.start_line == 0


def test_page_mode_sets_page_and_column_nibbles_then_streams():
    m = SSD1306Model()
    m.write(b"\x00\xb2\x05\x13")  # page 2, column 0x35
    m.write(b"\x40\xaa\xbb")
    assert ram(m, 2, 0x35) == 0xAA and ram(m, 2, 0x36) == 0xBB
    assert sum(m.gddram) == 0xAA + 0xBB


def test_page_mode_column_wraps_without_advancing_the_page():
    m = SSD1306Model()
    m.write(b"\x00\xb6\x0f\x17")  # page 6, column 127
    m.write(b"\x40\x01\x02\x03")
    assert ram(m, 6, 127) == 1 and ram(m, 6, 0) == 2 and ram(m, 6, 1) == 3
    assert all(ram(m, 7, c) == 0 for c in range(128))


def test_horizontal_mode_wraps_inside_the_column_and_page_window():
    m = SSD1306Model()
    m.write(b"\x00\x20\x00\x21\x0a\x0c\x22\x01\x02")  # columns 10..12, pages 1..2
    m.write(b"\x40" + bytes(range(1, 9)))  # 6 cells, then 2 more wrap to the start
    assert [ram(m, 1, c) for c in (10, 11, 12)] == [7, 8, 3]
    assert [ram(m, 2, c) for c in (10, 11, 12)] == [4, 5, 6]
    assert sum(1 for b in m.gddram if b) == 6
    assert (m.page, m.col) == (1, 12)


def test_vertical_mode_goes_down_the_pages_then_wraps():
    m = SSD1306Model()
    m.write(b"\x00\x20\x01\x21\x05\x06\x22\x03\x04")
    m.write(b"\x40\x01\x02\x03\x04\x05")
    assert m.mode == VERTICAL
    assert [ram(m, 3, 5), ram(m, 4, 5), ram(m, 3, 6), ram(m, 4, 6)] == [5, 2, 3, 4]


def test_window_commands_reset_the_pointers():
    m = SSD1306Model()
    m.write(b"\x00\x20\x00")
    m.write(b"\x40\x11\x22\x33")  # pointer now at column 3
    m.write(b"\x00\x21\x00\x7f\x22\x00\x07")
    m.write(b"\x40\x44")
    assert ram(m, 0, 0) == 0x44 and ram(m, 0, 3) == 0


def test_column_nibbles_are_ignored_outside_page_mode():
    m = SSD1306Model()
    m.write(b"\x00\x20\x00\x05\x12\xb3")
    m.write(b"\x40\x99")
    assert ram(m, 0, 0) == 0x99 and m.mode == HORIZONTAL


# -- SSD1306: control bytes and command parsing -----------------------------------


def test_arguments_may_arrive_in_later_transactions():
    m = SSD1306Model()
    m.write(b"\x80\x81")
    m.write(b"\x80\x20")  # the contrast value, not "set addressing mode"
    assert m.contrast == 0x20 and m.mode == PAGE
    for b in (0x20, 0x00):  # micropython-lib sends each byte as its own write
        m.write(bytes((0x80, b)))
    assert m.mode == HORIZONTAL


def test_0x40_is_a_start_line_command_or_a_control_byte_by_position():
    m = SSD1306Model()
    m.write(b"\x80\x45")  # Co=1 command: start line 5
    assert m.start_line == 5 and sum(m.gddram) == 0
    m.write(b"\x00\x40\x47")  # command stream: two start-line commands
    assert m.start_line == 7 and sum(m.gddram) == 0
    m.write(b"\x00\x81\x40")  # an argument, whatever its value
    assert m.contrast == 0x40 and m.start_line == 7
    m.write(b"\x40\x40")  # control byte then a data byte 0x40
    assert m.gddram[0] == 0x40


def test_co_bit_makes_each_single_byte_need_a_new_control_byte():
    m = SSD1306Model()
    m.write(b"\x80\xaf\xc0\x55\x40\x01\x02")  # cmd AF, data 55, then a data stream
    assert m.display_on
    assert list(m.gddram[:3]) == [0x55, 0x01, 0x02]
    m2 = SSD1306Model()
    m2.write(b"\x00\xaf\xc8")  # Co=0: 0xC8 is a command (COM scan), not a control byte
    assert m2.display_on and m2.com_remap and sum(m2.gddram) == 0


def test_scroll_setup_arguments_are_consumed():
    m = SSD1306Model()
    m.write(b"\x00\x26\x00\x00\x00\x07\x00\xff\x2f\xaf")
    assert m.display_on and m.scrolling and m.unknown == []
    m.write(b"\x00\x2e")
    assert not m.scrolling


def test_micropython_lib_init_sequence_leaves_no_unknown_commands():
    m = SSD1306Model()
    for b in bytes.fromhex("AE2000 40A1A83FC8D300DA12D580D9F1DB3081FFA4A6AD308D14AF".replace(" ", "")):
        m.write(bytes((0x80, b)))
    assert m.unknown == [] and m.lit() and m.mode == HORIZONTAL and m.contrast == 0xFF


# -- SSD1306: what the panel shows -----------------------------------------------


def upright(m):
    m.write(b"\x00\xa1\xc8\x20\x00")  # the usual orientation, horizontal mode


def test_upright_frame_shows_as_drawn():
    m = lit_model()
    upright(m)
    frame = bytes((i * 7 + 3) & 0xFF for i in range(1024))
    m.write(b"\x40" + frame)
    assert m.shown_vlsb() == frame
    # and a single pixel, for the geometry: column 5, row 9 is page 1 bit 1
    m2 = lit_model()
    upright(m2)
    m2.write(b"\x00\x21\x05\x05\x22\x01\x01")
    m2.write(b"\x40\x02")
    assert m2.pixel(5, 9) == 1 and sum(map(sum, m2.pixels())) == 1


def test_display_off_or_no_charge_pump_shows_nothing():
    m = SSD1306Model()
    upright(m)
    m.write(b"\x40" + b"\xff" * 1024)
    m.write(b"\x00\xaf")  # on, but the charge pump was never enabled
    assert not any(map(any, m.pixels()))
    m.write(b"\x00\x8d\x14")
    assert all(map(all, m.pixels()))
    m.write(b"\x80\xae")
    assert not any(map(any, m.pixels()))
    assert SSD1306Model(external_vcc=True).lit() is False  # still needs 0xAF


def test_inverse_and_entire_display_on():
    m = lit_model()
    upright(m)
    m.write(b"\x00\x21\x00\x00\x22\x00\x00")
    m.write(b"\x40\x01")  # one pixel at (0, 0)
    m.write(b"\x80\xa7")
    px = m.pixels()
    assert px[0][0] == 0 and px[0][1] == 1 and px[63][127] == 1
    m.write(b"\x80\xa6\x80\xa5")
    assert all(map(all, m.pixels()))
    m.write(b"\x80\xa4")
    assert m.pixel(0, 0) == 1 and m.pixel(1, 0) == 0


def test_segment_remap_applies_to_later_writes_com_scan_at_once():
    m = lit_model()
    m.write(b"\x00\x20\x00\xa1\xc8")
    m.write(b"\x40\x01")  # column 0, row 0 -> top left
    assert m.pixel(0, 0) == 1
    m.write(b"\x80\xa0")  # remap back: already written data is not moved
    assert m.pixel(0, 0) == 1
    m.write(b"\x00\x21\x00\x7f\x22\x00\x07")
    m.write(b"\x40\x01")  # rewritten: now mirrored
    assert m.pixel(127, 0) == 1
    m.write(b"\x80\xc0")  # COM scan flips the picture immediately
    assert m.pixel(0, 63) == 1 and m.pixel(127, 63) == 1 and m.pixel(0, 0) == 0


def test_start_line_and_multiplex():
    m = lit_model()
    upright(m)
    m.write(b"\x00\x21\x00\x00\x22\x00\x00")
    m.write(b"\x40\x02")  # RAM row 1, column 0
    assert m.pixel(0, 1) == 1
    m.write(b"\x80\x41")  # start line 1: RAM row 1 is now the top row
    assert m.pixel(0, 0) == 1 and m.pixel(0, 1) == 0
    m.write(b"\x80\x40\x00\xa8\x1f\xa5")  # 32 rows, all on
    rows = m.pixels()
    # only 32 COM lines are driven; which glass rows they are depends on the
    # module's COM wiring (0xDA), which the model does not try to know
    assert sum(1 for r in rows if all(r)) == 32 and sum(1 for r in rows if any(r)) == 32


def test_counters():
    m = SSD1306Model()
    m.write(b"\x80\xaf")
    m.write(b"\x40\x01\x02")
    assert (m.writes, m.bytes_received) == (2, 5)


# -- TM1637 -------------------------------------------------------------------------


def frames_to_levels(frames, ack_driven=None):
    """Hand-made wire levels: idle high, start, LSB-first bits changed while CLK
    is low, a 9th clock, stop. ack_driven: DIO level the master holds on the
    9th clock (None: released, high)."""
    clk, dio = 1, 1
    out = []

    def set_(c=None, d=None):
        nonlocal clk, dio
        clk = clk if c is None else c
        dio = dio if d is None else d
        out.append((clk, dio))

    for frame in frames:
        set_(d=0)
        set_(c=0)
        for b in frame:
            for i in range(8):
                set_(d=(b >> i) & 1)
                set_(c=1)
                set_(c=0)
            set_(d=1 if ack_driven is None else ack_driven)
            set_(c=1)
            set_(c=0)
        set_(d=0)
        set_(c=1)
        set_(d=1)
    return out


def drive(model, frames, **kw):
    for clk, dio in frames_to_levels(frames, **kw):
        model.pins(clk, dio)


def test_tm1637_digits_colon_and_brightness():
    m = TM1637Model()
    drive(m, [b"\x40", bytes([0xC0] + DIGITS[0:4]), b"\x8a"])
    assert m.text() == "0123" and m.on and m.brightness == 2 and not m.colon
    for first in (4, 8):
        drive(m, [b"\x40", bytes([0xC0] + (DIGITS + [0, 0])[first:first + 4])])
    assert m.text() == "89  "
    drive(m, [bytes([0xC1, DIGITS[5] | 0x80])])
    assert m.segments[1] == 0xED and m.colon and m.text() == "85  "
    assert m.frames[:3] == [b"\x40", bytes([0xC0] + DIGITS[0:4]), b"\x8a"]
    assert m.violations == []


def test_tm1637_all_digits_decode():
    for d in range(10):
        m = TM1637Model()
        drive(m, [b"\x40", bytes([0xC2, DIGITS[d]])])
        assert m.text() == "  %d " % d


def test_tm1637_fixed_address_mode_rewrites_one_digit():
    m = TM1637Model()
    drive(m, [b"\x44", b"\xc2\x3f\x06"])
    assert m.segments[:4] == [0, 0, 0x06, 0] and not m.auto_increment
    drive(m, [b"\x40", b"\xc2\x3f\x06"])
    assert m.segments[:4] == [0, 0, 0x3F, 0x06] and m.auto_increment


def test_tm1637_display_control():
    m = TM1637Model()
    assert not m.on
    drive(m, [b"\x8f"])
    assert m.on and m.brightness == 7
    drive(m, [b"\x80"])
    assert not m.on


def test_tm1637_lenient_with_driven_ack_and_a_missing_first_start():
    m = TM1637Model(clk=0, dio=0)  # pins that start low, as in mcauser's driver
    levels = frames_to_levels([b"\x40", b"\xc0\x06\x5b", b"\x88"], ack_driven=0)
    for clk, dio in levels[2:]:  # its first "start" does not move the lines
        m.pins(clk, dio)
    assert m.text(2) == "12" and m.on and m.brightness == 0
    assert m.violations == ["clock without start"]


def test_tm1637_ack_pulls_dio_low_on_the_ninth_clock():
    m = TM1637Model()
    wire = TwoWire(m)
    seen = []
    wire.clk.value(1)
    wire.dio.value(1)
    wire.dio.init(wire.dio.OPEN_DRAIN)
    wire.clk.init(wire.clk.OUT)
    wire.dio.value(0)
    wire.clk.value(0)  # start
    for i in range(8):
        wire.dio.value((0x40 >> i) & 1)
        wire.clk.value(1)
        seen.append(wire.dio.value())
        wire.clk.value(0)
    wire.dio.value(1)  # release
    assert wire.dio.value() == 0  # the chip holds it low
    wire.clk.value(1)
    assert wire.dio.value() == 0
    wire.clk.value(0)
    assert wire.dio.value() == 1  # released after the 9th clock
    assert seen == [0, 0, 0, 0, 0, 0, 1, 0] and wire.contention == 0


def test_tm1637_protocol_slips_are_recorded():
    m = TM1637Model()
    levels = frames_to_levels([b"\xc0\x3f"])
    cut = levels[:-3 - 3 * 8 - 3 + 9]  # stop in the middle of the data byte
    for clk, dio in cut:
        m.pins(clk, dio)
    m.pins(0, 0)
    m.pins(1, 0)
    m.pins(1, 1)
    assert any("inside a byte" in v for v in m.violations)
    m2 = TM1637Model()
    drive(m2, [b"\x00"])
    assert m2.violations == ["unknown command 0x00"]


# -- the framebuf stand-in against the real one -------------------------------------


def test_font_matches_micropython():
    assert framebuf_font.dump_font() == FONT
    assert len(FONT) == 96 * 8


DRAW = r"""
icon = framebuf.FrameBuffer(bytearray(b'\x3c\x42\xa5\x81\xa5\x99\x42\x3c'), 8, 8, framebuf.MONO_HLSB)
fb.fill(0)
fb.text("Hi! 09:59 ~\x7f", -3, 2, 1)
fb.text("xq", 120, 60, 1)
fb.text("\u00e9t\u00e9\x01", 10, 40, 1)
fb.rect(5, 5, 30, 20, 1)
fb.rect(-4, 50, 10, 30, 1, True)
fb.fill_rect(60, 10, 20, 9, 1)
fb.fill_rect(62, 12, 5, 5, 0)
fb.hline(-5, 33, 200, 1)
fb.vline(127, -3, 100, 1)
fb.line(0, 63, 127, 0, 1)
fb.line(100, 5, 90, 60, 1)
fb.line(10, 10, 10, 10, 1)
fb.line(-20, 30, 140, 35, 1)
fb.line(70, 60, 20, 40, 1)
fb.line(30, 0, 31, 63, 0)
fb.pixel(3, 3, 1)
fb.pixel(200, 3, 1)
fb.scroll(3, -2)
fb.scroll(-5, 4)
fb.scroll(500, 0)
fb.blit(icon, 100, 40, 0)
fb.blit(icon, -3, -2)
fb.blit(icon, 124, 60, 1)
got = [fb.pixel(x, y) for x, y in ((0, 0), (6, 6), (127, 10), (128, 0), (-1, 3))]
"""


def test_framebuf_standin_draws_like_micropython():
    setup = "import framebuf\nbuf = bytearray(1024)\nfb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)\n"
    out = run_micropython(setup + DRAW + "print(bytes(buf).hex())\nprint(got)\n").split("\n")
    ns = {"framebuf": framebuf}
    exec(setup.replace("import framebuf\n", "") + DRAW, ns)
    assert bytes(ns["buf"]).hex() == out[0]
    assert str(ns["got"]) == out[1]
    assert any(ns["buf"])
