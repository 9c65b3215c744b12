"""A host model of the HT1621 segment-LCD controller, fed the levels of its
three wires (CS, WR, DATA), decoded as Holtek's datasheet describes: a frame
runs while CS is low; DATA is latched on each rising WR; the first 3 bits are
the mode ID: 100 command mode (9-bit commands, 8 bits MSB first and a
don't-care, as many as come before CS rises), 101 write mode (a 6-bit
address MSB first, then 4-bit nibbles D0 first into the 32 x 4-bit RAM, the
address going up by one each). Other IDs (110 read-modify-write, 110 read)
and unknown commands are recorded in `violations`, as is a frame cut off
inside a command or a nibble. `edges` counts WR rising edges (bus time).
MicroPython-compatible.
"""

from .tm1637_model import CHAR_OF

SYS_DIS, SYS_EN, LCD_OFF, LCD_ON = 0x00, 0x01, 0x02, 0x03
KNOWN = {0x00, 0x01, 0x02, 0x03, 0x18, 0x29, 0x28, 0x20, 0x21, 0x24, 0x25, 0x14, 0x1C, 0x05, 0x04, 0x08, 0x09,
         0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x06, 0x07, 0xE0, 0xE3}
DIGITS = 6


class HT1621Model:
    def __init__(self):
        self._cs = 1
        self._wr = 1
        self._data = 1
        self.power_on()

    def power_on(self):
        """After power-up: system and LCD off (datasheet: SYS DIS, LCD OFF), RAM undefined (here 0)."""
        self.ram = bytearray(32)  # one nibble per address
        self.sys_en = False
        self.lcd_on = False
        self.bias = None  # the last BIAS command byte
        self.oscillator = None
        self.violations = []
        self.edges = 0
        self._bits = 0  # bits received in this frame
        self._mode = None  # "cmd", "write", or None until 3 bits came
        self._shift = 0
        self._n = 0  # bits in _shift
        self._address = 0

    @property
    def on(self):
        return self.sys_en and self.lcd_on

    @property
    def segments(self):
        """Digit i's byte (A = bit 0 ... G = bit 6, point = bit 7) from nibbles 2i and 2i+1."""
        return bytes(self.ram[2 * i] | self.ram[2 * i + 1] << 4 for i in range(DIGITS))

    def text(self, digits=DIGITS):
        """The digits as characters ('?' where no glyph matches); the points left out. RAM: check `on` too."""
        return "".join(CHAR_OF.get(s & 0x7F, "?") for s in self.segments[:digits])

    # -- wires ---------------------------------------------------------------

    def pins(self, cs, wr, data):
        cs = 1 if cs else 0
        wr = 1 if wr else 0
        self._data = 1 if data else 0
        if cs != self._cs:
            self._cs = cs
            if cs:
                self._end()
            else:
                self._begin()
        if wr != self._wr:
            self._wr = wr
            if wr and not self._cs:
                self.edges += 1
                self._bit(self._data)

    def _begin(self):
        self._bits = 0
        self._mode = None
        self._shift = 0
        self._n = 0

    def _end(self):
        if self._mode == "cmd" and self._n:
            self.violations.append("frame ended inside a command (%d bits)" % self._n)
        elif self._mode == "write" and self._n and self._bits > 9:
            self.violations.append("frame ended inside a nibble (%d bits)" % self._n)
        elif self._mode is None and self._bits:
            self.violations.append("frame ended inside the mode ID")
        self._mode = None

    def _bit(self, b):
        self._bits += 1
        if self._mode is None:
            self._shift = self._shift << 1 | b
            self._n += 1
            if self._n == 3:
                ident = self._shift
                self._shift = 0
                self._n = 0
                if ident == 0b100:
                    self._mode = "cmd"
                elif ident == 0b101:
                    self._mode = "write"
                else:
                    self._mode = "other"
                    self.violations.append("mode ID %s is not modelled" % bin(ident))
            return
        if self._mode == "cmd":
            self._shift = self._shift << 1 | b
            self._n += 1
            if self._n == 9:
                self._command(self._shift >> 1)
                self._shift = 0
                self._n = 0
        elif self._mode == "write":
            if self._bits <= 9:  # the 6 address bits, MSB first
                self._address = (self._address << 1 | b) & 0x3F if self._bits > 4 else b
                return
            self._shift |= b << self._n  # D0 first
            self._n += 1
            if self._n == 4:
                self.ram[self._address & 31] = self._shift
                self._address = (self._address + 1) & 0x3F
                self._shift = 0
                self._n = 0

    def _command(self, c):
        if c == SYS_DIS:
            self.sys_en = False
            self.lcd_on = False
        elif c == SYS_EN:
            self.sys_en = True
        elif c == LCD_OFF:
            self.lcd_on = False
        elif c == LCD_ON:
            self.lcd_on = True
        elif c & 0xF0 == 0x20:
            self.bias = c
        elif c in (0x14, 0x18, 0x1C):
            self.oscillator = c
        if c not in KNOWN:
            self.violations.append("unknown command 0x%02X" % c)


class ThreeWireLink:
    """Wires CS, WR and DATA (machine.Pin objects of the stand-in) to an HT1621Model."""

    def __init__(self, machine, cs, wr, data, model):
        Pin = machine.Pin
        self.pins = [p if isinstance(p, Pin) else Pin(p) for p in (cs, wr, data)]
        self.model = model
        self.connected = True
        for p in self.pins:
            p.listeners.append(self._changed)

    def _changed(self, _pin):
        if self.connected:
            cs, wr, data = self.pins
            self.model.pins(cs.value(), wr.value(), data.value())

    def unplug(self):
        self.connected = False

    def plug(self):
        self.model.power_on()
        self.connected = True
