"""`xqclock pull`: copy game journals from boards into a folder.

DIR/<board>/game.xqj is the board's current game (and *.bad: journals the
board set aside as unreadable); with archived=True also DIR/<board>/games/*.xqj,
its archived ones (a round's folder holds the round's games, not every game
the clock ever kept).
Where the board keeps them (its flash, or an FRAM) its firmware says
(device/storage.py, through the board agent); on a board whose journal is on
the FRAM, journals left at the top of its flash go to DIR/<board>/flash/.
<board> is board-07 for a clock given a board number (config push --board),
else its unique id (machine.unique_id() in hex), or the port's name. Files
already there with the same contents are skipped.
With clear=True the archived games are deleted from the board once each is
safely in DIR (its sha256 checked); the current game is never deleted.
A clock running the xqclock firmware is read while it runs (live.py): the
game goes on, nothing is written. Older firmware, a board at its prompt, or
clear=True (which deletes files) stops the clock for the moment it takes; a
game in progress comes back paused, as after a power cut.
"""
import hashlib
import json
import os
import re
from pathlib import Path

from host_tools.board import BoardError
from host_tools.board.link import Link
from host_tools.board.live import LiveClock, NotServing
from host_tools.inputs import file_name


def _wanted(name):
    return name.endswith((".xqj", ".xqj.bad"))


def _folder(path):
    return path.rsplit("/", 1)[0] or "/"


def folder_name(port, uid, settings):
    """board-07 for a clock with a board number, else its unique id (or the port's name)."""
    board = (settings or {}).get("board")
    if type(board) is int and board > 0:
        return "board-%02d" % board
    return file_name(uid) if uid else re.sub(r"[^A-Za-z0-9_.-]", "_", port.strip("/"))  # the board's word: a name


def _store(local, data):
    local.parent.mkdir(parents=True, exist_ok=True)
    tmp = local.with_name(local.name + ".part")
    tmp.write_bytes(data)
    os.replace(tmp, local)


def pull_one(port, dest, timeout=5.0, progress=None, clear=False, archived=False):
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    if not clear:
        try:
            return _pull_live(port, dest, timeout, progress, archived)
        except NotServing:
            pass
    return _pull_stopped(port, dest, timeout, progress, clear, archived or clear)


def _pull_live(port, dest, timeout, progress, with_archive):
    with LiveClock(port, timeout) as clock:
        info = clock.info()
        folder = Path(dest) / folder_name(port, info.get("uid"), info.get("settings"))
        journal = info["journal"]
        # where the firmware keeps it (the flash, also when the journal is on an FRAM);
        # firmware from before it said so kept it beside the journal
        archive = info.get("archive") or _folder(journal).rstrip("/") + "/games"
        wanted = [(journal, folder / "game.xqj")]
        wanted += [(_folder(journal).rstrip("/") + "/" + n, folder / file_name(n))
                   for n in clock.listdir(_folder(journal)) if n.endswith(".xqj.bad")]
        archived = [(archive + "/" + n, folder / "games" / file_name(n)) for n in clock.listdir(archive)
                    if _wanted(n)] if with_archive else []
        everything = wanted + archived
        fetched = skipped = 0
        for i, (path, local) in enumerate(everything):
            progress("pull", i, len(everything), path)
            if (path, local) in archived and local.is_file():
                skipped += 1  # an archived game never changes
                continue
            data = clock.read(path)
            if data is None:
                continue
            if local.is_file() and local.read_bytes() == data:
                skipped += 1
                continue
            _store(local, data)
            fetched += 1
        progress("pull", len(everything), len(everything))
    return {"port": port, "board": folder.name, "folder": str(folder), "journals": len(everything),
            "fetched": fetched, "skipped": skipped, "cleared": 0, "read": "running",
            "battery": info.get("battery")}


def _pull_stopped(port, dest, timeout, progress, clear, with_archive):
    link = Link(port, timeout)
    try:
        info = link.info()
        try:
            settings = json.loads(info.get("settings") or "{}")
        except ValueError:
            settings = {}
        board = folder_name(port, info.get("uid"), settings if isinstance(settings, dict) else {})
        places = link.places()
        if places["problem"]:
            raise BoardError(f"{port}: {places['problem']}")
        top = _folder(places["journal"])
        # (board folder, local folder): the journal's, the flash's top if that is another, the archive
        folders = [(top, "")] + ([("/", "flash")] if top != "/" else []) + \
            ([(places["archive"], "games")] if with_archive else [])
        wanted = [(f"{where.rstrip('/')}/{n}", f"{local}/{file_name(n)}".lstrip("/"))
                  for where, local in folders for n in link.listdir(where) if _wanted(n)]
        paths = [p for p, _ in wanted]
        remote = link.hashes([], paths) if paths else {}
        folder = Path(dest) / board
        fetched = skipped = 0
        safe = []  # archived games now in DIR with the board's sha256
        for i, (path, name) in enumerate(wanted):
            progress("pull", i, len(wanted), path)
            local = folder / name
            if local.is_file() and hashlib.sha256(local.read_bytes()).hexdigest() == remote.get(path):
                skipped += 1
            else:
                data = link.read_file(path)
                if hashlib.sha256(data).hexdigest() != remote.get(path):
                    raise BoardError(f"{port}: {path} changed or arrived damaged; pull again")
                local.parent.mkdir(parents=True, exist_ok=True)
                tmp = local.with_name(local.name + ".part")
                tmp.write_bytes(data)
                os.replace(tmp, local)
                fetched += 1
            if path.startswith(places["archive"] + "/"):
                safe.append(path)
        progress("pull", len(wanted), len(wanted))
        if clear and safe:
            link.remove(safe)
    finally:
        link.finish()
    return {"port": port, "board": board, "folder": str(folder), "journals": len(wanted),
            "fetched": fetched, "skipped": skipped, "cleared": len(safe) if clear else 0, "read": "stopped",
            "battery": None}
