"""The SSD1306 and TM1637 drivers, judged by what the chip models make of their
bytes and pin levels, on CPython and on the real MicroPython VM."""
import os
import subprocess

import pytest

from device import tm1637
from device.ssd1306 import SSD1306
from host_tools import firmware_path, unixport
from host_tools.mpy.sim.bus import I2CBus, TwoWire
from host_tools.mpy.sim.font_petme128 import FONT
from host_tools.mpy.sim.ssd1306_model import SSD1306Model
from host_tools.mpy.sim.tm1637_model import SEGMENTS_OF, TM1637Model

FULL_FRAME = 7 + 8 * (1 + 128)  # the window's commands, then a write per page: its control byte, its columns
ONE_PAGE = 7 + 1 + 128
ONE_BLOCK = 7 + 1 + 16  # a window of 16 columns on one page


class SpyBus(I2CBus):
    """I2CBus that also keeps each transaction."""

    def __init__(self):
        super().__init__()
        self.log = []

    def writeto(self, addr, buf, stop=True):
        self.log.append(bytes(buf))
        return super().writeto(addr, buf, stop)


def display():
    bus = SpyBus()
    model = bus.attach(0x3C, SSD1306Model())
    oled = SSD1306(bus)
    return oled, model, bus


def frame_of(oled):
    return bytes(oled.buf[1:])


# -- SSD1306 on CPython --------------------------------------------------------------


def test_init_keeps_the_panel_dark_until_the_first_frame():
    oled, model, bus = display()
    assert model.unknown == [] and model.charge_pump and not model.display_on
    assert model.mode == 0 and model.seg_remap and model.com_remap  # horizontal, upright
    assert oled.bytes_sent == model.bytes_received


def test_first_show_sends_the_whole_frame_then_switches_on():
    oled, model, bus = display()
    before = model.bytes_received
    oled.text("12:34", 0, 0)
    assert oled.show() == FULL_FRAME + 2
    assert model.bytes_received - before == FULL_FRAME + 2
    assert bus.log[-10] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 7))
    assert [len(w) for w in bus.log[-9:-1]] == [129] * 8 and all(w[0] == 0x40 for w in bus.log[-9:-1])
    assert b"".join(w[1:] for w in bus.log[-9:-1]) == frame_of(oled)
    assert bus.log[-1] == b"\x80\xaf"
    assert model.lit()


def test_pixels_shown_are_the_pixels_drawn():
    oled, model, _ = display()
    oled.fill(0)
    oled.text("09:59", 4, 4)
    oled.text("Black", 60, 30)
    oled.rect(0, 20, 50, 10, 1)
    oled.fill_rect(100, 50, 28, 14, 1)
    oled.show()
    assert model.shown_vlsb() == frame_of(oled)
    rows = model.pixels()
    assert rows[20][0] == rows[29][49] == 1 and rows[25][25] == 0  # the rectangle's edges
    assert rows[63][127] == 1 and rows[49][127] == 0
    # the '0' of "09:59" is the font's glyph, column by column, at (4, 4)
    glyph = FONT[(ord("0") - 32) * 8:][:8]
    for dx, col in enumerate(glyph):
        assert [rows[4 + dy][4 + dx] for dy in range(8)] == [(col >> dy) & 1 for dy in range(8)]


def test_unchanged_frame_sends_nothing():
    oled, model, bus = display()
    oled.text("x", 0, 0)
    oled.show()
    n = len(bus.log)
    assert oled.show() == 0 and len(bus.log) == n
    oled.pixel(0, 0, oled.pixel(0, 0))  # same value: still nothing
    assert oled.show() == 0


def test_one_pixel_sends_only_its_block_of_16_columns():
    oled, model, bus = display()
    oled.show()
    before = model.bytes_received
    oled.pixel(70, 27, 1)  # row 27 is page 3, column 70 in the block 64..79
    assert oled.show() == ONE_BLOCK == 24  # not a whole page's 136: 0.5 ms at 400 kHz, not 3
    assert model.bytes_received - before == 24
    assert bus.log[-2] == bytes((0x00, 0x21, 64, 79, 0x22, 3, 3))
    assert bus.log[-1] == b"\x40" + frame_of(oled)[3 * 128 + 64:3 * 128 + 80]
    assert model.pixel(70, 27) == 1 and model.shown_vlsb() == frame_of(oled)


