# HMAC-SHA256 in viper code for the hall's tags (device/hall.py): nothing
# allocated, on device/sha256_viper.py's compression. Imported on MicroPython
# only, by device/hmac_sha256.py, and only by a clock that reports to a hall.
# ruff: noqa: F821  (viper's types ptr8, ptr32, uint are the compiler's, not names)
# mypy: disable-error-code="arg-type"
import micropython
from array import array

from device.buffers_viper import copy
from device.sha256_viper import _IV, _K, _S, _W, _compress, _digest

_ZEROS = bytes(64)


@micropython.viper
def _hex(h: ptr32, out: ptr8, at: int):
    # the digest as 64 lowercase hex digits to out[at:]
    i = 0
    while i < 64:
        v = int((uint(h[i >> 3]) >> (28 - 4 * (i & 7))) & 15)
        out[at + i] = v + 48 if v < 10 else v + 87
        i += 1


class Sha256:
    """SHA-256 of a message fed in pieces (update), from the start or from the
    words after whole blocks (an HMAC's key block): nothing allocated."""

    def __init__(self):
        self.h = array("I", bytes(32))
        self.block = bytearray(64)
        self.fill = 0  # bytes waiting in block
        self.total = 0  # bytes taken in (the key block's too)

    def start(self, words=_IV, total=0):
        copy(self.h, 0, words, 0, 32)
        self.fill = 0
        self.total = total

    def update(self, data, off, n):
        """Take in data[off:off + n] (anything with the buffer protocol)."""
        self.total += n
        fill = self.fill
        while n:
            if fill == 0 and n >= 64:  # a whole block where it lies: no copy
                _compress(self.h, data, off, _W, _K, _S)
                off += 64
                n -= 64
                continue
            k = 64 - fill if n > 64 - fill else n
            copy(self.block, fill, data, off, k)
            fill += k
            off += k
            n -= k
            if fill == 64:
                _compress(self.h, self.block, 0, _W, _K, _S)
                fill = 0
        self.fill = fill

    def finish(self):
        """Pad and take in the length: h is the digest."""
        bits = self.total * 8  # a small int: a message here is a few KB
        block = self.block
        fill = self.fill
        block[fill] = 0x80
        fill += 1
        if fill > 56:
            copy(block, fill, _ZEROS, 0, 64 - fill)
            _compress(self.h, block, 0, _W, _K, _S)
            fill = 0
        copy(block, fill, _ZEROS, 0, 64 - fill)
        for i in range(4):
            block[63 - i] = (bits >> (8 * i)) & 0xFF
        _compress(self.h, block, 0, _W, _K, _S)


class Hmac:
    """HMAC-SHA256 with one key (its inner and outer blocks, device/hall.py's
    key_pads): start, update, then hex_into writes the 64 hex digits; the
    key blocks are taken in once, here."""

    def __init__(self, pads):
        sha = self.sha = Sha256()
        self.inner = array("I", bytes(32))
        self.outer = array("I", bytes(32))
        for pad, words in ((pads[0], self.inner), (pads[1], self.outer)):
            sha.start()
            sha.update(pad, 0, 64)
            copy(words, 0, sha.h, 0, 32)
        self.digest = bytearray(32)

    def start(self):
        self.sha.start(self.inner, 64)

    def update(self, data, off, n):
        self.sha.update(data, off, n)

    def hex_into(self, out, at):
        sha = self.sha
        sha.finish()
        _digest(sha.h, self.digest, 0, 32)
        sha.start(self.outer, 64)
        sha.update(self.digest, 0, 32)
        sha.finish()
        _hex(sha.h, out, at)
