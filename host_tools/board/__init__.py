"""Real and virtual boards: flash the firmware, configure clocks, pull journals.

Everything here talks to a board through mpremote's serial transport (the
raw REPL), so it works with any MicroPython board on a serial port, a
pseudo-terminal included (`xqclock virtual-board`). The files that run ON a
board are in host_tools/mpy/board/ (ON_BOARD): boot.py (installed as
/boot.py: the atomic update step), agent.py (helpers pasted into the raw
REPL); vboot.py runs on the virtual board's VM.
"""
import re
from pathlib import Path

from host_tools.firmware_path import FIRMWARE, PROFILES  # noqa: F401  (the boards' files)

HERE = Path(__file__).resolve().parent
ON_BOARD = HERE.parent / "mpy" / "board"  # the files a board runs: boot.py, agent.py, vboot.py


class BoardError(Exception):
    """A failure worth one line to the organiser (the message says what to do)."""


def version():
    """The firmware's version: the installed xqclock's (pyproject.toml's, as
    installed; tasks.py reinstalls when pyproject.toml changes)."""
    from importlib.metadata import version as installed
    return installed("xqclock")


def version_key(text):
    """'0.10.2' -> (0, 10, 2); anything unreadable sorts first."""
    parts = []
    for p in str(text).split("."):
        m = re.match(r"\d+", p)
        parts.append(int(m.group()) if m else 0)
    return tuple(parts)
