# Where the game's journal and the archive of finished games live, and the
# room they need. The one home of these facts: the firmware (device/app.py),
# and the host tools through the board agent (host_tools/mpy/board/agent.py),
# ask this module.
#
# - The journal is game.xqj at the top of the flash, or of the FRAM when the
#   board profile has one (mounted at /fram). On the flash it is a ring of
#   pre-erased slots programmed one record at a time (device/flashring.py),
#   when the flash's block device is known (rp2.Flash()); else a file.
# - Finished games go to /games on the flash, never to the FRAM (a 32 KiB
#   chip holds about one long game), named NNNN-<game id>.xqj so that the
#   oldest sorts first.
# - The archive is kept within a bound: before a game starts, and at power-on,
#   the oldest archived games are deleted until the journal's filesystem has
#   the room a long game needs (the floor below), so a game in progress can
#   always finish. `xqclock pull --clear` empties it after copying.

import os

from clock import ring
from clock.journal import FILES, RECORD, use_seal
from clock.table import CHECKPOINT_MS
from device.sha256 import seal

use_seal(seal)  # the board's appends allocate nothing (device/sha256.py)

JOURNAL = "game.xqj"
ARCHIVE = "games"
FRAM_MOUNT = "/fram"

# A long game's journal: 8 hours with a checkpoint every CHECKPOINT_MS of
# running time, plus presses and arbiter events (every record resets the
# checkpoint interval, so this bounds both), plus the header. About 70 KiB.
LONG_GAME_MS = 8 * 3600 * 1000
LONG_GAME_EVENTS = 1200
HEADER_BYTES = 512
LONG_GAME_RECORDS = LONG_GAME_MS // CHECKPOINT_MS + LONG_GAME_EVENTS
GAME_BYTES = LONG_GAME_RECORDS * RECORD + HEADER_BYTES
# littlefs needs blocks of its own while a file grows (copy-on-write of the
# last block, metadata pairs): the floor keeps a few spare.
SPARE_BLOCKS = 4
# an empty littlefs uses its root metadata pair
ROOT_BLOCKS = 2
_CHUNK = 512


def _stat(path):
    """(block size, blocks, free blocks) of the filesystem holding path, or
    None where the VM cannot tell (CPython on Windows)."""
    try:
        s = os.statvfs(path)
    except (AttributeError, OSError):
        return None
    free = s[3]
    if free > s[2]:  # littlefs counts past its size once a write has failed for room
        free = 0
    return s[1], s[2], free


def free_bytes(path):
    s = _stat(path)
    return -1 if s is None else s[0] * s[2]


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def _seq(name):
    """The sequence number an archived game's name starts with; -1 for names
    written before there was one (they are the oldest)."""
    dash = name.find("-")
    head = name[:dash] if dash > 0 else ""
    return int(head) if head.isdigit() else -1


def flash_device():
    """The block device of the flash littlefs is mounted on at / (rp2.Flash()
    on a Pico), or None where there is none to write directly."""
    try:
        import rp2
        return rp2.Flash()
    except (ImportError, AttributeError, OSError, ValueError):
        return None


def journals(flash):
    """What makes and reopens journals on a board with this flash device."""
    if flash is None:
        return FILES
    from device.flashring import FlashRing
    return FlashRing(flash, LONG_GAME_RECORDS)


def _is_ring(path):
    try:
        with open(path, "rb") as f:
            return ring.read_prefix(f.read(ring.PREFIX_BYTES)) is not None
    except OSError:
        return False


