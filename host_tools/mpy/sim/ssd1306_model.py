"""A host model of the SSD1306 controller, fed the bytes of I2C writes.

It decodes what the chip would (SSD1306 datasheet rev 1.1, MICROPYTHON.md §1)
and shows what the panel would light, so the desktop view and the tests see
the driver's bytes, not its intentions. Modelled:

- control bytes: Co=1 carries one byte then another control byte, Co=0 makes
  the rest of the write commands or data; a command's arguments may arrive in
  later writes (the pending command survives the transaction);
- horizontal, vertical and page addressing with the 0x21/0x22 windows;
- display on/off, contrast, inversion, entire-display-on, charge pump,
  multiplex ratio, start line, display offset, COM scan direction (immediate),
  and segment remap, which the datasheet says only affects data written after
  it: so `gddram` is the physical RAM indexed by segment, page*128 + seg.

Geometry of `pixel(x, y)`: the panel as mounted on the common 128x64 modules,
where the usual init (A1, C8) puts column address 0 / RAM row 0 top-left.
Not modelled: scrolling (its commands are parsed and ignored), the COM pins
configuration (0xDA, taken as the 128x64 alternative layout), reads.
In page mode the column pointer wraps from 127 to 0 (the datasheet says "to
the column start address" without saying which register that is).
"""

# Commands followed by this many argument bytes; all others take none.
ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1,
    0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
    0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2,  # scrolling
}
KNOWN = set(ARGS) | {0x2E, 0x2F, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF,
                     0xC0, 0xC8, 0xE3}
HORIZONTAL, VERTICAL, PAGE = 0, 1, 2
WIDTH, HEIGHT, PAGES = 128, 64, 8


class SSD1306Model:
    def __init__(self, external_vcc=False):
        self.external_vcc = external_vcc
        self.gddram = bytearray(WIDTH * PAGES)
        self.bytes_received = 0
        self.writes = 0
        self.unknown = []  # command bytes the SSD1306 does not define
        self.reset()

    def power_on(self, seed=0x5EED):
        """Power comes back (a module plugged in, a discharge that reset the
        chip): the registers take their reset values and GDDRAM holds noise
        (the datasheet leaves it undefined), so a driver that only sends what
        it thinks changed shows garbage."""
        self.reset()
        x = seed
        for i in range(len(self.gddram)):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            self.gddram[i] = x >> 16 & 0xFF

    def reset(self):
        """Power-on register values (datasheet command table, "reset" column)."""
        self.display_on = False
        self.contrast = 0x7F
        self.inverse = False
        self.all_on = False
        self.charge_pump = False
        self.mode = PAGE
        self.col_start, self.col_end = 0, WIDTH - 1
        self.page_start, self.page_end = 0, PAGES - 1
        self.col = 0
        self.page = 0
        self.seg_remap = False
        self.com_remap = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.com_pins = 0x12
        self.scrolling = False
        self._pending = None  # [command, args so far] while arguments are due

    # -- the bus side ------------------------------------------------------------

    def write(self, data):
        """One I2C write transaction to this device (the bytes after the address)."""
        data = bytes(data)
        self.writes += 1
        self.bytes_received += len(data)
        i = 0
        while i < len(data):
            control = data[i]
            is_data = bool(control & 0x40)
            if control & 0x80:  # Co=1: exactly one byte, then a control byte again
                if i + 1 < len(data):
                    self._byte(is_data, data[i + 1])
                i += 2
            else:  # Co=0: everything else in this write
                for b in data[i + 1:]:
                    self._byte(is_data, b)
                return

    def _byte(self, is_data, b):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    # -- commands ------------------------------------------------------------

    def _command_byte(self, b):
        if self._pending is not None:
            cmd, args = self._pending
            args.append(b)
            if len(args) == ARGS[cmd]:
                self._pending = None
                self._command(cmd, args)
            return
        if b in ARGS:
            self._pending = (b, [])
            return
        self._command(b, [])

    def _command(self, c, args):
        if c == 0x20:
            if args[0] & 3 != 3:  # 11b is invalid
                self.mode = args[0] & 3
        elif c == 0x21:
            self.col_start, self.col_end = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start, self.page_end = args[0] & 7, args[1] & 7
            self.page = self.page_start
        elif c == 0x81:
            self.contrast = args[0]
        elif c == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif c == 0xA8:
            if args[0] & 0x3F >= 15:  # 0..14 are invalid
                self.mux = args[0] & 0x3F
        elif c == 0xD3:
            self.offset = args[0] & 0x3F
        elif c == 0xDA:
            self.com_pins = args[0]
        elif c in (0x26, 0x27, 0x29, 0x2A, 0x2F):
            self.scrolling = c == 0x2F or self.scrolling
        elif c == 0x2E:
            self.scrolling = False
        elif c < 0x10:
            if self.mode == PAGE:
                self.col = (self.col & 0xF0) | c
        elif c < 0x20:
            if self.mode == PAGE:
                self.col = ((c & 0x07) << 4) | (self.col & 0x0F)
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xA4, 0xA5):
            self.all_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c in (0xAE, 0xAF):
            self.display_on = c == 0xAF
        elif 0xB0 <= c <= 0xB7:
            if self.mode == PAGE:
                self.page = c & 7
        elif c in (0xC0, 0xC8):
            self.com_remap = c == 0xC8
        elif c not in KNOWN:
            self.unknown.append(c)

    # -- data ----------------------------------------------------------------

    def _data(self, b):
        seg = WIDTH - 1 - self.col if self.seg_remap else self.col
        self.gddram[self.page * WIDTH + seg] = b
        if self.mode == PAGE:  # the column wraps; the page never advances
            self.col = 0 if self.col >= WIDTH - 1 else self.col + 1
        elif self.mode == HORIZONTAL:
            if self.col == self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page == self.page_end else (self.page + 1) & 7
            else:
                self.col = (self.col + 1) & 0x7F
        else:  # VERTICAL
            if self.page == self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col == self.col_end else (self.col + 1) & 0x7F
            else:
                self.page = (self.page + 1) & 7

    # -- what the panel shows ------------------------------------------------

    def lit(self):
        """True if the panel can light at all (on, and powered)."""
        return self.display_on and (self.charge_pump or self.external_vcc)

    def pixel(self, x, y):
        """1 if the dot at column x, row y of the mounted panel is lit."""
        if not self.lit():
            return 0
        com = HEIGHT - 1 - y
        # The row scan step that drives this COM line.
        step = (self.mux - com) if self.com_remap else com
        if step < 0 or step > self.mux:
            return 0  # beyond the multiplex ratio: never driven
        if self.all_on:
            return 1
        row = (step + self.start_line + self.offset) % HEIGHT
        seg = WIDTH - 1 - x
        bit = (self.gddram[(row >> 3) * WIDTH + seg] >> (row & 7)) & 1
        return bit ^ self.inverse

    def pixels(self):
        """64 rows of 128 values (0/1), top row first."""
        return [bytes(self.pixel(x, y) for x in range(WIDTH)) for y in range(HEIGHT)]

    def shown_vlsb(self):
        """The lit dots packed like a MONO_VLSB framebuffer (comparable to fb bytes)."""
        out = bytearray(WIDTH * PAGES)
        for y, row in enumerate(self.pixels()):
            for x, v in enumerate(row):
                if v:
                    out[(y >> 3) * WIDTH + x] |= 1 << (y & 7)
        return bytes(out)

    def ascii(self, on="#", off="."):
        return "\n".join("".join(on if v else off for v in row) for row in self.pixels())
