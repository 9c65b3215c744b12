# A journal read back (clock/journal.py's format): its settings and the
# records that fit the chain (Loaded), a journal file made of a ring or a
# damaged file (compact). Only the power-on's restore and the actions between
# games read a journal, so the board imports this when they do and forgets it
# after (device/app.py); a game appends through clock/journal.py alone.

import os
import struct

from clock import jsonfile, ring
from clock.events import KIND_COUNT, MOVES, RESULT
from clock.game import REASON_COUNT
from clock.limits import COUNT
from clock.journal import FORMAT, MAGIC, MARK, RECORD, Journal, JournalError, chain, pack_event, record_hash
from clock.utf8 import joined_all


def valid(kind, side, value):
    """Whether (kind, side, value) is an event this firmware can play (a
    journal's record that is not stops the reading there)."""
    if kind == RESULT:
        return 0 <= side <= 2 and 0 <= value < REASON_COUNT
    if kind == MOVES and not 0 <= value <= COUNT:
        return False
    return 0 <= kind < KIND_COUNT and 0 <= side <= 1


def fits(prev, rec):
    """Whether a 16-byte record carries the mark and the hash chaining it to prev."""
    return rec[0] == MARK and rec[12:16] == record_hash(prev, rec)


def unpack(rec):
    """A marked record's (t, kind, side, value), or None without the mark; it
    says nothing of the hash (see fits) or whether the event is known (valid)."""
    if rec[0] != MARK:
        return None
    _, kind, side, _, t, value = struct.unpack_from(FORMAT, rec, 0)
    return t, kind, side, value


def pack(rec, prev, t, kind, side, value):
    """Fill the 16-byte rec with an event chained to hash prev; its hash."""
    pack_event(rec, t, kind, side, value)
    h = record_hash(prev, rec)
    rec[12:16] = h
    return h


class Loaded:
    """Reads a journal: the settings at once, then the records one at a time
    (a long game's journal need not fit in the board's RAM). After records()
    has run, `problem` says what was dropped, if anything."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            first = f.read(ring.PREFIX_BYTES)
            self.ring = ring.read_prefix(first)  # (block size, blocks), or None for a journal file
            if self.ring is None:
                f.seek(0)
            head = f.read(6)
            if head[:3] == MAGIC[:3] and len(head) == 6 and MAGIC[3:4] < head[3:4] <= b"9":
                raise JournalError("%s is a clock journal of a newer format (%s) than this xqclock reads: "
                                   "update xqclock" % (path, head[:4].decode()))
            if head[:4] != MAGIC or len(head) < 6:
                raise JournalError("%s is not a clock journal (header missing or damaged)" % path)
            (n,) = struct.unpack_from("<H", head, 4)
            head += f.read(n)
            self.head_hash = f.read(4)
        if len(self.head_hash) != 4 or chain(b"", head) != self.head_hash:
            raise JournalError("%s: the journal's header is damaged" % path)
        try:  # joined: a name an older clock wrote in CESU-8 (clock/utf8.py) reads as written
            self.settings = joined_all(jsonfile.loads(head[6:], len(head)))  # nesting bounded: clock/limits.py
        except ValueError:
            raise JournalError("%s: the journal's settings cannot be read" % path)
        if not isinstance(self.settings, dict):
            raise JournalError("%s: the journal's settings cannot be read" % path)
        self.header = head + self.head_hash  # as a journal file starts
        self.start = len(self.header) + (ring.PREFIX_BYTES if self.ring else 0)
        self.valid_size = self.start  # the file offset after the last record that fits
        self.last_hash = self.head_hash
        self.count = 0
        self.problem = None
        self.dropped = 0
        self.end = None  # a ring's first erased slot (block, byte), where the board writes next
        self.skipped = 0  # a ring's slots that did not fit the chain (torn by power cuts) ...
        self.written_past = 0  # ... and of those, the ones records that fit follow: nothing lost

    def records(self):
        """Yield (t, kind, side, value) for each record that fits the chain."""
        if self.ring is not None:
            yield from self._ring_records()
            return
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

    def _ring_records(self):
        block_size, blocks = self.ring
        rec = bytearray(RECORD)
        prev = self.head_hash
        with open(self.path, "rb") as f:
            for i, at in ring.slots(block_size, blocks, self.start):
                pos = ring.file_offset(i, at, block_size)
                f.seek(pos)
                if f.readinto(rec) < RECORD:
                    self.problem = "the copy of the ring ends early"
                    return
                if rec == ring.ERASED:
                    self.end = (i, at)
                    break
                if not fits(prev, rec):  # torn by a power cut, or sealed: the board wrote past it
                    self.skipped += 1
                    continue
                event = unpack(rec)
                if not valid(event[1], event[2], event[3]):
                    self.problem = "record %d is no event this firmware knows" % (self.count + 1)
                    return
                prev = bytes(rec[12:16])
                self.count += 1
                self.written_past = self.skipped
                self.valid_size = pos + RECORD
                self.last_hash = prev
                yield event
        torn = self.skipped - self.written_past
        if torn:  # after the last record: the write a power cut tore, as in a journal file
            self.dropped = torn * RECORD
            self.problem = "the last record is incomplete (torn write)" if torn == 1 else \
                "the last %d records do not match their hashes" % torn

    def reopen(self):
        """A Journal appending after the valid records (read them first); a
        damaged tail is cut off first (copy and rename, so a power cut now
        loses nothing more). A ring is written through the flash, not so:
        OSError(EROFS)."""
        if self.ring is not None:
            raise OSError(30)
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


def compact(src, dst, feed=None):
    """Write the journal at src (a file or a ring) to dst as a journal file:
    its header and the records that fit the chain, with the same hashes.
    feed() is called every 256 records (a long game takes seconds on a Pico)."""
    loaded = Loaded(src)
    rec = bytearray(RECORD)
    prev = loaded.head_hash
    with open(dst, "wb") as f:
        f.write(loaded.header)
        for t, kind, side, value in loaded.records():
            prev = pack(rec, prev, t, kind, side, value)
            f.write(rec)
            if feed is not None and not loaded.count & 255:
                feed()
