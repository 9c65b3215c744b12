# TM1637 4-digit LED driver, bit-banged on two pins (machine.Pin or anything
# with value()/init() and the OUT/OPEN_DRAIN/PULL_UP constants).
#
# write() sends three frames (0x40; 0xC0 + 4 digits; 0x88|brightness): 7 bytes
# of 9 clocks, 138 waits of delay_us and ~210 pin calls, so about 1.4 ms of
# sleeps plus the call overhead -- roughly 2-3 ms blocking on a Pico at 10 us.
# Nothing here allocates after __init__ (encode_digits with a str excepted:
# indexing a str makes a new object on MicroPython; pass bytes to avoid it).

from device import const

try:
    from time import sleep_us as _sleep_us
except ImportError:  # CPython's time has no sleep_us
    from time import sleep as _sleep

    def _sleep_us(us):  # type: ignore[misc]
        _sleep(us / 1000000)

_CMD_DATA = const(0x40)  # write display registers, auto-increment address
_CMD_ADDRESS = const(0xC0)  # | digit 0..5
_CMD_ON = const(0x88)  # | brightness 0..7
_CMD_OFF = const(0x80)

# Segment bits 0..6 = A..G. Unknown characters show blank. S is drawn as 5.
_CHARS = b"0123456789 -_AbCdEFHLnoPrtUSGy"
_GLYPHS = (b"\x3f\x06\x5b\x4f\x66\x6d\x7d\x07\x7f\x6f\x00\x40\x08\x77\x7c"
           b"\x39\x5e\x79\x71\x76\x38\x54\x5c\x73\x50\x78\x3e\x6d\x3d\x6e")
_TABLE = bytearray(96)  # glyph per character code 32..127
for _i in range(len(_CHARS)):
    _c = _CHARS[_i]
    _TABLE[_c - 32] = _GLYPHS[_i]
    if 65 <= _c <= 90 or 97 <= _c <= 122:  # the other case shows the same glyph
        _TABLE[(_c ^ 0x20) - 32] = _GLYPHS[_i]
del _i, _c


def encode_digits(text, out):
    """Fill `out` (a bytearray, one byte per digit) from text such as "12:34" or
    b" F  ". ':' or '.' lights bit 7 of the digit before it (the colon on 4-digit
    clock modules is bit 7 of digit 1). Digits beyond the text are blanked."""
    n = len(out)
    is_str = isinstance(text, str)
    d = 0
    for i in range(len(text)):
        c = ord(text[i]) if is_str else text[i]
        if c == 58 or c == 46:  # ':' '.'
            if d:
                out[d - 1] |= 0x80
            continue
        if d < n:
            out[d] = _TABLE[c - 32] if 32 <= c < 128 else 0
            d += 1
    while d < n:
        out[d] = 0
        d += 1
    return out


def encode_clock(left, right, out, colon=True):
    """Two numbers 0..99 as "LL:RR" (e.g. minutes:seconds) into out[0:4], with
    no allocation; a leading zero on the left number is blanked."""
    t = _TABLE
    out[0] = t[16 + left // 10] if left >= 10 else 0
    out[1] = t[16 + left % 10] | (0x80 if colon else 0)
    out[2] = t[16 + right // 10]
    out[3] = t[16 + right % 10]
    return out


class TM1637:
    def __init__(self, clk, dio, brightness=7, sleep_us=None, delay_us=10, open_drain=True):
        self.clk = clk
        self.dio = dio
        self._sleep = sleep_us or _sleep_us
        self._delay = delay_us
        self._bright = brightness & 7
        self.full = self._bright  # dim(False) goes back to it
        self._open_drain = open_drain
        # Open drain: DIO is released for the ACK and can be read back; a
        # push-pull DIO drives low during the ACK, the level the chip pulls to.
        self._ack_level = 1 if open_drain else 0
        self.nacks = 0  # bytes with no ACK seen (no chip on the wires?); open drain only
        self._on = True
        # Idle is both lines high; set the level before the mode so no glitch
        # on DIO while CLK is high looks like a start condition.
        clk.value(1)
        dio.value(1)
        clk.init(clk.OUT)
        if open_drain:
            dio.init(dio.OPEN_DRAIN, dio.PULL_UP)
        else:
            dio.init(dio.OUT)

    # -- the wire protocol -------------------------------------------------------

    def _start(self):
        # From idle (both high): DIO falls while CLK is high.
        self.dio.value(0)
        self._sleep(self._delay)
        self.clk.value(0)

    def _stop(self):
        dio = self.dio
        dio.value(0)
        self._sleep(self._delay)
        self.clk.value(1)
        self._sleep(self._delay)
        dio.value(1)  # DIO rises while CLK is high
        self._sleep(self._delay)

    def _byte(self, b):
        clk = self.clk
        dio = self.dio
        sleep = self._sleep
        d = self._delay
        for _ in range(8):  # LSB first; DIO moves only while CLK is low
            dio.value(b & 1)
            b >>= 1
            sleep(d)
            clk.value(1)
            sleep(d)
            clk.value(0)
        dio.value(self._ack_level)
        sleep(d)
        clk.value(1)  # 9th clock: the chip pulls DIO low
        sleep(d)
        if self._open_drain and dio.value():
            self.nacks += 1
        clk.value(0)

    def _frame1(self, b):
        self._start()
        self._byte(b)
        self._stop()

    # -- the API -----------------------------------------------------------------

    def write(self, segments, pos=0):
        """Show segments (a bytearray of up to 4-pos digits) from digit pos."""
        self._frame1(_CMD_DATA)
        self._start()
        self._byte(_CMD_ADDRESS | pos)
        for i in range(len(segments)):
            self._byte(segments[i])
        self._stop()
        self._control()

    def _control(self):
        self._frame1(_CMD_ON | self._bright if self._on else _CMD_OFF)

    def brightness(self, b=None):
        """Set brightness 0..7 (pulse width 1/16..14/16); return it."""
        if b is not None:
            self._bright = b & 7
            self._control()
        return self._bright

    def dim(self, flag):
        """Dimmed (1/16 pulses) or back at the brightness the board chose."""
        if flag:
            self.brightness(0)
        else:
            self.brightness(self.full)

    def on(self):
        self._on = True
        self._control()

    def off(self):
        self._on = False
        self._control()

    show_off = off
