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

from clock.events import valid

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


def record_hash(prev, rec):
    """The hash a record's first 12 bytes must carry when it follows hash prev."""
    return _chain(prev, memoryview(rec)[:12])


def fits(prev, rec):
    """Whether a 16-byte record carries the mark and the hash chaining it to prev."""
    return rec[0] == _MARK and rec[12:16] == record_hash(prev, rec)


def unpack(rec):
    """A marked record's (t, kind, side, value), or None without the mark; it
    says nothing of the hash (see fits) or whether the event is known (valid)."""
    if rec[0] != _MARK:
        return None
    _, kind, side, _, t, value = struct.unpack_from(_FORMAT, rec, 0)
    return t, kind, side, value


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
        h = record_hash(self.prev, rec)
        rec[12:16] = h
        self._file.write(rec)
        self._file.flush()
        self.prev = h
        self.size += RECORD

    def close(self):
        self._file.close()


class Loaded:
    """Reads a journal: the settings at once, then the records one at a time
    (a long game's journal need not fit in the board's RAM). After records()
    has run, `problem` says what was dropped, if anything."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            head = f.read(6)
            if head[:4] != MAGIC or len(head) < 6:
                raise JournalError("%s is not a clock journal (header missing or damaged)" % path)
            (n,) = struct.unpack_from("<H", head, 4)
            head += f.read(n)
            self.head_hash = f.read(4)
        if len(self.head_hash) != 4 or _chain(b"", head) != self.head_hash:
            raise JournalError("%s: the journal's header is damaged" % path)
        try:
            self.settings = json.loads(head[6:])
        except ValueError:
            raise JournalError("%s: the journal's settings cannot be read" % path)
        if not isinstance(self.settings, dict):
            raise JournalError("%s: the journal's settings cannot be read" % path)
        self.start = len(head) + 4
        self.valid_size = self.start
        self.last_hash = self.head_hash
        self.count = 0
        self.problem = None
        self.dropped = 0

    def records(self):
        """Yield (t, kind, side, value) for each record that fits the chain."""
        rec = bytearray(RECORD)
        prev = self.head_hash
        pos = self.start
        with open(self.path, "rb") as f:
            f.seek(pos)
            while True:
                n = f.readinto(rec)
                if not n:
                    break
                if n < RECORD:
                    self.problem = "the last record is incomplete (torn write)"
                    break
                if not fits(prev, rec):
                    self.problem = "record %d does not match its hash" % (self.count + 1)
                    break
                event = unpack(rec)
                if not valid(event[1], event[2], event[3]):
                    self.problem = "record %d is no event this firmware knows" % (self.count + 1)
                    break
                prev = bytes(rec[12:16])
                pos += RECORD
                self.count += 1
                self.valid_size = pos
                self.last_hash = prev
                yield event
            f.seek(0, 2)
            self.dropped = f.tell() - pos

    def reopen(self):
        """A Journal appending after the valid records (read them first); a
        damaged tail is cut off first (copy and rename, so a power cut now
        loses nothing more)."""
        if self.dropped:
            tmp = self.path + ".tmp"
            with open(self.path, "rb") as src, open(tmp, "wb") as dst:
                left = self.valid_size
                while left:
                    chunk = src.read(min(left, 4096))
                    dst.write(chunk)
                    left -= len(chunk)
            os.rename(tmp, self.path)
        return Journal(self.path, self.last_hash, self.valid_size)
