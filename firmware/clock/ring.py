# Where the records sit in a journal ring: a file that littlefs allocates
# once, before the game, full of erased bytes, into which the board then
# programs each record straight through the flash (device/flashring.py),
# without littlefs and so without the 4 KiB erase that a littlefs append
# costs (45-400 ms with interrupts off on a Pico: a lever edge in that window
# is stamped late). The file reads, through littlefs, as what the flash holds,
# so the host tools read a ring copied off the board like any journal.
#
# littlefs stores a file as a CTZ skip-list: block i >= 1 starts with
# ctz(i) + 1 pointers of 4 bytes, then data; block 0 is all data (littlefs's
# SPEC.md; lfs2_ctz_index). So the file's data of block i begins at file
# offset start(i) and sits in the block from byte pointers(i) on. The ring
# puts a record only in 16-byte slots aligned in the block itself: one page
# program per record, never the pointers. The first slot of every block but
# block 0 holds a marker (the block's index and the game's header hash), by
# which the board finds the file's blocks on the flash.
#
# The file: PREFIX | u16 block size | u16 blocks | the journal header
# (clock/journal.py) | erased bytes and markers. Its hash chain starts at the
# header's hash, exactly as in a journal file, so a ring is copied into the
# archive as a plain journal with the same hashes.

import struct

PREFIX = b"XQR1"
PREFIX_BYTES = 8
SLOT = 16
MARKER = b"XQRB"
ERASED = b"\xff" * SLOT


def pointers(i):
    """Bytes of skip-list pointers at the start of block i of a file."""
    if i == 0:
        return 0
    n = 1
    while not i & 1:
        i >>= 1
        n += 1
    return 4 * n


def start(i, block_size):
    """File offset where block i's data begins."""
    if i == 0:
        return 0
    k = i - 1
    ones = 0
    while k:
        ones += k & 1
        k >>= 1
    # blocks 1 .. i-1 each lose ctz(j) + 1 words; the ctz(j) for j = 1..k sum to k - popcount(k)
    return i * block_size - 4 * (2 * (i - 1) - ones)


def marker_at(i):
    """Where block i's marker sits in the block (i >= 1): its first whole slot."""
    return (pointers(i) + SLOT - 1) // SLOT * SLOT


def first_slot(i, head_bytes):
    """Where block i's first record slot sits in the block."""
    if i == 0:
        return (head_bytes + SLOT - 1) // SLOT * SLOT
    return marker_at(i) + SLOT


def file_offset(i, at, block_size):
    """The file offset of byte `at` of block i."""
    return start(i, block_size) + at - pointers(i)


def file_size(block_size, blocks):
    return start(blocks, block_size)


def marker(i, head_hash):
    return MARKER + struct.pack("<HH", i, 0) + head_hash + b"\0\0\0\0"


def prefix(block_size, blocks):
    return PREFIX + struct.pack("<HH", block_size, blocks)


def read_prefix(data):
    """(block size, blocks) of a ring's first PREFIX_BYTES, or None if it is no ring."""
    if len(data) < PREFIX_BYTES or data[:4] != PREFIX:
        return None
    return struct.unpack_from("<HH", data, 4)


def slots(block_size, blocks, head_bytes, i=0, at=-1):
    """Yield (block, byte in block) of each record slot in order, from slot
    (i, at) on (the first slot when at < 0)."""
    while i < blocks:
        if at < 0:
            at = first_slot(i, head_bytes)
        while at + SLOT <= block_size:
            yield i, at
            at += SLOT
        i += 1
        at = -1


def capacity(block_size, blocks, head_bytes):
    """Records a ring holds."""
    n = (block_size - first_slot(0, head_bytes)) // SLOT
    for i in range(1, blocks):
        n += (block_size - first_slot(i, head_bytes)) // SLOT
    return n


def blocks_for(records, block_size, head_bytes):
    """The fewest blocks of a ring holding `records` records."""
    blocks = 1
    while capacity(block_size, blocks, head_bytes) < records:
        blocks += 1
    return blocks
