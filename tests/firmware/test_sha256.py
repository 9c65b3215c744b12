# device/sha256.py seals a journal record as the core's hashlib chain does
# (clock/journal.chain_into), on both VMs; on MicroPython with viper code
# that allocates nothing.
import hashlib

from clock.journal import chain_into
from clock.journalread import pack, record_hash
from device.sha256 import seal
from support.firmware import needs_heap_lock, without_allocating


def records(n):
    """n records of varied bytes (xorshift32: the same on every VM)."""
    x = 2463534242
    for _ in range(n):
        rec = bytearray(16)
        for i in range(12):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            rec[i] = x & 0xFF
        yield rec


def test_the_seal_is_sha256_of_the_previous_hash_and_the_record():
    prev = bytearray(b"\x01\x02\x03\x04")
    mine = bytearray(prev)
    for rec in records(300):
        want = hashlib.sha256(bytes(prev) + bytes(rec[:12])).digest()[:4]
        core = bytearray(rec)
        chain_into(prev, core)
        seal(mine, rec)
        assert bytes(core[12:16]) == want and bytes(prev) == want
        assert rec == core and mine == prev  # the same record, the same chain head


def test_a_sealed_record_fits_its_chain_as_the_journal_reads_it():
    prev = bytearray(b"\xff\x00\xa5\x5a")
    rec = bytearray(16)
    pack(rec, bytes(prev), 12345, 1, 0, -7)
    want = bytes(rec)
    rec[12:16] = b"\x00\x00\x00\x00"
    seal(prev, rec)
    assert bytes(rec) == want and bytes(prev) == record_hash(b"\xff\x00\xa5\x5a", rec)


def test_sealing_allocates_nothing():
    needs_heap_lock()
    prev = bytearray(4)
    rec = bytearray(16)
    assert without_allocating(lambda: seal(prev, rec)) == 1
    assert bytes(prev) == hashlib.sha256(bytes(16)).digest()[:4]


def test_the_words_viper_reads_are_aligned_and_an_array_copies_bytes_as_they_are():
    """sha256_viper reads its constants as words: at word addresses (the
    Pico's M0+ faults on an unaligned one, as the emulated Pico did at the
    first seal of a UF2 with the firmware frozen in, whose bytes stay in flash
    wherever they fall). Where they are not, it copies them into an array of
    words, which MicroPython fills with the bytes as they are."""
    import sys
    if sys.implementation.name != "micropython":
        return
    import uctypes
    from array import array
    from device import sha256_viper
    assert not uctypes.addressof(sha256_viper._K) & 3 and not uctypes.addressof(sha256_viper._IV) & 3
    data = bytes(range(32))
    words = array("I", data)
    assert len(words) == 8 and bytes(words) == data and not uctypes.addressof(words) & 3
