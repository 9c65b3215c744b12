# Helpers for the firmware tests (both VMs).
from clock import events as ev
from clock import timecontrol
from clock.game import Game

S = 1000
MIN = 60000


def new_game(spec, black_spec=None):
    if black_spec is None:
        return Game(timecontrol.parse(spec))
    return Game(timecontrol.handicap(spec, black_spec))


def alternate(game, t, gaps):
    """Starting at t with the side to move, press after each gap in turn; returns the time."""
    for gap in gaps:
        t += gap
        game.press(game.turn, t)
    return t


def raises(exc, fn, *args):
    """Call fn(*args) and return the exception it raised (fails if none)."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (fn, exc.__name__))


def remaining(game, side, t):
    game.advance(t)
    return game.sides[side].remaining


PERIOD = 1 << 30  # the Pico's ticks period
MASK = PERIOD - 1
HALF = PERIOD >> 1


class PicoClock:
    """The time module's ticks_* with the Pico's period (2**30); `t` is the
    tick now, set with at() or moved with advance()."""

    def __init__(self, t=0):
        self.t = t & MASK

    def at(self, t):
        self.t = t & MASK

    def advance(self, ms):
        self.t = (self.t + ms) & MASK

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return ((a - b + HALF) & MASK) - HALF

    def ticks_add(self, a, d):
        return (a + d) & MASK


def can_lock_heap():
    """Whether this VM can prove a piece of code allocates nothing (MicroPython)."""
    try:
        import micropython
        return hasattr(micropython, "heap_lock")
    except ImportError:
        return False


def without_allocating(work):
    """Run work() with the heap locked: 1 if it allocated nothing, else 0."""
    import micropython
    micropython.heap_lock()
    try:
        work()
        ok = 1
    except MemoryError:
        ok = 0
    micropython.heap_unlock()
    return ok


__all__ = ("ev", "S", "MIN", "new_game", "alternate", "raises", "remaining", "scratch", "can_lock_heap", "without_allocating",
           "PERIOD", "MASK", "PicoClock", "RamFlash", "littlefs")


# The running test's own folder: set before each test by tests/firmware/conftest.py
# (CPython) and by mprun.py (MicroPython), so no two tests share a file.
FOLDER = None


def scratch(name):
    """A fresh file path for a test's journal, in the test's own folder."""
    import os
    path = FOLDER + "/" + name
    for p in (path, path + ".tmp", path + ".bad"):
        try:
            os.remove(p)
        except OSError:
            pass
    return path


class RamFlash:
    """A flash chip in RAM as a MicroPython block device (the extended
    interface, as rp2.Flash): 4 KiB erase blocks, erased to 0xFF, programmed
    in place. Counts what littlefs asks of it."""

    def __init__(self, blocks, block_size=4096):
        self.block_size = block_size
        self.blocks = blocks
        self.data = bytearray(blocks * block_size)
        self._erased = b"\xff" * block_size
        self.reads = self.writes = self.erases = 0

    def readblocks(self, n, buf, offset=0):
        self.reads += 1
        a = n * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, offset=None):
        self.writes += 1
        if offset is None:  # the basic interface: erase, then program
            for i in range(len(buf) // self.block_size):
                self.ioctl(6, n + i)
            offset = 0
        a = n * self.block_size + offset
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            self.erases += 1
            a = arg * self.block_size
            self.data[a:a + self.block_size] = self._erased
            return 0
        return 0 if op in (1, 2, 3) else None


def littlefs(device, mountpoint):
    """Format `device` with littlefs 2 and mount it; False on a VM without
    VfsLfs2 (CPython), where the caller's test has nothing to check."""
    try:
        import vfs
        vfs.VfsLfs2
    except (ImportError, AttributeError):
        return False
    vfs.VfsLfs2.mkfs(device)
    vfs.mount(vfs.VfsLfs2(device), mountpoint)
    return True


def unmount(mountpoint):
    import vfs
    vfs.umount(mountpoint)
