# Text put together in a preallocated bytearray without allocating, for what
# the clock sends while a game runs (the hall's state messages, device/hall.py):
# a template's text copied in, its holes filled as "%" fills a format (numbers
# digit by digit, bytes made once). What does not fit is not written and
# marks the text `over`.

from clock.sideclock import UNSET


def _copy(dst, at, src, off, n):
    dst[at:at + n] = src[off:off + n]  # allocates the slice: the device gives Out one that does not


class Out:
    def __init__(self, size, copy=None):
        self.buf = bytearray(size)
        self.n = 0  # bytes written
        self.over = False  # something did not fit: the text is cut
        self._copy = copy or _copy  # copy(dst, at, src, off, n): device/buffers.py's allocates nothing

    def reset(self, at=0):
        """Start again at buf[at]."""
        self.n = at
        self.over = False

    def room(self, k):
        """Whether k more bytes fit (if not, the text is over)."""
        if self.n + k > len(self.buf):
            self.over = True
        return not self.over

    def put(self, b, off=0, k=-1):
        """Bytes (or a bytearray) as they are: b[off:off + k], by default all."""
        if k < 0:
            k = len(b) - off
        if self.room(k):
            self._copy(self.buf, self.n, b, off, k)
            self.n += k

    def num(self, v):
        """An int in decimal, as "%d" writes it."""
        if v < 0:
            self.put(b"-")
            v = -v
        k = 1
        d = v
        while d >= 10:
            d //= 10
            k += 1
        if self.room(k):
            buf = self.buf
            self.n += k
            i = self.n
            while k:
                i -= 1
                buf[i] = 48 + v % 10
                v //= 10
                k -= 1

    def form(self, t, nums, texts=()):
        """The template t (bytes) with its holes filled in turn, as "%" fills a
        format: %d the next of nums in decimal, %n the same or null for UNSET,
        %b true or false, %s the next of texts (bytes, as they are)."""
        a = i = j = 0
        end = len(t)
        while a < end:
            h = t.find(b"%", a)
            if h < 0:
                h = end
            self.put(t, a, h - a)
            if h == end:
                return
            kind = t[h + 1]
            if kind == 115:  # s
                self.put(texts[j])
                j += 1
            else:
                v = nums[i]
                i += 1
                if kind == 98:  # b
                    self.put(b"true" if v else b"false")
                elif kind == 110 and v == UNSET:  # n
                    self.put(b"null")
                else:
                    self.num(v)
            a = h + 2

    def text(self):
        """What was written, as a str (allocates: for the host and tests)."""
        return bytes(self.buf[:self.n]).decode()
