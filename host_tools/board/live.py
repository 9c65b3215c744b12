"""Reading a clock while it runs: no stop, no reset, no pause.

The firmware answers read requests on its USB serial port while main.py runs
(firmware/device/hostreads.py): what the clock holds (`xq?info`), the files
of a folder (`xq?ls`), a file from an offset (`xq?read`); and one request
that reads nothing, `xq?identify` (a beep and the board number on its
displays, for finding it). Nothing is written and the clock never stops, so
a game in progress keeps running and no lever press goes unseen. A journal
file only grows at its end: a reader that keeps its bytes asks only for what
was appended since. A journal ring (the Pico's
flash: clock/ring.py) has its whole size from the start and fills its erased
slots in order: read it again whole.

For other tools (`xqclock hall --usb`, a results screen):

    from host_tools.board.live import read_clock, LiveClock, NotServing
    state = read_clock("/dev/ttyACM0")      # one look, then the port is closed
    state["info"]["battery"]                 # {"mv": 3987, "percent": 76} or None
    state["info"]["settings"]["board"]       # the board number (0: none)
    state["journal"]                         # the game's journal, bytes (clock.journal reads it)

    with LiveClock(port) as clock:           # or keep the port open and poll
        journal = clock.read(clock.info()["journal"])
        more = clock.read(path, offset=len(journal))   # only what was appended (not on a ring)

NotServing (a BoardError) means the port answered nothing that looks like the
clock's firmware running: no xqclock firmware, an older one, or a board at
its REPL. The stopping tools (host_tools.board.link.Link) still reach it.
"""
import base64
import json
import time

from host_tools.board import BoardError
from host_tools.board.link import open_transport


FIRST_ANSWER_S = 1.5  # a running clock answers info in about 0.1 s


class NotServing(BoardError):
    """The board does not answer live reads (no running xqclock firmware)."""


class LiveClock:
    def __init__(self, port, timeout=5.0):
        self.port = port
        self.timeout = timeout
        self.t = open_transport(port, timeout)
        self.serial = self.t.serial
        self._buffer = b""

    def close(self):
        try:
            self.t.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the wire --------------------------------------------------------------------

    def _ask(self, line):
        self.serial.reset_input_buffer()
        self._buffer = b""
        self.serial.write(b"\r\n" + line.encode() + b"\r\n")
        self.serial.flush()

    def _answer(self, prefixes, deadline):
        """The next line starting with one of prefixes (other output is skipped)."""
        while True:
            i = self._buffer.find(b"\n")
            while i >= 0:
                line, self._buffer = self._buffer[:i].strip(), self._buffer[i + 1:]
                for p in prefixes:
                    if line.startswith(p):
                        return p, line[len(p):].strip()
                i = self._buffer.find(b"\n")
            left = deadline - time.monotonic()
            if left <= 0:
                raise NotServing(f"{self.port}: the clock does not answer reads while it runs "
                                 "(no xqclock firmware running, or an older one)")
            self.serial.timeout = min(left, 0.2)
            self._buffer += self.serial.read(max(1, self.serial.in_waiting))

    # -- requests --------------------------------------------------------------------

    def info(self):
        """What the clock holds: uid, battery, settings, journal path and size, game state."""
        self._ask("xq?info")
        # a running clock answers within a loop step or two; anything else is not one
        _, text = self._answer((b"xq!info",), time.monotonic() + min(self.timeout, FIRST_ANSWER_S))
        try:
            return json.loads(text)
        except ValueError:
            raise BoardError(f"{self.port}: the clock's answer was garbled; try again") from None

    def identify(self):
        """Ask the clock to beep and show its board number; False if its game's clock runs."""
        self._ask("xq?identify")
        _, text = self._answer((b"xq!identify",), time.monotonic() + min(self.timeout, FIRST_ANSWER_S))
        return text == b"1"

    def selftest(self):
        """Start the clock's self-test (device/selftest.py); False if a game runs."""
        self._ask("xq?selftest")
        _, text = self._answer((b"xq!selftest",), time.monotonic() + min(self.timeout, FIRST_ANSWER_S))
        return text == b"1"

    def said(self, prefix, seconds):
        """The clock's next console line that starts with prefix (bytes), the
        rest of it as text; BoardError if none comes within seconds."""
        try:
            _, text = self._answer((prefix,), time.monotonic() + seconds)
        except NotServing:
            raise BoardError(f"{self.port}: the clock said nothing for {seconds:g} s") from None
        return text.decode(errors="replace")

    def listdir(self, path):
        self._ask(f"xq?ls {path}")
        _, text = self._answer((b"xq!ls",), time.monotonic() + self.timeout)
        return json.loads(text)

    def read(self, path, offset=0):
        """The bytes of a file from offset; None if there is no such file."""
        self._ask(f"xq?read {path} {offset}")
        parts = []
        deadline = time.monotonic() + self.timeout
        while True:
            kind, text = self._answer((b"xq!data", b"xq!end", b"xq!error"), deadline)
            if kind == b"xq!data":
                parts.append(base64.b64decode(text))
                deadline = time.monotonic() + self.timeout  # each chunk restarts the wait
                continue
            if kind == b"xq!error":
                raise BoardError(f"{self.port}: the clock could not read {path} ({text.decode()})")
            size = int(text)
            if size < 0:
                return None
            data = b"".join(parts)
            if offset + len(data) != size:
                raise BoardError(f"{self.port}: {path} arrived incomplete; read it again")
            return data


    def stage(self, request, timeout=None):
        """Push a request to a running clock (device/hostreads.py: xq?put, xq?stage):
        {"settings": changes, "network": changes or None, "new_game": bool}; the
        clock's answer. Each piece waits for the clock to take it."""
        import hashlib
        from host_tools import firmware_path  # device.* importable
        from device.hostreads import PUT_CHUNK
        data = json.dumps(request, ensure_ascii=False).encode()
        for at in range(0, len(data), PUT_CHUNK):
            self._ask(f"xq?put {at} {base64.b64encode(data[at:at + PUT_CHUNK]).decode()}")
            _, text = self._answer((b"xq!put",), time.monotonic() + self.timeout)
            if int(text) != min(at + PUT_CHUNK, len(data)):
                raise BoardError(f"{self.port}: the clock lost part of the push; push again")
        self._ask(f"xq?stage {len(data)} {hashlib.sha256(data).hexdigest()[:16]}")
        # the clock may archive a game first (seconds for a long one on a Pico)
        _, text = self._answer((b"xq!stage", b"xq!error"), time.monotonic() + (timeout or max(self.timeout, 30)))
        try:
            return json.loads(text)
        except ValueError:
            raise BoardError(f"{self.port}: the clock's answer to the push was garbled ({text[:40]!r})") from None


def read_clock(port, timeout=5.0):
    """One look at a running clock: {"info": info(), "journal": bytes or None}."""
    with LiveClock(port, timeout) as clock:
        info = clock.info()
        return {"info": info, "journal": clock.read(info["journal"])}
