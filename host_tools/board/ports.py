"""Which boards to talk to: --port P (repeatable), --all, or the only one attached.

Attached boards are USB serial devices with MicroPython's or Raspberry Pi's
USB vendor id, plus the virtual boards running on this machine (they announce
themselves, see virtual.py). XQCLOCK_USB=0 leaves USB devices out (tests).
"""
import json
import os
import tempfile
from pathlib import Path

from host_tools.board import BoardError

# Raspberry Pi (Pico's MicroPython: 2e8a:0005), MicroPython's own id (f055)
USB_VENDORS = (0x2E8A, 0xF055)


def usb_boards():
    if os.environ.get("XQCLOCK_USB", "1") == "0":
        return []
    try:
        from serial.tools import list_ports
    except ImportError:
        return []
    return sorted(p.device for p in list_ports.comports() if p.vid in USB_VENDORS)


def registry():
    """Where running virtual boards announce themselves: one JSON card each."""
    uid = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return Path(os.environ.get("XQCLOCK_VIRTUAL_BOARDS")
                or Path(tempfile.gettempdir()) / f"xqclock-virtual-boards-{uid}")


def announced():
    """The virtual boards running now: dicts with path, flash, uid, hardware, pid."""
    boards: list[dict] = []
    if os.name != "posix":  # virtual boards need pseudo-terminals
        return boards
    folder = registry()
    for f in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            info = json.loads(f.read_text())
            os.kill(info["pid"], 0)
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if os.path.exists(info.get("path", "")):
            boards.append(info)
    return boards


def attached():
    return usb_boards() + [b["path"] for b in announced()]


def choose(ports, everything):
    """The ports a command works on."""
    if ports:
        seen = []
        for p in ports:
            if p not in seen:
                seen.append(p)
        missing = [p for p in seen if not os.path.exists(p)]
        if missing:  # said once, before any board is asked
            more = f" (nor {', '.join(missing[1:])})" if len(missing) > 1 else ""
            raise BoardError(f"{missing[0]}: no such port (is the clock plugged in?){more}")
        return seen
    found = attached()
    if not found:
        raise BoardError("no board found: plug a clock in by USB (or start `xqclock virtual-board`), "
                         "or give --port")
    if everything or len(found) == 1:
        return found
    raise BoardError(f"{len(found)} boards found ({', '.join(found)}): give --port P or --all")