def test_a_change_across_blocks_sends_the_blocks_between_too():
    oled, model, bus = display()
    oled.show()
    oled.pixel(15, 9, 1)  # page 1, blocks 0 and 1
    oled.pixel(16, 9, 1)
    oled.pixel(40, 9, 1)  # block 2
    assert oled.show() == 7 + 1 + 48
    assert bus.log[-2] == bytes((0x00, 0x21, 0, 47, 0x22, 1, 1))
    assert model.shown_vlsb() == frame_of(oled)


def test_a_change_nearly_as_wide_as_the_page_sends_the_page():
    oled, model, bus = display()
    oled.show()
    oled.pixel(16, 20, 1)
    oled.pixel(111, 20, 1)  # blocks 1..6: 96 columns, under the page less a block (112)
    assert oled.show() == 7 + 1 + 96
    oled.pixel(0, 20, 0)
    oled.pixel(0, 21, 1)
    oled.pixel(111, 21, 1)  # blocks 0..6: 112 columns, as good as the page
    assert oled.show() == ONE_PAGE
    assert bus.log[-2] == bytes((0x00, 0x21, 0, 127, 0x22, 2, 2))
    assert model.shown_vlsb() == frame_of(oled)


def test_adjacent_pages_changed_across_go_in_one_window_and_the_borrowed_byte_is_restored():
    oled, model, bus = display()
    oled.show()
    oled.hline(0, 23, 128, 1)  # the last row of page 2, its last byte the one before page 3's data
    oled.hline(0, 24, 128, 1)  # page 3
    assert oled.show() == 7 + 2 * (1 + 128)
    assert bus.log[-3] == bytes((0x00, 0x21, 0, 127, 0x22, 2, 3))  # one window, a write a page
    assert bus.log[-2] == b"\x40" + frame_of(oled)[256:384] and bus.log[-1] == b"\x40" + frame_of(oled)[384:512]
    assert oled.pixel(127, 23) == 1 and oled.buf[0] == 0x40
    oled.hline(0, 31, 128, 1)  # page 3 only: borrows page 2's last byte (0x80) for 0x40
    assert oled.show() == ONE_PAGE
    assert oled.buf[3 * 128] == 0x80  # restored
    assert model.shown_vlsb() == frame_of(oled)


def test_separate_changes_go_in_separate_windows():
    oled, model, bus = display()
    oled.show()
    oled.pixel(1, 9, 1)  # page 1
    oled.hline(0, 45, 128, 1)  # page 5, across
    oled.pixel(120, 63, 1)  # page 7, the last block
    assert oled.show() == ONE_BLOCK + ONE_PAGE + ONE_BLOCK
    windows = [t[1:] for t in bus.log[-6::2]]
    assert windows == [bytes((0x21, 0, 15, 0x22, 1, 1)), bytes((0x21, 0, 127, 0x22, 5, 5)),
                       bytes((0x21, 112, 127, 0x22, 7, 7))]
    assert model.shown_vlsb() == frame_of(oled)


def test_a_window_after_a_run_leaves_the_run_whole():
    """The window command is shared: a run after a window must set its columns back to 0..127."""
    oled, model, bus = display()
    oled.show()
    oled.pixel(3, 2, 1)
    oled.show()
    oled.hline(0, 40, 128, 1)
    oled.show()
    assert bus.log[-2] == bytes((0x00, 0x21, 0, 127, 0x22, 5, 5))
    assert model.shown_vlsb() == frame_of(oled)


def test_full_redraw_after_first_frame_is_one_window():
    oled, model, _ = display()
    oled.show()
    oled.fill(1)
    assert oled.show() == FULL_FRAME
    assert all(map(all, model.pixels()))


def test_contrast_power():
    oled, model, _ = display()
    oled.show()
    oled.contrast(0x12)
    assert model.contrast == 0x12
    oled.poweroff()
    assert not model.display_on
    oled.poweron()
    assert model.display_on


def test_bus_error_makes_the_next_show_send_everything():
    oled, model, bus = display()
    oled.show()
    del bus.devices[0x3C]  # display unplugged
    oled.pixel(0, 0, 1)
    with pytest.raises(OSError):
        oled.show()
    assert oled.buf[0] == 0x40
    model.power_on()  # plugged back: a chip in its reset state, noise in its RAM
    bus.attach(0x3C, model)
    # the set-up block again (the display off command left out: no blink on a chip
    # that did not reset), the whole frame, and the display on
    assert oled.show() == len(oled._reinit) + FULL_FRAME + 2
    assert model.lit() and model.shown_vlsb() == frame_of(oled)


def test_bytes_sent_counts_every_byte():
    oled, model, _ = display()
    oled.show()
    oled.contrast(1)
    oled.pixel(3, 3, 1)
    oled.show()
    assert oled.bytes_sent == model.bytes_received


