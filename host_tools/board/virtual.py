"""A virtual board: the MicroPython unix port behind a pseudo-terminal.

It answers mpremote like a Pico running the clock's firmware:

* Its flash is a host folder: vboot.py mounts it at "/" inside the VM, so
  /profile.json, /game.xqj and mpremote's `fs` commands land in that folder.
* At power-on it runs boot.py, then main.py, on the simulated hardware
  (host_tools.mpy.sim: the `machine` stand-in with the chip models of its
  hardware profile), in real time.
* mpremote gets the port's raw REPL and raw-paste mode. Ctrl-C interrupts the
  running program: the VM's pseudo-terminal is its controlling terminal, so
  the byte becomes SIGINT, which the unix port turns into KeyboardInterrupt.
* Resets restart the VM: the unix port ends at Ctrl-D (raw or friendly
  prompt), so a soft reset from the raw REPL comes back in the raw REPL
  ("MPY: soft reboot", boot.py, "raw REPL; CTRL-B to exit") without main.py,
  and one from the friendly prompt runs main.py, as rp2's main.c does;
  machine.reset() restarts it as a power-on (boot.py, main.py).
* Output comes with "\\r\\n" line ends, as a board's cooked stdout gives.

The supervisor (this module) copies bytes between the port that mpremote
opens (`path`, a /dev/pts/N) and the current VM's own pseudo-terminal, holding
the host's keystrokes while a VM starts.
"""
import errno
import fcntl
import hashlib
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import tempfile
import termios
import threading
import time
import tty
from pathlib import Path

from host_tools import firmware_path, unixport
from host_tools.board import ON_BOARD
from host_tools.board.ports import registry

VBOOT = ON_BOARD / "vboot.py"

READY = b"\x00xq-ready\x00"
REPL = b"\x00xq-repl\x00"
EXIT = re.compile(rb"\x00xq-exit (-?\d+)\x00")
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_BANNER = b'Type "help()" for more information.'
SOFT_REBOOT = b"MPY: soft reboot\r\n"
HARD_RESET = 3  # exit status of machine.reset() in the VM
SOFT_RESET = 4  # ... of machine.soft_reset()
HOST_BUFFER = 1 << 16  # output kept for a port nobody reads (then dropped, like USB CDC)


