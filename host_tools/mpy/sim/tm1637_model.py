"""A host model of the TM1637 LED driver, fed the levels of its two wires.

Decoded as the datasheet (v2.4) describes: start = DIO falls while CLK is high,
stop = DIO rises while CLK is high, bits LSB first sampled on CLK rising, and a
9th clock on which the chip pulls DIO low (`ack` is True from the 8th falling
CLK edge to the 9th, for a bus model to AND into the DIO level). The DIO level
on the 9th clock is ignored, so drivers that keep DIO driven still decode.
Clocks without a start (mcauser's driver: its pins start low) are accepted and
recorded in `violations`, as are other protocol slips; a clean driver leaves
that list empty.
"""

# Segment letters per glyph (bit 0 = A ... bit 6 = G), as a datasheet draws them.
# Digits come first so an ambiguous pattern decodes as the digit.
_GLYPHS = (
    ("0", "ABCDEF"), ("1", "BC"), ("2", "ABDEG"), ("3", "ABCDG"), ("4", "BCFG"),
    ("5", "ACDFG"), ("6", "ACDEFG"), ("7", "ABC"), ("8", "ABCDEFG"), ("9", "ABCDFG"),
    (" ", ""), ("-", "G"), ("_", "D"),
    ("A", "ABCEFG"), ("b", "CDEFG"), ("C", "ADEF"), ("d", "BCDEG"), ("E", "ADEFG"),
    ("F", "AEFG"), ("H", "BCEFG"), ("L", "DEF"), ("n", "CEG"), ("o", "CDEG"),
    ("P", "ABEFG"), ("r", "EG"), ("t", "DEFG"), ("U", "BCDEF"), ("G", "ACDEF"), ("y", "BCDFG"),
)


def segments_of(letters):
    return sum(1 << "ABCDEFG".index(s) for s in letters)


CHAR_OF = {}  # type: dict[int, str]
for _ch, _letters in _GLYPHS:
    CHAR_OF.setdefault(segments_of(_letters), _ch)
SEGMENTS_OF = {ch: segments_of(letters) for ch, letters in _GLYPHS}

_NONE, _DATA, _ADDRESS, _CONTROL = range(4)


class TM1637Model:
    keep_frames = True  # False: a long run (the power bench) keeps no frame log, which would fill the VM's heap

    def __init__(self, clk=1, dio=1):
        self._clk = 1 if clk else 0
        self._dio = 1 if dio else 0
        self.power_on()

    def power_on(self):
        """The chip's state after power-up: display off, no frame under way."""
        self.segments = [0] * 6
        self.on = False
        self.brightness = 0
        self.auto_increment = True
        self.ack = False  # True while the chip pulls DIO low
        self.frames = []  # bytes of each frame, start to stop (while keep_frames)
        self.violations = []
        self.edges = 0  # CLK rising edges: bus time = edges * clock period
        self._active = False
        self._bytes = bytearray()
        self._bit = 0  # 0..7 receiving, 8 after the 8th bit, 9 during the ACK clock
        self._shift = 0
        self._kind = _NONE
        self._address = 0

    # -- wires ---------------------------------------------------------------

    def pins(self, clk, dio):
        """Both levels after a change; if both moved, CLK is taken first."""
        self.clk_changed(clk)
        self.dio_changed(dio)

    def clk_changed(self, level):
        level = 1 if level else 0
        if level == self._clk:
            return
        self._clk = level
        if level:
            self._rise()
        elif self._bit == 8:
            self.ack = True  # the 8th falling edge: the chip answers
        elif self._bit == 9:
            self.ack = False  # the 9th falling edge ends the ACK
            self._bit = 0

    def dio_changed(self, level):
        level = 1 if level else 0
        if level == self._dio:
            return
        self._dio = level
        if self._clk:
            if level:
                self._stop()
            else:
                self._start()

    # -- framing -------------------------------------------------------------

    def _start(self):
        if self._active:
            self._slip("start inside a frame")
            self._end()
        self._active = True
        self._bytes = bytearray()
        self._bit = 0
        self._shift = 0

    def _stop(self):
        if not self._active:
            self._slip("stop without start")
            return
        self._end()

    def _end(self):
        # A stop always follows one CLK rise (CLK low -> high, then DIO rises),
        # which the chip clocks in as bit 0 of a byte that never comes.
        if self._bit > 1:
            self._slip("frame ended inside a byte (bit %d)" % self._bit)
        if self.keep_frames:
            self.frames.append(bytes(self._bytes))
        self._active = False
        self._bit = 0
        self.ack = False

    def _rise(self):
        self.edges += 1
        if not self._active:
            self._slip("clock without start")
            self._start()
        if self._bit < 8:
            self._shift |= self._dio << self._bit
            self._bit += 1
            if self._bit == 8:
                self._byte(self._shift)
                self._shift = 0
        else:
            self._bit = 9  # the ACK clock: DIO is the chip's, whatever the master drives

    def _slip(self, what):
        self.violations.append(what)

    # -- commands ------------------------------------------------------------

    def _byte(self, b):
        self._bytes.append(b)
        if len(self._bytes) == 1:
            kind = b & 0xC0
            if kind == 0x40:
                self._kind = _DATA
                self.auto_increment = not b & 0x04
                if b & 0x03:
                    self._slip("data command 0x%02X: key reads are not modelled" % b)
            elif kind == 0xC0:
                self._kind = _ADDRESS
                self._address = b & 0x07
            elif kind == 0x80:
                self._kind = _CONTROL
                self.on = bool(b & 0x08)
                self.brightness = b & 0x07
            else:
                self._kind = _NONE
                self._slip("unknown command 0x%02X" % b)
        elif self._kind != _ADDRESS:
            self._slip("data byte 0x%02X after a non-address command" % b)
        else:
            if self._address < 6:
                self.segments[self._address] = b
            else:
                self._slip("write to missing digit %d" % self._address)
            if self.auto_increment:
                self._address += 1

    # -- what it shows -------------------------------------------------------

    @property
    def colon(self):
        return bool(self.segments[1] & 0x80)

    def text(self, digits=4):
        """The first `digits` registers as characters ('?' if no glyph matches);
        bit 7 (colon/point) is left out. This is RAM: check `on` too."""
        return "".join(CHAR_OF.get(s & 0x7F, "?") for s in self.segments[:digits])
