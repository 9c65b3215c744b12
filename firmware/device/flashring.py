# The journal as a ring on the Pico's flash, so that a press is stamped on
# time while it is recorded (issue 11, item 5).
#
# A littlefs append erases a 4 KiB sector about once a record, and on rp2 a
# flash write runs with interrupts off (rp2_flash.c): a W25Q16 sector erase
# takes 45 ms, up to 400 ms, and a lever edge in that window is stamped when
# it ends. So before the game starts, littlefs allocates the whole journal as
# one file of erased bytes (clock/ring.py has its layout); during the game each
# record is one page program straight into its slot (0.4-0.7 ms, 3 ms at most),
# never an erase. Programming 0xFF leaves NOR bits as they are, so the page is
# programmed with 0xFF in every slot but the new one and the records already
# there stay.
#
# `flash` is the block device littlefs is mounted on (rp2.Flash() on a Pico,
# host_tools/mpy/sim/flash_model.py in the simulation): the ring's blocks are found
# on it by the file's header (block 0) and the markers of the others. If they
# are not found there (the filesystem is on another device), the journal is a
# plain file, as on the FRAM.

import os

from clock import ring
from clock.journal import FILES, RECORD, pack_event
from device.sha256 import seal

PAGE = 256  # the flash's program unit: the pico-sdk programs whole pages


class FlashRing:
    """Makes and reopens journals (as clock.journal.Files does) as rings of
    `records` records on `flash`."""

    def __init__(self, flash, records):
        self.flash = flash
        self.records = records
        self.block_size = flash.ioctl(5, 0)
        self.feed = None  # the watchdog's feed: making a ring erases up to 18 sectors (7 s at worst)
        self.found = True  # False once a ring was not found on `flash`: files from then on

    def create(self, path, settings):
        if not self.found:
            return FILES.create(path, settings)
        from device.ringopen import make  # before a game only: the board forgets it (device/app.py)
        made = make(self, path, settings)
        if made is None:  # littlefs is not on this flash (a FAT build): journal files from now on
            self.found = False
            os.remove(path)
            return FILES.create(path, settings)
        loaded, phys, end = made
        return RingJournal(self.flash, path, loaded, phys, end)

    def reopen(self, loaded):
        """A journal appending after the records of `loaded` (read them first)."""
        if loaded.ring is None:  # a journal file (written before the ring, or on a FRAM)
            return FILES.reopen(loaded)
        from device.ringopen import locate
        phys = locate(self, loaded)
        if phys is None:
            raise OSError(5)  # the ring is not where its file says: nothing is written blind
        journal = RingJournal(self.flash, loaded.path, loaded, phys, loaded.end)
        journal.seal()
        return journal


class RingJournal:
    """Appends records to a ring, one page program each."""

    def __init__(self, flash, path, loaded, phys, end):
        self.flash = flash
        self.path = path
        self.prev = bytearray(loaded.last_hash)  # the chain's head, sealed into in place
        self.size = loaded.valid_size
        self._ring = loaded.ring
        self._head_bytes = loaded.start
        self._phys = phys
        if end is None:  # full
            end = (loaded.ring[1], 0)
        self._block = end[0]  # the ring's block and the byte in it where the next record goes
        self._at = end[1]
        self._rec = bytearray(RECORD)
        self._page = bytearray(ring.ERASED * (PAGE // ring.SLOT))
        self._check = bytearray(RECORD)

    def seal(self):
        """Power-on: zero the slot after the last record before writing on. A
        power cut mid-program can leave a slot that reads erased now and
        otherwise later; sealed, it is skipped, never written over."""
        if self._block >= self._ring[1]:
            return  # full
        self._program(bytes(RECORD))
        self._advance()

    def _program(self, rec):
        at = self._at
        base = at - at % PAGE
        page = self._page
        page[at - base:at - base + RECORD] = rec
        block = self._phys[self._block]
        try:
            self.flash.writeblocks(block, page, base)
        finally:
            page[at - base:at - base + RECORD] = ring.ERASED
        self.flash.readblocks(block, self._check, at)
        if self._check != rec:
            raise OSError(5)

    def _advance(self):
        at = self._at + RECORD
        if at + RECORD > self._ring[0]:
            self._block += 1
            at = ring.first_slot(self._block, self._head_bytes)
        self._at = at

    def append(self, t, kind, side, value):
        """Program one record into its slot; when this returns, the event is kept.
        OSError(ENOSPC) when the ring is full, OSError(EIO) when the flash
        does not hold what was programmed."""
        bs, blocks = self._ring
        if self._block >= blocks:
            raise OSError(28)
        rec = self._rec
        pack_event(rec, t, kind, side, value)
        seal(self.prev, rec)  # allocates nothing
        self._program(rec)
        self.size = ring.file_offset(self._block, self._at, bs) + RECORD
        self._advance()

    def close(self):
        pass  # every record is on the flash when append returns