# -- TM1637 on CPython -----------------------------------------------------------------


def module(**kw):
    model = TM1637Model()
    wire = TwoWire(model)
    sleeps = []
    kw.setdefault("sleep_us", sleeps.append)
    tm = tm1637.TM1637(wire.clk, wire.dio, **kw)
    return tm, model, wire, sleeps


def test_tm1637_write_shows_digits_and_colon():
    tm, model, wire, sleeps = module()
    seg = bytearray(4)
    tm.write(tm1637.encode_digits("12:34", seg))
    assert model.frames == [b"\x40", b"\xc0\x06\xdb\x4f\x66", b"\x8f"]
    assert model.text() == "1234" and model.colon and model.on and model.brightness == 7
    assert model.violations == [] and tm.nacks == 0 and wire.contention == 0
    assert sleeps and set(sleeps) == {10}


def test_tm1637_push_pull_decodes_without_fighting_the_ack():
    tm, model, wire, _ = module(open_drain=False)
    tm.write(tm1637.encode_digits(b"0907", bytearray(4)))
    assert model.text() == "0907" and model.violations == [] and wire.contention == 0


def test_tm1637_brightness_and_off_on():
    tm, model, _, _ = module(brightness=2)
    tm.write(bytearray(4))
    assert model.brightness == 2
    assert tm.brightness(5) == 5 and model.frames[-1] == b"\x8d" and model.on
    tm.show_off()
    assert model.frames[-1] == b"\x80" and not model.on
    tm.on()
    assert model.on and model.brightness == 5


def test_tm1637_no_chip_means_no_ack():
    class Absent(TM1637Model):
        ack = property(lambda self: False, lambda self, v: None)

    wire = TwoWire(Absent())
    tm = tm1637.TM1637(wire.clk, wire.dio, sleep_us=lambda us: None)
    tm.write(bytearray(4))
    assert tm.nacks == 7


@pytest.mark.parametrize("ch", sorted(set(SEGMENTS_OF)))
def test_tm1637_every_glyph_reads_back(ch):
    tm, model, _, _ = module()
    seg = tm1637.encode_digits(ch * 4, bytearray(4))
    tm.write(seg)
    assert model.text() == ch * 4 and not model.colon


def test_encode_digits_details():
    seg = bytearray(4)
    assert tm1637.encode_digits("-5", seg) == bytearray((0x40, 0x6D, 0, 0))
    assert tm1637.encode_digits("1.2", seg) == bytearray((0x86, 0x5B, 0, 0))
    assert tm1637.encode_digits("FLAG", seg)[:] == tm1637.encode_digits("flag", bytearray(4))
    assert tm1637.encode_digits("?", seg)[0] == 0  # unknown: blank
    assert tm1637.encode_digits("123456", seg) == bytearray((0x06, 0x5B, 0x4F, 0x66))


def test_the_oled_draws_its_big_digits_with_the_tm1637s_segments():
    from device.screens import DIGIT_SEGMENTS  # its own copy: the OLED build does not import the TM1637's
    assert DIGIT_SEGMENTS == tm1637.encode_digits(b"0123456789", bytearray(10))


def test_encode_clock():
    tm, model, _, _ = module()
    seg = bytearray(4)
    tm.write(tm1637.encode_clock(5, 7, seg))
    assert model.text() == " 507" and model.colon
    tm.write(tm1637.encode_clock(12, 0, seg, colon=False))
    assert model.text() == "1200" and not model.colon


# -- on the MicroPython VM ----------------------------------------------------------------


def run_mp(script, tmp_path):
    path = tmp_path / "script.py"
    path.write_text(script)
    res = unixport.run(path, timeout=60)
    assert res.returncode == 0, res.stderr + res.stdout
    return res.stdout.splitlines()


# Both stand-ins record into preallocated buffers so they add no allocation of
# their own while the heap is locked.
MP_SSD1306 = r"""
import micropython
from device.ssd1306 import SSD1306

class I2C:
    def __init__(self):
        self.log = bytearray(8192)
        self.lens = [0] * 64
        self.n = 0
        self.t = 0
    def writeto(self, addr, buf):
        n = self.n
        self.log[n:n + len(buf)] = buf
        self.n = n + len(buf)
        self.lens[self.t] = len(buf)
        self.t += 1

def locked(f):
    micropython.heap_lock()
    try:
        r = f()
    except MemoryError:
        r = -1
    micropython.heap_unlock()
    return r

i2c = I2C()
oled = SSD1306(i2c)
oled.text("12:34", 0, 0)
oled.rect(0, 20, 50, 10, 1)
print("first", oled.show())
oled.show()
oled.pixel(70, 27, 1)
print("locked_show", locked(oled.show))
oled.fill_rect(0, 48, 128, 16, 1)
print("locked_two_pages", locked(oled.show))
print("locked_nothing", locked(oled.show))
at = 0
for t in range(i2c.t):
    print("tx", bytes(i2c.log[at:at + i2c.lens[t]]).hex())
    at += i2c.lens[t]
print("frame", bytes(oled.buf[1:]).hex())
"""


