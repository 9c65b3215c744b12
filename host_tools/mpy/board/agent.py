# Helpers that the host tools paste into a board's raw REPL (host_tools/board/
# link.py), once per connection. They run ON the board (any MicroPython port),
# print JSON or base64 for the host, and keep their names under _xq_ so that
# they never meet a program's.
import os
import sys
import json
import binascii
import hashlib

_xq_a2b = binascii.a2b_base64
_xq_buf = bytearray(512)


def _xq_sha(p):
    h = hashlib.sha256()
    b = _xq_buf
    with open(p, "rb") as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(b if n == len(b) else b[:n])
    return binascii.hexlify(h.digest()).decode()


def _xq_walk(top, out):
    try:
        entries = list(os.ilistdir(top))
    except OSError:
        return
    for e in entries:
        p = top + "/" + e[0]
        if e[1] & 0x4000:
            _xq_walk(p, out)
        else:
            out[p] = _xq_sha(p)


def _xq_hashes(dirs, files):
    """sha256 of every file under `dirs` and of each of `files` that exists."""
    out = {}
    for d in dirs:
        _xq_walk(d, out)
    for p in files:
        try:
            out[p] = _xq_sha(p)
        except OSError:
            pass
    print(json.dumps(out))


def _xq_text(p):
    try:
        with open(p) as f:
            return f.read()
    except (OSError, UnicodeError):
        return None


def _xq_info():
    impl = sys.implementation
    info = {"name": impl.name, "version": list(impl.version[:3]), "platform": sys.platform,
            "machine": getattr(impl, "_machine", ""), "mpy": getattr(impl, "_mpy", None),
            "uid": None, "free": None}
    try:
        import machine
        info["uid"] = binascii.hexlify(machine.unique_id()).decode()
    except Exception:
        pass
    try:
        s = os.statvfs("/")
        info["free"] = s[0] * s[3]
    except Exception:
        pass
    for key, path in (("manifest", "/xqclock.json"), ("pending", "/next/xqclock.json"),
                      ("settings", "/settings.json"), ("profile", "/profile.json")):
        info[key] = _xq_text(path)
    print(json.dumps(info))


def _xq_dirs(path):
    i = path.find("/", 1)
    while i > 0:
        try:
            os.mkdir(path[:i])
        except OSError:
            pass
        i = path.find("/", i + 1)


def _xq_rm(paths):
    for p in paths:
        try:
            os.remove(p)
        except OSError:
            pass


def _xq_rmtree(path):
    # path and everything under it; nothing if there is no path (as in boot.py)
    try:
        entries = list(os.ilistdir(path))
    except OSError:
        return
    for e in entries:
        p = path + "/" + e[0]
        if e[1] & 0x4000:
            _xq_rmtree(p)
        else:
            os.remove(p)
    os.rmdir(path)


def _xq_ls(top):
    """Names of the files in top (not directories); [] if there is no top."""
    try:
        print(json.dumps([e[0] for e in os.ilistdir(top) if not e[1] & 0x4000]))
    except OSError:
        print("[]")


def _xq_cat(p):
    """The file as base64 lines."""
    b = bytearray(768)
    with open(p, "rb") as f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            print(binascii.b2a_base64(b if n == len(b) else b[:n]).decode(), end="")


def _xq_keep_watchdog():
    """The clock's watchdog (machine.WDT) goes on counting at the REPL, and
    nothing stops it: while the host works here, a timer feeds it. A soft
    reset ends the timer (the host's `finish`), and main.py feeds it again."""
    try:
        import machine
        base = 0x400D8000 if "RP2350" in getattr(sys.implementation, "_machine", "") else 0x40058000
        if not machine.mem32[base] & (1 << 30):  # WATCHDOG CTRL.ENABLE: none was started
            return
        wdt = machine.WDT(timeout=8388)  # on rp2 a new WDT re-arms the running one
        machine.Timer(period=1000, callback=lambda t: wdt.feed())
    except Exception:  # not an rp2 (a virtual board): there is no watchdog to feed
        pass


_xq_keep_watchdog()


_xq_store = None


def _xq_places():
    """Where this board keeps its journal and archive, as its own firmware
    says (device/storage.py), with the FRAM mounted if its profile has one
    (never formatted: that is the clock's call). null when the board has no
    xqclock firmware to ask."""
    global _xq_store
    try:
        from device import storage
        from device.board import load_profile
        from device.boardsetup import open_bus
    except ImportError:
        print("null")
        return
    problem = None
    fram = None
    try:
        import machine
        profile = load_profile()
        if profile.get("fram"):
            fram = storage.open_fram(profile, open_bus(profile, machine, profile["fram"]["i2c"]))
    except Exception:  # no usable profile: the clock does not run either; the flash it is
        pass
    try:
        _xq_store = storage.mount(fram, "", False, storage.flash_device())[0]
    except OSError as e:
        _xq_store = storage.Store("", storage.FRAM_MOUNT)
        if e.args[0] != 1:  # EPERM: mounted already
            problem = "the FRAM cannot be read (%s)" % e
    s = _xq_store
    print(json.dumps({"journal": s.journal, "archive": s.archive, "fram": s.fram, "problem": problem,
                      "firmware": True}))


def _xq_keep():
    """Move the journal into the archive, as the clock does (device/archive.py)."""
    from device import archive
    print(json.dumps(archive.keep(_xq_store)))
