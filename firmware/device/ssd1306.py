# SSD1306 128x64 OLED over I2C (its own charge pump: the panels the profiles
# allow), sending only what changed: of a page that
# changed in a few columns, only those (in whole blocks of _BLOCK columns, in
# a window of that page), and pages that changed across their width in one
# window, a write per page (the chip's address goes on from one to the next).
#
# Bus time at 400 kHz (9 bit times per byte): a full frame is 7 + 8 x 129 bytes,
# about 23 ms of blocking writeto(); one changed page is 7 + 129 bytes, about
# 3 ms; a digit's 16 columns of it 7 + 17 bytes, 0.5 ms (a running clock's
# second, a press's move count). show() allocates nothing: every buffer and
# memoryview it uses is built in __init__ (on rp2, writevto would allocate
# ~1 KB per call, so it is avoided), and the compare and copy are viper code
# on MicroPython (device/buffers.py).
#
# The board's two displays draw on one frame (_Frame): a screen draws all of
# it and sends it before the other screen draws (device/screens.py), so what
# is each display's own is only `held`, what its chip holds (1 KB less RAM
# than a frame each).

from array import array

import framebuf

from device import const
from device.buffers import copy, span

_CTRL_CMDS = const(0x00)  # control byte: a stream of commands follows
_CTRL_CMD = const(0x80)  # control byte: one command follows
_CTRL_DATA = const(0x40)  # control byte: a stream of GDDRAM data follows
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_MASK30 = const(0x3FFFFFFF)  # bytes_sent wraps here so it stays a small int
DIM_CONTRAST = const(0x08)  # dimmed outside play: still readable close up, a few % of the current
_BLOCK = const(16)  # a window's columns come in whole blocks: one view per width
_W = const(128)  # the panel: 128 x 64 (8 pages), its own charge pump: the one device/profile.py allows
_PAGES = const(8)
# The set-up block, after its control byte (and the display off, for init_display()):
_SETUP = (
    b"\xd5\x80"  # oscillator / clock divide: reset value
    b"\xa8\x3f"  # multiplex ratio: 64 rows
    b"\xd3\x00"  # no display offset
    b"\x40"  # start line 0
    b"\x8d\x14"  # charge pump on: without it the panel stays dark
    b"\x20\x00"  # horizontal addressing: page runs go out in one write
    b"\xa1"  # column 127 -> SEG0 and
    b"\xc8"  # COM scan from COM[N-1]: upright on the common modules
    b"\xda\x12"  # COM pins configuration of 64 rows
    b"\x81\xcf"  # contrast (the board's, put in at _CONTRAST): the panel's current is in proportion (docs/power.md)
    b"\xd9\xf1"  # pre-charge period
    b"\xdb\x30"  # VCOMH deselect level, ~0.83 Vcc
    b"\x2e"  # no scrolling (RAM writes during a scroll may corrupt it)
    b"\xa4"  # show RAM, not all pixels on
    b"\xa6"  # not inverted
)
_CONTRAST = const(16)  # where _SETUP holds the contrast