def test_ssd1306_on_micropython_allocates_nothing_and_draws_the_same(tmp_path):
    out = run_mp(MP_SSD1306, tmp_path)
    result = dict(line.split(" ", 1) for line in out if not line.startswith("tx "))
    assert result["first"] == str(FULL_FRAME + 2)
    assert result["locked_show"] == str(ONE_BLOCK)  # not -1: no MemoryError
    assert result["locked_two_pages"] == str(7 + 2 * (1 + 128))
    assert result["locked_nothing"] == "0"
    model = SSD1306Model()
    for line in out:
        if line.startswith("tx "):
            model.write(bytes.fromhex(line[3:]))
    assert model.unknown == [] and model.lit()
    mp_frame = bytes.fromhex(result["frame"])
    assert model.shown_vlsb() == mp_frame
    # the same drawing on CPython with the framebuf stand-in: byte-identical
    oled, _, _ = display()
    oled.text("12:34", 0, 0)
    oled.rect(0, 20, 50, 10, 1)
    oled.pixel(70, 27, 1)
    oled.fill_rect(0, 48, 128, 16, 1)
    assert frame_of(oled) == mp_frame


MP_TM1637 = r"""
import micropython
from device import tm1637

events = bytearray(4096)
count = [0]

class Pin:
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    def __init__(self, ident):
        self.ident = ident
        self.level = 1
    def init(self, mode, pull=None):
        pass
    def value(self, v=None):
        if v is None:
            return 0  # the chip's ACK
        n = count[0]
        events[n] = self.ident * 2 + (1 if v else 0)
        count[0] = n + 1

def nothing(us):
    pass

tm = tm1637.TM1637(Pin(0), Pin(1), brightness=3, sleep_us=nothing)
seg = bytearray(4)
count[0] = 0

def work():
    tm1637.encode_digits(b"12:34", seg)
    tm.write(seg)
    tm1637.encode_clock(9, 59, seg)
    tm.write(seg)
    tm.brightness(6)
    return 1

micropython.heap_lock()
try:
    ok = work()
except MemoryError:
    ok = 0
micropython.heap_unlock()
print("locked", ok, tm.nacks)
print("events", bytes(events[:count[0]]).hex())
"""


def test_tm1637_on_micropython_allocates_nothing_and_decodes(tmp_path):
    out = run_mp(MP_TM1637, tmp_path)
    assert out[0] == "locked 1 0"
    model = TM1637Model()
    levels = [1, 1]
    shown = {}  # frame count -> (text, colon) once that frame ended
    for ev in bytes.fromhex(out[1].split()[1]):
        levels[ev >> 1] = ev & 1
        model.pins(*levels)
        shown.setdefault(len(model.frames), (model.text(), model.colon))
    assert shown[2] == ("1234", True)
    assert model.frames == [b"\x40", b"\xc0\x06\xdb\x4f\x66", b"\x8b",
                            b"\x40", bytes((0xC0, 0x00, 0x6F | 0x80, 0x6D, 0x6F)), b"\x8b",
                            b"\x8e"]
    assert model.text() == " 959" and model.brightness == 6 and model.violations == []


def test_device_modules_compile_for_the_pico(tmp_path):
    mpy_cross = os.path.join(os.path.dirname(unixport.binary()), "mpy-cross")
    files = sorted((firmware_path.FIRMWARE / "device").glob("*.py"))
    assert {"ssd1306.py", "tm1637.py"} <= {f.name for f in files}
    for f in files:
        res = subprocess.run([mpy_cross, "-march=armv6m", "-o", str(tmp_path / (f.stem + ".mpy")),
                              str(f)], capture_output=True, text=True)
        assert res.returncode == 0, (f.name, res.stderr)


def test_the_set_up_block_holds_the_contrast_where_the_driver_puts_it():
    from device import ssd1306
    assert ssd1306._SETUP.index(b"\x81") + 1 == ssd1306._CONTRAST
    oled, model, _ = display()
    oled.show()
    oled.refresh()
    while oled.trickle():
        pass
    assert model.contrast == 0xCF and model.display_on
