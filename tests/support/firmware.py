# Helpers for the firmware tests, tests/firmware/ (both VMs: MicroPython-compatible).
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


class Skip(Exception):
    """A test with nothing to check on this VM: mprun.py reports it as skipped
    (on CPython, tests/firmware/conftest.py makes this pytest's own skip)."""


def skip(reason):
    raise Skip(reason)


def can_lock_heap():
    """Whether this VM can prove a piece of code allocates nothing (MicroPython)."""
    try:
        import micropython
        return hasattr(micropython, "heap_lock")
    except ImportError:
        return False


def needs_heap_lock():
    """Skip the test unless this VM can prove that code allocates nothing."""
    if not can_lock_heap():
        skip("no heap lock on this VM (CPython): the MicroPython VM checks that nothing is allocated")


def has_littlefs():
    try:
        import vfs
        return hasattr(vfs, "VfsLfs2")
    except ImportError:
        return False


def needs_littlefs():
    """Skip the test unless this VM has littlefs (vfs.VfsLfs2), as the board has."""
    if not has_littlefs():
        skip("no littlefs on this VM (CPython): the MicroPython VM runs this test")


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


__all__ = ("ev", "S", "MIN", "new_game", "alternate", "raises", "remaining", "scratch", "can_lock_heap",
           "without_allocating", "PERIOD", "MASK", "PicoClock", "flash_chip", "fill_up", "littlefs", "skip",
           "needs_heap_lock", "needs_littlefs")


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


def scratch_file(name, data):
    """A scratch file holding data (bytes): a file as a reader finds it on the board."""
    path = scratch(name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def _flash_model():
    """The simulation's flash chip, host_tools/mpy/sim/flash_model.py (the
    folder holding host_tools is on the VM's path: host_tools.unixport)."""
    from host_tools.mpy.sim import flash_model
    return flash_model


def flash_chip(blocks, block_size=4096):
    """The simulation's flash chip in RAM (NOR semantics; counts what
    littlefs asks of it)."""
    return _flash_model().FlashModel(blocks, block_size)


def fill_up(path):
    """Fill the filesystem holding path with one file, to its last byte."""
    _flash_model().fill_up(path)


def littlefs(device, mountpoint):
    """Format `device` with littlefs 2 and mount it; on a VM without it
    (CPython) the test is skipped: it has nothing to check there."""
    needs_littlefs()
    import vfs
    vfs.VfsLfs2.mkfs(device, progsize=256)
    vfs.mount(vfs.VfsLfs2(device, progsize=256), mountpoint)  # as rp2's _boot.py mounts its flash


def unmount(mountpoint):
    import vfs
    vfs.umount(mountpoint)
