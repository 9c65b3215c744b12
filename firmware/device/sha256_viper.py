# SHA-256 in MicroPython's viper code: machine words, so no long ints, nothing
# allocated, and fast. Two users: a journal record's chain (seal, here: the
# 4-byte hash before it and the record's 12 bytes, one block; hashlib.sha256
# would make a new hash object and digest each record) and the hall's tags
# (device/hmac_viper.py's Hmac: HMAC-SHA256 of a state, device/hall.py, which
# only a clock that reports imports). Imported on MicroPython only, by
# device/sha256.py; checked against hashlib there (tests/firmware/test_sha256.py).
# ruff: noqa: F821  (viper's types ptr8, ptr32, uint are the compiler's, not names)
# A bytearray or an array is a ptr8 or ptr32 to viper, not to mypy:
# mypy: disable-error-code="arg-type"
# The words live in ptr32 arrays: a store keeps the low 32 bits, so on a
# 64-bit VM a value goes through one before it is shifted right.
import micropython
from array import array

from device.buffers_viper import copy

# FIPS 180-4's constants as little-endian words (viper reads a bytes object as
# ptr32): one bytes object, where a tuple of ints would hold each word above
# 2**30 as a long int of its own for as long as the module lives (1.4 KB more
# on the Pico). K: the 64 round constants (section 4.2.2); IV: the initial hash (5.3.3).
_K: "bytes | array" = (
    b"\x98\x2f\x8a\x42\x91\x44\x37\x71\xcf\xfb\xc0\xb5\xa5\xdb\xb5\xe9"
    b"\x5b\xc2\x56\x39\xf1\x11\xf1\x59\xa4\x82\x3f\x92\xd5\x5e\x1c\xab"
    b"\x98\xaa\x07\xd8\x01\x5b\x83\x12\xbe\x85\x31\x24\xc3\x7d\x0c\x55"
    b"\x74\x5d\xbe\x72\xfe\xb1\xde\x80\xa7\x06\xdc\x9b\x74\xf1\x9b\xc1"
    b"\xc1\x69\x9b\xe4\x86\x47\xbe\xef\xc6\x9d\xc1\x0f\xcc\xa1\x0c\x24"
    b"\x6f\x2c\xe9\x2d\xaa\x84\x74\x4a\xdc\xa9\xb0\x5c\xda\x88\xf9\x76"
    b"\x52\x51\x3e\x98\x6d\xc6\x31\xa8\xc8\x27\x03\xb0\xc7\x7f\x59\xbf"
    b"\xf3\x0b\xe0\xc6\x47\x91\xa7\xd5\x51\x63\xca\x06\x67\x29\x29\x14"
    b"\x85\x0a\xb7\x27\x38\x21\x1b\x2e\xfc\x6d\x2c\x4d\x13\x0d\x38\x53"
    b"\x54\x73\x0a\x65\xbb\x0a\x6a\x76\x2e\xc9\xc2\x81\x85\x2c\x72\x92"
    b"\xa1\xe8\xbf\xa2\x4b\x66\x1a\xa8\x70\x8b\x4b\xc2\xa3\x51\x6c\xc7"
    b"\x19\xe8\x92\xd1\x24\x06\x99\xd6\x85\x35\x0e\xf4\x70\xa0\x6a\x10"
    b"\x16\xc1\xa4\x19\x08\x6c\x37\x1e\x4c\x77\x48\x27\xb5\xbc\xb0\x34"
    b"\xb3\x0c\x1c\x39\x4a\xaa\xd8\x4e\x4f\xca\x9c\x5b\xf3\x6f\x2e\x68"
    b"\xee\x82\x8f\x74\x6f\x63\xa5\x78\x14\x78\xc8\x84\x08\x02\xc7\x8c"
    b"\xfa\xff\xbe\x90\xeb\x6c\x50\xa4\xf7\xa3\xf9\xbe\xf2\x78\x71\xc6")
_IV: "bytes | array" = (
    b"\x67\xe6\x09\x6a\x85\xae\x67\xbb\x72\xf3\x6e\x3c\x3a\xf5\x4f\xa5"
    b"\x7f\x52\x0e\x51\x8c\x68\x05\x9b\xab\xd9\x83\x1f\x19\xcd\xe0\x5b")