def hardware_profile(name):
    """A board profile's path (firmware_path.profile: a name or a .json file),
    checked with the firmware's own profile check (ValueError naming what is wrong)."""
    from device.board import ProfileError, check
    path = Path(name)
    if path.suffix or not path.is_file():
        path = firmware_path.profile(name)
    try:
        profile = json.loads(path.read_bytes().decode("utf-8"))
    except ValueError:  # UnicodeDecodeError too
        raise ValueError(f"{name}: not a board profile (not JSON text)") from None
    try:
        check(profile)
    except (ProfileError, KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{name}: not a usable board profile ({e})") from None
    return path


def check_uid(text):
    """A unique id as machine.unique_id() gives it: 1 to 16 bytes in hex."""
    if not re.fullmatch(r"(?:[0-9a-fA-F]{2}){1,16}", text):
        raise ValueError(f"'{text}' is not 1 to 16 bytes in hex, e.g. e6614c311b4f2a21")
    return text.lower()


def check_heapsize(text):
    """The VM's heap as the unix port takes it (-X heapsize=): 256K, 2M, 300000."""
    m = re.fullmatch(r"(\d+)([kKmM]?)", text)
    size = int(m.group(1)) * {"": 1, "k": 1024, "m": 1 << 20}[m.group(2).lower()] if m else 0
    if size < 64 * 1024:
        raise ValueError(f"'{text}' is not a heap size of at least 64K (e.g. 256K or 2M)")
    return text


def press(flash, key, hold_ms=80, timeout=60.0):
    """Press a key (lever_left, lever_right, start, minus, plus, ok) of the
    virtual board whose flash is the folder `flash`, for hold_ms, as a finger
    would: its clock's loop presses it (vboot.py's _HandTime). Returns once the
    board has taken the press in hand (a few loop steps when the host is idle);
    TimeoutError if it does not within `timeout` s, generous for a loaded host."""
    hands = Path(flash) / ".xq-hands"
    end = time.monotonic() + timeout

    def taken():
        while hands.exists():
            if time.monotonic() > end:
                raise TimeoutError(f"the virtual board in {flash} does not take key presses")
            time.sleep(0.01)
    taken()  # the press before
    tmp = Path(flash) / ".xq-hands.tmp"
    tmp.write_text(f"press {key} {int(hold_ms)}\n")
    os.replace(tmp, hands)
    taken()


def _vm_termios(fd):
    """The VM's terminal: no line editing, no echo, no output processing,
    but ISIG, so a Ctrl-C byte reaches a running program as SIGINT (the unix
    port puts the terminal in raw mode itself while its REPL reads a line)."""
    attr = termios.tcgetattr(fd)
    attr[0] &= ~(termios.ICRNL | termios.INLCR | termios.IGNCR | termios.IXON | termios.IXOFF
                 | termios.ISTRIP | termios.INPCK | termios.BRKINT)
    attr[1] &= ~termios.OPOST
    attr[2] = (attr[2] & ~(termios.CSIZE | termios.PARENB)) | termios.CS8
    attr[3] = termios.ISIG
    attr[6][termios.VMIN] = 1
    attr[6][termios.VTIME] = 0
    termios.tcsetattr(fd, termios.TCSANOW, attr)


def _take_terminal():  # runs in the VM's child process, after setsid
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


# What a virtual board cannot play, and why: its script starts again at each
# power-on, and its flash is a host folder, without a size.
UNPLAYABLE = {
    "power-cut": "power-cut is not played on a virtual board (its script starts again at each power-on)",
    "power-on": "power-on is not played on a virtual board (its script starts again at each power-on)",
    "flash-free": "flash-free is not played on a virtual board (its flash is a host folder, without a size)",
}


def key_script(text):
    """A button script for a virtual board: (settings, [(t, action, n)]) with
    the actions its player takes in time order: "down"/"up" key n (a glitch
    is a down and an up ms later), "unplug"/"plug" display n. Every other
    statement is refused: ValueError naming its line."""
    from host_tools.mpy.sim import script
    from host_tools.mpy.sim.timeline import Timeline
    values, steps, end, _ = script.parse(text)
    for number, words, _ in Timeline(text):
        what = words[2] if words[0] == "at" else words[0]
        if what in UNPLAYABLE:
            raise ValueError(f"{number}: {UNPLAYABLE[what]}: play it with xqclock simulate --headless")
    actions = {script.DOWN: "down", script.UP: "up", script.UNPLUG: "unplug", script.PLUG: "plug"}
    played = []
    for t, kind, n, arg in steps:
        if kind == script.GLITCH:
            played += [(t, "down", n), (t + arg, "up", n)]
        elif kind in actions:
            played.append((t, actions[kind], n))
    played.sort(key=lambda step: step[0])  # stable: a glitch's release among the later steps
    # past `end` only releases: a key pressed before it must not stay down
    return values, [step for step in played if step[0] <= end or step[1] == "up"]


class VirtualBoard:
    """One virtual board. `flash` is its folder; `hardware` a profile name
    (oled, segment7) or file: the chips the simulated board carries."""

    def __init__(self, flash, hardware="oled", uid=None, heapsize=None, announce=True, log=None, script=None):
        self.flash = Path(flash).resolve()
        self.flash.mkdir(parents=True, exist_ok=True)
        self.hardware = firmware_path.profile(hardware)
        self.uid = uid or hashlib.sha256(str(self.flash).encode()).hexdigest()[:16]
        self.heapsize = heapsize
        self.announce = announce
        self.log = log  # callable(str) for the supervisor's own notes, or None
        self.path = None
        self.vm: subprocess.Popen | None = None
        self.boots = 0  # VM starts (power-on and resets)
        self._host: int | None = None
        self._host_slave: int | None = None
        self._vm_fd: int | None = None  # the VM's terminal, while it runs
        self._stop = False
        self._thread = None
        self._wake_r: int | None
        self._wake_w: int | None
        self._wake_r, self._wake_w = os.pipe()
        self._card = None
        self._steps = None
        if script is not None:
            self._steps = self._script(script)

    def _script(self, text):
        """A button script (host_tools/mpy/sim/script.py) to play from each power-on:
        its steps go to the VM as a file (vboot.py plays them); its settings become the board's if
        it has none yet. ValueError names the script's line at fault."""
        import host_tools.firmware_path  # noqa: F401
        from device import settings as cfg
        values, steps = key_script(text)
        settings = self.flash / "settings.json"
        if not settings.exists():
            cfg.save(values, str(settings))
        lines = [f"{t} {action} {n}\n" for t, action, n in steps]
        path = Path(tempfile.mkdtemp(prefix="xqclock-script-")) / "steps.txt"
        path.write_text("".join(lines))
        return path

    # -- life ----------------------------------------------------------------------

    def start(self):
        self._host, self._host_slave = pty.openpty()
        tty.setraw(self._host_slave)  # kept open: no hangup or echo between clients
        os.set_blocking(self._host, False)
        self.path = os.ttyname(self._host_slave)
        self._to_host = bytearray()
        self._to_vm = bytearray()
        self._held = bytearray()  # keystrokes that wait for a starting VM
        self._fast_fails = 0
        self._spawn("boot")
        self._thread = threading.Thread(target=self._pump, name=f"virtual-board {self.path}", daemon=True)
        self._thread.start()
        if self.announce:
            folder = registry()
            folder.mkdir(parents=True, exist_ok=True)
            self._card = folder / f"{os.getpid()}-{Path(self.path).name}.json"
            self._card.write_text(json.dumps({
                "path": self.path, "flash": str(self.flash), "uid": self.uid,
                "hardware": self.hardware.stem, "pid": os.getpid()}))
        return self.path

    def stop(self):
        self._stop = True
        if self._wake_w is not None:  # not stopped before
            os.write(self._wake_w, b"x")
        if self._thread is not None:
            self._thread.join(5)
        self._kill_vm()
        for fd in (self._host, self._host_slave, self._wake_r, self._wake_w):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._host = self._host_slave = self._wake_r = self._wake_w = None
        if self._steps is not None:
            import shutil
            shutil.rmtree(self._steps.parent, ignore_errors=True)
        if self._card is not None:
            try:
                self._card.unlink()
            except OSError:
                pass
            self._card = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    @property
    def uptime(self):
        """Seconds since the VM (re)started."""
        return time.monotonic() - self._started

    @property
    def vm_pid(self):
        return self.vm.pid if self.vm else None

    def freeze(self):
        """Stop the VM dead (SIGSTOP): a board that no longer answers."""
        if self.vm is not None:
            os.kill(self.vm.pid, signal.SIGSTOP)

    def thaw(self):
        if self.vm is not None:
            os.kill(self.vm.pid, signal.SIGCONT)

    def press(self, key, hold_ms=80, timeout=60.0):
        """Press a key of this board: see press()."""
        press(self.flash, key, hold_ms, timeout)

    def power_cycle(self):
        """Cut the power: the VM dies where it is and the board boots again
        (boot.py, main.py), with whatever its flash holds."""
        vm = self.vm
        if vm is not None:
            try:
                os.killpg(vm.pid, signal.SIGKILL)
            except OSError:
                pass

    def wait_boots(self, count, timeout=60.0):
        """Wait until the VM has started `count` times in all (a ceiling for a loaded host)."""
        end = time.monotonic() + timeout
        while self.boots < count:
            if time.monotonic() > end:
                raise TimeoutError(f"the virtual board did not boot again within {timeout} s")
            time.sleep(0.02)

    def _note(self, text):
        if self.log:
            self.log(text)

    # -- the VM ----------------------------------------------------------------------

    def _spawn(self, mode):
        master, slave = pty.openpty()
        _vm_termios(slave)
        env = unixport.env(unixport.SIM_PATH)
        cmd = [unixport.binary()]
        if self.heapsize:
            cmd += ["-X", f"heapsize={self.heapsize}"]
        cmd += ["-i", str(VBOOT), str(self.flash), str(self.hardware), mode, self.uid]
        if self._steps is not None:
            cmd.append(str(self._steps))
        self.vm = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env,
                                   cwd=str(self.flash), start_new_session=True,
                                   preexec_fn=_take_terminal)
        os.close(slave)
        os.set_blocking(master, False)
        self._to_vm.clear()  # keystrokes meant for the VM that ended
        self._vm_fd = master
        self._vm_mode = mode  # "boot": boot.py + main.py; "raw": boot.py, then the raw REPL
        self._phase = "setup"  # -> ("raw-boot" -> "raw-enter" ->) "running"
        self._scan = b""  # VM output not yet passed on (sentinels may straddle reads)
        self._repl = "friendly"
        self._tail = b""
        self._last_cr = False
        self._started = time.monotonic()
        self.boots += 1

    def _kill_vm(self):
        vm, self.vm = self.vm, None
        if vm is not None and vm.poll() is None:
            try:
                os.killpg(vm.pid, signal.SIGKILL)
            except OSError:
                pass
        if vm is not None:
            try:
                vm.wait(5)
            except subprocess.TimeoutExpired:
                pass
        fd, self._vm_fd = self._vm_fd, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass
        return vm.returncode if vm is not None else None

    def _restart(self, status):
        """The VM ended with `status`: boot again as the board would."""
        mode = self._repl
        quick = time.monotonic() - self._started < 1.0
        self._fast_fails = self._fast_fails + 1 if quick and status not in (0, HARD_RESET, SOFT_RESET) else 0
        if self._fast_fails >= 5:
            self._note(f"the VM keeps failing (status {status}); waiting 2 s before booting again")
            time.sleep(2)
            self._fast_fails = 0
        if status == HARD_RESET:
            self._note("machine.reset(): power-on")
            self._spawn("boot")
            return
        if status not in (0, SOFT_RESET):
            self._note(f"the VM ended with status {status}: power-on")
            self._spawn("boot")
            return
        self._note(f"soft reset from the {mode} REPL")
        self._send_host(SOFT_REBOOT)
        self._spawn("raw" if mode == "raw" else "boot")

    # -- the bridge ----------------------------------------------------------------------

    def _pump(self):
        while not self._stop:
            host, wake = self._host, self._wake_r
            if host is None or wake is None:  # stop() gave up waiting for this thread
                break
            readers = [host, wake]
            writers = []
            if self._vm_fd is not None:
                readers.append(self._vm_fd)
                if self._to_vm:
                    writers.append(self._vm_fd)
            if self._to_host:
                writers.append(host)
            try:
                r, w, _ = select.select(readers, writers, [], 0.5)
            except (OSError, ValueError):
                break
            if self._stop:
                break
            if wake in r:
                os.read(wake, 64)
            if host in r:
                try:
                    data = os.read(host, 4096)
                except OSError:
                    data = b""
                if data:
                    if self._phase == "running":
                        self._to_vm += data
                    else:
                        self._held += data
            if self._vm_fd is not None and self._vm_fd in r:
                out: bytes | None
                try:
                    out = os.read(self._vm_fd, 4096)
                except OSError as e:
                    out = b"" if e.errno == errno.EIO else None
                if out:
                    if self._from_vm(out):
                        continue
                elif out == b"" and self.vm is not None:  # every copy of the VM's terminal is closed: it ended
                    try:
                        self.vm.wait(2)
                    except subprocess.TimeoutExpired:
                        pass
                    self._restart(self._kill_vm())
                    continue
            if self._vm_fd is not None and self._vm_fd in w and self._to_vm:
                try:
                    n = os.write(self._vm_fd, bytes(self._to_vm[:1024]))
                    del self._to_vm[:n]
                except BlockingIOError:
                    pass
                except OSError:
                    self._to_vm.clear()
            if host in w and self._to_host:
                try:
                    n = os.write(host, bytes(self._to_host))
                    del self._to_host[:n]
                except BlockingIOError:
                    pass
                except OSError:
                    self._to_host.clear()

    def _from_vm(self, data):
        data = self._scan + data
        self._scan = b""
        m = EXIT.search(data)
        if m:  # SystemExit in boot.py/main.py: the board resets
            self._send_host(data[:m.start()])
            self._to_vm.clear()
            self._kill_vm()
            self._restart(int(m.group(1)))
            return True
        if self._phase == "setup":
            i = data.find(READY)
            if i < 0:
                self._scan = data[-len(READY):]
                self._send_host(data[:-len(READY)])
                return
            self._send_host(data[:i])
            data = data[i + len(READY):]
            if self._vm_mode == "raw":
                self._phase = "raw-boot"
            else:
                self._go()
        if self._phase == "raw-boot":  # boot.py's output shows; then into the raw REPL
            i = data.find(REPL)
            if i < 0:
                self._scan = data[-len(REPL):]
                self._send_host(data[:-len(REPL)])
                return
            self._send_host(data[:i])
            data = data[i + len(REPL):]
            self._to_vm += b"\x01"
            self._phase = "raw-enter"
        if self._phase == "raw-enter":  # the REPL's banner is not shown; its raw banner is
            i = data.find(RAW_BANNER)
            if i < 0:
                self._scan = data[-len(RAW_BANNER):]
                return
            data = data[i:]
            self._go()
        self._watch_repl(data)
        self._send_host(data)

    def _go(self):
        self._phase = "running"
        self._to_vm += self._held
        self._held.clear()

    def _watch_repl(self, data):
        seen = self._tail + data
        raw = seen.rfind(RAW_BANNER)
        friendly = seen.rfind(FRIENDLY_BANNER)
        if raw > friendly:
            self._repl = "raw"
        elif friendly > raw:
            self._repl = "friendly"
        self._tail = seen[-max(len(RAW_BANNER), len(FRIENDLY_BANNER)):]

    def _send_host(self, data):
        if not data:
            return
        if data[:1] == b"\n" and not self._last_cr:
            data = b"\r" + data
        data = re.sub(rb"(?<=[^\r])\n", b"\r\n", data)
        self._last_cr = data[-1:] == b"\r"
        self._to_host += data
        if len(self._to_host) > HOST_BUFFER:
            del self._to_host[:len(self._to_host) - HOST_BUFFER]


