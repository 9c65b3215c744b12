# device/buffers.py, the copy and compare of what the clock writes in a game, on both VMs: the
# viper code on MicroPython gives what the plain Python gives, at every place
# a difference can be, and allocates nothing.
import sys

from device import buffers
from support.firmware import needs_heap_lock, without_allocating


def reference_span(a, b):
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return -1 if not diff else diff[0] << 16 | diff[-1]


def test_span_finds_the_first_and_last_column_that_differ():
    a = bytearray(128)
    for first in (0, 1, 15, 16, 64, 126, 127):
        for last in (first, first + 1, 127):
            if last > 127:
                continue
            b = bytearray(a)
            b[first] = 0x80
            b[last] ^= 0x01
            assert buffers.span(a, 0, b, 0, 128) == reference_span(a, b) == first << 16 | last
    assert buffers.span(a, 0, bytearray(128), 0, 128) == -1
    assert buffers.span(a, 16, bytearray(128), 16, 16) == -1


def test_span_compares_a_page_of_a_frame_where_it_starts_in_each():
    frame = bytearray(1025)  # the SSD1306's: its control byte, then the pages
    held = bytearray(1024)
    frame[1 + 3 * 128 + 70] = 1
    held[2 * 128 + 5] = held[4 * 128] = 1  # differences in the pages around it are not counted
    assert buffers.span(frame, 1 + 384, held, 384, 128) == 70 << 16 | 70
    assert buffers.span(frame, 1 + 256, held, 256, 128) == 5 << 16 | 5


def test_copy_copies_columns_out_of_a_page():
    src = bytearray(range(256))
    dst = bytearray(20)
    buffers.copy(dst, 1, src, 200, 16)
    assert dst == bytearray(1) + bytearray(range(200, 216)) + bytearray(3)


def test_on_micropython_the_viper_code_runs_and_allocates_nothing():
    if sys.implementation.name != "micropython":
        return
    from device import buffers_viper
    assert buffers.span is buffers_viper.span and buffers.copy is buffers_viper.copy
    assert buffers.ascii is buffers_viper.ascii
    needs_heap_lock()
    a, b, dst = bytearray(128), bytearray(128), bytearray(129)
    b[100] = 7
    out = [0, False, True]
    word = bytes((0x7E, 0x7C, 0x60)).decode()  # "~|`", made now: its characters need not be names yet

    def work(word=word):  # (a default, not a closure's cell: a closure of over five calls with a heap copy)
        out[0] = buffers.span(a, 0, b, 0, 128)
        buffers.copy(dst, 1, b, 96, 16)
        out[1] = buffers.ascii(word, 3)
        out[2] = buffers.ascii(NAME, len(NAME))
    assert without_allocating(work) == 1
    assert out == [100 << 16 | 100, True, False] and dst[5] == 7


NAME = "\U00020bb7\u5ddd"  # 𠮷川: four bytes, then three


def test_ascii_is_told_by_the_first_len_bytes():
    for s in ("", "PAUSED", "#7 Wang", "~"):
        assert buffers.ascii(s, len(s))
    for s in (NAME, "\u8bb8\u94f6\u5ddd", "#7 \u8bb8", "Wang \u00e9", "a\U00020bb7", "\u00e9"):
        assert not buffers.ascii(s, len(s)), s
