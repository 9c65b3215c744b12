"""One program at a time on a clock's port, and the clock never stopped for it.

`xqclock hall --usb` keeps each clock's port open to read its reports. Two
readers on one serial port each get part of what the clock says, so a
`pull` beside it would miss the clock's answers, take it for a clock that
does not answer reads, and stop it. So every xqclock command that opens a
port claims it first (link.open_transport does), and the hall, which holds
it (Holder), lets it go within a fraction of a second when a claim is made,
then takes it back once the claim is over. The one waiting says so, once.

A port's lock is a file in the temporary folder named for the port's real
path, locked with flock (the kernel drops a lock when its holder dies); a
claim is a second file beside it, one per process. Windows opens a serial
port for one program only anyway, and has no flock: there this does nothing.
"""
import hashlib
import os
import tempfile
import threading
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

WAIT_S = 20.0  # how long a command waits for the hall to let go (it does within HANDOVER_S)
HANDOVER_S = 0.3  # how often the hall looks for a claim

_held: dict[str, list] = {}  # real path -> [fd, claims in this process]
_guard = threading.Lock()


def _base(port):
    key = hashlib.sha256(os.path.realpath(port).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"xqclock-port-{key}"


def _lock_fd(port):
    return os.open(str(_base(port)) + ".lock", os.O_RDWR | os.O_CREAT, 0o666)


def _try_lock(fd):
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def claim(port, say=None, wait=WAIT_S):
    """Take the port for this process (claims nest); say(text) once if it must
    wait for the hall. OSError if it is not let go within `wait` seconds."""
    if fcntl is None:
        return
    real = os.path.realpath(port)
    with _guard:  # held only to look and to note, never while waiting (other ports' claims go on)
        if real in _held:
            _held[real][1] += 1
            return
    want = Path(str(_base(port)) + f".want.{os.getpid()}")
    want.touch()
    fd = _lock_fd(port)
    end = time.monotonic() + wait
    said = False
    while not _try_lock(fd):
        if time.monotonic() > end:
            os.close(fd)
            want.unlink(missing_ok=True)
            raise OSError(f"{port} is held by another xqclock (hall --usb?) that did not let it go "
                          f"within {wait:g} s")
        if not said and say is not None:
            say(f"{port} is being read by xqclock hall --usb: waiting for it to let the clock go")
            said = True
        time.sleep(0.05)
    with _guard:
        _held[real] = [fd, 1]


def release(port):
    """End one claim; the last one gives the port back."""
    if fcntl is None:
        return
    real = os.path.realpath(port)
    with _guard:
        entry = _held.get(real)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] > 0:
            return
        del _held[real]
        Path(str(_base(port)) + f".want.{os.getpid()}").unlink(missing_ok=True)
        fcntl.flock(entry[0], fcntl.LOCK_UN)
        os.close(entry[0])


class Holder:
    """The hall's hold on a port: `take()` while nobody else claims it, `wanted()`
    once someone does (then close the port and `let_go()`)."""

    def __init__(self, port):
        self.port = port
        self.fd = _lock_fd(port) if fcntl is not None else None
        self.held = False

    def wanted(self):
        if fcntl is None:
            return False
        base = _base(self.port)
        for want in base.parent.glob(base.name + ".want.*"):
            try:
                os.kill(int(want.name.rsplit(".", 1)[1]), 0)
                return True
            except ProcessLookupError:  # its command died without giving the port back
                want.unlink(missing_ok=True)
            except (ValueError, PermissionError):  # another user's command: it is alive
                return True
        return False

    def take(self):
        """Hold the port if nobody claims it; whether it is held."""
        if fcntl is None:
            return True
        if not self.held and not self.wanted():
            self.held = _try_lock(self.fd)
        return self.held

    def let_go(self):
        if self.held:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            self.held = False

    def close(self):
        self.let_go()
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