try:  # A module frozen into a UF2 of our own (docs/DEVELOPER.md) keeps its bytes in flash wherever
    # they fall, and the Pico's M0+ faults on a word read at an address that is not a multiple of 4:
    # then aligned copies (an array of words takes bytes as they are). An .mpy's bytes are on the heap,
    # whose blocks are aligned.
    from uctypes import addressof
    if addressof(_K) & 3 or addressof(_IV) & 3:
        _K = array("I", _K)
        _IV = array("I", _IV)
    del addressof
except ImportError:  # a port without uctypes: its bytes are on the heap
    pass
_W = array("I", bytes(256))  # the message schedule, 64 words
_S = array("I", bytes(48))  # scratch: a word cut to 32 bits


@micropython.viper
def _compress(h: ptr32, blk: ptr8, off: int, w: ptr32, k: ptr32, s: ptr32):
    # h, the 8 words of the hash so far, takes in the 64-byte block at blk[off:]
    i = 0
    while i < 16:
        j = off + 4 * i
        w[i] = (uint(blk[j]) << 24) | (uint(blk[j + 1]) << 16) | (uint(blk[j + 2]) << 8) | uint(blk[j + 3])
        i += 1
    while i < 64:
        x = uint(w[i - 15])
        y = uint(w[i - 2])
        s0 = ((x >> 7) | (x << 25)) ^ ((x >> 18) | (x << 14)) ^ (x >> 3)
        s1 = ((y >> 17) | (y << 15)) ^ ((y >> 19) | (y << 13)) ^ (y >> 10)
        w[i] = uint(w[i - 16]) + s0 + uint(w[i - 7]) + s1
        i += 1
    a = uint(h[0])
    b = uint(h[1])
    c = uint(h[2])
    d = uint(h[3])
    e = uint(h[4])
    f = uint(h[5])
    g = uint(h[6])
    hh = uint(h[7])
    i = 0
    while i < 64:
        t1 = hh + (((e >> 6) | (e << 26)) ^ ((e >> 11) | (e << 21)) ^ ((e >> 25) | (e << 7))) + \
            ((e & f) ^ ((~e) & g)) + uint(k[i]) + uint(w[i])
        t2 = (((a >> 2) | (a << 30)) ^ ((a >> 13) | (a << 19)) ^ ((a >> 22) | (a << 10))) + \
            ((a & b) ^ (a & c) ^ (b & c))
        hh = g
        g = f
        f = e
        s[8] = d + t1
        e = uint(s[8])
        d = c
        c = b
        b = a
        s[8] = t1 + t2
        a = uint(s[8])
        i += 1
    h[0] = uint(h[0]) + a
    h[1] = uint(h[1]) + b
    h[2] = uint(h[2]) + c
    h[3] = uint(h[3]) + d
    h[4] = uint(h[4]) + e
    h[5] = uint(h[5]) + f
    h[6] = uint(h[6]) + g
    h[7] = uint(h[7]) + hh


@micropython.viper
def _digest(h: ptr32, out: ptr8, at: int, n: int):
    # the digest's first n bytes (big-endian words) to out[at:]
    i = 0
    while i < n:
        out[at + i] = uint(h[i >> 2]) >> (24 - 8 * (i & 3))
        i += 1


_H = array("I", bytes(32))
_SEALED = bytearray(64)  # the seal's one block: prev, rec[:12], then the padding of a 16-byte message
_SEALED[16] = 0x80
_SEALED[63] = 128  # its length in bits


def seal(prev, rec):
    """rec[12:16] and prev (a bytearray(4): the chain's head from now on)
    become sha256(prev + rec[:12])[:4]."""
    copy(_SEALED, 0, prev, 0, 4)
    copy(_SEALED, 4, rec, 0, 12)
    copy(_H, 0, _IV, 0, 32)
    _compress(_H, _SEALED, 0, _W, _K, _S)
    _digest(_H, rec, 12, 4)
    copy(prev, 0, rec, 12, 4)
