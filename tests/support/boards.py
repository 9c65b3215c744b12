"""Talking to virtual boards from the tests, as an organiser would: the
xqclock command and mpremote as subprocesses, Ctrl-C over the serial port.
The boards themselves are fixtures (tests/conftest.py: board, two_boards)."""
import os
import re
import subprocess
import sys
import time

from clock import events as ev
from clock import tablestart
from support.cli import xqclock


def mpremote(env, port, *args, timeout=30):
    proc = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args], env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def in_loop(board, ceiling=60.0):
    """Whether the board's clock loop turns: it takes a hand (a line that presses
    nothing, in /.xq-hands) at its sleeps, as it takes virtual.press's (vboot.py's
    _HandTime); only App.run's loop sleeps that way. Waits up to `ceiling` s: on
    an idle host, a few loop steps."""
    hands = board.flash / ".xq-hands"
    tmp = board.flash / ".xq-hands.tmp"
    tmp.write_text("look\n")
    os.replace(tmp, hands)
    end = time.monotonic() + ceiling
    while hands.exists():
        if time.monotonic() > end:
            hands.unlink(missing_ok=True)
            return False
        time.sleep(0.02)
    return True


def interrupt(board, ceiling=60.0):
    """Ctrl-C, once the clock's loop turns (or after `ceiling` s); what it said, up to its prompt."""
    in_loop(board, ceiling)
    end = time.monotonic() + ceiling
    import serial
    with serial.Serial(board.path, timeout=0.2) as s:
        s.write(b"\r\x03")
        seen = b""
        while not seen.endswith(b">>> ") and time.monotonic() < end:
            seen += s.read(256)
    return seen.decode()


def running(env, board):
    """Whether the board runs the clock: interrupted once its loop turns, it was in App.run's loop
    (device.app as flashed, .mpy; device/app.py as mip installs it, source)."""
    text = interrupt(board)
    return "KeyboardInterrupt" in text and re.search(r'File "device[./]app(\.py)?", line \d+, in run', text) is not None


def halt(env, board):
    """Stop the clock's program (it keeps /game.xqj open) before the test writes journals."""
    mpremote(env, board.path, "resume", "exec", "pass")


def flash(env, board, *extra):
    proc = xqclock(env, "flash", "--port", board.path, *extra)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


def game_in_progress(path):
    """A journal at path (returned as bytes) of a game a board was playing:
    both sides in period 2, a foul, Black thinking."""
    t = tablestart.new({"clock": "cxa1999-6.1", "forfeit": -1, "fouls": 3, "absent": [0, 0]}, str(path))
    t.event(0, ev.START, 0, 0)
    for i in range(1, 82):  # 41 moves for Red, 40 for Black: both in period 2
        t.event(i * 3000, ev.PRESS, (i - 1) % 2, 0)
    t.event(250000, ev.FOUL, 1, 0)
    t.tick(262000)  # Black thinks: a checkpoint
    t.close()
    return path.read_bytes()
