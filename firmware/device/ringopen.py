# Making and finding the journal ring of device/flashring.py on the flash: a
# new game's ring file written as erased slots and markers, and the flash
# block holding each of its blocks found by a scan. Before a game only (its
# start, or the power-on that reopens it): the board forgets this module after
# (device/app.py's SOMETIMES).

import os
from array import array

from clock import ring
from clock.journal import header

_SCAN = 64  # bytes read of each block to find the ring's: every marker sits in them


def make(rings, path, settings):
    """The ring file of a new game at path, made of erased slots and its blocks' markers;
    (its Loaded, the flash block of each of its blocks, where its records start),
    or None (the file removed by the caller) when littlefs is not on rings.flash."""
    head, head_hash = header(settings)
    bs = rings.block_size
    head_bytes = ring.PREFIX_BYTES + len(head) + 4
    blocks = ring.blocks_for(rings.records, bs, head_bytes)
    tmp = path + ".new"  # renamed when whole: a power cut leaves no half-made journal
    with open(tmp, "wb") as f:
        f.write(ring.prefix(bs, blocks))
        f.write(head)
        f.write(head_hash)
        pos = head_bytes
        for i in range(1, blocks):
            at = ring.file_offset(i, ring.marker_at(i), bs)
            _erased(rings, f, at - pos)
            f.write(ring.marker(i, head_hash))
            pos = at + ring.SLOT
        _erased(rings, f, ring.file_size(bs, blocks) - pos)
    os.rename(tmp, path)
    from clock.journalread import Loaded  # the reader: the board forgets it between games (device/app.py)
    loaded = Loaded(path)
    phys = locate(rings, loaded)
    if phys is None:
        return None
    return loaded, phys, (0, ring.first_slot(0, head_bytes))


def _erased(rings, f, n):
    chunk = ring.ERASED * 16
    while n > 0:
        k = min(n, len(chunk))
        f.write(chunk if k == len(chunk) else chunk[:k])
        n -= k
        if rings.feed is not None:
            rings.feed()


def locate(rings, loaded):
    """The flash block holding each of the ring's blocks, or None unless
    each is found exactly once."""
    bs, blocks = loaded.ring
    if bs != rings.block_size:
        return None
    with open(loaded.path, "rb") as f:
        head_bytes = f.read(loaded.start)  # the prefix and the header, its game id and hash
    first = head_bytes[:_SCAN]
    phys = array("i", [-1] * blocks)
    buf = bytearray(_SCAN)
    whole = bytearray(len(head_bytes))
    head = loaded.head_hash
    for b in range(rings.flash.ioctl(4, 0)):
        rings.flash.readblocks(b, buf, 0)
        if buf == first:
            # block 0 of this game's ring, or of an earlier one with the same
            # settings (a deleted file's blocks keep their bytes until reused)
            rings.flash.readblocks(b, whole, 0)
            i = 0 if whole == head_bytes else -1
        else:
            i = -1
            for at in range(ring.SLOT, _SCAN, ring.SLOT):
                if buf[at:at + 4] == ring.MARKER and buf[at + 8:at + 12] == head:
                    i = buf[at + 4] | buf[at + 5] << 8
                    if not 0 < i < blocks or ring.marker_at(i) != at:
                        i = -1
                    break
        if i >= 0:
            if phys[i] >= 0:
                return None  # two candidates: which one littlefs reads is not known
            phys[i] = b
    for b in phys:
        if b < 0:
            return None
    return phys
