# Text put together in a preallocated bytearray without allocating, for what
# the clock sends while a game runs (the hall's state messages, device/hall.py):
# bytes copied in (a constant, or bytes made once), numbers written digit by
# digit. What does not fit is not written and marks the text `over`.


class Out:
    def __init__(self, size):
        self.buf = bytearray(size)
        self.n = 0  # bytes written
        self.over = False  # something did not fit: the text is cut

    def reset(self, at=0):
        """Start again at buf[at]."""
        self.n = at
        self.over = False

    def room(self, k):
        """Whether k more bytes fit (if not, the text is over)."""
        if self.n + k > len(self.buf):
            self.over = True
        return not self.over

    def put(self, b):
        """Bytes (or a bytearray) as they are."""
        n = self.n
        k = len(b)
        if self.room(k):
            self.buf[n:n + k] = b  # the same length: the bytearray does not grow
            self.n = n + k

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

    def text(self):
        """What was written, as a str (allocates: for the host and tests)."""
        return bytes(self.buf[:self.n]).decode()
