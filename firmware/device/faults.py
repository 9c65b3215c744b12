# Faults the arbiter must see. A fault kind, once reported, is latched: the
# displays keep its mark (a line of text on the OLED, "E" and a letter on the
# 7-segment build) after the cause went away, until a new game is set up, so
# an arbiter who walks past later still learns that something went wrong.
#
# The console gets one line per kind at most every QUIET_MS, and none while
# the USB output has no room: on rp2 a print to a host that holds the port
# open without reading waits up to 500 ms per 64-byte chunk
# (shared/tinyusb/mp_usbd_cdc.c, MICROPY_HW_USB_CDC_TX_TIMEOUT), time the
# clock cannot spare. A line that is not printed is counted in `dropped`.

from device import const

# Kinds are bits, so the latched set is one small int.
DISPLAY = const(1)  # a display did not answer (unplugged, loose, a stuck bus)
STORAGE = const(2)  # the journal could not be written (a full flash, ...)
PROGRAM = const(4)  # a loop step failed for another reason
RESTART = const(8)  # the watchdog restarted the clock
SETTINGS = const(16)  # /settings.json had fields the clock refused (device/settings.py)
KINDS = (DISPLAY, STORAGE, PROGRAM, RESTART, SETTINGS)  # (their marks: device/screens.py, device/digitscreens.py)

QUIET_MS = const(10000)  # at most one console line per kind this often


def _stdout_ready():
    """A poll object that says whether stdout can take a line now, or None
    where that cannot be asked (then printing is assumed not to block)."""
    try:
        import select
        import sys
        p = select.poll()
        p.register(sys.stdout, select.POLLOUT)
        return p
    except Exception:
        return None


class Console:
    """Rate-limited, non-blocking fault lines. `clock` has ticks_ms and
    ticks_diff; `write(line)` prints (default print); `ready()` says whether
    it can without waiting (default: poll stdout for room)."""

    def __init__(self, clock, write=None, ready=None):
        self._clock = clock
        self._write = write or print
        self._ready = ready
        if ready is None:
            self._poll = _stdout_ready()
        self._last = [0] * len(KINDS)
        self._said = 0  # kinds printed at least once (their _last is valid)
        self.dropped = 0

    def _room(self):
        if self._ready is not None:
            return self._ready()
        p = self._poll
        if p is None:
            return True
        try:
            return bool(p.poll(0))
        except Exception:
            return True

    def say(self, kind, message):
        """Print message for kind unless one was printed under QUIET_MS ago
        or the output has no room; returns True if printed."""
        clock = self._clock
        now = clock.ticks_ms()
        for i in range(len(KINDS)):
            if KINDS[i] != kind:
                continue
            if self._said & kind and clock.ticks_diff(now, self._last[i]) < QUIET_MS:
                self.dropped += 1
                return False
            if not self._room():
                self.dropped += 1
                return False
            self._last[i] = now
            self._said |= kind
            self._write(message)
            return True
        raise ValueError("fault kind")
