# Bytes between buffers, for what the clock writes while a game runs: the
# journal's seal and the hall's tag (device/sha256_viper.py), the hall's
# messages (clock/outbuf.py), the SSD1306's windows (device/ssd1306.py). In
# viper on MicroPython (device/buffers_viper.py: native speed, nothing
# allocated), in plain Python elsewhere (slices: they allocate).
#
# copy(dst, at, src, off, n): dst[at:at + n] = src[off:off + n].
# span(a, at, b, off, n): -1 if a[at:at + n] == b[off:off + n], else
# first << 16 | last, the first and last index (from at and off) where they differ.
# ascii(s, n): whether str s, of n = len(s) characters, is all ASCII. Its first
# n bytes tell: a character from U+0080 on is two to four bytes, each 0x80 or
# more, and the first of them lies within them. (max(s) < "\x80" makes a str of
# the largest character, and a character not yet interned allocates.)


def copy(dst, at, src, off, n):
    dst[at:at + n] = src[off:off + n]


def span(a, at, b, off, n):
    i = 0
    while i < n and a[at + i] == b[off + i]:
        i += 1
    if i == n:
        return -1
    j = n - 1
    while a[at + j] == b[off + j]:
        j -= 1
    return i << 16 | j


def ascii(s, n):
    return not s or max(s) < "\x80"


try:
    from device.buffers_viper import ascii, copy, span  # the same calls
except (ImportError, SyntaxError, AttributeError):  # CPython, or a VM without the viper emitter
    pass

__all__ = ["ascii", "copy", "span"]  # (a list: its short names stay interned, a tuple's would be strs)
