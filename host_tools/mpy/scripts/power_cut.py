# Power cuts at the block-device level (MicroPython unix port only: CPython
# has no littlefs). The journal is written as on the board, through littlefs
# (vfs.VfsLfs2), to a chip kept in RAM that loses power part way through its
# Nth program or erase: a program leaves only its first bytes written, an
# erase only the start of its block erased, and nothing after the cut reaches
# the chip. The image is then mounted again (power-on) and read back.
#
# On "ring" the journal is the flash ring of device/flashring.py: made through
# littlefs before the game, then each record one page program.
#
# stdin: {"medium": "flash"|"ring"|"fram", "seed": N, "events": N, "cuts": [op, ...]}
# stdout, one JSON object a line: first the uncut run {"ops": [kind, ...],
# "records": [...], "settings": {...}}, then one per cut {"cut", "op",
# "acked", "mounted", "records", "problem", "restored", "reread"}: reread is
# the journal read again after power-on wrote its record. The parent
# (tests/device/test_fault_injection.py) judges them.
import gc
import json
import sys

import vfs

from clock import events as ev
from clock import snapshot
from clock.journal import FILES
from clock.journalread import Loaded
from clock import tablestart
from device.flashring import FlashRing
from device.storage import LONG_GAME_RECORDS
from prng import rand_from

# The Pico's flash filesystem (4 KiB erase blocks, littlefs progsize 256 as
# rp2's _boot.py mounts it); the FRAM as device/fram.py sets littlefs up on it.
MEDIA = {
    "flash": {"nor": True, "block": 4096, "blocks": 32, "lfs": {"progsize": 256}},
    "ring": {"nor": True, "block": 4096, "blocks": 40, "lfs": {"progsize": 256}, "ring": True},
    "fram": {"nor": False, "block": 256, "blocks": 128,
             "lfs": {"readsize": 32, "progsize": 32, "lookahead": 32}},
}
MOUNT = "/medium"
PATH = MOUNT + "/game.xqj"


class PowerCut(Exception):
    pass


class Chip:
    """A block device (MicroPython's extended interface) over a bytearray.
    NOR flash: erase sets a block to 0xFF and a program ANDs its bytes in
    (0xFF leaves a byte as it is; any other byte over one not erased is a
    driver bug: checked). FRAM: no
    erase, bytes overwritten in place. `cut`: the operation (0-based) that
    the power cut interrupts."""

    def __init__(self, medium, image=None, cut=-1):
        self.nor = medium["nor"]
        self.block = medium["block"]
        self.blocks = medium["blocks"]
        size = self.block * self.blocks
        self.mem = bytearray(image) if image else bytearray(b"\xff" * size)
        self.cut = cut
        self.ops = []  # "program" / "erase", in order
        self.off = False  # power is gone: nothing more reaches the chip

    def _begin(self, kind, length):
        """How many bytes of this operation land: all, or (at the cut) a part.
        After the cut none do, silently (the journal's file closed, littlefs
        unmounted: the chip has no power)."""
        if self.off:
            return None
        n = len(self.ops)
        self.ops.append(kind)
        if n != self.cut:
            return length
        self.off = True
        return (n * 7919) % length  # a different part for each cut point

    def readblocks(self, n, buf, off=0):
        start = n * self.block + off
        buf[:] = self.mem[start:start + len(buf)]

    def writeblocks(self, n, buf, off=0):
        start = n * self.block + off
        k = self._begin("program", len(buf))
        if k is None:
            return
        if self.nor:
            for i in range(len(buf)):
                if buf[i] != 0xFF and self.mem[start + i] != 0xFF:
                    raise RuntimeError("programmed flash that was not erased")
            for i in range(k):
                self.mem[start + i] &= buf[i]
        else:
            self.mem[start:start + k] = buf[:k]
        if k < len(buf):
            raise PowerCut

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block
        if op == 6:
            if self.nor:
                k = self._begin("erase", self.block)
                if k is None:
                    return 0
                start = arg * self.block
                self.mem[start:start + k] = b"\xff" * k
                if k < self.block:
                    raise PowerCut
            return 0
        return 0