class Store:
    """The journal and the archive of one board. `root` is the flash's top
    folder ("" on the board, a folder in the simulation); `fram` the mount
    point of the FRAM holding the journal, or None; `flash` the block device
    of the flash `root` is on, for the journal ring, or None for a file."""

    def __init__(self, root="", fram=None, flash=None):
        self.root = root
        self.fram = fram
        self.journal = (fram or root) + "/" + JOURNAL
        self.archive = root + "/" + ARCHIVE
        self.broken = None  # the OSError of a FRAM that would not mount
        self.journals = journals(None if fram else flash)
        self.feed = None  # see use_watchdog

    def archived(self):
        """The archived games' names, oldest first."""
        try:
            names = [n for n in os.listdir(self.archive) if n.endswith(".xqj")]
        except OSError:
            return []
        names.sort(key=lambda n: (_seq(n), n))
        return names

    def need(self):
        """The free bytes a game needs to start: a long game's journal and the
        spare blocks, or on a smaller filesystem (a 32 KiB FRAM, which holds
        nothing else) about all that it offers when empty."""
        s = _stat(self.journal.rsplit("/", 1)[0] or "/")
        if s is None:
            return 0
        return min(GAME_BYTES + SPARE_BLOCKS * s[0], (s[1] - ROOT_BLOCKS - SPARE_BLOCKS) * s[0])

    def make_room(self, where, need):
        """Delete the oldest archived games until the filesystem holding
        `where` has `need` bytes free; whether it has them."""
        folder = where.rsplit("/", 1)[0] or "/"
        # the archive is on the flash: deleting from it frees nothing on the FRAM
        names = [] if self.fram and where.startswith(self.fram) else self.archived()
        while True:
            free = free_bytes(folder)
            if free < 0 or free >= need:
                return True
            if not names:
                return False
            try:
                os.remove(self.archive + "/" + names.pop(0))
            except OSError:
                pass

    def room_for_game(self):
        """Power-on or a new game: keep the floor a long game can finish in,
        counting what the journal already holds. Whether it is there."""
        _remove(self.journal + ".new")  # a ring a power cut left half made
        return self.make_room(self.journal, self.need() - _size(self.journal))

    def has_journal(self):
        try:
            os.stat(self.journal)
            return True
        except OSError:
            return False

    def game_id(self):
        """The id in the journal's header ("unknown" if it cannot be read)."""
        from clock.journalread import Loaded  # the reader: the board forgets it between games (device/app.py)
        try:
            return str(Loaded(self.journal).settings["id"])
        except (OSError, ValueError, KeyError):
            return "unknown"

    def use_watchdog(self, feed):
        """feed(): called through the long storage work between games (making
        a ring, archiving a long game) so the watchdog does not bite."""
        self.feed = feed
        if self.journals is not FILES:
            self.journals.feed = feed

    def _keep_ring(self, name):
        """A ring's records copied into the archive as a journal file (its
        erased slots are not kept), then the ring deleted; the archived name.
        None if it cannot be read as a journal, or there is no room for the
        copy: it is then archived as it is."""
        from clock.journalread import Loaded, compact  # the reader: forgotten between games (device/app.py)
        try:
            loaded = Loaded(self.journal)
            count = 0
            for _ in loaded.records():
                count += 1
                if self.feed is not None and not count & 255:
                    self.feed()
        except ValueError:
            return None
        for n in os.listdir(self.archive):
            if n.endswith(".new"):  # a copy a power cut left half made
                _remove(self.archive + "/" + n)
        tail = "-%s.xqj" % loaded.settings.get("id")
        for n in self.archived():  # archived already, and then the power went: not twice
            if n.endswith(tail) and _last_hash(self.archive + "/" + n) == loaded.last_hash:
                os.remove(self.journal)
                return self.archive + "/" + n
        # the copy's bytes and two blocks for littlefs to commit them; without
        # them the ring goes into the archive as it is (renamed: no room needed)
        if not self.make_room(self.archive + "/", len(loaded.header) + RECORD * count + 2 * 4096):
            return None
        tmp = name + ".new"  # renamed when whole: a power cut leaves no half copy in the archive
        try:
            compact(self.journal, tmp, self.feed)
            os.rename(tmp, name)
        except OSError:
            _remove(tmp)
            raise
        os.remove(self.journal)
        return name

    def keep(self):
        """Move the journal into the archive (a game is over, or set aside);
        the archived name. Raises OSError if the flash has no room for it even
        with every older game deleted; the journal is then left where it is."""
        names = self.archived()
        seq = _seq(names[-1]) + 1 if names else 0
        name = "%s/%04d-%s.xqj" % (self.archive, seq, self.game_id())
        try:
            os.mkdir(self.archive)
        except OSError:
            pass  # it is there
        if _is_ring(self.journal):
            kept = self._keep_ring(name)
            if kept is not None:
                return kept
        if self.fram is None:
            self.make_room(self.archive + "/", 2 * _CHUNK)  # a rename commits metadata
            os.rename(self.journal, name)
            return name
        # from the FRAM to the flash: copy, then remove (no rename across filesystems)
        if not self.make_room(self.archive + "/", _size(self.journal) + SPARE_BLOCKS * 4096):
            raise OSError(28)
        buf = bytearray(_CHUNK)
        try:
            with open(self.journal, "rb") as src, open(name, "wb") as dst:
                while True:
                    n = src.readinto(buf)
                    if not n:
                        break
                    dst.write(buf if n == _CHUNK else buf[:n])
        except OSError:
            _remove(name)
            raise
        os.remove(self.journal)
        return name


def _last_hash(path):
    from clock.journalread import Loaded
    try:
        loaded = Loaded(path)
        for _ in loaded.records():
            pass
        return loaded.last_hash
    except (OSError, ValueError):
        return None


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def open_fram(profile, i2c):
    """The FRAM block device of a board profile (device/fram.py) on its
    controller `i2c` as device.board.open_bus set it up, or None."""
    fram = profile.get("fram")
    if not fram:
        return None
    from device.fram import FRAM
    return FRAM(i2c, fram.get("addr", 0x50), fram.get("size", 32768))


def mount(fram, root="", formatting=True, flash=None):
    """The board's Store, the FRAM (if any) mounted at root + /fram, else the
    journal a ring on `flash`. The firmware formats a FRAM that holds no
    filesystem (and says so: the second value is True); the host tools pass
    formatting=False and never do."""
    if fram is None:
        return Store(root, None, flash), False
    where = root + FRAM_MOUNT
    formatted = fram.mount(where, formatting)
    return Store(root, where), formatted
