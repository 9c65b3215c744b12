"""One connection to a board, through mpremote's serial transport.

Link opens the port (a USB serial device or a pseudo-terminal), interrupts
the clock and enters the raw REPL (soft reset by default, as mpremote does),
pastes agent.py, and gives the operations the commands need: info, hashes,
file writes and reads in base64 chunks, a hard reset and reconnection, a
check that the clock runs, and `finish`, which restarts the clock. Every
failure becomes a BoardError with one line that names the port.
"""
import base64
import errno
import json
import os
import re
import sys
import time

from host_tools.board import ON_BOARD, BoardError, portlock

CHUNK = 3072  # file bytes per exec (4 KB of base64 source on the board)


def _quiet(*args, **kwargs):
    pass


def _transport_class():
    import mpremote.transport_serial as ts
    from mpremote.transport_serial import SerialTransport
    # mpremote prints what it read when the raw REPL fails; we say it in one line instead.
    # (A module global shadows the builtin for that module only; redirect_stdout would
    # swap sys.stdout for every thread, and boards run in parallel.)
    ts.print = _quiet

    class Transport(SerialTransport):
        """mpremote's transport, with every wait bounded by `answer_timeout`
        (mpremote waits 10 s between characters, or for ever on a pty), that
        gives its port's claim back when closed (portlock.py)."""
        answer_timeout = 5.0
        claimed = None

        def close(self):
            try:
                super().close()
            finally:
                if self.claimed is not None:
                    portlock.release(self.claimed)
                    self.claimed = None

        def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None, timeout_overall=None):
            if timeout is None or timeout == 10:
                timeout = self.answer_timeout
            return super().read_until(min_num_bytes, ending, timeout, data_consumer, timeout_overall)

    return Transport


def _why_not(port):
    """Why a port that exists cannot be opened, in words."""
    try:
        fd = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except PermissionError:
        return f"{port}: no permission to open it (on Linux, add yourself to the dialout group)"
    except OSError as e:
        return f"{port}: cannot open it ({e.strerror})"
    try:
        import fcntl
    except ImportError:  # Windows: no locks to ask
        os.close(fd)
        return f"{port}: cannot open it (is another program using it?)"
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError as e:
        if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            return f"{port} is busy: another program has it open (mpremote, Thonny, a serial monitor?)"
        return f"{port}: cannot lock it ({e.strerror})"
    finally:
        os.close(fd)
    return f"{port}: cannot open it"


def open_transport(port, timeout):
    if not os.path.exists(port):
        raise BoardError(f"{port}: no such port (is the clock plugged in?)")
    from mpremote.transport import TransportError
    try:  # xqclock hall --usb lets go of it for us (portlock.py)
        portlock.claim(port, lambda text: print(f"xqclock: {text}", file=sys.stderr, flush=True))
    except OSError as e:
        raise BoardError(str(e)) from None
    try:
        t = _transport_class()(port, baudrate=115200, timeout=min(timeout, 2.0))
    except (TransportError, OSError):
        portlock.release(port)
        raise BoardError(_why_not(port)) from None
    t.answer_timeout = timeout
    t.claimed = port
    return t


def _last_error_line(text):
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else "error"


