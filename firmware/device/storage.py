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
#
# What a running game needs of this is the Store's facts and its journals;
# the archive's work and the room (device/archive.py) are read at power-on
# and between games only.


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

    def use_watchdog(self, feed):
        """feed(): called through the long storage work between games (making
        a ring, archiving a long game) so the watchdog does not bite."""
        self.feed = feed
        if self.journals is not FILES:
            self.journals.feed = feed

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
