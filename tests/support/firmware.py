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
           "PERIOD", "MASK", "PicoClock", "flash_chip", "fill_up", "littlefs")


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


def _flash_model():
    """host_tools/sim/flash_model.py, imported as a module of the host_tools
    package: its folder's stand-in `machine` must not shadow the VM's."""
    import os
    import sys
    path = __file__ if __file__[:1] == "/" else os.getcwd() + "/" + __file__
    root = path.rsplit("/", 3)[0]  # drop tests/firmware/support.py
    if root not in sys.path:
        sys.path.append(root)
    from host_tools.sim import flash_model
    return flash_model


def flash_chip(blocks, block_size=4096):
    """The simulation's flash chip in RAM (NOR semantics; counts what
    littlefs asks of it)."""
    return _flash_model().FlashModel(blocks, block_size)


def fill_up(path):
    """Fill the filesystem holding path with one file, to its last byte."""
    _flash_model().fill_up(path)


def littlefs(device, mountpoint):
    """Format `device` with littlefs 2 and mount it; False on a VM without
    VfsLfs2 (CPython), where the caller's test has nothing to check."""
    try:
        import vfs
        vfs.VfsLfs2
    except (ImportError, AttributeError):
        return False
    vfs.VfsLfs2.mkfs(device, progsize=256)
    vfs.mount(vfs.VfsLfs2(device, progsize=256), mountpoint)  # as rp2's _boot.py mounts its flash
    return True


def unmount(mountpoint):
    import vfs
    vfs.umount(mountpoint)
