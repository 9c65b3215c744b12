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

_K = array("I", (
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2))
_IV = array("I", (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
                  0x5be0cd19))
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
