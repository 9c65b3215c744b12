# The game's journal: an append-only file of events on the board's
# filesystem, each flushed before it counts (littlefs commits on flush).
#
# Layout: a header  b"XQJ1" | u16 length | settings JSON | 4-byte hash
# then 16-byte records  0xA5 | kind u8 | side i8 | 0 | t u32 | value i32 | hash
# Each record's hash is sha256(previous hash + its 12 bytes)[:4]; the
# header's hash (which covers the game's random id) starts the chain. So a
# torn last record, an altered record or a record from another game fails its
# hash: reading stops there, keeps everything before, and says what it dropped.

import hashlib
import json
import os
import struct

MAGIC = b"XQJ1"
RECORD = 16
_MARK = 0xA5
_FORMAT = "<BBbBIi"


class JournalError(ValueError):
    pass


def _chain(prev, data):
    h = hashlib.sha256(prev)
    h.update(data)
    return h.digest()[:4]


class Journal:
    """Appends records to an open journal file. Use create() or Loaded.reopen()."""

    def __init__(self, path, head_hash, size):
        self.path = path
        self.prev = head_hash
        self.size = size  # bytes in the file
        self._rec = bytearray(RECORD)
        self._file = open(path, "ab")

    @classmethod
    def create(cls, path, settings):
        data = json.dumps(settings).encode()
        head = MAGIC + struct.pack("<H", len(data)) + data
        head_hash = _chain(b"", head)
        with open(path, "wb") as f:
            f.write(head)
            f.write(head_hash)
        return cls(path, head_hash, len(head) + 4)

    def append(self, t, kind, side, value):
        """Write one record and flush it; when this returns, the event is kept."""
        rec = self._rec
        struct.pack_into(_FORMAT, rec, 0, _MARK, kind, side, 0, t, value)
        h = _chain(self.prev, memoryview(rec)[:12])
        rec[12:16] = h
        self._file.write(rec)
        self._file.flush()
        self.prev = h
        self.size += RECORD

    def close(self):
        self._file.close()


class Loaded:
    """What a journal file holds: settings, valid records, and what was dropped."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            raw = f.read()
        if raw[:4] != MAGIC or len(raw) < 10:
            raise JournalError("%s is not a clock journal (header missing or damaged)" % path)
        (n,) = struct.unpack_from("<H", raw, 4)
        head_end = 6 + n
        self.head_hash = raw[head_end:head_end + 4]
        if len(self.head_hash) != 4 or _chain(b"", raw[:head_end]) != self.head_hash:
            raise JournalError("%s: the journal's header is damaged" % path)
        try:
            self.settings = json.loads(raw[6:head_end])
        except ValueError:
            raise JournalError("%s: the journal's settings cannot be read" % path)
        self.records = []  # (t, kind, side, value)
        self.hashes = []
        prev = self.head_hash
        pos = head_end + 4
        self.problem = None
        while pos + RECORD <= len(raw):
            rec = raw[pos:pos + RECORD]
            h = _chain(prev, rec[:12])
            if rec[0] != _MARK or rec[12:] != h:
                self.problem = "record %d does not match its hash" % (len(self.records) + 1)
                break
            mark, kind, side, zero, t, value = struct.unpack_from(_FORMAT, rec, 0)
            self.records.append((t, kind, side, value))
            self.hashes.append(h)
            prev = h
            pos += RECORD
        if self.problem is None and pos < len(raw):
            self.problem = "the last record is incomplete (torn write)"
        self.valid_size = pos
        self.dropped = len(raw) - pos
        self.last_hash = prev

    def reopen(self):
        """A Journal appending after the valid records; a damaged tail is cut
        off first (copy and rename, so a power cut now loses nothing more)."""
        if self.dropped:
            tmp = self.path + ".tmp"
            with open(self.path, "rb") as src:
                valid = src.read(self.valid_size)
            with open(tmp, "wb") as dst:
                dst.write(valid)
            os.rename(tmp, self.path)
        return Journal(self.path, self.last_hash, self.valid_size)
