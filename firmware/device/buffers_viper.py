# Bytes between buffers (device/buffers.py) in MicroPython's viper code:
# native loops over the bytes, nothing allocated. Imported on MicroPython
# only; checked against the plain versions (tests/firmware/test_buffers.py).
# ruff: noqa: F821  (viper's type ptr8 is the compiler's, not a name)
import micropython


@micropython.viper
def copy(dst: ptr8, at: int, src: ptr8, off: int, n: int):
    i = 0
    while i < n:
        dst[at + i] = src[off + i]
        i += 1


@micropython.viper
def span(a: ptr8, at: int, b: ptr8, off: int, n: int) -> int:
    i = 0
    while i < n:
        if a[at + i] != b[off + i]:
            break
        i += 1
    if i == n:
        return -1
    j = n - 1
    while a[at + j] == b[off + j]:
        j -= 1
    return (i << 16) | j


@micropython.viper
def ascii(s, n: int) -> bool:
    p = ptr8(s)  # a str's UTF-8 bytes, read in place
    i = 0
    while i < n:
        if p[i] >= 0x80:
            return False
        i += 1
    return True
