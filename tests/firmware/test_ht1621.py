# The HT1621 driver (device/ht1621.py) against the chip model
# (host_tools/mpy/sim/ht1621_model.py), which decodes its wires as the
# datasheet says; and the LCD build's screen (device/digitscreens.LcdScreen).
from support.firmware import S, needs_heap_lock, new_game, without_allocating
from device.ht1621 import HT1621
from device.digitscreens import LcdScreen
from device.tm1637 import encode_digits
from host_tools.mpy.sim.ht1621_model import HT1621Model


class Wire:
    """One of the three lines: every change reaches the model, as the stand-in's pins do."""
    OUT = 1

    def __init__(self, bus):
        self.bus = bus
        self.level = 1

    def init(self, mode, value=None):
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        self.bus.changed()


class Bus:
    def __init__(self):
        self.model = HT1621Model()
        self.cs, self.wr, self.data = Wire(self), Wire(self), Wire(self)

    def changed(self):
        self.model.pins(self.cs.level, self.wr.level, self.data.level)


def lcd():
    bus = Bus()
    return HT1621(bus.cs, bus.wr, bus.data, sleep_us=lambda us: None), bus.model


def test_setup_turns_the_system_and_the_glass_on_at_a_third_bias():
    _, m = lcd()
    assert m.on and m.bias == 0x29 and m.oscillator == 0x18
    assert m.violations == []


def test_digits_land_in_their_nibbles_and_read_back_as_text():
    d, m = lcd()
    d.write(encode_digits(b"12:34 P", bytearray(6)))
    assert m.text() == "1234 P"
    assert m.segments[1] & 0x80  # the colon's bit: digit 1's point
    assert m.ram[0] == 0x06 and m.ram[1] == 0x00  # "1": segments B and C, low nibble first
    assert m.violations == []


def test_off_stops_the_oscillator_and_on_brings_the_glass_back():
    d, m = lcd()
    d.off()
    assert not m.on and not m.sys_en
    d.on()
    assert m.on


def test_a_write_from_a_digit_in_the_middle():
    d, m = lcd()
    d.write(encode_digits(b"888888", bytearray(6)))
    d.write(encode_digits(b"5", bytearray(1)), 3)
    assert m.text() == "888588"


def test_the_lcd_screen_shows_the_time_and_marks_the_running_side():
    d, m = lcd()
    game = new_game("5m")
    screen = LcdScreen(d, 0)
    screen.update(game, 0)
    assert m.text() == "  500 " and not m.segments[0]
    game.start(0)
    game.advance(10 * S)
    screen.update(game, 10 * S)
    assert m.text() == "- 450 "  # the bar at the left: this side's clock runs


def test_an_unchanged_lcd_screen_sends_nothing_and_allocates_nothing():
    needs_heap_lock()
    d, m = lcd()
    game = new_game("5m")
    screen = LcdScreen(d, 0)
    screen.update(game, 0)
    edges = m.edges
    without_allocating(lambda: screen.update(game, 0))
    assert m.edges == edges
