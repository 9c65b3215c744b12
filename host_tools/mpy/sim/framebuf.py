"""A pure-Python stand-in for MicroPython's `framebuf`, so firmware drivers and
screens run on CPython and draw byte-identical frames.

Only the 1-bit formats are implemented (MONO_VLSB, which the SSD1306 uses, and
MONO_HLSB/HMSB for icons); the algorithms follow extmod/modframebuf.c, and
tests compare the result with the real module on the unix port. `ellipse` and
`poly` are not implemented. The firmware's `import framebuf` finds it once
host_tools.simulate.install() has run.
"""

from .font_petme128 import FONT

MONO_VLSB = MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_MONO = (MONO_VLSB, MONO_HLSB, MONO_HMSB)


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format not in _MONO:
            raise ValueError("host framebuf: only MONO_VLSB/HLSB/HMSB are implemented")
        stride = width if stride is None else stride
        if format != MONO_VLSB:
            stride = (stride + 7) & ~7
        self._fb_buf = memoryview(buffer).cast("B")
        self._fb_w = width
        self._fb_h = height
        self._fb_stride = stride
        self._fb_fmt = format
        need = stride * ((height + 7) >> 3) if format == MONO_VLSB else (stride >> 3) * height
        if len(self._fb_buf) < need:
            raise ValueError("buffer too small")

    # -- per-pixel access (no clipping; callers clip) ---------------------------

    def _index(self, x, y):
        if self._fb_fmt == MONO_VLSB:
            return (y >> 3) * self._fb_stride + x, y & 7
        bit = x & 7 if self._fb_fmt == MONO_HMSB else 7 - (x & 7)
        return (x + y * self._fb_stride) >> 3, bit

    def _set(self, x, y, c):
        i, bit = self._index(x, y)
        b = self._fb_buf
        b[i] = (b[i] & ~(1 << bit) & 0xFF) | ((c != 0) << bit)

    def _get(self, x, y):
        i, bit = self._index(x, y)
        return (self._fb_buf[i] >> bit) & 1

    def _fill_rect(self, x, y, w, h, c):
        # Clipped like modframebuf.c's fill_rect().
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._fb_h or x >= self._fb_w:
            return
        xend = min(self._fb_w, x + w)
        yend = min(self._fb_h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        for yy in range(y, yend):
            for xx in range(x, xend):
                self._set(xx, yy, c)

    # -- the public API ---------------------------------------------------------

    def fill(self, c):
        if self._fb_fmt == MONO_VLSB and self._fb_stride == self._fb_w and self._fb_h % 8 == 0:
            v = 0xFF if c else 0
            n = self._fb_w * (self._fb_h >> 3)
            self._fb_buf[:n] = bytes([v]) * n
        else:
            self._fill_rect(0, 0, self._fb_w, self._fb_h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(x, y, w, h, c)

    def hline(self, x, y, w, c):
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Bresenham exactly as modframebuf.c, so diagonal pixels match.
        dx, sx = (x2 - x1, 1) if x2 - x1 > 0 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 - y1 > 0 else (y1 - y2, -1)
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < self._fb_w and 0 <= py < self._fb_h:
                self._set(px, py, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < self._fb_w and 0 <= y2 < self._fb_h:
            self._set(x2, y2, c)

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):  # (buffer, width, height, format[, stride])
            src = FrameBuffer(*src)
        if x >= self._fb_w or y >= self._fb_h or -x >= src._fb_w or -y >= src._fb_h:
            return
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = max(0, -x), max(0, -y)
        x0end = min(self._fb_w, x + src._fb_w)
        y0end = min(self._fb_h, y + src._fb_h)
        for yy in range(y0, y0end):
            cx1 = x1
            for xx in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(xx, yy, col)
                cx1 += 1
            y1 += 1

    def scroll(self, xstep, ystep):
        w, h = self._fb_w, self._fb_h
        if xstep < 0:
            sx, xend, dx = 0, w + xstep, 1
        else:
            sx, xend, dx = w - 1, xstep - 1, -1
        if ystep < 0:
            y, yend, dy = 0, h + ystep, 1
        else:
            y, yend, dy = h - 1, ystep - 1, -1
        # Steps as large as the buffer do nothing (modframebuf.c since v1.20).
        if (dx == 1 and xend <= 0) or (dx == -1 and xend >= sx):
            return
        if (dy == 1 and yend <= 0) or (dy == -1 and yend >= y):
            return
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy

    def text(self, s, x0, y0, c=1):
        for ch in s.encode("utf-8"):  # MicroPython walks the UTF-8 bytes
            if ch < 32 or ch > 127:
                ch = 127
            glyph = FONT[(ch - 32) * 8:(ch - 32) * 8 + 8]
            for col in glyph:
                if 0 <= x0 < self._fb_w:
                    y = y0
                    while col:
                        if col & 1 and 0 <= y < self._fb_h:
                            self._set(x0, y, c)
                        col >>= 1
                        y += 1
                x0 += 1