def run(flash=None, hardware="oled", count=1, uid=None, heapsize=None, verbose=False, out=sys.stdout, script=None):
    """`xqclock virtual-board`: start the boards, print their ports, serve until stopped."""
    temp = None
    if flash is None:
        temp = tempfile.TemporaryDirectory(prefix="xqclock-board-")
        flash = temp.name
    log = (lambda text: print(f"virtual board: {text}", file=sys.stderr, flush=True)) if verbose else None
    boards = []
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda *_: stop.set())
    try:
        for i in range(count):
            folder = Path(flash) if count == 1 else Path(flash) / f"board-{i + 1}"
            board = VirtualBoard(folder, hardware, uid if count == 1 else None, heapsize, log=log, script=script)
            boards.append(board)
            board.start()
            print(board.path, file=out, flush=True)
            print(f"virtual board {board.path}: {board.hardware.stem} hardware, flash {board.flash}"
                  f"{' (deleted when it stops)' if temp else ''}, id {board.uid}", file=sys.stderr, flush=True)
        print(f"try: mpremote connect {boards[0].path} resume fs ls   |   Ctrl-C stops "
              f"{'it' if count == 1 else 'them'}", file=sys.stderr, flush=True)
        while not stop.is_set():
            stop.wait(0.5)
    finally:
        for board in boards:
            board.stop()
        if temp is not None:
            temp.cleanup()
    return 0
