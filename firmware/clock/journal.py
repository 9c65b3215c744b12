# The game's journal: an append-only file of events on the board's
# filesystem, each flushed before it counts (littlefs commits on flush); or,
# on the Pico's flash, a ring of pre-erased slots programmed one record at a
# time (clock/ring.py, device/flashring.py). clock/journalread.py reads both
# (and checks a record's mark and hash: what only reading needs is there).
#
# Layout: a header  b"XQJ1" | u16 length | settings JSON | 4-byte hash
# then 16-byte records  0xA5 | kind u8 | side i8 | 0 | t u32 | value i32 | hash
# Each record's hash is sha256(previous hash + its 12 bytes)[:4]; the
# header's hash (which covers the game's random id) starts the chain. So a
# torn last record, an altered record or a record from another game fails its
# hash: reading stops there, keeps everything before, and says what it dropped.
# In a ring a slot that fails its hash is a write a power cut tore, or one
# power-on sealed, which the board wrote past (a slot is not erased in play):
# it is skipped, and the ring ends at its first erased slot.

import hashlib
import struct


MAGIC = b"XQJ1"
RECORD = 16
MARK = 0xA5
FORMAT = "<BBbBIi"


class JournalError(ValueError):
    pass


def chain(prev, data):
    h = hashlib.sha256(prev)
    h.update(data)
    return h.digest()[:4]


def record_hash(prev, rec):
    """The hash a record's first 12 bytes must carry when it follows hash prev."""
    return chain(prev, memoryview(rec)[:12])


def pack_event(rec, t, kind, side, value):
    """Fill rec's first 12 bytes with an event (its hash is sealed after)."""
    struct.pack_into(FORMAT, rec, 0, MARK, kind, side, 0, t, value)


def chain_into(prev, rec):
    """Seal rec (its first 12 bytes filled) after hash prev, in place:
    rec[12:16] and prev (a bytearray(4), the chain's head from then on)
    become its hash. The core's, by hashlib; the board's appends use
    device/sha256.py's, which allocates nothing (use_seal)."""
    h = record_hash(prev, rec)
    rec[12:16] = h
    prev[:] = h


_seal = [chain_into]  # how Journal.append seals its records (see use_seal)


def use_seal(fn):
    """Appends seal their records with fn(prev, rec) (as chain_into) from now on."""
    _seal[0] = fn


def header(settings):
    """A journal's header bytes for the settings, and the hash that starts the chain."""
    from clock.utf8 import dumps  # a new game's only: the board forgets it (device/app.py)
    data = dumps(settings).encode()  # UTF-8, as MicroPython writes it
    head = MAGIC + struct.pack("<H", len(data)) + data
    return head, chain(b"", head)


class Journal:
    """Appends records to an open journal file. Use create() or clock.journalread.Loaded.reopen()."""

    def __init__(self, path, head_hash, size):
        self.path = path
        self.prev = bytearray(head_hash)  # the chain's head, sealed into in place
        self.size = size  # bytes in the file
        self._rec = bytearray(RECORD)
        self._file = open(path, "ab")

    @classmethod
    def create(cls, path, settings):
        head, head_hash = header(settings)
        with open(path, "wb") as f:
            f.write(head)
            f.write(head_hash)
        return cls(path, head_hash, len(head) + 4)

    def append(self, t, kind, side, value):
        """Write one record and flush it; when this returns, the event is kept."""
        rec = self._rec
        pack_event(rec, t, kind, side, value)
        _seal[0](self.prev, rec)  # allocates nothing with the board's seal
        self._file.write(rec)
        self._file.flush()
        self.size += RECORD

    def close(self):
        self._file.close()


class Files:
    """Journals kept as files (on the FRAM, in the simulation's folder, and
    wherever the flash cannot be written directly)."""

    def create(self, path, settings):
        return Journal.create(path, settings)

    def reopen(self, loaded):
        return loaded.reopen()


FILES = Files()