class _Frame:
    """What the displays share, each using it in turn: the frame drawn
    (buf[0] is the data control byte, so a page run goes out in one
    writeto()), the window's staging buffer and the command buffers."""

    def __init__(self):
        width = _W
        pages = _PAGES
        self.buf = bytearray(width * pages + 1)
        self.buf[0] = _CTRL_DATA
        mv = memoryview(self.buf)
        self.pixels = mv[1:]
        # runs[p]: page p plus the byte before it, which _send() turns into
        # 0x40 for the duration of the write (it is page p-1's last byte).
        self.runs = [mv[p * width:(p + 1) * width + 1] for p in range(pages)]
        # one window's data: the control byte, then up to a page of columns; views[k] holds k blocks
        self.stage = bytearray(width + 1)
        self.stage[0] = _CTRL_DATA
        sv = memoryview(self.stage)
        self.views = [sv[:1 + k * _BLOCK] for k in range(width // _BLOCK + 1)]
        # one command stream: column window 0..width-1, page window s..e
        self.win = bytearray((_CTRL_CMDS, 0x21, 0, width - 1, 0x22, 0, pages - 1))
        self.spans = array("i", [0] * pages)  # per page, show()'s columns to send: first << 16 | last, or -1
        self.one = bytearray((_CTRL_CMD, 0))  # one command
        self.two = bytearray((_CTRL_CMDS, 0, 0))  # two command bytes (or command + argument)


_FRAME = _Frame()  # the one the board's displays share (this module is imported only to make one)


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, addr=0x3C, contrast=0xCF):
        self.i2c = i2c
        self.addr = addr
        f = self._f = _FRAME
        self.buf = f.buf
        super().__init__(f.pixels, _W, _PAGES * 8, framebuf.MONO_VLSB)
        self.fill(0)  # a display starts from a blank frame, whatever the other drew last
        self.held = bytearray(_W * _PAGES)  # what the display's GDDRAM holds (as sent)
        self.bytes_sent = 0  # every byte handed to writeto(), mod 2**30
        self._init = bytearray(b"\x00\xae" + _SETUP)  # a command stream: the panel off, then set up
        self._reinit = bytearray(b"\x00" + _SETUP)  # the same, leaving the panel as it is
        self._init[2 + _CONTRAST] = self._reinit[1 + _CONTRAST] = contrast & 0xFF
        self.full_contrast = contrast & 0xFF  # dim(False) goes back to it
        self.dark = False  # off(): the panel stays off, even when a set-up block is sent again
        self.ready = False  # the chip has had the set-up block since it last failed
        self._again = False  # refresh() asked: set the chip up again, then its pages one by one
        self._stale = 0  # bit p: page p is sent again by trickle()
        try:
            self.init_display()
        except OSError:  # absent at power-on: show() sets it up once it answers
            pass

    def init_display(self):
        """Configure the chip. The panel stays dark until the first show()
        has replaced whatever noise GDDRAM held at power-up."""
        self._setup(self._init)

    def _setup(self, block):
        self.ready = False
        self._full = True  # the display's RAM is unknown: send everything next
        self._wake = True  # and then switch it on
        self._write(block)
        self.ready = True

    def refresh(self):
        """Set the chip up again, then send it every page again, a piece a
        call of trickle(): a display that was re-plugged, or reset by a
        static discharge (which no bus error reveals: the chip cannot be read
        over I2C), comes back, and no press waits behind a whole frame (23 ms
        at 400 kHz; a page is 3 ms)."""
        self._again = True

    def trickle(self):
        """The next piece of a refresh: the set-up block, or one page (the
        panel is switched on after the last). Returns the bytes written, 0
        when the refresh is done."""
        try:
            if not self.ready:
                return 0  # after a bus error show() sets the chip up, with a whole frame
            if self._again:
                self._again = False
                self._write(self._reinit)
                self._stale = (1 << _PAGES) - 1
                return len(self._reinit)
            stale = self._stale
            if not stale:
                return 0
            p = 0
            while not stale >> p & 1:
                p += 1
            self._stale = stale & ~(1 << p)
            sent = self._send_window(p, 0, _W - 1, self.held, p * _W)  # what it should hold
            if not self._stale:
                self.poweron()  # a chip the static reset is dark until now
                sent += 2
            return sent
        except BaseException:
            self._full = True
            self.ready = False
            raise

    # -- commands --------------------------------------------------------------

    def _write(self, data):
        self.i2c.writeto(self.addr, data)
        self.bytes_sent = (self.bytes_sent + len(data)) & _MASK30

    def _command(self, c):
        one = self._f.one
        one[1] = c
        self._write(one)

    def _commands(self, a, b):
        two = self._f.two
        two[1] = a
        two[2] = b
        self._write(two)

    def poweroff(self):
        self._command(_DISPLAY_OFF)

    def poweron(self):
        self._wake = False
        self._command(_DISPLAY_ON)

    def contrast(self, v):
        """Set the contrast now and in the set-up blocks (a refresh keeps it)."""
        v &= 0xFF
        self._init[2 + _CONTRAST] = v
        self._reinit[1 + _CONTRAST] = v
        self._commands(0x81, v)

    def dim(self, flag):
        """Dimmed (DIM_CONTRAST) or back at the contrast the board chose."""
        self.contrast(DIM_CONTRAST if flag else self.full_contrast)

    def off(self):
        """The panel off (RAM kept: the picture is back with on()): about 10 uA."""
        self.dark = True
        self.poweroff()

    def on(self):
        self.dark = False
        self.poweron()

    def invalidate(self):
        """Forget what the display holds (e.g. after it lost power): the next
        show() sends the whole frame."""
        self._full = True

    # -- frames ----------------------------------------------------------------

    def show(self):
        """Send the pages that differ from what the display holds; return the
        number of bytes written (0 when nothing changed). After a bus error
        or refresh(), the set-up block and the whole frame go first."""
        pages = _PAGES
        width = _W
        whole = width - 1  # a span of the whole page (0 << 16 | width - 1)
        buf = self.buf
        held = self.held
        spans = self._f.spans
        sent = 0
        try:
            if not self.ready:
                self._setup(self._reinit)
                sent = len(self._reinit)
            windows = not self._full
            for p in range(pages):
                s = span(buf, 1 + p * width, held, p * width, width) if windows else whole
                if s >= 0 and s != whole:  # some columns: whole blocks of them, unless nearly the page
                    first = s >> 16 & -_BLOCK
                    last = s & 0xFFFF | (_BLOCK - 1)
                    s = first << 16 | last if last - first + 1 < width - _BLOCK else whole
                spans[p] = s
            p = 0
            while p < pages:
                s = spans[p]
                if s < 0:
                    p += 1
                    continue
                first = p
                if s != whole:
                    col = s >> 16
                    sent += self._send_window(p, col, s & 0xFFFF, buf, 1 + p * width + col)
                    p += 1
                else:
                    while p < pages and spans[p] == whole:
                        p += 1
                    sent += self._send(first, p - 1)
                for q in range(first, p):
                    copy(held, q * width, buf, 1 + q * width, width)  # what the chip holds now
                    self._stale &= ~(1 << q)  # sent: no refresh needs to send it again
        except BaseException:  # a bus error: the chip's state and RAM are now unknown
            self._full = True
            self.ready = False
            raise
        self._full = False
        if self._wake and not self.dark:
            self.poweron()
            sent += 2
        return sent

    def _send_window(self, p, first, last, src, at):
        """Columns first..last (whole blocks) of page p, from src[at:], through the staging buffer."""
        f = self._f
        win = f.win
        win[2] = first
        win[3] = last
        win[5] = win[6] = p
        self._write(win)
        n = last - first + 1
        copy(f.stage, 1, src, at, n)
        self._write(f.views[n // _BLOCK])
        return 8 + n

    def _send(self, first, last):
        f = self._f
        win = f.win
        win[2] = 0
        win[3] = _W - 1
        win[5] = first
        win[6] = last
        self._write(win)
        buf = self.buf
        width = _W
        for p in range(first, last + 1):
            at = p * width
            keep = buf[at]
            buf[at] = _CTRL_DATA
            try:
                self._write(f.runs[p])
            finally:
                buf[at] = keep
        return 7 + (last - first + 1) * (width + 1)
