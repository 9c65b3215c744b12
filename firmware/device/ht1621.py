# HT1621 segment-LCD controller (Holtek), bit-banged on three pins: CS, WR,
# DATA (machine.Pin). A frame is CS low, then bits latched on WR's rising
# edge, then CS high. Commands: ID 100 then 9 bits each (8 command bits MSB
# first and one don't-care); writes: ID 101, a 6-bit RAM address MSB first,
# then 4-bit nibbles D0 first, the address going up by one each nibble.
# The glass of our 6-digit modules: digit i is RAM nibbles 2i (segments A-D)
# and 2i+1 (E, F, G and the point), the bits as TM1637 segment bytes have
# them (A = bit 0 ... G = bit 6, point = bit 7), so the 7-segment build's
# glyphs (device/tm1637.encode_digits) serve here too. An LCD has no
# brightness (contrast is the bias, set once) and draws a few uA: the chip
# refreshes the glass itself while the CPU sleeps. The bus has no
# acknowledge: a module that is not there cannot be told from one that is.
# Nothing here allocates after __init__.

from device import const

try:
    from time import sleep_us as _sleep_us
except ImportError:  # CPython's time has no sleep_us
    from time import sleep as _sleep

    def _sleep_us(us):  # type: ignore[misc]
        _sleep(us / 1000000)

SYS_DIS = const(0x00)
SYS_EN = const(0x01)
LCD_OFF = const(0x02)
LCD_ON = const(0x03)
RC_256K = const(0x18)  # the on-chip RC oscillator
BIAS_THIRD_4COM = const(0x29)  # 1/3 bias, 4 commons (the 6-digit glasses)
DIGITS = const(6)


class HT1621:
    def __init__(self, cs, wr, data, sleep_us=None, delay_us=10):
        self._cs = cs
        self._wr = wr
        self._data = data
        self._sleep = sleep_us or _sleep_us
        self._delay = delay_us
        self.nacks = 0  # no acknowledge on this bus: always 0 (see above)
        self._on = True
        for p in (cs, wr, data):
            p.init(p.OUT, value=1)
        self.setup()

    def setup(self):
        """The chip's set-up (again, after a power glitch): oscillator, bias, LCD on."""
        self._commands(SYS_EN, RC_256K, BIAS_THIRD_4COM, LCD_ON if self._on else LCD_OFF)

    def _bits(self, value, n):
        """n bits of value, MSB first."""
        wr = self._wr
        data = self._data
        d = self._delay
        sleep = self._sleep
        for i in range(n - 1, -1, -1):
            wr.value(0)
            data.value((value >> i) & 1)
            sleep(d)
            wr.value(1)
            sleep(d)

    def _nibble(self, value):
        """4 bits, D0 first (the write mode's order)."""
        wr = self._wr
        data = self._data
        d = self._delay
        sleep = self._sleep
        for i in range(4):
            wr.value(0)
            data.value((value >> i) & 1)
            sleep(d)
            wr.value(1)
            sleep(d)

    def _commands(self, a, b=-1, c=-1, e=-1):
        self._cs.value(0)
        self._bits(0b100, 3)
        for cmd in (a, b, c, e):
            if cmd >= 0:
                self._bits(cmd << 1, 9)
        self._cs.value(1)

    def write(self, segments, pos=0):
        """Show segments (a bytearray of up to 6-pos digit bytes) from digit pos."""
        self._cs.value(0)
        self._bits(0b101, 3)
        self._bits(2 * pos, 6)
        for i in range(len(segments)):
            b = segments[i]
            self._nibble(b & 0x0F)
            self._nibble(b >> 4)
        self._cs.value(1)

    def brightness(self, b=None):
        return 0  # an LCD has none

    def dim(self, flag):
        pass  # nothing to dim: a reflective LCD lights nothing

    def on(self):
        self._on = True
        self._commands(SYS_EN, LCD_ON)

    def off(self):
        """Glass blank and the oscillator stopped (SYS DIS): about 1 uA."""
        self._on = False
        self._commands(LCD_OFF, SYS_DIS)

    show_off = off