def formatted(medium):
    """A new board's image: littlefs made, nothing on it."""
    chip = Chip(medium)
    vfs.VfsLfs2.mkfs(chip, **medium["lfs"])
    return chip.mem


def journals(chip, medium):
    return FlashRing(chip, LONG_GAME_RECORDS) if medium.get("ring") else FILES


def play(chip, medium, seed, events, acked):
    """A pseudo-random game journaled on the chip; `acked` gets each record
    once its append has returned (the event is kept). Stops at the cut."""
    vfs.mount(vfs.VfsLfs2(chip, **medium["lfs"]), MOUNT)
    table = None
    try:
        table = tablestart.new({"clock": "90m/40,15m/10*", "forfeit": -1, "fouls": 9, "absent": [0, 0],
                           "id": "%08x" % seed}, PATH, journals(chip, medium))
        if chip.off:  # the cut came while the journal was made (littlefs says EIO or ENOSPC)
            raise PowerCut
        if medium.get("ring") and table.journal.__class__.__name__ != "RingJournal":
            raise RuntimeError("the ring was not made")
        append = table.journal.append

        def acking(t, kind, side, value):
            append(t, kind, side, value)
            acked.append([t, kind, side, value])
        table.journal.append = acking
        rand = rand_from(seed)
        t = 0
        table.event(t, ev.START, 0, 0)
        for _ in range(events):
            t += 1 + rand(25000)
            table.tick(t)
            r = rand(100)
            if r < 80:
                table.event(t, ev.PRESS, table.game.turn, 0)
            elif r < 85:
                table.event(t, ev.PAUSE, 0, rand(2))
                t += rand(5000)
                table.event(t, ev.RESUME, 0, 0)
            elif r < 90:
                table.event(t, ev.ADJUST, rand(2), 1000 * (rand(60) - 30))
            elif r < 95:
                table.event(t, ev.OFFER, rand(2), 0)
            else:
                table.event(t, ev.WARN, rand(2), 0)
        table.close()
        return table.settings
    except PowerCut:
        if table is not None:
            try:  # now, not in a finaliser (no allocation there)
                table.close()
            except OSError:
                pass  # littlefs may find its own state torn: the chip is off anyway
        return None
    finally:
        vfs.umount(MOUNT)


def power_on(chip, medium):
    """Mount the image again and read the journal as the firmware would."""
    out = {"mounted": False, "records": [], "problem": None, "restored": None, "reread": None}
    try:
        vfs.mount(vfs.VfsLfs2(chip, **medium["lfs"]), MOUNT)
    except OSError:
        return out  # rp2's _boot.py would reformat: everything lost
    out["mounted"] = True
    try:
        try:
            loaded = Loaded(PATH)
        except OSError:
            return out  # no journal yet: the cut came before the game began
        out["records"] = [list(r) for r in loaded.records()]
        out["problem"] = loaded.problem
        table = tablestart.restore(PATH, None, journals(chip, medium))
        out["restored"] = snapshot.to_json(table.game)
        table.close()
        out["reread"] = [list(r) for r in Loaded(PATH).records()]
    finally:
        vfs.umount(MOUNT)
    return out


job = json.loads(sys.stdin.read())
medium = MEDIA[job["medium"]]
image = formatted(medium)
acked = []
chip = Chip(medium, image)
settings = play(chip, medium, job["seed"], job["events"], acked)
print(json.dumps({"ops": chip.ops, "records": acked, "settings": settings}))
for cut in job["cuts"]:
    gc.collect()  # two images a trial
    acked = []
    chip = Chip(medium, image, cut)
    play(chip, medium, job["seed"], job["events"], acked)
    result = power_on(Chip(medium, chip.mem), medium)
    result.update(cut=cut, op=chip.ops[cut] if cut < len(chip.ops) else None, acked=len(acked))
    print(json.dumps(result))