class Link:
    def __init__(self, port, timeout=5.0, soft_reset=True):
        self.port = port
        self.timeout = timeout
        self.t = open_transport(port, timeout)
        self.agent = False
        self._places = None
        self.enter(soft_reset)

    # -- the raw REPL ----------------------------------------------------------------

    def enter(self, soft_reset=True):
        """Interrupt whatever runs and enter the raw REPL (after a soft reset, boot.py only)."""
        try:
            self.t.enter_raw_repl(soft_reset=soft_reset, timeout_overall=self.timeout)
        except Exception:
            raise BoardError(f"{self.port} does not answer: no MicroPython prompt within "
                             f"{self.timeout:g} s (unplug and replug the clock)") from None
        self.agent = False
        self._places = None

    def exec(self, code, timeout=None, what="a command"):
        """Run code in the raw REPL; its printed output as text."""
        from mpremote.transport import TransportError
        old = self.t.answer_timeout
        self.t.answer_timeout = timeout or self.timeout
        try:
            out, err = self.t.exec_raw(code, timeout=timeout or self.timeout)
        except (TransportError, OSError, ValueError, Exception) as e:
            if isinstance(e, BoardError):
                raise
            raise BoardError(f"{self.port} stopped answering ({what})") from None
        finally:
            self.t.answer_timeout = old
        if err:
            raise BoardError(f"{self.port}: {what} failed on the board: "
                             f"{_last_error_line(err.decode(errors='replace'))}")
        return out.decode(errors="replace")

    def load_agent(self):
        if not self.agent:
            self.exec((ON_BOARD / "agent.py").read_text(), what="loading the helpers")
            self.agent = True

    def call(self, code, timeout=None, what="a command"):
        """Run agent code that prints one JSON value; that value."""
        self.load_agent()
        out = self.exec(code, timeout, what)
        try:
            return json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise BoardError(f"{self.port}: unexpected answer to {what}: {out.strip()[:60]!r}") from None

    # -- what the board holds ------------------------------------------------------------

    def info(self):
        return self.call("_xq_info()", what="reading the board's state")

    def hashes(self, dirs, files, timeout=None):
        return self.call(f"_xq_hashes({list(dirs)!r}, {list(files)!r})", timeout or max(self.timeout, 30),
                         "hashing the files on the board")

    def places(self):
        """Where the board keeps its journal and archive: {"journal", "archive",
        "fram" (its mount point or None), "problem" (None, or why the FRAM or
        profile could not be used)}. Its firmware's device/storage.py says
        (mounting the FRAM); a board without that firmware has the flash's."""
        if self._places is None:
            got = self.call("_xq_places()", what="finding the journal")
            if got is None:
                from host_tools import firmware_path
                from device.storage import Store
                flash = Store()
                got = {"journal": flash.journal, "archive": flash.archive, "fram": None, "problem": None,
                       "firmware": False}
            self._places = got
        return self._places

    def keep_journal(self):
        """Move the board's journal into its archive, as the clock does; the archived path."""
        places = self.places()
        if not places["firmware"]:
            raise BoardError(f"{self.port} has no xqclock firmware to archive its journal with: flash it first")
        if places["problem"] is not None:
            raise BoardError(f"{self.port}: {places['problem']}")
        return self.call("_xq_keep()", what="archiving the journal")

    def listdir(self, top):
        return self.call(f"_xq_ls({top!r})", what=f"listing {top}")

    def read_file(self, path):
        self.load_agent()
        out = self.exec(f"_xq_cat({path!r})", max(self.timeout, 30), f"reading {path}")
        return base64.b64decode("".join(out.split()))

    # -- changes -----------------------------------------------------------------------

    def mkdirs(self, path):
        self.load_agent()
        self.exec(f"_xq_dirs({path!r})", what=f"making the folders of {path}")

    def remove(self, paths):
        if paths:
            self.load_agent()
            self.exec(f"_xq_rm({list(paths)!r})", what="deleting files")

    def rmtree(self, path):
        self.load_agent()
        self.exec(f"_xq_rmtree({path!r})", what=f"deleting {path}")

    def rename(self, src, dst):
        self.exec(f"import os\nos.rename({src!r}, {dst!r})", what=f"renaming {src}")

    def write_file(self, path, data, progress=None):
        """Write data to path in chunks; progress(nbytes) after each."""
        self.load_agent()
        what = f"writing {path}"
        if len(data) <= CHUNK:
            b64 = base64.b64encode(data).decode()
            self.exec(f"with open({path!r},'wb') as _xq_f:\n _xq_f.write(_xq_a2b({b64!r}))", what=what)
            if progress:
                progress(len(data))
            return
        self.exec(f"_xq_f=open({path!r},'wb')", what=what)
        for i in range(0, len(data), CHUNK):
            part = data[i:i + CHUNK]
            self.exec(f"_xq_f.write(_xq_a2b({base64.b64encode(part).decode()!r}))", what=what)
            if progress:
                progress(len(part))
        self.exec("_xq_f.close()\ndel _xq_f", what=what)

    def write_atomic(self, path, data):
        """A small file through a temporary file and a rename: old or new after a power cut."""
        self.write_file(path + ".tmp", data)
        self.rename(path + ".tmp", path)

    # -- resets ------------------------------------------------------------------------

    def close(self):
        t, self.t = self.t, None
        if t is not None:
            try:
                t.close()
            except Exception:
                pass

    def hard_reset(self, wait=15.0):
        """machine.reset(), then open the port again (a Pico leaves USB and comes back)."""
        try:
            self.t.exec_raw_no_follow("import machine\nmachine.reset()")
        except Exception:
            raise BoardError(f"{self.port} stopped answering (reset)") from None
        portlock.claim(self.port)  # kept through the reset: hall --usb does not take the port meanwhile
        try:
            self.close()
            time.sleep(0.3)
            deadline = time.monotonic() + wait
            while True:
                try:
                    self.t = open_transport(self.port, self.timeout)
                    break
                except BoardError:
                    if time.monotonic() > deadline:
                        raise BoardError(f"{self.port} did not come back within {wait:g} s of the reset") from None
                    time.sleep(0.25)
        finally:
            portlock.release(self.port)
        self.agent = False
        self._places = None

    def _read_for(self, seconds, until=None):
        data = b""
        end = time.monotonic() + seconds
        s = self.t.serial
        while time.monotonic() < end:
            n = s.in_waiting
            if n:
                data += s.read(n)
                if until is not None and data.endswith(until):
                    break
            else:
                time.sleep(0.02)
        return data

    def _interrupt(self, wait):
        """Wait, then Ctrl-C; what the board said up to its friendly prompt."""
        seen = self._read_for(wait)
        try:
            self.t.serial.write(b"\r\x03")
        except OSError:
            raise BoardError(f"{self.port} stopped answering (after the reset)") from None
        seen += self._read_for(self.timeout, until=b">>> ")
        text = seen.decode(errors="replace")
        if not text.endswith(">>> "):
            raise BoardError(f"{self.port} does not answer after the reset (no prompt within {self.timeout:g} s)")
        return text

    def check_running(self, settle=1.0):
        """After a reset: does the clock's program run? Interrupt it and read the
        traceback: KeyboardInterrupt inside App.run (device/app.py) is the clock's
        loop. Interrupted earlier (still starting), it boots again (soft reset)
        and is given longer; still alive then, it runs. Another exception is the
        reason it does not. Returns (True, "") or (False, reason); leaves the
        board in the raw REPL."""
        wait = settle
        for attempt in range(2):
            text = self._interrupt(wait)
            errors = re.findall(r"^(\w*(?:Error|Exception)\b.*)$", text, re.M)
            if "KeyboardInterrupt" in text:
                if re.search(r'File "device[./]app(\.py)?", line \d+, in run\b', text) or attempt:
                    self.enter(soft_reset=False)
                    return True, ""
                self.t.serial.write(b"\x04")  # soft reset at the friendly prompt: main.py again
                wait = 3 * settle
                continue
            self.enter(soft_reset=False)
            if errors:
                return False, errors[-1].strip()
            break
        # no traceback: its start-up messages were lost (a Pico prints them before USB is
        # back), or main.py ended; run main.py to see
        try:
            self.t.exec_raw_no_follow("exec(open('main.py').read())")
            out, err = self.t.follow(3)
            if err:
                return False, _last_error_line(err.decode(errors="replace"))
            return False, "main.py ended: " + (_last_error_line(out.decode(errors="replace"))
                                               if out.strip() else "no output")
        except Exception:  # still running after 3 s: it does start
            self.enter(soft_reset=False)
            return True, ""

    def finish(self):
        """Leave the board running the clock: out of the raw REPL, soft reset (main.py runs)."""
        if self.t is None:
            return
        try:
            self.t.serial.write(b"\r\x02")
            time.sleep(0.05)
            self.t.serial.write(b"\x04")
            self.t.serial.flush()
            time.sleep(0.05)
        except Exception:
            pass
        self.close()
